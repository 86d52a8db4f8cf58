"""The Legend Begins in the play window: real mouse clicks on the map and the docks
(choose a stack, move it, attack with the odds shown first, take a loss, the context
menu of legal actions, the ZOC overlay, the phase button), and the printed sheets read
back from real PDFs."""

from __future__ import annotations

import pypdf
import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QApplication, QMenu

from ffl.engine import Action

SCENARIO = "legend_begins/compass"


def _centre(window, key: str) -> QPointF:
    return window.scene.space_centre(key)


def _show(window, *keys: str) -> None:
    pts = [_centre(window, k) for k in keys]
    xs, ys = [p.x() for p in pts], [p.y() for p in pts]
    window.map.fitInView(QRectF(min(xs) - 400, min(ys) - 300, max(xs) - min(xs) + 800,
                                max(ys) - min(ys) + 600))
    QApplication.processEvents()


def _click(qtbot, window, key: str, button=Qt.MouseButton.LeftButton) -> None:
    _show(window, key)
    pos = window.map.mapFromScene(_centre(window, key))
    qtbot.mouseClick(window.map.viewport(), button, pos=pos)


def _to_allied_movement(window) -> None:
    """End the phases until the first Allied Movement Phase (the Axis moves nothing)."""
    session = window.session
    ctl = session.controller
    for _ in range(80):
        p = ctl.prompt(session.state)
        if p.phase == "movement" and p.side == "allied" and not p.info.get("pending"):
            return
        acts = list(ctl.legal_actions(session.state))
        ends = [a for a in acts if a.kind.startswith("end") or a.kind == "supply"]
        session.do(ends[0] if ends else acts[0])
    raise AssertionError("no Allied Movement Phase")


@pytest.fixture
def tlb(game_window):
    return game_window(SCENARIO, seed=3)


def test_the_end_phase_button_leads_the_initial_phase_into_a_segment(qtbot, tlb):
    ui = tlb.game_ui
    assert ui.prompt().phase in ("recovery", "organization")
    for _ in range(6):
        if ui.prompt().phase not in ("recovery", "organization"):
            break
        qtbot.mouseClick(ui.segment.end_button, Qt.MouseButton.LeftButton)
    assert ui.prompt().phase in ("movement", "combat", "supply", "arrange")
    assert ui.segment.history.count() >= 1          # the chit drawn is on screen


def test_a_click_chooses_a_stack_and_a_click_on_a_lit_hex_moves_it(qtbot, tlb):
    _to_allied_movement(tlb)
    ui = tlb.game_ui
    _click(qtbot, tlb, "2454")                      # the 11th Hussars
    assert ui.stack_panel.ticked() == ["al-11hus"]
    assert "2453" in ui.reach and ui.overlay
    before = len(tlb.session.log.steps)
    _click(qtbot, tlb, "2453")
    assert tlb.session.state.pieces["al-11hus"].space == "2453"
    assert len(tlb.session.log.steps) == before + 1


def test_the_odds_are_shown_before_an_attack_and_a_second_click_resolves_it(qtbot, tlb):
    _to_allied_movement(tlb)
    session, ui = tlb.session, tlb.game_ui
    session.do(Action.make("move", "allied", units=["al-11hus"], path=["2453"]))
    while ui.prompt().phase != "combat" or ui.prompt().info.get("pending"):
        session.do(next(a for a in session.controller.legal_actions(session.state)
                        if a.kind in ("end-movement", "end-arrange", "decline")))
    _click(qtbot, tlb, "2453")
    assert "2552" in ui.targets
    _click(qtbot, tlb, "2552")                       # Tummar
    assert "column" in ui.combat.preview.text()
    assert session.state.vars.get("last_combat") is None
    _click(qtbot, tlb, "2552")
    assert session.state.vars["last_combat"]["targets"] == ["2552"]


def test_a_loss_is_taken_by_double_clicking_the_unit(qtbot, tlb):
    _to_allied_movement(tlb)
    session, ui = tlb.session, tlb.game_ui
    ctl = session.controller
    session.do(Action.make("move", "allied", units=["al-11hus"], path=["2453"]))
    while ui.prompt().phase != "combat" or ui.prompt().info.get("pending"):
        session.do(next(a for a in ctl.legal_actions(session.state)
                        if a.kind in ("end-movement", "end-arrange", "decline")))
    session.do(Action.make("attack", "allied", attackers=["al-11hus"], targets=["2552"]))
    for _ in range(10):
        prompt = ui.prompt()
        if "loss" not in prompt.kinds:
            break
        options = [a for a in ctl.legal_actions(session.state) if a.kind == "loss"]
        pid = options[0]["unit"]
        _click(qtbot, tlb, session.state.pieces[pid].space)
        point = ui.stack_panel.item_point(pid)
        assert point is not None
        steps = len(session.log.steps)
        # a real double click: press and release, then the double-click event
        qtbot.mouseClick(ui.stack_panel.list.viewport(), Qt.MouseButton.LeftButton, pos=point)
        qtbot.mouseDClick(ui.stack_panel.list.viewport(), Qt.MouseButton.LeftButton, pos=point)
        assert len(session.log.steps) == steps + 1
        # QTest's double click leaves the button held (Qt 6 sends no last release): release it
        qtbot.mouseRelease(ui.stack_panel.list.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_the_context_menu_lists_only_legal_actions_and_does_them(qtbot, tlb):
    _to_allied_movement(tlb)
    ui = tlb.game_ui
    _click(qtbot, tlb, "2459", Qt.MouseButton.RightButton)
    menu = tlb.findChild(QMenu, "tlbContextMenu")
    assert menu is not None
    texts = [a.text() for a in menu.actions()]
    assert any("Improved Position" in t for t in texts)
    assert not any("Fortification" in t for t in texts)       # a Secondary segment
    build = next(a for a in menu.actions() if "16 Bde: build an Improved Position" in a.text())
    build.trigger()
    assert tlb.session.state.vars["works"]["2459"] == {"type": "ip", "side": "allied"}
    menu.close()
    assert ui.works_items


def test_the_zoc_overlay_tints_the_enemys_zones(qtbot, tlb):
    _to_allied_movement(tlb)
    ui = tlb.game_ui
    ui.zoc_action.setChecked(True)
    zoc = tlb.session.controller.zoc(tlb.session.state, "axis")
    assert len(ui.overlay) >= len(zoc) > 0


@pytest.mark.parametrize("sheet, words", [
    ("player-aid", ["Combat Table (9.0)", "Italian Table (17.1)", "Anti-Shipping Table",
                    "Terrain Effects Chart"]),
    ("org-cards", ["7th Armoured Division HQ", "1 RTR", "Allied Organization Card"]),
    ("map-sections", ["Map section 1", "Tobruk", "Alexandria", "3722"]),
])
def test_the_printed_sheets(tmp_path, sheet, words):
    from ffl.printing.sheets import write_pdf
    from ffl.printing.source import PrintSource

    out = tmp_path / f"{sheet}.pdf"
    pages = write_pdf(sheet, out, PrintSource.for_scenario(SCENARIO))
    text = " ".join(" ".join(page.extract_text().split())
                    for page in pypdf.PdfReader(str(out)).pages)
    assert pages >= 1
    for w in words:
        assert w in text, w


def test_39_fog_of_war_the_window_draws_only_the_top_of_enemy_stacks(qtbot, tlb):
    """With Fog of War chosen, the Allied player sees at Bardia only the Axis stack's top
    (the 10th Army HQ); its other units are neither drawn nor listed in the Stack dock."""
    window = tlb
    assert window.open_scenario(SCENARIO, seed=3, options={"fog_of_war": True})
    window._closing_confirmed = True
    _to_allied_movement(window)
    QApplication.processEvents()
    ui = window.game_ui
    ui.refresh([])
    state = window.session.state
    bardia = [p for p, q in state.pieces.items() if q.space == "2845" and q.status == "active"]
    shown = [p for p in bardia if window.scene.counters[p].isVisible()]
    assert shown == ["ax-10army"] and len(bardia) > 3
    _click(qtbot, window, "2845")
    listed = [ui.stack_panel.list.item(i).text()
              for i in range(ui.stack_panel.list.count())]
    assert len(listed) == 1 and "10" in listed[0]
    cards = " ".join(ui.orgs.tree.topLevelItem(i).text(0)
                     for i in range(ui.orgs.tree.topLevelItemCount()))
    assert "Allied" in cards
