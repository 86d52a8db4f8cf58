"""The optional rules (10-18): each one switched on or off per game.

The New game dialog offers them (the manifest's ``options``, built from
:data:`OPTIONAL_RULES`), the session keeps the players' choice in its options
(so the save has it), and :func:`chosen` turns the options into the sorted
list of rule switches set up in ``state.vars["options"]``, where the rules
read it (``Ctx.option``).  A scenario may switch some on by default
(``scenario.options``, e.g. ``{"wounds": True}``).  This module imports
nothing heavy: the manifest reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OptionalRule:
    id: str          # the option's key in the session's options
    rule: str        # the rulebook section
    title: str       # how the dialog and the window name it
    tip: str         # one line, in our own words


OPTIONAL_RULES: tuple[OptionalRule, ...] = (
    OptionalRule("doors", "10", "Gates, doors and windows",
                 "Doors, windows and the gate are opened, closed, locked, forced and broken; "
                 "closed ones have firing slots"),
    OptionalRule("attitudes", "11", "Attitudes (exposed, full cover)",
                 "Units behind battlements may stand exposed; units with partial cover may "
                 "duck into full cover"),
    OptionalRule("mounted", "12", "Mounted Bedouin",
                 "Up to three tribes ride in: more MF, +1 attacking in melee, -1 firing"),
    OptionalRule("defender_melee", "13", "Defender melee modifier",
                 "-1 when the defender's Melee Number is lower than the attacker's"),
    OptionalRule("heavy_weapons", "14", "Machinegun and cannon",
                 "The Legion's heavy weapons, served by crews"),
    OptionalRule("siege", "15", "Siege: dynamite and tunnels",
                 "Three secret bundles of dynamite and up to sixteen squares of secret "
                 "tunnels for the Bedouin"),
    OptionalRule("night", "16", "Night", "No fire beyond six squares, -1 to every shot"),
    OptionalRule("command", "17.1-17.2", "Command control and Bedouin morale",
                 "Units far from their leaders may not move; weakened tribes may retreat"),
    OptionalRule("cafard", "17.3", "Le Cafard",
                 "A few Legionnaires, secretly chosen, may go mad when the Bedouin say so"),
    OptionalRule("camerone", "17.4", "Camerone",
                 "Outnumbered four to one, the Legion fights with the bayonet only"),
    OptionalRule("wounds", "18", "Wounds",
                 "A hit wounds before it kills; a second wound eliminates"),
)
BY_ID = {o.id: o for o in OPTIONAL_RULES}


def game_options() -> tuple:
    """The manifest's options: one check box per optional rule, off by default."""
    from ffl.games.manifest import GameOption

    return tuple(GameOption(o.id, f"{o.rule} {o.title}", False, tip=o.tip, rule=o.rule)
                 for o in OPTIONAL_RULES)


def chosen(options: Mapping[str, Any]) -> list[str]:
    """The optional rules switched on in ``options`` (unknown keys ignored), in
    the rulebook's order."""
    return [o.id for o in OPTIONAL_RULES if options.get(o.id)]


def describe(ids) -> list[tuple[str, str, str]]:
    """``(id, rule, title)`` of each switch in ``ids``, in the rulebook's order."""
    on = set(ids)
    return [(o.id, o.rule, o.title) for o in OPTIONAL_RULES if o.id in on]
