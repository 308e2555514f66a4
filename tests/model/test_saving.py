"""Saving: killed saves leave the old or the new file and nothing the next save does not clean up;
symbolic links stay links, hard links are told about, and nothing but a regular file is ever replaced."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from model import storage
from tests.conftest import EXAMPLES, ROOT

CREW = EXAMPLES / "ashen-comet-veteran.starwright"
BIN = Path(sys.executable).parent / "starwright"

SAVER = """
import json, sys
from model import storage
target, a, b = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
print("ready", flush=True)
while True:
    storage.save(target, a)
    storage.save(target, b)
"""


def _versions(tmp_path):
    """Two versions of a crew large enough (about a megabyte) that a kill often lands mid-write."""
    base = json.loads(CREW.read_text(encoding="utf-8"))
    a, b = dict(base, notes="A" * 90000), dict(base, notes="B" * 90000)
    a["soldiers"] = b["soldiers"] = base["soldiers"]
    pa, pb = tmp_path / "a.json", tmp_path / "b.json"
    pa.write_text(json.dumps(a))
    pb.write_text(json.dumps(b))
    return a, b, pa, pb


def _temps(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(f".{name}.") and p.name.endswith(".tmp")]


def test_killed_saves_leave_the_old_or_the_new_file_and_the_next_save_cleans_up(tmp_path):
    a, b, pa, pb = _versions(tmp_path)
    target = tmp_path / "docs" / "crew.starwright"
    target.parent.mkdir()
    storage.save(target, a)
    rng = random.Random(17)
    seen = {"A": 0, "B": 0}
    leftovers = 0
    for _ in range(100):
        child = subprocess.Popen([sys.executable, "-c", SAVER, str(target), str(pa), str(pb)], cwd=ROOT,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0, 0.06))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        data = storage.load(target).data  # never a torn file
        assert data in (a, b)
        seen["A" if data == a else "B"] += 1
        leftovers += len(_temps(target.parent, target.name))
    storage.save(target, a)
    assert _temps(target.parent, target.name) == []
    assert storage.load(target).data == a
    assert seen["A"] and seen["B"], seen  # the kills landed at different points
    print(f"100 killed saves: {seen['A']} left A, {seen['B']} left B, {leftovers} temp files seen, 0 after the next save")


def test_a_failed_save_leaves_no_temp_file(tmp_path):
    target = tmp_path / "crew.starwright"
    storage.save(target, {"format": "x", "n": 1})
    with pytest.raises(storage.SaveError):
        storage.save(target, {"bad": float("inf")})
    assert _temps(tmp_path, target.name) == []
    os.chmod(tmp_path, 0o500)
    try:
        if os.access(tmp_path, os.W_OK):  # root ignores the mode: nothing to learn here
            return
        with pytest.raises(storage.SaveError, match="permission"):
            storage.save(target, {"format": "x", "n": 2})
    finally:
        os.chmod(tmp_path, 0o700)
    assert _temps(tmp_path, target.name) == [] and json.loads(target.read_text())["n"] == 1


def test_a_stale_temp_of_a_live_process_is_left_alone(tmp_path):
    target = tmp_path / "crew.starwright"
    live = tmp_path / f".crew.starwright.{os.getppid()}.abcd1234.tmp"
    dead = tmp_path / ".crew.starwright.999999999.abcd1234.tmp"
    live.write_text("in flight")
    dead.write_text("left by a kill")
    storage.save(target, {"n": 1})
    assert live.exists() and not dead.exists()


def test_saving_a_document_through_its_own_link_writes_the_file_it_points_to(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "crew.starwright"
    storage.save(real, {"n": 1})
    link = tmp_path / "link.starwright"
    link.symlink_to(Path("real") / "crew.starwright")
    notes = storage.save(link, {"n": 2}, storage.FOLLOW)
    assert notes == []
    assert link.is_symlink() and os.readlink(link) == str(Path("real") / "crew.starwright")
    assert json.loads(real.read_text()) == {"n": 2}
    assert _temps(tmp_path, "link.starwright") == [] and _temps(real_dir, "crew.starwright") == []


def test_saving_through_a_chain_of_links_follows_it_to_the_file(tmp_path):
    real = tmp_path / "real.starwright"
    storage.save(real, {"n": 0})
    (tmp_path / "one").symlink_to(real)
    (tmp_path / "two").symlink_to(tmp_path / "one")
    storage.save(tmp_path / "two", {"n": 1}, storage.FOLLOW)
    assert (tmp_path / "two").is_symlink() and (tmp_path / "one").is_symlink()
    assert json.loads(real.read_text()) == {"n": 1}


@pytest.mark.parametrize("leads", [True, False], ids=["to a file", "dangling"])
def test_a_link_is_never_written_through_unless_asked(tmp_path, leads):
    """Not by default (every writer: exports, recovery files, Save As), and not by FOLLOW when it dangles (a save
    never makes a new file where a link points); REPLACE replaces the link itself and leaves its target alone."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "victim.starwright"
    if leads:
        target.write_text("the other file")
        target.chmod(0o600)
    link = tmp_path / "out.starwright"
    link.symlink_to(target)
    modes = [storage.REFUSE] + ([] if leads else [storage.FOLLOW])
    for mode in modes:
        with pytest.raises(storage.SaveError, match="symbolic link") as e:
            storage.save(link, {"n": 1}, mode)
        assert str(link) in str(e.value) and str(target) in str(e.value) and "Traceback" not in str(e.value)
        assert ("does not exist" in str(e.value)) is not leads
        with pytest.raises(storage.SaveError, match="symbolic link"):
            storage.atomic_write(link, b"bytes")
        assert link.is_symlink()
        assert sorted(os.listdir(elsewhere)) == (["victim.starwright"] if leads else [])
        assert _temps(tmp_path, "out.starwright") == [] and _temps(elsewhere, "victim.starwright") == []
    storage.save(link, {"n": 2}, storage.REPLACE)
    assert not link.is_symlink() and json.loads(link.read_text()) == {"n": 2}
    assert (target.read_text() == "the other file") if leads else not target.exists()
    mask = os.umask(0o022)
    os.umask(mask)
    assert link.stat().st_mode & 0o777 == 0o666 & ~mask  # a new file's mode, not the target's


def test_saving_onto_a_hard_link_says_the_other_name_keeps_the_old_version(tmp_path):
    a = tmp_path / "a.starwright"
    storage.save(a, {"n": 1})
    b = tmp_path / "b.starwright"
    os.link(a, b)
    notes = storage.save(a, {"n": 2})
    assert len(notes) == 1 and "hard link" in notes[0] and "previous version" in notes[0]
    assert json.loads(a.read_text()) == {"n": 2} and json.loads(b.read_text()) == {"n": 1}


def test_a_symlink_loop_is_a_save_error(tmp_path):
    loop = tmp_path / "loop.starwright"
    loop.symlink_to(loop)
    with pytest.raises(storage.SaveError, match="loop"):
        storage.save(loop, {"n": 1})


@pytest.mark.parametrize("special", ["/dev/null", "fifo", "folder"])
def test_nothing_but_a_regular_file_is_replaced(tmp_path, special):
    target = {"/dev/null": Path("/dev/null"), "fifo": tmp_path / "p.starwright", "folder": tmp_path / "d"}[special]
    if special == "fifo":
        os.mkfifo(target)
    if special == "folder":
        target.mkdir()
    before = os.stat(target).st_mode
    with pytest.raises(storage.SaveError, match="not a file|folder"):
        storage.save(target, {"n": 1})
    r = subprocess.run([str(BIN), "export", str(CREW), "-o", str(target), "--force"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert os.stat(target).st_mode == before
