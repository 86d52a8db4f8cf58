"""The docks of The Legend Begins: the segment (turn, chit cup and its history, phase,
prompt, the buttons that end a phase or answer a decision), the stack in the chosen
hex (with the units of HQ displays and cargo), the combat (odds and shifts before an
attack is resolved, then its result) and the Organization Cards."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)


class SegmentPanel(QWidget):
    """Turn, segment, phase and prompt, with the phase buttons and the chit cup."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("tlbSegmentPanel")
        lay = QVBoxLayout(self)
        self.turn = QLabel()
        self.turn.setObjectName("tlbTurnLabel")
        self.turn.setStyleSheet("font-weight: bold; font-size: 13px")
        self.segment = QLabel()
        self.segment.setObjectName("tlbSegmentLabel")
        self.prompt = QLabel()
        self.prompt.setObjectName("tlbPromptLabel")
        self.prompt.setWordWrap(True)
        self.todo = QLabel()                   # how to answer a pending decision here
        self.todo.setObjectName("tlbTodoLabel")
        self.todo.setWordWrap(True)
        self.todo.setStyleSheet("background: #fff3c4; border: 1px solid #d9a400; "
                                "padding: 3px")
        self.todo.setVisible(False)
        lay.addWidget(self.turn)
        lay.addWidget(self.segment)
        lay.addWidget(self.prompt)
        lay.addWidget(self.todo)
        row = QHBoxLayout()
        self.end_button = QPushButton("End phase")
        self.end_button.setObjectName("tlbEndButton")
        self.attack_button = QPushButton("Attack")
        self.attack_button.setObjectName("tlbAttackButton")
        self.stay_button = QPushButton("Stay")
        self.stay_button.setObjectName("tlbStayButton")
        self.yes_button = QPushButton("Demolish")
        self.yes_button.setObjectName("tlbDemolishButton")
        self.no_button = QPushButton("Decline")
        self.no_button.setObjectName("tlbDeclineButton")
        self.release_button = QPushButton("Release…")     # 44.0
        self.release_button.setObjectName("tlbReleaseButton")
        self.release_button.setVisible(False)
        for b in (self.end_button, self.attack_button, self.stay_button, self.yes_button,
                  self.no_button, self.release_button):
            row.addWidget(b)
        lay.addLayout(row)
        self.cup = QLabel()
        self.cup.setObjectName("tlbCupLabel")
        self.cup.setWordWrap(True)
        lay.addWidget(self.cup)
        self.history = QListWidget()
        self.history.setObjectName("tlbChitHistory")
        self.history.setVisible(False)         # shown once a chit has been drawn
        lay.addWidget(self.history)
        self.status = QLabel()
        self.status.setObjectName("tlbStatusLabel")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        lay.addStretch(1)

    def show_todo(self, text: str) -> None:
        self.todo.setText(text)
        self.todo.setVisible(bool(text))

    def show_history(self) -> None:
        """The chit history as tall as its rows (at most 130 px), hidden while empty."""
        rows = self.history.count()
        self.history.setVisible(rows > 0)
        if rows:
            height = self.history.sizeHintForRow(0) * rows + 2 * self.history.frameWidth() + 4
            self.history.setFixedHeight(min(130, height))


class WrapRows(QStyledItemDelegate):
    """Rows as tall as their wrapped text at the list's present width (a list view
    wraps the text it paints but sizes its rows for one line)."""

    def __init__(self, view: QListWidget) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(self, option, index) -> QSize:  # noqa: N802
        hint = super().sizeHint(option, index)
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        width = self.view.viewport().width()
        opt.rect = QRect(0, 0, width, hint.height())
        opt.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        style = self.view.style()
        text = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, self.view)
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None,
                                   self.view) + 1
        needed = QFontMetrics(opt.font).boundingRect(
            QRect(0, 0, max(1, text.width() - 2 * margin), 100_000),
            int(Qt.TextFlag.TextWordWrap), opt.text)
        return QSize(width, max(hint.height(), needed.height() + 4))


class StackPanel(QWidget):
    """The pieces of the chosen hex; own units can be ticked to move or attack together.
    A double-click on a row, or Enter on the current row, picks its piece (a loss to
    take, a unit to eliminate or to set aside)."""

    picked = Signal(str)        # a piece double-clicked or Entered

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("tlbStackPanel")
        lay = QVBoxLayout(self)
        self.title = QLabel("No hex chosen: click a hex on the map to list its pieces here")
        self.title.setObjectName("tlbStackTitle")
        self.title.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("tlbStackList")
        # the dock is narrow: a long row (a decision's action, the steps, the markers)
        # wraps onto more lines instead of running off the right edge
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setUniformItemSizes(False)
        self.list.setItemDelegate(WrapRows(self.list))
        self.list.viewport().installEventFilter(self)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        lay.addWidget(self.title)
        lay.addWidget(self.list, 1)
        lay.addWidget(self.hint)
        self.hint.setObjectName("tlbStackHint")
        self.list.itemDoubleClicked.connect(lambda it: self.picked.emit(it.data(Qt.ItemDataRole.UserRole)))
        self.list.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        """Enter (or Return) on the list's current row picks it, as a double-click;
        a new width lays the wrapped rows out again."""
        if obj is self.list.viewport() and event.type() == QEvent.Type.Resize:
            self.list.scheduleDelayedItemsLayout()
        if obj is self.list and event.type() == QEvent.Type.KeyPress and \
                event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            item = self.list.currentItem()
            if item is not None:
                self.picked.emit(item.data(Qt.ItemDataRole.UserRole))
                return True
        return super().eventFilter(obj, event)

    def focus_row(self, pid: str) -> None:
        """Make a piece's row the current one and give the list the keyboard."""
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == pid:
                self.list.setCurrentRow(i)
                break
        self.list.setFocus()

    def show_stack(self, title: str, rows: list[tuple[str, str, bool | None, int]],
                   hint: str = "", marked: frozenset | set = frozenset(),
                   dimmed: frozenset | set = frozenset()) -> None:
        """``rows``: (piece id, text, ticked (None: not tickable), indent); the
        ``marked`` pieces' rows stand out (a decision offers them), the ``dimmed`` ones
        are greyed (set aside by it)."""
        self.title.setText(title)
        self.list.clear()
        for pid, text, ticked, indent in rows:
            item = QListWidgetItem(("    " * indent) + text)
            item.setData(Qt.ItemDataRole.UserRole, pid)
            item.setToolTip(text)                 # the whole row, whatever the width
            if pid in marked:
                item.setToolTip(f"{html.escape(text)}<br><i>Double-click, or select and "
                                "press Enter</i>")
                font = item.font()
                font.setBold(True)
                item.setFont(font)
                item.setBackground(QColor("#fff3c4"))
            elif pid in dimmed:
                item.setForeground(QColor("#8a8a8a"))
            if ticked is not None:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        self.hint.setText(hint)
        self.hint.setStyleSheet("background: #fff3c4; border: 1px solid #d9a400; padding: 3px"
                                if hint.startswith(("5.3", "5.5", "9.5", "20.5", "24.3")) else "")

    def ticked(self) -> list[str]:
        out = []
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.flags() & Qt.ItemFlag.ItemIsUserCheckable and \
                    item.checkState() == Qt.CheckState.Checked:
                out.append(item.data(Qt.ItemDataRole.UserRole))
        return out

    def item_point(self, pid: str):
        """Where a piece's row is (for tests clicking it)."""
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == pid:
                return self.list.visualItemRect(item).center()
        return None


class CombatPanel(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("tlbCombatPanel")
        lay = QVBoxLayout(self)
        self.preview = QLabel("Choose attackers, then an enemy hex.")
        self.preview.setObjectName("tlbOddsLabel")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.last = QLabel()
        self.last.setObjectName("tlbLastCombat")
        self.last.setWordWrap(True)
        lay.addWidget(self.preview)
        lay.addWidget(self.last)
        lay.addStretch(1)


class OrgPanel(QWidget):
    """6.0 the Organization Cards: each HQ with the units on its display."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("tlbOrgPanel")
        lay = QVBoxLayout(self)
        self.tree = QTreeWidget()
        self.tree.setObjectName("tlbOrgTree")
        self.tree.setHeaderLabels(["Formation", "Where"])
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)   # names in full
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        lay.addWidget(self.tree)

    def show_cards(self, cards: list[tuple[str, str, list[str]]]) -> None:
        self.tree.clear()
        for title, where, units in cards:
            top = QTreeWidgetItem([title, where])
            for u in units:
                top.addChild(QTreeWidgetItem([u, ""]))
            self.tree.addTopLevelItem(top)
            top.setExpanded(True)
