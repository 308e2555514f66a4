"""`starwright share` as a user runs it: the installed command on loopback, talked to with aiohttp's client."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp

from model.storage import load
from tests.conftest import EXAMPLES

BIN = Path(sys.executable).parent / "starwright"
HEALTH = "/play/figures/captain/health_lost"


def start(*args):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("QT_QPA_PLATFORM", None)      # headless: no Qt at all
    return subprocess.Popen([str(BIN), "share", *map(str, args), "--bind", "127.0.0.1", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def url_of(proc) -> str:
    line = proc.stdout.readline().strip()
    assert line.startswith("http://127.0.0.1:") and "/t/" in line, (line, proc.stderr.read())
    return line


async def step_from_a_phone(url: str, delta: int = -1) -> dict:
    async with aiohttp.ClientSession() as http, http.ws_connect(url + "ws") as ws:
        await ws.send_json({"type": "hello", "client": "cli-test", "name": "Ann"})
        welcome = await ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["state"]["title"] == "Ashen Comet"
        await ws.send_json({"type": "op", "id": "o1", "op": "step", "pointer": HEALTH, "delta": delta})
        return await ws.receive_json()


def stop(proc, sig=signal.SIGTERM):
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    return proc.returncode, err


def test_share_prints_its_address_serves_the_page_and_stops_on_sigterm_saving_nothing(tmp_path):
    doc = tmp_path / "crew.starwright"
    shutil.copy(EXAMPLES / "ashen-comet-veteran.starwright", doc)
    before = doc.read_bytes()
    proc = start(doc, "--control")
    try:
        url = url_of(proc)

        async def go():
            async with aiohttp.ClientSession() as http, http.get(url) as r:
                assert r.status == 200 and "default-src 'self'" in r.headers["Content-Security-Policy"]
            return await step_from_a_phone(url)
        assert asyncio.run(go())["ok"] is True
    finally:
        code, err = stop(proc)
    assert code == 0, err
    assert "were not saved (--save keeps them)" in err
    assert doc.read_bytes() == before


def test_share_save_writes_the_phones_changes_on_ctrl_c(tmp_path):
    doc = tmp_path / "crew.starwright"
    shutil.copy(EXAMPLES / "ashen-comet-veteran.starwright", doc)
    proc = start(doc, "--control", "--save")
    try:
        assert asyncio.run(step_from_a_phone(url_of(proc), -2))["ok"] is True
    finally:
        code, err = stop(proc, signal.SIGINT)
    assert code == 0, err
    assert "saved 1 change" in err
    assert load(doc).data["play"]["figures"]["captain"]["health_lost"] == 2


def test_without_control_phones_only_view(tmp_path):
    doc = tmp_path / "crew.starwright"
    shutil.copy(EXAMPLES / "ashen-comet-veteran.starwright", doc)
    proc = start(doc, "--save")
    try:
        r = asyncio.run(step_from_a_phone(url_of(proc)))
        assert r["ok"] is False and "may view" in r["reason"]
    finally:
        code, err = stop(proc)
    assert code == 0 and "nothing was changed" in err


def test_share_refuses_an_unreadable_file_and_says_what_save_does(tmp_path):
    bad = tmp_path / "bad.starwright"
    bad.write_text("{not json")
    proc = start(bad)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and out == "" and "starwright:" in err and "Traceback" not in err
    help_ = subprocess.run([str(BIN), "share", "--help"], capture_output=True, text=True, timeout=60)
    assert "--save" in help_.stdout and "Nothing is written unless --save" in " ".join(help_.stdout.split())


def test_the_packaging_checks_probe_joins_a_shared_document(tmp_path):
    """packaging/share_probe.py (run by ci-deb-check and ci-windows-check on the installed app) works."""
    from tests.conftest import ROOT
    proc = start(EXAMPLES / "z-gata-frigate.starwright")
    try:
        probe = subprocess.run([sys.executable, str(ROOT / "packaging" / "share_probe.py"), url_of(proc)],
                               capture_output=True, text=True, timeout=60)
    finally:
        code, err = stop(proc)
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.startswith("joined ") and "(knighthawks-ship): 1 figures or ships" in probe.stdout
    assert code == 0
    refused = subprocess.run([sys.executable, str(ROOT / "packaging" / "share_probe.py"), "http://192.0.2.1:1/t/x/"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1 and "not a loopback" in refused.stderr


def test_share_follows_a_new_local_network_address(monkeypatch, capsys):
    """Without --bind, the address is read again every few seconds; a new one is listened on and printed (::1
    stands in for the new network: loopback only)."""
    from model.share import addresses, command

    from .helpers import run, shared
    monkeypatch.setattr(command, "ADDRESS_CHECK_S", 0.01)
    monkeypatch.setattr(addresses, "local_network_addresses", lambda: ["::1"])

    async def go():
        async with shared() as (server, _doc, http, _):
            task = asyncio.ensure_future(command._follow(server))
            for _ in range(500):
                if server.addresses == ["::1"]:
                    break
                await asyncio.sleep(0.01)
            task.cancel()
            async with http.get(server.urls()[0]) as r:
                assert r.status == 200
            return server.urls()[0]
    url = run(go())
    assert url.startswith("http://[::1]:") and capsys.readouterr().out.strip() == url
