"""The Stargrave crew sheet, read back out of the produced PDFs (pdftotext) and rendered (pdftoppm)."""

from __future__ import annotations

import copy
import json
import re
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest

from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import builtin_pack, load_pack_file
from model.sheets import SheetError, SheetOptions, export_pdf, fonts
from model.sheets.layout import load_layout
from model.systems.stargrave.derive import format_profile_value, format_value
from model.systems.stargrave.tables import KEYS, ROLES, tables
from tests.conftest import EXAMPLES

KIND = KINDS["stargrave-crew"]
CREWS = sorted(p.name for p in EXAMPLES.glob("*.starwright")
               if json.loads(p.read_text(encoding="utf-8")).get("format") == KIND.format)
BIDI_MARKS = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u200e\u200f"))


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def export(data: dict, **opts) -> bytes:
    opts.setdefault("paper", "a4")
    opts.setdefault("invariant", True)
    return export_pdf(data, evaluate(data, KIND), SheetOptions(**opts))


@lru_cache(maxsize=64)
def _export_example(name: str, paper: str) -> bytes:
    return export(example(name), paper=paper)


def pdf_text(pdf: bytes, tmp_path: Path, *args: str) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    mode = [] if "-raw" in args else ["-layout"]
    out = subprocess.run(["pdftotext", *mode, *args, str(path), "-"], capture_output=True, check=True).stdout
    return out.decode("utf-8").translate(BIDI_MARKS)


def pdf_info(pdf: bytes, tmp_path: Path) -> dict:
    path = tmp_path / "info.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return dict(line.split(":", 1) for line in out.splitlines() if ":" in line)


def render_pages(pdf: bytes, tmp_path: Path) -> list[Path]:
    """Every page to a PNG; each must be a real, non-blank image."""
    from PIL import Image
    path = tmp_path / "render.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "30", str(path), str(tmp_path / "page")], check=True,
                   capture_output=True)
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == int(pdf_info(pdf, tmp_path)["Pages"])
    for p in pages:
        with Image.open(p) as im:
            lo, hi = im.convert("L").getextrema()
            assert hi - lo > 100, f"{p.name} is blank"
    return pages


def minus(s: str) -> str:
    return s.replace("-", "−")


def seq(values: list[str]) -> str:
    """A regex for values printed side by side in one row."""
    return r"(?<![\d+−/])" + r"\s+".join(re.escape(v) for v in values) + r"(?![\d/])"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("crew", CREWS)
def test_SG_CAPT_11_SG_SOLD_15_every_example_prints_names_profiles_activation_and_fatigue(crew, paper, tmp_path):
    data = example(crew)
    result = evaluate(data, KIND)
    d = result.derived
    t = tables(result.pack)
    pdf = _export_example(crew, paper)
    text = pdf_text(pdf, tmp_path)
    flat = " ".join(text.split())
    assert " ".join(data["name"].split()) in flat
    for role in ROLES:
        officer, od = data[role], d[role]
        for value in (officer["name"], officer.get("species", ""), od["background"] or officer["background"]):
            assert " ".join(value.split()) in flat, value
        profile = [minus(format_profile_value(k, od["base_profile"][k], od["profile"][k], t)) for k in KEYS]
        assert re.search(seq(profile), text), (role, profile)
        for p in od["powers"]:
            assert re.search(rf"{re.escape(p['name'])}\s+{p['activation']}\s+{p['fatigue']}\s+{re.escape(p['category'])}",
                             text), (role, p)
        known = {p["name"] for p in od["powers"]}
        for entry in officer["powers"]:
            if t.canonical_power(entry["name"]) not in known:
                assert re.search(rf"{re.escape(entry['name'])}\s+\?\s+\?", text)  # printed, marked unknown
        for item in officer["items"]:
            assert item in flat
        assert f"Slots used {od['slots_used']} of {od['slots']}" in flat
        assert re.search(rf"LEVEL\b.*\n.*\b{od['level']}\b", text)
    for s, sd in zip(data["soldiers"], d["soldiers"]):
        if s.get("name"):
            assert " ".join(s["name"].split()) in flat
        assert s["type"] in flat
        if sd.get("known"):
            prof = [minus(format_value(k, sd["profile"][k], t)) for k in KEYS]
            assert re.search(seq([str(sd["cost"])]) + r"\s+" + seq(prof), text), (s, prof)
    assert f"{d['credits_start']} Cr" in flat and f"{d['credits_spent']} Cr" in flat
    assert minus(f"{d['credits_left']} Cr") in flat
    assert "EXPERIENCE (XP)" in flat
    assert f"Rules: {result.pack.describe()}" in flat
    render_pages(pdf, tmp_path)


@pytest.mark.parametrize("paper,size", [("a4", "595.276 x 841.89"), ("letter", "612 x 792")])
def test_paper_sizes(paper, size, tmp_path):
    info = pdf_info(_export_example(CREWS[0], paper), tmp_path)
    assert info["Page size"].strip().startswith(size)


def test_output_is_repeatable_in_invariant_mode():
    data = example("ashen-comet-veteran.starwright")
    assert export(data) == export(data)
    assert export(data, paper="letter") == export(data, paper="letter")


def test_fonts_are_embedded(tmp_path):
    path = tmp_path / "f.pdf"
    path.write_bytes(_export_example("ashen-comet-veteran.starwright", "a4"))
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = [l for l in out.splitlines()[2:] if l.strip()]
    assert rows and all(" yes " in r for r in rows)  # every font embedded (emb column)
    assert any("DejaVuSans" in r for r in rows)
    assert "Helvetica" not in out


def test_reference_cards_carry_every_power_with_its_summary_and_can_be_left_out(tmp_path):
    data = example("ashen-comet-veteran.starwright")
    result = evaluate(data, KIND)
    t = tables(result.pack)
    with_cards = export(data)
    text = pdf_text(with_cards, tmp_path, "-raw")
    flat = " ".join(text.split())
    assert "POWER REFERENCE CARDS" in flat
    names = {p["name"] for r in ROLES for p in result.derived[r]["powers"]}
    for name in names:
        summary = " ".join(t.powers[name]["summary"].split())
        assert summary in flat, name
        assert f"FATIGUE {t.powers[name]['fatigue']}" in flat
    # SG-EQ-12: damage modifier, range, slots and notes of each item the crew carries
    assert "EQUIPMENT CARRIED BY THE CREW" in flat
    for item in ("Carbine", "Heavy Armour", "Medkit"):
        assert " ".join(t.items[item]["notes"].split()) in flat
    without = export(data, cards=False)
    plain = pdf_text(without, tmp_path)
    assert "POWER REFERENCE CARDS" not in plain and "EQUIPMENT CARRIED" not in plain
    assert int(pdf_info(without, tmp_path)["Pages"]) < int(pdf_info(with_cards, tmp_path)["Pages"])


def test_footer_states_rule_errors_and_lists_them_when_asked(tmp_path):
    data = example("broken-crew.starwright")
    result = evaluate(data, KIND)
    errors = [i for i in result.issues if i.is_error]
    assert errors
    pdf = export(data)
    text = " ".join(pdf_text(pdf, tmp_path).split())
    assert f"Not legal as printed: {len(errors)} rule errors remain" in text
    assert "RULE ERRORS" not in text
    listed = export(data, list_issues=True)
    raw = " ".join(pdf_text(listed, tmp_path, "-raw").split())
    assert "RULE ERRORS" in raw and "listed at the end of the sheet" in raw
    for issue in errors:
        assert issue.rule in raw
        assert " ".join(issue.message.split()) in raw, issue.message
    # every page carries the footer
    pages = int(pdf_info(listed, tmp_path)["Pages"])
    for n in range(1, pages + 1):
        page = " ".join(pdf_text(listed, tmp_path, "-f", str(n), "-l", str(n)).split())
        assert "Not legal as printed" in page and f"Page {n}" in page
    render_pages(listed, tmp_path)


def test_a_legal_crew_has_no_error_statement(tmp_path):
    text = pdf_text(_export_example("lucky-seven-rogue.starwright", "a4"), tmp_path)
    assert "Not legal" not in text and "house rules" not in text


def test_footer_states_house_rules(tmp_path):
    pack = copy.deepcopy(builtin_pack("stargrave").data)
    pack["id"] = "our-table"
    pack["name"] = "Our table's Stargrave"
    pack["crew"]["starting_credits"] = 500
    path = tmp_path / "house.json"
    path.write_text(json.dumps(pack), encoding="utf-8")
    house = load_pack_file(path)
    data = example("lucky-seven-rogue.starwright")
    data["rules"] = {"pack": "our-table"}
    result = evaluate(data, KIND, [house])
    assert result.house_rules
    pdf = export_pdf(data, result, SheetOptions(paper="a4", invariant=True))
    text = " ".join(pdf_text(pdf, tmp_path).split())
    assert "Built under house rules" in text and "Our table's Stargrave (our-table v" in text
    assert "500 Cr" in text


TORTURE_NAME = ("The Extraordinarily Long-Winded Crew of the Starship <b>& </para> " * 4)[:200]


def torture_crew() -> dict:
    data = example("ashen-comet-veteran.starwright")
    data["name"] = TORTURE_NAME
    data["captain"]["name"] = "Mara <b>Vex</b> & Co </para> 🚀"
    data["captain"]["species"] = "שלום עולם"
    data["first_mate"]["name"] = "Ωμέγα Жуков Łukasz 漢字"
    data["soldiers"][0]["name"] = "<scout> AT&T"
    data["soldiers"][2]["name"] = "Zed " + "W" * 60
    data["notes"] = "Line <b>one</b> & </para>\n" + "Long note text. " * 300
    return data


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_torture_names_print_whole_and_inside_their_boxes(paper, tmp_path, monkeypatch):
    monkeypatch.setenv("STARWRIGHT_FALLBACK_FONT", "none")
    data = torture_crew()
    pdf = export(data, paper=paper, list_issues=True)
    render_pages(pdf, tmp_path)
    text = pdf_text(pdf, tmp_path)
    flat = " ".join(text.split())
    assert f"Mara <b>Vex</b> & Co </para> {fonts.PLACEHOLDER}" in flat  # markup printed as typed
    assert "<scout> AT&T" in flat
    assert "שלום עולם" in flat  # drawn right to left; poppler reads it back in logical order
    assert f"Ωμέγα Жуков Łukasz {fonts.PLACEHOLDER}{fonts.PLACEHOLDER}" in flat
    assert "Line <b>one</b> & </para>" in flat
    squeezed = "".join(pdf_text(pdf, tmp_path, "-raw").split())  # content order: a cell's lines together
    assert "Zed" + "W" * 60 in squeezed  # a long word is broken across lines, not cut
    assert squeezed.count("Longnotetext.") == 300
    # the 200-character crew name: read back from inside its box only, it is all there
    kit_w = {"a4": 595.276, "letter": 612}[paper]
    layout = load_layout("stargrave-crew")
    m = layout["page"]["margin_mm"]
    mm = 72 / 25.4
    field = layout["panels"]["header"]["fields"][0]
    x0 = m["left"] * mm
    box_w = (kit_w - (m["left"] + m["right"]) * mm) * field["w"]
    top = (m["top"] + layout["page"]["header_mm"]) * mm
    box_h = layout["panels"]["header"]["height_mm"] * mm
    r = 72  # pdftotext crop coordinates are in pixels at -r
    crop = pdf_text(pdf, tmp_path, "-f", "1", "-l", "1", "-r", str(r), "-x", str(int(x0)), "-y", str(int(top)),
                    "-W", str(int(box_w)), "-H", str(int(box_h) + 1))
    assert "".join(crop.split()) == "CREW" + "".join(TORTURE_NAME.split())


def test_torture_cjk_uses_the_fallback_font_when_installed(tmp_path, monkeypatch):
    monkeypatch.delenv("STARWRIGHT_FALLBACK_FONT", raising=False)
    data = torture_crew()
    text = " ".join(pdf_text(export(data), tmp_path).split())
    if fonts.fallback_font():
        assert "Ωμέγα Жуков Łukasz 漢字" in text
    else:
        assert f"Ωμέγα Жуков Łukasz {fonts.PLACEHOLDER}{fonts.PLACEHOLDER}" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_full_crew_of_8_soldiers_fits_the_first_page(paper, tmp_path):
    data = example("ashen-comet-veteran.starwright")
    for i in range(8 - len(data["soldiers"])):
        data["soldiers"].append({"name": f"Extra{i}", "type": "Recruit", "robot": i % 2 == 0, "shotgun": False,
                                 "item": None})
    pdf = export(data, paper=paper)
    page1 = " ".join(pdf_text(pdf, tmp_path, "-f", "1", "-l", "1").split())
    for s in data["soldiers"]:
        if s["name"]:
            assert s["name"] in page1
    assert "NOTES" in page1 and "8 of 8" in page1


def test_long_lists_flow_onto_further_pages(tmp_path):
    """60 powers and items per officer and 100 soldiers (the schema's limits) still print, every one."""
    data = example("ashen-comet-veteran.starwright")
    names = [p["name"] for p in builtin_pack("stargrave").data["powers"]]
    data["captain"]["powers"] = [{"name": n} for n in names[:52]] + [{"name": f"Made-up power {i}"} for i in range(8)]
    data["first_mate"]["items"] = ["Pistol"] * 60
    data["soldiers"] = [{"name": f"Trooper{i:03d}", "type": "Trooper", "robot": False, "shotgun": False,
                         "item": None} for i in range(100)]
    pdf = export(data)
    render_pages(pdf, tmp_path)
    assert int(pdf_info(pdf, tmp_path)["Pages"]) >= 4
    text = pdf_text(pdf, tmp_path)
    for i in range(100):
        assert f"Trooper{i:03d}" in text
    for n in names[:52]:
        assert n in text
    assert text.count("Made-up power") == 8
    assert text.count("SOLDIERS") == 1 and text.count("STANDARD GEAR") > 1  # table head repeated


def test_every_example_renders_with_cards_and_issues_on_both_papers(tmp_path):
    for crew in CREWS:
        for paper in ("a4", "letter"):
            pdf = export(example(crew), paper=paper, list_issues=True)
            assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    render_pages(export(example("mind-forge-psion.starwright"), paper="letter", list_issues=True), tmp_path)


def test_a_document_without_a_sheet_or_with_broken_structure_is_refused_in_words():
    data = example("ashen-comet-veteran.starwright")
    broken = copy.deepcopy(data)
    broken["captain"] = "nobody"
    with pytest.raises(SheetError, match="cannot be printed until its file is repaired"):
        export_pdf(broken, evaluate(broken, KIND), SheetOptions(paper="a4"))
    other = {"format": "starwright/no-such-kind", "version": 1}
    with pytest.raises(SheetError, match="no printed sheet"):
        export_pdf(other, evaluate(data, KIND), SheetOptions(paper="a4"))


def test_SG_PROF_02_two_numbers_on_the_sheet_come_with_their_legend(tmp_path):
    from tests.model.sheet_text import sheet_text, squash
    data = json.loads((EXAMPLES / "ashen-comet-veteran.starwright").read_text())
    result = evaluate(data, KINDS["stargrave-crew"])
    cap = result.derived["captain"]
    assert any(cap["base_profile"][k] != cap["profile"][k] for k in KEYS)  # heavy armour: two numbers
    text = squash(sheet_text("stargrave-crew", data, tmp_path))
    assert "Two numbers (9/11): the figure's own value / with its equipment." in text
    plain = copy.deepcopy(data)
    for role in ROLES:
        plain[role]["items"] = []
    assert "Two numbers (9/11)" not in squash(sheet_text("stargrave-crew", plain, tmp_path))


def test_a_power_listed_many_times_is_named_once_on_its_reference_card(tmp_path):
    """Fuzz (tests/model/parts_fuzz.py): a First Mate whose file lists Camouflage 40 times got a reference card with
    "14 First Mate ·" 40 times, shrunk to the smallest size and still printed over the card's summary. Each
    officer and activation is named once."""
    from tests.model.parts_fuzz import WORD, _overprinted
    data = json.loads((EXAMPLES / "quiet-orbit-mystic.starwright").read_text(encoding="utf-8"))
    data["first_mate"]["powers"] = data["first_mate"]["powers"][:1] * 40
    name = data["first_mate"]["powers"][0]["name"]
    result = evaluate(data, KINDS["stargrave-crew"])
    (tmp_path / "s.pdf").write_bytes(export_pdf(data, result, SheetOptions(paper="a4")))
    out = subprocess.run(["pdftotext", "-bbox", str(tmp_path / "s.pdf"), "-"], capture_output=True, text=True,
                         check=True).stdout
    for page in out.split("<page ")[1:]:
        words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in WORD.findall(page)]
        assert _overprinted(words) is None, _overprinted(words)
    activation = next(p["activation"] for p in result.derived["first_mate"]["powers"] if p["name"] == name)
    text = subprocess.run(["pdftotext", "-raw", str(tmp_path / "s.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    card = text[text.index("POWER REFERENCE CARDS"):]
    assert card.count(f"{activation} First Mate") == 1
