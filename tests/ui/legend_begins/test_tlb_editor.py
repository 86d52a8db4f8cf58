"""The editor on The Legend Begins module: it opens and validates clean, a hex's
terrain, a hexside's escarpment, a counter's Movement Allowance and a scenario's set-up
are edited and saved, and the player plays the edited module (the rules read the module, not constants)."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from ffl.catalog import module_path


def test_the_editor_edits_the_map_and_play_reads_the_edit(qtbot, tmp_path):
    from editor import edits
    from editor.app import create_app
    from editor.window import EditorWindow
    from ffl.engine import Action, fold
    from ffl.games.legend_begins.controller import LegendController
    from ffl.session import check_module, open_module

    create_app()
    window = EditorWindow(settings=QSettings(str(tmp_path / "e.ini"), QSettings.Format.IniFormat),
                          data_folder=tmp_path / "data", autosave=False)
    window.ask_on_close = False
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(module_path("legend_begins"))
    assert window.problems == []
    doc = window.doc
    assert window.push("jebel at 2156", edits.paint(doc, 0, ["2156"], {"terrain": "jebel"}))
    assert window.push("escarpment 2157|2158",
                       edits.toggle_side_feature(doc, 0, "2157", "2158", "escarpment"))
    ti = next(i for i, t in enumerate(doc.data["piece_types"]) if t["id"] == "al-1rtr")
    assert window.push("1 RTR MA 9", edits.set_at(doc, ("piece_types", ti, "values", "ma"), 9))
    sci = next(i for i, sc in enumerate(doc.data["scenarios"])
               if sc["id"] == "legend_begins/compass")
    assert window.push("1 Lib/1 to 2551", edits.place(doc, sci, "ax-1lib-1", "2551"))
    out = tmp_path / "edited.ffl"
    assert window.save_as(out)
    module = open_module(out)
    assert check_module(module) == []
    assert module.boards["map"]["2156"].get("terrain") == "jebel"
    assert "escarpment" in module.boards["map"].side("2157", "2158").features
    assert module.piece_types["al-1rtr"].values["ma"] == 9
    ctl = LegendController(module)
    st = ctl.setup(module.scenarios["legend_begins/compass"], {}, 1)
    assert st.pieces["ax-1lib-1"].space == "2551"           # the edited set-up
    st = fold(st, ctl.opening(st))
    for p in st.pieces.values():
        if p.space in ("2156", "2157", "2155"):
            p.space, p.status = None, "off"
    st.pieces["al-1rtr"].data.pop("hq", None)
    st.pieces["al-1rtr"].space = "2157"
    st.pieces["al-1rtr"].status = "active"
    st.vars.update(phase="movement", side="allied", pending=[], mv={}, mover=None, done=None,
                   seg={"side": "allied", "type": "primary", "chit": "allied-P1", "n": 1,
                        "id": 9})
    verdict = ctl.legal(st, Action.make("move", "allied", units=["al-1rtr"],
                                        path=["2156", "2155"]))
    assert not verdict and verdict.rule == "4.4"          # the new jebel stops the move
    assert ctl.unit_values(st, "al-1rtr")["ma"] == 9
    verdict = ctl.legal(st, Action.make("move", "allied", units=["al-1rtr"], path=["2158"]))
    assert not verdict and "escarpment" in verdict.reason     # motorized, no pass
