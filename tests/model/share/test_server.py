"""The sharing server on loopback: the token, every kind's state, changes applied once and broadcast, the rule
checks and permissions, reconnecting, and bad input that changes nothing (issue 40)."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from model import play
from model.evaluate import evaluate
from model.share.table import EVERY

from .helpers import LOOPBACK, EXAMPLE, Phone, apply_diff, document, run, shared, shown

HEALTH = "/play/figures/captain/health_lost"


def test_listens_only_where_told_and_serves_the_page_only_with_the_token():
    async def go():
        async with shared() as (server, _doc, http, _):
            # bound to the loopback address it was given, and nothing else
            assert {a[0] for a in server._runner.addresses} == {LOOPBACK}
            url = server.urls()[0]
            assert url.startswith(f"http://{LOOPBACK}:{server.port}/t/{server.token}/")
            async with http.get(url) as r:
                assert r.status == 200
                page = await r.text()
                csp = r.headers["Content-Security-Policy"]
                assert csp.startswith("default-src 'self';") and "unsafe" not in csp
            assert '<script src="app.js"' in page and "<script>" not in page   # no inline script
            for name in ("app.js", "style.css", "icon.svg"):
                async with http.get(url + name) as r:
                    assert r.status == 200 and "default-src 'self'" in r.headers["Content-Security-Policy"]
            base = f"http://{LOOPBACK}:{server.port}"
            for path in ("/", "/index.html", "/app.js", f"/t/{server.token}x/", "/t/wrong/app.js",
                         f"/t/{server.token}/../../pyproject.toml", f"/t/{server.token}/secret.json"):
                async with http.get(base + path) as r:
                    assert r.status in (403, 404), path
                    assert "app.js" not in await r.text()
            async with http.get(base + "/t/wrong/") as r:
                assert r.status == 403 and "earlier sharing session" in await r.text()
            async with http.get(base + f"/t/{server.token}") as r:   # followed to the page
                assert r.status == 200 and str(r.url).endswith("/")
    run(go())


def test_an_old_token_is_refused_after_sharing_starts_again():
    async def go():
        async with shared() as (first, _doc, _http, _):
            old = first.token
        async with shared() as (server, _doc, http, _):
            assert server.token != old and len(server.token) >= 32
            base = f"http://{LOOPBACK}:{server.port}/t/{old}/"
            async with http.get(base) as r:
                assert r.status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:   # the WebSocket handshake too
                await http.ws_connect(base + "ws")
            assert e.value.status == 403
    run(go())


@pytest.mark.parametrize("kind", list(EXAMPLE))
def test_a_phone_gets_every_kinds_play_tracks_on_join(kind):
    async def go():
        async with shared(kind) as (server, doc, http, _):
            phone = await Phone.join(http, server)
            state = phone.welcome["state"]
            assert state["kind"] == kind and phone.welcome["controls"] == []
            groups = evaluate(doc.data, doc.kind).play
            assert [g["key"] for g in state["groups"]] == [g.key for g in groups] and groups
            for g, sent in zip(groups, state["groups"]):
                assert sent["title"] == g.title
                assert [(t["pointer"], t["label"], t["rule"], t["shown"], t["maximum"]) for t in sent["tracks"]] == \
                    [(t.pointer, t.label, t.rule, t.shown, t.maximum) for t in g.tracks]
                assert [(p["name"], p["fatigue"], p["usable"]) for p in sent["powers"]] == \
                    [(p.name, p.fatigue, p.usable) for p in g.powers]
            labels = {t["label"] for g in state["groups"] for t in g["tracks"]}
            want = {"stargrave-crew": {"Health", "Loot carried"}, "starfrontiers-character": {"Stamina"},
                    "knighthawks-ship": {"Hull Points", "Speed"},
                    "starchasers-ship": {"Hull Points", "Shields", "Structure Points", "System Damage"},
                    "starchasers-character": {"Hit Points", "Motivation", "Stress"}}[kind]
            assert want <= labels
            await phone.close()
    run(go())


def test_a_change_is_applied_by_the_play_rules_and_reaches_every_phone():
    async def go():
        async with shared() as (server, doc, http, _):
            ann = await Phone.join(http, server, "ann-1", "Ann")
            bob = await Phone.join(http, server, "bob-1", "Bob")
            await server.grant(ann.welcome["seat"], ["captain"])
            assert (await ann.next("controls"))["controls"] == ["captain"]
            full = shown(ann.welcome["state"], HEALTH)
            assert (await ann.op("o1", op="step", pointer=HEALTH, delta=-1))["ok"] is True
            assert doc.data["play"]["figures"]["captain"]["health_lost"] == 1
            # one undo step named for the player, the figure, its track and the values
            assert doc.history == [f"Ann (phone): Captain Mara Vex: Health {full} → {full - 1}"]
            for phone in (ann, bob):
                msg = await phone.next("diff")
                assert [g["key"] for g in msg["groups"]] == ["captain"]     # only what changed
                assert shown(apply_diff(phone.welcome["state"], msg), HEALTH) == full - 1
    run(go())


def test_a_refused_step_says_why_with_its_rule_and_changes_nothing():
    async def go():
        async with shared(everyone_controls=True) as (server, doc, http, before):
            ann = await Phone.join(http, server)
            r = await ann.op("up", op="step", pointer=HEALTH, delta=1)       # already at full Health
            assert r["ok"] is False and r["rule"] == "SG-CAMP-02" and "its most is" in r["reason"]
            assert doc.data == before and doc.history == []
            # lower Health until a power's Fatigue is not below it: SG-PLAY-13 refuses the power
            cap = next(g for g in ann.welcome["state"]["groups"] if g["key"] == "captain")
            power = max(cap["powers"], key=lambda p: p["fatigue"])
            health = shown(ann.welcome["state"], HEALTH)
            r = await ann.op("down", op="step", pointer=HEALTH, delta=-(health - power["fatigue"]))
            assert r["ok"], r
            snapshot = doc.data["play"]
            r = await ann.op("pw", op="use_power", group="captain", power=power["name"])
            assert r["ok"] is False and r["rule"] == "SG-PLAY-13" and "cannot be used" in r["reason"]
            assert doc.data["play"] == snapshot
            r = await ann.op("gone", op="step", pointer="/play/figures/nobody/health_lost", delta=-1)
            assert r["ok"] is False and "not in the game" in r["reason"]
    run(go())


def test_a_power_used_from_a_phone_costs_its_fatigue_as_in_the_play_view():
    async def go():
        async with shared(everyone_controls=True) as (server, doc, http, _):
            ann = await Phone.join(http, server)
            g, power = next((g, p) for g in ann.welcome["state"]["groups"] for p in g["powers"]
                            if p["usable"] and p["fatigue"])
            assert (await ann.op("p1", op="use_power", group=g["key"], power=power["name"]))["ok"]
            figure = doc.data["play"]["figures"][g["key"]]
            assert figure["powers"][power["name"]] == 1 and figure["health_lost"] == power["fatigue"]
    run(go())


def test_phones_view_by_default_and_the_host_grants_and_revokes():
    async def go():
        async with shared() as (server, doc, http, before):
            ann = await Phone.join(http, server, "ann-1", "Ann")
            r = await ann.op("o1", op="step", pointer=HEALTH, delta=-1)
            assert r["ok"] is False and "may view" in r["reason"] and doc.data == before
            seat = ann.welcome["seat"]
            assert server.seats() == [{"seat": seat, "name": "Ann", "address": LOOPBACK, "connected": True,
                                       "controls": [], "revoked": False}]
            await server.grant(seat, ["s1"])
            await ann.next("controls")
            assert (await ann.op("o2", op="step", pointer=HEALTH, delta=-1))["ok"] is False   # not the captain
            assert (await ann.op("o3", op="step", pointer="/play/figures/s1/health_lost", delta=-1))["ok"]
            assert (await ann.op("o4", op="new_game"))["ok"] is False            # not every figure
            await server.revoke(seat)
            bye = await ann.next("bye")
            assert "taken this phone off the table" in bye["reason"]
            # the same phone comes back: refused, and nothing it sends is applied
            ws = await http.ws_connect(server.urls()[0] + "ws")
            await ws.send_json({"type": "hello", "client": "ann-1", "name": "Ann"})
            assert (await ws.receive_json())["type"] == "bye"
            await ws.close()
            assert server.seats()[0]["revoked"] is True and server.seats()[0]["connected"] is False
            assert doc.history == ["Ann (phone): Jax (Trooper): Health 14 → 13"]
    run(go())


def test_an_operation_replayed_is_answered_with_its_earlier_result_and_applied_once():
    async def go():
        async with shared(everyone_controls=True) as (server, doc, http, _):
            ann = await Phone.join(http, server)
            first = await ann.op("same", op="step", pointer=HEALTH, delta=-2)
            again = await ann.op("same", op="step", pointer=HEALTH, delta=-2)
            assert first == {"type": "result", "id": "same", "ok": True}
            assert again == {**first, "replayed": True}
            assert doc.data["play"]["figures"]["captain"]["health_lost"] == 2 and len(doc.history) == 1
            # a refused one replayed is refused the same way, even when it could now be applied
            no = await ann.op("no", op="step", pointer=HEALTH, delta=5)
            assert no["ok"] is False
            await ann.op("heal", op="step", pointer=HEALTH, delta=-1)
            assert (await ann.op("no", op="step", pointer=HEALTH, delta=5)) == {**no, "replayed": True}
            assert doc.data["play"]["figures"]["captain"]["health_lost"] == 3
    run(go())


def test_a_phone_that_reconnects_catches_up_and_keeps_its_seat():
    async def go():
        async with shared() as (server, doc, http, _):
            ann = await Phone.join(http, server, "ann-1", "Ann")
            bob = await Phone.join(http, server, "bob-1", "Bob")
            await server.grant(ann.welcome["seat"], ["captain"])
            await server.grant(bob.welcome["seat"], ["captain"])
            sent = await ann.op("lost-answer", op="step", pointer=HEALTH, delta=-1)
            assert sent["ok"]
            await ann.close()                            # asleep, Wi-Fi lost
            await bob.op("b1", op="step", pointer=HEALTH, delta=-3)
            back = await Phone.join(http, server, "ann-1", "Ann")
            assert back.welcome["seat"] == ann.welcome["seat"] and back.welcome["controls"] == ["captain"]
            assert shown(back.welcome["state"], HEALTH) == shown(ann.welcome["state"], HEALTH) - 4
            # the page sends again what was unanswered, with the same id: not applied a second time
            assert (await back.op("lost-answer", op="step", pointer=HEALTH, delta=-1))["replayed"] is True
            assert doc.data["play"]["figures"]["captain"]["health_lost"] == 4
    run(go())


def test_the_desktop_publishing_a_change_or_game_over_reaches_the_phones():
    async def go():
        async with shared() as (server, doc, http, _):
            ann = await Phone.join(http, server)
            state = dict(server.last, revision=9, game_over=True)
            await server.publish(state)
            msg = await ann.next("state")
            assert msg["state"]["game_over"] is True
    run(go())


def test_a_phone_with_every_figure_may_start_a_new_game():
    async def go():
        async with shared() as (server, doc, http, _):
            ann = await Phone.join(http, server)
            await server.grant(ann.welcome["seat"], [EVERY])
            await ann.op("d", op="step", pointer=HEALTH, delta=-1)
            assert (await ann.op("n", op="new_game"))["ok"] and "play" not in doc.data
    run(go())


def test_a_page_from_elsewhere_may_not_open_the_socket():
    async def go():
        async with shared() as (server, _doc, http, _):
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await http.ws_connect(server.urls()[0] + "ws", headers={"Origin": "http://evil.example"})
            assert e.value.status == 403
            ws = await http.ws_connect(server.urls()[0] + "ws",
                                       headers={"Origin": f"http://{LOOPBACK}:{server.port}"})
            await ws.close()
    run(go())


def test_document_is_checked_the_same_as_without_sharing():
    doc = document("starchasers-ship")
    state = doc.state()
    assert state["kind"] == "starchasers-ship" and state["revision"] == 0 and not state["game_over"]


def test_when_the_address_changes_the_server_follows_with_the_same_token_and_port():
    """The laptop's local network address changed: the server listens on the new one (here ::1, loopback too)
    and no more on the old one; the page's address keeps its token and port, so only the host part changes."""
    async def go():
        async with shared() as (server, _doc, http, _):
            token, port = server.token, server.port
            assert await server.rebind(["::1"])
            assert server.urls() == [f"http://[::1]:{port}/t/{token}/"]
            assert {a[0] for a in server._runner.addresses} == {"::1"}
            async with http.get(server.urls()[0]) as r:
                assert r.status == 200
            with pytest.raises(aiohttp.ClientConnectionError):
                await http.get(f"http://{LOOPBACK}:{port}/t/{token}/")
            phone = await Phone.join(http, server)
            assert phone.welcome["state"]["groups"]
            await phone.close()
    run(go())


def test_changes_published_from_another_thread_reach_the_phones_newest_last():
    """The desktop publishes from its own thread; a burst is sent as fewer messages, ending with the newest."""
    async def go():
        async with shared() as (server, doc, http, _):
            ann = await Phone.join(http, server)
            states = []
            for n in range(1, 51):
                doc.apply(play.set_count(doc.data, HEALTH, n % 10))
                states.append(doc.state())
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(None, lambda: [server.publish_threadsafe(s) for s in states])
            state = ann.welcome["state"]
            while state["revision"] != 50:
                msg = await ann.next("diff")
                assert msg["revision"] > state["revision"]          # never an older state after a newer one
                state = apply_diff(state, msg)
            assert shown(state, HEALTH) == shown(states[-1], HEALTH)
    run(go())
