"""Mouse clicks of the card game UI: on a card of the hand and on a map section.

A click picks a card, lays the picked card with the contact clicked (a card in
the hand, or a section whose letter a hand card bears), or is refused with
the controller's reason and rule.  Mixed into :class:`~.play.CardGameUI`,
which provides ``ctrl``, ``session``, ``window``, ``selected``, ``shown_view``,
``active``, ``act``, ``refuse``, ``notice``, ``name`` and ``render``.
"""

from __future__ import annotations

from ffl.engine import Action, GameState
from ffl.games.card_game import tables as T
from ffl.games.card_game.controller import DISCARD, PLAY

from .faces import face_of


class CardClicksMixin:
    """Card and section clicks (see the module docstring)."""

    def card_clicked(self, card: str) -> None:
        """A card of the shown hand was clicked: pick it, or lay the picked card."""
        view = self.shown_view()
        if view is None:
            return
        player, phase, sel = self.active(), view.vars["phase"], self.selected
        self.panel.set_notice("")
        if phase == DISCARD:
            verdict = self.ctrl.legal(self.state, Action.make("discard", player, card=card))
            if not verdict:
                self.refuse(verdict)
                return
            self.selected = None if sel == card else card
        elif sel is None or sel == card:
            self.selected = None if sel == card else card
            if self.selected and card not in self.ctrl.playable_cards(view, player):
                self.notice(self.why_not(view, card))
        elif card in self.ctrl.contact_cards(view, sel):
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
        """Why ``card`` cannot be laid now, with the rule that says so."""
        player = self.active()
        contacts = self.ctrl.contact_cards(view, card)
        if contacts:  # a contact is there, so something else forbids it
            verdict = self.ctrl.legal(self.state, Action.make(
                "play", player, card=card, contact=contacts[0]))
            return f"{verdict.rule}: {verdict.reason}"
        board = self.window.scene.board
        letters = sorted({board[k].get("letter") for k in self.ctrl.adjoining(view, card)}
                         - {"*"})
        return (f"{T.CONTACT}: no card in your hand bears a letter of the sections adjoining "
                f"{self.ctrl.section_of(view, card)} ({', '.join(letters)})")

    def section_clicked(self, key: str) -> None:
        """A map section was clicked: lay the picked card with a contact there, or pick."""
        view = self.shown_view()
        if view is None:
            if self.active() is not None:
                self.notice("The hand is hidden: click the hand-over button first.")
            return
        player, sel = self.active(), self.selected
        if view.vars["phase"] != PLAY:
            self.refuse(self.ctrl.legal(self.state, Action.make(
                "play", player, card=sel or "", contact="")))
            return
        ctrl, board = self.ctrl, self.window.scene.board
        if sel is not None and key == ctrl.section_of(view, sel):
            self.selected = None
            self.render()
            return
        letter = board[key].get("letter")
        if sel is not None and key in ctrl.contacts(view, sel):
            contact = next(c for c in ctrl.contact_cards(view, sel)
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
        ctrl, board, module = self.ctrl, self.window.scene.board, self.session.module
        player, own = self.active(), ctrl.section_of(view, sel)
        letter = board[key].get("letter")
        if letter == "*":
            return f"{T.CONTACT}: a SPY square bears no letter, so it gives no contact"
        held = [c for c in view.vars["hands"][player]
                if c != sel and face_of(module, c).category != "spy"
                and face_of(module, c).letter == letter]
        if held:
            verdict = ctrl.legal(self.state, Action.make("play", player, card=sel,
                                                         contact=held[0]))
            return f"{verdict.rule}: {verdict.reason}"
        if key in board.diagonal(own):
            return f"{T.ADJOINING}: {key} only touches {own} at a corner, which does not count"
        if key in ctrl.adjoining(view, sel):
            return f"{T.HAND_ONLY}: you hold no card bearing {letter}, so {key} is no contact"
        return f"{T.CONTACT}: section {key} does not adjoin {own}"
