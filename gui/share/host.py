"""The sharing server of one open document, run on an asyncio loop in a thread of its own.

The document stays the editor's: a phone's operation is handed to the GUI thread (a queued signal), checked and
applied there by the same model operations as the Play view, as one undo step named for the phone's player; every
change of the document (the desktop's own edits, undo and redo, a phone's) is published to every phone.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from model import pointer as jp
from model.share.addresses import local_network_addresses
from model.share.document import perform_on, play_problems
from model.share.protocol import Refused
from model.share.server import ShareServer
from model.share.state import state_json

STOP_WAIT = 5.0     # seconds to tell every phone and close, before the thread is left behind
# how often the local network's addresses are read again (the laptop moved to another Wi-Fi, or got a new
# address): reading them is a system call, no traffic
ADDRESS_CHECK_MS = 5000


class ShareError(Exception):
    """Sharing could not start; the message says why in words."""


class _Document:
    """What the server sees of the editor's document (called on the server's thread)."""

    def __init__(self, host: ShareHost):
        self.host = host

    def state(self) -> dict:
        return self.host.state

    async def perform(self, op: dict, player: str, controls: set[str]) -> dict:
        done: concurrent.futures.Future = concurrent.futures.Future()
        self.host.operationArrived.emit((op, player, controls, done))
        return await asyncio.wrap_future(done)


class ShareHost(QObject):
    seatsChanged = Signal(list)          # the phones at the table (table.Seat.to_json each)
    urlsChanged = Signal(list)           # the addresses to show (the QR code follows)
    operationArrived = Signal(object)    # from the server's thread to the GUI thread

    def __init__(self, session, parent: QObject | None = None):
        super().__init__(parent)
        self.session = session
        self.revision = 0
        self.game_over = False
        self.state = self._state()
        self.server: ShareServer | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.loop_thread: threading.Thread | None = None   # (not `thread`: QObject.thread() is Qt's)
        self._following = False
        self.operationArrived.connect(self._perform, Qt.ConnectionType.QueuedConnection)
        self.follow = QTimer(self)
        self.follow.setInterval(ADDRESS_CHECK_MS)
        self.follow.timeout.connect(self.check_addresses)

    # -- starting and stopping ------------------------------------------------------------------------------
    def start(self, addresses: list[str] | None = None, port: int = 0) -> list[str]:
        """Start sharing on these addresses, or (None) on the local network's, followed when they change."""
        following = addresses is None
        addresses = addresses if addresses is not None else local_network_addresses()
        if not addresses:
            raise ShareError("This computer is not on a local network (no Wi-Fi or Ethernet address was found), "
                             "so no phone could reach it. Join the same Wi-Fi as the phones and try again.")
        self.loop = asyncio.new_event_loop()
        self.loop_thread = threading.Thread(target=self.loop.run_forever, name="starwright-share", daemon=True)
        self.loop_thread.start()
        self.server = ShareServer(_Document(self), addresses, port, on_seats=self.seatsChanged.emit)
        try:
            asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(STOP_WAIT)
        except (OSError, concurrent.futures.TimeoutError) as e:
            self.stop()
            why = getattr(e, "strerror", None) or "it did not answer in time"
            raise ShareError(f"Sharing could not start on {', '.join(addresses)}: {why}.") from None
        self.session.changed.connect(self._changed)
        self._following = True
        if following:
            self.follow.start()
        return self.server.urls()

    def check_addresses(self) -> None:
        """The local network's addresses read again; when they changed, the server listens on the new ones (same
        token and port) and the window shows the new address and QR code. None at all (Wi-Fi off for a moment):
        left as it is until there is one again."""
        if self.server is None:
            return
        now = local_network_addresses()
        if now and now != self.server.addresses and self.server.call(self.server.rebind, now).result(STOP_WAIT):
            self.urlsChanged.emit(self.server.urls())

    def stop(self) -> None:
        """Tell every phone, close every connection and the server, end the thread."""
        self.follow.stop()
        server, loop, thread = self.server, self.loop, self.loop_thread
        self.server = self.loop = self.loop_thread = None
        if self._following:
            self.session.changed.disconnect(self._changed)
            self._following = False
        if loop is None:
            return
        if server is not None:
            try:
                asyncio.run_coroutine_threadsafe(server.stop(), loop).result(STOP_WAIT)
            except Exception:   # stopping goes on: the loop is ended below either way
                pass
        loop.call_soon_threadsafe(loop.stop)
        if thread is not None:
            thread.join(STOP_WAIT)
        if not loop.is_running():
            loop.close()

    @property
    def sharing(self) -> bool:
        return self.server is not None

    def urls(self) -> list[str]:
        return self.server.urls() if self.server else []

    # -- the host's choices ----------------------------------------------------------------------------------
    def grant(self, seat: str, keys) -> None:
        if self.server is not None:
            self.server.call(self.server.grant, seat, list(keys)).result(STOP_WAIT)

    def revoke(self, seat: str) -> None:
        if self.server is not None:
            self.server.call(self.server.revoke, seat).result(STOP_WAIT)

    def seats(self) -> list[dict]:
        return self.server.call(self.server.seats).result(STOP_WAIT) if self.server else []

    def end_game(self) -> None:
        self.game_over = True
        self._publish()

    # -- the document ------------------------------------------------------------------------------------------
    def _state(self) -> dict:
        s = self.session
        title = str(s.data.get("name") or "").strip() or s.kind.title
        return state_json(s.kind.kind, title, s.result.play, self.revision, self.game_over,
                          play_problems(s.result))

    def _publish(self) -> None:
        self.revision += 1
        self.state = self._state()
        if self.server is not None:
            self.server.publish_threadsafe(self.state)

    def _changed(self, change) -> None:
        # a game played again after End game (a step, or the recorded game undone) is no longer over
        if self.game_over and self.session.data.get("play") and \
                any(p == "" or jp.is_within(p, "/play") for p in change.touched):
            self.game_over = False
        self._publish()

    def _perform(self, job) -> None:
        op, player, controls, done = job
        if not done.set_running_or_notify_cancel():
            return
        try:
            if self.game_over:
                raise Refused("The game is over; the host starts the next one.")
            edit = perform_on(self.session.kind.kind, self.session.data, self.session.result, op, player, controls)
            self.session.apply(edit)
        except Exception as e:    # Refused, or a fault: the server answers the phone either way
            done.set_exception(e)
        else:
            done.set_result({"ok": True})
