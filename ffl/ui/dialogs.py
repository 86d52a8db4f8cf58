"""Dialogs of the play window: new game from a scenario, message boxes, the busy cursor.

Message boxes are opened window-modal and non-blocking (``open``), so the
program and tests keep running while one is shown; the answer arrives through
a callback.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QMessageBox,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

ID_ROLE = Qt.ItemDataRole.UserRole


class OptionsForm(QGroupBox):
    """One row per option a game's manifest declares (``GameManifest.options``):
    a list, a check box or a whole number.  Any game's options show here without
    the dialog knowing the game; hidden when the game has none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Game options", parent)
        self.setObjectName("gameOptionsBox")
        self.form = QFormLayout(self)
        self.options: tuple = ()
        self.fields: dict[str, QWidget] = {}
        self.setVisible(False)

    def set_options(self, options) -> None:
        """Show ``options`` (a sequence of ``GameOption``), each at its default."""
        if tuple(options) == self.options:
            return
        while self.form.rowCount():
            self.form.removeRow(0)
        self.options, self.fields = tuple(options), {}
        for option in self.options:
            field = self._field(option)
            field.setObjectName(f"option_{option.id}")
            tip = option.tip + (f" (rule {option.rule})" if option.rule else "")
            field.setToolTip(tip)
            field.setProperty("tip", tip)
            self.fields[option.id] = field
            self.form.addRow(option.title + ":", field)
        self.setVisible(bool(self.options))

    @staticmethod
    def _field(option) -> QWidget:
        if option.kind == "choice":
            box = QComboBox()
            for value, title in option.choices:
                box.addItem(title, value)
            box.setCurrentIndex(max(0, box.findData(option.default)))
            return box
        if option.kind == "bool":
            check = QCheckBox()
            check.setChecked(bool(option.default))
            return check
        spin = QSpinBox()
        spin.setRange(option.minimum, option.maximum)
        spin.setValue(int(option.default))
        return spin

    def values(self) -> dict:
        """Each option's value as chosen (empty when the form is switched off)."""
        if not self.isEnabled():
            return {}
        out = {}
        for option in self.options:
            field = self.fields[option.id]
            if isinstance(field, QComboBox):
                out[option.id] = field.currentData()
            elif isinstance(field, QCheckBox):
                out[option.id] = field.isChecked()
            else:
                out[option.id] = field.value()
        return out

    def leave_out(self, reasons: dict[str, str]) -> None:
        """Grey out the options a scenario leaves out of play (``{id: why}``), unset,
        with the reason as their tooltip; every other option offered as usual."""
        for option in self.options:
            field = self.fields[option.id]
            why = reasons.get(option.id)
            if why:
                self.set_value(option.id, False if option.kind == "bool" else option.default)
            field.setEnabled(not why)
            field.setToolTip(why or field.property("tip"))
            label = self.form.labelForField(field)
            if label is not None:                       # its title greyed too
                label.setEnabled(not why)
                label.setToolTip(why)

    def set_value(self, option_id: str, value) -> None:
        field = self.fields[option_id]
        if isinstance(field, QComboBox):
            field.setCurrentIndex(field.findData(value))
        elif isinstance(field, QCheckBox):
            field.setChecked(bool(value))
        else:
            field.setValue(int(value))


class NewGameDialog(QDialog):
    """Pick a scenario, grouped by game, with its description, the rules mode and a
    dice seed.  ``scenarios`` are records with ``id``, ``title``, ``game``,
    ``game_title`` and ``description`` (``ffl.catalog.ScenarioInfo``)."""

    def __init__(self, scenarios: Sequence, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        self.setWindowTitle("New game")
        self.resize(720, 420)
        self.scenarios = {s.id: s for s in scenarios}
        self.tree = QTreeWidget()
        self.tree.setObjectName("scenarioTree")
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(False)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        games: dict[str, QTreeWidgetItem] = {}
        for info in scenarios:
            group = games.get(info.game)
            if group is None:
                group = games[info.game] = QTreeWidgetItem(self.tree, [info.game_title])
                font = group.font(0)
                font.setBold(True)
                group.setFont(0, font)
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                group.setExpanded(True)
            item = QTreeWidgetItem(group, [info.title])
            item.setData(0, ID_ROLE, info.id)
            item.setToolTip(0, info.id)
        self.description = QTextBrowser()
        self.description.setObjectName("scenarioDescription")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setSpecialValueText("random")
        self.seed.setToolTip("The dice seed; 'random' picks a new one.  The same seed "
                             "gives the same rolls, for replaying a game.")
        split = QSplitter()
        split.addWidget(self.tree)
        split.addWidget(self.description)
        split.setSizes([280, 440])
        split.setMinimumHeight(200)     # a game with many options still shows its scenarios
        self.rules = QComboBox()
        self.rules.setObjectName("rulesModeBox")
        self.rules.setToolTip("Enforce: only legal actions.  Advise: an illegal action is "
                              "allowed after a warning naming the rule, and the log marks "
                              "it.  Off: free play on the game's map and counters.")
        self.options = OptionsForm()
        from .opponent import PlayersForm  # who plays each side: a person or the program

        self.players = PlayersForm()
        self.rules.currentIndexChanged.connect(self._options_apply)
        form = QFormLayout()
        form.addRow("Rules:", self.rules)
        form.addRow("Dice seed:", self.seed)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if not scenarios:
            layout.addWidget(QLabel("No scenarios are installed."))
        layout.addWidget(split, 1)
        layout.addLayout(form)
        layout.addWidget(self.options)
        layout.addWidget(self.players)
        layout.addWidget(self.buttons)
        self.tree.currentItemChanged.connect(self._show_description)
        self.tree.itemDoubleClicked.connect(
            lambda item, _col: self.accept() if item.data(0, ID_ROLE) else None)
        if scenarios:
            self.select(scenarios[0].id)
        self._update_ok()

    def titles(self) -> list[str]:
        """The scenario titles listed, in order (games' headings left out)."""
        return [self.tree.topLevelItem(g).child(i).text(0)
                for g in range(self.tree.topLevelItemCount())
                for i in range(self.tree.topLevelItem(g).childCount())]

    def _show_description(self, *_: object) -> None:
        info = self.scenarios.get(self.selected_id() or "")
        if info is None:
            self.description.clear()
        else:
            self.description.setHtml(
                f"<h3>{escape(info.title)}</h3>"
                f"<p><i>{escape(info.game_title)}</i> &middot; <code>{escape(info.id)}</code></p>"
                f"<p>{escape(info.description or 'No description.')}</p>")
        self._update_ok()

    def _update_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.selected_id() is not None)
        self._fill_rules()
        self._fill_options()

    def _fill_options(self) -> None:
        """The chosen scenario's game's own options (its manifest declares them)."""
        from ffl.games import manifest

        info = self.scenarios.get(self.selected_id() or "")
        game = manifest(info.game) if info is not None else None
        self.options.set_options(game.options if game is not None else ())
        for key, value in _scenario_options(info).items():   # the scenario's own defaults
            if key in self.options.fields:
                self.options.set_value(key, value)
        self.options.leave_out(_scenario_options_out(info))
        self._options_apply()
        self.players.set_sides(*_players_of(info))

    def _options_apply(self, *_: object) -> None:
        """A game played with the rules off (free play) takes none of its options."""
        from ffl.games.manifest import OFF

        self.options.setEnabled(self.chosen_rules() != OFF)
        self.players.setEnabled(self.chosen_rules() != OFF)     # the program needs the rules

    def chosen_options(self) -> dict:
        """The game options chosen (empty for a game without any, or rules off)."""
        return {**self.options.values(), **self.players.options()}

    def _fill_rules(self) -> None:
        """The rules modes the chosen scenario's game can be played in."""
        from ffl.games import manifest
        from ffl.games.manifest import OFF, RULES_MODE_TITLES

        info = self.scenarios.get(self.selected_id() or "")
        game = manifest(info.game) if info is not None else None
        modes = game.rules_modes if game is not None else (OFF,)
        current = self.chosen_rules()
        self.rules.blockSignals(True)
        self.rules.clear()
        for mode in modes:
            self.rules.addItem(RULES_MODE_TITLES[mode], mode)
        index = self.rules.findData(current)
        self.rules.setCurrentIndex(max(0, index))
        self.rules.blockSignals(False)
        self.rules.setEnabled(len(modes) > 1)

    def chosen_rules(self) -> str | None:
        """The rules mode chosen (None before any scenario is chosen)."""
        return self.rules.currentData()

    def selected_id(self) -> str | None:
        item = self.tree.currentItem()
        return item.data(0, ID_ROLE) if item else None

    def select(self, scenario_id: str) -> None:
        for g in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(g)
            for i in range(group.childCount()):
                if group.child(i).data(0, ID_ROLE) == scenario_id:
                    self.tree.setCurrentItem(group.child(i))
                    return

    def chosen_seed(self) -> int | None:
        return self.seed.value() or None


def _scenario(info):
    """The installed scenario ``info`` names; None when it is not installed or its
    module cannot be read (a dialog never fails on a broken module file)."""
    if info is None:
        return None
    try:
        from ffl import catalog

        return catalog.load_module(info.game).scenarios.get(info.id)
    except Exception:       # noqa: BLE001
        return None


def _scenario_options(info) -> dict:
    """The options an installed scenario switches on by default (its
    ``Scenario.options``, e.g. FFL's draft scenario 19 with Wounds)."""
    scenario = _scenario(info)
    return dict(scenario.options) if scenario is not None else {}


def _scenario_options_out(info) -> dict[str, str]:
    """The options an installed scenario leaves out of play, each with the reason
    its set-up gives (``setup["options_out"]``, e.g. 19 without Le Cafard: no
    Bedouin player to prepare it, 17.31 / 19.1)."""
    scenario = _scenario(info)
    out = ((scenario.setup or {}).get("options_out") or {}) if scenario is not None else {}
    return {key: str(note.get("text", "")) or "Not in play in this scenario."
            for key, note in out.items() if isinstance(note, dict)}


def _players_of(info) -> tuple:
    """``(game manifest, sides, side names)`` of an installed scenario, for the
    Players rows (no game when it cannot be read)."""
    from .opponent import players_of

    return players_of(info)


class OptionsDialog(QDialog):
    """A game's options alone (starting a game again with other options):
    non-blocking; ``accepted`` hands back :meth:`values`."""

    def __init__(self, parent: QWidget, title: str, options,
                 values: dict | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("optionsDialog")
        self.setWindowTitle(title)
        self.form = OptionsForm()
        self.form.set_options(options)
        for key, value in (values or {}).items():
            self.form.set_value(key, value)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(buttons)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def values(self) -> dict:
        return self.form.values()


def show_error(parent: QWidget, title: str, text: str, detail: str = "") -> QMessageBox:
    """A non-blocking error box (objectName ``errorBox``)."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text,
                      QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("errorBox")
    if detail:
        box.setInformativeText(detail)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def ask(parent: QWidget, name: str, title: str, text: str,
        answer: Callable[[bool], None], detail: str = "") -> QMessageBox:
    """A non-blocking Yes/No question; ``answer(True)`` for Yes."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setObjectName(name)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    if detail:
        box.setInformativeText(detail)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def done(_result: int) -> None:
        clicked = box.clickedButton()
        answer(clicked is not None
               and box.standardButton(clicked) == QMessageBox.StandardButton.Yes)

    box.finished.connect(done)
    box.open()
    return box


@contextmanager
def busy_cursor() -> Iterator[None]:
    """A wait cursor while the block runs (opening a game, writing a PDF)."""
    QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QGuiApplication.restoreOverrideCursor()
