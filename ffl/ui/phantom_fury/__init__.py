"""Phantom Fury in the play window: the Jolan District map, its counters and the
USMC player's mouse (the program plays the insurgents inside the rules).

The game's manifest (``ffl.games.phantom_fury.GAME``) names :class:`PhantomFuryUI`,
:class:`PhantomFuryStyle` and the counter class.
"""

from .game_ui import PhantomFuryUI
from .style import PhantomFuryStyle

__all__ = ["PhantomFuryStyle", "PhantomFuryUI"]
