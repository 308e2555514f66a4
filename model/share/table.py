"""Who is at the table: each phone's seat, what it may control, and the operations it already made.

A phone names itself with a random client id it keeps (localStorage), so a phone that reconnects after sleep
finds its seat again: its name, the figures it controls and the ids of every operation it made, so a replayed
operation is answered with its earlier result and never applied twice. The host sees seats by a short public
name ("p1"), never the client id, which stays the phone's secret.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from dataclasses import dataclass, field

from .protocol import MAX_OPS_PER_PHONE, MAX_SEATS, RESULTS_KEPT, Refused

EVERY = "*"     # in a phone's controls: every figure and ship, and New game


@dataclass
class Seat:
    seat: str
    client: str
    name: str = ""
    address: str = ""
    controls: set[str] = field(default_factory=set)
    revoked: bool = False
    connections: int = 0
    seen: set[str] = field(default_factory=set)
    results: OrderedDict = field(default_factory=OrderedDict)

    @property
    def player(self) -> str:
        return self.name or f"Phone {self.seat[1:]}"

    def to_json(self) -> dict:
        return {"seat": self.seat, "name": self.player, "address": self.address, "connected": self.connections > 0,
                "controls": sorted(self.controls), "revoked": self.revoked}


class Table:
    def __init__(self):
        self._by_client: dict[str, Seat] = {}
        self._by_seat: dict[str, Seat] = {}
        self._numbers = itertools.count(1)

    def join(self, client: str, name: str = "", address: str = "") -> Seat:
        seat = self._by_client.get(client)
        if seat is None:
            if len(self._by_client) >= MAX_SEATS:
                raise Refused("The table is full: this sharing session has seen too many phones. The host can "
                              "stop and start sharing again.")
            seat = Seat(f"p{next(self._numbers)}", client)
            self._by_client[client] = seat
            self._by_seat[seat.seat] = seat
        if seat.revoked:
            raise Refused("The host has taken this phone off the table.")
        if name:
            seat.name = name
        seat.address = address or seat.address
        return seat

    def seats(self) -> list[dict]:
        return [s.to_json() for s in self._by_seat.values()]

    def seat(self, seat: str) -> Seat:
        try:
            return self._by_seat[seat]
        except KeyError:
            raise KeyError(f"no phone {seat}") from None

    def grant(self, seat: str, keys) -> Seat:
        s = self.seat(seat)
        s.controls = set(keys)
        return s

    def revoke(self, seat: str) -> Seat:
        s = self.seat(seat)
        s.revoked = True
        s.controls = set()
        return s

    # -- operations made once ---------------------------------------------------------------------------------
    @staticmethod
    def earlier(seat: Seat, op_id: str) -> dict | None:
        """The answer to an operation id this phone already used (None: a new one)."""
        if op_id not in seat.seen:
            return None
        before = seat.results.get(op_id) or {"ok": True, "note": "This change was made earlier."}
        return {**before, "replayed": True}

    @staticmethod
    def check_room(seat: Seat) -> None:
        if len(seat.seen) >= MAX_OPS_PER_PHONE:
            raise Refused(f"This phone has made {MAX_OPS_PER_PHONE} changes in this sharing session, the most one "
                          "phone may; the host can stop and start sharing again.")

    @staticmethod
    def remember(seat: Seat, op_id: str, outcome: dict) -> None:
        seat.seen.add(op_id)
        seat.results[op_id] = outcome
        while len(seat.results) > RESULTS_KEPT:
            seat.results.popitem(last=False)
