"""The advanced rules (34.0 - 41.0, and 52.0 Lulls, which any scenario may use when
both players agree) switched on or off per game.

The New game dialog shows one row per option (the manifest's ``options``, built from
:data:`ADVANCED`); the session keeps the players' choice in its options, so the save
has it; :func:`chosen` turns the options into the sorted list of switches the game
state keeps in ``vars["options"]``, where the rules read it (``Ctx.option``).  A
scenario may switch some on by default (``Scenario.options``: the Campaign Game its
Lulls).  The special rules 42.0 - 51.0 belong to their scenarios (the scenario's
``setup["special"]``), not to the players' choice.  A rule marked not ``ready`` (one the
program does not play yet) is neither offered nor switched on; every one is ready now (40.0
the air game and 41.0 Reaction came last).  Nothing heavy is imported here: the manifest
reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class AdvancedRule:
    id: str          # the option's key in the session's options
    rule: str        # the rulebook section
    title: str       # how the dialog and the window name it
    tip: str         # one line, in our own words
    default: bool = False
    ready: bool = True   # offered to the players (False: not yet played by the program)


ADVANCED: tuple[AdvancedRule, ...] = (
    AdvancedRule("german_leadership", "34.0", "German leadership and tactical superiority",
                 "The Axis may roll Combat Table 1s again when Germans fight; the Allies must "
                 "roll 6s again against German defenders until October 1942 (the 4th "
                 "edition plays it always)"),
    AdvancedRule("restricted_hexsides", "35.0", "Restricted hexsides",
                 "At most five stacking points attack across an escarpment or a gap between "
                 "the sea and a salt marsh or escarpment"),
    AdvancedRule("infantry_armor", "36.0", "Infantry vs. armor",
                 "Infantry attacking tanks in the open is halved; tanks attacking without "
                 "infantry face better anti-tank ratings"),
    AdvancedRule("combat_motorized", "37.0", "Combat motorized",
                 "A foot brigade with a Truck on a motorized formation's card becomes "
                 "motorized with an Active ZOC"),
    AdvancedRule("diversionary", "38.0", "Diversionary attacks",
                 "An attack may be declared a diversion: Sub-one, and no retreat or advance"),
    AdvancedRule("fog_of_war", "39.0", "Fog of war",
                 "Only the top unit of an enemy stack shows, and no division's card, until "
                 "the stack is attacked at 1-3 or better"),
    AdvancedRule("air_game", "40.0", "The air game",
                 "Air units on Ground Support, Interdiction, escort and interception; Air HQs "
                 "and airfields support them"),
    AdvancedRule("reaction", "41.0", "Reaction",
                 "The enemy may move a few motorized units before an attack or between two "
                 "segments in a row (dropped in the 4th edition)"),
    AdvancedRule("lulls", "52.0", "Lulls",
                 "A side that neither moves nor fights in its Primary Segment gets a Supply "
                 "Point (the Campaign Game's rule; any scenario if both agree)"),
)
BY_ID = {o.id: o for o in ADVANCED}


def game_options() -> tuple:
    """The manifest's options: one check box per advanced rule the program plays."""
    from ffl.games.manifest import GameOption

    return tuple(GameOption(o.id, f"{o.rule} {o.title}", o.default, tip=o.tip, rule=o.rule)
                 for o in ADVANCED if o.ready)


def chosen(options: Mapping[str, Any]) -> list[str]:
    """The advanced rules switched on in ``options`` (a rule not named keeps its
    default; one not yet played is never on), in the rulebook's order."""
    return [o.id for o in ADVANCED if o.ready and options.get(o.id, o.default)]


def all_on() -> dict[str, bool]:
    """Every advanced rule switched on (self-play checks them all)."""
    return {o.id: True for o in ADVANCED if o.ready}


def describe(ids) -> list[tuple[str, str, str]]:
    """``(id, rule, title)`` of each switch in ``ids``, in the rulebook's order."""
    on = set(ids)
    return [(o.id, o.rule, o.title) for o in ADVANCED if o.id in on]
