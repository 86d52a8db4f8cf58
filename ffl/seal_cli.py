"""``ffl seal SAVE --for SIDE -o OUT``: the copy of a saved game to mail to
the ``SIDE`` player, every other side's secrets sealed (:mod:`ffl.sealing`).

Each owner's passphrase comes from ``FFL_SECRET_<SIDE>`` in the environment,
else it is asked for at the terminal (not echoed).  The owner opens the
mailed file, or the one that comes back, with the same passphrase in
``FFL_SECRET_<SIDE>``: ``ffl open FILE``.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

from . import sealing


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="ffl seal", description="Write the copy of a saved game to mail to one player: "
                                     "the other sides' secrets sealed with their passphrases.")
    p.add_argument("save", type=Path, metavar="SAVE")
    p.add_argument("--for", dest="recipient", required=True, metavar="SIDE",
                   help="the side of the player who receives the file")
    p.add_argument("-o", "--output", required=True, type=Path, metavar="OUT.fflsave")
    return p


def main(argv: list[str] | None = None) -> int:
    from .session import GameSession
    from .store import StoreError, save_game

    ns = parser().parse_args(argv)
    try:
        session = GameSession.load(ns.save)
        sides = list(session.scenario.sides)
        if ns.recipient not in sides:
            print(f"ffl seal: error: {ns.recipient!r} is no side of this game "
                  f"({', '.join(sides)})", file=sys.stderr)
            return 2
        keys = sealing.Keyring()
        owners = sorted({o for e in session.log.events if (o := sealing.owner_of(e))
                         and o != ns.recipient})
        for owner in owners:
            if not keys.has(owner):
                keys.add(owner, getpass.getpass(f"Passphrase of the {owner} player: "))
        save_game(ns.output, sealing.seal(session, ns.recipient, keys))
    except (StoreError, sealing.SealError) as exc:
        print(f"ffl seal: error: {exc}", file=sys.stderr)
        return 1
    sealed = f"sealed: the secrets of {', '.join(owners)}" if owners else "no secret to seal"
    print(f"wrote {ns.output} for the {ns.recipient} player ({sealed})")
    return 0
