"""17 command control and morale (optional rules ``command``, ``cafard``,
``camerone``): 17.1 command control, 17.2 Bedouin morale, 17.3 Le Cafard (with
its secrets kept out of the Legion's view), 17.4 Camerone."""

from helpers import controller, seed_for

from ffl.engine import Action, fold

ADLER, COLE, DEGROOT, LEJEUNE = "L-1-Adler", "L-1-Cole", "L-1-DeGroot", "L-LC-LeJeune"
YUSUF, ABDUL, DHABI, FAHD, HAXHI = "B-A-Yusuf", "B-A-Abdul", "B-A-Dhabi", "B-A-Fahd", "B-A-Haxhi"
ALKRIM = "B-BC-AlKrim"


def play(state, kind, side, **args):
    events = controller().apply(state, Action.make(kind, side, **args))
    return fold(state, events), events


def legal(state, kind, side, **args):
    return controller().legal(state, Action.make(kind, side, **args))


# -- 17.1 ---------------------------------------------------------------------------------


def test_17_12_a_unit_out_of_command_rolls_and_on_5_6_spends_no_mf():
    # Adler is 7 squares from his sergeant; Cole next to him
    units = {ADLER: ("F10", 0, "E"), COLE: ("N10", 0, "E"), DEGROOT: ("M10", 0, "E")}
    state = controller().position(units=units, chit=None, cup=["squad-1"],
                                  options={"command": True}, seed=seed_for([1, 5],
                                                                           sides=[1, 6]))
    state, events = play(state, "draw", "legion")
    assert [e.rule for e in events if e.kind in ("halted", "in-command")] == ["17.12"]
    assert state.vars["halted"] == [ADLER]
    v = legal(state, "move", "legion", piece=ADLER, to="G10", level=0)
    assert not v and v.rule == "17.12"
    assert legal(state, "face", "legion", piece=ADLER, facing=0)        # turning is free
    assert legal(state, "move", "legion", piece=COLE, to="O10", level=0)  # in command
    ctx = controller().ctx(state)
    from ffl.games.ffl.rules.morale import in_command

    assert in_command(ctx, DEGROOT) and not in_command(ctx, ADLER)       # 17.1


def test_17_12_the_log_names_the_units_held_and_says_nothing_when_none_is():
    # all three in command: no roll, no 17.12 line at all (was "0 unit(s) held")
    units = {ADLER: ("L10", 0, "E"), COLE: ("N10", 0, "E"), DEGROOT: ("M10", 0, "E")}
    state = controller().position(units=units, chit=None, cup=["squad-1"],
                                  options={"command": True}, seed=seed_for([1], sides=[1]))
    state, events = play(state, "draw", "legion")
    assert not [e for e in events if e.rule == "17.12"]
    assert not state.vars.get("halted")
    assert legal(state, "move", "legion", piece=ADLER, to="K10", level=0)
    # one rolls 5: the summary line names him
    units[ADLER] = ("F10", 0, "E")
    state = controller().position(units=units, chit=None, cup=["squad-1"],
                                  options={"command": True}, seed=seed_for([1, 5],
                                                                           sides=[1, 6]))
    state, events = play(state, "draw", "legion")
    summary = [e.text for e in events if e.kind == "command"]
    assert summary == ["17.12 one unit of Squad 1 held by command control this phase: "
                       f"{controller().ctx(state).name(ADLER)}"], summary


def test_17_11_commanders_control_every_unit_ncos_only_their_own():
    from ffl.games.ffl.rules.morale import in_command

    units = {ADLER: ("F10", 0, "E"), LEJEUNE: ("G11", 0, "E"), "L-2-Marchetti": ("F11", 0, "E")}
    ctx = controller().ctx(controller().position(units=units, options={"command": True}))
    assert in_command(ctx, ADLER)                          # the captain
    units = {ADLER: ("F10", 0, "E"), "L-2-Marchetti": ("F11", 0, "E")}
    ctx = controller().ctx(controller().position(units=units, options={"command": True}))
    assert not in_command(ctx, ADLER)                      # another squad's sergeant


# -- 17.2 ---------------------------------------------------------------------------------


def morale_position(units, roll):
    dead = {p: "eliminated" for p in ("B-A-Ihsan", "B-A-Khalid", "B-A-Mudar", "B-A-Omar",
                                      "B-A-Rus", "B-A-Senji", "B-A-Zayed")}
    return controller().position(units={**dead, **units, ADLER: ("K8", 0, "N")},
                                 phase="fire", chit="tuareg", cup=[],
                                 options={"command": True}, seed=seed_for([roll]))


def test_17_22_a_tribe_of_five_rolls_on_the_line_of_its_best_leader():
    five = {YUSUF: ("B2", 0, "S"), ABDUL: ("C2", 0, "S"), DHABI: ("D2", 0, "S"),
            FAHD: ("E2", 0, "S"), HAXHI: ("F2", 0, "S")}
    state, events = play(morale_position(five, 4), "end-phase", "bedouin")
    retreat = next(e for e in events if e.rule == "17.222" and e.kind != "dice")
    assert retreat.kind == "retreat" and "Chief" in retreat.text          # 4-6 on the chief
    assert all(state.pieces[p].status == "exited" for p in five)
    # 17.221 Al Krim within six squares of them all is better: only a 6
    with_krim = {**five, ALKRIM: ("C1", 0, "S")}
    state, events = play(morale_position(with_krim, 4), "end-phase", "bedouin")
    held = next(e for e in events if e.rule == "17.222" and e.kind != "dice")
    assert held.kind == "morale-holds" and "Al Krim" in held.text
    assert state.pieces[ABDUL].status == "active"


def test_17_21_six_survivors_need_no_roll():
    six = {YUSUF: ("B2", 0, "S"), ABDUL: ("C2", 0, "S"), DHABI: ("D2", 0, "S"),
           FAHD: ("E2", 0, "S"), HAXHI: ("F2", 0, "S"), "B-A-Ihsan": ("G2", 0, "S")}
    state = morale_position(six, 6)
    state.pieces["B-A-Ihsan"].status = "active"
    state, events = play(state, "end-phase", "bedouin")
    assert not [e for e in events if e.rule.startswith("17.22")]


# -- 17.3 ---------------------------------------------------------------------------------


def cafard_start(rolls):
    """The Le Cafard phase with the dice to come set to ``rolls``."""
    from helpers import fresh

    state = fresh(take=None, cafard=True)
    state.seed, state.vars["_rolls"] = seed_for(rolls), 0
    return state


def test_17_31_the_secret_choice_three_open_rolls_and_secret_draws():
    state = cafard_start([3, 6, 2])
    assert controller().prompt(state).phase == "cafard"
    state, events = play(state, "cafard-pick", "bedouin", which=2)
    rolls = [e for e in events if e.kind == "dice"]
    assert [e.text.split(": rolled ")[-1] for e in rolls[:3]] == ["3", "6", "2"]
    secret = state.vars["cafard_secret"]
    assert secret["which"] == 2 and secret["count"] == 0      # the 6 counts: nobody
    state = cafard_start([3, 6, 2, 1, 1, 1])
    state, events = play(state, "cafard-pick", "bedouin", which=1)
    secret = state.vars["cafard_secret"]
    assert secret["count"] == 3 and len(secret["units"]) == 3
    assert all(not p.startswith("L-LC") for p in secret["units"])   # no commanders
    names = [controller().ctx(state).name(p) for p in secret["units"]]
    assert not any(n in e.text for n in names for e in events)      # never in the log
    view = controller().view(state, "legion")
    assert "cafard_secret" not in view.vars and view.seed == 0
    assert controller().secrets(state, "legion") == ["cafard_secret"]
    assert controller().view(state, "bedouin").vars["cafard_secret"] == secret
    assert controller().prompt(state).phase == "setup-legion"


def test_17_32_at_the_start_of_a_legion_phase_one_le_cafard_a_turn():
    units = {ADLER: ("K8", 0, "N"), COLE: ("K10", 0, "N"), ABDUL: ("A1", 0, "S")}
    state = controller().position(units=units, chit="squad-1", options={"cafard": True},
                                  cafard_drawn=[ADLER, COLE], seed=seed_for([4]))
    assert "cafard" in controller().prompt(state).kinds
    state, events = play(state, "cafard", "bedouin", piece=ADLER)
    assert events[-1].rule == "17.323" and state.pieces[ADLER].data["cafard"] == "friend"
    v = legal(state, "cafard", "bedouin", piece=COLE)
    assert not v and v.rule == "17.32"                       # one a turn
    # 17.323 Adler must go for the nearest friend, Cole: only that step is open
    steps = [a for a in controller().legal_actions(state) if a.get("piece") == ADLER
             and a.kind in ("move", "climb", "jump")]
    assert [(a.get("to"), a.get("level")) for a in steps] == [("K9", 0)]
    v = legal(state, "end-phase", "legion")
    assert not v and v.rule == "17.322"
    state, _ = play(state, "move", "legion", piece=ADLER, to="K9", level=0)
    state, events = play(state, "move", "legion", piece=ADLER, to="K10", level=0)
    assert any(e.kind == "melee" for e in events)              # a friend, meleed


def test_17_321_a_roll_of_1_or_2_and_he_takes_his_own_life():
    units = {ADLER: ("K8", 0, "N"), ABDUL: ("A1", 0, "S"), COLE: ("Z12", 0, "N")}
    state = controller().position(units=units, chit="squad-1", options={"cafard": True},
                                  cafard_drawn=[ADLER], seed=seed_for([2]))
    state, events = play(state, "cafard", "bedouin", piece=ADLER)
    assert state.pieces[ADLER].status == "eliminated" and events[-1].rule == "17.321"


def test_17_322_a_mad_unit_fires_at_the_nearest_unit_it_hates():
    units = {ADLER: ("K8", 0, "S"), COLE: ("K10", 0, "N"), ABDUL: ("K12", 0, "N")}
    state = controller().position(units=units, phase="fire", chit="squad-1",
                                  options={"cafard": True}, mad={ADLER: "any"})
    fires = {a.get("target") for a in controller().legal_actions(state)
             if a.kind == "fire" and a.get("piece") == ADLER}
    assert fires == {COLE}                                      # nearest, a friend
    v = legal(state, "fire", "legion", piece=ADLER, target=ABDUL)
    assert not v and v.rule == "17.322"


# -- 17.4 ---------------------------------------------------------------------------------


def test_17_41_outnumbered_four_to_one_the_legion_goes_into_camerone():
    units = {ADLER: ("K8", 0, "N"), COLE: ("K6", 0, "S")}
    state = controller().position(units=units, phase="fire", chit="tuareg", cup=[],
                                  options={"camerone": True})
    state, events = play(state, "end-phase", "bedouin")
    assert any(e.rule == "17.41" and e.kind == "camerone" for e in events)
    assert state.vars["camerone"] is True
    fight = controller().position(units={ADLER: ("K8", 0, "N"), ABDUL: ("K9", 0, "N")},
                                  chit="squad-1", options={"camerone": True}, camerone=True)
    mods = controller().melee_modifiers(fight, ADLER, ABDUL).modifiers
    assert ("17.41", 1, "Legion attacking in Camerone") in mods
    back = controller().position(units={ADLER: ("K8", 0, "N"), ABDUL: ("K9", 0, "S")},
                                 chit="arab", options={"camerone": True}, camerone=True)
    assert ("17.41", -1, "attacking the Legion in Camerone") in \
        controller().melee_modifiers(back, ABDUL, ADLER).modifiers
    shoot = controller().position(units={ADLER: ("K8", 0, "S"), ABDUL: ("K11", 0, "N")},
                                  phase="fire", chit="squad-1", options={"camerone": True},
                                  camerone=True)
    v = legal(shoot, "fire", "legion", piece=ADLER, target=ABDUL)
    assert not v and v.rule == "17.41"
    # 17.42 not for a mad unit
    mad = controller().position(units={ADLER: ("K8", 0, "S"), ABDUL: ("K11", 0, "N")},
                                phase="fire", chit="squad-1",
                                options={"camerone": True, "cafard": True}, camerone=True,
                                mad={ADLER: "foe"})
    assert legal(mad, "fire", "legion", piece=ADLER, target=ABDUL)
