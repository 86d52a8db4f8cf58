"""Rule index of French Foreign Legion, rules 6 to 9 (movement and melee, fire,
stun removal, victory): rule number -> (title, summary in our own words).
Part of :data:`ffl.games.ffl.help.RULES`."""

from __future__ import annotations

#: rules 6-9 -> (title, summary in our own words)
ACTION: dict[str, tuple[str, str]] = {
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
}
