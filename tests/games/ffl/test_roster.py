"""The FFL units (1.2, 1.21-1.25, 7.22, 7.81, 21.11, 25) and the Basic Game module."""

from collections import Counter

from ffl.games.ffl import roster
from ffl.games.ffl.module import build_module


def _types():
    return roster.piece_types()


def _characters(side=None):
    return [t for t in _types().values()
            if t.kind == "character" and (side is None or t.side == side)]


def test_1_213_legion_has_33_characters_in_four_organizations():
    legion = _characters("legion")
    assert len(legion) == 33
    assert Counter(t.org for t in legion) == {
        "legion-cmd": 3, "squad-1": 10, "squad-2": 10, "squad-3": 10}
    names = {t.name for t in legion if t.org == "legion-cmd"}
    assert names == {"Capt. LeJeune", "Lt. Briere", "Sgt. Maj. Kolb"}


def test_1_214_bedouin_have_five_tribes_of_twelve_and_two_commanders():
    bedouin = _characters("bedouin")
    assert len(bedouin) == 62
    assert Counter(t.org for t in bedouin) == {
        "arab": 12, "berber": 12, "kabyle": 12, "riff": 12, "tuareg": 12, "bedouin-cmd": 2}
    assert {t.name for t in bedouin if t.org == "bedouin-cmd"} == {"Sh. Al Krim", "Sgt. Kulm"}
    assert roster.ORGS["kabyle"].name == "Kayble"   # printed spelling kept for display


def test_25_printed_names_are_present():
    ids = set(_types())
    for pid in ("L-1-DeGroot", "L-1-Blondin", "L-1-Cole", "L-2-Stolz", "L-3-Romanov",
                "B-A-Yusuf", "B-B-Jaber", "B-K-Raisuli", "B-R-AlKabar", "B-T-AlWazan",
                "B-R-Sabah", "B-R-Walid", "B-R-Gaafar", "B-K-Gaafar"):
        assert pid in ids, pid
    cole = _types()["L-1-Cole"]
    assert cole.get("nationality") == "Austrian"
    assert cole.get("profession") == "Lawyer (Dis-barred)"
    assert _types()["B-T-AlWazan"].name == "Ch. Al Wazan"


def test_21_11_one_name_per_initial_letter_in_each_organization():
    for org in roster.ORGS:
        initials = [c.name[0] for c in roster.characters(org=org)]
        assert len(initials) == len(set(initials)), org


def test_7_81_eight_legion_and_seven_bedouin_leaders():
    leaders = [t for t in _characters() if t.get("leader")]
    assert Counter(t.side for t in leaders) == {"legion": 8, "bedouin": 7}
    for t in leaders:
        assert t.get("rank") in ("Capt", "Lt", "Sgt Maj", "Sgt", "Cpl", "Sheikh", "Chief")
    for t in _characters():
        if t.get("rank") in ("Pvt", "Tribesman"):
            assert not t.get("leader")
    chiefs = [t for t in leaders if t.get("rank") == "Chief"]
    assert sorted(t.org for t in chiefs) == sorted(roster.TRIBES)


def test_7_22_only_le_jeune_and_briere_carry_pistols():
    pistols = {t.id for t in _characters() if t.get("weapon") == "P"}
    assert pistols == {"L-LC-LeJeune", "L-LC-Briere"}
    assert all(t.get("weapon") in ("R", "P") for t in _characters())


def test_1_21_every_character_has_fire_and_melee_numbers():
    for t in _characters():
        assert 1 <= t.get("fire") <= 6 and 1 <= t.get("melee") <= 6, t.id
    # the printed example counter "R2-2" exists on a Legionnaire
    assert any((t.get("weapon"), t.get("fire"), t.get("melee")) == ("R", 2, 2)
               for t in _characters("legion"))


def test_1_24_ten_sequence_units_one_per_organization():
    seq = [t for t in _types().values() if t.kind == "sequence"]
    assert len(seq) == 10
    assert {t.org for t in seq} == set(roster.ORGS)
    assert Counter(t.side for t in seq) == {"legion": 4, "bedouin": 6}


def test_2_basic_scenario_places_every_piece():
    module = build_module()
    assert (module.id, module.game, module.title) == ("ffl", "ffl", "French Foreign Legion")
    assert set(module.boards) == {"fort"}
    sc = module.scenarios["ffl/basic"]
    assert sc.sides == ("legion", "bedouin") and sc.board == "fort"
    by_id = {p.piece: p for p in sc.placements}
    assert len(by_id) == len(sc.placements)
    assert set(by_id) == {pid for pid, _, _ in roster.basic_pieces()}
    # the optional rules' units (14, 15.1) are module data, added when chosen
    assert [p["id"] for p in module.attrs["optional_pieces"]] == [
        pid for pid, *_ in roster.OPTIONAL_PIECES]
    for p in sc.placements:
        assert p.type in module.piece_types
        kind = module.piece_types[p.type].kind
        if kind == "character":
            assert p.space is None and p.status == "off"      # 2.31, 2.32
        if kind == "rope":
            assert p.space is None and p.status == "off"      # 2.32
    gates = [p for p in sc.placements if p.type == "gate"]
    assert sorted(p.space for p in gates) == ["P14", "Q14"]   # 2.2
    assert all(p.data["status"] == "closed" for p in gates)
    assert sc.setup["legion"]["place"] == 30
    assert sc.setup["board"]["gates"] == "closed"
    assert len([p for p in sc.placements if p.type == "rope"]) == roster.ROPE_COUNT


def test_19_to_23_scenario_drafts_are_recorded():
    drafts = build_module().attrs["draft_scenarios"]
    assert [d["rule"] for d in drafts] == ["19", "20", "21", "22", "23"]
    for d in drafts:
        assert d["title"] and d["description"] and d["sides"] and d["setup"]
