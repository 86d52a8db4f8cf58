"""Write the FFL screenshots of docs/screenshots (run from the repository root):

    QT_QPA_PLATFORM=offscreen /work/venv/bin/python tests/ui/ffl/make_ffl_screenshots.py [OUT_DIR]

All at the default view of a 1366x768 window (the map zoomed so every unit's
name reads, centred where the picture's action is, then framed so that the
view's edges cut no square label).  ffl-basic.png: the game
as it opens (what ``ffl ffl/basic --screenshot`` writes, at 1366x768);
ffl-setup.png: the Legion set-up with the tray; ffl-movement.png: a unit
pressed in a movement phase (reachable squares by MF left, jump landings
hatched, the path of a drag); ffl-fire.png: a firer's arc, target numbers and
a line of sight; ffl-levels.png: the level diagrams (1.12, Game › Level
diagrams) with a unit pressed on a building's floor (its reachable squares
shaded on the diagram and the board).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, QSize, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))          # tests/ui: map_helpers
sys.path.insert(0, str(HERE.parents[2]))

from ffl_ui_helpers import finish_legion_setup, hand_state, session_at  # noqa: E402

from ffl.ui.app import create_app, main_window, screenshot, settled_grab  # noqa: E402
from ffl.ui.ffl.framing import frame_whole, text_rects  # noqa: E402

MOVE = {"L-1-Adler": ("G4", 0, 2), "L-1-Cole": ("K8", 0, 0), "L-1-Evans": ("M9", 0, 0),
        "L-2-Olsen": ("I3", 2, 0), "L-LC-Briere": ("L5", 0, 4), "L-1-DeGroot": ("L5", 1, 4),
        "B-A-Yusuf": ("I1", 0, 4), "B-A-Abdul": ("L1", 0, 4), "B-A-Dhabi": ("P2", 0, 4),
        "B-A-Fahd": ("AD9", 0, 6)}


def window(app, folder: Path):
    settings = QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/animate_dice", False)
    w = main_window(settings=settings, data_folder=folder, autosave=False)
    w.resize(1366, 768)
    w.show()
    w.open_scenario("ffl/basic", seed=11)
    app.processEvents()
    return w


def zoom_on(w, key) -> None:
    """The default view (the window's own zoom), centred on ``key`` (a square or a point),
    then moved a little (ffl.ui.ffl.framing.frame_whole) so that its edges cut no square
    label and no building name."""
    for _ in range(3):
        QApplication.processEvents()
    w.default_view()
    w.map.centerOn(w.scene.space_centre(key) if isinstance(key, str) else key)
    frame_whole(w.map, text_rects(w.game_ui), w.scene.board_rect())
    w.overview.refit()


def shot(app, w, out: Path) -> None:
    for _ in range(3):
        app.processEvents()
    settled_grab(w).save(str(out))
    print("wrote", out)


def main(out_dir: Path) -> None:
    app = create_app()
    out_dir.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp())
    screenshot(out_dir / "ffl-basic.png", "ffl/basic", seed=11, size=QSize(1366, 768))
    w = window(app, folder)
    finish_legion_setup(w)
    w.session.undo()   # one unit back in the tray
    w.session.undo()
    zoom_on(w, "M12")
    shot(app, w, out_dir / "ffl-setup.png")

    w.set_session(session_at(w, hand_state(w, MOVE)))
    zoom_on(w, "I5")
    view = w.map.viewport()
    start = w.map.mapFromScene(w.scene.space_centre("G4"))
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(view, start + QPoint(20, 0))
    QTest.mouseMove(view, w.map.mapFromScene(w.scene.space_centre("H6")))
    shot(app, w, out_dir / "ffl-movement.png")
    QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       w.map.mapFromScene(w.scene.space_centre("G4")))

    w.set_session(session_at(w, hand_state(w, MOVE, chit="legion-cmd")))
    w.game_ui.show_diagrams(True)
    diagrams = w.game_ui.diagrams
    below = diagrams.centre("L5", 0)
    zoom_on(w, below + (w.scene.space_centre("L12") - below) * 0.35)
    briere = w.map.mapFromScene(below)
    QTest.mousePress(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, briere)
    QTest.mouseMove(view, briere + QPoint(20, 0))
    QTest.mouseMove(view, w.map.mapFromScene(diagrams.centre("O4", 0)))
    shot(app, w, out_dir / "ffl-levels.png")
    QTest.mouseRelease(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, briere)
    w.game_ui.show_diagrams(False)

    w.set_session(session_at(w, hand_state(w, MOVE, phase="fire", chit="squad-2")))
    zoom_on(w, "J3")
    olsen = w.map.mapFromScene(w.scene.space_centre("I3"))
    QTest.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, olsen)
    QTest.mouseMove(view, w.map.mapFromScene(w.scene.space_centre("I1")))
    shot(app, w, out_dir / "ffl-fire.png")
    w._closing_confirmed = True
    w.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots"))
