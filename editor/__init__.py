"""ffl-editor: authoring the module files the player opens, without code.

Boards (square grids, hex grids, free polygons) with terrain, levels, side
features and links; piece types; scenarios with their set-up restrictions and
placements; the game tables a game's rules read.  Every change is an undoable
edit of the module's data (``document.py``, ``edits.py``); the editor refuses
or cascades any edit that would leave the file unreadable and never saves a
module its own Open refuses.  ``window.py`` is the main window.
"""
