"""Write docs/screenshots/free-play.png (run from the repository root):

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/ui/free/make_screenshot.py [OUT.png]

A hex module made with the editor's own functions, opened in free play, with
a few counters moved, turned, flipped and marked and two dice rolled.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[2]))

from free_module import write_module  # noqa: E402
from PySide6.QtCore import QSettings, QSize  # noqa: E402

from ffl.engine import Action  # noqa: E402
from ffl.ui.app import create_app, main_window, settled_grab  # noqa: E402


def main(out: Path) -> None:
    app = create_app()
    with tempfile.TemporaryDirectory() as tmp:
        module = write_module(Path(tmp) / "homebrew.ffl")
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        window = main_window(settings=settings, data_folder=Path(tmp), autosave=False)
        window.resize(QSize(1400, 900))
        window.show()
        assert window.open_path(module), window.last_error
        session = window.session
        board = list(window.scene.board.spaces)
        off = [p for p in session.state.pieces.values() if p.space is None]
        for piece, space in zip(off[:3], (board[23], board[24], board[33]), strict=False):
            session.do(Action.make("move", piece.side, piece=piece.id, space=space, level=0))
        on = [p for p in session.state.pieces.values() if p.space is not None]
        session.do(Action.make("face", on[0].side, piece=on[0].id, facing=2))
        session.do(Action.make("flip", on[1].side, piece=on[1].id))
        session.do(Action.make("mark", on[2].side, piece=on[2].id, marker="disrupted", count=1))
        session.do(Action.make("roll", "", dice=2, sides=6, purpose="fire"))
        for _ in range(3):
            app.processEvents()
        window.map.fit()
        app.processEvents()
        settled_grab(window).save(str(out), "PNG")
        window._closing_confirmed = True
        window.close()
    print(f"wrote {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots/free-play.png"))
