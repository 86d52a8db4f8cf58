"""Sealed secrets in a saved game mailed to another player (docs/architecture.md,
"Sealed secrets in a mailed save").  Standard library only; no Qt here.

A controller labels each event that holds a side's secret (``info["secret"]``
the owning side, ``info["public"]`` the line the others read; FFL:
``rules/hidden.py``).  :func:`seal` writes the game for one ``recipient``:

* every event holding another side's secret is replaced by its **public
  form**: the changes that turn the recipient's view before it into the
  recipient's view after it (``controller.view``), the public line, no dice;
  the whole event rides along in ``info["sealed"]``, encrypted and
  authenticated with the owner's key (a keystream of HMAC-SHA256 blocks, then
  an HMAC-SHA256 tag over the label, nonce and ciphertext; the key from the
  owner's passphrase by PBKDF2-HMAC-SHA256 with the game's random salt);
* the seed is replaced by a public one (with the real seed the secret draws
  could be worked out again); the real seed and the full position's hash are
  sealed for each owner in ``meta["sealed"]``;
* ``meta["state_hash"]`` is the hash of the position the recipient's program
  replays to (the public forms from the recipient's view of the start).

:func:`opened` gives :meth:`GameSession.restore` the log to replay: every
sealed event whose owner's key is at hand is opened (its tag checked first)
and, when all are, the whole game is replayed from the real seed (the
owner's program); otherwise the public forms are replayed from the
recipient's view (the other player's program).  A game reopened from a
sealed save keeps ``meta["sealed"]`` when saved again, so the file can go back
and forth; the owner opening it gets the whole game plus the other player's
new events.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .engine import Change, Event, GameState, apply_event

SEALED, SECRET, PUBLIC = "sealed", "secret", "public"
PBKDF2_ROUNDS = 120_000
#: environment variables a passphrase may come from: FFL_SECRET_<SIDE>
ENV_PREFIX = "FFL_SECRET_"


class SealError(ValueError):
    """A sealed save cannot be written or opened (a missing key, a wrong
    passphrase, a changed envelope); the message says which in plain words."""


@dataclass
class Keyring:
    """The passphrases a program holds, by side (a player types his own)."""

    passphrases: dict[str, str] = field(default_factory=dict)
    _keys: dict[tuple[str, str], bytes] = field(default_factory=dict, repr=False)

    def add(self, side: str, passphrase: str) -> None:
        if not passphrase:
            raise SealError(f"an empty passphrase for the {side} side")
        self.passphrases[side] = passphrase
        self._keys = {k: v for k, v in self._keys.items() if k[0] != side}

    def has(self, side: str) -> bool:
        return side in self.passphrases or bool(os.environ.get(ENV_PREFIX + side.upper()))

    def key(self, side: str, salt: str) -> bytes | None:
        phrase = self.passphrases.get(side) or os.environ.get(ENV_PREFIX + side.upper())
        if not phrase:
            return None
        if (side, salt) not in self._keys:
            self._keys[(side, salt)] = hashlib.pbkdf2_hmac(
                "sha256", phrase.encode(), f"ffl-seal/{salt}/{side}".encode(), PBKDF2_ROUNDS)
        return self._keys[(side, salt)]


#: the keys this program holds (the UI or command line adds the player's own)
KEYRING = Keyring()
#: asks the player at the screen for an owner's passphrase when a sealed save
#: is opened (the play window sets it); None, or an empty answer: open the
#: file as the other player
ASK: Callable[[str], str | None] | None = None


# -- the envelope -----------------------------------------------------------------------------


def _sub(key: bytes, label: str) -> bytes:
    return hmac.new(key, label.encode(), hashlib.sha256).digest()


def _stream(key: bytes, nonce: bytes, size: int) -> bytes:
    out = bytearray()
    block = 0
    while len(out) < size:
        out += hmac.new(key, nonce + block.to_bytes(8, "big"), hashlib.sha256).digest()
        block += 1
    return bytes(out[:size])


def box(key: bytes, label: str, plain: bytes, nonce: bytes | None = None) -> dict[str, str]:
    """``plain`` encrypted and tagged under ``key``, bound to ``label``."""
    nonce = os.urandom(16) if nonce is None else nonce
    cipher = bytes(a ^ b for a, b in zip(plain, _stream(_sub(key, "enc"), nonce, len(plain)),
                                         strict=True))
    tag = hmac.new(_sub(key, "mac"), label.encode() + nonce + cipher, hashlib.sha256)
    return {"n": base64.b64encode(nonce).decode(), "c": base64.b64encode(cipher).decode(),
            "t": tag.hexdigest()}


def unbox(key: bytes, label: str, sealed: Mapping[str, Any]) -> bytes:
    """The plain bytes of a :func:`box`; SealError when the tag does not match
    (a wrong passphrase, or the envelope was changed or moved)."""
    try:
        nonce, cipher = base64.b64decode(sealed["n"]), base64.b64decode(sealed["c"])
        tag = str(sealed["t"])
    except (KeyError, TypeError, ValueError) as exc:
        raise SealError("a sealed secret is damaged") from exc
    want = hmac.new(_sub(key, "mac"), label.encode() + nonce + cipher, hashlib.sha256)
    if not hmac.compare_digest(want.hexdigest(), tag):
        raise SealError("a sealed secret does not open with this passphrase (a wrong "
                        "passphrase, or the file was changed)")
    return bytes(a ^ b for a, b in zip(cipher, _stream(_sub(key, "enc"), nonce, len(cipher)),
                                       strict=True))


def check_value(key: bytes, salt: str) -> str:
    """A short value that tells a right passphrase from a wrong one (reveals nothing)."""
    return hmac.new(_sub(key, "check"), salt.encode(), hashlib.sha256).hexdigest()[:16]


# -- public forms -----------------------------------------------------------------------------


def view_changes(before: GameState, after: GameState) -> tuple[Change, ...]:
    """The changes that turn ``before`` into ``after`` (same pieces)."""
    out = [Change.var(k, after.vars.get(k)) for k in sorted(set(before.vars) | set(after.vars))
           if before.vars.get(k) != after.vars.get(k)]
    for pid in sorted(after.pieces):
        a, b = after.pieces[pid], before.pieces[pid]
        for name in ("space", "level", "facing", "status", "side", "type"):
            if getattr(a, name) != getattr(b, name):
                out.append(Change.set(pid, name, getattr(a, name)))
        for head in ("markers", "data"):
            old, new = getattr(b, head), getattr(a, head)
            for k in sorted(set(old) | set(new)):
                if old.get(k) != new.get(k):
                    out.append(Change.set(pid, f"{head}.{k}", new.get(k)))
    return tuple(out)


def _label(salt: str, index: int) -> str:
    return f"{salt}/event/{index}"


def owner_of(event: Event) -> str | None:
    owner = event.info.get(SECRET)
    if owner is True:
        return event.side or None
    return owner or None


def _public_seed(key: bytes, seed: int) -> int:
    digest = hmac.new(_sub(key, "seed"), str(seed).encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big") % (2**31 - 1) + 1


def seal(session, recipient: str, keyring: Keyring | None = None):
    """The :class:`~ffl.store.SavedGame` to mail to ``recipient``: every other
    side's secrets sealed with its owner's key (SealError when a key is missing)."""
    keyring = keyring or KEYRING
    snap = session.snapshot()
    controller = session.controller
    prior = dict(getattr(session, "sealed", None) or {})
    salt = prior.get("salt") or os.urandom(12).hex()
    events = list(session.log.events)
    owners = sorted({o for e in events if (o := owner_of(e)) and o != recipient
                     and SEALED not in e.info})
    keys: dict[str, bytes] = {}
    for owner in owners:
        key = keyring.key(owner, salt)
        if key is None:
            raise SealError(f"the {owner} player's passphrase is needed to seal his secrets")
        keys[owner] = key
    if not keys:
        return snap                  # nothing new to seal: the save as it is
    if prior:
        raise SealError("this game already holds the other player's sealed secrets; "
                        "sealing secrets of both sides in one file is not supported yet")
    real_seed = session.seed
    public_seed = _public_seed(keys[owners[0]], real_seed)
    # the recipient's program replays from its view of a start with the public seed
    start = controller.setup(session.scenario, session.options, public_seed)
    shown = controller.view(start, recipient)
    full = session.log.initial.copy()
    out: list[Event] = []
    for n, event in enumerate(events):
        seen_before = controller.view(full, recipient)
        apply_event(full, event)
        owner = owner_of(event)
        if owner is None or owner == recipient or SEALED in event.info:
            out.append(event)
        else:
            plain = json.dumps(event.to_json(), sort_keys=True).encode()
            envelope = {"owner": owner, **box(keys[owner], _label(salt, n), plain)}
            info = {SECRET: owner, SEALED: envelope}
            changes = view_changes(seen_before, controller.view(full, recipient))
            out.append(Event(event.kind, event.rule, str(event.info.get(PUBLIC) or
                                                         f"{event.rule} A secret step"),
                             changes, (), event.side, info))
        apply_event(shown, out[-1])
    sealed = {"salt": salt, "for": recipient, "public_seed": public_seed,
              "count": len(events), "owners": {}}
    for owner, key in keys.items():
        secret = json.dumps({"seed": real_seed, "state_hash": session.state.hash()}).encode()
        sealed["owners"][owner] = {"check": check_value(key, salt),
                                   "box": box(key, f"{salt}/game", secret)}
    meta = {**snap.meta, "state_hash": shown.hash(), SEALED: sealed}
    return replace(snap, seed=public_seed, events=out, meta=meta)


def opened(session, saved) -> tuple[GameState, list[Event], str]:
    """What :meth:`GameSession.restore` replays for a sealed save: the start,
    the events and the hash the replay must come to.  Sets ``session.seed``
    and ``session.sealed``."""
    meta = saved.meta
    sealed = meta.get(SEALED)
    if not isinstance(sealed, dict) or not isinstance(sealed.get("salt"), str):
        raise SealError("has damaged sealed secrets")
    salt, controller = sealed["salt"], session.controller
    entries = sealed.get("owners") or {}
    keys, game = {}, {}
    for owner, entry in entries.items():
        key = KEYRING.key(owner, salt)
        if key is None and ASK is not None and not isinstance(entry, str):
            phrase = ASK(owner)
            if phrase:
                KEYRING.add(owner, phrase)
                key = KEYRING.key(owner, salt)
        if key is None:
            continue
        if not hmac.compare_digest(check_value(key, salt), str(entry.get("check", ""))):
            KEYRING.passphrases.pop(owner, None)
            raise SealError(f"the {owner} passphrase given does not open this game's secrets")
        keys[owner] = key
        game[owner] = json.loads(unbox(key, f"{salt}/game", entry["box"]))
    events: list[Event] = []
    closed = False
    for n, event in enumerate(saved.events):
        envelope = event.info.get(SEALED)
        if not envelope:
            events.append(event)
        elif envelope.get("owner") in keys:
            plain = unbox(keys[envelope["owner"]], _label(salt, n), envelope)
            events.append(Event.from_json(json.loads(plain)))
        else:
            closed = True
            events.append(event)
    if closed or not game:
        start = controller.setup(session.scenario, session.options, saved.seed)
        session.sealed = sealed
        return controller.view(start, sealed["for"]), list(saved.events), meta["state_hash"]
    # the owner's program: the whole game from the real seed
    info = next(iter(game.values()))
    session.seed = int(info["seed"])
    session.sealed = None
    start = controller.setup(session.scenario, session.options, session.seed)
    if len(saved.events) == sealed.get("count"):
        return start, events, str(info["state_hash"])
    # the other player has played on: his events come after; the public
    # replay must still reach the position his program saved
    public = controller.view(controller.setup(session.scenario, session.options, saved.seed),
                             sealed["for"])
    for event in saved.events:
        apply_event(public, event)
    if public.hash() != meta["state_hash"]:
        raise SealError("does not replay to the position that was saved")
    full = start.copy()
    for event in events:
        apply_event(full, event)
    return start, events, full.hash()
