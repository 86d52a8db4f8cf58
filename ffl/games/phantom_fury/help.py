"""Help on board for Phantom Fury, as data (no Qt): how to play, what to do next
and the rule index, every summary in our own words.  The book's headings are
unnumbered; the numbers are those its cross-references use (reconstructed in
docs/games/phantom_fury-rules-coverage.md).  Text format: that of
:mod:`ffl.games.ffl.help`.
"""

from __future__ import annotations

#: Help › How to play Phantom Fury
HOW_TO_PLAY: tuple[tuple[str, str], ...] = (
    ("The game", """\
A solitaire game of the November 2004 battle for Fallujah. You command a US
Marine company clearing the Jolan District Zone by Zone; the program plays the
insurgents, by the rules' draws and tables and, where the rules leave a choice,
by their own order of priority. Every insurgent decision is written in the log
with its rule number."""),
    ("How to win (7)", """\
- Take every Zone but Zone 27 under USMC Control before the end of turn 16
  (turn 13 in the historical variant): each turn left unplayed is worth 5 VP.
- If only the mosque (Zone 26) escapes you at the end but holds no enemy, you
  still win, with 5 VP less.
- Otherwise the insurgents win.
- VP: +1 a Guerillas unit eliminated; -2 a squad reduced, a CAAT or IIF squad
  lost, a Battalion squad committed; -5 a squad eliminated. Above 10 VP a major
  victory, 0 to 10 a minor one, below 0 a bitter one."""),
    ("A turn (8)", """\
- Support Phase: call Missions (Dragon Eye, Cobra, Hornet) one at a time; a
  failed call lets the insurgents react and ends the phase.
- USMC Reinforcements: Company squads from turn 2, the M1A1 from turn 2, the
  Battalion from turn 9, the IIF after a Zone next to the mosque is taken.
- Fire Combat: squads in Zones you Control and the M1A1 in a street fire at
  markers and units in the Zones around.
- Movement: each squad has 4 MP, one per Location or street; entering C or OG
  of an insurgent Zone draws Defensive Fire; crossing a street may draw snipers.
- Assault: each squad may Assault a marker or unit in an Adjacent Location.
- Reorganisation (the program): Zones holding only your squad come under your
  Control, the Zones around them are Activated, Pinned squads try to recover,
  and the insurgents infiltrate the empty Zones you left next to them."""),
    ("The map and the counters", """\
- A Zone is a block of houses; its boxes are its Locations (OG open ground, C
  courtyard, 1/1'/1" first floor, 2/2' second floor, R rooftop) joined by
  arrows. Matching door and roof symbols join Locations of two Zones side by
  side. Streets run between the Blocks.
- The circle in a Zone's Control box: black, a start Zone; red, the mosque;
  the marker on it tells whether the Zone is Activated, a Strong Point, or
  under USMC Control (blue).
- Blue counters are your squads (CF on them; the lighter back after a Step
  Loss), CAAT supports (Ammo and Explosives), the M1A1 and the IIF. Red
  counters are 'Suspect' markers (?) and Guerillas (G) or Martyrs (M) units.
- The small numbers at the foot of a Zone are its Egress Routes, the way its
  Guerillas run when they retreat.
- A Zone's markers (S, A, SP, F, PF, NE) stand in its Control box or on a tab
  along its top edge; rest the mouse on one to read what it is."""),
    ("Mouse and keys", """\
- Set-up: drag a squad from the Start Zone box onto a black-circle Zone; drag a
  CAAT onto a squad.
- Missions: Game › Call a Mission, then click the target Zone(s) or counters.
- Reinforcements: drag a counter from its box onto a black-circle Zone you
  Control (the M1A1 onto a north-edge street).
- Fire: click one of your units, then a red counter ringed in gold; right-click
  for the choice of using the CAAT's Ammo.
- Movement: drag a unit; the places it can reach show their MP. Right-click a
  squad for Secure, Regroup or Withdraw. A drag that may leave the squad's
  Security Element in a C or R (where it stands, one it passes in the Zone it
  goes to, or on arriving, before any Defensive Fire) asks which, with the MP.
- A click on a unit that cannot act now, or on a counter it cannot target, says
  why, with the rule; so does the greyed End phase button.
- Assault: right-click the target next to your squad (Explosives, Flooding).
- End the phase with the End phase button or Ctrl+E; Ctrl+Z undoes back to the
  start of the phase (rolls are final); the wheel zooms; click a line of the
  event log to read the rule it cites."""),
)

#: what to do next, by the action kind the prompt opens (first match wins)
NEXT_STEP: dict[str, str] = {
    "place": "drag a squad from the Start Zone box onto a black-circle Zone",
    "attach": "drag a CAAT support onto a start squad",
    "end-setup": "click End set-up",
    "mission": "call a Mission (Game menu) or end the Support Phase",
    "reinforce": "drag a reinforcement onto a black-circle Zone you Control, or end the phase",
    "fire": "click a unit, then a ringed target, or end the phase",
    "move": "drag a unit to a highlighted place, or end the phase",
    "assault": "right-click a target next to a squad, or end the phase",
    "end-phase": "end the phase",
}

#: rule number -> (title, summary in our own words)
RULES: dict[str, tuple[str, str]] = {
    "3": ("The die", "One ten-sided die; its 0 counts as zero, never ten."),
    "4": ("The map", "The Jolan District: Zones, their Locations, Street Sections and "
                     "Blocks."),
    "4.1": ("Zones", "61 Zones of houses, each with a Control box showing its number."),
    "4.1.1": ("Adjacent Zones", "Two Zones sharing a border are Adjacent."),
    "4.1.2": ("Neighbouring Zones", "Two Zones touching the same Street Section without "
                                    "being Adjacent are Neighbouring."),
    "4.1.2.1": ("Target symbols in Zones", "A target symbol lists Zones this one may fire at "
                                           "and be fired from, as if Neighbouring."),
    "4.1.3": ("Activating a Zone", "A Zone is Activated once: its nature (Normal, or a "
                                   "Fortified Strong Point) is drawn, then 'Suspect' markers "
                                   "are placed in it."),
    "4.1.4": ("Control", "The insurgents Control every Zone at the start; a Zone taken is "
                         "marked under USMC Control. Zone 27 belongs to nobody."),
    "4.1.5": ("Fortified Zones", "Strong Points and the mosque are Fortified: harder to "
                                 "fire into, never flooded."),
    "4.1.6": ("Ruins", "A ruined Zone loses its Locations 2, 2' and R; its courtyard helps "
                       "against Defensive Fire."),
    "4.1.7": ("Egress Routes", "The Zones a retreating Guerillas unit runs to, first "
                               "choice first; the south edge leads to the EXIT."),
    "4.2": ("Locations", "The boxes of a Zone where counters stand."),
    "4.2.1": ("Types of Location", "OG open ground, C courtyard, 1 (1', 1\") first floor, "
                                   "2 (2') second floor, R rooftop."),
    "4.2.2": ("Adjacent Locations", "Arrows join Locations of a Zone; matching door and roof "
                                    "symbols join Locations of two Adjacent Zones."),
    "4.3": ("Street Sections", "The streets between Blocks, in sections; nobody Controls "
                               "them."),
    "4.3.1.1": ("Streets and their neighbours", "A Street Section touches the Zones and "
                                                "sections it shares a side with, and the "
                                                "door Locations of those Zones."),
    "4.3.1.2": ("Target symbols in streets", "A street's target symbol adds Zones it may fire "
                                             "at, and from which snipers reach it."),
    "4.4": ("Blocks", "One to three Adjacent Zones ringed by streets."),
    "5.1.1": ("USMC squads", "A squad has a CF of 4 to 6 and 4 MP."),
    "5.1.1.1": ("Step Losses", "A first Step Loss flips a squad (CF -1); a second one "
                               "eliminates it."),
    "5.1.1.2": ("Who takes the loss", "With a CAAT support, the player says whether the "
                                      "squad or the CAAT takes a Step Loss (Game › Step "
                                      "losses go to the CAAT first)."),
    "5.1.2": ("Security Element", "A squad may leave a Security Element to guard a Zone."),
    "5.1.3": ("M1A1 Abrams", "A tank support with CF 8 and a rolled MC."),
    "5.1.4": ("CAAT supports", "An assault team stacked with its squad, with Ammo and "
                               "Explosives."),
    "5.1.4.3": ("Losing a CAAT", "A Step Loss removes a CAAT; it also goes with its squad "
                                 "or when its munitions are spent."),
    "5.1.5": ("Heroes", "A Hero adds +1 to its squad's CF (Silver Star), +2 once a second "
                        "Hero appears (Medal of Honor)."),
    "5.1.6": ("Iraqi IIF", "Three CF 4 squads for the mosque; one per Location there."),
    "5.1.6.1": ("IIF entry", "The IIF enter no insurgent Zone but the mosque."),
    "5.1.6.2": ("IIF Events", "In the mosque the IIF and the insurgents share one Events "
                              "table."),
    "5.2": ("Insurgents units", "Guerillas (front) and Martyrs (back), CF 1 to 4."),
    "5.2.1": ("Insurgent losses", "A Step Loss eliminates an 'Insurgents' unit; it goes back "
                                  "into its container."),
    "5.2.2": ("Insurgent moves", "Guerillas move only by retreating; Martyrs never move."),
    "5.3.1": ("'Suspect' markers", "Dangers not yet identified, revealed by fire, Assault or "
                                   "Defensive Fire."),
    "5.3.2": ("Placing 'Suspect' markers", "Two per Zone Activated (three in the mosque), "
                                           "drawn at random."),
    "5.3.2.2": ("Where a marker goes", "The Location types printed on the marker are tried "
                                       "in order, each unprimed first."),
    "5.3.2.3": ("Free Locations", "Never where a marker, unit or squad is; with no room the "
                                  "marker goes back."),
    "5.3.3": ("Revealing in a Normal Zone", "1-5 dummy, 6-8 Guerillas, 9 Martyrs, 0 IED or "
                                            "sniper."),
    "5.3.4": ("Revealing in a Fortified Zone", "0 dummy, 1-7 Martyrs, 8-9 IED or sniper."),
    "5.3.5": ("The marker goes back", "A revealed marker returns to its container."),
    "6.1": ("The containers", "Insurgents, 'Suspect' markers and activation markers are "
                              "drawn blind."),
    "6.1.1": ("Drawing insurgents", "A revealed marker's unit is drawn from its container."),
    "6.1.2": ("Difficulty", "One to four Strong Point markers replace Activated Zone markers "
                            "in the activation draw."),
    "6.1.3": ("Drawing markers", "'Suspect' markers are drawn at random for each Zone."),
    "6.2": ("Start Zones", "The nine black-circle Zones are Activated as Normal and their "
                           "markers revealed at once (a 0 is a dummy)."),
    "6.3": ("Order of battle", "Nine squads drawn for the start Zones, three Company and "
                               "three Battalion reinforcements; the M1A1 and the IIF wait."),
    "6.3.2": ("CAAT allocation", "Four CAATs, one per start squad, each with 4 Ammo and "
                                 "Explosives."),
    "7.1": ("Insurgent victory", "Any Zone still out of USMC Control after the last turn is "
                                 "a defeat, unless it is only the empty mosque."),
    "7.2": ("USMC victory", "Every Zone under USMC Control at the end of a turn wins."),
    "7.2.1": ("Victory Points", "The VP total is kept as points are won and lost."),
    "7.2.2": ("Level of victory", "Above 10 VP major, 0 to 10 minor, below 0 bitter."),
    "8": ("Sequence of play", "Support, Reinforcements, Fire Combat, Movement, Assault, "
                              "Reorganisation; at most 16 turns."),
    "9.1": ("Support Phase", "Missions one at a time until one fails (the insurgents react) "
                             "or the player stops."),
    "9.2": ("Mission limits", "Each Mission succeeds only so many times in a game."),
    "9.3": ("Missions", "Dragon Eye (0-8, 4 times), Super Cobra (0-6, twice), Hornet (0-4, "
                        "once)."),
    "9.4": ("Insurgent Reaction", "None, Reinforcements, Retreat, the Eagle of Fallujah, "
                                  "Counter-attack or a booby-trapped house; the program "
                                  "decides who acts."),
    "10.1": ("Company reinforcements", "From turn 2, at the entry symbol of a black-circle "
                                       "Zone under USMC Control."),
    "10.2": ("Armoured reinforcements", "From turn 2, the M1A1 enters a north-edge street "
                                        "next to a Zone under USMC Control."),
    "10.3": ("Battalion reinforcements", "From turn 9 (7 in the variant), -2 VP each (none "
                                         "in the variant)."),
    "10.4": ("Iraqi reinforcements", "The turn after a Zone Neighbouring the mosque is taken, "
                                     "the three IIF enter together."),
    "11.1": ("Fire Combat", "From a Zone under USMC Control (or an M1A1 in a street) at a "
                            "Zone around clear of USMC units, never inside a Zone."),
    "11.1.2": ("CAAT Ammo", "+2 CF for a squad whose CAAT still has Ammo, in OG, C or R."),
    "11.1.3": ("M1A1 fire", "Never at a rooftop, never from OG."),
    "11.2.1": ("Fire modifiers", "+1 target not on a rooftop, +2 in a Fortified Zone, +1 "
                                 "Martyrs in a Normal Zone, +1 a marker, -1 Phantom Fury; "
                                 "+3 for a unit in the mosque."),
    "11.2.2": ("Fire result", "At most the CF: a unit is eliminated, a marker revealed; an "
                              "unmodified 9 misses."),
    "11.3": ("Fired", "A unit that fired neither moves nor Assaults this turn."),
    "11.4.1": ("Sniper Attack", "After an IED/sniper result, a roll at most the enemies "
                                "around Pins the squad; a 0 also costs a Step."),
    "11.4.2": ("Snipers in the street", "Crossing a street next to enemies: units may cost "
                                        "a Step, markers Pin; an M1A1 there softens both."),
    "11.5": ("Pinned", "A Pinned squad neither fires, moves nor Assaults."),
    "12.1": ("Movement", "Units move one at a time: squads 4 MP, the M1A1 its rolled MC."),
    "12.1.2": ("An empty insurgent Zone", "A squad in an insurgent Zone holding no enemy "
                                          "stays in it and Assaults nothing beyond it."),
    "12.2.1.1": ("One squad per insurgent Zone", "A Zone the insurgents Control holds one "
                                                 "USMC squad at most."),
    "12.2.1.2": ("One enemy per Location", "A Location holds one marker or unit, never with a "
                                           "squad."),
    "12.2.2": ("Stacking under USMC Control", "One squad per Location at the end of "
                                              "movement; passing is allowed."),
    "12.2.3": ("Streets", "One squad and one M1A1 per street; a squad never stops in one."),
    "12.3.1": ("Moving in a Zone", "One MP per Adjacent Location; none holding an enemy."),
    "12.3.2.1": ("Securing a Zone", "In C or R, a squad may leave its Security Element "
                                    "(1 MP) and then stays in the Zone."),
    "12.3.2.2": ("Security Element CF", "A squad without its Security Element has CF -1."),
    "12.3.2.3": ("Regaining it", "Automatic in a Zone you Control; else all its MP in the "
                                 "Security Element's Location."),
    "12.4.1": ("Between Zones", "Only between Adjacent Locations of Adjacent Zones."),
    "12.4.2": ("Forbidden Zones", "No USMC squad enters the mosque (the IIF and M1A1 may); "
                                  "nobody enters Zone 27."),
    "12.4.3": ("Taking cover", "Only a reduced squad leaves an insurgent Zone, to a Zone "
                               "you Control nearby; with none near a start Zone, it is "
                               "withdrawn for 2 VP."),
    "12.5.1": ("Crossing a street", "From a door Location, through one street section, to "
                                    "another door Location; 1 MP for the street."),
    "12.5.2": ("Street snipers", "Crossing next to enemies draws a Sniper Attack."),
    "12.5.3": ("Hit in the street", "A Step Loss sends the squad back where it came from; "
                                    "Pinned, it stays in the street."),
    "12.5.4": ("One street at a time", "Never two street sections in a row."),
    "12.6.1": ("M1A1 MC", "Rolled when it starts moving: 0-1 4, 2-5 3, 6-8 2, 9 1."),
    "12.6.2": ("M1A1 moves", "Streets, and OG of the Zones beside them, 1 MP each."),
    "12.6.3": ("Where the M1A1 stops", "In a street next to a Zone you Control, or OG of a "
                                       "Zone Neighbouring one."),
    "12.7.1": ("Defensive Fire", "Entering C or OG of an insurgent Zone: every unit there "
                                 "fires (the program orders them)."),
    "12.7.2": ("Defensive Fire rolls", "Below the unit's CF a Step Loss, equal Pinned; -1 "
                                       "alone in OG or Fanaticism, +1 with an M1A1 in OG, in "
                                       "C with the Security Element, in C of ruins."),
    "12.7.3": ("Markers in Defensive Fire", "A marker beaten by a roll above the squad's CF "
                                            "is revealed; a unit fires at once, an IED "
                                            "strikes."),
    "13": ("Assault", "A squad may Assault a marker or unit in an Adjacent Location."),
    "13.1": ("Top-Down", "From R onto 2, or from 2 onto 1."),
    "13.2": ("Bottom-Up", "From 1 onto 2, or from 2 onto R."),
    "13.3": ("Normal Assault", "Every other pair of Locations."),
    "13.4.1": ("Assaulting a marker", "The marker is revealed first."),
    "13.4.2": ("The rolls", "Each side rolls; at most its CF inflicts a Step; an unmodified 9 "
                            "does nothing."),
    "13.4.3": ("Events", "An unmodified 0 rolls an Event; two zeros cancel both."),
    "13.4.3.1": ("USMC Events", "Phantom Fury, Hero, USMC sniper, Flight."),
    "13.4.3.2": ("Phantom Fury", "-1 to the USMC squads' rolls in and around the Zone until "
                                 "the end of next turn."),
    "13.4.3.3": ("Insurgent Events", "Fanaticism (-1 and no retreat in the Block), Confusion, "
                                     "Suicide Bomber, Drugged Fighters."),
    "13.4.3.4": ("IIF Events", "Al Fajr (+2), Fallujah! (+1), Confusion, Drugged Fighters."),
    "13.4.4": ("Assault modifiers", "USMC +1 for a revealed marker, +1 against Martyrs, +1 "
                                    "against Guerillas in a Fortified Zone, -1 Phantom Fury; "
                                    "insurgents -1 Fanaticism."),
    "13.4.5": ("Top-Down modifiers", "-1 to the squad, and -1 to a surviving unit."),
    "13.4.6": ("Bottom-Up modifiers", "+1 to the squad, and +1 to a surviving unit."),
    "13.4.7": ("After the Assault", "Guerillas left retreat, Martyrs stay; an emptied "
                                    "Location takes the squad; from a rooftop it floods."),
    "13.4.8": ("Flooding", "From the second floor the squad Assaults the rest of the Zone in "
                           "turn, Top-Down, until stopped."),
    "13.4.8.2": ("Flooding strength", "No Flooding with CF 4 or less."),
    "13.5": ("IED Attack", "A roll at most the squad's CF Pins it, above costs a Step."),
    "13.6": ("Retreat", "A surviving Guerillas unit runs along its Zone's Egress Routes."),
    "13.6.2": ("Egress priority", "The first route it can take; its Location by drawing a "
                                  "marker; no route open: it stays."),
    "13.6.3": ("USMC Zones", "Not into a Zone you Control with a squad; one without a squad "
                             "falls back to the insurgents."),
    "13.6.4": ("Security Elements hold", "Guerillas beside a Security Element stay, lose 1 CF "
                                         "and the Zone gets no insurgent Events."),
    "13.6.5": ("Isolation", "No retreat across streets watched by an M1A1 or your squads."),
    "13.6.6": ("EXIT", "From the south edge the unit leaves the game (no VP)."),
    "13.7.1": ("Explosives", "Once a game a CAAT's Explosives give the Assault CF 8 and no "
                             "modifiers."),
    "13.7.2": ("No explosives when flooding", "Not during a Flooding."),
    "14.1": ("Taking Control", "An insurgent Zone holding only one of your squads is yours; "
                               "its Fanaticism goes."),
    "14.2": ("Contact", "The Zones around a Zone taken are Activated."),
    "14.3.1": ("Regrouping", "Security Elements rejoin their squads in Zones you Control."),
    "14.3.2": ("Lost Security Elements", "One whose squad is gone is removed."),
    "14.3.3": ("Fired", "Fired units recover."),
    "14.3.4": ("Pinned", "A Pinned squad recovers on a roll at most its CF (+1 in C, +2 in OG "
                         "or a street with no M1A1), or by itself with no enemy around."),
    "14.3.5": ("Spent CAATs", "A CAAT without Ammo and Explosives leaves, no VP lost."),
    "14.4.1": ("Infiltration", "An empty Zone you Control next to an insurgent Zone with "
                               "enemies gets a marker and falls back to them."),
    "14.4.2": ("Stopping infiltration", "Not across a street held by an M1A1, a Pinned squad, "
                                        "or next to a Zone you hold with a squad."),
    "14.4.3": ("No dominoes", "A Zone just infiltrated is no base for another."),
    "14.5": ("Events markers", "Phantom Fury markers go after their second turn."),
    "15": ("Historical variant", "A second M1A1, the Battalion from turn 7 at no cost, and 13 "
                                 "turns."),
}
