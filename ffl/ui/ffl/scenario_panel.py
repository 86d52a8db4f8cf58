"""The scenario's own choices (19-23) in a dock of their own: leaving tribes out
(20.1, 21.1, 22.1, 23.1), choosing the patrol (22.11), marking mutineers
(19.12, 23.12).  One button per decision the controller offers now
(``FFLController.scenario_choices``); the panel hides when there is none.
The UI decides nothing: each button sends the action the controller gave."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
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
        self._pending: tuple | None = None
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
        self._make_room(tuple(label for label, _a in choices), tuple(limits))

    def choices_height(self) -> int:
        """The height the title and the choices take (the limits below them may scroll)."""
        margins = self.box.contentsMargins()
        width = max(100, self.viewport().width() - margins.left() - margins.right())
        parts = [self.label.heightForWidth(width)]
        parts += [b.sizeHint().height() for b in self.buttons]
        if self.combo_row.isVisibleTo(self):
            parts.append(self.combo_row.sizeHint().height())
        return sum(parts) + self.box.spacing() * len(parts) + margins.top() + margins.bottom()

    def _make_room(self, choices: tuple, limits: tuple = ()) -> None:
        """Share the height with the dock above (the Units dock), once per set of
        choices or limits, so a player's own resizing stands until they change:
        new choices in a dock too short for them take the height they need; set-up
        limits alone (text to read, it scrolls) leave the Units dock two thirds,
        for the list of units to set up (it showed three rows at 1366x768)."""
        key = (choices, limits)
        if key == self._fitted or self.dock is None or not (choices or limits):
            self._fitted = key if (choices or limits) else ()
            return
        window = self.dock.parentWidget()
        resize = getattr(window, "resizeDocks", None)
        if resize is None or not self.dock.isVisible():
            self._pending = key          # tried again when the dock is shown
            return
        self._fitted, self._pending = key, None
        # after the layout pass under way (the window shares out the docks' heights
        # when it shows them: a resize now would be undone)
        QTimer.singleShot(0, self, lambda: self._share(window, choices))

    def _share(self, window, choices: tuple) -> None:
        if self.dock is None or not self.dock.isVisible():
            return
        resize = window.resizeDocks
        others = [d for d in window.findChildren(type(self.dock))
                  if d is not self.dock and d.isVisible() and not d.isFloating()
                  and window.dockWidgetArea(d) == window.dockWidgetArea(self.dock)]
        if not others:
            return
        above = max(others, key=lambda d: d.height())
        both = above.height() + self.dock.height()
        if choices:
            grow = self.choices_height() + 8 - self.viewport().height()
            if grow <= 0:
                return
            mine = self.dock.height() + grow
        else:
            mine = both // 3
            if self.dock.height() <= mine:
                return
        resize([above, self.dock], [max(120, both - mine), mine], Qt.Orientation.Vertical)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._pending:
            # after the window's layout pass that showed the dock
            QTimer.singleShot(0, self, lambda: self._pending and self._make_room(*self._pending))

    def _do_selected(self) -> None:
        action = self.combo.currentData()
        if action is not None:
            self.ui.do(action)
