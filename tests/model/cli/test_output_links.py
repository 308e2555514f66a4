"""No command writes through a symbolic link it was not asked to follow (the installed command, in a subprocess).

For every command that writes a file: a link at OUT, dangling or leading to a file, is refused without --force
with a message naming OUT, and nothing appears or changes where it points; with --force the link itself is
replaced by the new file and the file it pointed to is left as it was (model/output_path.py)."""

from __future__ import annotations

import json
import os

import pytest

from tests.conftest import EXAMPLES
from tests.model.cli.test_cli import sw
from tests.model.import_fixtures import labernator_old

CREW = EXAMPLES / "ashen-comet-veteran.starwright"
CHARACTER = EXAMPLES / "kara-venn-human.starwright"

# each command that writes a file: its arguments (OUT last but for the flags), the name OUT gets, what OUT holds
COMMANDS = {
    "new": (lambda src, out: ("new", "stargrave-crew", "-o", out), ".starwright", b"{"),
    "export (sheet)": (lambda src, out: ("export", CREW, "-o", out), ".pdf", b"%PDF-"),
    "export --cards": (lambda src, out: ("export", CREW, "-o", out, "--cards"), ".pdf", b"%PDF-"),
    "export --tracker": (lambda src, out: ("export", CREW, "-o", out, "--tracker"), ".pdf", b"%PDF-"),
    "export --blank": (lambda src, out: ("export", CREW, "-o", out, "--blank"), ".pdf", b"%PDF-"),
    "export --text": (lambda src, out: ("export", CREW, "--text", "-o", out), ".txt", b"ASHEN COMET"),
    "export --foundry": (lambda src, out: ("export", CHARACTER, "--foundry", "-o", out), ".json", b"{"),
    "import": (lambda src, out: ("import", src, "-o", out), ".starwright", b"{"),
}


def _source(tmp_path):
    src = tmp_path / "lantern.sg"
    src.write_text(json.dumps(labernator_old()), "utf-8")
    return src


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("leads", [False, True], ids=["dangling link", "link to a file"])
def test_a_link_at_out_is_refused_without_force_and_replaced_itself_with_it(tmp_path, command, leads):
    args, suffix, head = COMMANDS[command]
    src = _source(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / f"victim{suffix}"
    if leads:
        target.write_bytes(b"someone else's file")
    out = tmp_path / f"out{suffix}"
    out.symlink_to(target)

    r = sw(*args(src, out))
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert f"{out} is a symbolic link (to {target}" in r.stderr and "--force" in r.stderr, r.stderr
    assert ("which does not exist" in r.stderr) is not leads and "Traceback" not in r.stderr
    assert out.is_symlink() and os.readlink(out) == str(target)
    assert sorted(p.name for p in elsewhere.iterdir()) == (["victim" + suffix] if leads else [])
    assert not leads or target.read_bytes() == b"someone else's file"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []

    r = sw(*args(src, out), "--force")
    assert r.returncode == 0, r.stderr
    assert not out.is_symlink() and out.read_bytes().startswith(head)
    assert sorted(p.name for p in elsewhere.iterdir()) == (["victim" + suffix] if leads else [])
    assert not leads or target.read_bytes() == b"someone else's file"


@pytest.mark.parametrize("command", ["new", "export --foundry", "import"])
def test_an_existing_file_at_out_is_refused_without_force(tmp_path, command):
    args, suffix, head = COMMANDS[command]
    out = tmp_path / f"out{suffix}"
    out.write_bytes(b"precious")
    r = sw(*args(_source(tmp_path), out))
    assert r.returncode == 2 and f"{out} already exists" in r.stderr and out.read_bytes() == b"precious", r.stderr
    r = sw(*args(_source(tmp_path), out), "--force")
    assert r.returncode == 0 and out.read_bytes().startswith(head), r.stderr


def test_links_among_the_folders_of_out_are_the_path_the_user_named(tmp_path):
    """Only a link at OUT itself is refused: a folder reached through a link is where the user asked to write."""
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "via").symlink_to(real)
    r = sw("new", "stargrave-crew", "-o", tmp_path / "via" / "crew.starwright")
    assert r.returncode == 0, r.stderr
    assert (real / "crew.starwright").is_file() and not (real / "crew.starwright").is_symlink()
