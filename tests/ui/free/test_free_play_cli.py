"""``ffl open FILE --screenshot OUT.png`` on the editor-made module, in a real
subprocess (offscreen, a scratch HOME and XDG folders)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[3]


def test_ffl_open_a_module_file_with_screenshot_writes_the_free_play_window(
        module_file, tmp_path, qapp):
    home = tmp_path / "home"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT),
           "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_DATA_HOME": str(home / ".local" / "share"),
           "XDG_CACHE_HOME": str(home / ".cache")}
    out = tmp_path / "free.png"
    done = subprocess.run([sys.executable, "-m", "ffl", "open", str(module_file),
                           "--screenshot", str(out)], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"wrote {out}"
    image = QImage(str(out))
    assert not image.isNull() and (image.width(), image.height()) == (1400, 900)
    colours = {image.pixel(x, y) for x in range(0, 1400, 40) for y in range(0, 900, 40)}
    assert len(colours) > 8
    # both sides' counters are on the map (the side palette's first two colours)
    first = second = 0
    for x in range(300, 1050, 3):
        for y in range(100, 800, 3):
            c = image.pixelColor(x, y)
            first += (c.red(), c.green(), c.blue()) == (0x3f, 0x6a, 0xa8)
            second += (c.red(), c.green(), c.blue()) == (0xb5, 0x53, 0x2f)
    assert first > 50 and second > 50
    assert not list(tmp_path.glob(".*.ini"))     # its scratch settings are cleaned up
