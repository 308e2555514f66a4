"""Each input that once crashed or hung Starwright (issue 17), refused with a message that says what
and where, or handled: never a traceback, never a wait without end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from model import bounded, storage
from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import PackError, load_pack_file
from model.sheets import SheetOptions, export_pdf
from model.sheets.text import fit
from tests.conftest import EXAMPLES
from tests.model.pipeline import through_everything, time_limit
from tests.model.sheet_text import pdf_text

BIN = Path(sys.executable).parent / "starwright"
CREW = EXAMPLES / "ashen-comet-veteran.starwright"
SHIP = EXAMPLES / "kestrel-crewed.starwright"
SF = EXAMPLES / "norel-kho-dralasite.starwright"


def sw(*args, cwd=None):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run([str(BIN), *map(str, args)], capture_output=True, text=True, env=env, cwd=cwd, timeout=60)


def example(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def refused(tmp_path, text: str | bytes) -> storage.DocumentError:
    f = tmp_path / "bad.starwright"
    f.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    with pytest.raises(storage.DocumentError) as info:
        storage.load(f)
    assert info.value.path == str(f) and info.value.message
    return info.value


# ---- numbers ---------------------------------------------------------------------------------------

def test_an_integer_of_4400_digits_is_refused_with_its_place(tmp_path):
    e = refused(tmp_path, '{"format": "starwright/stargrave-crew",\n "version": ' + "9" * 4400 + "}")
    assert "far beyond" in e.message and "4400 digits" in e.message and e.where == "line 2, column 13"


def test_1e400_in_a_cost_is_refused_on_load_not_on_save(tmp_path):
    data = json.dumps(example(SHIP)).replace('"cost": ', '"cost": 1e400, "x": ', 1)
    e = refused(tmp_path, data)
    assert "1e400" in e.message


def test_a_huge_number_in_memory_is_a_save_error_not_a_crash(tmp_path):
    data = example(CREW)
    data["soldiers"].append({"type": "Recruit", "name": "x" * 3})
    data["weird"] = 10 ** 5000
    with pytest.raises(storage.SaveError, match="far beyond"):
        storage.save(tmp_path / "x.starwright", data)
    assert not (tmp_path / "x.starwright").exists()


def test_3_0_where_an_integer_belongs_is_reported_and_the_sheet_prints(tmp_path):
    data = example(SF)
    data["credits"] = 3.0
    e = refused(tmp_path, json.dumps(data))
    assert e.where == "/credits" and "whole number" in e.message
    result = evaluate(data, KINDS["starfrontiers-character"])
    assert not result.schema_valid


# Fuzz of the parts added later (tests/model/parts_fuzz.py): these were refused in the schema library's words, a
# Python repr of the whole object or the pattern itself ("{'S0': 1, ...} has too many properties", "'Bad Name' does
# not match '^[a-z0-9]...$'", "unknown field ('x' was unexpected)").
@pytest.mark.parametrize("part, where, words", [
    ({"play": {"spent": {f"S{j}": 1 for j in range(501)}}}, "/play/spent", "501 entries: must have at most 500"),
    ({"play": {"spent": {"x" * 201: 1}}}, "/play/spent", "a name of 201 characters: must have at most 200"),
    ({"optional_rules": {"Bad Name": True}}, "/optional_rules",
     'the name "Bad Name" is not an id of small letters, digits and hyphens'),
    ({"optional_rules": {f"r{i}": True for i in range(65)}}, "/optional_rules", "65 entries: must have at most 64"),
    ({"portrait": {"media_type": "image/png", "width": 1, "height": 1, "data": "ab!cd"}}, "/portrait/data",
     '"ab!cd" is not base64 text'),
    ({"portrait": {"media_type": "image/png", "width": 1, "height": 1, "data": "abcd", "x": 1, "y": 2}},
     "/portrait", 'unknown fields "x", "y"'),
    ({"play": {"hull": 1}}, "/play", 'unknown field "hull"'),
])
def test_a_bad_play_portrait_or_optional_rules_part_is_refused_in_plain_words(tmp_path, part, where, words):
    e = refused(tmp_path, json.dumps({**example(EXAMPLES / "z-gata-frigate.starwright"), **part}))
    assert e.where == where and words in e.message, e.message
    assert "{'" not in e.message and "'^" not in e.message and "was unexpected" not in e.message


def test_nan_and_infinity_are_refused(tmp_path):
    for token in ("NaN", "Infinity", "-Infinity"):
        e = refused(tmp_path, '{"format": "starwright/stargrave-crew", "version": ' + token + "}")
        assert token in e.message and e.where.startswith("line 1")


# ---- text ------------------------------------------------------------------------------------------

def test_a_lone_surrogate_is_refused_on_load_and_on_save(tmp_path):
    data = json.dumps(example(CREW)).replace('"name": "', '"name": "\\ud800', 1)
    e = refused(tmp_path, data)
    assert "lone surrogate" in e.message and e.where == "/name"
    bad = example(CREW)
    bad["name"] = "a\ud800"
    with pytest.raises(storage.SaveError, match="lone surrogate"):
        storage.save(tmp_path / "s.starwright", bad)


def test_a_nul_in_a_string_is_refused(tmp_path):
    data = json.dumps(example(CREW)).replace('"notes": "', '"notes": "\\u0000', 1)
    e = refused(tmp_path, data)
    assert "NUL" in e.message and e.where == "/notes"


def test_a_nul_in_a_crew_link_is_an_issue_not_a_crash(tmp_path):
    data = example(SHIP)
    data["crew"]["pilot"]["file"] = "dash\x00.starwright"
    result = evaluate(data, KINDS["starchasers-ship"], origin=tmp_path / "ship.starwright")
    issue = next(i for i in result.issues if i.pointer == "/crew/pilot/file")
    assert issue.is_error and "NUL" in issue.message


def test_duplicate_keys_are_refused_with_the_object(tmp_path):
    e = refused(tmp_path, '{"format": "starwright/stargrave-crew", "version": 1, "captain": {"name": "a", "name": "b"}}')
    assert '"name" appears twice' in e.message and e.where == "/captain"


@pytest.mark.parametrize("depth", [70, 983, 989, 5000])
def test_deep_nesting_is_refused(tmp_path, depth):
    e = refused(tmp_path, '{"format": "starwright/stargrave-crew", "version": 1, "name": ' + "[" * depth + "]" * depth + "}")
    assert "nested more than 64 levels" in e.message


def test_rule_code_sees_no_deep_value_built_in_memory():
    data = example(CREW)
    deep: list = []
    for _ in range(990):
        deep = [deep]
    data["notes"] = deep
    with pytest.raises(storage.DocumentError, match="nested"):
        storage.from_data(data)


# ---- files that are not files ------------------------------------------------------------------------

@pytest.mark.parametrize("special", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_before_it_is_read(special):
    with time_limit(10), pytest.raises(storage.DocumentError, match="a device, not a file"):
        storage.load(special)


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.starwright"
    os.mkfifo(fifo)
    with time_limit(10), pytest.raises(storage.DocumentError, match="pipe"):
        storage.load(fifo)
    r = sw("check", fifo)
    assert r.returncode == 2 and "pipe" in r.stderr and "Traceback" not in r.stderr


def test_a_symlink_loop_is_refused_by_check_and_export(tmp_path):
    loop = tmp_path / "loop.starwright"
    loop.symlink_to(loop)
    with pytest.raises(storage.DocumentError, match="loop"):
        storage.load(loop)
    for args in (("check", loop), ("export", loop, "-o", tmp_path / "x.pdf"), ("export", CREW, "-o", loop)):
        r = sw(*args)
        assert r.returncode == 2 and "loop" in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_a_file_over_the_limit_is_refused_unread(tmp_path):
    big = tmp_path / "big.starwright"
    with open(big, "wb") as fh:
        fh.truncate(bounded.MAX_BYTES + 1)
    with pytest.raises(storage.DocumentError, match="at most 5.0 MB"):
        storage.load(big)


def test_read_bounded_and_parse_json_are_the_public_loader(tmp_path):
    f = tmp_path / "any.json"
    f.write_bytes(b'{"a": [1, 2.5, "x"]}')
    assert bounded.parse_json(bounded.read_bounded(f, 100), f) == {"a": [1, 2.5, "x"]}
    with pytest.raises(bounded.DocumentError, match="at most 10 bytes"):
        bounded.read_bounded(f, 10)
    assert bounded.load_json(f) == {"a": [1, 2.5, "x"]}


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_a_crew_link_to_a_device_or_fifo_is_an_issue(tmp_path, special):
    target = special
    if special == "fifo":
        target = str(tmp_path / "pilot.starwright")
        os.mkfifo(target)
    data = example(SHIP)
    data["crew"]["pilot"]["file"] = target
    with time_limit(10):
        result = evaluate(data, KINDS["starchasers-ship"], origin=tmp_path / "ship.starwright")
    issue = next(i for i in result.issues if i.pointer == "/crew/pilot/file")
    assert issue.is_error and "not a file" in issue.message


# ---- rule code ----------------------------------------------------------------------------------------

def test_SC_SHIP_09_negative_hard_points_with_nothing_installed(tmp_path):
    data = example(SHIP)
    data["hard_points"], data["weapons"], data["equipment"] = -5, [], []
    result = evaluate(data, KINDS["starchasers-ship"], origin=SHIP)
    assert any(i.rule == "SC-SHIP-09" and i.pointer == "/hard_points" for i in result.issues)
    through_everything(json.dumps(data).encode(), tmp_path)


def test_SF_CHAR_18_encumbered_with_an_unknown_race(tmp_path):
    data = example(SF)
    data["race"] = "Wookiee"
    data["equipment"] = [{"name": "Anvil", "mass": 60, "carried": True}]
    result = evaluate(data, KINDS["starfrontiers-character"])
    assert result.schema_valid
    assert any(i.rule == "SF-CHAR-18" for i in result.issues) or not result.derived["encumbered"]
    through_everything(json.dumps(data).encode(), tmp_path)


# ---- sheets ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("digits", [1200, 4300, 20000])
def test_a_long_run_of_digits_fits_a_box_quickly(digits):
    with time_limit(20):  # a hang fails; cubic fitting took minutes
        f = fit("1" * digits, 40, 10)
    # far too long for the box even at the smallest size: what fits is kept, the last line ends in "…"
    assert f.cut and f.lines[-1].endswith("…") and ("1" * digits).startswith("".join(f.lines)[:-1])


def test_the_longest_name_the_schema_allows_exports_and_a_longer_one_is_refused(tmp_path):
    data = example(SF)
    data["name"] = "7" * 500
    with time_limit(60):
        assert through_everything(json.dumps(data).encode(), tmp_path) == "ok"
    data["name"] = "7" * 4300
    e = refused(tmp_path, json.dumps(data))
    assert e.where == "/name" and "at most 500" in e.message


def _house_pack(tmp_path: Path, system: str, change) -> str:
    from model.paths import rules_dir, user_rules_dir
    pack = json.loads((rules_dir() / f"{system}.json").read_text(encoding="utf-8"))
    pack["id"] = f"{system}-house"
    change(pack)
    folder = user_rules_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{system}-house.json").write_text(json.dumps(pack), encoding="utf-8")
    return pack["id"]


def test_pack_markup_never_reaches_the_star_frontiers_sheet(tmp_path):
    picture = tmp_path / "secret.png"
    picture.write_bytes(b"\x89PNG not really")

    def change(pack):
        for a in pack["abilities"]:
            a["abbr"] = f"<img src='{picture}'/>{a['abbr']}"
        for p in pack["pairs"]:
            p["abbr"] = f"<a href='http://example.com'>{p['abbr']}</a>"
        for r in pack["races"]:
            r["summary"] = "<font size='40'>big</font> " + r["summary"]
    data = example(SF)
    data["rules"] = {"pack": _house_pack(tmp_path, "starfrontiers", change)}
    data["human_bonus"] = None
    result = evaluate(data, KINDS["starfrontiers-character"])
    assert result.house_rules
    pdf = export_pdf(data, result, SheetOptions(paper="a4"))
    assert b"/Subtype /Image" not in pdf and b"/URI" not in pdf
    text = "".join(pdf_text(pdf, tmp_path, False).split())  # printed as typed (wrapped in narrow boxes)
    assert "<ahref='http://example.com'>STR/STA</a>" in text and "<fontsize='40'>big</font>" in text
    assert f"<imgsrc='{picture}'/>".replace(" ", "") in text


def test_a_pack_die_given_as_a_number_is_refused_or_printed(tmp_path):
    """Dice are text in the pack schema: a number there is a clear pack error, never an export crash;
    and a number that does reach a sheet table prints as written."""
    def change(pack):
        for it in pack["items"]:
            if "weapon" in it:
                it["weapon"]["damage"] = 2
    data = example(SF)
    data["rules"] = {"pack": _house_pack(tmp_path, "starfrontiers", change)}
    result = evaluate(data, KINDS["starfrontiers-character"])
    assert any(i.rule == "PACK" for i in result.issues) or not result.house_rules
    from model.sheets.flowables import house_table
    from model.sheets.page import Kit
    from model.sheets.layout import load_layout
    kit = Kit(load_layout("starfrontiers-character"), SheetOptions(paper="a4"))
    columns = kit.table("equipment")["columns"]
    table = house_table(kit, columns, [[2, 3.5, None, "x", 7]][:1], kit.frame_width)
    assert table.wrap(kit.frame_width, 500)[1] > 0


# ---- packs -----------------------------------------------------------------------------------------------

def test_repeated_names_in_a_large_pack_are_found_in_one_pass(tmp_path):
    from model.paths import rules_dir
    pack = json.loads((rules_dir() / "stargrave.json").read_text(encoding="utf-8"))
    first = pack["powers"][0]
    pack["powers"] += [dict(first, name=f"Power {i}") for i in range(3000)] + [dict(first)]
    f = tmp_path / "big.json"
    f.write_text(json.dumps(pack), encoding="utf-8")
    with time_limit(60), pytest.raises(PackError, match="listed twice") as info:
        load_pack_file(f)
    assert info.value.where.endswith(f"(/powers/{len(pack['powers']) - 1}/name)")


def test_a_house_pack_is_found_by_id_without_loading_the_others(tmp_path, monkeypatch):
    from model import rules_pack
    from model.paths import user_rules_dir
    pack_id = _house_pack(tmp_path, "stargrave", lambda p: None)
    for i in range(5):
        (user_rules_dir() / f"other-{i}.json").write_text(
            json.dumps({"system": "stargrave", "id": f"other-{i}", "name": "x", "version": 1}), encoding="utf-8")
    loaded = []
    real = rules_pack.load_pack_file
    monkeypatch.setattr(rules_pack, "load_pack_file", lambda p, builtin=False: loaded.append(Path(p).name) or real(p, builtin))
    data = example(CREW)
    data["rules"] = {"pack": pack_id}
    result = evaluate(data, KINDS["stargrave-crew"])
    assert result.pack.id == pack_id and "other-0.json" not in loaded


def test_a_pack_that_passed_once_is_not_checked_again_until_it_changes(tmp_path, monkeypatch):
    from model import rules_pack
    from model.paths import rules_dir
    pack = json.loads((rules_dir() / "stargrave.json").read_text(encoding="utf-8"))
    pack["id"] = "remembered"
    f = tmp_path / "house.json"
    f.write_text(json.dumps(pack), encoding="utf-8")
    checked = []
    real = rules_pack.validate_pack_data
    monkeypatch.setattr(rules_pack, "validate_pack_data", lambda d, p=None: checked.append(p) or real(d, p))
    load_pack_file(f)
    rules_pack._cache.clear()
    load_pack_file(f)
    assert checked == [str(f)]
    pack["powers"][0]["activation"] = 99  # out of range: the changed pack is checked, and refused
    f.write_text(json.dumps(pack), encoding="utf-8")
    rules_pack._cache.clear()
    with pytest.raises(PackError, match="activation"):
        load_pack_file(f)
    assert checked == [str(f), str(f)]
