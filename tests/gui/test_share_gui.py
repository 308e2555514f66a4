"""Table Link on the desktop (issue 40): View > Share with Phones… shows the QR code and address; a phone's change
is one undo step named for its player; undo on the desktop reaches the phone; grant, revoke, End game's "game
over", and closing the document all reach the phones. Loopback only: the local network's addresses are replaced
by 127.0.0.1 for the test."""

from __future__ import annotations

import asyncio
import threading

import aiohttp
import pytest

from tests.conftest import EXAMPLES

HEALTH = "/play/figures/captain/health_lost"


class ThreadPhone:
    """A phone on its own thread and event loop, so the Qt event loop of the test keeps running."""

    def __init__(self, url: str, client: str, name: str):
        self.url, self.client, self.name = url, client, name
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.seen: list[dict] = []
        self.run(self._join()).result(10)

    def run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    async def _join(self):
        self.http = aiohttp.ClientSession()
        self.ws = await self.http.ws_connect(self.url + "ws")
        await self.ws.send_json({"type": "hello", "client": self.client, "name": self.name})
        self.welcome = await self._next("welcome")

    async def _next(self, kind: str) -> dict:
        """The first message of that type not yet taken (the state may come before or after a result)."""
        for data in self.seen:
            if data["type"] == kind:
                self.seen.remove(data)
                return data
        while True:
            msg = await self.ws.receive()
            if msg.type != aiohttp.WSMsgType.TEXT:
                return {"type": "closed"}
            data = msg.json()
            if data["type"] == kind:
                return data
            self.seen.append(data)

    def next(self, qtbot, kind: str) -> dict:
        fut = self.run(self._next(kind))
        qtbot.waitUntil(fut.done, timeout=10000)
        return fut.result()

    def op(self, qtbot, op_id: str, **fields) -> dict:
        self.run(self.ws.send_json({"type": "op", "id": op_id, **fields})).result(5)
        return self.next(qtbot, "result")

    def close(self) -> None:
        async def shut():
            await self.ws.close()
            await self.http.close()
        self.run(shut()).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def loopback_only(monkeypatch):
    import gui.share.host as host
    monkeypatch.setattr(host, "local_network_addresses", lambda: ["127.0.0.1"])


def shown(state: dict, pointer: str) -> int:
    return next(t["shown"] for g in state["groups"] for t in g["tracks"] if t["pointer"] == pointer)


def test_sharing_from_the_play_view_end_to_end(win, qtbot, tmp_path, loopback_only):
    from gui import share
    path = tmp_path / "crew.starwright"
    path.write_bytes((EXAMPLES / "ashen-comet-veteran.starwright").read_bytes())
    editor = win.open_path(str(path))
    assert win.a_share.isEnabled() and win.a_share.shortcut().toString() == "F6"
    win.a_share.trigger()
    dialog = share.running(editor.session)
    assert dialog is not None and dialog.isVisible() and editor.in_play
    url = dialog.url.text()
    assert url.startswith("http://127.0.0.1:") and f"/t/{dialog.host.server.token}/" in url
    assert dialog.qr_text == url and not dialog.qr.pixmap().isNull() and dialog.qr.pixmap().width() >= 200
    assert "guest network" in dialog.findChild(type(dialog.problem), "shareTrouble").text()

    ann = ThreadPhone(url, "ann-gui", "Ann")
    try:
        full = shown(ann.welcome["state"], HEALTH)
        qtbot.waitUntil(lambda: dialog.phones.count() == 1, timeout=5000)
        assert dialog.phones.item(0).text().startswith("Ann: connected, views only")
        # a view-only phone is refused
        assert ann.op(qtbot, "v1", op="step", pointer=HEALTH, delta=-1)["ok"] is False
        # the host lets Ann change the captain: tick it in the list
        dialog.phones.setCurrentRow(0)
        item = next(dialog.controls.item(i) for i in range(dialog.controls.count())
                    if dialog.controls.item(i).text().startswith("Captain"))
        item.setCheckState(item.checkState().Checked)
        assert ann.next(qtbot, "controls")["controls"] == ["captain"]
        r = ann.op(qtbot, "o1", op="step", pointer=HEALTH, delta=-1)
        assert r["ok"] is True
        diff = ann.next(qtbot, "diff")
        assert shown({"groups": diff["groups"]}, HEALTH) == full - 1
        session = editor.session
        assert session.data["play"]["figures"]["captain"]["health_lost"] == 1
        # one undo step named for the player and the figure; names kept as written
        assert session.stack.undoText() == f"Ann (phone): Captain Mara Vex: Health {full} → {full - 1}"
        assert editor.play_page.rows[HEALTH].track.shown == full - 1          # the Play view follows
        # undo on the desktop reaches the phone
        win.a_undo.trigger()
        assert shown({"groups": ann.next(qtbot, "diff")["groups"]}, HEALTH) == full
        # not the captain's to change: refused with the document unchanged
        before = dict(session.data.get("play") or {})
        r = ann.op(qtbot, "o2", op="step", pointer="/play/figures/s1/health_lost", delta=-1)
        assert r["ok"] is False and (session.data.get("play") or {}) == before
        # End game: the phones show game over
        share.ended_game(session)
        assert ann.next(qtbot, "state")["state"]["game_over"] is True
        # revoke: the phone is told and disconnected
        dialog.phones.setCurrentRow(0)
        dialog.revoke_button.click()
        assert "off the table" in ann.next(qtbot, "bye")["reason"]
    finally:
        ann.close()

    bob = ThreadPhone(url, "bob-gui", "Bob")
    try:
        win.close_editor(editor, ask=False)        # closing the document stops sharing
        assert bob.next(qtbot, "bye")["reason"] == "The host stopped sharing."
        assert share.running(editor.session) is None and not dialog.host.sharing
    finally:
        bob.close()


def test_sharing_says_why_when_the_computer_has_no_local_network(win, qtbot, tmp_path, monkeypatch):
    import gui.share.host as host
    from gui import share
    monkeypatch.setattr(host, "local_network_addresses", list)
    path = tmp_path / "crew.starwright"
    path.write_bytes((EXAMPLES / "ashen-comet-veteran.starwright").read_bytes())
    editor = win.open_path(str(path))
    editor.set_play(True)
    editor.play_page.share.click()
    dialog = share.running(editor.session)
    assert dialog.problem.isVisible() and "not on a local network" in dialog.problem.text()
    assert dialog.url.text() == "Not sharing." and not dialog.host.sharing
    dialog.close()
    assert share.running(editor.session) is None


def test_end_game_in_the_play_view_tells_the_phones(win, qtbot, tmp_path, loopback_only):
    from gui import share
    path = tmp_path / "crew.starwright"
    path.write_bytes((EXAMPLES / "ashen-comet-veteran.starwright").read_bytes())
    editor = win.open_path(str(path))
    win.a_share.trigger()
    dialog = share.running(editor.session)
    phone = ThreadPhone(dialog.url.text(), "c-end", "Cy")
    try:
        qtbot.waitUntil(lambda: dialog.phones.count() == 1, timeout=5000)
        dialog.phones.setCurrentRow(0)
        everything = dialog.controls.item(0)
        everything.setCheckState(everything.checkState().Checked)
        assert phone.next(qtbot, "controls")["controls"] == ["*"]
        # from the phone: Vell (s1) out of action, a power used by the first mate
        health = shown(phone.welcome["state"], "/play/figures/s1/health_lost")
        assert phone.op(qtbot, "out", op="step", pointer="/play/figures/s1/health_lost", delta=-health)["ok"]
        mate = next(g for g in phone.welcome["state"]["groups"] if g["key"] == "first_mate")
        assert phone.op(qtbot, "pw", op="use_power", group="first_mate", power=mate["powers"][0]["name"])["ok"]
        walkthrough = editor.play_page.finish_game()
        state = phone.next(qtbot, "state")["state"]
        while not state["game_over"]:
            state = phone.next(qtbot, "state")["state"]
        # and the walk-through opens as before, with what the phone changed in its record
        assert walkthrough is not None and walkthrough.isVisible()
        record = walkthrough.draft.record
        assert record["out_of_action"] == ["s1"] and record["xp"]["powers"] == 1
        # a game over: the phone's changes are refused until the next game
        r = phone.op(qtbot, "late", op="step", pointer=HEALTH, delta=-1)
        assert r["ok"] is False and "game is over" in r["reason"]
        walkthrough.discard()
    finally:
        phone.close()
        dialog.close()


def test_when_the_computers_address_changes_the_qr_code_follows(win, qtbot, tmp_path, monkeypatch):
    """Loopback stands in for the local network: 127.0.0.1 first, then ::1 (both loopback)."""
    import gui.share.host as host
    from gui import share
    now = ["127.0.0.1"]
    monkeypatch.setattr(host, "local_network_addresses", lambda: list(now))
    path = tmp_path / "crew.starwright"
    path.write_bytes((EXAMPLES / "ashen-comet-veteran.starwright").read_bytes())
    editor = win.open_path(str(path))
    win.a_share.trigger()
    dialog = share.running(editor.session)
    first = dialog.url.text()
    assert first.startswith("http://127.0.0.1:") and dialog.host.follow.isActive()
    dialog.host.check_addresses()                  # nothing changed: nothing done
    assert dialog.url.text() == first
    now[:] = ["::1"]
    dialog.host.check_addresses()                  # what the timer does every few seconds
    assert dialog.url.text() == first.replace("127.0.0.1", "[::1]") and dialog.qr_text == dialog.url.text()
    phone = ThreadPhone(dialog.url.text(), "moved", "Di")
    try:
        assert phone.welcome["state"]["groups"]
    finally:
        phone.close()
        dialog.close()
    assert not dialog.host.follow.isActive()
