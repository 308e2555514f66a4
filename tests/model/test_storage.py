"""Loading and saving: every bad file gives one clear message naming the file and the place; nothing on disk is lost."""

import json
import os
import shutil
import stat

import pytest

from model.storage import DocumentError, SaveError, load, save
from tests.conftest import EXAMPLES

CREW = EXAMPLES / "ashen-comet-veteran.starwright"


def _load_error(tmp_path, content: bytes | str, name="crew.starwright") -> DocumentError:
    p = tmp_path / name
    p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    with pytest.raises(DocumentError) as exc:
        load(p)
    err = exc.value
    assert str(p) in str(err)
    assert "Traceback" not in str(err)
    return err


def test_example_round_trips_byte_identically(tmp_path):
    loaded = load(CREW)
    out = tmp_path / "copy.starwright"
    save(out, loaded.data)
    assert out.read_bytes() == CREW.read_bytes()


def test_truncated_file_names_line_and_column(tmp_path):
    text = CREW.read_text()[:300]
    err = _load_error(tmp_path, text)
    assert err.where.startswith("line ") and "column" in err.where
    assert "cut short" in err.message


def test_empty_file(tmp_path):
    assert "empty" in _load_error(tmp_path, "").message
    assert "empty" in _load_error(tmp_path, "  \n ").message


def test_array_instead_of_object(tmp_path):
    err = _load_error(tmp_path, "[1, 2]")
    assert "JSON object" in err.message and "a list" in err.message


def test_unknown_format_and_missing_format(tmp_path):
    assert "unknown format" in _load_error(tmp_path, '{"format": "acme/sheet", "version": 1}').message
    err = _load_error(tmp_path, '{"version": 1}')
    assert err.where == "/format"


def test_planned_kind_is_named(tmp_path):
    err = _load_error(tmp_path, '{"format": "starwright/dune-house", "version": 1}')
    assert err.where == "/format"


def test_newer_version_is_refused_with_its_number(tmp_path):
    data = json.loads(CREW.read_text())
    data["version"] = 7
    err = _load_error(tmp_path, json.dumps(data))
    assert "version 7" in err.message and "newer" in err.message and err.where == "/version"


def test_string_where_number_belongs_names_pointer(tmp_path):
    data = json.loads(CREW.read_text())
    data["version"] = "1"
    assert _load_error(tmp_path, json.dumps(data)).where == "/version"
    data["version"] = 1
    data["soldiers"][0]["robot"] = "yes"
    err = _load_error(tmp_path, json.dumps(data))
    assert err.where == "/soldiers/0/robot" and "true or false" in err.message


def test_missing_property_points_at_the_property(tmp_path):
    data = json.loads(CREW.read_text())
    del data["captain"]["powers"]
    err = _load_error(tmp_path, json.dumps(data))
    assert err.where == "/captain/powers" and "missing" in err.message


def test_utf8_bom_is_accepted(tmp_path):
    p = tmp_path / "bom.starwright"
    p.write_bytes(b"\xef\xbb\xbf" + CREW.read_bytes())
    assert load(p).data["name"] == "Ashen Comet"


def test_not_utf8(tmp_path):
    err = _load_error(tmp_path, b'{"name": "\xff\xfe"}')
    assert "UTF-8" in err.message and err.where.startswith("line 1")


def test_ten_megabyte_file_is_refused_quickly(tmp_path):
    p = tmp_path / "huge.starwright"
    with open(p, "wb") as fh:
        fh.write(b"[" + b"0," * (5 * 1024 * 1024) + b"0]")
    with pytest.raises(DocumentError) as exc:
        load(p)
    assert "MB" in exc.value.message


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(DocumentError, match="no such file"):
        load(tmp_path / "nope.starwright")
    with pytest.raises(DocumentError, match="folder"):
        load(tmp_path)


def test_read_only_folder_keeps_old_file(tmp_path, monkeypatch):
    """Creating the temporary file fails as in a read-only folder (EACCES; root ignores chmod, so simulate)."""
    import tempfile
    target = tmp_path / "crew.starwright"
    shutil.copy(CREW, target)

    def denied(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    with pytest.raises(SaveError) as exc:
        save(target, {"format": "x"})
    assert "permission" in exc.value.message and str(target) in str(exc.value)
    assert target.read_bytes() == CREW.read_bytes()


def test_failed_write_keeps_previous_file_and_leaves_no_temp(tmp_path, monkeypatch):
    """A full disk (ENOSPC during the write) leaves the previous file exactly as it was."""
    target = tmp_path / "crew.starwright"
    shutil.copy(CREW, target)
    real_fsync = os.fsync

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(SaveError) as exc:
        save(target, {"format": "starwright/stargrave-crew", "version": 1})
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert "disk is full" in exc.value.message and "not changed" in exc.value.message
    assert target.read_bytes() == CREW.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["crew.starwright"]


def test_save_into_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(SaveError, match="folder does not exist"):
        save(tmp_path / "no" / "such" / "crew.starwright", {"a": 1})


def test_save_into_read_only_filesystem_path(tmp_path):
    """/proc is read-only for everyone, root included: the error is said in words."""
    with pytest.raises(SaveError) as exc:
        save("/proc/crew.starwright", {"a": 1})
    assert "could not save" in exc.value.message


def test_migration_registry_runs_registered_steps():
    from model import migrations
    calls = []

    @migrations.migration("test-kind", 1)
    def _one_to_two(data):
        calls.append(1)
        data["added"] = True
        return data

    try:
        out = migrations.migrate("test-kind", {"version": 1}, 1, 2)
        assert out == {"version": 2, "added": True} and calls == [1]
        with pytest.raises(migrations.MigrationError):
            migrations.migrate("test-kind", {"version": 2}, 2, 3)
    finally:
        del migrations.MIGRATIONS[("test-kind", 1)]


def test_new_file_gets_the_usual_permissions_and_old_file_keeps_its_own(tmp_path):
    old_mask = os.umask(0o022)
    try:
        new = tmp_path / "new.starwright"
        save(new, {"a": 1})
        assert stat.S_IMODE(new.stat().st_mode) == 0o644
        kept = tmp_path / "kept.starwright"
        kept.write_text("{}")
        kept.chmod(0o600)
        save(kept, {"a": 1})
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    finally:
        os.umask(old_mask)


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_with_their_place(tmp_path, token):
    text = CREW.read_text().replace('"version": 3', f'"version": 3,\n  "x": {token}', 1)
    err = _load_error(tmp_path, text)
    assert token.lstrip("-") in err.message and err.where == "line 4, column 8"


def test_save_never_writes_nan(tmp_path):
    with pytest.raises(SaveError, match="NaN is not a number JSON allows"):
        save(tmp_path / "x.starwright", {"a": float("nan")})
    assert not (tmp_path / "x.starwright").exists()
