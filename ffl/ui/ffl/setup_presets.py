"""Saved Legion set-ups (2.31) and a random legal one, in the Units tray.

A set-up is saved under a name, per scenario, in the program's settings (as
VASSAL's predefined set-ups): where each unit stands (square, level, facing)
and which units are left out.  Loading one, or asking for a random one, plays
``leave-out`` and ``place`` actions through the controller as one undo step;
the controller decides what is legal (a saved set-up from another version of
the module may no longer fit: what is refused is named in the status line).
The random set-up chooses among the places the controller accepts; the UI
itself knows no set-up rule.
"""

from __future__ import annotations

import json
import random

from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from ffl.engine import Action

#: settings group of the saved set-ups: GROUP/<scenario id>/<name> = JSON
GROUP = "ffl/setups"


class SetupPresets(QWidget):
    """Save, load and randomise the Legion's set-up (shown while it is placed)."""

    def __init__(self, ui) -> None:
        super().__init__()
        self.setObjectName("setupPresets")
        self.ui = ui
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("setupNameEdit")
        self.name_edit.setPlaceholderText("Name this set-up")
        self.save_button = QPushButton("Save set-up")
        self.save_button.setObjectName("saveSetupButton")
        self.save_button.setToolTip("Keep where every unit stands under this name")
        self.save_button.clicked.connect(self.save_current)
        self.preset_box = QComboBox()
        self.preset_box.setObjectName("setupPresetBox")
        self.load_button = QPushButton("Load")
        self.load_button.setObjectName("loadSetupButton")
        self.load_button.setToolTip("Set the Legion up as saved under this name (one undo step)")
        self.load_button.clicked.connect(lambda: self.load(self.preset_box.currentText()))
        self.delete_button = QPushButton("Delete")
        self.delete_button.setObjectName("deleteSetupButton")
        self.delete_button.clicked.connect(lambda: self.delete(self.preset_box.currentText()))
        self.random_button = QPushButton("Random set-up")
        self.random_button.setObjectName("randomSetupButton")
        self.random_button.setToolTip("Place every unit at random on squares the rules allow, "
                                      "leaving out the units the rules ask (one undo step)")
        self.random_button.clicked.connect(lambda: self.randomise())
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.name_edit, 0, 0, 1, 2)
        grid.addWidget(self.save_button, 0, 2)
        grid.addWidget(self.preset_box, 1, 0)
        grid.addWidget(self.load_button, 1, 1)
        grid.addWidget(self.delete_button, 1, 2)
        grid.addWidget(self.random_button, 2, 0, 1, 3)
        grid.setColumnStretch(0, 1)

    # -- the settings ------------------------------------------------------------------

    def _key(self, name: str = "") -> str:
        scenario = self.ui.session.scenario.id.replace("/", "_")
        return f"{GROUP}/{scenario}" + (f"/{name}" if name else "")

    def names(self) -> list[str]:
        settings = self.ui.settings
        settings.beginGroup(self._key())
        try:
            return sorted(settings.childKeys())
        finally:
            settings.endGroup()

    def refresh(self) -> None:
        current = self.preset_box.currentText()
        self.preset_box.clear()
        self.preset_box.addItems(self.names())
        if current and self.preset_box.findText(current) >= 0:
            self.preset_box.setCurrentText(current)
        has = self.preset_box.count() > 0
        self.load_button.setEnabled(has)
        self.delete_button.setEnabled(has)

    # -- saving ----------------------------------------------------------------------------

    def snapshot(self) -> dict:
        """Where the Legion's units stand now and who is left out."""
        state, types = self.ui.state, self.ui.session.module.piece_types
        placed, out = {}, []
        for p in sorted(state.pieces.values(), key=lambda p: p.id):
            if p.side != "legion" or types[p.type].kind != "character":
                continue
            if p.status == "unused":
                out.append(p.id)
            elif p.on_board:
                placed[p.id] = [p.space, p.level, p.facing]
        return {"placed": placed, "out": out}

    def save_current(self) -> None:
        name = self.name_edit.text().strip().replace("/", "-")
        if not name:
            self.ui.status("Type a name for the set-up first.")
            return
        self.ui.settings.setValue(self._key(name), json.dumps(self.snapshot()))
        self.ui.settings.sync()
        self.refresh()
        self.preset_box.setCurrentText(name)
        self.ui.status(f"Set-up '{name}' saved.")

    def delete(self, name: str) -> None:
        if name:
            self.ui.settings.remove(self._key(name))
            self.refresh()
            self.ui.status(f"Set-up '{name}' deleted.")

    # -- loading -----------------------------------------------------------------------

    def load(self, name: str) -> list[str]:
        """Set the Legion up as saved under ``name``; returns what was refused."""
        raw = self.ui.settings.value(self._key(name)) if name else None
        if not raw:
            self.ui.status("No saved set-up of that name.")
            return []
        data = json.loads(raw)
        actions = [Action.make("leave-out", "legion", piece=pid) for pid in data.get("out", [])]
        actions += [Action.make("place", "legion", piece=pid, space=k, level=lv, facing=f)
                    for pid, (k, lv, f) in data.get("placed", {}).items()]
        refused = self.play(actions)
        self.ui.status(f"Set-up '{name}' loaded." if not refused else
                       f"Set-up '{name}' loaded in part; refused: " + "; ".join(refused))
        return refused

    def play(self, actions: list[Action]) -> list[str]:
        """Play ``actions`` as one undo step, each once the controller allows it
        (a unit's square may first have to be left by another); what stays
        refused is returned with the controller's reason."""
        session, controller = self.ui.session, self.ui.controller
        pending = [a for a in actions if not self._done(a)]
        with session.grouped():
            progress = True
            while pending and progress:
                progress = False
                for action in list(pending):
                    if controller.legal(session.state, action):
                        session.do(action)
                        pending.remove(action)
                        progress = True
        out = []
        for action in pending:
            verdict = controller.legal(session.state, action)
            out.append(f"{self.ui.name(action['piece'])}: {verdict.rule} {verdict.reason}")
        return out

    def _done(self, action: Action) -> bool:
        p = self.ui.state.pieces[action["piece"]]
        if action.kind == "leave-out":
            return p.status == "unused"
        return (p.on_board and p.status != "unused" and p.space == action["space"]
                and p.level == action["level"] and p.facing == action["facing"])

    # -- a random legal set-up ------------------------------------------------------------

    def randomise(self, seed: int | None = None) -> list[str]:
        """Leave out the units asked for and place the others at random on the
        places the controller accepts, facing at random; as one undo step."""
        rng = random.Random(seed)
        session, controller = self.ui.session, self.ui.controller
        types = session.module.piece_types
        legion = [p.id for p in session.state.pieces.values()
                  if p.side == "legion" and types[p.type].kind == "character"]
        rng.shuffle(legion)
        squares = list(controller.fort(session.state).squares())
        with session.grouped():
            for pid in legion:                    # whoever the rules let go, in random order
                action = Action.make("leave-out", "legion", piece=pid)
                if session.state.pieces[pid].status != "unused" and \
                        controller.legal(session.state, action):
                    session.do(action)
            for pid in legion:
                p = session.state.pieces[pid]
                if p.status == "unused" or p.on_board:
                    continue
                rng.shuffle(squares)
                for key in squares:
                    levels = list(controller.levels(session.state, key))
                    action = Action.make("place", "legion", piece=pid, space=key,
                                         level=rng.choice(levels), facing=rng.randrange(8))
                    if controller.legal(session.state, action):
                        session.do(action)
                        break
        left = [p.id for p in session.state.pieces.values() if p.side == "legion"
                and types[p.type].kind == "character" and p.status == "off"]
        self.ui.status("Random set-up: every unit placed." if not left else
                       f"Random set-up: {_count(len(left))} found no place.")
        return left


def _count(n: int) -> str:
    """"one unit", "3 units" (not "unit(s)")."""
    return "one unit" if n == 1 else f"{n} units"
