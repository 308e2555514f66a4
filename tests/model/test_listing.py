"""`starwright export FILE --text [--markdown]`: the compact listing of every example, its numbers
read from `check --json`'s derived values, the rule issues listed when the document is broken."""

from __future__ import annotations

import json

import pytest

from model.evaluate import evaluate
from model.kinds import KINDS
from model.listing import listing
from tests.conftest import EXAMPLES
from tests.model.sheets.test_sheets_cli import sw

ALL = sorted(p.name for p in EXAMPLES.glob("*.starwright"))


def check(path) -> dict:
    return json.loads(sw("check", "--json", path).stdout)


def numbers(kind: str, data: dict, d: dict) -> list[str]:
    """Lines or parts of lines the listing must hold, built from the document and derived."""
    if kind == "stargrave-crew":
        camp = d.get("campaign") or {}
        if camp.get("games"):  # a crew that has played games: the crew now (DESIGN.md, crew file version 2)
            out = [f"Credits: {camp['credits']} now (founded with {d['credits_start']}, {d['credits_spent']} spent",
                   f"XP: {camp['xp_unspent']} unspent ({camp['xp_earned']} earned, {camp['xp_spent']} spent)",
                   f"Levels: Captain {d['captain']['level']}, First Mate {d['first_mate']['level']}"]
        else:
            out = [f"Credits: {d['credits_start']} to start, {d['credits_spent']} spent, {d['credits_left']} left"]
        for role in ("captain", "first_mate"):
            od = d.get(role) or {}
            if od.get("powers"):
                p = od["powers"][0]
                out.append(f"{p['name']} (Act. {p['activation']}, Fatigue {p['fatigue']})")
            if od:
                out.append(f"H {od['profile']['health']}")
        for sd in d["soldiers"]:
            if sd.get("known"):
                out.append(f"{sd['type']}, {sd['cost']} Cr")
                out.append(f"A {sd['profile']['armour']} W {sd['profile']['will']:+d} H {sd['profile']['health']}")
        return out
    if kind == "knighthawks-ship":
        return [f"HP {d['hull_points'] if d['hull_points'] is not None else '—'} ADF {d['adf']} MR {d['mr']}"]
    if kind == "starchasers-ship":
        return [f"Hard points {d['hard_points_used']} of {d['hard_points_total']} used",
                f"Passive Defense {d['passive_defense'] if d['passive_defense'] is not None else '—'}"]
    if kind == "starchasers-character":
        return [f"{s['name']} (Level {s['level']} {s['level_name']}, Pool {s['pool'] if s['pool'] is not None else '—'})"
                for s in d["skills"] if s["level"] and s["level"] > 0 and s.get("level_name")]
    ab = d["abilities"]
    return [" ".join(f"{k.upper()} {'—' if ab[k] is None else ab[k]}" for k in ("str", "sta", "dex", "rs", "int", "log", "per", "ldr")),
            f"Credits: {d['credits_start']} to start, {d['credits_spent']} spent, {d['credits_left']} left"]


@pytest.mark.parametrize("name", ALL)
def test_text_export_of_every_example(name):
    path = EXAMPLES / name
    data = json.loads(path.read_text(encoding="utf-8"))
    kind = data["format"].split("/", 1)[1]
    checked = check(path)
    r = sw("export", path, "--text")
    assert r.returncode == 0, r.stderr
    text = r.stdout
    assert text.splitlines()[0] == f"{data['name']} — {KINDS[kind].title}".upper()
    for part in numbers(kind, data, checked["derived"]):
        assert part in text, f"{part!r} missing from the listing of {name}"
    errors = [i for i in checked["issues"] if i["severity"] == "error"]
    if errors:
        assert f"NOT LEGAL: {len(errors)} RULE ERROR{'S' if len(errors) != 1 else ''}" in text
        for i in errors:
            assert f"{i['rule']} · " in text and i["message"] in text
        assert "Legal: no rule errors." not in text
    else:
        assert text.rstrip().endswith("Legal: no rule errors.")
    md = sw("export", path, "--markdown").stdout
    assert md.startswith("## ") and "- **Rules:**" in md and "\n### " in md


def test_markdown_shows_user_text_literally():
    data = json.loads((EXAMPLES / "ashen-comet-veteran.starwright").read_text(encoding="utf-8"))
    data["name"] = "*Star_Fall* [beta]"
    data["soldiers"][0]["name"] = "# Jax"
    result = evaluate(data, KINDS["stargrave-crew"])
    md = listing(data, result, markdown=True)
    assert md.startswith(r"## \*Star\_Fall\* \[beta\] — Stargrave crew")
    assert r"### \# Jax — Trooper, 50 Cr" in md
    plain = listing(data, result)
    assert plain.startswith("*STAR_FALL* [BETA]") and "# Jax — Trooper" in plain


def test_text_export_to_a_file_and_what_it_refuses(tmp_path):
    src = EXAMPLES / "z-gata-frigate.starwright"
    out = tmp_path / "zgata.md"
    r = sw("export", src, "--markdown", "-o", out)
    assert r.returncode == 0 and f"wrote {out}" in r.stdout
    assert out.read_text(encoding="utf-8").startswith("## Z'Gata — Knight Hawks starship")
    assert sw("export", src, "--text", "-o", out).returncode == 0  # a .md file is replaced
    assert out.read_text(encoding="utf-8").startswith("Z'GATA")
    keep = tmp_path / "notes.starwright"
    keep.write_text("{}", encoding="utf-8")
    r = sw("export", src, "--text", "-o", keep)
    assert r.returncode == 2 and "not a .txt or .md file" in r.stderr and keep.read_text() == "{}"
    r = sw("export", src, "--text", "-o", src)
    assert r.returncode == 2 and "never overwrites the document" in r.stderr
    r = sw("export", tmp_path / "missing.starwright", "--text")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_text_export_of_a_file_that_is_not_a_document_is_a_sentence(tmp_path):
    bad = tmp_path / "bad.starwright"
    bad.write_text('{"format": "starwright/stargrave-crew", "version": 1, "name": 5}', encoding="utf-8")
    r = sw("export", bad, "--text")
    assert r.returncode == 2 and "Traceback" not in r.stderr and r.stderr.startswith("starwright:")


def test_campaign_crew_lists_levels_xp_credits_and_stash_from_derived():
    """A version 2 crew's derive (DESIGN.md "The Stargrave crew file, version 2") adds `campaign` and
    each officer's `level`; the listing prints them as derived, never working them out itself. The
    derived keys are set here as that contract names them, on a real evaluation of a version 1 crew."""
    data = json.loads((EXAMPLES / "ashen-comet-veteran.starwright").read_text(encoding="utf-8"))
    result = evaluate(data, KINDS["stargrave-crew"])
    assert not (result.derived.get("campaign") or {}).get("games") and "Campaign" not in listing(data, result)
    result.derived["campaign"] = {"games": 3, "xp_earned": 640, "xp_spent": 500, "xp_unspent": 140,
                                  "credits": 215, "stash": ["Targeting Scope", "Medkit"], "game_xp": [200, 220, 220]}
    result.derived["captain"]["level"] = 19
    result.derived["first_mate"]["level"] = 2
    text = listing(data, result)
    assert "Campaign: 3 games played" in text
    assert "Levels: Captain 19, First Mate 2" in text
    assert "XP: 140 unspent (640 earned, 500 spent)" in text
    assert "Credits: 215 now (founded with 400, 325 spent on hiring)" in text
    assert "Stash: Targeting Scope, Medkit" in text
    assert "Mara Vex — Captain, Veteran, Human, level 19" in text
