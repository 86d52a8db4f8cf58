"""What a saved game keeps besides its bookkeeping: where a branch came from
and the state of an e-mail game.  Checked when a file is opened (a damaged
entry refuses the file with a reason), kept by the session and written back
with every save.  No Qt, no database.

* ``origin``: a branched game's source, ``{"file": name, "event": n,
  "title": scenario title}`` (the original's file name and the number of
  events kept from it);
* ``email``: a game played by e-mail, ``{"exchange": n, "since": n}``: how
  many turn files were written and the event count at the last exchange (the
  moves after it go out in the next turn file);
* ``seed_commit``: a seed made by both players (``ffl/seed_commit.py``),
  ``{"commit", "a", "b"}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .file_checks import SessionError

#: the keys of ``meta`` a session keeps as they are (``GameSession.extra``)
EXTRA_KEYS = ("origin", "email", "seed_commit")
MAX_TEXT = 4_000


def _count(value: Any, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


def kept_meta(meta: Mapping[str, Any], events: int) -> dict[str, Any]:
    """The entries of ``meta`` a session keeps, checked (SessionError if damaged)."""
    out: dict[str, Any] = {}
    origin = meta.get("origin")
    if origin is not None:
        if not (isinstance(origin, dict) and isinstance(origin.get("file"), str)
                and len(origin["file"]) <= MAX_TEXT
                and isinstance(origin.get("title", ""), str)
                and len(origin.get("title", "")) <= MAX_TEXT
                and _count(origin.get("event"), 2 ** 53)):
            raise SessionError("has a damaged record of the game it was branched from")
        out["origin"] = {"file": origin["file"], "event": origin["event"],
                         "title": origin.get("title", "")}
    email = meta.get("email")
    if email is not None:
        if not (isinstance(email, dict) and _count(email.get("exchange"), 2 ** 31)
                and _count(email.get("since"), events)):
            raise SessionError("has a damaged record of its e-mail exchanges")
        out["email"] = {"exchange": email["exchange"], "since": email["since"]}
    record = meta.get("seed_commit")      # a seed made by both players (ffl/seed_commit.py)
    if record is not None:
        from .seed_commit import record_ok

        if not record_ok(record):
            raise SessionError("has a damaged record of the seed made by both players")
        out["seed_commit"] = dict(record)
    return out


def origin_text(extra: Mapping[str, Any]) -> str:
    """"Branched from FILE at event N", or "" for a game that is no branch."""
    origin = extra.get("origin")
    if not origin:
        return ""
    return f"Branched from {origin['file']} at event {origin['event']}"
