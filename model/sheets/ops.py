"""Many small shapes and strings written as PDF operators in one go.

reportlab's canvas calls format every number with fp_str and build a text object per string: fine for
a few dozen calls, but a crew sheet has ~150 tick boxes and ~300 table cells, and those calls were a
third of the export time. Here a batch of rectangles becomes one path and a batch of strings one
text block, written with canvas.addLiteral. Strings use the dynamic-font API reportlab documents for
this (font.splitString + font.getSubsetInternalName, see reportlab.pdfbase.pdfmetrics), so the glyphs
still go into the embedded subsets. Colours and line widths are set through the canvas as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from reportlab.lib.rl_accel import escapePDF
from reportlab.pdfbase.pdfmetrics import getFont

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont


def num(v: float) -> str:
    """A coordinate as PDF wants it: at most 3 decimals, no trailing zeros."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def rect_ops(rects) -> str:
    """`re` operators for (x, y, w, h) rectangles."""
    return "\n".join(f"{num(x)} {num(y)} {num(w)} {num(h)} re" for x, y, w, h in rects)


def draw_rects(canvas, rects, stroke: bool = True, fill: bool = False) -> None:
    """All the rectangles as one path, in the canvas's current colours and line width."""
    if not rects:
        return
    paint = "B" if stroke and fill else "S" if stroke else "f" if fill else "n"
    canvas.addLiteral(f"{rect_ops(rects)}\n{paint}")


def draw_lines(canvas, lines) -> None:
    """(x1, y1, x2, y2) segments stroked as one path in the canvas's current stroke colour and width."""
    if lines:
        canvas.addLiteral("\n".join(f"{num(a)} {num(b)} m {num(c)} {num(d)} l" for a, b, c, d in lines) + "\nS")


def draw_strings(canvas, font_name: str, size: float, items) -> None:
    """(x, y, text) strings at baseline positions, in one font and size, as one text block in the
    canvas's current fill colour. Text must already be in visual order and drawable by the font
    (text.runs() decides that); the glyphs are added to the font's embedded subset."""
    font = getFont(font_name)
    if not getattr(font, "_dynamicFont", False):  # a built-in Type 1 font: the canvas's own way
        canvas.setFont(font_name, size)
        for x, y, text in items:
            canvas.drawString(x, y, text)
        return
    # a dynamic font: the sheets register TrueType ones only (model/sheets/fonts.py)
    ttf = cast("TTFont", font)
    doc = canvas._doc
    code = ["BT"]
    current = None
    tf = f" {num(size)} Tf"
    for x, y, text in items:
        if not text:
            continue
        code.append(f"1 0 0 1 {num(x)} {num(y)} Tm")
        for subset, chunk in ttf.splitString(text, doc):
            if subset != current:
                code.append(ttf.getSubsetInternalName(subset, doc) + tf)
                current = subset
            code.append(f"({escapePDF(chunk)}) Tj")
    if len(code) > 1:
        code.append("ET")
        canvas.addLiteral("\n".join(code))


def _rgb(color) -> str:
    r, g, b = color.rgb()
    return f"{num(r)} {num(g)} {num(b)} rg"


def draw_pieces(canvas, pieces) -> None:
    """(x, y, text, font, size, colour, word spacing) strings drawn in the order given (reading order,
    so pdftotext -raw reads them so) as one text block, switching font, fill colour and word spacing
    only where they change (word spacing: points added to each space, negative to narrow them).
    Fonts must be the sheet's TrueType fonts and text drawable by them (text.runs() decides that).
    Leaves the fill colour changed: callers wrap this in saveState/restoreState."""
    doc = canvas._doc
    code = ["BT"]
    cur_font = cur_color = None
    cur_tw = 0.0
    fonts: dict = {}
    for x, y, text, font_name, size, color, tw in pieces:
        if not text:
            continue
        font = fonts.get(font_name) or fonts.setdefault(font_name, getFont(font_name))
        if color is not cur_color:
            code.append(_rgb(color))
            cur_color = color
        if tw != cur_tw:
            code.append(f"{num(tw)} Tw")  # acts on code 32, which reportlab keeps for the space in every subset
            cur_tw = tw
        code.append(f"1 0 0 1 {num(x)} {num(y)} Tm")
        for subset, chunk in font.splitString(text, doc):
            key = (font_name, subset, size)
            if key != cur_font:
                code.append(f"{font.getSubsetInternalName(subset, doc)} {num(size)} Tf")
                cur_font = key
            code.append(f"({escapePDF(chunk)}) Tj")
    if cur_tw:
        code.append("0 Tw")
    if len(code) > 1:
        code.append("ET")
        canvas.addLiteral("\n".join(code))
