"""Rule index of French Foreign Legion, rules 10 to 25 (the optional rules, the
scenarios, the reduced gameboard and the character sheet): rule number ->
(title, summary in our own words).  Part of :data:`ffl.games.ffl.help.RULES`."""

from __future__ import annotations

#: rules 10-25 -> (title, summary in our own words)
OPTIONAL: dict[str, tuple[str, str]] = {
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
             "hurt units nearby; one given to a tribe later left out of the game goes "
             "back to the Bedouin player for another unit."),
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
                          "the game; the Bedouin player marks them and says when, so "
                          "it has no place in Les Allemands (no Bedouin player)."),
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
