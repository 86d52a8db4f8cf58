"""The tray's panels for choices outside the map: 2.1 the high roller's side,
12 the mounted tribes and 12.4 dismounting, 17.31 Le Cafard's secret choice and
17.32 its announcement.  Each shows only while the prompt opens its action
kinds; what is legal is asked of the controller."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QMenu, QPushButton, QVBoxLayout, QWidget

from ffl.engine import Action


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
        for take, text in (("legion", "Command the Legion"), ("bedouin", "Command the Bedouin")):
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
        self.mount_row = QHBoxLayout()
        mp.addLayout(self.mount_row)
        lo.addWidget(self.mount_panel)
        self.dismount_button = QPushButton("Dismount")
        self.dismount_button.setObjectName("dismountButton")
        self.dismount_button.clicked.connect(self._dismount)
        lo.addWidget(self.dismount_button)

    def refresh(self, kinds) -> None:
        self._show_side_choice(kinds)
        self._show_cafard(kinds)
        self._show_mounts(kinds)

    # -- 2.1 ---------------------------------------------------------------------------

    def _show_side_choice(self, kinds) -> None:
        """2.1 the high roller chooses his side (buttons; setting up the Legion
        before choosing keeps the Legion)."""
        prompt = self.ui.prompt()
        choosing = "choose-side" in kinds
        self.side_panel.setVisible(choosing)
        if choosing:
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
        announcing = "cafard" in kinds and bool(self._announcements())
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
        menu = QMenu(self)
        menu.setObjectName("cafardMenu")
        for action in self._announcements():
            entry = menu.addAction(f"{self.ui.name(action['piece'])} goes mad (17.32)")
            entry.triggered.connect(lambda _=False, a=action: self.ui.do(a))
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
                    self.mount_buttons[org] = button
                    self.mount_row.addWidget(button)
                button.blockSignals(True)
                button.setChecked(org in riding)
                button.blockSignals(False)
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
