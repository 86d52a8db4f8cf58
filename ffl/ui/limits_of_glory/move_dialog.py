"""The move dialog: which elements and commanders go from the activated space.

Opened when a marker is dragged from the activated space onto a neighbouring
space.  It starts with everything selected (Enter moves all); spin boxes choose
how many of each element go, check boxes which commanders go, which
accompanying juniors are detached to go on their own, and which stay behind.
The controller checks the move when it is sent.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
)

from ffl.engine import Action, GameState


class MoveDialog(QDialog):
    """Choose what moves from ``space`` to ``to`` (non-blocking: ``on_move(action)``)."""

    def __init__(self, parent, state: GameState, module, side: str, space: str, to: str,
                 labels: Callable[[str], str], on_move: Callable[[Action], None],
                 preselect: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("moveDialog")
        self.setWindowTitle(f"Move from {labels(space)} to {labels(to)}")
        self.side, self.space, self.to = side, space, to
        self.on_move = on_move
        types = module.piece_types
        counts: dict[str, int] = {}
        cmds, juniors = [], []
        for p in state.pieces.values():
            if p.space != space or p.side != side:
                continue
            t = types[p.type]
            if p.status == "active" and t.kind == "element":
                counts[p.type] = counts.get(p.type, 0) + 1
            elif p.status == "active" and t.kind == "commander":
                cmds.append(p.id)
            elif p.status == "with":
                juniors.append(p.id)
        form = QFormLayout()
        self.spins: dict[str, QSpinBox] = {}
        for tid in sorted(counts):
            spin = QSpinBox()
            spin.setObjectName(f"count-{tid}")
            spin.setRange(0, counts[tid])
            spin.setValue(counts[tid] if not preselect or preselect == tid else 0)
            form.addRow(f"{types[tid].name} (of {counts[tid]})", spin)
            self.spins[tid] = spin
        self.cmd_boxes: dict[str, QCheckBox] = {}
        for cid in sorted(cmds):
            box = QCheckBox(f"{types[cid].name} goes")
            box.setObjectName(f"cmd-{cid}")
            box.setChecked(True)
            form.addRow(box)
            self.cmd_boxes[cid] = box
        self.junior_boxes: dict[str, QCheckBox] = {}
        for jid in sorted(juniors):
            box = QCheckBox(f"{types[jid].name} (accompanying): detach and leave him here")
            box.setObjectName(f"leave-{jid}")
            form.addRow(box)
            self.junior_boxes[jid] = box
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Choose what moves (everything is chosen to begin with):"))
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.setObjectName("moveButtons")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Move")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.buttons = buttons

    def action(self) -> Action:
        units = ",".join(f"{t}:{s.value()}" for t, s in sorted(self.spins.items()) if s.value())
        pieces = ",".join(c for c, b in sorted(self.cmd_boxes.items()) if b.isChecked())
        leave = ",".join(j for j, b in sorted(self.junior_boxes.items()) if b.isChecked())
        return Action.make("move", self.side, space=self.space, to=self.to, units=units,
                           pieces=pieces, leave=leave)

    def _accept(self) -> None:
        action = self.action()
        self.accept()
        self.on_move(action)
