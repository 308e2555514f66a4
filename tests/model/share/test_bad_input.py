"""Bad input from a phone: refused in words, never a change to the document, never harm to the server (issue 40:
malformed, oversized and flooding messages, 10,000 of them)."""

from __future__ import annotations

import asyncio
import itertools
import json

import aiohttp
import pytest

from model.share import protocol
from model.share.protocol import Refused, parse

from .helpers import Phone, run, shared

OP = {"type": "op", "id": "a1", "op": "step", "pointer": "/play/figures/captain/health_lost", "delta": -1}

MALFORMED = [
    "", "not json", "{", "[]", "null", "42", '"text"', "{}", '{"type": 5}', '{"type": "shout"}',
    json.dumps({**OP, "id": ""}), json.dumps({**OP, "id": "a" * 65}), json.dumps({**OP, "id": "ä"}),
    json.dumps({**OP, "id": 7}), json.dumps({**OP, "op": "delete_everything"}), json.dumps({**OP, "op": None}),
    json.dumps({**OP, "pointer": "/name"}), json.dumps({**OP, "pointer": 3}), json.dumps({**OP, "pointer": "/play/" + "x" * 400}),
    json.dumps({**OP, "delta": 0}), json.dumps({**OP, "delta": 1.5}), json.dumps({**OP, "delta": True}),
    json.dumps({**OP, "delta": "1"}), json.dumps({**OP, "delta": 10 ** 20}), json.dumps({**OP, "delta": -21}),
    '{"type": "op", "id": "a", "op": "step", "pointer": "/play/x", "delta": NaN}',
    json.dumps({"type": "op", "id": "b", "op": "use_power", "group": 5, "power": "Heal"}),
    json.dumps({"type": "op", "id": "b", "op": "use_power", "group": "captain"}),
    json.dumps({"type": "hello", "client": "bad id!"}), json.dumps({"type": "hello"}),
    json.dumps({"type": "name", "name": "x" * 41}), json.dumps({"type": "name", "name": "a\nb"}),
    json.dumps({"type": "name"}), json.dumps({"type": "ping"}), json.dumps({"type": "ping", "id": "x"}),
    "[" * 3000, json.dumps({"type": "ping", "id": 1, "pad": "x" * protocol.MAX_MESSAGE}),
    b"\x00\x01binary", json.dumps({"type": "hello", "client": "second-hello"}),
]


def test_every_kind_of_malformed_message_is_refused_in_words():
    for raw in MALFORMED[:-1]:
        with pytest.raises(Refused) as e:
            parse(raw)
        reason = e.value.reason
        assert reason.endswith(".") and reason[0].isupper(), raw
        assert not any(w in reason for w in ("Error", "Expecting", "line 1", "\\x", "None")), reason
    assert parse(json.dumps(OP))["delta"] == -1


def test_ten_thousand_malformed_messages_leave_the_document_and_the_server_unharmed():
    async def go():
        async with shared(everyone_controls=True) as (server, doc, http, before):
            sent = refused = connections = 0
            messages = itertools.cycle(MALFORMED)
            while sent < 10_000:
                ws = await http.ws_connect(server.urls()[0] + "ws")
                connections += 1
                await ws.send_json({"type": "hello", "client": f"flood{connections % 3}"})
                assert (await ws.receive_json())["type"] == "welcome"
                for _ in range(protocol.MAX_BAD):
                    raw = next(messages)
                    await (ws.send_bytes(raw) if isinstance(raw, bytes) else ws.send_str(raw))
                    sent += 1
                async for msg in ws:            # every one answered, then the connection is closed
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        break
                    data = msg.json()
                    assert data["type"] in ("refused", "bye"), data
                    refused += data["type"] == "refused"
                    assert data["reason"]
                assert ws.closed
            assert sent == 10_000 and refused == sent - connections      # the last of each: told bye
            assert doc.data == before and doc.history == [] and doc.revision == 0
            await asyncio.sleep(0.05)
            assert len(server.sockets) == 0 and len(server.seats()) == 3
            # and the server still serves: a phone joins and plays
            ann = await Phone.join(http, server, "after", "Ann")
            assert (await ann.op("ok", **{k: v for k, v in OP.items() if k not in ("type", "id")}))["ok"]
            assert doc.history == ["Ann (phone): Captain Mara Vex: Health 17 → 16"]
    run(go())


def test_a_flooding_phone_is_told_to_slow_down_and_then_disconnected():
    async def go():
        async with shared() as (server, doc, http, before):
            ann = await Phone.join(http, server)
            for n in range(protocol.BURST + protocol.MAX_BAD + 20):
                await ann.ws.send_json({"type": "ping", "id": n})
            bye = await ann.next("bye")
            slow = [m for m in ann.seen if m["type"] == "refused"]
            assert slow and all(m["reason"] == "Too many messages at once; slow down." for m in slow)
            assert "Too many refused messages" in bye["reason"]
            assert sum(m["type"] == "pong" for m in ann.seen) >= protocol.BURST - 1   # the hello took one
            assert doc.data == before
    run(go())


def test_an_oversized_message_is_refused_and_a_huge_one_closes_the_connection():
    async def go():
        async with shared() as (server, doc, http, before):
            ann = await Phone.join(http, server)
            await ann.ws.send_str("x" * (protocol.MAX_MESSAGE + 1))
            assert "at most 4096" in (await ann.next("refused"))["reason"]
            await ann.ws.send_str(json.dumps({**OP, "pad": "x" * protocol.HARD_MESSAGE}))
            msg = await ann.ws.receive()
            assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
            assert doc.data == before
            assert (await Phone.join(http, server, "next")).welcome["state"]
    run(go())


def test_operations_before_hello_are_refused():
    async def go():
        async with shared(everyone_controls=True) as (server, doc, http, before):
            ws = await http.ws_connect(server.urls()[0] + "ws")
            await ws.send_json(OP)
            r = await ws.receive_json()
            assert r == {"type": "refused", "reason": "Say hello first: the page sends it when it connects.",
                         "rule": None}
            assert doc.data == before
            await ws.close()
    run(go())


def test_the_table_takes_at_most_max_seats_phones():
    async def go():
        async with shared() as (server, _doc, http, _):
            for n in range(protocol.MAX_SEATS):
                phone = await Phone.join(http, server, f"p{n}")
                await phone.close()
            ws = await http.ws_connect(server.urls()[0] + "ws")
            await ws.send_json({"type": "hello", "client": "one-too-many"})
            bye = await ws.receive_json()
            assert bye["type"] == "bye" and "table is full" in bye["reason"]
            await ws.close()
    run(go())
