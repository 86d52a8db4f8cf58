"""The Legend Begins play interface (Qt): the map's look and symbols, the counters,
the Segment, Stack, Combat and Organization Cards docks and the mouse interaction."""

from .game_ui import LegendGameUI

__all__ = ["LegendGameUI"]
