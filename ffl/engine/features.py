"""Side features: the names of what can stand on the border between two spaces.

A :class:`~ffl.engine.board.Side` carries a set of these short names (its
``features``).  This module is the one place that spells them; games, the
map styles, the printed boards and the editor import the names and groups
from here.  The engine gives them no meaning: a game decides what a feature
does (FFL's ``terrain.py`` says which ones stop a step or a line of sight).

Groups, by what a feature looks like on a map:

``WALLS``     solid walls of any thickness (``THICK_WALLS`` are the heavy ones);
``CRENELS``   battlements: a crenelated edge, a crenelated wall;
``OPENINGS``  ways through a wall: doors, windows, gates, loopholes;
``WATER``     rivers and the like;
``RIDGES``    changes of ground: ridges, escarpments, cliffs, slopes.
"""

from __future__ import annotations

WALL = "wall"
THICK_WALL = "thick-wall"
THIN_WALL = "thin-wall"
PARAPET = "parapet"
CRENEL = "crenel"
CRENELATED_WALL = "crenelated-wall"
DOOR = "door"
WINDOW = "window"
GATE = "gate"
LOOPHOLE = "loophole"
RIVER = "river"
STREAM = "stream"
CANAL = "canal"
RIDGE = "ridge"
ESCARPMENT = "escarpment"
CLIFF = "cliff"
SLOPE = "slope"

WALLS: tuple[str, ...] = (WALL, THICK_WALL, THIN_WALL, PARAPET)
#: the walls drawn heavy (a crenelated wall is a wall too)
THICK_WALLS: tuple[str, ...] = (THICK_WALL, WALL, CRENELATED_WALL)
CRENELS: tuple[str, ...] = (CRENEL, CRENELATED_WALL)
OPENINGS: tuple[str, ...] = (DOOR, WINDOW, GATE, LOOPHOLE)
WATER: tuple[str, ...] = (RIVER, STREAM, CANAL)
RIDGES: tuple[str, ...] = (RIDGE, ESCARPMENT, CLIFF, SLOPE)

#: every name above, grouped as listed
ALL: tuple[str, ...] = tuple(dict.fromkeys(WALLS + CRENELS + OPENINGS + WATER + RIDGES))
#: the features most boards use, in the order a feature list offers them
COMMON: tuple[str, ...] = (THICK_WALL, THIN_WALL, CRENEL, DOOR, WINDOW, GATE, ESCARPMENT,
                           RIDGE, RIVER)
