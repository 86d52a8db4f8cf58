"""The Foreign Legion Card Game in the play window: hand, table, score sheet, map clicks.

The window creates :class:`CardGameUI` for every card-game session (the game's
manifest, ``ffl.games.card_game.GAME``, names it and :class:`CardGameStyle`).
"""

from .play import CardGameUI
from .style import CardGameStyle

__all__ = ["CardGameUI", "CardGameStyle"]
