"""The hash chain of a saved game's event log (schema 3).

Each event row carries ``chain``: the SHA-256 of the chain value of the event
before it and the event's stored text, so one changed, dropped, added or
swapped event breaks the chain from that event on and the store can name it
("event 212 was changed").  The chain starts from the game itself (scenario,
options as stored, seed), so a forged seed or option breaks it at event 1.
It is a record, not a signature: whoever rewrites the whole chain can forge
it; what keeps an e-mail game honest on top of it is the dice check and the
comparison with the player's own copy (:mod:`ffl.turnfile`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

#: the length of a chain value (hex SHA-256)
CHAIN_LENGTH = 64
_TAG = "ffl-chain-1"


def genesis(scenario_id: str, options_text: str, seed: int) -> str:
    """The chain value before the first event."""
    text = f"{_TAG}\n{scenario_id}\n{options_text}\n{int(seed)}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def link(previous: str, event_text: str) -> str:
    """The chain value of an event stored as ``event_text`` after ``previous``."""
    return hashlib.sha256(f"{previous}\n{event_text}".encode()).hexdigest()


def chain_of(start: str, texts: Iterable[str]) -> list[str]:
    """Every chain value of the events stored as ``texts``, in order."""
    out, value = [], start
    for text in texts:
        value = link(value, text)
        out.append(value)
    return out


def first_break(start: str, texts: list[str], stored: list[str]) -> int | None:
    """The number (from 1) of the first event whose stored chain value does not
    follow from the events before it, or None when the chain holds."""
    value = start
    for n, (text, found) in enumerate(zip(texts, stored, strict=True), 1):
        value = link(value, text)
        if found != value:
            return n
    return None
