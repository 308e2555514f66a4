"""Choosing what to print: each kind's optional sections (resources/sheets/<kind>.json `sections`) are in
the PDF when chosen and out when left out, read back from the produced file; --no-cards still leaves out
the reference pages; an unknown name gets the list of the kind's sections."""

from __future__ import annotations

import copy
import subprocess

import pytest

from model.kinds import KINDS
from model.portrait import picture_from_bytes
from model.sheets import SheetError
from model.sheets.sections import names, omitted, sections_of
from model.storage import load
from tests.conftest import EXAMPLES
from tests.model.sheet_text import sheet_text, squash
from tests.model.sheets.test_sheets_cli import sw, text_of

NOTES = None   # the example's own notes, their first words
# (kind, section) -> (example, words the section prints and nothing else on the sheet does)
PRINTS = {
    ("stargrave-crew", "notes"): ("ashen-comet-campaign", NOTES),
    ("stargrave-crew", "campaign"): ("ashen-comet-campaign", "XP per game (without Information)"),
    ("stargrave-crew", "power-cards"): ("ashen-comet-campaign", "POWER REFERENCE CARDS"),
    ("stargrave-crew", "equipment"): ("ashen-comet-campaign", "EQUIPMENT CARRIED BY THE CREW"),
    ("starfrontiers-character", "notes"): ("norel-kho-dralasite", NOTES),
    ("starfrontiers-character", "reference"): ("norel-kho-dralasite", "QUICK REFERENCE"),
    ("starchasers-character", "notes"): ("dash-korrin-ace", NOTES),
    ("starchasers-ship", "notes"): ("kestrel-light-freighter", NOTES),
    ("starchasers-ship", "reference"): ("kestrel-light-freighter", "SYSTEM DAMAGE AND RANGE BANDS"),
    ("starchasers-ship", "repairs"): ("warden-patrol-ship", "DAMAGE AND REPAIRS"),
    ("starchasers-ship", "repair-costs"): ("kestrel-light-freighter", "REPAIR COSTS"),
    ("knighthawks-ship", "notes"): ("z-gata-frigate", NOTES),
    ("knighthawks-ship", "reference"): ("z-gata-frigate", "TURN SEQUENCE AND CODES"),
}
EXAMPLE = {"stargrave-crew": "ashen-comet-campaign", "starfrontiers-character": "norel-kho-dralasite",
           "starchasers-character": "dash-korrin-ace", "starchasers-ship": "kestrel-light-freighter",
           "knighthawks-ship": "z-gata-frigate"}


def _data(name: str) -> dict:
    return copy.deepcopy(load(EXAMPLES / f"{name}.starwright").data)


def _pic() -> dict:
    import io
    from PIL import Image
    buf = io.BytesIO()
    Image.new("RGB", (300, 400), (30, 90, 160)).save(buf, "PNG")
    return picture_from_bytes(buf.getvalue(), "p.png")


def test_every_kind_offers_portrait_and_notes_and_every_printed_section_is_tested():
    for kind in KINDS:
        assert {"portrait", "notes"} <= set(names(kind)), kind
        for name in names(kind):
            assert name == "portrait" or (kind, name) in PRINTS, (kind, name)


@pytest.mark.parametrize("kind, section", sorted(PRINTS))
def test_a_section_is_printed_when_chosen_and_left_out_when_not(kind, section, tmp_path):
    example, words = PRINTS[(kind, section)]
    data = _data(example)
    if words is NOTES:
        data["notes"] = "Remember the rendezvous at Kerrin's Drift"
        words = "rendezvous at Kerrin's Drift"
    full = squash(sheet_text(kind, data, tmp_path))
    assert words in full
    without = squash(sheet_text(kind, data, tmp_path, omit=frozenset({section})))
    assert words not in without
    # the rest of the sheet is still there
    assert data["name"].split()[0] in without


def _images(pdf_path) -> int:
    out = subprocess.run(["pdfimages", "-list", str(pdf_path)], capture_output=True, text=True, check=True).stdout
    return len([line for line in out.splitlines()[2:] if line.strip()])


@pytest.mark.parametrize("kind", sorted(EXAMPLE))
def test_the_portrait_is_printed_on_each_kinds_sheet_unless_left_out(kind, tmp_path):
    from model.evaluate import evaluate
    from model.sheets import SheetOptions, export_pdf
    data = _data(EXAMPLE[kind])
    data["portrait"] = _pic()
    result = evaluate(data, KINDS[kind])
    assert result.schema_valid
    out = tmp_path / "s.pdf"
    out.write_bytes(export_pdf(data, result, SheetOptions(paper="a4")))
    assert _images(out) == 1
    out.write_bytes(export_pdf(data, result, SheetOptions(paper="a4", omit=frozenset({"portrait"}))))
    assert _images(out) == 0
    bad = {**data["portrait"], "width": data["portrait"]["width"] + 1}   # not what it says: not printed
    data["portrait"] = bad
    out.write_bytes(export_pdf(data, evaluate(data, KINDS[kind]), SheetOptions(paper="a4")))
    assert _images(out) == 0


def test_only_and_omit_and_no_cards_map_onto_sections():
    title = KINDS["stargrave-crew"].title
    assert omitted("stargrave-crew", title) == frozenset()
    assert omitted("stargrave-crew", title, only="notes,campaign") == {"portrait", "power-cards", "equipment"}
    assert omitted("stargrave-crew", title, omit="Campaign") == {"campaign"}
    refs = {s["name"] for s in sections_of("stargrave-crew") if s.get("reference")}
    assert refs == {"power-cards", "equipment"}
    assert omitted("stargrave-crew", title, cards=False) == refs
    with pytest.raises(SheetError, match=r"no section 'cover'; its sections are: portrait, notes, campaign"):
        omitted("stargrave-crew", title, omit="cover")


def test_cli_sections_and_omit(tmp_path):
    crew = EXAMPLES / "ashen-comet-campaign.starwright"
    out = tmp_path / "crew.pdf"
    r = sw("export", crew, "-o", out, "--omit", "campaign,power-cards")
    assert r.returncode == 0, r.stderr
    text = squash(text_of(out))
    assert "XP per game" not in text and "POWER REFERENCE CARDS" not in text
    assert "EQUIPMENT CARRIED BY THE CREW" in text and "Mara Vex" in text
    r = sw("export", crew, "-o", out, "--sections", "campaign")
    assert r.returncode == 0, r.stderr
    text = squash(text_of(out))
    assert "XP per game" in text and "NOTES" not in text and "EQUIPMENT CARRIED BY THE CREW" not in text
    r = sw("export", crew, "-o", out, "--no-cards")
    text = squash(text_of(out))
    assert r.returncode == 0 and "XP per game" in text and "POWER REFERENCE CARDS" not in text


def test_cli_unknown_section_lists_the_kinds_sections_and_writes_nothing(tmp_path):
    out = tmp_path / "x.pdf"
    r = sw("export", EXAMPLES / "z-gata-frigate.starwright", "-o", out, "--omit", "campaign")
    assert r.returncode == 2 and not out.exists()
    assert "has no section 'campaign'; its sections are: portrait, reference, notes" in r.stderr
    r = sw("export", EXAMPLES / "z-gata-frigate.starwright", "-o", out, "--cards", "--omit", "notes")
    assert r.returncode == 2 and "not for --cards" in r.stderr


@pytest.mark.parametrize("flags, words", [
    (["--foundry", "--paper", "letter"], "--paper is for PDF exports"),
    (["--foundry", "--list-issues"], "--list-issues is for PDF exports"),
    (["--no-cards", "--sections", "notes,power-cards"], "--no-cards leaves out the reference pages, which --sections "
                                                        "asks for (power-cards)"),
])
def test_cli_refuses_choices_that_contradict_each_other(tmp_path, flags, words):
    src = EXAMPLES / ("kara-venn-human.starwright" if "--foundry" in flags else "ashen-comet-campaign.starwright")
    out = tmp_path / ("a.json" if "--foundry" in flags else "a.pdf")
    r = sw("export", src, "-o", out, *flags)
    assert r.returncode == 2 and words in r.stderr, r.stderr
    assert not out.exists()


def test_cli_no_cards_with_sections_that_are_not_reference_pages_is_fine(tmp_path):
    out = tmp_path / "a.pdf"
    r = sw("export", EXAMPLES / "ashen-comet-campaign.starwright", "-o", out, "--no-cards", "--sections", "notes,campaign")
    assert r.returncode == 0, r.stderr
    assert "POWER REFERENCE CARDS" not in squash(text_of(out))
