"""The set-up sheet of a scenario: what it is, how each side sets up, the optional
rules in force and, where pieces start on the board, a table of their spaces and
their counters drawn as the map draws them (``counter_pictures``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ffl.engine import FACINGS
from ffl.engine.pieces import HEX_FACINGS

from . import counter_pictures
from .page import Column, Doc
from .setup_text import Writer, humanize, listing
from .source import PrintSource

#: a set-up step that is no side, as the order names it
ORDER_WORDS = {"board": "the map", "after_the_bedouin": "the Legion's last unit"}
STATUS_WORDS = {"off": "start off the board", "unused": "kept aside, used during play",
                "active": "in play off the map", "eliminated": "eliminated",
                "exited": "gone"}


class Namer:
    """Turns piece, type and organization ids in set-up data into printed names."""

    def __init__(self, source: PrintSource) -> None:
        module = source.module
        self.names = {t.id: t.name for t in module.piece_types.values()}
        orgs = module.attrs.get("orgs", {})
        for org, info in orgs.items():
            if isinstance(info, dict) and info.get("name"):
                self.names[org] = str(info["name"])

    def __call__(self, value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return self.names.get(value, str(value)) if isinstance(value, str) else str(value)


def layout(doc: Doc, source: PrintSource, **_options) -> None:
    scenario = source.scenario
    name = Namer(source)
    sides = _side_names(source)
    write = Writer(name, sides)
    doc.heading(scenario.title, size=15, keep=20)
    if scenario.description:
        doc.paragraph(scenario.description, size=10, space_after=6)
    if scenario.sides:
        doc.paragraph("Sides: " + listing(_players(source, sides)), size=9.5)
    board = source.game_board
    title = board.attrs.get("title") or (board.name if board.name != "map" else
                                         source.module.title)
    doc.paragraph(f"Map: {title} ({len(board)} spaces)",
                  size=9.5, space_after=10)

    doc.heading("Optional rules in force", size=11.5)
    options = source.options_in_force
    if options:
        for k, v in options.items():
            doc.paragraph(f"{humanize(k)}: {write.value(v)}", size=9.5, indent=10,
                          space_after=1)
        doc.y += 8
    else:
        doc.paragraph("None: the standard rules only.", size=9.5, space_after=10)

    setup = dict(scenario.setup)
    units = _character_units(source)
    if setup:
        doc.heading("Setting up", size=11.5)
        order = [k for k in setup.get("order", []) if k in setup]
        keys = order + [k for k in setup if k not in order and k != "order"
                        and k not in NAMING_KEYS]
        if order:
            doc.paragraph("Set up in this order: " + ", then ".join(
                sides.get(k, ORDER_WORDS.get(k, humanize(k))) for k in order) + ".",
                          size=9.5)
        own = _own_words(source)
        own_words = getattr(own, "words", None)
        hint = list(getattr(own, "ORDER", ()))
        if hint:            # the game's order for the keys it knows, the others after
            keys.sort(key=lambda k: hint.index(k) if k in hint else len(hint))
        numbers = [*(k for k in SCALAR_WORDS if k in keys),
                   *(k for k in keys if k not in SCALAR_WORDS and k not in sides)]
        numbers = [k for k in numbers if not isinstance(setup[k], dict | list)
                   and k not in ("rule", "special")      # the rules module: said elsewhere
                   and not (own_words and own_words(k, setup, write, source.game_board)
                            is not None)]
        if numbers:     # the card game's deal, required cards and bonus; Limits of
            # Glory's momentum: one heading for them all, not one heading a number
            doc.heading("The numbers of this scenario", size=10, keep=24)
            for key in numbers:
                text = (SCALAR_WORDS[key].format(setup[key]) if key in SCALAR_WORDS
                        else f"{humanize(key)}: {write.value(setup[key])}.")
                doc.paragraph(text, size=9, indent=10, space_after=2)
            doc.y += 4
        for key in (k for k in keys if k not in numbers):
            part = setup[key]
            rule = part.get("rule", "") if isinstance(part, dict) else ""
            said = own_words(key, setup, write, source.game_board) if own_words else None
            if said is not None:            # the game's own sentences, rules in the title
                title, lines = said
                rule = ""
            elif key in sides:
                title, lines = sides[key], write.section(key, part, units.get(key, 0)) \
                    if isinstance(part, dict) else write.plain({key: part})
            elif key == "board" and isinstance(part, dict):
                title, lines = "The map", write.board(part)
            elif key == "entry" and isinstance(part, dict):
                title, lines = "Coming onto the board", write.entry(part)
            else:
                title = ORDER_WORDS.get(key, humanize(key))
                title = title[:1].upper() + title[1:]
                lines = write.plain(part if isinstance(part, dict) else {key: part})
            if not lines:          # a key with nothing to say (a scenario's rules module)
                continue
            doc.heading(f"{rule} {title}".strip(), size=10, keep=24)
            for text in lines:
                doc.paragraph(text, size=9, indent=10, space_after=2)
            doc.y += 4

    _pieces(doc, source, name, sides)
    counter_pictures.section(doc, source, sides)


#: a set-up number with a sentence of its own (the card game's: Deal, Play, Scoring)
SCALAR_WORDS = {
    "hand_size": "Deal: each player is dealt {} cards; the rest is the pack, face down.",
    "required": "Play: the first to have {} cards laid ends the game (a SPY card "
                "laid besides does not count towards them).",
    "bonus": "Scoring: the player who ends the game so scores {} points extra.",
}

def _own_words(source: PrintSource):
    """The module of a game's own set-up sentences (``ffl.printing.<game>.setup_words``:
    ``words(key, setup, write, board)``, ``ORDER``), or None."""
    import importlib

    try:
        module = importlib.import_module(f"{__package__}.{source.module.game}.setup_words")
    except ImportError:
        return None
    return module


#: set-up keys that only name things (sides, phases, organizations): they rename
#: what the sheet prints and are no step of the set-up themselves
NAMING_KEYS = ("side_names", "phase_names", "org_names")


def _side_names(source: PrintSource) -> dict[str, str]:
    """Side id -> the name printed (a module may name them: ``attrs["sides"]``)."""
    named = source.module.attrs.get("sides")
    game_name = _game_side_name(source)
    out = {}
    for side in source.scenario.sides:
        info = named.get(side) if isinstance(named, dict) else None
        out[side] = str(info.get("name")) if isinstance(info, dict) and info.get("name") \
            else game_name(side)
    return out


def _game_side_name(source: PrintSource):
    """How the game names a side id (its controller's ``side_name``: Phantom Fury's
    "USMC", the card game's "Player 2"), else the id with a capital."""
    from ffl.games import manifest

    game = manifest(source.module.game)
    try:
        controller = game.controller_class()(source.module) if game is not None else None
    except Exception:   # noqa: BLE001 - a module the game refuses still prints
        controller = None
    name = getattr(controller, "side_name", None)
    if not callable(name):
        return lambda side: side.capitalize()
    return lambda side: str(name(side) or side.capitalize())


def _players(source: PrintSource, sides: dict[str, str]) -> list[str]:
    """The players as the scenario names them (``setup["side_names"]``: in 19 the
    Mutineer player takes the Bedouin side's seat), the seat said where it differs."""
    setup = source.scenario.setup if isinstance(source.scenario.setup, dict) else {}
    renamed = setup.get("side_names") if isinstance(setup.get("side_names"), dict) else {}
    out = []
    for side in source.scenario.sides:
        name = str(renamed.get(side) or sides.get(side, side.capitalize()))
        seat = sides.get(side, side.capitalize())
        out.append(name if name == seat else f"{name} (in the {seat} seat)")
    return out


def _character_units(source: PrintSource) -> dict[str, int]:
    types = source.module.piece_types
    count: Counter = Counter()
    for pl in source.scenario.placements:
        t = types.get(pl.type)
        if t is not None and t.kind == "character":
            count[pl.side] += 1
    return dict(count)


def _facing(facing: int | None, board) -> str:
    if facing is None:
        return ""
    names = HEX_FACINGS if board.facings == 6 else FACINGS
    return names[facing % len(names)]


def _pieces(doc: Doc, source: PrintSource, name: Namer, sides: dict[str, str]) -> None:
    scenario, module = source.scenario, source.module
    board = source.game_board
    on_map = [pl for pl in scenario.placements if pl.space]
    if on_map:
        doc.heading(f"Pieces that start on the map ({len(on_map)})", size=11.5)
        rows = []
        for pl in on_map:
            label = board[pl.space].label if pl.space in board else pl.space
            ptype = module.piece_types.get(pl.type)
            rows.append([ptype.name if ptype else pl.type, sides.get(pl.side, pl.side.capitalize()),
                         label, str(pl.level), _facing(pl.facing, board), _data_text(pl.data, name)])
        # pieces alike on the same space make one row with their number (Limits of
        # Glory's 106 pieces: 16 Ottoman infantry in Acre, not 16 rows)
        alike: Counter = Counter(tuple(r) for r in rows)
        rows = [[f"{alike[r]} × {r[0]}" if alike[r] > 1 else r[0], *r[1:]]
                for r in dict.fromkeys(tuple(r) for r in rows)]
        columns = [Column("Piece", 1.6), Column("Side", 0.9), Column("Space", 0.7, "center"),
                   Column("Level", 0.6, "center"), Column("Facing", 0.6, "center"),
                   Column("Notes", 2.2)]
        # a Level column all 0 on a map of one level, a Facing column with no facing
        # say nothing: left out (Phantom Fury's boxes, the card game's sections)
        from ffl.games import manifest

        game = manifest(module.game)
        drop = set()
        if game is not None and set(game.level_names) <= {0} and all(r[3] == "0" for r in rows):
            drop.add(3)
        if all(not r[4] for r in rows):
            drop.add(4)
        keep = [i for i in range(len(columns)) if i not in drop]
        doc.table([columns[i] for i in keep], [[r[i] for i in keep] for r in rows], size=8.5)
    rest = [pl for pl in scenario.placements if not pl.space]
    if rest:
        doc.heading("Pieces not on the map at the start", size=11.5, keep=30)
        kinds: Counter = Counter()
        for pl in rest:
            ptype = module.piece_types.get(pl.type)
            kinds[(pl.side, pl.status, ptype.kind if ptype else pl.type)] += 1
        setup = scenario.setup
        rows = []
        for (side, status, kind), n in kinds.items():
            sec = setup.get(side) if isinstance(setup.get(side), dict) else {}
            rule = f" ({sec['rule']})" if sec.get("rule") else ""
            if status == "unused" and kind == "character":
                where = f"not in this scenario{rule}"
            elif status == "off" and kind == "character" and "place" in sec:
                where = f"set up by their player before play, as above{rule}"
            elif status == "off" and kind != "character":
                where = "kept off the map, used during play"
            elif status == "off" and sec.get("off_board") and sec.get("limits"):
                where = f"some set up as above, the others wait off the board{rule}"
            elif status == "off" and sec.get("off_board"):
                where = f"wait off the board and come on during play{rule}"
            elif kind == "card" and status == "active":
                where = "the pack: shuffled and dealt at the start"
            else:
                where = STATUS_WORDS.get(status, status)
            nobody = "either side" if len(scenario.sides) == 2 else "shared"
            rows.append([sides.get(side, side.capitalize()) if side else nobody,
                         f"{n} {KIND_WORDS.get(kind, kind + ' piece')}{'s' if n != 1 else ''}",
                         where])
        doc.table([Column("Side", 1.0), Column("Pieces", 2.0), Column("Where", 3.0)],
                  rows, size=8.5)


#: a piece kind as a word on the sheet (one of them)
KIND_WORDS = {"character": "character unit", "sequence": "sequence chit", "rope": "rope",
              "stun": "stun marker", "gate": "gate", "marker": "marker", "card": "card"}
DATA_WORDS = {"side": "on the side", "status": "", "label": ""}


def _data_text(data: dict, name=str) -> str:
    """A placed piece's data as words: ``on the side P14 | P15, closed``."""
    bits = []
    for k, v in data.items():
        word = DATA_WORDS.get(k, humanize(k).lower())
        if isinstance(v, bool):         # a flag: its name, or "no" and its name
            bits.append(word if v else f"no {word}")
            continue
        value = " | ".join(map(str, v)) if isinstance(v, list) else name(v)
        bits.append(f"{word} {value}".strip())
    return ", ".join(bits)
