"""RowTable: the house-style table (soldiers, powers, items, equipment...) drawn row by row.

It replaces a platypus Table, whose per-cell style commands and per-string text objects were a third
of a crew sheet's export time. It lays out exactly as that Table did (same paddings, row heights,
vertical centring, zebra rows, rules under rows, header repeated when it splits across pages), but
draws all one-line strings of a font and colour as one text block, all zebra fills as one path and
all rules as one path (ops.py). Cells that need more than one line are Flowables (Paragraphs) and
are wrapped and drawn as platypus does.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.platypus import Flowable

from .ops import draw_lines, draw_rects, draw_strings

PAD_X, PAD_TOP, PAD_BOTTOM, HEAD_PAD_BOTTOM = 2.2, 1.6, 2.0, 1.4


@dataclass(frozen=True)
class Text:
    """A one-line cell string, already in visual order, drawable in `font`, `width` points wide."""
    text: str
    font: str
    width: float
    color: object = None  # None: the table's ink (the header's muted colour in the header row)


class RowTable(Flowable):
    """Rows of cells (Text, Flowable or None) in columns of fixed `widths`; `head` is the header row
    (Text cells) or None. `size` is the body type size, `head_size` the header's."""

    def __init__(self, kit, widths: list[float], aligns: list[str], head: list | None, rows: list[list],
                 size: float, head_size: float, zebra: bool = True, first_index: int = 0,
                 laid_out: tuple[list, list] | None = None):
        super().__init__()
        self.kit, self.widths, self.aligns, self.head, self.rows = kit, widths, aligns, head, rows
        self.size, self.head_size, self.zebra = size, head_size, zebra
        self.first_index = first_index  # index of rows[0] in the whole table (zebra stays put on a split)
        self.width = sum(widths)
        self.hAlign = "CENTER"
        # (row heights, cell sizes), header first: measured once (the widths are fixed) and handed to the parts
        # of a split, so a table split over p pages measures each row once, not once per page (rows x pages)
        self._heights: list | None
        self._sizes: list | None
        self._heights, self._sizes = laid_out if laid_out is not None else (None, None)

    # ---- layout ----------------------------------------------------------------------------------
    def _row_height(self, cells, leading: float, pad_bottom: float) -> tuple[float, list]:
        h = leading
        sizes: list[tuple[float, float] | None] = []
        for cell, w in zip(cells, self.widths):
            if isinstance(cell, Flowable):
                # no canvas yet when measured before drawing: reportlab's wrapOn takes None (its types say not)
                cw, ch = cell.wrapOn(self.canv if hasattr(self, "canv") else None, w - 2 * PAD_X, 72000)  # type: ignore[arg-type]
                sizes.append((cw, ch))
                h = max(h, ch)
            else:
                sizes.append(None)
        return h + PAD_TOP + pad_bottom, sizes

    def _layout(self):
        if self._heights is not None:
            return
        self._heights, self._sizes = [], []
        if self.head is not None:
            h, s = self._row_height(self.head, self.head_size * 1.2, HEAD_PAD_BOTTOM)
            self._heights.append(h)
            self._sizes.append(s)
        for row in self.rows:
            h, s = self._row_height(row, self.size * 1.15, PAD_BOTTOM)
            self._heights.append(h)
            self._sizes.append(s)

    def wrap(self, aw, ah):
        self._layout()
        self.height = sum(self._heights)
        return self.width, self.height

    def split(self, aw, ah):
        self._layout()
        head_h = self._heights[0] if self.head is not None else 0.0
        used, k = head_h, 0
        body = self._heights[1:] if self.head is not None else self._heights
        while k < len(body) and used + body[k] <= ah + 1e-6:
            used += body[k]
            k += 1
        if k == 0 or k == len(self.rows):
            return [] if k == 0 else [self]
        args = (self.kit, self.widths, self.aligns, self.head)
        h = 1 if self.head is not None else 0
        head = (self._heights[:h], self._sizes[:h])
        first = (head[0] + self._heights[h:h + k], head[1] + self._sizes[h:h + k])
        rest = (head[0] + self._heights[h + k:], head[1] + self._sizes[h + k:])
        return [RowTable(*args, self.rows[:k], self.size, self.head_size, self.zebra, self.first_index, first),
                RowTable(*args, self.rows[k:], self.size, self.head_size, self.zebra, self.first_index + k, rest)]

    # ---- drawing ---------------------------------------------------------------------------------
    def draw(self):
        c, kit = self.canv, self.kit
        ink, muted = kit.color["ink"], kit.color["muted"]
        xs = [0.0]
        for w in self.widths:
            xs.append(xs[-1] + w)
        tops = [self.height]
        for h in self._heights:
            tops.append(tops[-1] - h)
        all_rows = ([self.head] if self.head is not None else []) + self.rows
        offset = 1 if self.head is not None else 0
        fills, thin, strings, flowables = [], [], {}, []
        for r, cells in enumerate(all_rows):
            top, bottom = tops[r], tops[r + 1]
            is_head = self.head is not None and r == 0
            if self.zebra and not is_head and (self.first_index + r - offset) % 2 == 1:
                fills.append((0, bottom, self.width, top - bottom))
            thin.append((0, bottom, self.width, bottom))
            size = self.head_size if is_head else self.size
            leading = size * (1.2 if is_head else 1.15)
            pad_b = HEAD_PAD_BOTTOM if is_head else PAD_BOTTOM
            rh = top - bottom
            for i, (cell, align) in enumerate(zip(cells, self.aligns)):
                x0, cw = xs[i], self.widths[i]
                if isinstance(cell, Flowable):
                    fw, fh = self._sizes[r][i]
                    x = x0 + PAD_X if align == "left" else x0 + cw - PAD_X - fw if align == "right" \
                        else x0 + (cw - fw) / 2
                    flowables.append((cell, x, bottom + (rh + pad_b - PAD_TOP + fh) / 2 - fh))
                elif cell is not None and cell.text:
                    x = x0 + PAD_X if align == "left" else x0 + cw - PAD_X - cell.width if align == "right" \
                        else x0 + (cw - cell.width) / 2
                    y = bottom + (pad_b + rh - PAD_TOP + leading) / 2 - size
                    color = cell.color or (muted if is_head else ink)
                    strings.setdefault((cell.font, size, color), []).append((x, y, cell.text))
        if fills:
            c.setFillColor(kit.color["fill"])
            draw_rects(c, fills, stroke=False, fill=True)
        for (font, size, color), items in strings.items():
            c.setFillColor(color)
            draw_strings(c, font, size, items)
        for cell, x, y in flowables:
            cell.drawOn(c, x, y)
        c.saveState()
        c.setLineCap(1)  # round ends, as platypus tables draw their rules
        c.setStrokeColor(kit.color["rule"])
        c.setLineWidth(0.35)
        draw_lines(c, thin)
        if self.head is not None:
            c.setStrokeColor(ink)
            c.setLineWidth(0.8)
            draw_lines(c, [(0, tops[1], self.width, tops[1])])
        c.restoreState()
