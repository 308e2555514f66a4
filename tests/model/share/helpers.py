"""A sharing server on loopback (127.0.0.1 only) with a document of resources/examples, and phones that talk
to it with aiohttp's client."""

from __future__ import annotations

import asyncio
import contextlib
import copy

import aiohttp

from model.share.document import LocalDocument
from model.share.server import ShareServer
from model.storage import load
from tests.conftest import EXAMPLES

LOOPBACK = "127.0.0.1"
WAIT = 10.0
EXAMPLE = {"stargrave-crew": "ashen-comet-veteran", "starfrontiers-character": "kara-venn-human",
           "knighthawks-ship": "z-gata-frigate", "starchasers-ship": "kestrel-light-freighter",
           "starchasers-character": "dash-korrin-ace"}


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


def document(kind: str = "stargrave-crew") -> LocalDocument:
    path = EXAMPLES / f"{EXAMPLE[kind]}.starwright"
    loaded = load(path)
    return LocalDocument(loaded.data, loaded.kind, origin=path)


@contextlib.asynccontextmanager
async def shared(kind: str = "stargrave-crew", **options):
    doc = document(kind)
    before = copy.deepcopy(doc.data)
    server = ShareServer(doc, [LOOPBACK], 0, **options)
    await server.start()
    try:
        async with aiohttp.ClientSession() as http:
            yield server, doc, http, before
    finally:
        await server.stop()


class Phone:
    """One phone: a WebSocket to the server and the messages it received."""

    def __init__(self, ws, client: str):
        self.ws, self.client, self.seen = ws, client, []

    @classmethod
    async def join(cls, http, server, client: str = "phone-a", name: str = "Ann", url: str | None = None):
        ws = await http.ws_connect((url or server.urls()[0]) + "ws")
        phone = cls(ws, client)
        await ws.send_json({"type": "hello", "client": client, "name": name})
        phone.welcome = await phone.next("welcome")
        return phone

    async def next(self, kind: str, timeout: float = WAIT) -> dict:
        """The next message of that type (others received meanwhile are kept in `seen`)."""
        async def wait():
            while True:
                msg = await self.ws.receive()
                if msg.type != aiohttp.WSMsgType.TEXT:
                    raise ConnectionError(f"closed while waiting for {kind}: {msg.type} {msg.extra}")
                data = msg.json()
                self.seen.append(data)
                if data["type"] == kind:
                    return data
        return await asyncio.wait_for(wait(), timeout)

    async def op(self, op_id: str, **fields) -> dict:
        await self.ws.send_json({"type": "op", "id": op_id, **fields})
        return await self.next("result")

    async def close(self) -> None:
        await self.ws.close()


def shown(state: dict, pointer: str) -> int:
    return next(t["shown"] for g in state["groups"] for t in g["tracks"] if t["pointer"] == pointer)


def apply_diff(state: dict, msg: dict) -> dict:
    """What the phone page does with a state or diff message."""
    if msg["type"] == "state":
        return msg["state"]
    changed = {g["key"]: g for g in msg["groups"]}
    return {**state, "revision": msg["revision"], "groups": [changed.get(g["key"], g) for g in state["groups"]]}
