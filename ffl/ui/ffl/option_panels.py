"""The tray's panels for choices outside the map: 2.1 the high roller's side,
12 the mounted tribes and 12.4 dismounting, 17.31 Le Cafard's secret choice and
17.32 its announcement.  Each shows only while the prompt opens its action
kinds; what is legal is asked of the controller."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ffl.engine import Action

#: the mount buttons (12) to a row in the Units dock
MOUNT_COLUMNS = 3


class OptionPanels(QWidget):
    """The upper panels (side choice, Le Cafard); ``lower`` holds the mounted
    tribes' buttons and the dismount button, shown under the unit list."""

    def __init__(self, ui) -> None:
        super().__init__()
        self.ui = ui
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # 2.1 the high roller's choice of side, open until the Legion set-up begins
        self.side_label = QLabel()
        self.side_label.setObjectName("sideChoiceLabel")
        self.side_label.setWordWrap(True)
        self.side_label.setMinimumWidth(0)
        self.side_buttons: dict[str, QPushButton] = {}
        self.side_panel = QWidget()
        self.side_panel.setObjectName("sideChoicePanel")
        sp = QVBoxLayout(self.side_panel)
        sp.setContentsMargins(0, 0, 0, 4)
        sp.addWidget(self.side_label)
        for take, text in (("legion", "Command the Legion"), ("bedouin", "Command the Bedouin"),
                           ("mutineer", "Command the Mutineers")):      # 23 three players
            button = QPushButton(text)
            button.setObjectName(f"choose{take.capitalize()}Button")
            button.clicked.connect(lambda _=False, t=take: self._choose_side(t))
            self.side_buttons[take] = button
            sp.addWidget(button)
        layout.addWidget(self.side_panel)
        # 17.31 the Bedouin's secret choice of the roll that counts; 17.32 announcing
        self.cafard_panel = QWidget()
        self.cafard_panel.setObjectName("cafardPanel")
        cp = QVBoxLayout(self.cafard_panel)
        cp.setContentsMargins(0, 0, 0, 4)
        self.cafard_label = QLabel()
        self.cafard_label.setWordWrap(True)
        cp.addWidget(self.cafard_label)
        self.pick_buttons: dict[int, QPushButton] = {}
        row = QHBoxLayout()
        for n in (1, 2, 3):
            button = QPushButton(f"Roll {n}")
            button.setObjectName(f"cafardPick{n}")
            button.clicked.connect(lambda _=False, w=n: self.ui.do(
                Action.make("cafard-pick", "bedouin", which=w)))
            self.pick_buttons[n] = button
            row.addWidget(button)
        cp.addLayout(row)
        self.announce_button = QPushButton("Le Cafard! (Bedouin)")
        self.announce_button.setObjectName("cafardButton")
        self.announce_button.setToolTip("17.32 name one of the units drawn in secret: it goes "
                                        "mad (the Bedouin player only)")
        self.announce_button.clicked.connect(self._announce_menu)
        cp.addWidget(self.announce_button)
        self.menu: QMenu | None = None
        layout.addWidget(self.cafard_panel)
        # 15.142 the breach and 15.223 the tunnel kept: the pending choice's buttons
        self.choice_panel = QWidget()
        self.choice_panel.setObjectName("choicePanel")
        self.choice_layout = QVBoxLayout(self.choice_panel)
        self.choice_layout.setContentsMargins(0, 0, 0, 4)
        self.choice_buttons: list[QPushButton] = []
        layout.addWidget(self.choice_panel)
        # 12 mounted organizations (Bedouin preparation) and 12.4 dismounting
        self.lower = QWidget()
        lo = QVBoxLayout(self.lower)
        lo.setContentsMargins(0, 0, 0, 0)
        self.mount_panel = QWidget()
        self.mount_panel.setObjectName("mountPanel")
        mp = QVBoxLayout(self.mount_panel)
        mp.setContentsMargins(0, 0, 0, 0)
        label = QLabel("<b>12 Mounted</b>: up to three tribes ride in")
        label.setWordWrap(True)
        mp.addWidget(label)
        self.mount_buttons: dict[str, QPushButton] = {}
        # three to a row: six tribes side by side widened the Units dock to ~510 px
        self.mount_row = QGridLayout()
        self.mount_row.setContentsMargins(0, 0, 0, 0)
        mp.addLayout(self.mount_row)
        lo.addWidget(self.mount_panel)
        self.dismount_button = QPushButton("Dismount")
        self.dismount_button.setObjectName("dismountButton")
        self.dismount_button.clicked.connect(self._dismount)
        lo.addWidget(self.dismount_button)
        # 15.11 dynamite given in secret; 15.21 tunnels plotted on the map
        self.siege_panel = QWidget()
        self.siege_panel.setObjectName("siegePanel")
        sg = QVBoxLayout(self.siege_panel)
        sg.setContentsMargins(0, 0, 0, 0)
        self.siege_label = QLabel()
        self.siege_label.setWordWrap(True)
        sg.addWidget(self.siege_label)
        row = QHBoxLayout()
        self.dynamite_box = QComboBox()
        # a long name never widens the Units dock (the list shows it whole)
        self.dynamite_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.dynamite_box.setMinimumContentsLength(8)
        self.dynamite_box.setObjectName("dynamiteCarrierBox")
        self.dynamite_button = QPushButton("Give dynamite")
        self.dynamite_button.setObjectName("giveDynamiteButton")
        self.dynamite_button.clicked.connect(self._give_dynamite)
        row.addWidget(self.dynamite_box, 1)
        row.addWidget(self.dynamite_button)
        sg.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(QLabel("Tunnel no."))
        self.tunnel_number = QSpinBox()
        self.tunnel_number.setObjectName("tunnelNumber")
        self.tunnel_number.setRange(1, 9)
        self.tunnel_number.setToolTip("15.22 NOTE: numbers left out are rolls for tunnels "
                                      "that do not exist")
        row.addWidget(self.tunnel_number)
        self.clear_tunnels = QPushButton("Clear tunnels")
        self.clear_tunnels.setObjectName("clearTunnelsButton")
        self.clear_tunnels.clicked.connect(lambda: self.ui.do(Action.make("clear-tunnels",
                                                                           "bedouin")))
        row.addWidget(self.clear_tunnels)
        sg.addLayout(row)
        lo.addWidget(self.siege_panel)

    def refresh(self, kinds) -> None:
        self._show_side_choice(kinds)
        self._show_cafard(kinds)
        self._show_mounts(kinds)
        self._show_siege(kinds)
        self._show_choice(kinds)

    # -- 15 ------------------------------------------------------------------------------

    def _show_siege(self, kinds) -> None:
        """15.11 the secret carriers, 15.21 the tunnel plots (Bedouin preparation)."""
        siege = "assign-dynamite" in kinds or "plot-tunnel" in kinds
        self.siege_panel.setVisible(siege)
        if not siege:
            return
        state = self.ui.state
        secret = (state.vars.get("siege_secret") or {})
        given = secret.get("dynamite") or {}
        left = [p.id for p in state.pieces.values() if p.type == "dynamite"
                and p.id not in given and p.status == "off"]
        self.siege_label.setText(
            f"<b>15 Siege</b> (Bedouin only, in secret): {len(left)} bundle(s) of dynamite to "
            "give. Tunnels: click an edge square, then the tunnel's last square (straight "
            f"inward); {sum(len(t['squares']) for t in secret.get('tunnels') or ())} of 16 "
            "squares used.")
        current = self.dynamite_box.currentData()
        self.dynamite_box.clear()
        types = self.ui.session.module.piece_types
        for p in sorted((p for p in state.pieces.values() if p.side == "bedouin"
                         and types[p.type].kind == "character"), key=lambda p: p.id):
            if p.id not in given.values():
                self.dynamite_box.addItem(f"{types[p.type].name} ({types[p.type].org})", p.id)
        if current is not None and self.dynamite_box.findData(current) >= 0:
            self.dynamite_box.setCurrentIndex(self.dynamite_box.findData(current))
        self.dynamite_button.setEnabled(bool(left))
        self._left_dynamite = left

    def _give_dynamite(self) -> None:
        left = getattr(self, "_left_dynamite", [])
        if left:
            self.ui.do(Action.make("assign-dynamite", "bedouin", dynamite=left[0],
                                   piece=self.dynamite_box.currentData()))

    def _show_choice(self, kinds) -> None:
        """A pending choice: 15.142 which wall to breach, 15.223 which tunnel to keep."""
        for button in self.choice_buttons:
            button.deleteLater()
        self.choice_buttons = []
        choosing = "breach" in kinds or "keep-tunnel" in kinds
        self.choice_panel.setVisible(choosing)
        if not choosing:
            return
        for action in self.ui.controller.legal_actions(self.ui.state):
            if action.kind == "breach":
                toward = action["toward"]
                text = "No breach (15.142)" if toward == "none" else \
                    f"Breach the wall towards {toward} (15.142)"
            elif action.kind == "keep-tunnel":
                text = f"Keep tunnel no. {action['label']} (15.223)"
            else:
                continue
            button = QPushButton(text)
            button.setObjectName(f"choice_{action.kind}")
            button.clicked.connect(lambda _=False, a=action: self.ui.do(a))
            self.choice_layout.addWidget(button)
            self.choice_buttons.append(button)

    # -- 2.1 ---------------------------------------------------------------------------

    def _show_side_choice(self, kinds) -> None:
        """2.1 the high roller chooses his side (buttons; setting up the Legion
        before choosing keeps the Legion)."""
        prompt = self.ui.prompt()
        choosing = "choose-side" in kinds
        self.side_panel.setVisible(choosing)
        # the sides still free, as the controller lists them (23: three, then two)
        free = {a.get("take") for a in self.ui.controller.legal_actions(self.ui.state)
                if a.kind == "choose-side"} if choosing else set()
        named = getattr(self.ui.controller, "scenario_side_name", None)
        for take, button in self.side_buttons.items():
            button.setVisible(take in free)
            if take in free and named is not None:    # 19.1 the Mutineer player's seat
                button.setText(f"Command the {named(self.ui.state, take)} side")
        if choosing and prompt.info.get("side_choice"):      # 23 the scenario's words
            self.side_label.setText(str(prompt.info["side_choice"]))
        elif choosing:
            rolls = prompt.info.get("rolls") or \
                (self.ui.state.vars.get("side_roll") or {}).get("rolls") or [[0, 0]]
            a, b = rolls[-1]
            chooser = str(prompt.info.get("chooser") or
                          (self.ui.state.vars.get("side_roll") or {}).get("high", ""))
            self.side_label.setText(
                f"<b>2.1 Side selection</b>: {chooser.capitalize()} rolled high "
                f"({max(a, b)} to {min(a, b)}) and chooses the side to command; the "
                "other player takes the other. Setting up the Legion keeps it.")

    def _choose_side(self, take: str) -> None:
        chooser = str(self.ui.prompt().info.get("chooser") or
                      (self.ui.state.vars.get("side_roll") or {}).get("high", ""))
        self.ui.do(Action.make("choose-side", chooser, take=take))

    # -- 17.3 ----------------------------------------------------------------------------

    def _show_cafard(self, kinds) -> None:
        picking = "cafard-pick" in kinds
        # offered whenever the rules allow one (17.32), drawn unit or not: the
        # Legion player must not learn from the button whether one is here
        announcing = "cafard" in kinds and self.ui.controller.cafard_open(self.ui.state)
        self.cafard_panel.setVisible(picking or announcing)
        for button in self.pick_buttons.values():
            button.setVisible(picking)
        self.announce_button.setVisible(announcing)
        if picking:
            self.cafard_label.setText(
                "<b>17.31 Le Cafard</b> (Bedouin only, in secret): choose which of the "
                "three rolls to come counts; 1-4 Legionnaires will be drawn in secret.")
        elif announcing:
            self.cafard_label.setText("<b>17.32 Le Cafard</b>: the Bedouin may name one of "
                                      "the units drawn in secret, before this organization "
                                      "acts.")

    def _announcements(self) -> list[Action]:
        return [a for a in self.ui.controller.legal_actions(self.ui.state) if a.kind == "cafard"]

    def _announce_menu(self) -> None:
        """17.32 the drawn units are the Bedouin's secret: the hand-over screen
        first, then the menu, then the screen again for the Legion player."""
        hand = self.ui.host.hand_over("Le Cafard (17.32): pass the computer to the Bedouin "
                                      "player.\nThe Legion player looks away.")
        self.cafard_cover = hand

        def shown() -> None:
            hand.button.clicked.disconnect(shown)
            self._cafard_choices()

        hand.button.clicked.connect(shown)

    def _cafard_choices(self) -> None:
        menu = QMenu(self)
        menu.setObjectName("cafardMenu")
        actions = self._announcements()
        for action in actions:
            entry = menu.addAction(f"{self.ui.name(action['piece'])} goes mad (17.32)")
            entry.triggered.connect(lambda _=False, a=action: self.ui.do(a))
        if not actions:
            menu.addAction("No unit drawn in secret is in this organization").setEnabled(False)
        menu.addAction("Announce nothing")
        # after the choice is carried out (the cover takes no action behind it); tied
        # to this panel, so it is dropped with it if the game is replaced meanwhile
        menu.aboutToHide.connect(lambda: QTimer.singleShot(0, self, lambda: self.ui.host.hand_over(
            "Pass the computer back to the Legion player.\nThe Bedouin player looks away.")))
        menu.popup(self.announce_button.mapToGlobal(self.announce_button.rect().bottomLeft()))
        self.menu = menu

    # -- 12 ------------------------------------------------------------------------------

    def _show_mounts(self, kinds) -> None:
        """12 the tribes' mount buttons in the Bedouin preparation; 12.4 the
        dismount button when the drawn organization may dismount."""
        state, ctrl = self.ui.state, self.ui.controller
        marking = "mount" in kinds or "unmount" in kinds
        self.mount_panel.setVisible(marking)
        if marking:
            from ffl.games.ffl.rules.context import BEDOUIN_ORGS

            types = self.ui.session.module.piece_types
            riding = {types[state.pieces[pid].type].org
                      for pid, marks in ctrl.unit_marks(state).items() if "MT" in marks}
            for org in BEDOUIN_ORGS:
                button = self.mount_buttons.get(org)
                if button is None:
                    button = QPushButton(ctrl.org_name(state, org).split()[0])
                    button.setObjectName(f"mount_{org}")
                    button.setCheckable(True)
                    button.clicked.connect(lambda on, o=org: self._mount(o, on))
                    n = len(self.mount_buttons)
                    self.mount_buttons[org] = button
                    self.mount_row.addWidget(button, n // MOUNT_COLUMNS, n % MOUNT_COLUMNS)
                button.blockSignals(True)
                button.setChecked(org in riding)
                button.blockSignals(False)
                # a tribe that cannot ride (left out, or set up on the board, 20.12)
                # is greyed, the tooltip says why
                verdict = ctrl.legal(state, Action.make("mount", "bedouin", org=org))
                button.setEnabled(org in riding or bool(verdict))
                button.setToolTip("" if org in riding or verdict else
                                  f"{verdict.rule} {verdict.reason}")
        dismount = next((a for a in ctrl.legal_actions(state) if a.kind == "dismount"), None) \
            if "dismount" in kinds else None
        self.dismount_button.setVisible(dismount is not None)
        if dismount is not None:
            self.dismount_button.setText(
                f"Dismount the {ctrl.org_name(state, dismount['org'])} (12.4)")

    def _mount(self, org: str, on: bool) -> None:
        self.ui.do(Action.make("mount" if on else "unmount", "bedouin", org=org))
        self.ui.refresh([])

    def _dismount(self) -> None:
        self.ui.do(Action.make("dismount", "bedouin", org=self.ui.prompt().info.get("org")))
