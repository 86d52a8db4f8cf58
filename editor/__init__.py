"""ffl-editor: authoring maps, piece types and scenarios (PLACEHOLDER package).

Only a stub lives here for now so that the ``ffl-editor`` entry point and the
desktop bundle have something to start; the real editor replaces it.
"""
