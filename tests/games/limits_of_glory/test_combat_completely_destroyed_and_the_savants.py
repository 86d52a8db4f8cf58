"""Combat: Completely destroyed from combat: a side whose elements in the space are all
lost loses its commanders there too and places a momentum marker in the space.
Combat: Losing the Savants: the savants go when every element escorting them is lost."""

from log_helpers import commander, conquest, put, until

from ffl.games.limits_of_glory import tables as T


def _active(state, space, side):
    return [p for p in state.pieces.values() if p.space == space and p.side == side
            and p.status == "active"]


def test_combat_completely_destroyed_from_combat_the_commander_goes_and_a_marker():
    state = conquest(41)
    put(state, "fayum", {"fr-inf": 12})
    put(state, "beni-suef", {"ma-inf": 1})
    commander(state, "murad", "beni-suef", glory=0)
    state.vars["activation"] = {"space": "fayum", "side": "french"}
    state, events = until(state, "move", "french",
                          lambda s, e: any(x.rule == T.COMBAT_DESTROYED for x in e),
                          space="fayum", to="beni-suef", units="fr-inf:12", pieces="",
                          leave="")
    assert not _active(state, "beni-suef", "allied")
    assert state.pieces["murad"].status != "active" and state.pieces["murad"].space is None
    assert state.vars["markers"]["beni-suef"]["allied"] == 1
    lost = [e for e in events if e.rule == T.COMBAT_DESTROYED]
    assert lost[0].text.startswith(T.COMBAT_DESTROYED)


def test_combat_losing_the_savants_with_their_last_escort():
    state = conquest(42)
    put(state, "fayum", {"fr-inf": 1, "fr-sav": 1})
    put(state, "beni-suef", {"ma-inf": 6, "ma-cav": 6})
    state.vars["activation"] = {"space": "fayum", "side": "french"}
    state, events = until(state, "move", "french",
                          lambda s, e: any(x.rule == T.COMBAT_SAVANTS for x in e),
                          space="fayum", to="beni-suef", units="fr-inf:1,fr-sav:1",
                          pieces="", leave="")
    savants = [p for p in state.pieces.values() if p.type == "fr-sav"]
    assert savants and all(p.status == "eliminated" and p.space is None for p in savants)
    assert not _active(state, "beni-suef", "french")
    assert any(e.text.startswith(T.COMBAT_SAVANTS) for e in events)
