"""The French Foreign Legion play interface (see :class:`FFLGameUI`)."""

from .game_ui import FFLGameUI
from .style import FFLStyle

__all__ = ["FFLGameUI", "FFLStyle"]
