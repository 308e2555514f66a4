"""The sheet framework without a game system: options, layouts, fonts, text fitting, escaping, bidi."""

from __future__ import annotations

import argparse
import copy
import io
import json

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from model.paths import resources_dir
from model.sheets import RENDERERS, SheetOptions, default_paper, describe_pointer, fonts
from model.sheets.layout import check_layout, load_layout
from model.sheets.options import paper_for_locale
from model.sheets.page import Kit
from model.sheets.text import fit, markup, visual, width

TORTURE = [
    "<b>&",
    "</para>",
    "Bob <b>& Co",
    "AT&T <scout>",
    "Star Rats 🚀👾✨",
    "שלום עולם",
    "مرحبا بالعالم",
    "Ωμέγα Жуков Łukasz",
    "漢字テスト",
    "x" * 200,
    ("The Extraordinarily Long-Winded Crew of the Starship " * 5)[:200],
]


@pytest.mark.parametrize("name,paper", [
    ("en_US.UTF-8", "letter"), ("en_CA.UTF-8", "letter"), ("es_MX", "letter"), ("fil_PH.UTF-8", "letter"),
    ("fr_CA.UTF-8@euro", "letter"), ("en_GB.UTF-8", "a4"), ("de_DE.UTF-8", "a4"), ("ja_JP.UTF-8", "a4"),
    ("English_United States.1252", "letter"), ("French_France.1252", "a4"), ("C.UTF-8", None), ("POSIX", None),
    ("", None), (None, None),
])
def test_paper_follows_the_locale_territory(name, paper):
    assert paper_for_locale(name) == paper


def test_default_paper_reads_lc_all_then_lc_paper_then_lang():
    assert default_paper({"LC_ALL": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"}) == "letter"
    assert default_paper({"LC_PAPER": "en_US.UTF-8", "LANG": "de_DE.UTF-8"}) == "letter"
    assert default_paper({"LANG": "de_DE.UTF-8"}) == "a4"
    assert default_paper({"LANG": "C.UTF-8"}) == "a4"
    assert default_paper({}) == "a4"


def test_options_from_cli_and_defaults(monkeypatch):
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    opts = SheetOptions.from_cli(argparse.Namespace(paper=None, no_cards=True, list_issues=True))
    assert (opts.paper, opts.cards, opts.list_issues, opts.invariant) == ("letter", False, True, False)
    opts = SheetOptions.from_cli(argparse.Namespace(paper="a4", no_cards=False, list_issues=False))
    assert (opts.paper, opts.cards, opts.list_issues) == ("a4", True, False)
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert SheetOptions().paper == "a4"
    with pytest.raises(ValueError):
        SheetOptions(paper="tabloid")


def test_every_shipped_layout_passes_its_schema_and_has_a_renderer():
    layouts = sorted((resources_dir() / "sheets").glob("*.json"))
    assert layouts
    for path in layouts:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert check_layout(data) == [], path
        assert data["kind"] == path.stem and data["kind"] in RENDERERS
    assert set(RENDERERS) <= {p.stem for p in layouts}


def test_a_broken_layout_is_reported_with_where_it_breaks():
    good = copy.deepcopy(load_layout("stargrave-crew"))
    bad = copy.deepcopy(good)
    bad["panels"]["header"]["fields"][0]["w"] = 1.5
    problems = check_layout(bad)
    assert problems and problems[0].startswith("/panels/header/fields/0/w")
    bad = copy.deepcopy(good)
    bad["panels"]["header"]["fields"][1]["x"] = 0.9  # 0.9 + 0.15 reaches outside the panel
    assert any("reaches outside its panel" in p for p in check_layout(bad))
    bad = copy.deepcopy(good)
    bad["style"]["colors"]["ink"] = "black"
    assert check_layout(bad)
    bad = copy.deepcopy(good)
    del bad["tables"]
    assert check_layout(bad)


def test_fonts_are_registered_once():
    fonts.register()
    from reportlab.pdfbase import pdfmetrics
    first = pdfmetrics.getFont(fonts.REGULAR)
    fonts.register()
    assert pdfmetrics.getFont(fonts.REGULAR) is first
    for name in fonts.FILES:
        assert (resources_dir() / "fonts" / fonts.FILES[name]).is_file()
    assert (resources_dir() / "fonts" / "LICENSE-DejaVu.txt").is_file()


def test_latin_greek_cyrillic_use_the_shipped_font():
    assert fonts.runs("Łukasz Ωμέγα Жуков ÆØÅ") == [(fonts.REGULAR, "Łukasz Ωμέγα Жуков ÆØÅ")]


def test_a_glyph_the_font_lacks_becomes_a_visible_placeholder_without_fallback(monkeypatch):
    monkeypatch.setenv("STARWRIGHT_FALLBACK_FONT", "none")
    out = fonts.runs("Crew 🚀 漢")
    assert "".join(t for _, t in out) == f"Crew {fonts.PLACEHOLDER} {fonts.PLACEHOLDER}"
    assert {f for f, _ in out} == {fonts.REGULAR}
    assert fonts.has_glyph(fonts.REGULAR, fonts.PLACEHOLDER)


def test_invisible_format_characters_are_dropped_not_replaced(monkeypatch):
    monkeypatch.setenv("STARWRIGHT_FALLBACK_FONT", "none")
    # family emoji: man ZWJ woman; heart + variation selector 16; a right-to-left mark
    out = "".join(t for _, t in fonts.runs("a\U0001F468\u200d\U0001F469b\u2764\ufe0fc\u200f"))
    assert out == f"a{fonts.PLACEHOLDER}{fonts.PLACEHOLDER}b\u2764c"


def test_cjk_uses_the_system_fallback_font_when_one_is_installed(monkeypatch, tmp_path):
    monkeypatch.delenv("STARWRIGHT_FALLBACK_FONT", raising=False)
    path = fonts._fallback_path()
    out = fonts.runs("Crew 漢字")
    if path:  # Debian's fonts-droid-fallback (Apache-2.0) is installed on this machine
        assert out[-1] == (fonts.fallback_font(), "漢字")
    else:
        assert out == [(fonts.REGULAR, f"Crew {fonts.PLACEHOLDER}{fonts.PLACEHOLDER}")]
    # a named file that is not a font: behave as if there were none
    junk = tmp_path / "junk.ttf"
    junk.write_bytes(b"not a font")
    monkeypatch.setenv("STARWRIGHT_FALLBACK_FONT", str(junk))
    assert fonts.runs("漢") == [(fonts.REGULAR, fonts.PLACEHOLDER)]


@pytest.mark.parametrize("text", TORTURE)
def test_markup_escapes_every_user_string_and_reportlab_accepts_it(text):
    m = markup(text)
    assert "<b>" not in m and "</para>" not in m and "<scout>" not in m
    p = Paragraph(m)  # parses: unescaped "<b>&" would raise here
    plain = p.getPlainText()
    p.wrap(200, 1000)
    for ch in "<>&":
        assert plain.count(ch) == visual(text).count(ch)


def test_markup_keeps_multiline_notes_as_lines():
    assert markup("one <b>\ntwo &", multiline=True) == "one &lt;b&gt;<br/>two &amp;"
    assert markup("one\n\ttwo") == "one two"


def test_visual_order_of_right_to_left_text():
    assert visual("Crew Alpha") == "Crew Alpha"
    assert visual("שלום") == "םולש"
    assert visual("abc שלום def") == "abc םולש def"
    # digits inside right-to-left text keep their own order; brackets are mirrored
    assert visual("שלום 123") == "123 םולש"
    assert visual("(שלום)") == "(םולש)"
    assert visual("שלום עולם abc") == "abc םלוע םולש"


@pytest.mark.parametrize("text", TORTURE)
@pytest.mark.parametrize("box", [(120, 14), (60, 30), (300, 40), (40, 12)])
def test_fit_keeps_every_line_inside_the_box_and_loses_no_character_unless_it_cannot_fit(text, box):
    w, h = box
    f = fit(text, w, h, fonts.BOLD, size=20, min_size=8, floor=3.5)
    for line in f.lines:
        assert width(line, fonts.BOLD, f.size) <= w + 0.01, (line, f.size)
    assert f.size >= 3.5
    whole = visual(" ".join(text.split())).replace(" ", "")
    if not f.cut:
        # nothing disappears: the lines hold every character of the (visual-order) text, inside the box
        assert "".join(f.lines).replace(" ", "") == whole
        assert f.height <= h + 0.01
    else:
        # too long even at the smallest size: what fits is kept, in order, and the last line says it goes on;
        # nothing is printed below the box (one line at the least, for a box lower than a line)
        assert f.size == 3.5 and f.lines[-1].endswith("…")
        assert whole.startswith("".join(f.lines)[:-1].replace(" ", ""))
        assert f.height <= h + 0.01 or len(f.lines) == 1


def test_fit_prefers_one_line_and_shrinks_before_wrapping():
    f = fit("Ashen Comet", 300, 40, fonts.BOLD, size=22, min_size=10)
    assert f.lines == ("Ashen Comet",) and f.size == 22
    long = "The Extraordinarily Long-Winded Crew"
    f = fit(long, stringWidth(long, fonts.BOLD, 14) + 1, 40, fonts.BOLD, size=22, min_size=10)
    assert len(f.lines) == 1 and 13.5 <= f.size <= 14
    f = fit("x " * 100, 100, 60, fonts.BOLD, size=22, min_size=10)
    assert len(f.lines) > 1 and f.size <= 10


def test_a_field_panel_draws_torture_values_inside_their_boxes():
    from model.sheets.flowables import FieldPanel
    kit = Kit(load_layout("stargrave-crew"), SheetOptions(paper="a4"))
    panel = kit.panel("header")
    values = {"crew_name": TORTURE[-1], "credits_start": "<b>&" * 10, "credits_spent": "🚀" * 30,
              "credits_left": "שלום " * 10, "upkeep": "x" * 80}
    fp = FieldPanel(kit, panel, values)
    canvas = Canvas(io.BytesIO())
    fp.wrapOn(canvas, kit.frame_width, 1000)
    fp.drawOn(canvas, 0, 0)
    assert set(fp.fits) == {"crew_name", "credits_start", "credits_spent", "credits_left", "upkeep"}
    for bind, (f, w, h) in fp.fits.items():
        assert f.lines, bind
        for line in f.lines:
            assert width(line, f.font, f.size) <= w + 0.01, bind
        assert f.height <= h + 0.01 or f.size == 3.5, bind


def test_tick_track_wraps_into_rows_that_fit():
    from model.sheets.flowables import TickTrack
    kit = Kit(load_layout("stargrave-crew"), SheetOptions(paper="a4"))
    t = TickTrack(kit, 25, "Health")
    w, h = t.wrap(60, 100)
    assert w <= 60 and t.rows >= 2 and t.n_row * t.rows >= 25
    t = TickTrack(kit, 14, per_row=7, group=0)
    t.wrap(500, 100)
    assert (t.n_row, t.rows) == (7, 2)


def test_pointers_are_described_in_words():
    data = {"format": "starwright/stargrave-crew", "captain": {"powers": [{"name": "Fortune"}], "items": ["Laser Sword"]},
            "soldiers": [{"name": "", "type": "Space Marine"}]}
    assert describe_pointer(data, "/captain/powers/0/reduced") == "Captain › Power 1 (Fortune) › Lowered by 1"
    assert describe_pointer(data, "/captain/items/0") == "Captain › Item 1 (Laser Sword)"
    assert describe_pointer(data, "/soldiers/0/type") == "Soldier 1 (Space Marine) › Type"
    assert describe_pointer(data, "") == "Crew"
    del data["format"]     # a document of no known kind: plain words
    assert describe_pointer(data, "/captain/powers/0/reduced") == "Captain › Power 1 (Fortune) › Reduced"


def test_a_text_too_long_for_its_box_at_the_smallest_size_is_cut_with_an_ellipsis_not_printed_below_it():
    """Found by the parts fuzzer: a 300-letter species ran over the lines below its box."""
    f = fit("Q" * 300, 80, 12, fonts.REGULAR, size=10, min_size=6, floor=3.5)
    assert f.cut and f.lines[-1].endswith("…") and f.height <= 12 + 0.01
    assert all(width(line, fonts.REGULAR, f.size) <= 80.01 for line in f.lines)
    kept = fit("Q" * 30, 80, 12, fonts.REGULAR, size=10, min_size=6, floor=3.5)
    assert not kept.cut and "".join(kept.lines) == "Q" * 30
