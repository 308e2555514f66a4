"""Styled text without Paragraph markup: spans of (text, font, size, colour), wrapped greedily at
spaces and drawn as one text block in reading order.

A platypus Paragraph parses its markup with an HTML parser and lays out fragment by fragment; a crew
sheet's cards, profile heads and two-line table cells are a few words each, and parsing them was a third
of an export with cards. Here the program builds the spans itself: user text goes through `spans()`,
which puts it in visual order and splits it into font runs (fallback font or placeholder, as
text.markup() does), so nothing is ever parsed as markup and nothing needs escaping. Word widths are
cached per font. Lines are drawn in reading order (font and colour switched inside one BT/ET block), so
pdftotext -raw reads a block as it reads a Paragraph.

Layout follows Paragraph's: the first baseline sits one type size below the top, the next ones
`leading` apart; a line breaks at a space, and a word wider than the line is broken between characters.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable

from . import fonts
from .ops import draw_pieces
from .text import one_line, visual


# A line may run past the box by this share of a space per space on it, as a Paragraph's may
# (ParagraphStyle.spaceShrinkage): the same words then go on the same lines as in a Paragraph.
SPACE_SHRINK = ParagraphStyle.defaults.get("spaceShrinkage", 0.05)


@dataclass(frozen=True)
class Span:
    text: str
    font: str
    size: float
    color: object


def spans(text: object, font: str, size: float, color) -> list[Span]:
    """User text as spans: one line, visual order, split into runs the fonts can draw. A leading or
    trailing space is kept (one), so that parts in different styles can be put side by side."""
    raw = "" if text is None else str(text)
    line = visual(one_line(raw))
    if not line:
        return []
    out = [Span(run, f, size, color) for f, run in fonts.runs(line, font)]
    if raw[:1].isspace():
        out.insert(0, Span(" ", font, size, color))
    if raw[-1:].isspace():
        out.append(Span(" ", font, size, color))
    return out


@lru_cache(maxsize=8192)
def _unit_width(text: str, font: str) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth
    return stringWidth(text, font, 1000) / 1000


def text_width(text: str, font: str, size: float) -> float:
    return _unit_width(text, font) * size


@dataclass
class Line:
    pieces: list  # (dx, text, font, size, colour), left to right
    width: float
    size: float   # the largest type size on the line


def _words(para: list[Span]):
    """(space, word) for the words of a paragraph: `word` is a list of (text, span) fragments, `space`
    the span whose space comes before it (its font and size give the gap, as in a Paragraph), or None."""
    word: list = []
    space = None
    for sp in para:
        for j, part in enumerate(sp.text.split(" ")):
            if j:
                if word:
                    yield space, word
                    word = []
                space = sp
            if part:
                word.append((part, sp))
    if word:
        yield space, word


def _char_pieces(word, max_w):
    """A word wider than the line, broken between characters into line-wide chunks."""
    chunk, w = [], 0.0
    for part, sp in word:
        for ch in part:
            cw = text_width(ch, sp.font, sp.size)
            if chunk and w + cw > max_w:
                yield chunk, w
                chunk, w = [], 0.0
            if chunk and chunk[-1][1] is sp:
                chunk[-1] = (chunk[-1][0] + ch, sp)
            else:
                chunk.append((ch, sp))
            w += cw
    if chunk:
        yield chunk, w


def layout(paragraphs: list[list[Span]], max_w: float) -> list[Line]:
    """Greedy lines for each paragraph (a paragraph always starts a new line)."""
    lines: list[Line] = []
    for para in paragraphs:
        cur: list = []
        cur_w = 0.0
        n_words = 0
        size = max((sp.size for sp in para), default=0.0)
        empty = True

        def flush(cur: list, cur_w: float, size: float = size) -> None:
            lines.append(Line(cur, cur_w, max((p[3] for p in cur), default=size)))

        for space, word in _words(para):
            empty = False
            ww = sum(text_width(t, sp.font, sp.size) for t, sp in word)
            gap = text_width(" ", space.font, space.size) if cur and space is not None else 0.0
            if cur and cur_w + gap + ww > max_w + SPACE_SHRINK * gap * n_words + 1e-6:
                flush(cur, cur_w)
                cur, cur_w, gap, n_words = [], 0.0, 0.0, 0
            if ww > max_w + 1e-6:
                for chunk, _cw in _char_pieces(word, max_w):
                    if cur:
                        flush(cur, cur_w)
                    cur, cur_w = [], 0.0
                    for t, sp in chunk:
                        cur.append((cur_w, t, sp.font, sp.size, sp.color))
                        cur_w += text_width(t, sp.font, sp.size)
                n_words = 1
                continue
            x = cur_w + gap
            for t, sp in word:
                prev = cur[-1] if cur else None
                spaced = x > cur_w  # the word's first fragment, after a space
                if prev and prev[2:] == (sp.font, sp.size, sp.color) and \
                        (not spaced or (space.font, space.size) == (sp.font, sp.size)):  # one piece, space kept
                    joined = prev[1] + (" " if spaced else "") + t
                    cur[-1] = (prev[0], joined, sp.font, sp.size, sp.color)
                else:
                    cur.append((x, t, sp.font, sp.size, sp.color))
                x += text_width(t, sp.font, sp.size)
                cur_w = x
            n_words += 1
        if cur or (empty and len(paragraphs) > 1):  # an empty paragraph among others is an empty line
            flush(cur, cur_w)
    return lines


class TextBlock(Flowable):
    """Paragraphs of spans in a box `width` wide (set by wrap), lines `leading` apart, aligned
    "left", "center" or "right". Height: lines × leading, as a Paragraph's."""

    def __init__(self, paragraphs: list[list[Span]], leading: float, align: str = "left"):
        super().__init__()
        self.paragraphs, self.leading, self.align = paragraphs, leading, align
        self.lines: list[Line] = []
        self.width = self.height = 0.0

    def wrap(self, aw, ah):
        if not self.lines or aw != self.width:
            self.lines = layout(self.paragraphs, aw)
            self.width = aw
        self.height = self.leading * len(self.lines)
        return aw, self.height

    def draw(self):
        self.canv.saveState()
        draw_pieces(self.canv, self.pieces(0.0, self.height))
        self.canv.restoreState()

    def pieces(self, x0: float, top: float):
        """(x, y, text, font, size, colour, word spacing) for every piece, in reading order, the block's
        top-left at (x0, top). A line a little wider than the box (see SPACE_SHRINK) has its spaces
        narrowed to fit, as a Paragraph does."""
        out = []
        y = top - (self.lines[0].size if self.lines else 0.0)
        for line in self.lines:
            dx = (self.width - line.width) / 2 if self.align == "center" else \
                self.width - line.width if self.align == "right" else 0.0
            pieces = line.pieces
            tw = 0.0
            if line.width > self.width + 1e-6:
                dx = 0.0
                gaps, spaces, end = [], 0, None
                for px, t, f, s, _c in pieces:
                    if end is not None and px > end + 1e-6:
                        spaces += 1
                    gaps.append(spaces)
                    spaces += t.count(" ")
                    end = px + text_width(t, f, s)
                if spaces:
                    tw = -(line.width - self.width) / spaces
                    pieces = [(px + k * tw, t, f, s, c) for k, (px, t, f, s, c) in zip(gaps, pieces)]
            out += [(x0 + dx + px, y, t, f, s, c, tw if " " in t else 0.0) for px, t, f, s, c in pieces]
            y -= self.leading
        return out
