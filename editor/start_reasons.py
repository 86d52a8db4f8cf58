"""Why a scenario would not start, in a designer's words (no Qt).

A game's set-up may look a piece up by its id (Limits of Glory rolls the
glory of Brueys and Nelson at the start, whether they begin on the map or
not).  In a scenario built from nothing that piece is not there yet, and the
game's own refusal names only the id ("it names 'brueys', which the game
does not know").  Here such a refusal is recognised (the lookup that failed
names an id the module knows, as a piece type or a piece of another
scenario) and said as what is missing and how to add it; the set-up is tried
again with the missing piece supplied, so every piece missing is named at
once, not one per try.
"""

from __future__ import annotations

import copy
import dataclasses

from ffl.engine import Module, Placement, Scenario

#: how many missing pieces are looked for in one check (each is one more set-up)
MOST_MISSING = 6


def looked_up(exc: BaseException) -> str | None:
    """The id a failed lookup named (the KeyError under the game's refusal)."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, KeyError) and exc.args and isinstance(exc.args[0], str):
            return exc.args[0]
        exc = exc.__cause__ or exc.__context__
    return None


def stand_in(module: Module, scenario: Scenario, piece: str) -> Placement | None:
    """A placement of the piece ``piece`` the scenario lacks: as another scenario
    places it, else one off the map of the piece type of that id; None when the
    module knows no such piece (the game's refusal is about something else)."""
    if any(p.piece == piece for p in scenario.placements):
        return None
    for other in module.scenarios.values():
        for p in other.placements:
            if p.piece == piece:
                return copy.deepcopy(p)
    pt = module.piece_types.get(piece)
    if pt is None:
        return None
    return Placement(piece, pt.id, pt.side, None, status="off")


def missing_pieces(module: Module, scenario_id: str, exc: BaseException,
                   start) -> list[Placement]:
    """The pieces the game looks for at set-up that scenario ``scenario_id``
    lacks (from its refusal ``exc``; ``start(module, scenario_id)`` sets it up
    again, with the ones found so far added, to find the next)."""
    found: list[Placement] = []
    sc = module.scenarios[scenario_id]
    while len(found) < MOST_MISSING:
        name = looked_up(exc)
        extra = stand_in(module, sc, name) if name else None
        if extra is None:
            break
        found.append(extra)
        sc = dataclasses.replace(sc, placements=[*sc.placements, extra])
        trial = dataclasses.replace(module, scenarios={**module.scenarios, scenario_id: sc})
        try:
            start(trial, scenario_id)
        except Exception as again:  # noqa: BLE001 - the next piece missing, or done
            exc = again
        else:
            break
    return found


def missing_text(module: Module, found: list[Placement]) -> str:
    """What is missing and how to add it, for the Validation dock."""
    def one(p: Placement) -> str:
        pt = module.piece_types.get(p.type)
        name = pt.name if pt is not None and pt.name else p.piece
        side = f", {p.side}" if p.side else ""
        return f"{name} (piece '{p.piece}' of type '{p.type}'{side})"

    names = [one(p) for p in found]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    if len(found) == 1:
        how = "choose its type in the box left of Add piece, then press Add piece"
        it = "it"
    else:
        how = "choose each type in turn in the box left of Add piece and press Add piece"
        it = "them"
    return (f"its set-up needs {listed}, and this scenario does not have {it}: in the "
            f"Scenario dock, {how} (the first piece of a type takes the type's id; it "
            f"may start off the map; a click on this line chooses {found[0].type!r} there)")
