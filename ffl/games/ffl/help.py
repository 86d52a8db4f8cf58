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

#: rule number -> (title, summary in our own words)
RULES: dict[str, tuple[str, str]] = {
    # -- 1 equipment ----------------------------------------------------------------
    "1": ("The game equipment",
          "What comes in the box: the fort on a square grid, the counters (men, "
          "equipment, sequence chits, markers), the Game Card tables, the rulebook "
          "and one six-sided die."),
    "1.1": ("The gameboard",
            "A walled desert outpost drawn on squares, with sand all round it."),
    "1.11": ("Squares",
             "Squares set positions and movement; each has a dot in its centre "
             "from which lines of sight are drawn."),
    "1.12": ("Elevations",
             "Colours give each square's height: level 0 for sand and parade "
             "ground, 1 for roofs, 2 for parapets, 3 for tower tops. A square with "
             "several levels shows its highest; the lower ones are drawn in "
             "separate diagrams beside the fort."),
    "1.13": ("Other board features",
             "Thick and thin walls, crenellated walls, doors, windows, stairs and "
             "the gate are marked on the board, and each building is named."),
    "1.2": ("The playing pieces", "The counters, called units."),
    "1.21": ("Character units",
             "One man each, showing name, weapon (R rifle, P pistol), fire number, "
             "melee number and organization; blue for the Legion, tan for the "
             "Bedouin."),
    "1.22": ("Equipment units", "Ropes, and in the optional rules dynamite and heavy "
                                "weapons."),
    "1.221": ("Ropes", "Ropes with a hook, used to climb walls (6.3, 6.4)."),
    "1.24": ("Sequence units",
             "One chit per organization (three Legion squads, the Legion "
             "commanders, five tribes, the Bedouin commanders); drawing them decides "
             "who moves and fires next."),
    "1.25": ("Information units", "Markers: stuns, gates, and the optional rules' "
                                  "markers."),
    "1.3": ("Game Cards", "The tables used most often, one card for each player."),
    # -- 2 set-up -------------------------------------------------------------------
    "2": ("Set up and preparation",
          "Choosing sides, then the Legion sets up inside the fort and the Bedouin "
          "get ready off the board."),
    "2.1": ("Side selection",
            "Both players roll; the higher roll picks a side (ties roll again)."),
    "2.2": ("Gameboard set-up",
            "In the Basic Game every door and window is open and stays so, and the "
            "gate is closed and stays so."),
    "2.3": ("Character unit set-up", "Who is placed, where and in which order."),
    "2.31": ("Legion set-up (first)",
             "The Legion places 30 of its 33 units anywhere inside the fort, one "
             "unit per square and level, each clearly facing a side or corner; the "
             "three left out are one from each squad."),
    "2.32": ("Bedouin set-up (second)",
             "No Bedouin unit starts on the board. The ropes are shared out among "
             "the units that will carry them in; any number, or none, per "
             "organization."),
    # -- 3 sequence -----------------------------------------------------------------
    "3": ("Sequence of play",
          "Each turn: mix the chits, movement and melee phases, mix again, fire "
          "phases, stun removal; repeated until one side wins."),
    "3.1": ("Mix for movement", "All the sequence chits go into the cup."),
    "3.2": ("Movement and melee phases",
            "Chits are drawn one at a time; the organization drawn moves its units, "
            "melees included."),
    "3.3": ("Mix for fire", "The chits go back into the cup."),
    "3.4": ("Fire phases",
            "Chits are drawn one at a time; the organization drawn may fire."),
    "3.5": ("Stun removal phase", "Each stunned unit loses one stun marker."),
    # -- 4 general ------------------------------------------------------------------
    "4": ("General procedures", "Rules that apply in several phases."),
    "4.1": ("The controlling player",
            "Each player moves, fires and rolls for his own units."),
    "4.2": ("Facing",
            "Every unit points to a side or a corner of its square; the firing arc "
            "follows its facing."),
    "4.21": ("Unit fronts", "The front is the way the unit faces, shown by its arrow."),
    "4.22": ("Clear facing", "A unit must always face a definite side or corner."),
    "4.3": ("One unit per square",
            "At most one unit may end its move in a square at the same level."),
    "4.31": ("Passing friends", "A unit may move through friends but not stop with them."),
    "4.32": ("Sharing with equipment",
             "A unit may share its square with any equipment and markers."),
    "4.33": ("Entering a foe's square",
             "Moving into a foe's square stops the move for a melee (a jump is the "
             "exception, 6.5)."),
    "4.4": ("Reading the die",
            "Modifiers are added to or taken from the roll, all of them together."),
    "4.5": ("Organizations",
            "Units move and fire only when their own organization's chit is drawn; "
            "friends are one's own side, foes the other."),
    # -- 5 mix ----------------------------------------------------------------------
    "5": ("Mixing the sequence units",
          "The chits are shuffled unseen, twice a turn: before movement and before "
          "fire."),
    # -- 6 movement and melee -------------------------------------------------------
    "6": ("Movement and melee", "How units move, climb, jump, grapple and fight hand "
                                "to hand."),
    "6.1": ("General rules of movement",
            "When its chit is drawn an organization moves; only when it is done is "
            "the next chit drawn, so nobody knows the order in advance."),
    "6.11": ("Order of movement",
             "Units move one at a time in any order; once another unit has started, "
             "the earlier one is finished. Moving is never compulsory."),
    "6.12": ("Movement factors",
             "A unit's allowance for the phase depends on where it starts."),
    "6.121": ("Movement in the desert", "3 factors when starting on sand or off the "
                                        "board."),
    "6.122": ("Movement in the fort", "5 factors when starting inside the fort."),
    "6.123": ("Unused factors",
              "A unit may spend fewer factors than it has, never more, and cannot "
              "save or share them."),
    "6.124": ("What movement costs",
              "Turning is free; a new square 1; a stair climb 1; passing a window 1 "
              "more; a melee 1 (free if the last factor took the unit in); a "
              "grappling attempt 1."),
    "6.1241": ("Turning is free", "Changing facing costs nothing."),
    "6.1242": ("Entering a square", "Each square entered costs 1, jumps and doorways "
                                    "included."),
    "6.1243": ("Stairs", "Each climb up or down a stair costs 1."),
    "6.1244": ("Windows", "Passing through a window costs 1 on top of the square."),
    "6.1245": ("Melee cost",
               "A melee costs 1, unless entering the square used the unit's last "
               "factor."),
    "6.1246": ("Grappling cost", "Each grappling attempt costs 1."),
    "6.13": ("Directions of movement",
             "From square to touching square, diagonals allowed; buildings only "
             "through doors and windows, and through those straight, not "
             "diagonally."),
    "6.14": ("Changing level",
             "A unit changes level only by stairs, by climbing a rope, or by jumping "
             "down."),
    "6.15": ("Marking moved units", "Units that spent factors are marked until their "
                                    "fire phase."),
    "6.16": ("Watching", "The other player only watches during a movement phase."),
    "6.2": ("Entering and leaving the board",
            "The Bedouin begin off the board and come on during the game."),
    "6.21": ("Entering the board",
             "An organization comes on when its chit is drawn, all its units on the "
             "same turn and from the same board edge; the first square costs 1. At "
             "least one new organization must come on every turn until all have; "
             "carriers bring their ropes."),
    "6.22": ("Leaving the board", "A unit that leaves the board is out of the game."),
    "6.3": ("Grappling", "Ropes are thrown up walls to hook them."),
    "6.31": ("Carrying ropes",
             "A unit in a rope's square may carry it along, any number of ropes, but "
             "each rope only by one unit a turn; a rope of an eliminated carrier "
             "stays in the square."),
    "6.32": ("One attempt per rope",
             "Each rope may be thrown once a turn, at a wall side of its own square, "
             "never at a corner."),
    "6.33": ("The grappling attempt", "How a throw is made and read."),
    "6.331": ("Making an attempt",
              "The unit must share the rope's square and still have a factor left."),
    "6.332": ("The kind of attempt",
              "One or two levels up, three levels up, or a drop to a lower square: "
              "each has its line on the Grappling Table."),
    "6.333": ("Rolling for the grapple",
              "Roll on the Grappling Table's line for the attempt."),
    "6.3331": ("A hold", "The hook holds: the rope now hangs on that wall side."),
    "6.3332": ("A miss",
               "The rope falls back (into the lower square after a drop) and cannot "
               "be thrown again this turn."),
    "6.4": ("Climbing ropes",
            "Any number of units may climb a hooked rope, up or down, for 1 factor "
            "each, between the two squares it joins, if they can also pay for the "
            "square."),
    "6.5": ("Jumping",
            "Going down a level or more without stairs or rope is a jump: it costs "
            "only the square, is announced, and is checked for injury at once; one "
            "never jumps up."),
    "6.51": ("Jumping injuries", "A jump may hurt the jumper."),
    "6.511": ("The Jump Table",
              "Roll on the line for the levels dropped: no effect, stunned once or "
              "twice, or hit."),
    "6.512": ("Soft sand", "Landing on sand takes 1 off the injury roll."),
    "6.52": ("Jump impact",
             "Jumping onto a square with another unit may hurt one of them; checked "
             "after the jumper's own injury."),
    "6.521": ("Impact roll",
              "Roll on the Jump Impact Table, in the friend or foe column: nothing, "
              "the unit below stunned or hit, or the jumper hit."),
    "6.5211": ("Impact: no effect", "Neither unit is hurt."),
    "6.5212": ("Impact: friend stunned", "The friend landed on is stunned once."),
    "6.5213": ("Impact: friend badly stunned", "The friend landed on is stunned twice."),
    "6.5214": ("Impact: foe stunned", "The foe landed on is stunned once."),
    "6.5215": ("Impact: foe hit", "The foe landed on is hit."),
    "6.5216": ("Impact: jumper hit", "The jumper is hit."),
    "6.522": ("After the impact",
              "Unstunned foes fight a melee; otherwise a unit is pushed to an open "
              "neighbouring square."),
    "6.5221": ("Neither stunned",
               "Foes fight a melee; a friend below is moved aside."),
    "6.5222": ("Both stunned",
               "The jumper's player moves the unit that was there aside."),
    "6.5223": ("One stunned",
               "The jumper's player moves the stunned unit aside."),
    "6.5224": ("Where the pushed unit goes",
               "To an open touching square it could walk into, not through a wall or "
               "window nor higher up; with none, it is eliminated."),
    "6.5225": ("Going on after a jump",
               "An unstunned jumper with factors left may keep moving."),
    "6.53": ("Stunned units",
             "A stunned unit neither moves nor fires, and is easier to beat in "
             "melee."),
    "6.6": ("Climbing stairs",
            "Each climb, up or down, costs 1 and changes the level by one."),
    "6.61": ("Tower stairs",
             "In a tower the unit enters the stair square for 1, then climbs for 1 "
             "to the next level."),
    "6.62": ("Other stairs",
             "Elsewhere a climb can only be paid together with the square it leads "
             "into."),
    "6.7": ("Melee",
            "Moving into a foe's square starts a hand-to-hand fight; the mover "
            "attacks."),
    "6.71": ("Melee procedure",
             "The attacker rolls: at or above his melee number the defender is hit, "
             "below it the attacker is."),
    "6.72": ("Melee modifiers", "What adds to or takes from the attacker's roll."),
    "6.721": ("Up a stair", "1 off when the attacker climbed a stair just before."),
    "6.722": ("Through a window", "1 off when the attacker came through a window."),
    "6.723": ("From behind", "1 added when attacking from straight behind the "
                             "defender."),
    "6.724": ("Successive melees",
              "1 added for each earlier melee on the same defender this phase."),
    "6.725": ("Stunned defender", "2 added against a stunned defender."),
    "6.73": ("After a melee",
             "A winning attacker may go on moving, into more melees too, with the "
             "factors left."),
    # -- 7 fire ---------------------------------------------------------------------
    "7": ("Fire", "How units shoot."),
    "7.1": ("General rules of fire",
            "When its chit is drawn an organization fires; then the next chit."),
    "7.11": ("Possible targets",
             "A foe in the firing arc, within range and in line of sight."),
    "7.12": ("Firing once",
             "Each unit fires by itself, in its own fire phase, once a turn at one "
             "target (pistols excepted)."),
    "7.13": ("Announcing groups",
             "Several units of one organization may fire at the same target, but "
             "all of them are named before the first shot and stay bound to it."),
    "7.14": ("Off the board", "Units off the board neither fire nor are fired at."),
    "7.2": ("Firing ranges", "Each weapon has its reach."),
    "7.21": ("Rifles", "Rifles reach the whole board; beyond 6 squares is long range."),
    "7.22": ("Pistols", "Only the captain and the lieutenant have pistols: 3 squares "
                        "at most."),
    "7.23": ("Counting range",
             "Count squares by the shortest way, leaving out the firer's square and "
             "counting the target's."),
    "7.3": ("The firing arc",
            "The quarter in front of the unit, bounded by the diagonals from its "
            "square; only foes inside it may be targets."),
    "7.4": ("Rate of fire",
            "Rifles fire once a turn, pistols twice; each shot is one roll."),
    "7.5": ("Line of sight",
            "A straight line between the two squares' centre dots; if something "
            "blocks it there is no shot. (The program also lets a solid wall at "
            "either end block a line: see the reconstructions document.)"),
    "7.51": ("Clear lines",
             "A line crossing nothing higher than level 0 and no other unit is "
             "clear."),
    "7.52": ("Blocked over a crenel",
             "A unit behind a crenellated wall cannot see a lower unit right next "
             "to the wall, nor be seen by it."),
    "7.53": ("The Line of Sight Chart",
             "Squares of level 1 to 3 or with units along the line are checked on "
             "the chart, by the firer's and target's levels and whether the square "
             "is nearer the firer, midway or nearer the target."),
    "7.531": ("Using the chart",
              "Read the level that blocks for each square along the line."),
    "7.533": ("Units in the way",
              "Firer and target on the same level are blocked by a unit between "
              "them on that level."),
    "7.534": ("Hidden squares",
              "A square the firer cannot see itself blocks nothing further."),
    "7.6": ("Fire procedure",
            "Roll the die: at or above the firer's fire number the target is hit, "
            "otherwise a miss."),
    "7.7": ("Fire modifiers", "What takes from the firer's roll."),
    "7.71": ("Firer moved", "1 off when the firer spent movement this turn."),
    "7.72": ("Partial cover", "1 off when the target is partly covered."),
    "7.721": ("Window, door or crenel",
              "The line enters the target's square through a window, door or crenel "
              "at its level."),
    "7.722": ("Stairs", "A unit on a stair square is partly covered."),
    "7.73": ("Long range", "1 off beyond 6 squares with a rifle."),
    "7.8": ("Leader saving rolls",
            "Leaders hit by fire get a roll to shrug the hit off."),
    "7.81": ("Who is a leader",
             "Commanders, sergeants and corporals of the Legion; commanders and "
             "tribal chiefs of the Bedouin."),
    "7.82": ("The saving roll", "1 to 4 saves the leader, 5 or 6 the hit counts."),
    "7.9": ("Ungrappling",
            "Instead of firing, a unit beside a hooked rope may take it down; the "
            "rope falls to the lower of the two squares."),
    # -- 8, 9 ----------------------------------------------------------------------
    "8": ("Stun removal",
          "Each stunned unit loses one stun marker; a unit with none left acts "
          "normally next turn."),
    "9": ("Victory",
          "The side with the last units on the board wins; play goes on until one "
          "side is wiped out."),
    # -- the optional rules ----------------------------------------------------------
    "10": ("Gates, doors and windows (optional)",
           "Opening, closing, locking and forcing them, and firing through slots "
           "when they are shut."),
    "10.1": ("Changing a door's state",
             "Units inside spend movement to open, close, lock or unlock doors, "
             "windows and the gate."),
    "10.16": ("Firing through closed doors",
              "A shut door or window has a narrow firing slot."),
    "10.162": ("Cover behind a slot",
               "A unit firing out of a slot is partly covered and gets a saving "
               "roll when hit."),
    "10.2": ("Forcing and breaking",
             "From outside, a shut door or window can only be forced open, a locked "
             "one broken first; the gate cannot."),
    "11": ("Cover attitudes (optional)",
           "Units may expose themselves to fire down past a crenel, or duck into "
           "full cover where they can neither fire nor be hit."),
    "12": ("Mounted Bedouin (optional)",
           "Up to three tribes may ride in: faster, better in the charge, worse at "
           "shooting, and unable to climb, jump or take full cover."),
    "12.1": ("Mounted melee", "1 added for a mounted attacker."),
    "12.3": ("Mounted fire", "1 off for a mounted firer."),
    "13": ("Defender melee modifier (optional)",
           "1 off when the defender's melee number is lower than the attacker's "
           "(not for an attacker of 6)."),
    "14": ("Machinegun and cannon (optional)",
           "Heavy weapons fired by a crew of Legionnaires beside them, with their "
           "own movement costs and fire."),
    "14.43": ("Short crew", "1 off for each crewman missing."),
    "14.5": ("Machinegun", "Five shots at fire number 4, all announced before the "
                           "first is rolled; a shot at a unit already down is lost."),
    "15": ("Siege options (optional)",
           "Dynamite to breach walls and tunnels to get under them."),
    "15.1": ("Dynamite",
             "Three secretly carried charges that breach walls, destroy the gate and "
             "hurt units nearby."),
    "15.2": ("Tunnels",
             "Up to sixteen secret tunnel squares dug from the board edge; each "
             "tunnel may collapse."),
    "16": ("Night (optional)", "No fire beyond 6 squares, and 1 off every shot."),
    "17": ("Command control and morale (optional)",
           "Leaders keep units in hand, Bedouin tribes may break and run, a "
           "Legionnaire may go mad, and a Legion hopelessly outnumbered fights with "
           "the bayonet."),
    "17.1": ("Command control",
             "A unit more than 6 squares from a leader may refuse to move."),
    "17.2": ("Bedouin morale",
             "A tribe reduced to five units or fewer may retreat from the game."),
    "17.3": ("Le Cafard", "A few Legionnaires may secretly be marked to go mad during "
                          "the game."),
    "17.4": ("Camerone",
             "At 4 to 1 odds against it the Legion stops firing and fights in "
             "melee only."),
    "18": ("Wounds (optional)",
           "A hit is rolled on the Wounds Tables: nothing, a wound that slows and "
           "weakens, or death; a second wound kills."),
    "18.12": ("A light wound", "One movement factor less, and 1 off when firing."),
    # -- the scenarios ---------------------------------------------------------------
    "19": ("Scenario: Les Allemands",
           "A mutiny: only Legion units, part of them secretly turned mutineer."),
    "19.1": ("Les Allemands: forces", "All 33 Legion units; one player commands the "
                                      "mutineers."),
    "19.11": ("Les Allemands: Legion set-up",
              "Commanders in the officers' quarters, one squad in the barracks, one "
              "on the walls facing out, the last anywhere else."),
    "19.12": ("Les Allemands: mutineers",
              "Twelve privates, a sergeant and a corporal are chosen, no more than "
              "five from a squad."),
    "19.4": ("Les Allemands: victory", "The side with survivors wins."),
    "20": ("Scenario: The Negotiations",
           "The Berbers are inside the fort for talks when the other tribes attack."),
    "20.1": ("The Negotiations: forces", "All the Legion; four tribes including the "
                                         "Berbers."),
    "20.3": ("The Negotiations: play",
             "The Legion may not start a melee on the first turn unless attacked."),
    "20.4": ("The Negotiations: victory", "The last side with units wins."),
    "21": ("Scenario: The Surprise Night Attack",
           "The Legion's positions are secret until the alarm is raised."),
    "21.11": ("Night attack: Legion set-up",
              "Positions and facings are written secretly on a copy of the reduced "
              "gameboard."),
    "21.21": ("Night attack: the alarm",
              "Legion units may not act until a grapple, a shot, an explosion, a "
              "Bedouin on the parade ground or a melee gives the alarm."),
    "21.3": ("Night attack: victory", "The last side with units wins."),
    "22": ("Scenario: The Returning Patrol",
           "A squad and an officer are out on patrol when the attack comes."),
    "22.2": ("Returning Patrol: play",
             "From turn four the Legion rolls each turn for the patrol's return, "
             "then for the edge it comes in by."),
    "22.3": ("Returning Patrol: victory",
             "The last side with units wins; the Bedouin also win by taking the fort "
             "before the patrol is back in."),
    "23": ("Scenario: Treachery",
           "Three players: Legion, mutineers and Bedouin, with deals struck and "
           "broken."),
    "23.4": ("Treachery: victory", "Only one of the three sides can win."),
    "24": ("Reduced gameboard",
           "A small copy of the board for secret notes (tunnels, hidden "
           "positions)."),
    "25": ("Character unit sheet",
           "Every man of the game listed, with room for positions and wounds."),
}
