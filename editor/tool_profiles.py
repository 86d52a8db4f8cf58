"""What the map tools offer the designer of each game (no Qt).

The tool options (:class:`~editor.options.ToolOptions`) were made for French
Foreign Legion: terrain from the fort's list, levels for its towers, walls
and stairways, a facing for its units (4.2).  The other games read none of
that: Phantom Fury's boxes carry a type and a zone and its streets are joined
by arrows and egress links; Limits of Glory's spaces are land or sea with a
region and a value, its sides rivers and a border; The Legend Begins' hexes
have a desert terrain and roads, tracks and escarpments on their sides; the
card game's sections a letter, a colour and a map card.  A
:class:`ToolProfile` says, for one game, what its rules read from a map made
with these tools, so the options show that and leave out the rest.  What a
module's boards already use still comes first (:func:`~editor.options.used_vocabulary`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ffl.engine import features

from .board_edits import LINK_KINDS as GENERIC_LINKS

#: the polygon kinds a module of no game may draw
GENERIC_POLYGONS = ("zone", "area", "section", "street", "box")


@dataclass(frozen=True)
class ToolProfile:
    """What one game's designer is offered by the map tools."""

    #: how the game is named in the options' notes
    name: str = "this module"
    #: the spaces have a terrain the rules read (Paint's Terrain row)
    terrain: bool = True
    #: spaces, wall features and pieces stand at levels (French Foreign Legion's towers)
    levels: bool = True
    #: placed pieces face a way, and the rule that says so ("" for none)
    facing_rule: str | None = ""
    #: the attributes Paint offers, the most painted first
    paint_attributes: tuple[str, ...] = ()
    #: an example of a value of the first of them (the Value field's hint)
    value_example: str = "JSON or text"
    #: the side features the rules read (None: the rules read no side features)
    features: tuple[str, ...] | None = features.COMMON
    #: the kinds of space a drawn polygon may be, the usual one first
    polygon_kinds: tuple[str, ...] = GENERIC_POLYGONS
    #: the start of a drawn polygon's key
    key_prefix: str = "Z"
    #: the link kinds the rules read (None: the rules read no links)
    link_kinds: tuple[str, ...] | None = GENERIC_LINKS
    #: an example of a link's attributes
    link_example: str = '{"priority": 1} or {"from_level": 0, "to_level": 1}'
    #: the map a new module of the game starts with: "square", "hex" or "polygons"
    board_kind: str = "square"

    @property
    def facing(self) -> bool:
        return self.facing_rule is not None


PROFILES: dict[str, ToolProfile] = {
    "ffl": ToolProfile(
        name="French Foreign Legion", facing_rule="4.2",
        paint_attributes=("area", "building", "edge", "gate"), value_example='"parade" or 3',
        features=("thick-wall", "thin-wall", "crenel", "door", "window", "gate"),
        polygon_kinds=("zone", "area"),
        link_kinds=("stairway", "tower-stairway"),
        link_example='{"from_level": 0, "to_level": 1}'),
    "phantom_fury": ToolProfile(
        name="Phantom Fury", terrain=False, levels=False, facing_rule=None,
        paint_attributes=("type", "code", "zone", "street", "door", "orientation"),
        value_example='"R" (type), 3 (zone) or true (door)', features=None,
        polygon_kinds=("box", "street", "zone"), key_prefix="Z",
        link_kinds=("arrow", "egress", "door-symbol", "roof-symbol", "line-of-fire"),
        link_example='{"priority": 1} (egress) or {"symbol": "door"}', board_kind="polygons"),
    "limits_of_glory": ToolProfile(
        name="Limits of Glory", terrain=False, levels=False, facing_rule=None,
        paint_attributes=("region", "value", "harbour", "bua", "nile", "upper", "ship"),
        value_example='"egypt" (region), 2 (value)', features=("river", "border"),
        polygon_kinds=("land", "sea"), key_prefix="space",
        link_kinds=("sea-lane", "inset"), link_example='{"name": "Nile mouth"}',
        board_kind="polygons"),
    "legend_begins": ToolProfile(
        name="The Legend Begins", levels=False, facing_rule=None,
        paint_attributes=("place", "name", "coastal", "port", "airfield", "fort", "edge"),
        value_example='"village" (place) or true (coastal)',
        features=("road", "track", "rail", "escarpment", "ridge", "pass", "perimeter"),
        polygon_kinds=("box",), key_prefix="box", link_kinds=None, link_example="",
        board_kind="hex"),
    "card_game": ToolProfile(
        name="the card game", terrain=False, levels=False, facing_rule=None,
        paint_attributes=("letter", "colour", "map_card", "col", "row"),
        value_example='"A" (letter), "blue" (colour), 1 (map card)', features=None,
        polygon_kinds=("section",), key_prefix="c", link_kinds=None, link_example=""),
}

#: a module of no game, or of a game without a profile: every tool, generic lists
GENERIC = ToolProfile(paint_attributes=("area",), value_example="3, true, [1, 2] or text")


def profile_for(game: str) -> ToolProfile:
    """The tools' profile of ``game`` (the generic one for no or another game)."""
    return PROFILES.get(game, GENERIC)
