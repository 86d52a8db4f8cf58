"""Help on board for French Foreign Legion, as data (no Qt): how to play, what
to do next, and an index of the rules by number.

Everything here is written in our own words: short summaries to find one's way
and to read the log, never the rulebook's text, which stays the reference (the
rule numbers point into it).  The play window shows :data:`HOW_TO_PLAY` under
Help › How to play, the :data:`NEXT_STEP` line of the open action kinds after
the prompt in the status bar, and a :data:`RULES` entry under the event log
when a line is clicked (a rule not listed is answered by the nearest one above
it: 6.5213 by 6.521).

Text format: sections are ``(heading, text)``; paragraphs are separated by an
empty line and a line starting with ``- `` is a list item.
"""

from __future__ import annotations

from .help_action import ACTION
from .help_basics import BASICS
from .help_optional import OPTIONAL

#: Help › How to play French Foreign Legion
HOW_TO_PLAY: tuple[tuple[str, str], ...] = (
    ("The game", """\
A French Foreign Legion outpost in the Sahara is attacked by Bedouin tribes.
One player commands the Legion inside the fort, the other the Bedouin who come
in from the desert. Every man is one counter; the program knows the rules,
shows what each unit may do, rolls the die and names in the log the rule that
decided every result."""),
    ("How to win (9)", """\
The side that still has units on the board when the other has none left wins.
There is no turn limit: the game goes on until one side is gone."""),
    ("Setting up (2)", """\
- The log opens with the side roll (2.1).
- The Legion places 30 of its 33 units on fort squares, leaving out one unit of
  each squad, one unit per square and level, each facing a side or a corner of
  its square (2.31).
- The Bedouin stay off the board; they hand the ropes to the units that will
  carry them in (2.32). Each side ends its set-up when it is done."""),
    ("A turn (3)", """\
- The Sequence units (one chit per organization: three Legion squads, the
  Legion commanders, five tribes and the Bedouin commanders) are mixed in a cup.
- Movement: draw a chit; the units of that organization move, one after the
  other, and fight melees on the way; then draw the next chit, until the cup is
  empty.
- The chits are mixed again for the fire phases: draw a chit; that
  organization's units fire; and so on until the cup is empty.
- Stun removal: every stunned unit loses one stun marker. The next turn
  begins."""),
    ("Moving (6)", """\
- A unit has 3 movement factors if it starts in the desert or off the board, 5
  if it starts inside the fort; a square costs 1, diagonals included.
- Buildings are entered through doors and windows only (a window costs 1
  more); stairs cost 1 per level; a unit may jump down, never up, and rolls for
  injury (6.5).
- Ropes carried by the Bedouin can be thrown at a wall (a roll on the Grappling
  Table); once hooked, any unit may climb them.
- Turning is free. A unit may pass through friends but not stop on them.
- The Bedouin enter from a board edge; a whole organization comes in on the
  same turn from the same side, and at least one new organization must enter
  every turn until all are in (6.21)."""),
    ("Melee (6.7)", """\
Moving into a square held by a foe starts a melee. The attacker rolls the die:
at or above his melee number the defender is hit (eliminated in the Basic
Game), below it the attacker is. Climbing a stair or going through a window
just before costs 1, attacking from behind or a stunned defender helps, and
every further melee on the same defender in the same phase adds 1."""),
    ("Fire (7)", """\
A unit fires once a turn (pistols twice) at a foe inside its firing arc, the
quarter in front of it, within range (rifles reach the whole board, with a
penalty beyond 6 squares; pistols reach 3) and in line of sight. A roll at or
above its fire number hits. Moving first, a target behind a window, door,
crenel or on a stair, and long range each take 1 off the roll. Leaders (the
commanders, sergeants, corporals and chiefs) get a saving roll when hit by
fire. Several units of one organization may be announced together at one
target (7.13)."""),
    ("The counters", """\
- Blue counters are the Legion, tan ones the Bedouin. On each: the
  organization top left, the weapon top right (R rifle, P pistol), the name in
  the middle and the fire and melee numbers at the bottom ("2-3": hits by fire
  on 2 or more, wins a melee on 3 or more).
- The arrow shows where the unit faces: its firing arc opens that way.
- Badges: L1, L2, L3 the level it stands on (roof, parapet, tower top); S1, S2
  stun markers; R and a number the ropes it carries; M it has moved this turn
  (the counter is also darker).
- Rings: yellow, the units that may act now; orange, the unit chosen; red, a
  target, with the number needed to hit in the red disc.
- The board shows each square's highest level; a unit on a floor under a roof,
  parapet or tower top stands on its square with its level badge (small in a
  corner when the level above is held too).  Game > Level diagrams (Ctrl+L)
  draws those floors as diagrams below the fort, where units move as on the
  board."""),
    ("Mouse and keys", """\
- Space draws the next chit; E ends the drawn organization's phase (it asks
  first when units have not acted).
- Drag a ringed unit to move it: every square it can reach shows the movement
  factors left (hatched: only by jumping down); the drag is one undo step. A
  drag that rolls dice (a jump, a melee) asks first. Right-click a unit for
  climbing, jumping, grappling, ropes and leaving the board.
- Set-up: the Units tray saves a set-up by name, loads it, or makes a random
  one; the Bedouin drag each rope onto its carrier. Entering, Ctrl+click
  several waiting units and drag them together onto an edge.
- Fire: click a ringed unit, then a target showing a number; Ctrl+click
  several firers first to announce them together.
- Machinegun and cannon (optional): click the weapon, tick its crew in the
  panel (or click your units); click numbered targets to place the five shots
  (Shift+click: all that are left; right-click: one off); Enter fires, Esc
  puts it down. The cannon fires canister from the panel, shell at a square
  you click.
- R and Shift+R, or Shift+wheel over the unit, turn the chosen unit.
- The wheel zooms about the cursor; drag an empty spot or the middle button to
  pan; F fits the board.
- Ctrl+Z undoes, back to the start of the phase; a die roll is final unless
  both players allow undoing rolls (Edit menu).
- Click a line of the event log to read the rule it cites."""),
    ("Where to read more", """\
The rulebook (rules 1 to 25) is the reference; Help › Game Card shows the
printed tables (movement, line of sight, melee, fire, jumps, grappling, saving
rolls) and File › Print prints them with the character sheet and the reduced
gameboard."""),
)

#: what to do next, by the action kind the prompt opens (the first one listed
#: that is open is shown after the prompt in the status bar)
NEXT_STEP: dict[str, str] = {
    "impact-move": "click one of the shaded squares to move the unit there",
    "choose-side": "the player named picks a side in the Units panel (with two "
                   "players, setting up the Legion straight away keeps it)",
    "assign-chit": "give each mutineer squad its Sequence unit in the Scenario dock, "
                   "then begin",
    "place": "drag units from the Units tray onto fort squares (R turns); "
             "End set-up when done",
    "assign-rope": "give the ropes to the units that will carry them; End set-up when done",
    "draw": "press Space (or Draw) to draw the next Sequence unit",
    "move": "drag a ringed unit to move it (R turns it); E ends the phase",
    "enter": "drag a unit from the tray onto a board edge to bring it in; E ends the phase",
    "fire": "click a ringed unit, then a target showing a number; E ends the phase",
    "ungrapple": "right-click a unit beside a hooked rope to take it down; E ends the phase",
    "end-phase": "E ends the phase",
}

#: rule number -> (title, summary in our own words), in rule order; the entries
#: live by rule group in :mod:`.help_basics` (1-5), :mod:`.help_action` (6-9)
#: and :mod:`.help_optional` (10-25)
RULES: dict[str, tuple[str, str]] = {**BASICS, **ACTION, **OPTIONAL}
