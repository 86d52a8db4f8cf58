"""The scenario's own choices (19-23) in a dock of their own: leaving tribes out
(20.1, 21.1, 22.1, 23.1), choosing the patrol (22.11), marking mutineers
(19.12, 23.12).  One button per decision the controller offers now
(``FFLController.scenario_choices``); the panel hides when there is none.
The UI decides nothing: each button sends the action the controller gave."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

#: more choices than this are offered in a list with one button
MAX_BUTTONS = 8


class ScenarioPanel(QScrollArea):
    """Buttons for the scenario's decisions open to the side whose turn it is (the
    set-up limits above them), scrolled when the dock is short."""

    def __init__(self, ui) -> None:
        super().__init__()
        self.setObjectName("scenarioPanel")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.ui = ui
        self.dock = None             # the dock holding the panel (set by the game UI)
        self.buttons: list[QPushButton] = []
        inner = QWidget()
        self.setWidget(inner)
        self.box = QVBoxLayout(inner)
        self.box.setContentsMargins(4, 4, 4, 4)
        self.box.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.label = QLabel()
        self.label.setObjectName("scenarioLabel")
        self.label.setWordWrap(True)
        self.box.addWidget(self.label)
        # the set-up limits, under the choices: a long text (21.11, 21.21) never pushes
        # the buttons out of a short dock (at 1366x768 they needed a scroll)
        self.limits = QLabel()
        self.limits.setObjectName("scenarioLimits")
        self.limits.setWordWrap(True)
        self._fitted: tuple = ()        # the choices the dock was last made room for
        self.combo_row = QWidget()
        row = QHBoxLayout(self.combo_row)
        row.setContentsMargins(0, 0, 0, 0)
        self.combo = QComboBox()
        self.combo.setObjectName("scenarioChoiceBox")
        # a long choice ("23.12 Mark Pvt. Lindqvist (3rd Squad) as a mutineer") never
        # widens the dock: the box keeps its width, the list and tooltips show it all
        self.combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(12)
        self.combo.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.do_button = QPushButton("Do it")
        self.do_button.setObjectName("scenarioChoiceButton")
        self.do_button.clicked.connect(self._do_selected)
        row.addWidget(self.combo, 1)
        row.addWidget(self.do_button)
        self.box.addWidget(self.combo_row)
        self.combo_row.hide()
        self.box.addWidget(self.limits)
        self.hide()

    def refresh(self) -> None:
        for button in self.buttons:
            self.box.removeWidget(button)
            button.hide()                 # gone at once, deleted when the loop gets to it
            button.deleteLater()
        self.buttons = []
        query = getattr(self.ui.controller, "scenario_choices", None)
        prompt = self.ui.prompt()
        choices = query(self.ui.state, prompt.side) if query and prompt.side else []
        title = self.ui.session.scenario.title
        limits = [t for t in prompt.info.get("limits") or () if t]
        lines = "<br>".join(f"• {t}" for t in limits)
        what = "set-up limits" if limits and not choices else "the scenario's choices"
        self.label.setText(f"<b>{title}</b>: {what}")
        self.limits.setText(("<b>Set-up limits</b><br>" if choices else "") + lines)
        self.limits.setVisible(bool(limits))
        self.combo.clear()
        many = len(choices) > MAX_BUTTONS
        self.combo_row.setVisible(many)
        if many:                     # 19.12: thirty units to mark: a list, one button
            for label, action in choices:
                self.combo.addItem(label, action)
                self.combo.setItemData(self.combo.count() - 1, label,
                                       Qt.ItemDataRole.ToolTipRole)
        else:
            for n, (label, action) in enumerate(choices):
                button = QPushButton(label)
                button.setObjectName(f"scenarioChoice{n}")
                # a long label never widens the dock: it is cut, the tooltip has it all
                button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
                button.setToolTip(label)
                button.clicked.connect(lambda _=False, a=action: self.ui.do(a))
                self.box.insertWidget(self.box.indexOf(self.limits), button)
                button.show()             # at once, not when the event loop gets to it
                self.buttons.append(button)
        shown = bool(choices or limits)
        self.setVisible(shown)
        if self.dock is not None:
            self.dock.setVisible(shown)
        self._make_room(tuple(label for label, _a in choices))

    def choices_height(self) -> int:
        """The height the title and the choices take (the limits below them may scroll)."""
        margins = self.box.contentsMargins()
        width = max(100, self.viewport().width() - margins.left() - margins.right())
        parts = [self.label.heightForWidth(width)]
        parts += [b.sizeHint().height() for b in self.buttons]
        if self.combo_row.isVisibleTo(self):
            parts.append(self.combo_row.sizeHint().height())
        return sum(parts) + self.box.spacing() * len(parts) + margins.top() + margins.bottom()

    def _make_room(self, choices: tuple) -> None:
        """New choices in a dock too short for them: the dock takes the height they
        need from the dock above it (the Units dock), once per set of choices, so a
        player's own resizing stands until the choices change."""
        if not choices or choices == self._fitted or self.dock is None:
            self._fitted = choices if choices else ()
            return
        self._fitted = choices
        window = self.dock.parentWidget()
        resize = getattr(window, "resizeDocks", None)
        need = self.choices_height() + 8
        have = self.viewport().height()
        if resize is None or not self.dock.isVisible() or have >= need:
            return
        others = [d for d in window.findChildren(type(self.dock))
                  if d is not self.dock and d.isVisible() and not d.isFloating()
                  and window.dockWidgetArea(d) == window.dockWidgetArea(self.dock)]
        if not others:
            return
        grow = need - have
        above = max(others, key=lambda d: d.height())
        resize([above, self.dock], [max(120, above.height() - grow), self.dock.height() + grow],
               Qt.Orientation.Vertical)

    def _do_selected(self) -> None:
        action = self.combo.currentData()
        if action is not None:
            self.ui.do(action)
