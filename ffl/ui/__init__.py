"""The PySide6 play window: map scene and view, counters, docks, dialogs.

Draws what the session's controller says and asks it what is legal; never
decides a rule.  Entry points: :func:`ffl.ui.app.run` and
:func:`ffl.ui.app.screenshot` (used by ``ffl.cli``).
"""
