"""49.1 Air Transport, restrictions and conditions: the Malta Interdiction Value at +2 or
+3 and a Resource Point to buy it; only non-motorized infantry-type units, Supply Points
and infantry Replacements fly (tanks, Trucks, artillery and motorized units do not)."""

from __future__ import annotations

from tlb_helpers import act, refused, segment

from ffl.engine import fold

FOOT, MOTORIZED, SUPPLY = "ax-sab-2", "ax-tri-1", "sp-axis-20"
BENINA = "3011"                                  # an Axis airfield far from the front


def bought(controller, module):
    st = controller.setup(module.scenarios["legend_begins/crusader"], {}, 5)
    st = fold(st, controller.opening(st))
    st.vars.update(rp={"axis": 1, "allied": 0}, malta=3)
    segment(st, "axis", phase="organization")
    st, _ = act(controller, st, "purchase", "axis", what="air-transport")
    segment(st, "axis", phase="movement")
    return st


def in_italy(st, *pids):
    for pid in pids:
        st.pieces[pid].status, st.pieces[pid].space = "active", "Italy"
        st.pieces[pid].data.pop("hq", None)


def test_49_1_only_foot_infantry_supply_and_infantry_replacements_fly(controller, module):
    st = bought(controller, module)
    ctx = controller.ctx(st)
    assert ctx.motorized(MOTORIZED) and not ctx.motorized(FOOT)
    in_italy(st, FOOT, MOTORIZED, SUPPLY)
    v = refused(controller, st, "airlift", "axis", units=[MOTORIZED], airfield=BENINA)
    assert v.rule == "49.1"
    tank = next(p for p in sorted(st.pieces) if ctx.is_tank(p) and st.pieces[p].side == "axis")
    in_italy(st, tank)
    assert refused(controller, st, "airlift", "axis", units=[tank], airfield=BENINA).rule \
        == "49.1"
    st, events = act(controller, st, "airlift", "axis", units=[FOOT], airfield=BENINA)
    assert events[-1].rule == "49.2" and st.pieces[FOOT].space == BENINA


def test_49_1_no_resource_point_no_air_transport(controller, module):
    st = controller.setup(module.scenarios["legend_begins/crusader"], {}, 5)
    st = fold(st, controller.opening(st))
    st.vars.update(rp={"axis": 0, "allied": 0}, malta=3)
    segment(st, "axis", phase="organization")
    v = refused(controller, st, "purchase", "axis", what="air-transport")
    assert v.rule == "49.1" and "1 Resource Point" in v.reason
