"""The FFL rules read their numbers and names from the module (gamedata.py): the
Game Card's movement tables (6.12, 6.124), the scenario's set-up limits (2.31,
6.21) and the organizations' names (1.24).  Each module is written to a real
SQLite file through the store and read back before it is played."""

from __future__ import annotations

import copy

import pytest
from helpers import N, S, module, state_with

from ffl.engine import Action, fold
from ffl.engine import features as F
from ffl.games.ffl import gamedata, roster, tables, terrain
from ffl.games.ffl.controller import FFLController
from ffl.games.ffl.gamedata import default_tables, movement_tables
from ffl.games.ffl.module import build_module
from ffl.games.ffl.rules import context
from ffl.store import load_module, save_module

ADLER, COLE, EVANS, ABDUL, DHABI = "L-1-Adler", "L-1-Cole", "L-1-Evans", "B-A-Abdul", "B-A-Dhabi"


def module_file(tmp_path, change=None, name="changed.ffl"):
    """The built module, changed by ``change(module)``, saved and loaded again."""
    built = build_module()
    if change is not None:
        change(built)
    path = tmp_path / name
    save_module(built, path)
    return load_module(path)


def controller_with(tmp_path, change=None) -> FFLController:
    return FFLController(module_file(tmp_path, change))


def cost(table: str, key: str, value: int):
    def change(m):
        m.attrs["tables"][table][key] = value
    return change


def setup_key(value, *path):
    def change(m):
        node = m.scenarios["ffl/basic"].setup
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return change


def apply(ctrl, state, kind, side="legion", **args):
    events = ctrl.apply(state, Action.make(kind, side, **args))
    return fold(state, events), events


# -- the data in the module ------------------------------------------------------------


def test_6_124_the_module_carries_the_game_cards_movement_tables():
    attrs = module().attrs
    assert attrs["tables"] == default_tables()
    assert attrs["tables"]["mf_costs"] == tables.MF_COSTS
    mt = movement_tables(attrs["tables"])
    for (mode, where), mf in tables.MOVEMENT_RATES.items():
        assert mt.rate(where, mode == "mounted") == mf
    # the rulebook's arithmetic (6.1242-6.1245, 6.4, 6.61, 6.62)
    assert (mt.enter, mt.window, mt.tower_climb, mt.stair_step, mt.rope_climb, mt.melee) == \
        (1, 2, 1, 2, 2, 1)


def test_6_124_a_module_without_tables_plays_with_the_defaults(tmp_path):
    ctrl = controller_with(tmp_path, lambda m: m.attrs.pop("tables"))
    assert "tables" not in ctrl.module.attrs
    state = state_with({ADLER: ("N8", 0, N)})
    assert ctrl.ctx(state).tables == movement_tables(None)
    assert ctrl.reachable(state, ADLER) == FFLController(module()).reachable(state, ADLER)


# -- 6.12 / 6.124 movement from the tables ------------------------------------------------


def test_6_1242_entering_a_square_costs_the_tables_enter(tmp_path):
    ctrl = controller_with(tmp_path, cost("mf_costs", "enter", 2))
    state = state_with({ADLER: ("N8", 0, N)})
    reach = ctrl.reachable(state, ADLER)
    assert reach[("N9", 0)][0] == 2 and reach[("N10", 0)][0] == 4
    assert ("N11", 0) not in reach                       # 6 MF: more than the 5 it has
    state, events = apply(ctrl, state, "move", piece=ADLER, to="N9", level=0)
    assert ctrl.mf_left(state, ADLER) == 3
    assert events[-1].text.endswith("(2 MF, 3 left)")


def test_6_1244_a_window_costs_enter_plus_window(tmp_path):
    ctrl = controller_with(tmp_path, cost("mf_costs", "window", 3))
    state = state_with({ADLER: ("K6", 0, N)})
    assert ctrl.reachable(state, ADLER)[("K5", 0)][0] == 4
    state, _ = apply(ctrl, state, "move", piece=ADLER, to="K5", level=0)
    assert ctrl.mf_left(state, ADLER) == 1


def test_6_62_a_stair_costs_enter_plus_stairway_and_6_61_a_tower_climb_the_stairway(tmp_path):
    ctrl = controller_with(tmp_path, cost("mf_costs", "stairway", 2))
    state = state_with({ADLER: ("H4", 0, N), COLE: ("E4", 0, N)})
    assert ctrl.reachable(state, ADLER)[("I4", 1)][0] == 3        # 6.62: 1 + 2
    assert ctrl.reachable(state, COLE)[("E4", 1)][0] == 2         # 6.61: 2


def test_6_4_a_rope_climb_costs_rope_plus_enter(tmp_path):
    from helpers import put_rope

    ctrl = controller_with(tmp_path, cost("mf_costs", "rope", 2))
    state = state_with({ABDUL: ("F2", 0, S)}, chit="arab")
    put_rope(state, "rope-01", "F2", grappled=[["F2", 0], ["F3", 2]])
    assert FFLController(module()).reachable(state, ABDUL)[("F3", 2)][0] == 2
    assert ctrl.reachable(state, ABDUL)[("F3", 2)][0] == 3          # 2 + 1 of its 3 MF


def test_6_1245_a_melee_costs_the_tables_melee_at_most_what_is_left(tmp_path):
    ctrl = controller_with(tmp_path, cost("mf_costs", "melee", 2))
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)})
    assert ctrl.reachable(state, ADLER)[("N9", 0)][0] == 3        # 1 square + 2 melee
    tired = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)},
                       data={ADLER: {"mf_left": 2}}, mover=ADLER)
    assert ctrl.reachable(tired, ADLER)[("N9", 0)][0] == 2        # only the 1 MF left


def test_6_121_6_122_the_rates_come_from_the_tables(tmp_path):
    def change(m):
        m.attrs["tables"]["movement_rates"]["foot"].update({"fort": 4, "off": 2})
    ctrl = controller_with(tmp_path, change)
    state = state_with({ADLER: ("N8", 0, N), ABDUL: None}, chit="squad-1")
    assert ctrl.mf_left(state, ADLER) == 4
    bedouin = state_with({ABDUL: None}, chit="arab")
    assert ctrl.mf_left(bedouin, ABDUL) == 2
    assert max(cost for cost, _ in ctrl.reachable(bedouin, ABDUL).values()) == 2


def test_6_22_leaving_the_board_costs_what_entering_does(tmp_path):
    ctrl = controller_with(tmp_path, cost("mf_costs", "enter", 3))
    state = state_with({ABDUL: ("A8", 0, N)}, chit="arab", data={ABDUL: {"mf_left": 2}},
                       mover=ABDUL)
    v = ctrl.legal(state, Action.make("exit", "bedouin", piece=ABDUL))
    assert not v and v.rule == "6.22" and v.reason == "leaving the board takes 3 MF"


@pytest.mark.parametrize("change, message", [
    (cost("mf_costs", "enter", -1), "tables.mf_costs.enter must be a whole number of 0"),
    (cost("mf_costs", "enter", "one"), "tables.mf_costs.enter must be a whole number"),
    (cost("mf_costs", "enter", True), "tables.mf_costs.enter must be a whole number"),
    (cost("mf_costs", "fly", 1), "tables.mf_costs: unknown key 'fly'"),
    (lambda m: m.attrs["tables"].update(weather={}), "tables: unknown key 'weather'"),
    (lambda m: m.attrs.update(tables=[1, 2]), "tables must be an object"),
    (lambda m: m.attrs["tables"]["movement_rates"].update(foot=3),
     "tables.movement_rates.foot must be an object"),
])
def test_6_124_malformed_tables_are_refused_when_the_scenario_is_set_up(tmp_path, change,
                                                                          message):
    loaded = module_file(tmp_path, change)
    with pytest.raises(ValueError, match="module 'ffl': " + message.replace(".", r"\.")):
        FFLController(loaded).setup(loaded.scenarios["ffl/basic"], {}, 1)


# -- 2.31 / 6.21 the set-up from the scenario's data -------------------------------------------


def test_2_31_the_placed_count_comes_from_the_setup(tmp_path):
    ctrl = controller_with(tmp_path, setup_key(2, "legion", "place"))
    state = state_with({ADLER: ("N8", 0, N), COLE: ("N9", 0, N)}, phase="setup-legion",
                       chit=None, others="off")
    v = ctrl.legal(state, Action.make("place", "legion", piece=EVANS, space="N10", level=0,
                                      facing=N))
    assert not v and v.rule == "2.31"
    assert v.reason == "only 2 of the 33 Legion units are set up"


def test_2_31_the_leave_out_orgs_and_count_come_from_the_setup(tmp_path):
    def change(m):
        m.scenarios["ffl/basic"].setup["legion"]["leave_out"] = {
            "orgs": ["squad-1"], "count_per_org": 2}
    ctrl = controller_with(tmp_path, change)
    state = state_with({}, phase="setup-legion", chit=None, others="off")
    state, _ = apply(ctrl, state, "leave-out", piece=ADLER)
    state, _ = apply(ctrl, state, "leave-out", piece=COLE)
    v = ctrl.legal(state, Action.make("leave-out", "legion", piece=EVANS))
    assert not v and v.reason == "this squad already leaves 2 units out"
    v = ctrl.legal(state, Action.make("leave-out", "legion", piece="L-2-Stolz"))
    assert not v and v.reason == "the units left out come 2 from each squad"


def test_2_31_where_the_legion_sets_up_comes_from_the_setup(tmp_path):
    ctrl = controller_with(tmp_path, setup_key({"area": "parade"}, "legion", "where"))
    state = state_with({}, phase="setup-legion", chit=None, others="off")
    on_wall = Action.make("place", "legion", piece=ADLER, space="D8", level=2, facing=N)
    v = ctrl.legal(state, on_wall)
    assert not v and v.reason == "the Legion sets up on parade squares"
    assert FFLController(module()).legal(state, on_wall)          # the fort's wall: allowed
    places = {a["space"] for a in ctrl.legal_actions(state) if a.kind == "place"}
    assert places and all(ctrl.fort(state).area(k) == "parade" for k in places)


def test_2_31_units_neither_placed_nor_left_out_stay_out_of_the_game(tmp_path):
    ctrl = controller_with(tmp_path, setup_key(1, "legion", "place"))
    state = state_with({}, phase="setup-legion", chit=None, others="off")
    for pid in ("L-1-Adler", "L-2-Stolz", "L-3-Brandt"):
        state, _ = apply(ctrl, state, "leave-out", piece=pid)
    state, _ = apply(ctrl, state, "place", piece="L-LC-Kolb", space="N8", level=0, facing=N)
    state, events = apply(ctrl, state, "end-setup")
    legion = [p for p in state.pieces.values()
              if p.side == "legion" and ctrl.module.piece_types[p.type].kind == "character"]
    assert [p.id for p in legion if p.status == "active"] == ["L-LC-Kolb"]
    assert all(p.status == "unused" for p in legion if p.id != "L-LC-Kolb")
    assert events[-1].rule == "2.31"


def test_6_21_the_entry_edges_come_from_the_setup(tmp_path):
    ctrl = controller_with(tmp_path, setup_key(["N"], "entry", "edges"))
    state = state_with({ABDUL: None}, chit="arab")
    firsts = {k for k, (_, path) in ctrl.reachable(state, ABDUL).items() if len(path) == 1}
    fort = ctrl.fort(state)
    assert firsts == {(k, 0) for k in fort.edge_squares("N")}
    v = ctrl.legal(state, Action.make("enter", "bedouin", piece=ABDUL, to="A8"))
    assert not v and v.rule == "6.21"


@pytest.mark.parametrize("change, message", [
    (setup_key("thirty", "legion", "place"),
     "setup.legion.place must be a whole number of 0 or more, not 'thirty'"),
    (lambda m: m.scenarios["ffl/basic"].setup["legion"].pop("place"),
     "setup.legion: place is missing"),
    (lambda m: m.scenarios["ffl/basic"].setup.pop("entry"), "setup.entry is missing"),
    (setup_key(["N", "X"], "entry", "edges"), "setup.entry.edges must list board sides"),
    (setup_key(["tuareg"], "legion", "leave_out", "orgs"),
     "setup.legion.leave_out.orgs names 'tuareg', which has 0 Legion unit"),
    (setup_key(31, "legion", "place"), r"setup.legion.place \(31\) and the units left out"),
    (setup_key({"colour": "red"}, "legion", "where"), "setup.legion.where.colour: unknown"),
])
def test_2_31_malformed_setup_data_is_refused_when_the_scenario_is_set_up(tmp_path, change,
                                                                          message):
    loaded = module_file(tmp_path, change)
    with pytest.raises(ValueError, match="scenario 'ffl/basic': " + message):
        FFLController(loaded).setup(loaded.scenarios["ffl/basic"], {}, 1)


def test_2_31_a_session_on_malformed_data_fails_before_play(tmp_path):
    from ffl.session import GameSession

    loaded = module_file(tmp_path, setup_key(-1, "legion", "place"))
    with pytest.raises(ValueError, match=r"scenario 'ffl/basic': setup\.legion\.place"):
        GameSession.new(loaded, "ffl/basic", seed=1)


# -- 1.24 organization names -----------------------------------------------------------------


def test_1_24_organization_names_come_from_the_module(tmp_path):
    def change(m):
        m.attrs["orgs"]["squad-1"]["sequence_name"] = "Blondin's Squad"
    ctrl = controller_with(tmp_path, change)
    state = state_with({ADLER: ("N8", 0, N)}, chit=None, cup=["squad-1"])
    state, events = apply(ctrl, state, "draw")
    assert events[-1].text == "3.2 Sequence unit drawn: Blondin's Squad moves"
    assert ctrl.org_name(state, "squad-1") == "Blondin's Squad"
    assert ctrl.org_name(state, "arab") == "Arab Tribe"
    assert FFLController(module()).org_name(state, "squad-1") == "Squad 1"


def test_1_24_one_source_for_the_organizations():
    attrs = module().attrs["orgs"]
    for org in roster.ORGS.values():
        assert attrs[org.id] == {"side": org.side, "code": org.code, "name": org.name,
                                 "sequence_name": org.sequence_name}
        assert context.ORG_NAMES[org.id] == org.sequence_name
    assert context.ORGS == tuple(roster.ORGS)
    assert gamedata.org_names(attrs) == context.ORG_NAMES
    # an older module without sequence names plays with the roster's (the same
    # messages as before); an organization the roster does not know, by its name
    orgs = copy.deepcopy(attrs)
    del orgs["riff"]["sequence_name"]
    del orgs["tuareg"]
    orgs["camel-corps"] = {"side": "bedouin", "code": "C", "name": "Camel Corps"}
    names = gamedata.org_names(orgs)
    assert (names["riff"], names["tuareg"], names["camel-corps"]) == \
        ("Riff Tribe", "Tuareg Tribe", "Camel Corps")
    with pytest.raises(ValueError, match=r"module: orgs\.arab\.sequence_name must be a "
                                         "non-empty text"):
        gamedata.org_names({"arab": {"sequence_name": ""}})


# -- 6.13, 7.5 wall and opening kinds -------------------------------------------------------


def test_6_13_7_5_the_forts_feature_groups_are_made_of_the_engine_vocabulary():
    groups = (terrain.FEATURES, terrain.MOVE_BLOCKERS, terrain.MOVE_OPENINGS,
              terrain.SIGHT_BLOCKERS, terrain.SIGHT_OPENINGS, terrain.COVER_FEATURES,
              terrain.WALL_FEATURES)
    for group in groups:
        assert set(group) <= set(F.ALL)
    assert terrain.MOVE_BLOCKERS == {F.THICK_WALL, F.THIN_WALL, F.GATE}
    assert terrain.SIGHT_OPENINGS == {F.DOOR, F.WINDOW, F.CRENEL}
    board = module().boards["fort"]
    used = set().union(*(side.features for side in board.sides.values()))
    assert used == set(terrain.FEATURES)
