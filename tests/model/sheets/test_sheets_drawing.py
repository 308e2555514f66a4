"""The sheet framework's own drawing pieces, through real PDFs (pdftotext, pdftoppm): RowTable (header
repeated on split, zebra rows, wrapping cells), spans/TextBlock (breaks lines as a Paragraph would,
reading order, literal text, narrowed overfull lines), ProfileRow, Columns, cards, lean font subsets."""

from __future__ import annotations

import io
import re
import struct
import subprocess
import zlib
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfbase.ttfonts import TTFontFile
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, Spacer

from model.sheets import SheetOptions, fonts
from model.sheets.flowables import Card, CardRow, Columns, SectionBar, house_table, profile_table
from model.sheets.layout import load_layout
from model.sheets.page import Kit, Sheet, build_pdf
from model.sheets.spans import TextBlock, layout, spans, text_width

COLUMNS = [{"bind": "name", "label": "Name", "width": 0.3, "font": "cond_bold"},
           {"bind": "n", "label": "Number", "width": 0.2, "align": "center"},
           {"bind": "notes", "label": "Notes", "width": 0.5}]


def kit(paper: str = "a4") -> Kit:
    return Kit(load_layout("stargrave-crew"), SheetOptions(paper=paper, invariant=True))


def pdf_of(k: Kit, story: list, reference: list | None = None) -> bytes:
    return build_pdf(Sheet(running_title="Test sheet", story=story, reference=reference or []), k, ["Rules: test"], "t")


def text_of(pdf: bytes, tmp_path: Path, *args: str) -> str:
    path = tmp_path / "t.pdf"
    path.write_bytes(pdf)
    mode = [] if "-raw" in args else ["-layout"]
    return subprocess.run(["pdftotext", *mode, *args, str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def pages_of(pdf: bytes, tmp_path: Path) -> list[str]:
    return text_of(pdf, tmp_path).split("\f")[:-1]


# ---- RowTable ------------------------------------------------------------------------------------

def test_rowtable_repeats_its_header_on_every_page_and_loses_no_row(tmp_path):
    k = kit()
    rows = [[f"Row {i:03d}", str(i), "short note"] for i in range(150)]
    pdf = pdf_of(k, [house_table(k, COLUMNS, rows, k.frame_width)])
    pages = pages_of(pdf, tmp_path)
    assert len(pages) >= 3
    seen = []
    for page in pages:
        lines = [l for l in page.splitlines() if l.strip()]
        head = next(i for i, l in enumerate(lines) if re.search(r"NAME\s+NUMBER\s+NOTES", l))
        body = [re.findall(r"Row (\d{3})", l) for l in lines[head + 1:]]
        seen += [int(m[0]) for m in body if m]
        assert body and body[0], "rows follow the header on each page"
    assert seen == list(range(150))


def test_rowtable_split_keeps_the_header_and_the_zebra_phase():
    k = kit()
    t = house_table(k, COLUMNS, [[f"r{i}", str(i), ""] for i in range(40)], k.frame_width)
    t.wrap(k.frame_width, 10_000)
    head_h, row_h = t._heights[0], t._heights[1]
    first, rest = t.split(k.frame_width, head_h + 7.5 * row_h)
    assert len(first.rows) == 7 and len(rest.rows) == 33
    assert first.head is rest.head is t.head
    assert (first.first_index, rest.first_index) == (0, 7)
    assert t.split(k.frame_width, head_h + row_h / 2) == []  # not even one row fits: move it whole
    assert t.split(k.frame_width, 10_000) == [t]


def _row_centres(pdf: bytes, tmp_path: Path, dpi: int = 100) -> Image.Image:
    path = tmp_path / "z.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", str(path), str(tmp_path / "z")], check=True)
    return Image.open(next(tmp_path.glob("z-*.png"))).convert("RGB")


def test_rowtable_fills_every_second_row_and_only_when_zebra_is_on(tmp_path):
    k = kit()
    rows = [[f"Row {i}", str(i), ""] for i in range(6)]
    for zebra in (True, False):
        t = house_table(k, COLUMNS, rows, k.frame_width, zebra=zebra)
        img = _row_centres(pdf_of(k, [t]), tmp_path)
        t.wrap(k.frame_width, 10_000)
        scale = 100 / 72
        top = k.page_size[1] - k.margin["top"] - k.header_h  # the table starts at the frame's top
        x = int((k.margin["left"] + k.frame_width * 0.75) * scale)  # in the empty Notes column
        y = top - t._heights[0]
        colours = []
        for h in t._heights[1:]:
            colours.append(img.getpixel((x, int((k.page_size[1] - (y - h / 2)) * scale))))
            y -= h
        fill = tuple(int(k.layout["style"]["colors"]["fill"][i:i + 2], 16) for i in (1, 3, 5))
        white = (255, 255, 255)
        expected = [white, fill] * 3 if zebra else [white] * 6
        assert all(max(abs(a - b) for a, b in zip(c, e)) <= 3 for c, e in zip(colours, expected)), (zebra, colours)
        for f in list(tmp_path.glob("z-*.png")):
            f.unlink()


def test_rowtable_wraps_a_long_cell_whole_inside_its_column(tmp_path):
    k = kit()
    long = "A long note that cannot fit on one line of a narrow column, so it wraps " * 3
    t = house_table(k, COLUMNS, [["Short", "1", "one line"], ["Long", "2", long], ["Last", "3", "x"]], k.frame_width)
    t.wrap(k.frame_width, 10_000)
    assert t._heights[2] > 2 * t._heights[1]  # the long row grew to hold its lines
    raw = " ".join(text_of(pdf_of(k, [t]), tmp_path, "-raw").split())
    assert " ".join(long.split()) in raw  # every word, in order
    layout_text = text_of(pdf_of(k, [t]), tmp_path)
    notes_x = next(l.index("one line") for l in layout_text.splitlines() if "one line" in l)
    note_words = re.compile(r"\b(long|note|cannot|narrow|column|wraps)\b")  # lower case: not the "Long" name
    lines = [l for l in layout_text.splitlines() if note_words.search(l)]
    assert len(lines) >= 3
    for line in lines:
        assert note_words.search(line).start() >= notes_x - 2, line  # wrapped lines stay in the Notes column


def test_rowtable_prints_markup_characters_as_typed(tmp_path):
    k = kit()
    t = house_table(k, COLUMNS, [["<b>&", "</para>", "AT&T <scout> " * 8]], k.frame_width)
    flat = " ".join(text_of(pdf_of(k, [t]), tmp_path).split())
    assert "<b>&" in flat and "</para>" in flat and "AT&T <scout>" in flat


# ---- spans ---------------------------------------------------------------------------------------

SAMPLES = [
    "Restores Health to a wounded figure in sight.",
    "An order to a soldier in sight that lets it act at once alongside the officer.",
    "Fragmentation (Shoot +3 against all within 1.5\") or smoke. An officer carries both in one slot.",
    "a b c d e f g h i j k l m n o p q r s t u v w x y z " * 4,
    "Supercalifragilistic words and tiny ones",
]


@pytest.mark.parametrize("font", [fonts.REGULAR, fonts.COND, fonts.BOLD])
@pytest.mark.parametrize("box", [60.0, 97.5, 156.47, 230.0])
def test_spans_break_lines_where_a_paragraph_does(font, box):
    from reportlab.lib.styles import ParagraphStyle
    fonts.register()
    style = ParagraphStyle("t", fontName=font, fontSize=8, leading=9.6)
    for text in SAMPLES:
        p = Paragraph(escape(text), style)
        p.wrap(box, 10_000)
        want = [" ".join(words) for _, words in p.blPara.lines]
        got = [" ".join(piece[1] for piece in line.pieces) for line in layout([spans(text, font, 8, None)], box)]
        assert got == want, (text, box)


def test_spans_keep_markup_literal_and_use_the_placeholder_for_missing_glyphs(monkeypatch):
    monkeypatch.setenv("STARWRIGHT_FALLBACK_FONT", "none")
    out = spans("<b>&</para> 🚀", fonts.REGULAR, 8, None)
    assert "".join(s.text for s in out) == f"<b>&</para> {fonts.PLACEHOLDER}"
    assert spans("  two   spaces ", fonts.COND, 8, None)[0].text == " "  # one leading space kept, runs collapsed
    assert "".join(s.text for s in spans("  two   spaces ", fonts.COND, 8, None)) == " two spaces "


def test_a_word_wider_than_the_box_is_broken_not_cut():
    fonts.register()
    word = "W" * 40
    lines = layout([spans(f"Zed {word}", fonts.COND, 8, None)], 50)
    assert len(lines) > 3 and all(l.width <= 50 + 1e-6 for l in lines)
    assert "".join(p[1] for l in lines for p in l.pieces).replace(" ", "") == "Zed" + word


def test_an_overfull_line_has_its_spaces_narrowed_into_the_box():
    fonts.register()
    text = "Restores Health to a wounded figure in sight."
    natural = text_width("Restores Health to a wounded figure in", fonts.REGULAR, 8)
    box = natural - 0.3  # over by less than the 5% space shrink allows: stays one line
    block = TextBlock([spans(text, fonts.REGULAR, 8, None)], 10)
    block.wrap(box, 100)
    first = [p for p in block.pieces(0, 100) if p[1] == block.pieces(0, 100)[0][1]]
    assert block.lines[0].width > box
    x, _, s, font, size, _, tw = first[-1]
    assert tw < 0
    assert x + text_width(s, font, size) + tw * s.count(" ") <= box + 1e-6


def test_cards_read_in_order_and_flow_in_whole_rows(tmp_path):
    k = kit()
    gap = 3 * mm
    cw = (k.frame_width - 2 * gap) / 3
    meta = [[("ACTIVATION ", False, True), ("9", True, False), (" Captain", False, False), (" · ", False, False),
             ("14", True, False), (" First Mate", False, False)],
            [("FATIGUE ", False, True), ("0", True, False), (" CATEGORY ", False, True), ("Line of <Sight>", False, False)]]
    cards = [Card(k, cw, 44 * mm, f"Power {i} <b>", meta, f"Effect number {i} & more words here.", "Basic for Veteran")
             for i in range(20)]
    rows = [CardRow(cards[i:i + 3], gap) for i in range(0, 20, 3)]
    pdf = pdf_of(k, [SectionBar(k, "Cards"), Spacer(1, 2.5 * mm), *rows])
    raw = " ".join(text_of(pdf, tmp_path, "-raw").split())
    assert raw.count("ACTIVATION 9 Captain · 14 First Mate") == 20
    assert raw.count("FATIGUE 0 CATEGORY Line of <Sight>") == 20
    for i in range(20):
        assert f"Power {i} <b>" in raw and f"Effect number {i} & more words here." in raw
    pages = pages_of(pdf, tmp_path)
    per_page = [len(re.findall(r"Power \d+ <b>", p)) for p in pages]
    assert len(pages) == 2 and sum(per_page) == 20 and per_page[0] % 3 == 0  # rows move whole
    assert all(c.body_size == k.size["body"] for c in cards)


# ---- ProfileRow, Columns -------------------------------------------------------------------------

HEADS = [("M", "Move"), ("F", "Fight"), ("S", "Shoot"), ("A", "Armour"), ("W", "Will"), ("H", "Health")]


def test_profile_row_prints_heads_over_values_and_grows_when_heads_wrap(tmp_path):
    k = kit()
    values = ["6/5", "+4", "−3", "9/11", "+3", "17"]
    wide = profile_table(k, HEADS, values, 90 * mm)
    lines = [l for l in text_of(pdf_of(k, [wide]), tmp_path).splitlines() if l.strip()]
    heads = next(i for i, l in enumerate(lines) if "MOVE" in l)
    assert re.findall(r"[MFSAWH] [A-Z]+", lines[heads]) == ["M MOVE", "F FIGHT", "S SHOOT", "A ARMOUR", "W WILL",
                                                             "H HEALTH"]
    assert lines[heads + 1].split() == values
    narrow = profile_table(k, HEADS, values, 40 * mm)
    assert narrow.wrap(40 * mm, 1000)[1] > wide.wrap(90 * mm, 1000)[1]
    assert profile_table(k, HEADS, ["12/14"] * 6, 90 * mm).size < wide.size  # long values get smaller type


def test_columns_put_lists_side_by_side_with_tops_aligned(tmp_path):
    k = kit()
    left = [SectionBar(k, "Left"), Spacer(1, 10), house_table(k, COLUMNS, [["L1", "1", ""], ["L2", "2", ""]], 80 * mm)]
    right = [SectionBar(k, "Right"), Spacer(1, 10), house_table(k, COLUMNS, [["R1", "1", ""]] * 5, 80 * mm)]
    cols = Columns([left, [], right], [80 * mm, 10 * mm, 80 * mm])
    _, h = cols.wrap(k.frame_width, 10_000)
    assert h == pytest.approx(sum(f.wrap(80 * mm, 10_000)[1] for f in right))  # the taller column
    lines = text_of(pdf_of(k, [cols]), tmp_path).splitlines()
    assert any(re.search(r"LEFT\s+RIGHT", l) for l in lines)
    assert any(re.search(r"L1\s+1\s+R1\s+1", l) for l in lines)
    assert cols.split(k.frame_width, 10) == []


# ---- fonts ---------------------------------------------------------------------------------------

def _font_files(pdf: bytes) -> list[bytes]:
    """The embedded TrueType programs (FontFile2 streams) of a reportlab PDF."""
    out = []
    for m in re.finditer(rb"/Filter \[ /FlateDecode \] /Length (\d+) /Length1 \d+\s*>>\s*stream\r?\n", pdf):
        n = int(m.group(1))
        out.append(zlib.decompress(pdf[m.end():m.end() + n]))
    return out


def test_embedded_subsets_hold_only_the_characters_used_and_a_short_name_table(tmp_path):
    fonts.register()
    buf = io.BytesIO()
    c = Canvas(buf)
    c.setFont(fonts.REGULAR, 12)
    c.drawString(72, 700, "Hi")
    c.setFont(fonts.COND_BOLD, 12)
    c.drawString(72, 680, "Abc")
    c.save()
    pdf = buf.getvalue()
    files = _font_files(pdf)
    assert len(files) == 2
    for data in files:
        face = TTFontFile(io.BytesIO(data))
        assert len(face.charToGlyph) <= 5  # "Hi" or "Abc" (+ space), not all of ASCII
        name = face.get_table("name")
        count = struct.unpack(">H", name[2:4])[0]
        ids = {struct.unpack(">H", name[6 + 12 * k + 6:6 + 12 * k + 8])[0] for k in range(count)}
        assert ids and ids <= set(range(7)) and len(name) < 2000
        assert face.name.decode().startswith("DejaVuSans")
    path = tmp_path / "f.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert text.split() == ["Hi", "Abc"]
