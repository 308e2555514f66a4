"""The program's own folders (examples, rules, schemas, code) are never written (issue 39, point 1)."""

from __future__ import annotations

import json

import pytest

from model import storage
from model.paths import examples_dir, is_program_file, resources_dir, rules_dir, schemas_dir

ASHEN = examples_dir() / "ashen-comet-veteran.starwright"


def test_the_program_folders_are_told_apart_from_the_players(tmp_path):
    assert is_program_file(ASHEN) and is_program_file(rules_dir() / "any.json")
    assert is_program_file(schemas_dir() / "x.json") and is_program_file(resources_dir())
    assert not is_program_file(tmp_path / "crew.starwright")
    link = tmp_path / "example.starwright"   # a link to an example is the example
    link.symlink_to(ASHEN)
    assert is_program_file(link)
    assert not is_program_file("bad\0name")


def test_saving_into_the_program_folders_is_refused_by_storage_itself(tmp_path):
    data = json.loads(ASHEN.read_text(encoding="utf-8"))
    before = ASHEN.read_bytes()
    for target in (ASHEN, examples_dir() / "new-one.starwright"):
        with pytest.raises(storage.SaveError) as info:
            storage.save(target, data)
        assert "Starwright's own folders" in info.value.message and "save under another folder" in info.value.message
    assert ASHEN.read_bytes() == before and not (examples_dir() / "new-one.starwright").exists()
    assert storage.save(tmp_path / "x.starwright", data) == []
