"""Reusable pieces of a sheet: panels of fixed fields, section bars, tick-box tracks, check boxes,
tables in the house style, profile rows and cut-out cards. All take a page.Kit for the style."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from . import fonts
from .page import Kit
from reportlab.pdfbase.pdfmetrics import stringWidth

from .ops import draw_lines, draw_pieces, draw_rects, draw_strings
from .rowtable import PAD_X, RowTable
from .rowtable import Text as RText
from .spans import TextBlock, spans, text_width
from .text import draw_fit, draw_runs, fit, markup, one_line, visual


class FieldPanel(Flowable):
    """Labelled boxes placed by a layout panel (fractions of the panel), each showing one prepared
    value shrunk and wrapped to fit its box. `fits` records what was drawn, per bound name."""

    PAD = 1.3 * mm

    def __init__(self, kit: Kit, panel: dict, values: Mapping[str, object]):
        super().__init__()
        self.kit, self.panel, self.values = kit, panel, values
        self.height = panel["height_mm"] * mm
        self.fits: dict[str, tuple] = {}

    def wrap(self, aw, ah):
        self.width = aw
        return aw, self.height

    def boxes(self):
        """(field, x, y, w, h) in points, origin bottom-left of the panel, fields that are drawn."""
        gap = 1.2 * mm
        for f in self.panel["fields"]:
            if f.get("optional") and not self.values.get(f["bind"]):
                continue
            x = f["x"] * self.width + (gap / 2 if f["x"] > 0 else 0)
            right = (f["x"] + f["w"]) * self.width - (gap / 2 if f["x"] + f["w"] < 0.999 else 0)
            top = self.height - f["y"] * self.height - (gap / 2 if f["y"] > 0 else 0)
            bottom = self.height - (f["y"] + f["h"]) * self.height + (gap / 2 if f["y"] + f["h"] < 0.999 else 0)
            yield f, x, bottom, right - x, top - bottom

    def draw(self):
        c, kit = self.canv, self.kit
        label_size = kit.size["label"]
        for f, x, y, w, h in self.boxes():
            blank = f.get("kind") == "blank"
            c.setStrokeColor(kit.color["rule"])
            c.setLineWidth(0.6)
            c.setFillColor(kit.color["paper"] if "paper" in kit.color else kit.color["fill"])
            c.roundRect(x, y, w, h, 1.2 * mm, stroke=1, fill=1 if blank else 0)
            if f["label"]:
                c.setFillColor(kit.color["muted"])
                draw_runs(c, f["label"].upper(), x + self.PAD, y + h - self.PAD - label_size * 0.8,
                          fonts.COND_BOLD, label_size)
            if blank:
                continue
            inner_w = w - 2 * self.PAD
            inner_h = h - 2 * self.PAD - label_size * 1.05
            font = kit.font(f.get("font"), "regular")
            size = f.get("size", kit.size["value"])
            result = fit(self.values.get(f["bind"], ""), inner_w, inner_h, font, size,
                         f.get("min_size", min(size, 6)))
            self.fits[f["bind"]] = (result, inner_w, inner_h)
            c.setFillColor(kit.color["ink"])
            draw_fit(c, result, x + self.PAD, y + self.PAD + inner_h, inner_w, inner_h, f.get("align", "left"))


class SectionBar(Flowable):
    """A section heading: title in the accent colour, optional text at the right, a rule under it."""

    def __init__(self, kit: Kit, title: str, right: str = "", height: float = 6.5 * mm):
        super().__init__()
        self.kit, self.title, self.right, self.height = kit, title, right, height

    def wrap(self, aw, ah):
        self.width = aw
        return aw, self.height

    def draw(self):
        c, kit = self.canv, self.kit
        size = kit.size["section"]
        base = 2.0 * mm
        c.setFillColor(kit.color["accent"])
        tw = draw_runs(c, self.title.upper(), 0, base, fonts.BOLD, size)
        if self.right:
            avail = self.width - tw - 4 * mm
            f = fit(self.right, avail, size * 1.3, fonts.COND, kit.size["body"], 5, floor=5)
            c.setFillColor(kit.color["muted"])
            draw_runs(c, f.lines[0] if f.lines else "", tw + 4 * mm, base, fonts.COND, f.size, "right", avail)
        c.setStrokeColor(kit.color["accent"])
        c.setLineWidth(1.1)
        c.line(0, base - 1.3 * mm, self.width, base - 1.3 * mm)


MAX_TICKS = 300  # more boxes than any rule asks for (a 200-hull-point station): print the number instead


class TickTrack(Flowable):
    """A row (or rows) of numbered tick boxes, e.g. one per point of Health, grouped by fives.
    `per_row` caps the boxes in one row; otherwise as many as fit the width. A count above MAX_TICKS
    (a typo like 2000 hull points) prints as a sentence, so the sheet still fits its pages."""

    def __init__(self, kit: Kit, count: int, label: str = "", per_row: int | None = None,
                 box: float | None = None, group: int | None = None):
        super().__init__()
        self.group = kit.track_group if group is None else group  # 0: no grouping
        self.kit, self.count, self.label, self.per_row = kit, max(0, int(count)), label, per_row
        self.box = box or kit.track_box
        self.gap = kit.track_gap
        self.label_w = 0.0

    def _row_width(self, n: int) -> float:
        groups = (n - 1) // self.group if n and self.group else 0
        return n * self.box + max(0, n - 1) * self.gap + groups * self.gap * 2

    @property
    def too_many(self) -> bool:
        return self.count > MAX_TICKS

    def wrap(self, aw, ah):
        from reportlab.pdfbase.pdfmetrics import stringWidth
        self.label_w = stringWidth(self.label.upper(), fonts.COND_BOLD, self.kit.size["label"]) + 2 * mm if self.label else 0
        if self.too_many:
            self.width, self.height = aw, self.box
            return self.width, self.height
        avail = max(self.box, aw - self.label_w)
        n = self.per_row or self.count
        while n > 1 and self._row_width(n) > avail:
            n -= 1
        self.n_row = max(1, n)
        self.rows = max(1, -(-self.count // self.n_row)) if self.count else 1
        self.width = min(aw, self.label_w + self._row_width(min(self.count, self.n_row) or 1))
        self.height = self.rows * self.box + (self.rows - 1) * self.gap
        return self.width, self.height

    def draw(self):
        c, kit = self.canv, self.kit
        if self.label:
            c.setFillColor(kit.color["muted"])
            draw_runs(c, self.label.upper(), 0, self.height - self.box + self.box * 0.25, fonts.COND_BOLD,
                      kit.size["label"])
        if self.too_many:
            c.setFillColor(kit.color["ink"])
            draw_runs(c, f"{self.count}: too many to print as boxes; keep a tally", self.label_w,
                      self.box * 0.25, fonts.REGULAR, kit.size["label"] + 1)
            return
        # one path for all the boxes and one text block for all the numbers: a crew has ~150 boxes
        num_size = min(self.box * 0.48, 5.5)
        box, rects, numbers = self.box, [], []
        for i in range(self.count):
            row, col = divmod(i, self.n_row)
            x = self.label_w + col * (box + self.gap) + ((col // self.group) * self.gap * 2 if self.group else 0)
            y = self.height - (row + 1) * box - row * self.gap
            rects.append((x, y, box, box))
            label = str(i + 1)
            numbers.append((x + (box - stringWidth(label, fonts.COND, num_size)) / 2,
                            y + (box - num_size * 0.72) / 2, label))
        c.setStrokeColor(kit.color["ink"])
        c.setFillColor(kit.color.get("paper", kit.color["fill"]))
        c.setLineWidth(0.6)
        draw_rects(c, rects, stroke=True, fill=True)
        c.setFillColor(kit.color["rule"])
        draw_strings(c, fonts.COND, num_size, numbers)


class RuledLines(Flowable):
    """Writing lines for notes made in play."""

    def __init__(self, kit: Kit, lines: int, pitch: float = 6 * mm):
        super().__init__()
        self.kit, self.lines, self.pitch = kit, lines, pitch

    def wrap(self, aw, ah):
        # as many lines as the page has room for, up to `lines`: never pushed alone onto a new page
        self.width = aw
        self.height = min(self.lines, max(0, int(ah // self.pitch))) * self.pitch
        return aw, self.height

    def split(self, aw, ah):
        return []

    def draw(self):
        self.canv.setStrokeColor(self.kit.color["rule"])
        self.canv.setLineWidth(0.4)
        for i in range(int(round(self.height / self.pitch))):
            y = i * self.pitch
            self.canv.line(0, y, self.width, y)


class CheckBox(Flowable):
    """A small square, ticked or empty (e.g. the Robot column)."""

    def __init__(self, kit: Kit, checked: bool, size: float = 3.2 * mm):
        super().__init__()
        self.kit, self.checked, self.size = kit, checked, size
        self.width = self.height = size

    def wrap(self, aw, ah):
        return self.size, self.size

    def draw(self):
        c, s = self.canv, self.size
        c.setStrokeColor(self.kit.color["ink"])
        c.setLineWidth(0.6)
        c.rect(0, 0, s, s, stroke=1, fill=0)
        if self.checked:
            c.setLineWidth(1.1)
            c.setStrokeColor(self.kit.color["accent"])
            p = c.beginPath()
            p.moveTo(s * 0.18, s * 0.52)
            p.lineTo(s * 0.42, s * 0.22)
            p.lineTo(s * 0.85, s * 0.82)
            c.drawPath(p, stroke=1, fill=0)


class Columns(Flowable):
    """Lists of flowables side by side in columns of fixed widths, tops aligned, each flowable at its
    column's left edge (e.g. Captain and First Mate). Placed as a one-row platypus Table with no
    padding placed them, without the Table's style machinery; like that row, it does not split."""

    def __init__(self, columns: list[list[Flowable]], widths: list[float]):
        super().__init__()
        self.columns, self.widths = columns, widths
        self.width = sum(widths)

    def wrap(self, aw, ah):
        canv = getattr(self, "canv", None)  # set while platypus lays out; absent when wrap is called directly
        self._sizes = [[f.wrapOn(canv, w, ah) for f in col] for col, w in zip(self.columns, self.widths)]
        self.height = max((self._column_height(col, sizes) for col, sizes in zip(self.columns, self._sizes)),
                          default=0.0)
        return self.width, self.height

    @staticmethod
    def _column_height(col, sizes) -> float:
        if not col:
            return 0.0
        total = sum(h + f.getSpaceBefore() + f.getSpaceAfter() for f, (_, h) in zip(col, sizes))
        return total - col[0].getSpaceBefore() - col[-1].getSpaceAfter()

    def split(self, aw, ah):
        return []

    def draw(self):
        x = 0.0
        for col, sizes, w in zip(self.columns, self._sizes, self.widths):
            y = self.height + (col[0].getSpaceBefore() if col else 0.0)
            for f, (_, h) in zip(col, sizes):
                y -= f.getSpaceBefore() + h
                f.drawOn(self.canv, x, y)
                y -= f.getSpaceAfter()
            x += w


def two_columns(left: list, right: list, width: float, gap: float, split: float = 0.5) -> Table:
    """Two lists of flowables side by side: the left column takes `split` of the width less the gap.
    A one-row Table, so a column may hold flowables that split (unlike Columns, which does not)."""
    lw = (width - gap) * split
    grid = Table([[left, "", right]], colWidths=[lw, gap, width - gap - lw])
    grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                              ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return grid


def para(kit: Kit, text: object, style: str = "cell", multiline: bool = False, **kw) -> Paragraph:
    """A Paragraph of a user string: escaped and font-switched by text.markup()."""
    return Paragraph(markup(text, multiline), kit.pstyle(style, **kw))


def rich(kit: Kit, trusted_markup: str, style: str = "cell", **kw) -> Paragraph:
    """A Paragraph of markup the program wrote itself (user parts already passed through markup())."""
    return Paragraph(trusted_markup, kit.pstyle(style, **kw))


def column_widths(columns: list[dict], total: float) -> list[float]:
    share = sum(c["width"] for c in columns)
    return [total * c["width"] / share for c in columns]


def plain_cell(text: object, font: str, size: float, width: float) -> tuple[str, float] | None:
    """(string, its width) to draw as is (literally, fast) when it fits on one line in one font; None
    when it needs a Paragraph (wrapping or a fallback font)."""
    s = visual(one_line(text))
    parts = fonts.runs(s, font)
    if not parts:
        return "", 0.0
    if len(parts) > 1 or parts[0][0] != font:
        return None
    out = parts[0][1]
    w = stringWidth(out, font, size)
    return (out, w) if w <= width else None


def _text_colors(styles: list | None, n_cols: int) -> dict[tuple[int, int], object]:
    """(column, row) -> colour from ("TEXTCOLOR", (c0, r0), (c1, r1), colour) commands (rows count the
    header as row 0, as in a platypus TableStyle). Other commands are not supported."""
    out = {}
    for cmd in styles or []:
        if cmd[0] != "TEXTCOLOR":
            raise ValueError(f"house_table supports only TEXTCOLOR in extra_styles, not {cmd[0]}")
        (c0, r0), (c1, r1), color = cmd[1], cmd[2], cmd[3]
        c1 = c1 if c1 >= 0 else n_cols + c1
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                out[c, r] = color
    return out


def house_table(kit: Kit, columns: list[dict], rows: list[list], total_width: float,
                zebra: bool = True, extra_styles: list | None = None, head: bool = True) -> RowTable:
    """A table in the house style. `columns` come from a layout table; each row holds one cell per
    column: a str (user text: drawn as is when it fits one line, else an escaped, wrapping Paragraph),
    a Flowable, or None. `extra_styles` may colour cell text: ("TEXTCOLOR", (c0, r0), (c1, r1), colour),
    rows counted with the header as row 0."""
    from reportlab.lib.enums import TA_CENTER, TA_RIGHT
    aligns = [c.get("align", "left") for c in columns]
    enum = {"left": 0, "center": TA_CENTER, "right": TA_RIGHT}
    widths = column_widths(columns, total_width)
    size, label = kit.size["body"], kit.size["label"]
    bold_cols = {i for i, c in enumerate(columns) if c.get("font") in ("bold", "cond_bold")}
    colors = _text_colors(extra_styles, len(columns))
    first = 1 if head else 0
    head_row = None
    if head:
        head_row = []
        for c in columns:
            t = c["label"].upper()
            head_row.append(RText(t, fonts.COND_BOLD, stringWidth(t, fonts.COND_BOLD, label)))
    data = []
    for r, row in enumerate(rows, start=first):
        cells: list[Flowable | RText | None] = []
        for i, (cell, a) in enumerate(zip(row, aligns)):
            if cell is None or isinstance(cell, Flowable):
                cells.append(cell)
                continue
            cell = str(cell)  # a number from a rules pack (say, a die) prints as written
            font = fonts.COND_BOLD if i in bold_cols else fonts.COND
            plain = plain_cell(cell, font, size, widths[i] - 2 * PAD_X)
            if plain is not None:
                cells.append(RText(plain[0], font, plain[1], colors.get((i, r))))
            else:
                cells.append(para(kit, cell, "cell_bold" if i in bold_cols else "cell", alignment=enum[a]))
        data.append(cells)
    return RowTable(kit, widths, aligns, head_row, data, size, label, zebra)


class ProfileRow(Flowable):
    """A profile: one column per characteristic, the abbreviation and name over the value, boxed.
    Laid out as the platypus Table it replaces (paddings, middle alignment, grid), drawn as one text
    block and two paths. Values are program-made strings such as "+2" or "9/11", drawn literally."""

    PAD_X, HEAD_PAD, VALUE_PAD = 1.0, (1.4, 1.8), (2.4, 2.8)  # (top, bottom) paddings

    def __init__(self, kit: Kit, heads: list[tuple[str, str]], values: list[str], width: float, size: float):
        super().__init__()
        self.kit, self.values, self.width, self.size = kit, list(values), width, size
        label, accent, muted = kit.size["label"], kit.color["accent"], kit.color["muted"]
        self.heads = [TextBlock([spans(a, fonts.COND_BOLD, label, accent) +
                                 spans(f" {n.upper()}", fonts.COND_BOLD, label - 0.5, muted)], label * 1.2, "center")
                      for a, n in heads]

    def wrap(self, aw, ah):
        cw = self.width / max(1, len(self.values))
        hh = max((b.wrap(cw - 2 * self.PAD_X, ah)[1] for b in self.heads), default=0.0)
        self.head_h = hh + sum(self.HEAD_PAD)
        self.value_h = self.size * 1.15 + sum(self.VALUE_PAD)
        self.height = self.head_h + self.value_h
        return self.width, self.height

    def draw(self):
        c, kit = self.canv, self.kit
        n = len(self.values)
        cw = self.width / max(1, n)
        vh, hh = self.value_h, self.head_h
        c.saveState()
        c.setFillColor(kit.color["fill"])
        draw_rects(c, [(0, vh, self.width, hh)], stroke=False, fill=True)
        pieces = []
        top_pad, bottom_pad = self.HEAD_PAD
        for i, b in enumerate(self.heads):
            bottom = vh + (hh + bottom_pad - top_pad + b.height) / 2 - b.height
            pieces += b.pieces(i * cw + self.PAD_X, bottom + b.height)
        top_pad, bottom_pad = self.VALUE_PAD
        y = (bottom_pad + vh - top_pad + self.size * 1.15) / 2 - self.size
        ink = kit.color["ink"]
        for i, v in enumerate(self.values):
            pieces.append((i * cw + (cw - text_width(v, fonts.BOLD, self.size)) / 2, y, v, fonts.BOLD, self.size, ink, 0.0))
        draw_pieces(c, pieces)
        c.setLineCap(1)
        c.setStrokeColor(kit.color["rule"])
        c.setLineWidth(0.4)
        draw_lines(c, [(i * cw, 0, i * cw, self.height) for i in range(1, n)] + [(0, vh, self.width, vh)])
        c.setStrokeColor(ink)
        c.setLineWidth(0.8)
        draw_rects(c, [(0, 0, self.width, self.height)])
        c.restoreState()


def profile_table(kit: Kit, heads: list[tuple[str, str]], values: list[str], total_width: float,
                  value_size: float | None = None) -> ProfileRow:
    """A profile row (ProfileRow); values longer than four characters get a smaller type size."""
    size = value_size or kit.size["value"]
    longest = max((len(v) for v in values), default=1)
    if longest > 4:
        size = size * 4.5 / (longest + 0.5)
    return ProfileRow(kit, heads, values, total_width, size)


class Card(Flowable):
    """A cut-out reference card of fixed size: dashed cut line, title, a meta block, body text,
    a footnote. Text shrinks (down to 5 pt) until it fits the card.

    `meta` is lines of (text, bold, muted) parts (a part's leading or trailing space is kept: it
    separates it from the next part); `body` is user text (newlines kept), `foot` one line. All are
    drawn as spans (spans.py): no markup, nothing to escape."""

    def __init__(self, kit: Kit, width: float, height: float, title: str,
                 meta: list[list[tuple[str, bool, bool]]], body: str, foot: str = ""):
        super().__init__()
        self.kit, self.width, self.height = kit, width, height
        self.title, self.meta, self.body, self.foot = title, meta, body, foot
        self.body_size = None

    def wrap(self, aw, ah):
        return self.width, self.height

    def _parts(self, size: float):
        kit = self.kit
        ink, muted = kit.color["ink"], kit.color["muted"]
        ms = size * 0.95
        meta = TextBlock([[sp for text, bold, dim in line
                           for sp in spans(text, fonts.COND_BOLD if bold else fonts.COND, ms, muted if dim else ink)]
                          for line in self.meta], size * 1.2)
        body = TextBlock([spans(line, fonts.REGULAR, size, ink) for line in str(self.body).split("\n")],
                         size * 1.28)
        foot = TextBlock([spans(self.foot, fonts.COND, size * 0.85, muted)], size * 1.1) if self.foot else None
        return meta, body, foot

    def draw(self):
        c, kit = self.canv, self.kit
        pad = 2.4 * mm
        inner_w = self.width - 2 * pad
        c.saveState()
        c.setDash(2, 2)
        c.setStrokeColor(kit.color["rule"])
        c.setLineWidth(0.5)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        c.restoreState()
        # title band
        band = 6.2 * mm
        c.setFillColor(kit.color["accent"])
        c.rect(0.6, self.height - band - 0.6, self.width - 1.2, band, stroke=0, fill=1)
        tf = fit(self.title, inner_w, band - 1.2 * mm, fonts.BOLD, kit.size["section"], 5.5, floor=4.5)
        c.setFillColorRGB(1, 1, 1)
        draw_fit(c, tf, pad, self.height - 0.6 - 0.6 * mm, inner_w, band - 1.2 * mm)
        avail = self.height - band - 2 * pad
        size = kit.size["body"]
        while True:
            meta, body, foot = self._parts(size)
            hm = meta.wrap(inner_w, avail)[1]
            hb = body.wrap(inner_w, avail)[1]
            hf = foot.wrap(inner_w, avail)[1] if foot else 0
            total = hm + 1.2 * mm + hb + (hf + 1.2 * mm if foot else 0)
            if total <= avail or size <= 5:
                break
            size -= 0.25
        self.body_size = size
        top = self.height - band - pad
        pieces = meta.pieces(pad, top) + body.pieces(pad, top - hm - 1.2 * mm)
        if foot:
            pieces += foot.pieces(pad, pad + hf)
        c.saveState()
        draw_pieces(c, pieces)
        c.restoreState()


class CardRow(Flowable):
    """A row of cards `gap` apart with `gap` below (a page of cards is rows that flow and break
    between rows)."""

    def __init__(self, cards: list[Card], gap: float):
        super().__init__()
        self.cards, self.gap = cards, gap
        self.width = sum(c.width for c in cards) + gap * max(0, len(cards) - 1)
        self.height = max((c.height for c in cards), default=0.0) + gap
        self.hAlign = "LEFT"

    def wrap(self, aw, ah):
        return self.width, self.height

    def draw(self):
        x = 0.0
        for card in self.cards:
            card.drawOn(self.canv, x, self.gap)
            x += card.width + self.gap


class Portrait(Flowable):
    """A document's picture in a thin frame, scaled to fit its box (its proportions kept), centred."""

    def __init__(self, kit: Kit, raw: bytes, size: tuple[int, int], width: float, height: float):
        super().__init__()
        self.kit, self.raw, self.size = kit, raw, size
        self.width, self.height = width, height

    def wrap(self, aw, ah):
        return self.width, self.height

    def draw(self):
        import io
        from reportlab.lib.utils import ImageReader
        c, kit = self.canv, self.kit
        pw, ph = self.size
        scale = min((self.width - 2) / pw, (self.height - 2) / ph)
        w, h = pw * scale, ph * scale
        c.drawImage(ImageReader(io.BytesIO(self.raw)), (self.width - w) / 2, (self.height - h) / 2, w, h, mask="auto")
        c.setStrokeColor(kit.color["rule"])
        c.setLineWidth(0.6)
        c.roundRect(0, 0, self.width, self.height, 1.2 * mm, stroke=1, fill=0)


def portrait_box(kit: Kit, part, height: float, max_width: float | None = None) -> Portrait | None:
    """The stored portrait (model/portrait.py checks it is what it says) in a box `height` tall, as wide as
    its proportions ask within 0.6 to 1.5 times the height; None when there is none or it is not readable."""
    from ..portrait import stored_picture
    found = stored_picture(part)
    if found is None:
        return None
    raw, pw, ph = found
    width = min(max(height * pw / ph, 0.6 * height), 1.5 * height)
    if max_width is not None:
        width = min(width, max_width)
    return Portrait(kit, raw, (pw, ph), width, height)


def portrait_beside(kit: Kit, header: Flowable, part) -> Flowable:
    """`header` with the portrait at its right, as tall as the header (at least 24 mm)."""
    if part is None:
        return header
    height = max(getattr(header, "height", 0) or 0, 24 * mm)
    box = portrait_box(kit, part, height)
    if box is None:
        return header
    gap = 3 * mm
    grid = Table([[header, "", box]], colWidths=[kit.frame_width - box.width - gap, gap, box.width])
    grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                              ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return grid
