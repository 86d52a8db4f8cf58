"""Combat: Following up: the active player's winning elements may be activated again
in the space they won, to pursue the enemy that broke off or to move on elsewhere."""

from log_helpers import act, conquest, controller, put, refused, seek, settle, task, until


def _won_in_beni_suef(seed=31):
    """Six French infantry from Fayum beat four Mamluk infantry in Beni Suef, who break
    off; returns the state and the space they broke off to."""
    state = conquest(seed)
    put(state, "fayum", {"fr-inf": 6})
    put(state, "beni-suef", {"ma-inf": 4})
    state.vars["activation"] = {"space": "fayum", "side": "french"}
    state, _ = until(state, "move", "french",
                     lambda s, e: task(s) and task(s)["kind"] == "break-off",
                     space="fayum", to="beni-suef", units="fr-inf:6", pieces="", leave="")
    break_off = controller().legal_actions(state)[0]
    state, _ = act(state, "break-off", "allied", **break_off.to_json()["args"])
    return state, break_off["to"]


def test_combat_following_up_the_winners_activate_again_and_pursue():
    state, fled_to = _won_in_beni_suef()
    assert state.vars["active"] == "french" and not state.vars.get("activation")
    assert refused(state, "activate", "french", space="beni-suef")
    seek(state, [6, 6, 6, 6, 6])
    state, _ = act(state, "activate", "french", space="beni-suef")
    state, _ = settle(state)
    assert state.vars["activation"] == {"space": "beni-suef", "side": "french",
                                      "moved": False}
    winners = sum(1 for p in state.pieces.values() if p.space == "beni-suef"
                  and p.side == "french" and p.status == "active")
    pursue = dict(space="beni-suef", to=fled_to, units=f"fr-inf:{winners}", pieces="",
                  leave="")
    assert refused(state, "move", "french", **pursue)           # after the broken-off enemy
    moves = {a["to"] for a in controller().legal_actions(state) if a.kind == "move"}
    assert fled_to in moves and len(moves - {fled_to}) >= 2      # or anywhere else legal
