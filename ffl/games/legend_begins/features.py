"""Hexside feature names of The Legend Begins.

The shared names come from :mod:`ffl.engine.features` (escarpment, ridge); the
routes and the Tobruk Perimeter are this game's own.  A route feature on a side
means the road, track or railroad runs from one hex to the other across it.
"""

from ffl.engine.features import ESCARPMENT, RIDGE

ROAD = "road"
TRACK = "track"
RAIL = "rail"
#: an escarpment hexside motorized units may cross (4.4): the book's passes
PASS = "pass"
#: the black line of the Tobruk Perimeter (18A): ``attrs["inside"]`` the hex within
PERIMETER = "perimeter"

ROUTES = (ROAD, TRACK)
#: every side feature of this game, for the editor's feature list and the map legend
ALL = (ESCARPMENT, RIDGE, ROAD, TRACK, RAIL, PASS, PERIMETER)

__all__ = ["ALL", "ESCARPMENT", "PASS", "PERIMETER", "RAIL", "RIDGE", "ROAD", "ROUTES",
           "TRACK"]
