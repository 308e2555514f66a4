"""Every message a bad file can get from the storage and import layers, as the message box says it
(model/error_words.explain): full sentences (a capital first, a full stop last), no Python repr and none of a
library's words ("Expecting value"), the file and the place named, and a last sentence saying what to do."""

from __future__ import annotations

import errno
import json
import os
import zipfile

import pytest

from model import bounded, storage
from model.error_words import explain, sentence
from model.importers import import_file
from model.importers.bounded import ImportRefused
from model.kinds import KINDS, PLANNED
from model.systems.starchasers import catalog

CREW = {"format": "starwright/stargrave-crew", "version": 3, "name": "x"}
# what a last sentence may start with: it tells the player what to do
DO = ("Open", "Choose", "Check", "Update", "Use", "Ask", "Move", "Correct", "Try", "Install", "Close", "Fix")
# what no message shows: Python's and the json/xml/zip libraries' own words, reprs, escapes
NEVER = ("Expecting", "expecting value", "delimiter", "Error", "Errno", "Traceback", "None", "\\x", "\\u",
         "b'", "{'", "['", "object at 0x", "JSONDecode", "property name enclosed", "Unterminated", "Extra data",
         "Invalid control", "not well-formed (invalid token)", "mismatched tag", "unclosed token",
         "junk after document")

BROKEN_JSON = {
    "cut short": '{\n  "format": "starwright/stargrave-crew",\n  "name": "Cut',
    "missing value": '{"format": }',
    "missing comma": '{"format": "x" "version": 1}',
    "missing colon": '{"format" "x"}',
    "trailing comma": '{"format": "x",}',
    "unquoted key": "{format: 1}",
    "bad escape": '{"name": "a\\q"}',
    "bad unicode escape": '{"name": "\\u12"}',
    "control character": '{"name": "a\nb"}',
    "extra data": "{} {}",
    "empty": "",
    "only spaces": "   \n",
    "NaN": '{"version": NaN}',
    "huge number": '{"version": 1e400}',
    "duplicate key": '{"format": "a", "format": "b"}',
    "deep": "[" * 200 + "]" * 200,
    "NUL in text": '{"name": "a\\u0000b"}',
    "lone surrogate": '{"name": "\\ud800"}',
}
WRONG_DOCUMENT = {
    "a list": [],
    "no format": {"name": "x"},
    "unknown format": {"format": "someone-else/thing", "version": 1},
    "version not a number": dict(CREW, version="two"),
    "version zero": dict(CREW, version=0),
    "too new": dict(CREW, version=99),
    "schema": dict(CREW, captain={}, first_mate={}, soldiers=[]),
}
if PLANNED:
    WRONG_DOCUMENT["planned kind"] = {"format": "starwright/" + next(iter(PLANNED)), "version": 1}


def assert_plain(error, action: str) -> list[str]:
    headline, lines = explain(error, action)
    assert headline.startswith(f"Starwright could not {action} ") and headline.endswith(".")
    for line in [headline, *lines]:
        assert line[:1].isupper() and line.endswith("."), line
        assert not any(word in line for word in NEVER), line
    assert lines[-1].startswith(DO), lines
    assert lines[0] != lines[-1]
    if error.path:
        assert f"The file is {error.path}." in lines
    if error.where and error.where != "/":
        assert any(line.startswith("The problem is at ") for line in lines), lines
    return lines


def refusal(path, action="open"):
    with pytest.raises(bounded.DocumentError) as caught:
        storage.load(path)
    return assert_plain(caught.value, action)


@pytest.mark.parametrize("name", BROKEN_JSON)
def test_a_file_that_is_not_json_is_said_plainly_with_the_place_and_how_to_fix_it(tmp_path, name):
    path = tmp_path / "bad.starwright"
    path.write_text(BROKEN_JSON[name], encoding="utf-8", errors="surrogatepass")
    lines = refusal(path)
    assert lines[-1] == sentence(bounded.FIX_JSON) or lines[-1].startswith("Choose another file")


def test_json_syntax_is_said_in_the_programs_words_not_the_librarys(tmp_path):
    path = tmp_path / "bad.starwright"
    path.write_text('{"format": }', encoding="utf-8")
    lines = refusal(path)
    assert lines[0] == "This is not valid JSON: a value is missing here (or there is a stray character)."
    assert lines[1] == "The problem is at line 1, column 12 of the file."


@pytest.mark.parametrize("name", WRONG_DOCUMENT)
def test_json_that_is_no_starwright_document_says_why_and_what_to_choose(tmp_path, name):
    path = tmp_path / "other.json"
    path.write_text(json.dumps(WRONG_DOCUMENT[name]), encoding="utf-8")
    refusal(path)


def test_a_place_in_the_document_is_said_in_its_own_words_too(tmp_path):
    path = tmp_path / "crew.starwright"
    path.write_text(json.dumps(dict(CREW, captain={}, first_mate={}, soldiers=[])), encoding="utf-8")
    lines = refusal(path)
    assert lines[0] == 'The field "name" is missing (and 7 more problems).'
    assert lines[1] == "The problem is at Captain › Name (/captain/name in the file)."


def test_a_file_from_a_newer_starwright_says_to_update(tmp_path):
    path = tmp_path / "new.starwright"
    path.write_text(json.dumps(dict(CREW, version=99)), encoding="utf-8")
    lines = refusal(path)
    assert lines[0].startswith("This Stargrave crew file is version 99, made by a newer Starwright")
    assert lines[-1] == "Update Starwright to the newest version, then open the file again."


def test_what_is_not_a_readable_file_says_what_it_is_and_what_to_do(tmp_path, monkeypatch):
    refusal(tmp_path)                                   # a folder
    refusal(tmp_path / "gone.starwright")               # no such file
    big = tmp_path / "big.starwright"
    with open(big, "wb") as f:
        f.truncate(bounded.MAX_BYTES + 1)               # too large (sparse: nothing written)
    assert refusal(big)[-1].startswith("Choose the Starwright file itself")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe")
        refusal(tmp_path / "pipe")
    latin = tmp_path / "latin.starwright"
    latin.write_bytes(b'{"name": "caf\xe9"}')           # not UTF-8
    refusal(latin)
    locked = tmp_path / "locked.starwright"
    locked.write_text(json.dumps(CREW), encoding="utf-8")

    def refuse(*_a, **_k):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(bounded.os, "open", refuse)     # unreadable, whoever runs the test
    lines = refusal(locked)
    assert lines[0] == "You do not have permission to read this file."
    assert lines[-1].startswith("Ask for permission to read it")


def test_a_save_that_fails_says_the_work_is_kept_and_to_save_elsewhere(tmp_path):
    for target in (tmp_path / "no-folder" / "x.starwright", tmp_path):
        with pytest.raises(storage.SaveError) as caught:
            storage.atomic_write(target, b"{}")
        lines = assert_plain(caught.value, "save")
        assert lines[-1].startswith("Use File › Save As")


IMPORTS = {
    "empty": b"",
    "a picture": b"\x89PNG\r\n\x1a\n",
    "broken JSON": b'{"Captain": ',
    "broken XML": b"<roster><force></roster>",
    "cut XML": b"<roster",
    "XML with a bare ampersand": b"<roster>&</roster>",
    "XML with junk after it": b"<roster/><more/>",
    "XML with a DTD": b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "y">]><roster/>',
    "XML not a roster": b"<catalogue/>",
    "a Starwright document": json.dumps(CREW).encode(),
    "other JSON": b'{"hello": 1}',
}


@pytest.mark.parametrize("name", IMPORTS)
def test_a_file_that_cannot_be_imported_says_why_and_what_can_be(tmp_path, name):
    path = tmp_path / "source.sg"
    path.write_bytes(IMPORTS[name])
    with pytest.raises(ImportRefused) as caught:
        import_file(path)
    caught.value.path = caught.value.path or str(path)   # (the window fills it in the same way)
    assert_plain(caught.value, "import")


def test_a_damaged_zip_and_a_too_large_import_are_said_plainly(tmp_path):
    rosz = tmp_path / "crew.rosz"
    with zipfile.ZipFile(rosz, "w") as z:
        z.writestr("crew.ros", "<roster/>")
    rosz.write_bytes(rosz.read_bytes()[:-30])               # its table of contents cut off
    big = tmp_path / "big.ros"
    with open(big, "wb") as f:
        f.truncate(3 * 1024 * 1024)
    for path in (rosz, big):
        with pytest.raises(ImportRefused) as caught:
            import_file(path)
        caught.value.path = caught.value.path or str(path)
        assert_plain(caught.value, "import")


def test_a_file_that_is_no_catalogue_says_what_a_catalogue_is(tmp_path):
    path = tmp_path / "ship.json"
    path.write_text(json.dumps(CREW), encoding="utf-8")
    with pytest.raises(catalog.CatalogError) as caught:
        catalog.load_catalog(path)
    lines = assert_plain(caught.value, "import")
    assert '"starwright/stargrave-crew"' in lines[0] and "'starwright" not in lines[0]
    assert lines[-1].startswith("Choose a catalogue saved with")


def test_sentence_gives_a_capital_and_a_full_stop_once():
    assert sentence("the file is empty") == "The file is empty."
    assert sentence("done.") == "Done." and sentence("why?") == "Why?" and sentence(" a;  ") == "A."
    assert all(k.title for k in KINDS.values())


def test_the_box_text_is_three_paragraphs_what_and_where_the_file_and_what_to_do(tmp_path):
    from model.error_words import paragraphs
    path = tmp_path / "bad.starwright"
    path.write_text('{"format": }', encoding="utf-8")
    with pytest.raises(bounded.DocumentError) as caught:
        storage.load(path)
    headline, text = paragraphs(caught.value)
    assert headline == "Starwright could not open “bad.starwright”."
    assert text.split("\n\n") == [
        "This is not valid JSON: a value is missing here (or there is a stray character). The problem is at line 1, "
        "column 12 of the file.",
        f"The file is {path}. Nothing was changed; the file is left as it is.",
        "Open the file in a text editor and correct it at the place named, or open a backup copy of it."]
