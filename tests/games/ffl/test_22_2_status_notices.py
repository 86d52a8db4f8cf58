"""The status line's notices (``controller.notices``): 8 the stun removals that take
a stun off, not the empty "nobody is stunned" that covered each new turn's prompt;
22.2 the patrol's news (the Bedouin player is told), not its bare dice."""

from helpers import controller

from ffl.engine import Change, Event


def test_22_2_the_patrols_news_and_8_only_real_stun_removals_are_notices():
    empty = Event("stun-removal", "8", "8 Stun removal: nobody is stunned")
    taken = Event("stun-removal", "8", "8 Stun removal: Pvt. Adler 2->1",
                  (Change.set("L-1-Adler", "markers.stun", 1),))
    roll = Event("dice", "22.2", "22.2 Turn 4: does the patrol come back?: rolled 5", dice=(5,))
    news = Event("patrol-roll", "22.2", "22.2 Rolled 5: the patrol is on its way and enters "
                 "on turn 5 (the Bedouin player is told)")
    assert controller().notices([empty, taken, roll, news]) == [taken.text, news.text]
