"""The sharing server: the phone page, its three static files and its WebSocket, behind this session's token.

Every path is /t/<token>/...: the page, its script and style sheet and the WebSocket, so the relative addresses in
the page carry the token and nothing is served without it. Every response carries a strict Content-Security-Policy
(nothing from outside, no inline script). Listens only on the addresses it is given (tests: 127.0.0.1).

Runs on an asyncio loop: `starwright share` runs it on the main thread; the desktop runs the loop in a thread
and calls `publish_threadsafe` and `call` from the GUI thread.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from aiohttp import WSMsgType, web

from ..paths import resources_dir
from . import protocol
from .protocol import Refused
from .state import diff
from .table import EVERY, Seat, Table

STATIC = {"": ("index.html", "text/html"), "app.js": ("app.js", "text/javascript"),
          "style.css": ("style.css", "text/css"), "icon.svg": ("icon.svg", "image/svg+xml")}
_HOST = re.compile(r"[A-Za-z0-9.:\[\]-]{1,100}")
# a phone that does not answer for this long is taken as gone (the page reconnects by itself)
HEARTBEAT = 20.0
SEND_TIMEOUT = 5.0

log = logging.getLogger(__name__)

WRONG_TOKEN = ("This address is from an earlier sharing session or was mistyped. Scan the code on the host's "
               "screen again.")


def static_dir() -> Path:
    return resources_dir() / "share"


class Bucket:
    """RATE messages a second on average, BURST at once (protocol's limits)."""

    def __init__(self, rate: float = protocol.RATE, burst: int = protocol.BURST):
        self.rate, self.burst = rate, burst
        self.level = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class ShareServer:
    """Serves one document to the phones. `document` gives `state()` and `perform(op, player, controls)` (which
    may be a coroutine); a phone's controls are group keys, or EVERY for all; `on_seats` is called (on the loop)
    whenever who is connected changes."""

    def __init__(self, document, addresses: list[str], port: int = 0, on_seats: Callable | None = None,
                 everyone_controls: bool = False):
        if not addresses:
            raise ValueError("no address to listen on")
        self.document = document
        self.addresses = list(addresses)
        self.port = port
        self.token = secrets.token_urlsafe(24)   # made anew each time sharing starts
        self.table = Table()
        self.on_seats = on_seats
        self.everyone_controls = everyone_controls     # `share --control`: a phone that joins controls all
        self.sockets: dict[web.WebSocketResponse, Seat | None] = {}
        self.lock = asyncio.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.last: dict | None = None
        self.files = {name: (static_dir() / f).read_bytes() for name, (f, _) in STATIC.items()}
        self._runner: web.AppRunner | None = None
        self._pending: dict | None = None      # publish_threadsafe's newest state, not yet taken by the loop
        self._scheduled = False

    # -- starting and stopping ------------------------------------------------------------------------------
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.last = self.document.state()
        app = web.Application(client_max_size=protocol.MAX_MESSAGE)
        app.router.add_get("/t/{token}/ws", self._socket)
        app.router.add_get("/t/{token}/{name:[a-z.]*}", self._file)
        app.router.add_get("/t/{token}", self._slash)
        app.on_response_prepare.append(self._headers)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        self._sites: dict[str, web.TCPSite] = {}
        for address in self.addresses:
            await self._listen(address)

    async def _listen(self, address: str) -> None:
        assert self._runner is not None, "listening before start()"
        site = web.TCPSite(self._runner, address, self.port, reuse_address=False)
        await site.start()
        self._sites[address] = site
        if self.port == 0:     # the port the system gave the first address, for all the others too
            self.port = self._runner.addresses[-1][1]

    async def rebind(self, addresses: list[str]) -> bool:
        """Listen on these addresses instead (the computer's local network address changed), with the same port
        and token: the new address (and its QR code) differs only in its host part, and a phone scans it again.
        Connections open on a gone address are left to close by themselves. False (and nothing changed) when a
        new address cannot be listened on."""
        new = [a for a in addresses if a not in self._sites]
        started = []
        try:
            for address in new:
                await self._listen(address)
                started.append(address)
        except OSError:
            for address in started:
                await self._sites.pop(address).stop()
            return False
        for address in [a for a in self._sites if a not in addresses]:
            await self._sites.pop(address).stop()
        self.addresses = list(addresses)
        return True

    async def stop(self, reason: str = "The host stopped sharing.") -> None:
        for ws in list(self.sockets):
            await self._send(ws, {"type": "bye", "reason": reason})
            await ws.close(code=1001, message=b"sharing stopped")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def urls(self) -> list[str]:
        return [f"http://{'[' + a + ']' if ':' in a else a}:{self.port}/t/{self.token}/" for a in self.addresses]

    # -- the host's side --------------------------------------------------------------------------------------
    def _running_loop(self) -> asyncio.AbstractEventLoop:
        """The loop the server runs on (set when it starts): another thread's calls are handed to it."""
        if self.loop is None:
            raise RuntimeError("the sharing server is not running")
        return self.loop

    def call(self, coro_or_fn, *args):
        """Run a method of this server on its loop from another thread; a concurrent Future of its result."""
        async def run():
            out = coro_or_fn(*args)
            return await out if inspect.isawaitable(out) else out
        return asyncio.run_coroutine_threadsafe(run(), self._running_loop())

    def publish_threadsafe(self, state: dict) -> None:
        """`publish` from another thread (the desktop's). Changes made faster than the loop takes them are
        published as one: the phones get the newest state, never an older one after it."""
        self._pending = state
        if not self._scheduled:
            self._scheduled = True
            self._running_loop().call_soon_threadsafe(self._publish_pending)

    def _publish_pending(self) -> None:
        self._scheduled = False            # first: a state handed over after this line schedules another run
        state, self._pending = self._pending, None
        if state is not None:
            asyncio.ensure_future(self.publish(state))

    async def publish(self, state: dict) -> None:
        """Bring every phone to `state` (after a phone's change, or a change or undo on the desktop)."""
        if state is self.last or state == self.last:
            return
        message = diff(self.last, state)
        self.last = state
        await self._broadcast(message)

    async def grant(self, seat: str, keys) -> None:
        s = self.table.grant(seat, keys)
        await self._to_seat(s, {"type": "controls", "controls": sorted(s.controls)})
        self._seats_changed()

    async def revoke(self, seat: str) -> None:
        s = self.table.revoke(seat)
        for ws, who in list(self.sockets.items()):
            if who is s:
                await self._send(ws, {"type": "bye", "reason": "The host has taken this phone off the table."})
                await ws.close(code=1008, message=b"revoked")
        self._seats_changed()

    def seats(self) -> list[dict]:
        return self.table.seats()

    def _seats_changed(self) -> None:
        if self.on_seats is not None:
            self.on_seats(self.table.seats())

    # -- HTTP ---------------------------------------------------------------------------------------------------
    def _token_ok(self, request: web.Request) -> bool:
        return secrets.compare_digest(request.match_info.get("token", "").encode(), self.token.encode())

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        host = request.headers.get("Host", "")
        ws = f" ws://{host}" if _HOST.fullmatch(host) else ""
        response.headers["Content-Security-Policy"] = (
            f"default-src 'self'; connect-src 'self'{ws}; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"

    async def _slash(self, request: web.Request) -> web.StreamResponse:
        if not self._token_ok(request):
            return web.Response(status=403, text=WRONG_TOKEN)
        raise web.HTTPFound(f"/t/{self.token}/")

    async def _file(self, request: web.Request) -> web.StreamResponse:
        if not self._token_ok(request):
            return web.Response(status=403, text=WRONG_TOKEN)
        name = request.match_info["name"]
        if name not in STATIC:
            return web.Response(status=404, text="Nothing here: the page is at the address the host shows.")
        return web.Response(body=self.files[name], content_type=STATIC[name][1],
                            charset="utf-8" if STATIC[name][1].startswith("text") else None)

    # -- the WebSocket ------------------------------------------------------------------------------------------
    def _same_origin(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is None or origin == f"http://{request.headers.get('Host', '')}"

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not self._token_ok(request):
            return web.Response(status=403, text=WRONG_TOKEN)
        if not self._same_origin(request):
            return web.Response(status=403, text="Only the sharing page itself may connect.")
        if len(self.sockets) >= protocol.MAX_CONNECTIONS:
            return web.Response(status=503, text="Too many phones are connected; try again in a moment.")
        ws = web.WebSocketResponse(max_msg_size=protocol.HARD_MESSAGE, heartbeat=HEARTBEAT, compress=False)
        await ws.prepare(request)
        self.sockets[ws] = None
        try:
            await self._talk(ws, request.remote or "")
        finally:
            seat = self.sockets.pop(ws, None)
            if seat is not None:
                seat.connections -= 1
                self._seats_changed()
        return ws

    async def _talk(self, ws: web.WebSocketResponse, address: str) -> None:
        bucket, bad = Bucket(), 0
        async for msg in ws:
            if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                break
            try:
                if not bucket.take():
                    raise Refused("Too many messages at once; slow down.")
                await self._handle(ws, protocol.parse(msg.data), address)
            except Refused as r:
                bad += 1
                if bad >= protocol.MAX_BAD:
                    await self._send(ws, {"type": "bye", "reason": "Too many refused messages: disconnected."})
                    await ws.close(code=1008, message=b"too many refused messages")
                    break
                await self._send(ws, {"type": "refused", **r.to_json()})

    async def _handle(self, ws: web.WebSocketResponse, msg: dict, address: str) -> None:
        seat = self.sockets.get(ws)
        kind = msg["type"]
        if kind == "ping":
            await self._send(ws, {"type": "pong", "id": msg["id"]})
            return
        if kind == "hello":
            if seat is not None:
                raise Refused("This connection has already said hello.")
            try:
                seat = self.table.join(msg["client"], msg.get("name", ""), address)
            except Refused as r:
                await self._send(ws, {"type": "bye", "reason": r.reason})
                await ws.close(code=1008, message=b"refused")
                return
            if self.everyone_controls and not seat.controls:
                seat.controls = {EVERY}
            seat.connections += 1
            self.sockets[ws] = seat
            await self._send(ws, {"type": "welcome", "seat": seat.seat, "name": seat.player,
                                  "controls": sorted(seat.controls), "state": self.last})
            self._seats_changed()
            return
        if seat is None:
            raise Refused("Say hello first: the page sends it when it connects.")
        if kind == "name":
            seat.name = msg["name"]
            self._seats_changed()
            return
        await self._operate(ws, seat, msg)

    async def _operate(self, ws: web.WebSocketResponse, seat: Seat, msg: dict) -> None:
        op_id = msg["id"]
        async with self.lock:      # one operation at a time: an id is checked and applied as one
            earlier = self.table.earlier(seat, op_id)
            if earlier is not None:
                await self._send(ws, {"type": "result", "id": op_id, **earlier})
                return
            self.table.check_room(seat)
            try:
                out = self.document.perform(msg, seat.player, set(seat.controls))
                outcome = await out if inspect.isawaitable(out) else out
            except Refused as r:
                outcome = {"ok": False, **r.to_json()}
            except Exception:   # a fault of the program, not of the phone: said, and the document is as it was
                log.exception("a phone's operation failed")
                outcome = {"ok": False, "reason": "The host could not make this change; nothing changed.",
                           "rule": None}
            self.table.remember(seat, op_id, outcome)
            await self._send(ws, {"type": "result", "id": op_id, **outcome})
            if outcome.get("ok"):
                await self.publish(self.document.state())

    # -- sending ------------------------------------------------------------------------------------------------
    async def _send(self, ws: web.WebSocketResponse, message: dict) -> None:
        await self._send_text(ws, json.dumps(message, ensure_ascii=False))

    async def _send_text(self, ws: web.WebSocketResponse, text: str) -> None:
        if ws.closed:
            return
        try:
            await asyncio.wait_for(ws.send_str(text), SEND_TIMEOUT)
        except (TimeoutError, ConnectionError, RuntimeError):
            await ws.close(code=1011, message=b"not answering")

    async def _to_seat(self, seat: Seat, message: dict) -> None:
        for ws, who in list(self.sockets.items()):
            if who is seat:
                await self._send(ws, message)

    async def _broadcast(self, message: dict) -> None:
        text = json.dumps(message, ensure_ascii=False)
        await asyncio.gather(*(self._send_text(ws, text) for ws, who in list(self.sockets.items())
                               if who is not None))
