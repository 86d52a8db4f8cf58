"""The play window's interaction for Limits of Glory (see :mod:`.game_ui`)."""

from .game_ui import GloryGameUI

__all__ = ["GloryGameUI"]
