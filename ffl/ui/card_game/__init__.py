"""The Foreign Legion Card Game in the play window: hand, table, score sheet, map clicks.

The window creates :class:`CardGameUI` for every card-game session (see
``ffl.ui.game_ui.GAME_UIS``).  Importing this package also registers the
card game's board style.
"""

from .play import CardGameUI
from .style import CardGameStyle

__all__ = ["CardGameUI", "CardGameStyle"]
