"""Help on board for the Foreign Legion Card Game, as data (no Qt): how to
play, what to do next and the rule index by paragraph (the summaries are the
game's own :data:`~ffl.games.card_game.tables.RULES`, in our words).  The text
format is that of :mod:`ffl.games.ffl.help`.
"""

from __future__ import annotations

from . import tables as T

#: Help › How to play the Foreign Legion Card Game
HOW_TO_PLAY: tuple[tuple[str, str], ...] = (
    ("The game", """\
Two to four Legionnaires hunt rebel hideouts in the desert state of As Q'ara.
Each card shows a hideout; a player lays it by showing a contact, another card
of his hand, for a neighbouring part of the map. The first player to lay the
cards required ends the game, and the best score wins."""),
    ("How to win (Play, Scoring)", """\
- Lay 6 cards with two players, 5 with three, 4 with four; a SPY may be laid
  on top of that count.
- A game stops at once when someone has laid the cards required. Every player
  adds up the numbers of the cards he laid, those laid before his SPY counting
  double; U/S cards count nothing; the player who finished gets 200 more.
- The highest score wins the game. A match of several games (File › New game,
  or Game › New match) is won, as agreed at the start, by the highest total or
  by the most games won."""),
    ("The map and the cards", """\
- The map of As Q'ara has 64 sections, each with a letter in a coloured square;
  the two squares marked with a star belong to the SPY cards.
- A card's own section is the one with the card's letter in the colour of the
  card's border. Its neighbours are the sections above, below, left and right
  of it, never the diagonal ones.
- Mission cards carry a letter and a number (the points); U/S (Unsuccessful
  Search) cards a letter and no points; the two SPY cards a star."""),
    ("A turn (First Player, Notes 1-3)", """\
- The player to the dealer's left begins; the turn passes to the left.
- To lay a card you must hold a contact: another card whose letter (any colour)
  is that of a neighbouring section. The contact is shown and kept.
- If any card can be laid you must lay one (a SPY never has to be; a U/S card
  must be, if it is all you can lay).
- If none can be laid, draw the top card of the pack and discard one card face
  up; the card drawn cannot be laid this turn.
- A player lays one SPY at most; it doubles the cards he has already laid. A
  second SPY in hand goes at the first discard."""),
    ("Hot-seat play", """\
The hand is hidden between turns behind a screen that names the next player:
pass the computer, then click the button. Only that player's hand is shown;
the table, the discards and the scores are open to all. Game › Hide hands
between turns switches the screen off for solitaire play."""),
    ("Mouse and keys", """\
- Click a card of your hand: the cards that can be laid have a green dot and
  their sections are ringed in gold on the map.
- With a card picked, click a contact card (green frame) or a green section of
  the map to lay it.
- Draw from the pack and Discard are buttons beside the hand, open only when
  the rules allow them.
- Ctrl+Z undoes; the wheel zooms the map; click a line of the event log to read
  the rule it cites."""),
)

#: what to do next, by the action kind the prompt opens
NEXT_STEP: dict[str, str] = {
    "play": "click a card with a green dot, then a contact card or a green section",
    "draw": "click Draw from the pack",
    "discard": "click a card, then Discard",
    "next_game": "click Deal the next game",
}

_TITLES = {
    T.DEAL_MAPS: "Laying out the maps",
    T.DEAL: "The deal",
    T.PLAY: "Cards to lay",
    T.FIRST_PLAYER: "Who plays, and when one must",
    T.SECTION: "A card's own section",
    T.CONTACT: "Contacts",
    T.ADJOINING: "Neighbouring sections",
    T.US_CARDS: "Unsuccessful Search cards",
    T.SUCCEEDING: "The next players and a new pack",
    T.DRAW_DISCARD: "Drawing and discarding",
    T.HAND_ONLY: "Contacts come from the hand",
    T.SPY: "SPY cards",
    T.END: "End of the game",
    T.SCORING: "Scoring and matches",
}

#: rule paragraph -> (title, summary in our own words)
RULES: dict[str, tuple[str, str]] = {
    rule: (_TITLES[rule], T.RULES[rule]) for rule in _TITLES
}
RULES[T.SCORING] = (
    _TITLES[T.SCORING],
    T.RULES[T.SCORING] + " A match of an agreed number of games goes either to the "
                         "highest total or to the player who won the most games.")
