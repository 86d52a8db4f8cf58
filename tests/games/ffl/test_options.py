"""10-18 the optional rules as per-game switches: declared in the manifest (the
New game dialog shows them), kept in the session's options and the save, set
up in the state, each one's action kinds open only when it is on."""

from helpers import controller

from ffl import catalog
from ffl.engine import Action
from ffl.games import manifest
from ffl.games.ffl.options import OPTIONAL_RULES
from ffl.session import GameSession


def test_every_optional_rule_10_to_18_is_a_check_box_off_by_default():
    options = manifest("ffl").options
    rules = {o.rule for o in options}
    for n in range(10, 19):
        assert any(r.split("-")[0].split(".")[0] == str(n) for r in rules), n
    assert all(o.kind == "bool" and o.default is False for o in options)
    assert [o.id for o in options] == [o.id for o in OPTIONAL_RULES]


def test_the_options_chosen_are_kept_in_the_state_and_the_save(tmp_path):
    session = catalog.new_session("ffl/basic", seed=3, options={"night": True, "wounds": True})
    ctrl = session.controller
    assert session.state.vars["options"] == ["night", "wounds"]
    assert ctrl.optional_rules(session.state) == [("night", "16", "Night"),
                                                  ("wounds", "18", "Wounds")]
    loaded = GameSession.load(session.save(tmp_path / "night.fflsave"))
    assert loaded.options["night"] is True
    assert ctrl.optional_rules(loaded.state) == ctrl.optional_rules(session.state)
    assert catalog.new_session("ffl/basic", seed=3).state.vars["options"] == []


def test_an_optional_rules_actions_are_open_only_when_it_is_on():
    from helpers import fresh

    assert "set-door" not in controller().prompt(fresh()).kinds
    assert "set-door" in controller().prompt(fresh(doors=True)).kinds
    v = controller().legal(fresh(), Action.make("set-door", "legion", door="gate",
                                                status="open"))
    assert not v and v.rule == "10"
    off = controller().position(units={"L-1-Adler": ("I3", 2, "N")}, chit="squad-1")
    assert "attitude" not in controller().prompt(off).kinds
    on = controller().position(units={"L-1-Adler": ("I3", 2, "N")}, chit="squad-1",
                               options={"attitudes": True})
    assert "attitude" in controller().prompt(on).kinds
    assert controller().doors(off) == {}
    assert controller().doors(controller().position(
        units={"L-1-Adler": ("I3", 2, "N")}, options={"doors": True},
        doors={"M5|M6|0": "locked"})) == {"M5|M6|0": "locked", "gate": "closed"}
