"""Mouse clicks of the card game UI: on a card of the hand and on a map section.

A click picks a card, lays the picked card with the contact clicked (a card in
the hand, or a section whose letter a hand card bears), or is refused with
the controller's reason and rule.  Mixed into :class:`~.play.CardGameUI`,
which provides ``ctrl``, ``session``, ``scene``, ``selected``, ``shown_view``,
``active``, ``can``, ``act``, ``refuse``, ``notice``, ``name`` and ``render``.
"""

from __future__ import annotations

from ffl.engine import Action, GameState

from .faces import face_of


def ruled(reason: str, rule: str) -> str:
    """A refusal as the player reads it: the reason, then the rule in brackets
    ("It is Player 1's turn [First Player]"), so a rule id that reads like a
    player's name ("First Player 2") is never taken for one."""
    text = reason[:1].upper() + reason[1:]
    return f"{text} [{rule}]" if rule else text


class CardClicksMixin:
    """Card and section clicks (see the module docstring)."""

    def card_clicked(self, card: str) -> None:
        """A card of the shown hand was clicked: pick it, or lay the picked card."""
        view = self.shown_view()
        if view is None:
            return
        player, sel = self.active(), self.selected
        self.panel.set_notice("")
        if self.can("discard"):
            verdict = self.ctrl.legal(self.state, Action.make("discard", player, card=card))
            if not verdict:
                self.refuse(verdict)
                return
            self.selected = None if sel == card else card
        elif sel is None or sel == card:
            self.selected = None if sel == card else card
            if self.selected and card not in self.ctrl.playable_cards(view, player):
                self.notice(self.why_not(view, card))
        elif card in self.ctrl.contact_cards(view, player, sel):
            self.act(Action.make("play", player, card=sel, contact=card))
            return
        else:
            if sel in self.ctrl.playable_cards(view, player):
                verdict = self.ctrl.legal(self.state, Action.make("play", player, card=sel,
                                                                  contact=card))
                self.refuse(verdict, f"{self.name(card)} is no contact for "
                                     f"{self.name(sel)}. ")
            self.selected = card
        self.render()

    def why_not(self, view: GameState, card: str) -> str:
        """Why ``card`` cannot be laid now, with the rule that says so (asked of
        the controller, on what the player can see)."""
        verdict = self.ctrl.why_not_playable(view, self.active(), card)
        return ruled(verdict.reason, verdict.rule)

    def section_clicked(self, key: str) -> None:
        """A map section was clicked: lay the picked card with a contact there, or pick."""
        view = self.shown_view()
        if view is None:
            if self.active() is not None and self._program_level(self.active()):
                self.notice("The program is playing this seat: wait for your turn.")
            elif self.active() is not None:
                self.notice("The hand is hidden: click the hand-over button first.")
            return
        player, sel = self.active(), self.selected
        if not (self.can("play") or self.can("draw")):
            self.refuse(self.ctrl.legal(self.state, Action.make(
                "play", player, card=sel or "", contact="")))
            return
        ctrl, board = self.ctrl, self.scene.board
        if sel is not None and key == ctrl.section_of(view, sel):
            self.selected = None
            self.render()
            return
        letter = board[key].get("letter")
        if sel is not None and key in ctrl.contacts(view, player, sel):
            contact = next(c for c in ctrl.contact_cards(view, player, sel)
                           if face_of(self.session.module, c).letter == letter)
            self.act(Action.make("play", player, card=sel, contact=contact))
            return
        hand = view.vars["hands"][player]
        owner = next((c for c in hand if ctrl.section_of(view, c) == key), None)
        if sel is not None:
            self.notice(self.why_not_contact(view, sel, key))
        if owner is not None:
            self.card_clicked(owner) if sel is None else self._pick(owner)
        elif sel is None:
            self.notice(f"Section {key} ({letter}, {board[key].get('colour')}): none of "
                        f"your cards belongs there.")

    def _pick(self, card: str) -> None:
        self.selected = card
        self.render()

    def why_not_contact(self, view: GameState, sel: str, key: str) -> str:
        """Why section ``key`` gives no contact for the picked card ``sel``."""
        verdict = self.ctrl.why_no_contact(view, self.active(), sel, key)
        return ruled(verdict.reason, verdict.rule)
