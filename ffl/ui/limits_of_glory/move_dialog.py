"""The move dialog: which elements and commanders go from the activated space.

Opened when a marker is dragged from the activated space onto a neighbouring
space.  It starts with what was dragged selected: the one marker (so many of one
element, or one commander), or a side's whole stack when a crowded space's summary
was dragged; from a menu (no marker dragged) everything.  Enter moves what is
selected; spin boxes choose
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
                 dragged: tuple[str, ...] = ()) -> None:
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
        # what was dragged (its pieces' ids) starts chosen; nothing of this dialog in it
        # (a drag from a menu, or a marker with nothing that moves here): everything
        picked = set(dragged)
        if not any(state.pieces[pid].type in counts or pid in cmds for pid in picked
                   if pid in state.pieces):
            picked = set()
        chosen_n: dict[str, int] = {}
        for pid in picked:
            if pid in state.pieces and state.pieces[pid].type in counts:
                tid = state.pieces[pid].type
                chosen_n[tid] = chosen_n.get(tid, 0) + 1
        form = QFormLayout()
        self.spins: dict[str, QSpinBox] = {}
        for tid in sorted(counts):
            spin = QSpinBox()
            spin.setObjectName(f"count-{tid}")
            spin.setRange(0, counts[tid])
            spin.setValue(min(chosen_n.get(tid, 0), counts[tid]) if picked else counts[tid])
            form.addRow(f"{types[tid].name} (of {counts[tid]})", spin)
            self.spins[tid] = spin
        self.cmd_boxes: dict[str, QCheckBox] = {}
        for cid in sorted(cmds):
            box = QCheckBox(f"{types[cid].name} goes")
            box.setObjectName(f"cmd-{cid}")
            box.setChecked(not picked or cid in picked)
            form.addRow(box)
            self.cmd_boxes[cid] = box
        self.junior_boxes: dict[str, QCheckBox] = {}
        for jid in sorted(juniors):
            box = QCheckBox(f"{types[jid].name} (accompanying): detach and leave him here")
            box.setObjectName(f"leave-{jid}")
            form.addRow(box)
            self.junior_boxes[jid] = box
        layout = QVBoxLayout(self)
        self.hint = QLabel("Choose what moves (what you dragged is chosen to begin with):"
                           if picked else
                           "Choose what moves (everything is chosen to begin with):")
        self.hint.setObjectName("moveHint")
        layout.addWidget(self.hint)
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
