"""Fonts for the sheets: DejaVu Sans shipped in resources/fonts/, registered once per process.

DejaVu Sans covers Latin, Greek, Cyrillic, Hebrew and more, but has no CJK and no emoji. For a
character it lacks, `runs()` picks, in order:
  1. the fallback font, if a free-licensed one is installed on this computer (Droid Sans Fallback,
     Apache-2.0, from Debian's fonts-droid-fallback; it covers CJK). It is only looked for, never
     shipped: it is 4 MB for a case most crews never meet, and reportlab embeds only the glyphs used;
  2. otherwise a visible placeholder, U+FFFD (the Unicode "replacement character", a diamond with a
     question mark, which DejaVu has), so the reader sees that a character could not be printed
     instead of a blank or an anonymous box. Colour emoji cannot be drawn by reportlab in any case
     (no TrueType outline font carries them), so emoji always take this path.
Invisible format characters (zero-width joiner, variation selectors, direction marks) are dropped:
they draw nothing even where a font has them.
"""

from __future__ import annotations

import os
import struct
import threading
import unicodedata
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace
from reportlab.lib.fonts import addMapping

from ..paths import fonts_dir

REGULAR = "SW-Sans"
BOLD = "SW-Sans-Bold"
COND = "SW-Cond"
COND_BOLD = "SW-Cond-Bold"
FALLBACK = "SW-Fallback"
PLACEHOLDER = "\ufffd"

FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    COND: "DejaVuSansCondensed.ttf",
    COND_BOLD: "DejaVuSansCondensed-Bold.ttf",
}

# Free-licensed fallback fonts looked for on this computer, first found wins. STARWRIGHT_FALLBACK_FONT
# names another TrueType file (or "none" to use the placeholder only; the tests use both).
FALLBACK_CANDIDATES = (
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/droid/DroidSansFallback.ttf",
    "/usr/share/fonts/google-droid-sans-fonts/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/TTF/DroidSansFallbackFull.ttf",
)

# The name records an embedded subset keeps: copyright, family, style, unique id, full name, version,
# PostScript name (what font subsetters such as fontTools keep by default). DejaVu's full name table is
# ~15 KB, mostly the licence text, and was copied into every subset of every face in every PDF.
KEPT_NAME_IDS = frozenset(range(7))


def short_name_table(table: bytes) -> bytes:
    """A TrueType 'name' table (format 0) cut down to the records in KEPT_NAME_IDS."""
    _fmt, count, start = struct.unpack(">HHH", table[:6])
    records, strings, where = [], b"", {}
    for k in range(count):
        plat, enc, lang, nid, length, off = struct.unpack(">6H", table[6 + 12 * k:18 + 12 * k])
        if nid not in KEPT_NAME_IDS or lang >= 0x8000:  # format 1 language-tag records are not kept
            continue
        raw = table[start + off:start + off + length]
        if raw not in where:
            where[raw] = len(strings)
            strings += raw
        records.append(struct.pack(">6H", plat, enc, lang, nid, length, where[raw]))
    head = struct.pack(">HHH", 0, len(records), 6 + 12 * len(records))
    return head + b"".join(records) + strings


class SubsetFace(TTFontFace):
    """A DejaVu face whose embedded subsets carry the short name table (see KEPT_NAME_IDS); glyphs,
    metrics and hinting are copied as reportlab copies them."""

    short_name: bytes = b""

    def get_table(self, tag):
        if tag == "name" and self.short_name:
            return self.short_name
        return super().get_table(tag)


def sheet_font(name: str, path: str) -> TTFont:
    """A shipped face as reportlab wants it, embedded lean: subsets hold only the characters a sheet
    uses (asciiReadable off: reportlab would otherwise put all of ASCII into every face's subset;
    the text stays extractable through the ToUnicode map reportlab writes), with the short name table."""
    font = TTFont(name, path, asciiReadable=0)
    face = font.face
    # read by SubsetFace, the class the face gets on the next line
    face.short_name = short_name_table(TTFontFace.get_table(face, "name"))  # type: ignore[attr-defined]
    face.__class__ = SubsetFace  # same object, one overridden method: no second parse of the file
    return font


_lock = threading.Lock()
_registered = False
_cmaps: dict[str, frozenset[int] | set[int]] = {}
_fallback_state: dict[str, object] = {}  # path -> bool registered (cache per chosen path)


def register() -> None:
    """Register the shipped fonts with reportlab (once; later calls return at once)."""
    global _registered
    if _registered:
        return
    with _lock:
        if _registered:
            return
        folder = fonts_dir()
        for name, file in FILES.items():
            font = sheet_font(name, str(folder / file))
            pdfmetrics.registerFont(font)
            _cmaps[name] = font.face.charToGlyph.keys()
        # <b> in Paragraph markup picks the bold face; there is no oblique face, italic maps to upright.
        for family, normal, bold in ((REGULAR, REGULAR, BOLD), (COND, COND, COND_BOLD)):
            addMapping(family, 0, 0, normal)
            addMapping(family, 1, 0, bold)
            addMapping(family, 0, 1, normal)
            addMapping(family, 1, 1, bold)
        _registered = True


def _fallback_path() -> str | None:
    wanted = os.environ.get("STARWRIGHT_FALLBACK_FONT")
    if wanted:
        return None if wanted.lower() == "none" else (wanted if Path(wanted).is_file() else None)
    for cand in FALLBACK_CANDIDATES:
        if Path(cand).is_file():
            return cand
    return None


def fallback_font() -> str | None:
    """The registered name of the fallback font, or None when there is none (registered lazily)."""
    path = _fallback_path()
    if path is None:
        return None
    name = FALLBACK if path == FALLBACK_CANDIDATES[0] else f"{FALLBACK}-{abs(hash(path)) % 10_000_000}"
    if name not in _cmaps:
        with _lock:
            if name not in _cmaps:
                try:
                    font = sheet_font(name, path)
                except Exception:  # an unreadable or non-TrueType file: behave as if none were there
                    _cmaps[name] = set()
                    return None
                pdfmetrics.registerFont(font)
                _cmaps[name] = font.face.charToGlyph.keys()
    return name if _cmaps[name] else None


def has_glyph(font: str, ch: str) -> bool:
    register()
    cmap = _cmaps.get(font)
    if cmap is None:
        return True  # a built-in font (Helvetica...): reportlab's own business
    return ord(ch) in cmap


def _invisible(ch: str) -> bool:
    cat = unicodedata.category(ch)
    if cat == "Cf":  # ZWJ, direction marks, soft hyphen...
        return True
    return 0xFE00 <= ord(ch) <= 0xFE0F or 0xE0100 <= ord(ch) <= 0xE01EF  # variation selectors


def runs(text: str, font: str = REGULAR) -> list[tuple[str, str]]:
    """Split text into (font name, text) runs that the fonts can draw; see the module docstring."""
    register()
    if text.isascii() and text.isprintable() and font in FILES:
        return [(font, text)] if text else []  # DejaVu has every printable ASCII character
    cmap = _cmaps.get(font)
    if cmap is None:
        return [(font, text)] if text else []
    out: list[tuple[str, str]] = []
    fb: str | None | bool = False  # looked up lazily, only when a character needs it
    for ch in text:
        if _invisible(ch):
            continue
        if ord(ch) in cmap:
            use, c = font, ch
        else:
            if fb is False:
                fb = fallback_font()
            if isinstance(fb, str) and fb and ord(ch) in _cmaps[fb]:
                use, c = fb, ch
            else:
                use, c = font, PLACEHOLDER
        if out and out[-1][0] == use:
            out[-1] = (use, out[-1][1] + c)
        else:
            out.append((use, c))
    return out
