"""Shared test set-up: Qt offscreen, and user folders (settings, saves,
autosave) redirected to a temporary directory so tests never touch the real
home folder."""

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_home = tempfile.mkdtemp(prefix="ffl-test-home-")
for var, sub in (("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                 ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state")):
    os.environ[var] = os.path.join(_home, sub)
