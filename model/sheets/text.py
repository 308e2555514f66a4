"""User text on a sheet: escaping, right-to-left order, font runs, and fitting text into a box.

Two ways text reaches the page, and each has its rule:
- Paragraph markup (`markup()`): every user string goes through xml.sax.saxutils.escape here, once,
  so `<b>&` prints as typed and `</para>` cannot end a paragraph.
- Drawn strings (`fit()` + `draw_fit()`) and plain Table cell strings: drawn literally, never escaped.
Both first put right-to-left text in visual order (`visual()`) and split it into font runs
(fonts.runs: fallback font or placeholder for glyphs DejaVu lacks).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.pdfbase.pdfmetrics import stringWidth

from . import fonts

# ---------------------------------------------------------------------------------------------------
# Right-to-left text. reportlab lays glyphs out left to right, so Hebrew or Arabic typed in logical
# order would print backwards. visual() applies the core of the Unicode bidi algorithm (UAX #9: strong
# types, numbers, neutrals between runs, rule L2 reordering, mirrored brackets) to one line. It has no
# explicit embeddings and does no Arabic letter joining (isolated forms are printed): enough for names.

_MIRROR = str.maketrans("()[]{}<>«»", ")(][}{><»«")


def _levels(text: str) -> list[int]:
    types = [unicodedata.bidirectional(c) for c in text]
    base = 0
    for t in types:
        if t in ("L", "R", "AL"):
            base = 0 if t == "L" else 1
            break
    base_dir = "R" if base else "L"
    # each character as L (left-to-right), R (right-to-left), NR (a digit inside right-to-left text:
    # its digits stay left to right, but it sides with R), or N (neutral: space, punctuation)
    cls: list[str] = []
    last = base_dir
    for t in types:
        if t == "L":
            last = "L"
            cls.append("L")
        elif t in ("R", "AL"):
            last = "R"
            cls.append("R")
        elif t in ("EN", "AN"):
            cls.append("NR" if last == "R" else "L")
        else:
            cls.append("N")
    n = len(cls)
    i = 0
    while i < n:  # neutrals take the direction of the text on both sides when it agrees, else the base
        if cls[i] != "N":
            i += 1
            continue
        j = i
        while j < n and cls[j] == "N":
            j += 1
        before = ("L" if cls[i - 1] == "L" else "R") if i > 0 else base_dir
        after = ("L" if cls[j] == "L" else "R") if j < n else base_dir
        for k in range(i, j):
            cls[k] = before if before == after else base_dir
        i = j
    if base == 0:
        return [0 if c == "L" else 1 if c == "R" else 2 for c in cls]
    return [1 if c == "R" else 2 for c in cls]


def visual(text: str) -> str:
    """One line of text in the order its glyphs are drawn left to right."""
    if text.isascii() or not any(unicodedata.bidirectional(c) in ("R", "AL") for c in text):
        return text
    chars = list(text)
    levels = _levels(text)
    for i, lv in enumerate(levels):
        if lv % 2:
            chars[i] = chars[i].translate(_MIRROR)
    top = max(levels)
    lowest_odd = min(lv for lv in levels if lv % 2) if any(lv % 2 for lv in levels) else top + 1
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        n = len(chars)
        while i < n:
            if levels[i] >= level:
                j = i
                while j < n and levels[j] >= level:
                    j += 1
                chars[i:j] = chars[i:j][::-1]
                levels[i:j] = levels[i:j][::-1]
                i = j
            else:
                i += 1
    return "".join(chars)


def one_line(text: object) -> str:
    """A user value as one line of text: None -> "", whitespace runs (newlines, tabs) -> one space."""
    if text is None:
        return ""
    return " ".join(str(text).split())


# ---------------------------------------------------------------------------------------------------
# Paragraph markup


def markup(text: object, multiline: bool = False) -> str:
    """Escaped Paragraph markup for a user string, with font switches for fallback glyphs."""
    if text is None:
        return ""
    lines = str(text).split("\n") if multiline else [one_line(text)]
    out = []
    for line in lines:
        parts = []
        for font, run in fonts.runs(visual(line.rstrip("\r"))):
            if font == fonts.REGULAR:
                parts.append(escape(run))
            else:
                parts.append(f'<font face="{font}">{escape(run)}</font>')
        out.append("".join(parts))
    return "<br/>".join(out)


# ---------------------------------------------------------------------------------------------------
# Fitting drawn text into a box


def width(text: str, font: str, size: float) -> float:
    """Width of text as drawn (after fallback substitution) in points."""
    return sum(stringWidth(run, f, size) for f, run in fonts.runs(text, font))


@dataclass(frozen=True)
class Fit:
    size: float
    leading: float
    lines: tuple[str, ...]  # visual order, each fits the width at `size`
    font: str
    cut: bool = False       # too long for the box even at the smallest size: the last line ends in "…"

    @property
    def height(self) -> float:
        return self.leading * len(self.lines)


def _break(word: str, font: str, size: float, max_w: float) -> list[str]:
    """A word wider than the box, cut between characters into pieces that fit (the last one may be
    shorter). Widths add up character by character, so one pass does it: linear in the word's length."""
    pieces: list[str] = []
    seen: dict[str, float] = {}
    start, acc = 0, 0.0
    for i, ch in enumerate(word):
        w = seen.get(ch)
        if w is None:
            w = seen[ch] = width(ch, font, size)
        if acc + w > max_w and i > start:
            pieces.append(word[start:i])
            start, acc = i, 0.0
        acc += w
    pieces.append(word[start:])
    return pieces


def _wrap(text: str, font: str, size: float, max_w: float) -> list[str]:
    """Greedy word wrap; a word wider than the box is broken between characters."""
    lines: list[str] = []
    cur = ""
    cur_w = 0.0
    space = width(" ", font, size)
    for word in text.split(" "):
        word_w = width(word, font, size)
        trial_w = cur_w + space + word_w if cur else word_w
        if trial_w <= max_w:
            cur = f"{cur} {word}" if cur else word
            cur_w = trial_w
            continue
        if cur:
            lines.append(cur)
        if word_w > max_w and len(word) > 1:
            *full, word = _break(word, font, size, max_w)
            lines.extend(full)
            word_w = width(word, font, size)
        cur, cur_w = word, word_w
    if cur or not lines:
        lines.append(cur)
    return lines


def fit(text: object, box_w: float, box_h: float, font: str = fonts.REGULAR, size: float = 10,
        min_size: float = 6, floor: float = 3.5, leading: float = 1.18) -> Fit:
    """Fit user text in a box: one line, shrinking from `size` to `min_size`; then wrapped lines at
    sizes from `min_size` down to `floor`. Only a text too long for the box even at `floor` is cut: the lines
    that fit are kept, the last ending in "…" (`cut`), so that nothing is printed over what lies below the box."""
    s = visual(one_line(text))
    if not s:
        return Fit(size, size * leading, (), font)
    max_lines_h = box_h
    step = 0.5
    sz = size
    while sz >= min_size:
        if width(s, font, sz) <= box_w and sz * leading <= max_lines_h + 0.01:
            return Fit(sz, sz * leading, (s,), font)
        sz -= step
    sz = min_size
    while True:
        lines = _wrap(s, font, sz, box_w)
        if len(lines) * sz * leading <= max_lines_h + 0.01:
            return Fit(sz, sz * leading, tuple(lines), font)
        if sz <= floor:
            return _cut(lines, font, sz, leading, box_w, max_lines_h)
        sz = max(floor, sz - step)


def _cut(lines: list[str], font: str, size: float, leading: float, box_w: float, box_h: float) -> Fit:
    """The lines that fit the box's height (at least one), the last one ending in "…" within the width."""
    keep = max(1, int((box_h + 0.01) // (size * leading)))
    kept = lines[:keep]
    last = kept[-1].rstrip()
    while last and width(last + "…", font, size) > box_w:
        last = last[:-1].rstrip()
    return Fit(size, size * leading, tuple(kept[:-1]) + (last + "…",), font, cut=True)


def draw_runs(canvas, text: str, x: float, y: float, font: str, size: float, align: str = "left",
              box_w: float = 0.0) -> float:
    """Draw one (visual-order) line at baseline y with font runs; returns its width."""
    parts = fonts.runs(text, font)
    total = sum(stringWidth(r, f, size) for f, r in parts)
    if align == "center":
        x += (box_w - total) / 2
    elif align == "right":
        x += box_w - total
    for f, r in parts:
        canvas.setFont(f, size)
        canvas.drawString(x, y, r)
        x += stringWidth(r, f, size)
    return total


def draw_fit(canvas, f: Fit, x: float, top: float, box_w: float, box_h: float, align: str = "left",
             valign: str = "middle") -> None:
    """Draw a Fit inside the box whose top-left corner is (x, top)."""
    if not f.lines:
        return
    block = f.height
    if valign == "middle":
        y0 = top - (box_h - block) / 2
    elif valign == "bottom":
        y0 = top - box_h + block
    else:
        y0 = top
    descent = f.size * 0.22
    for i, line in enumerate(f.lines):
        base = y0 - (i + 1) * f.leading + descent + (f.leading - f.size) / 2
        draw_runs(canvas, line, x, base, f.font, f.size, align, box_w)


def minus(s: str) -> str:
    """Typeset a minus sign (U+2212, which DejaVu has) instead of a hyphen in numbers."""
    return s.replace("-", "\u2212")
