"""The phone messages: limits, and each message read and checked before anything acts on it.

A message that is not what the protocol says (not JSON, too long, an unknown type, a field of the wrong
type) is refused with a sentence saying what is wrong; nothing reads a field it has not checked here.
"""

from __future__ import annotations

import json
import re
from typing import TypeGuard

# An operation is under 300 bytes and a hello under 200: 4 KB leaves room and refuses a flood of bulk.
MAX_MESSAGE = 4096
# aiohttp's own limit, above ours so that our refusal (said in words) comes first; past it aiohttp closes.
HARD_MESSAGE = 65536
# A thumb taps a few times a second; reconnecting phones resend a handful of operations at once. A phone may
# send RATE messages a second on average with bursts of BURST; past that it is told and then disconnected.
RATE = 20.0
BURST = 60
# Refused messages on one connection before it is closed (a broken or hostile page, not a player).
MAX_BAD = 50
# Phones (client ids) one sharing session keeps: a table is 2-8 players; more is a page reloaded in a loop.
MAX_SEATS = 64
MAX_CONNECTIONS = 64
# Operation ids one phone may use in a sharing session (every id is kept so none is ever applied twice), and
# the results kept to answer a replay with the earlier answer (older replays are answered "already applied").
MAX_OPS_PER_PHONE = 20000
RESULTS_KEPT = 256
# A player's name as the desktop's undo step and list show it.
MAX_NAME = 40
# A step moves a track by at most this much (the phone sends -1 / +1).
MAX_DELTA = 20
MAX_POINTER = 300

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
TYPES = ("hello", "op", "name", "ping")
OPS = ("step", "use_power", "new_game")


class Refused(Exception):
    """An operation or message refused, with the reason in words and the rule it follows (None: a message
    the protocol does not allow, not a rule of the game)."""

    def __init__(self, reason: str, rule: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.rule = rule

    def to_json(self) -> dict:
        return {"reason": self.reason, "rule": self.rule}


def _no_constant(name: str):
    raise ValueError(name)


def parse(raw: str | bytes) -> dict:
    """One message from a phone, checked; Refused says what is wrong."""
    if isinstance(raw, bytes | bytearray):
        raise Refused("Messages must be text (JSON), not binary.")
    if len(raw) > MAX_MESSAGE:
        raise Refused(f"The message is {len(raw)} characters long; at most {MAX_MESSAGE} are taken.")
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise Refused("The message is not valid JSON.") from None
    if not isinstance(msg, dict):
        raise Refused("A message must be a JSON object with a \"type\".")
    kind = msg.get("type")
    if kind not in TYPES:
        raise Refused(f"Unknown message type; expected one of {', '.join(TYPES)}.")
    if kind == "hello":
        _id(msg, "client", "The hello needs a \"client\" id (1 to 64 letters, digits, - or _).")
        _name(msg)
    elif kind == "name":
        _name(msg)
        if "name" not in msg:
            raise Refused("The name message needs a \"name\".")
    elif kind == "ping":
        if not _small_int(msg.get("id")):
            raise Refused("A ping needs a whole-number \"id\".")
    else:
        _operation(msg)
    return msg


def _id(msg: dict, key: str, words: str) -> None:
    v = msg.get(key)
    if not isinstance(v, str) or not _ID.fullmatch(v):
        raise Refused(words)


def _name(msg: dict) -> None:
    if "name" in msg:
        v = msg["name"]
        if not isinstance(v, str) or len(v) > MAX_NAME or any(ord(c) < 32 for c in v):
            raise Refused(f"A player's name is text of at most {MAX_NAME} characters, on one line.")
        msg["name"] = v.strip()


def _small_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool) and -(2 ** 53) < v < 2 ** 53


def _operation(msg: dict) -> None:
    _id(msg, "id", "An operation needs an \"id\" made by the phone (1 to 64 letters, digits, - or _).")
    op = msg.get("op")
    if op not in OPS:
        raise Refused(f"Unknown operation; expected one of {', '.join(OPS)}.")
    if op == "step":
        p, d = msg.get("pointer"), msg.get("delta")
        if not isinstance(p, str) or not p.startswith("/play/") or len(p) > MAX_POINTER:
            raise Refused("A step needs the \"pointer\" of a track (it starts with /play/).")
        if not _small_int(d) or d == 0 or abs(d) > MAX_DELTA:
            raise Refused(f"A step's \"delta\" is a whole number from -{MAX_DELTA} to {MAX_DELTA}, not 0.")
    elif op == "use_power":
        for key in ("group", "power"):
            v = msg.get(key)
            if not isinstance(v, str) or not 0 < len(v) <= 100:
                raise Refused(f"Using a power needs the \"{key}\" it belongs to, as text.")
