"""The free-play interface: any module played by hand (see :mod:`.game_ui`)."""

from .game_ui import FreePlayUI

__all__ = ["FreePlayUI"]
