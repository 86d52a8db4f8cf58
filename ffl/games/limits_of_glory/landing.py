"""The Disembarkation Phase: Bonaparte's army comes ashore.

Disembarkation: Table: the row depends on how the invasion ended (intercepted
at sea, intercepted next to the Egyptian coast, or landed without being
intercepted) and each row's elements and glory on whether the real fleet visited
Malta.  The printed table leaves the landed row's numbers blank: ours are in
``module.attrs["tables"]["landing"]``.  Disembarkation: Legal landing spaces,
Combat during landing, Bedouin in the landing space, Malta's garrison and
governor, Naval battle during disembarkation.  The conquest phase follows.
"""

from __future__ import annotations

from ...engine import Action, Change, Verdict
from . import tables as T
from .glory import add_glory, place_commander, roll_glory
from .invasion import BRUEYS, NELSON, fleets, real_fleet
from .model import Ctx, elements, pieces_in, squadrons
from .tasks import STEPS, GloryBatch, note, pop, push, then


def intercepted(batch: GloryBatch, ctx: Ctx, sea: str) -> None:
    """Invasion: Intercepted invasion fleet: the invasion ends at once."""
    coast = list(ctx.egyptian_coast(sea))
    if coast:
        push(batch, {"kind": "landing", "sea": sea, "choices": coast})
    else:
        land(batch, ctx, "at-sea", sea, T.MARABOUT)


class Landing:
    """Task ``landing``: after an interception next to the coast, the French player
    chooses the adjacent coastal space where the army lands."""

    @staticmethod
    def auto(batch, ctx, task) -> bool:
        return False

    @staticmethod
    def prompt(state, ctx, task):
        return (T.FRENCH, "landing", "The fleet was intercepted next to the coast: choose "
                "where the army lands", ("land",))

    @staticmethod
    def options(state, ctx, task):
        return [Action.make("land", T.FRENCH, to=s) for s in task["choices"]]

    @staticmethod
    def check(state, ctx, task, action) -> Verdict:
        if action.kind != "land" or action.side != T.FRENCH:
            return Verdict.no("the French player chooses the landing space", T.LAND_TABLE)
        if action.get("to") not in task["choices"]:
            return Verdict.no("the army lands on a coastal space next to the fleet",
                              T.LAND_SPACES)
        return Verdict.yes()

    @staticmethod
    def answer(batch, ctx, task, action) -> None:
        pop(batch)
        land(batch, ctx, "adjacent", task["sea"], action["to"])


def _landing_row(ctx: Ctx, situation: str) -> dict:
    rows = ctx.table("landing", {})
    if situation in rows:
        return rows[situation]
    a, b, c, d = T.LANDING[situation]
    return {"infantry": a, "infantry_malta": b, "glory": c, "glory_malta": d}


def land(batch: GloryBatch, ctx: Ctx, situation: str, sea: str, to: str) -> None:
    """Disembarkation: Table: carry out the row of ``situation``."""
    state = batch.state
    real = real_fleet(state)
    malta = bool(state.pieces[real].data.get("malta")) if real else False
    row = _landing_row(ctx, situation)
    infantry = int(row["infantry_malta" if malta else "infantry"])
    fixed = int(row["glory_malta" if malta else "glory"])
    note(batch, T.LAND_TABLE, f"{T.LAND_TABLE}: {_situation_text(situation)}; the fleet "
         f"{'visited' if malta else 'did not visit'} Malta", side=T.FRENCH,
         situation=situation, malta=malta)
    changes = [Change.var("phase", "landing")]
    if situation != "landed":
        from .flow import set_flag

        set_flag(batch, "real_intercepted", True)
    if situation == "landed":
        _replace_fleet(batch, ctx, sea)
    else:
        for f in [p for p in state.pieces.values() if p.type == "fleet" and p.status == "active"]:
            changes += [Change.set(f.id, "status", "eliminated"), Change.set(f.id, "space", None)]
        changes += [Change.set(NELSON, "status", "eliminated"), Change.set(NELSON, "space", None),
                    Change.set(NELSON, "data.glory", 0),
                    Change.set(BRUEYS, "status", "eliminated"),
                    Change.set(BRUEYS, "data.glory", 0)]
        note(batch, T.LAND_TABLE, f"{T.LAND_TABLE}: the fleet markers, Nelson and Brueys' "
             "glory marker are removed", changes, side=T.FRENCH)
        changes = []
    if changes:
        note(batch, T.LAND_TABLE, f"{T.LAND_TABLE}: the landing begins", changes)
    place_commander(batch, ctx, "bonaparte", to, T.LAND_TABLE, fixed=fixed,
                    dice=T.LANDING_GLORY_DICE)
    _ashore(batch, ctx, to, {"fr-inf": infantry, "fr-art": T.LANDING_ARTILLERY, "fr-sav": 1})
    steps = []
    if malta:
        steps.append(("malta-garrison", {}))
    steps += [("landing-combat", {"space": to}), ("landing-bedouin", {"space": to}),
              ("naval-battles", {}), ("start-conquest", {})]
    then(batch, *steps)


def _situation_text(situation: str) -> str:
    return {"at-sea": "the real fleet was intercepted at sea",
            "adjacent": "the real fleet was intercepted next to the Egyptian coast",
            "landed": "the army disembarks without being intercepted"}[situation]


def _ashore(batch: GloryBatch, ctx: Ctx, space: str, counts: dict[str, int]) -> None:
    changes = []
    state = batch.state
    for tid, n in counts.items():
        pool = sorted((p for p in state.pieces.values() if p.type == tid and p.status == "off"),
                      key=lambda p: p.id)[:n]
        for p in pool:
            changes += [Change.set(p.id, "status", "active"), Change.set(p.id, "space", space),
                        Change.set(p.id, "level", 0)]
    from .model import describe

    note(batch, T.LAND_TABLE, f"{T.LAND_TABLE}: {describe(ctx, counts)} land at "
         f"{ctx.label(space)}", changes, side=T.FRENCH)


def _replace_fleet(batch: GloryBatch, ctx: Ctx, sea: str) -> None:
    """The landed row: Brueys, Villeneuve and Du Chayla replace the invasion fleet;
    Hood and Troubridge join Nelson, whose glory grows by 4d6."""
    state = batch.state
    changes = []
    for f in [p for p in state.pieces.values() if p.type == "fleet" and p.status == "active"]:
        changes += [Change.set(f.id, "status", "eliminated"), Change.set(f.id, "space", None)]
    note(batch, T.LAND_TABLE, f"{T.LAND_TABLE}: the invasion fleet markers come off the map",
         changes, side=T.FRENCH)
    note(batch, T.LAND_TABLE, f"{T.LAND_TABLE}: Brueys' squadron anchors in {ctx.label(sea)}",
         [Change.set(BRUEYS, "status", "active"), Change.set(BRUEYS, "space", sea),
          Change.set(BRUEYS, "level", 0)], side=T.FRENCH)
    for cid in ("villeneuve", "du-chayla"):
        place_commander(batch, ctx, cid, sea, T.LAND_TABLE)
    n = state.pieces.get(NELSON)
    if n is not None and n.status == "active":
        for cid in ("hood", "troubridge"):
            place_commander(batch, ctx, cid, n.space, T.LAND_TABLE)
        bonus = batch.roll(T.LAND_TABLE, "Nelson's added glory (4d6)", T.NELSON_BONUS_DICE,
                           side=T.ALLIED)
        add_glory(batch, ctx, NELSON, sum(bonus), T.LAND_TABLE)


def malta_garrison(batch: GloryBatch, ctx: Ctx) -> None:
    """Disembarkation: Malta's garrison and governor (+2 VP)."""
    from .control import add_vp

    pool = [p for p in batch.state.pieces.values() if p.type == "fr-gar" and p.status == "off"]
    if not pool:
        return
    gid = pool[0].id
    note(batch, T.LAND_MALTA, f"{T.LAND_MALTA}: a French garrison holds Malta",
         [Change.set(gid, "status", "active"), Change.set(gid, "space", T.MALTA_LAND),
          Change.set(gid, "level", 1)], side=T.FRENCH)
    add_vp(batch, T.FRENCH, ctx.number("malta_french_vp", T.MALTA_FRENCH_VP), T.WIN_MALTA,
           "a garrison in Malta")
    flags = dict(batch.state.vars.get("flags", {}))
    flags["malta"] = "french"
    batch.quiet([Change.var("flags", flags)])
    push(batch, {"kind": "governor"})


class Governor:
    """Task ``governor``: any commander of the army may stay as governor of Malta."""

    @staticmethod
    def auto(batch, ctx, task) -> bool:
        return False

    @staticmethod
    def prompt(state, ctx, task):
        return (T.FRENCH, "landing", "Choose a governor of Malta from the army, or none",
                ("governor",))

    @staticmethod
    def _choices(state) -> list[str]:
        return sorted(p.id for p in state.pieces.values()
                      if p.status == "with" and p.side == T.FRENCH)

    @classmethod
    def options(cls, state, ctx, task):
        return [Action.make("governor", T.FRENCH, commander="")] + [
            Action.make("governor", T.FRENCH, commander=c) for c in cls._choices(state)]

    @classmethod
    def check(cls, state, ctx, task, action) -> Verdict:
        if action.kind != "governor" or action.side != T.FRENCH:
            return Verdict.no("the French player names the governor", T.LAND_MALTA)
        c = action.get("commander", "")
        if c and c not in cls._choices(state):
            return Verdict.no("the governor comes from the commanders with the army",
                              T.LAND_MALTA)
        return Verdict.yes()

    @staticmethod
    def answer(batch, ctx, task, action) -> None:
        pop(batch)
        c = action.get("commander", "")
        if not c:
            note(batch, T.LAND_MALTA, f"{T.LAND_MALTA}: no governor is named", side=T.FRENCH)
            return
        senior = batch.state.pieces[c].data.get("with")
        # his own juniors stay with the army, under his senior
        stay = [Change.set(j.id, "data.with", senior) for j in batch.state.pieces.values()
                if j.status == "with" and j.data.get("with") == c]
        note(batch, T.LAND_MALTA, f"{T.LAND_MALTA}: {ctx.name(c)} stays as governor of "
             "Malta", [Change.set(c, "status", "active"), Change.set(c, "space", T.MALTA_LAND),
                       Change.set(c, "level", 1), Change.set(c, "data.with", None), *stay],
             side=T.FRENCH)
        roll_glory(batch, ctx, c, rule=T.LAND_MALTA)


def landing_combat(batch: GloryBatch, ctx: Ctx, space: str) -> None:
    """Disembarkation: Combat during landing: Mamluks in the landing space are fought
    at once; the French cannot break off back to the sea (they would surrender)."""
    if elements(ctx, batch.state, space, T.ALLIED, level=0):
        from .combat import begin_field

        begin_field(batch, ctx, space, T.FRENCH, origin=None, rule=T.LAND_COMBAT,
                    retire=True)


def landing_bedouin(batch: GloryBatch, ctx: Ctx, space: str) -> None:
    """Disembarkation: Bedouin: a straggler test against Bonaparte's glory."""
    from .movement import stragglers

    if batch.state.pieces["bonaparte"].space == space:
        stragglers(batch, ctx, space, ["bonaparte"], rule=T.LAND_BEDOUIN)


def naval_battles(batch: GloryBatch, ctx: Ctx) -> None:
    """Disembarkation: Naval battle: French and British squadrons sharing a sea space."""
    from .combat import begin_naval

    seas = sorted({p.space for p in batch.state.pieces.values()
                   if p.status == "active" and p.space and ctx.is_sea(p.space)})
    for sea in seas:
        if squadrons(ctx, batch.state, sea, T.FRENCH) and \
                squadrons(ctx, batch.state, sea, T.ALLIED):
            begin_naval(batch, ctx, sea, T.ALLIED, origin=None, rule=T.LAND_NAVAL)
            return


def start_conquest(batch: GloryBatch, ctx: Ctx) -> None:
    from .flow import start_conquest_turn

    note(batch, T.CLOCK_NOT_FIRST, f"{T.CLOCK_NOT_FIRST}: the conquest phase begins; no "
         "event in the turn of the landing",
         [Change.var("turn", 0), Change.var("markers", {}), Change.var("activation", None),
          Change.var("ended", []), Change.var("active", None), Change.var("pass_due", None)])
    start_conquest_turn(batch, ctx, first=True)


STEPS["malta-garrison"] = malta_garrison
STEPS["landing-combat"] = landing_combat
STEPS["landing-bedouin"] = landing_bedouin
STEPS["naval-battles"] = naval_battles
STEPS["start-conquest"] = start_conquest


def fleet_pieces(ctx: Ctx, state) -> list:
    return fleets(ctx, state)


def french_at(state, space: str) -> list:
    return pieces_in(state, space, T.FRENCH)
