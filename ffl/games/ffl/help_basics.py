"""Rule index of French Foreign Legion, rules 1 to 5 (equipment, set-up, the
sequence, general rules, mixing the chits): rule number -> (title, summary in
our own words).  Part of :data:`ffl.games.ffl.help.RULES`."""

from __future__ import annotations

#: rules 1-5 -> (title, summary in our own words)
BASICS: dict[str, tuple[str, str]] = {
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
}
