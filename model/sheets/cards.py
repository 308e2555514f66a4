"""Cards to carry to the table as PDF: `export_cards(deck, options) -> bytes`.

A deck (model/cards) is drawn on a grid of standard cards (63 × 88 mm, three by three) centred on
A4 or Letter, with crop marks where the cuts go. Each card stacks its layout's blocks from the top
(title band, profile row, fields, lists, tables, paragraphs); a block marked `bottom` and those after
it sit at the card's foot (tick rows), and a small line under every card says whose it is and whether
it is legal. When the content does not fit, the whole card is set smaller (down to 60 %); what still does
not fit above the tick rows is left out, with a line saying the sheet shows it all, and the card is clipped
to its own edge, so it never runs into its neighbour. On a blank deck the same blocks leave room:
empty boxes, ruled lines, empty table rows and tick rows, for pencil.

Drawn straight on a canvas (no platypus story): a page is nine fixed boxes. Text goes through
spans (visual order, font runs, no markup), rectangles and lines in batches (ops.py).
"""

from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from . import fonts
from .ops import draw_lines, draw_pieces, draw_rects
from .options import SheetOptions
from .page import PAGE_SIZES
from .spans import TextBlock, spans, text_width
from .text import minus

MIN_SCALE = 0.6
SOURCE_LINES = 2       # the line under each card: at most two lines before a long name is shortened
SOURCE_NAME_MIN = 12   # characters of a long name the line under each card keeps before its "…"
MAX_BOXES = 300  # a typo-sized count prints as a number, not a page of boxes


class _Pen:
    """What one card draws, collected so a card is a few batched operations."""

    def __init__(self):
        self.pieces: list = []        # text, in reading order
        self.fills: dict = {}         # colour -> rectangles
        self.strokes: dict = {}       # (colour, width) -> rectangles
        self.lines: dict = {}         # (colour, width) -> segments
        self.images: list = []        # (encoded bytes, x, y, w, h): a document's portrait

    def text(self, block: TextBlock, x: float, top: float) -> None:
        self.pieces += block.pieces(x, top)

    def fill(self, color, rect) -> None:
        self.fills.setdefault(color, []).append(rect)

    def box(self, color, width: float, rect) -> None:
        self.strokes.setdefault((color, width), []).append(rect)

    def line(self, color, width: float, seg) -> None:
        self.lines.setdefault((color, width), []).append(seg)

    def image(self, raw: bytes, rect) -> None:
        self.images.append((raw, *rect))

    def keep_above(self, limit: float) -> None:
        """Drop whatever reaches below `limit` (text by its descent, rectangles, lines and pictures whole)."""
        self.pieces = [p for p in self.pieces if p[1] - 0.25 * p[4] >= limit]
        for group in (self.fills, self.strokes):
            for key, rects in group.items():
                group[key] = [r for r in rects if r[1] >= limit]
        for key, segs in self.lines.items():
            self.lines[key] = [sg for sg in segs if min(sg[1], sg[3]) >= limit]
        self.images = [im for im in self.images if im[2] >= limit]

    def merge(self, other: _Pen) -> None:
        self.pieces += other.pieces
        for mine, theirs in ((self.fills, other.fills), (self.strokes, other.strokes), (self.lines, other.lines)):
            for key, items in theirs.items():
                mine.setdefault(key, []).extend(items)
        self.images += other.images

    def flush(self, c: Canvas) -> None:
        for color, rects in self.fills.items():
            c.setFillColor(color)
            draw_rects(c, rects, stroke=False, fill=True)
        if self.images:
            from reportlab.lib.utils import ImageReader
            for raw, x, y, w, h in self.images:
                c.drawImage(ImageReader(io.BytesIO(raw)), x, y, w, h, mask="auto")
        for (color, w), rects in self.strokes.items():
            c.setStrokeColor(color)
            c.setLineWidth(w)
            draw_rects(c, rects)
        for (color, w), segs in self.lines.items():
            c.setStrokeColor(color)
            c.setLineWidth(w)
            draw_lines(c, segs)
        draw_pieces(c, self.pieces)


class CardPainter:
    """Draws cards of one layout at a scale; every block is (height, draw(pen, x, top))."""

    def __init__(self, layout: dict, blank: bool, source: str, name: str = ""):
        st = layout["style"]
        self.layout, self.blank, self.source = layout, blank, source
        self.source_name = name          # how the source line begins (the document's name), to be shortened
        self._source_block: TextBlock | None = None
        self.color = {k: colors.HexColor(v) for k, v in st["colors"].items()}
        self.white = colors.white
        self.base = dict(st["sizes"])
        cd = layout["card"]
        self.w, self.h = cd["width_mm"] * mm, cd["height_mm"] * mm
        self.pad = cd["pad_mm"] * mm

    # ---- text helpers ----------------------------------------------------------------------------
    def para(self, parts: list[tuple[str, str, float, object]], width: float, leading: float,
             align: str = "left") -> TextBlock:
        """One paragraph of (text, font, size, colour) parts, wrapped to `width`."""
        line = [sp for text, font, size, color in parts for sp in spans(text, font, size, color)]
        b = TextBlock([line], leading, align)
        b.wrap(width, 1e6)
        return b

    # ---- blocks ----------------------------------------------------------------------------------
    def b_title(self, block, values, W):
        z = self.size
        name, sub = values.get(block["bind"], ""), values.get(block.get("sub", ""), "")
        band_pad = 1.1 * mm
        pic = None if self.blank else self._portrait(values.get("portrait"))
        TW = W - pic[1] - 1.5 * mm if pic is not None else W   # the title leaves room for the picture at its right
        if self.blank:
            t = self.para([("NAME", fonts.COND_BOLD, z["label"], self.color["muted"])], W, z["label"] * 1.2)
            u = self.para([("TYPE", fonts.COND_BOLD, z["label"], self.color["muted"])], W, z["label"] * 1.2)
            h = z["title"] * 1.5 + z["sub"] * 1.6 + 2 * band_pad
        else:
            t = self.para([(name or " ", fonts.BOLD, z["title"], self.white)], TW, z["title"] * 1.15)
            u = self.para([(sub, fonts.COND, z["sub"], self.white)], TW, z["sub"] * 1.15) if sub else None
            h = t.height + (u.height if u else 0) + 2 * band_pad + 0.4 * mm

        def draw(pen, x, top):
            bx, bw = x - self.pad + 0.8, W + 2 * self.pad - 1.6
            if self.blank:
                pen.box(self.color["accent"], 0.6, (bx, top - h, bw, h))
                pen.text(t, x, top - band_pad)
                pen.text(u, x, top - band_pad - z["title"] * 1.5)
                pen.line(self.color["rule"], 0.4, (x + 10 * mm, top - band_pad - z["title"] * 1.2, x + W,
                                                  top - band_pad - z["title"] * 1.2))
                pen.line(self.color["rule"], 0.4, (x + 10 * mm, top - h + band_pad + 0.6 * mm, x + W,
                                                  top - h + band_pad + 0.6 * mm))
                return
            pen.fill(self.color["accent"], (bx, top - h, bw, h))
            if pic is not None:
                raw, pw, ph = pic
                pen.image(raw, (bx + bw - pw - 0.8 * mm, top - h + (h - ph) / 2, pw, ph))
            pen.text(t, x, top - band_pad)
            if u:
                pen.text(u, x, top - band_pad - t.height - 0.4 * mm)
        if pic is not None and h < pic[2] + 1.6 * mm:
            h = pic[2] + 1.6 * mm
        return h, draw

    def _portrait(self, part) -> tuple[bytes, float, float] | None:
        """(bytes, width, height) of a stored portrait drawn in the title band, 12 mm tall at full size."""
        from ..portrait import stored_picture
        found = stored_picture(part)
        if found is None:
            return None
        raw, pw, ph = found
        height = 12 * mm * self.scale
        width = min(max(height * pw / ph, 0.6 * height), 1.5 * height)
        scale = min(width / pw, height / ph)
        return raw, pw * scale, ph * scale

    def _boxes_row(self, heads: list[str], values: list[str], W, value_font=fonts.BOLD):
        """A row of labelled boxes: heads in the fill colour over values (profile, blank fields)."""
        z = self.size
        n = max(1, len(heads))
        cw = W / n
        head_h = z["label"] * 1.5
        val_h = z["value"] * 1.45 if not self.blank else z["value"] * 2.0
        head_blocks = [self.para([(hd, fonts.COND_BOLD, z["label"], self.color["muted"])], cw - 1, z["label"] * 1.2, "center")
                       for hd in heads]
        head_h = max([head_h] + [b.height + z["label"] * 0.5 for b in head_blocks])
        vals = []
        for v in values:
            v, size = minus(v), z["value"]     # measured as drawn: a true minus sign is wider than a hyphen
            while size > 4 and text_width(v, value_font, size) > cw - 2:
                size -= 0.25
            vals.append(self.para([(v, value_font, size, self.color["ink"])], cw, z["value"] * 1.2, "center"))
        h = head_h + val_h

        def draw(pen, x, top):
            pen.fill(self.color["fill"], (x, top - head_h, W, head_h))
            for i, b in enumerate(head_blocks):
                pen.text(b, x + i * cw + 0.5, top - (head_h - b.height) / 2 + z["label"] * 0.05)
            for i, b in enumerate(vals):
                pen.text(b, x + i * cw, top - head_h - (val_h - z["value"] * 1.0) / 2 + 0.2)
            pen.line(self.color["rule"], 0.4, (x, top - head_h, x + W, top - head_h))
            for i in range(1, n):
                pen.line(self.color["rule"], 0.4, (x + i * cw, top, x + i * cw, top - h))
            pen.box(self.color["ink"], 0.7, (x, top - h, W, h))
        return h, draw

    def b_profile(self, block, values, W):
        p = values.get(block["bind"]) or {}
        heads = [hd[0] for hd in p.get("heads", [])]
        if not heads:
            return None
        h1, d1 = self._boxes_row(heads, [str(v) for v in p.get("values", [])], W)
        legend = self.para([(p.get("legend", ""), fonts.COND, self.size["small"], self.color["muted"])], W,
                           self.size["small"] * 1.15)

        def draw(pen, x, top):
            d1(pen, x, top)
            pen.text(legend, x, top - h1 - 0.6 * mm)
        return h1 + 0.6 * mm + legend.height, draw

    def _ruled(self, label: str, n: int, W):
        """A label over `n` lines to write on."""
        z = self.size
        pitch = max(z["body"] * 1.7, 3.6 * mm * self.scale)
        lab = self.para([(label.upper(), fonts.COND_BOLD, z["label"], self.color["muted"])], W, z["label"] * 1.2) if label else None
        lh = lab.height if lab else 0.0
        h = lh + n * pitch

        def draw(pen, x, top):
            if lab:
                pen.text(lab, x, top)
            for i in range(1, n + 1):
                y = top - lh - i * pitch + 0.5
                pen.line(self.color["rule"], 0.4, (x, y, x + W, y))
        return h, draw

    def b_fields(self, block, values, W):
        pairs = values.get(block["bind"]) or []
        if self.blank:
            if pairs:
                return self._boxes_row([str(a).upper() for a, _ in pairs], ["" for _ in pairs], W)
            n = block.get("blank_lines", 0)
            return self._ruled(block.get("label", ""), n, W) if n else None
        if not pairs:
            return None
        z = self.size
        parts = []
        if block.get("label"):
            parts.append((block["label"].upper() + "  ", fonts.COND_BOLD, z["label"], self.color["muted"]))
        for k, (a, b) in enumerate(pairs):
            parts += [(("   " if k else "") + str(a).upper() + " ", fonts.COND_BOLD, z["label"], self.color["muted"]),
                      (minus(str(b)), fonts.COND_BOLD, z["body"], self.color["ink"])]
        t = self.para(parts, W, z["body"] * 1.25)
        return t.height, lambda pen, x, top: pen.text(t, x, top)

    def b_list(self, block, values, W):
        items = values.get(block["bind"]) or []
        if self.blank:
            n = block.get("blank_lines", 0)
            return self._ruled(block.get("label", ""), n, W) if n or block.get("label") else None
        if not items:
            return None
        z = self.size
        t = self.para([(block.get("label", "").upper() + "  ", fonts.COND_BOLD, z["label"], self.color["muted"]),
                       (", ".join(str(i) for i in items), fonts.COND, z["body"], self.color["ink"])], W, z["body"] * 1.22)
        return t.height, lambda pen, x, top: pen.text(t, x, top)

    def b_text(self, block, values, W):
        v = values.get(block["bind"]) or ""
        if self.blank:
            n = block.get("blank_lines", 0)
            return self._ruled(block.get("label", ""), n, W) if n else None
        if not v:
            return None
        z = self.size
        parts = [(block["label"].upper() + "  ", fonts.COND_BOLD, z["label"], self.color["muted"])] if block.get("label") else []
        small = block.get("bottom")
        paras = []
        for k, line in enumerate(str(v).split("\n")):
            paras.append([sp for text, font, size, color in (parts if k == 0 else []) + [
                (line, fonts.COND if small else fonts.REGULAR, z["small"] if small else z["body"],
                 self.color["muted"] if small else self.color["ink"])] for sp in spans(text, font, size, color)])
        t = TextBlock(paras, (z["small"] if small else z["body"]) * 1.28)
        t.wrap(W, 1e6)
        return t.height, lambda pen, x, top: pen.text(t, x, top)

    def b_table(self, block, values, W):
        rows = values.get(block["bind"]) or []
        cols = block["columns"]
        n_rows = block.get("blank_rows", 0) if self.blank else len(rows)
        if not n_rows:
            return None
        z = self.size
        share = sum(c["width"] for c in cols)
        widths = [W * c["width"] / share for c in cols]
        cp = 0.8 * mm
        head = [self.para([(c["label"].upper(), fonts.COND_BOLD, z["label"], self.color["muted"])], w - 2 * cp,
                          z["label"] * 1.2, c.get("align", "left")) for c, w in zip(cols, widths)]
        head_h = max(b.height for b in head) + 1.0 * mm
        body_rows = []
        for r in (rows if not self.blank else [[""] * len(cols)] * n_rows):
            cells = []
            for j, (c, w) in enumerate(zip(cols, widths)):
                text = str(r[j]) if j < len(r) else ""
                font = fonts.COND_BOLD if j == 0 else fonts.COND
                size = z["body"]
                while j and size > 4 and text_width(text, font, size) > w - 2 * cp:
                    size -= 0.25  # numbers and codes shrink rather than wrap
                cells.append(self.para([(minus(text) if j else text, font, size, self.color["ink"])], w - 2 * cp,
                                       z["body"] * 1.15, c.get("align", "left")))
            rh = max(max(b.height for b in cells), z["body"] * 1.15) + (0.9 * mm if not self.blank else 2.4 * mm)
            body_rows.append((rh, cells))
        h = head_h + sum(rh for rh, _ in body_rows)

        def draw(pen, x, top):
            pen.fill(self.color["fill"], (x, top - head_h, W, head_h))
            cx = x
            for b, w in zip(head, widths):
                pen.text(b, cx + cp, top - 0.5 * mm)
                cx += w
            y = top - head_h
            for rh, cells in body_rows:
                cx = x
                for b, w in zip(cells, widths):
                    pen.text(b, cx + cp, y - (rh - b.height) / 2)
                    cx += w
                y -= rh
                pen.line(self.color["rule"], 0.35, (x, y, x + W, y))
            if self.blank:
                cx = x
                for w in widths[:-1]:
                    cx += w
                    pen.line(self.color["rule"], 0.35, (cx, top - head_h, cx, top - h))
        return h, draw

    def _ticks(self, label: str, count: int | None, W, label_w: float | None = None, blank_boxes: int = 20,
               tally: bool = False):
        """A label and a row (or rows) of tick boxes, grouped by fives (`tally`: boxes to count on, no number)."""
        z = self.size
        lab_text = label.upper() + (f" {count}" if count is not None and not self.blank and not tally else "")
        lw = label_w if label_w is not None else text_width(lab_text, fonts.COND_BOLD, z["label"]) + 1.5 * mm
        lab = self.para([(lab_text, fonts.COND_BOLD, z["label"], self.color["muted"])], lw, z["label"] * 1.2)
        n = (count if isinstance(count, int) else blank_boxes) if self.blank else count  # blank: room to tick
        if n is None:
            note = self.para([("not set", fonts.COND, z["small"], self.color["alert"])], W - lw, z["small"] * 1.2)
            return max(lab.height, note.height), lambda pen, x, top: (pen.text(lab, x, top), pen.text(note, x + lw, top))
        if n > MAX_BOXES:
            note = self.para([(f"{n}: keep a tally", fonts.COND, z["small"], self.color["ink"])], W - lw, z["small"] * 1.2)
            return max(lab.height, note.height), lambda pen, x, top: (pen.text(lab, x, top), pen.text(note, x + lw, top))
        avail = W - lw
        box = 3.0 * mm * self.scale
        gap = 0.45 * mm * self.scale
        while True:
            per = max(1, int((avail + gap) // (box + gap + 2 * gap / 5)))
            per = per // 5 * 5 or per  # whole fives in a row, so ticks are counted at a glance
            rows = max(1, -(-n // per)) if n else 1
            if rows <= 4 or box <= 1.8 * mm:
                break
            box -= 0.1 * mm
        h = max(lab.height, rows * box + (rows - 1) * gap)

        def draw(pen, x, top):
            pen.text(lab, x, top - max(0.0, (box - z["label"]) / 2) + 0.3)
            for i in range(n):
                r, col = divmod(i, per)
                bx = x + lw + col * (box + gap) + (col // 5) * gap * 2
                pen.box(self.color["ink"], 0.5, (bx, top - (r + 1) * box - r * gap, box, box))
        return h, draw

    def b_track(self, block, values, W):
        v = values.get(block["bind"])
        return self._ticks(block.get("label", ""), v if isinstance(v, int) else None, W,
                           blank_boxes=block.get("blank_boxes", 20))

    def b_tracks(self, block, values, W):
        tracks = values.get(block["bind"]) or []
        if not tracks:
            return None
        z = self.size
        # a third item "tally" marks boxes to count on (uses of a power, speed) whose number is not a limit
        lw = max(text_width(f"{str(t[0]).upper()} {'' if self.blank or t[1] is None or len(t) > 2 else t[1]}",
                            fonts.COND_BOLD, z["label"]) for t in tracks) + 1.5 * mm
        lw = min(lw, W * 0.3)
        parts = [self._ticks(str(t[0]), t[1] if isinstance(t[1], int) else None, W, lw, block.get("blank_boxes", 20),
                             tally=len(t) > 2) for t in tracks]
        gap = 1.0 * mm
        h = sum(p[0] for p in parts) + gap * (len(parts) - 1)

        def draw(pen, x, top):
            y = top
            for ph, d in parts:
                d(pen, x, y)
                y -= ph + gap
        return h, draw

    # ---- a card ----------------------------------------------------------------------------------
    def measure(self, card_type: str, values: dict, scale: float):
        self.scale = scale
        self.size = {k: v * scale for k, v in self.base.items()}
        W = self.w - 2 * self.pad
        top: list[tuple[float, object]] = []   # (height, what draws it)
        bottom: list[tuple[float, object]] = []
        target = top
        for block in self.layout["cards"][card_type]["blocks"]:
            if block.get("bottom"):
                target = bottom
            part = getattr(self, f"b_{block['type']}")(block, values, W)
            if part is not None:
                target.append(part)
        return top, bottom

    def draw(self, pen: _Pen, x0: float, y0: float, card_type: str, values: dict) -> float:
        """Draw one card with its lower-left corner at (x0, y0); returns the scale it was set at."""
        gap = 1.6 * mm
        src = self.source_line()
        src_h = src.height         # kept free at the foot: the blocks above never run into it
        scale = 1.0
        while True:
            top, bottom = self.measure(card_type, values, scale)
            used = sum(h for h, _ in top + bottom) + gap * max(0, len(top) - 1) + gap * len(bottom) + src_h
            avail = self.h - 2 * self.pad + 0.8 * mm  # the title band starts at the card's edge
            if used <= avail or scale <= MIN_SCALE:
                break
            scale = round(scale - 0.05, 2)
        x = x0 + self.pad
        y = y0 + self.h - 0.8
        upper = _Pen()
        for i, (h, d) in enumerate(top):
            d(upper, x, y)
            y -= h + (gap if i else gap * 1.2)
        yb = y0 + self.pad + src_h + gap * 0.5 + sum(h for h, _ in bottom) + gap * max(0, len(bottom) - 1)
        if y + gap < yb + gap:      # still overfull at the smallest scale: cut the upper blocks above the lower
            self._cut(upper, x, yb + gap)
        pen.merge(upper)
        self.notes(pen, x, y + gap, yb + gap)
        for h, d in bottom:
            d(pen, x, yb)
            yb -= h + gap
        pen.pieces += src.pieces(x, y0 + self.pad * 0.6 + src.height)
        return scale

    def _cut(self, upper: _Pen, x: float, floor: float) -> None:
        """Leave out what the upper blocks would draw below `floor` (over the tick rows and the line under the
        card), and say so on the card's last line above them."""
        words = self.para([("More than a card holds: the sheet shows it all.", fonts.COND, self.base["small"] * 0.9,
                            self.color["muted"])], self.w - 2 * self.pad, self.base["small"] * 1.2)
        limit = floor + words.height + 0.6 * mm
        upper.keep_above(limit)
        upper.text(words, x, limit - 0.3 * mm)

    def source_line(self) -> TextBlock:
        """The small line under every card (whose it is, house rules, NOT LEGAL): one line, a little smaller when
        it is long, two when it must be (their height kept free), and beyond that its name shortened with "…"
        (the title band or the sheet shows it whole); what follows the name is always printed, wrapped only when
        it alone is wider than two lines."""
        if self._source_block is None:
            W, leading = self.w - 2 * self.pad, self.base["small"] * 1.3

            def block(text: str, size: float) -> TextBlock:
                return self.para([(text, fonts.COND, size, self.color["muted"])], W, leading)
            size = self.base["small"] * 0.95
            found = block(self.source, size)
            if len(found.lines) > 1:
                size *= 0.88
                found = block(self.source, size)
            head = " ".join(self.source_name.split())
            if len(found.lines) > SOURCE_LINES and len(head) > SOURCE_NAME_MIN and self.source.startswith(head):
                tail = self.source[len(head):]
                lo, hi = SOURCE_NAME_MIN, len(head) - 1      # the longest start of the name that fits
                found = block(head[:lo].rstrip() + "…" + tail, size)
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    b = block(head[:mid].rstrip() + "…" + tail, size)
                    if len(b.lines) <= SOURCE_LINES:
                        lo, found = mid, b
                    else:
                        hi = mid - 1
            self._source_block = found
        return self._source_block


    def notes(self, pen: _Pen, x: float, top: float, bottom: float) -> None:
        """Lines to write on in the room left between the blocks (conditions, wounds, finds)."""
        z, W = self.base, self.w - 2 * self.pad
        pitch = 4.2 * mm
        n = int((top - bottom - z["label"] * 1.4 - 1.5 * mm) // pitch)
        if n < 2:
            return
        lab = self.para([("NOTES", fonts.COND_BOLD, z["label"], self.color["rule"])], W, z["label"] * 1.2)
        pen.text(lab, x, top - 1.0 * mm)
        for i in range(1, n + 1):
            y = top - 1.0 * mm - lab.height - i * pitch + 1.0 * mm
            pen.line(self.color["fill"], 0.5, (x, y, x + W, y))


def _crop_marks(c: Canvas, x0: float, y0: float, cols: int, rows: int, w: float, h: float, length: float) -> None:
    off = 1.0 * mm
    segs = []
    top, right = y0 + rows * h, x0 + cols * w
    for i in range(cols + 1):
        x = x0 + i * w
        segs += [(x, top + off, x, top + off + length), (x, y0 - off, x, y0 - off - length)]
    for j in range(rows + 1):
        y = y0 + j * h
        segs += [(x0 - off, y, x0 - off - length, y), (right + off, y, right + off + length, y)]
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.3)
    draw_lines(c, segs)


def export_cards(deck, options: SheetOptions | None = None) -> bytes:
    """The cards of a model.cards.Deck as PDF bytes, nine (the layout's columns × rows) to a page."""
    options = options or SheetOptions()
    fonts.register()
    buf = io.BytesIO()
    # zlib-compressed page streams without ASCII85 on top (as the sheet does, page.build_pdf): smaller, and
    # a third of the export time saved. Set for this build only.
    a85, rl_config.useA85 = rl_config.useA85, 0
    try:
        _paint(deck, options, buf)
    finally:
        rl_config.useA85 = a85
    return buf.getvalue()


def _paint(deck, options: SheetOptions, buf) -> None:
    layout = deck.layout
    cd = layout["card"]
    painter = CardPainter(layout, deck.blank, deck.source, deck.name)
    pw, ph = PAGE_SIZES[options.paper]
    cols, rows = cd["columns"], cd["rows"]
    w, h = painter.w, painter.h
    x0, y0 = (pw - cols * w) / 2, (ph - rows * h) / 2  # the grid centred on the page
    c = Canvas(buf, pagesize=(pw, ph), invariant=1 if options.invariant else 0, pageCompression=1,
               initialFontName=fonts.REGULAR)  # type: ignore[arg-type]  # a font name: types-reportlab says a number
    what = "blank cards" if deck.blank else "cards"
    c.setTitle(f"{deck.name or deck.kind_title} - {deck.kind_title} {what}")
    c.setAuthor("Starwright")
    c.setSubject(layout["title"])
    c.setCreator(f"Starwright {__version__}")
    per_page = cols * rows
    cards = deck.cards or []
    for start in range(0, max(1, len(cards)), per_page):
        page = cards[start:start + per_page]
        used = max(1, -(-len(page) // cols))  # rows with cards on this page
        _crop_marks(c, x0, y0 + (rows - used) * h, cols, used, w, h, cd["crop_mm"] * mm)
        for k, card in enumerate(page):
            r, col = divmod(k, cols)
            cx, cy = x0 + col * w, y0 + (rows - 1 - r) * h
            c.saveState()
            c.setStrokeColor(painter.color["rule"])
            c.setLineWidth(0.4)
            c.rect(cx, cy, w, h, stroke=1, fill=0)
            p = c.beginPath()
            p.rect(cx, cy, w, h)
            c.clipPath(p, stroke=0, fill=0)  # an overfull card never runs into its neighbour
            pen = _Pen()
            painter.draw(pen, cx, cy, card.type, card.values)
            pen.flush(c)
            c.restoreState()
        c.showPage()
    c.save()


def tracker_pdf(data: dict, result, options: SheetOptions | None = None) -> bytes:
    """The play tracker cards of an evaluated document (model/cards/tracker.py) as PDF bytes."""
    from ..cards import CardError
    from ..cards.tracker import tracker_deck
    from .layout import SheetError
    try:
        dk = tracker_deck(data, result)
    except CardError as e:
        raise SheetError(str(e)) from None
    return export_cards(dk, options)


def cards_pdf(data: dict, result, options: SheetOptions | None = None, blank: bool = False) -> bytes:
    """The cards (or, with `blank`, the page of blank cards) of an evaluated document as PDF bytes.
    Raises SheetError with a sentence when there are none to make."""
    from ..cards import CardError, blank_deck_for, deck
    from .layout import SheetError
    try:
        dk = blank_deck_for(data, result) if blank else deck(data, result)
    except CardError as e:
        raise SheetError(str(e)) from None
    return export_cards(dk, options)
