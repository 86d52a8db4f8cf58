"""PhaseBar: the turn, phase, organization drawn and chits left in the cup, the
Draw / End phase buttons, the level selector and the dice display."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from ffl.engine import Phase, Prompt

from .dice import DiceDisplay

LEVEL_CHOICES = (("All", None), ("0", 0), ("1", 1), ("2", 2), ("3", 3))
#: the most characters of rule numbers the bar lists ('Options: 10-17.2 17.4-18' fits a
#: 1366-pixel window beside the rest of the bar); more is said as a count
MAX_LISTED = 16


def compact_rules(chosen: list[str]) -> str:
    """The optional rules' numbers, a run of rules next to each other in 10-18 as
    one range ("10-18" for all of them; "10-11 14 17.3-18"): the bar stays narrow
    enough for a 1366-pixel window (the titles are in the tooltip)."""
    from ffl.games.ffl.options import OPTIONAL_RULES

    order = [o.rule for o in OPTIONAL_RULES]
    runs: list[list[str]] = []
    for rule in chosen:
        known = rule in order and runs and runs[-1][-1] in order
        if known and order.index(rule) == order.index(runs[-1][-1]) + 1:
            runs[-1].append(rule)
        else:
            runs.append([rule])
    return " ".join(run[0] if len(run) == 1 else
                    f"{run[0].split('-')[0]}-{run[-1].split('-')[-1]}" for run in runs)


class PhaseBar(QWidget):
    """The bar across the top of the FFL play window."""

    levelChanged = Signal(object)  # noqa: N815  (None for every level)

    def __init__(self, animate_dice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("phaseBar")
        self.turn_label = QLabel()
        self.turn_label.setObjectName("turnLabel")
        self.phase_label = QLabel()
        self.phase_label.setObjectName("phaseLabel")
        self.org_label = QLabel()
        self.org_label.setObjectName("orgLabel")
        self.cup_label = QLabel()
        self.cup_label.setObjectName("cupLabel")
        self.draw_button = QPushButton("Draw chit")
        self.draw_button.setObjectName("drawButton")
        self.draw_button.setToolTip("Draw the next Sequence unit from the cup (Space)")
        self.end_button = QPushButton("End phase")
        self.end_button.setObjectName("endPhaseButton")
        self.end_button.setToolTip("End the drawn organization's phase (E)")
        self.setup_button = QPushButton("End set-up")
        self.setup_button.setObjectName("endSetupButton")
        self.levels = QButtonGroup(self)
        self.levels.setExclusive(True)
        self.level_buttons: dict[object, QToolButton] = {}
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 6, 2)
        for w in (self.turn_label, self.phase_label, self.org_label, self.cup_label):
            row.addWidget(w)
            row.addSpacing(10)
        row.addWidget(self.draw_button)
        row.addWidget(self.end_button)
        row.addWidget(self.setup_button)
        row.addSpacing(16)
        row.addWidget(QLabel("Level:"))
        for i, (text, level) in enumerate(LEVEL_CHOICES):
            b = QToolButton()
            b.setText(text)
            b.setCheckable(True)
            b.setObjectName(f"level{text}")
            b.setToolTip("Show every level" if level is None else
                         f"Work on level {level}: its diagram ringed, pieces of other levels "
                         "faded, drops on the board go to this level")
            self.levels.addButton(b, i)
            self.level_buttons[level] = b
            row.addWidget(b)
        self.level_buttons[None].setChecked(True)
        self.levels.idClicked.connect(lambda i: self.levelChanged.emit(LEVEL_CHOICES[i][1]))
        row.addSpacing(16)
        self.options_label = QLabel()
        self.options_label.setObjectName("optionsLabel")
        row.addWidget(self.options_label)
        row.addSpacing(10)
        self.dice = DiceDisplay(animate_dice)
        row.addWidget(self.dice, 1)

    def show_options(self, rules) -> None:
        """10-18 the optional rules in play: their numbers, titles on hover."""
        if not rules:
            self.options_label.setText("Basic Game")
            self.options_label.setToolTip("No optional rule (10-18) is in play")
            return
        numbers = compact_rules([rule for _id, rule, _t in rules])
        # a list with many gaps would widen the bar past a 1366 window: the count
        # then, the list on hover
        self.options_label.setText("Options: " + (numbers if len(numbers) <= MAX_LISTED
                                                  else f"{len(rules)} rules"))
        self.options_label.setToolTip("Optional rules in play:<br>" + "<br>".join(
            f"{rule} {title}" for _id, rule, title in rules))

    @property
    def level(self) -> int | None:
        return LEVEL_CHOICES[max(0, self.levels.checkedId())][1]

    def set_level(self, level: int | None) -> None:
        self.level_buttons[level].setChecked(True)
        self.levelChanged.emit(level)

    def show_prompt(self, prompt: Prompt, phase: Phase, can_draw: bool, can_end: bool,
                    can_end_setup: bool) -> None:
        """Show what the controller's prompt says: turn, phase, organization, cup."""
        info = prompt.info
        self.turn_label.setText(f"<b>Turn {info.get('turn') or '—'}</b>")
        self.phase_label.setText(info.get("phase_title") or phase.title)   # 19.12
        self.phase_label.setToolTip(f"{phase.rule} {phase.title}: {phase.actor}".strip()
                                    if phase.actor else phase.title)
        named = info.get("side_name") if info.get("side") == prompt.side else None
        side = str(named or info.get("side") or "")           # 19.1 the Mutineer player
        side = side if named else side.capitalize()
        if info.get("org"):
            self.org_label.setText(f"<b>{info.get('org_name')}</b> ({side})")
        else:
            self.org_label.setText(f"{side} to act" if side else "")
        drawing = bool({"draw", "end-phase", "impact-move"} & set(prompt.kinds))
        setting_up = "end-setup" in prompt.kinds
        self.cup_label.setText(f"Cup: {info.get('cup', 0)} left" if drawing else "")
        self.draw_button.setVisible(drawing)
        self.end_button.setVisible(drawing)
        self.setup_button.setVisible(setting_up)
        self.draw_button.setEnabled(can_draw)
        self.end_button.setEnabled(can_end)
        self.setup_button.setEnabled(can_end_setup)
