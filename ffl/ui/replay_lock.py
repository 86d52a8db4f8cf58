"""The game's own controls in a replay: shown, but visibly disabled.

A replay refuses every action (:class:`~ffl.replay.ReplaySession`), so the game
UI's buttons (End phase, Draw chit, the set-up tray, the card game's Draw, ...)
and its Game-menu commands would only lead to a refusal.  :class:`ReplayLock`
keeps them disabled, with a tooltip saying why, however often the game UI
enables them again on its own refresh: the controls that act (push buttons,
check and radio boxes, lists to choose from, number and text fields) in the
game's docks and tool bars, and the Game-menu entries that are no on/off
setting.  What only changes the view stays usable: tool buttons (FFL's level
buttons), checkable menu entries (diagrams, animation, hand-over), the docks'
own buttons, and the hand-over screens of a game still in play (they hide a
side's secrets, they play nothing).  The map, the overview and the event log
are the window's, not the game's, so the board stays viewable.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QWidget,
)

WHY = "Replay (read-only): nothing can be played here. Branch from here to play on."
#: the kinds of widget that act in a game's panels
ACTING = (QPushButton, QCheckBox, QRadioButton, QComboBox, QAbstractSpinBox, QLineEdit)
#: hand-over screens (the window's and the card game's hand cover): viewing steps
COVERS = ("handOver", "handOverScreen")


def _in_cover(widget: QWidget) -> bool:
    w = widget.parentWidget()
    while w is not None:
        if w.objectName() in COVERS:
            return True
        w = w.parentWidget()
    return False


class ReplayLock(QObject):
    """Keeps a replay window's game controls disabled (see the module's text)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.widgets: list[QWidget] = []
        self.actions: list[QAction] = []

    # -- widgets ------------------------------------------------------------------------

    def sweep(self, containers) -> None:
        """Lock every acting control inside ``containers`` (docks, tool bars) not
        locked yet (the game UI may have made new ones since)."""
        for container in containers:
            inner = container.widget() if hasattr(container, "widget") and callable(
                container.widget) and container.widget() is not None else container
            for kind in ACTING:
                for w in inner.findChildren(kind):
                    if w not in self.widgets and not w.objectName().startswith("qt_") \
                            and not _in_cover(w):
                        self.lock_widget(w)

    def lock_widget(self, widget: QWidget) -> None:
        self.widgets.append(widget)
        widget.setEnabled(False)
        widget.setToolTip(WHY)
        widget.installEventFilter(self)
        widget.destroyed.connect(lambda _=None, w=widget: self._forget(w))

    def _forget(self, widget) -> None:
        if widget in self.widgets:
            self.widgets.remove(widget)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        # the game UI enabled it again (its own refresh): off again, why in the tooltip
        if event.type() == QEvent.Type.EnabledChange and isinstance(obj, QWidget) \
                and obj.isEnabled():
            obj.setEnabled(False)
        elif event.type() == QEvent.Type.ToolTipChange and isinstance(obj, QWidget) \
                and obj.toolTip() != WHY:
            obj.setToolTip(WHY)
        return False

    # -- the Game menu ------------------------------------------------------------------

    def lock_action(self, action: QAction) -> None:
        """A Game-menu command (not an on/off setting): disabled, and kept so."""
        if action.isCheckable() or action.isSeparator() or action in self.actions:
            return
        self.actions.append(action)
        action.setEnabled(False)
        action.setToolTip(WHY)
        action.setStatusTip(WHY)
        action.enabledChanged.connect(lambda on, a=action: a.setEnabled(False) if on else None)
