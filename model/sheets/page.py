"""The page every sheet shares: paper, margins, running header, footer with the rules statement.

`Kit` carries what a renderer needs to draw in the house style (the layout, colours, paragraph
styles); `Sheet` is what a renderer returns; `build_pdf()` lays it out and returns the PDF bytes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import cached_property

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from .. import __version__
from . import fonts
from .options import SheetOptions
from .text import draw_fit, draw_runs, fit, one_line, visual, width

PAGE_SIZES = {"a4": A4, "letter": LETTER}
FONT_NAMES = {"regular": fonts.REGULAR, "bold": fonts.BOLD, "cond": fonts.COND, "cond_bold": fonts.COND_BOLD}
ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


@dataclass
class Sheet:
    """What a renderer returns. `story` flows first; `reference` (cards, tables to look things up in)
    starts on a new page and is left out when the user turns the cards off."""
    running_title: str            # printed at the top right of every page after the first
    story: list[Flowable]
    reference: list[Flowable] = field(default_factory=list)
    subject: str = ""             # PDF metadata


class Kit:
    """The layout and house style for one sheet kind, shared by all its flowables."""

    def __init__(self, layout: dict, options: SheetOptions):
        fonts.register()
        self.layout = layout
        self.options = options
        st = layout["style"]
        self.color = {k: colors.HexColor(v) for k, v in st["colors"].items()}
        self.size = dict(st["sizes"])
        self.page_size = PAGE_SIZES[options.paper]
        m = layout["page"]["margin_mm"]
        self.margin = {k: v * mm for k, v in m.items()}
        self.footer_h = layout["page"]["footer_mm"] * mm
        self.header_h = layout["page"]["header_mm"] * mm
        self.gap = layout["page"].get("gap_mm", 4) * mm
        tr = layout.get("tracks", {})
        self.track_box = tr.get("box_mm", 3.2) * mm
        self.track_gap = tr.get("gap_mm", 0.7) * mm
        self.track_group = tr.get("group", 5)

    def wants(self, section: str) -> bool:
        """Whether the sheet prints one of its layout's sections (model/sheets/sections.py): not left out,
        and, for a section of the reference pages, the reference pages not turned off."""
        if section in self.options.omit:
            return False
        if not self.options.cards:
            return not any(s["name"] == section and s.get("reference") for s in self.layout.get("sections", []))
        return True

    @property
    def frame_width(self) -> float:
        return self.page_size[0] - self.margin["left"] - self.margin["right"]

    @property
    def frame_height(self) -> float:
        return self.page_size[1] - self.margin["top"] - self.margin["bottom"] - self.header_h - self.footer_h

    def font(self, key: str | None, default: str = "regular") -> str:
        return FONT_NAMES[key or default]

    def panel(self, name: str) -> dict:
        return self.layout["panels"][name]

    def table(self, name: str) -> dict:
        return self.layout["tables"][name]

    def pstyle(self, name: str, **kw) -> ParagraphStyle:
        """A paragraph style in the house style: body, small, cell, cell_bold, head, label, note."""
        key = (name, tuple(sorted(kw.items())))
        cache = self._styles
        if key not in cache:
            base = {"fontName": fonts.REGULAR, "fontSize": self.size["body"], "leading": self.size["body"] * 1.22,
                        "textColor": self.color["ink"], "splitLongWords": 1}
            preset = {
                "body": {},
                "small": {"fontSize": self.size["small"], "leading": self.size["small"] * 1.22},
                "cell": {"fontName": fonts.COND, "fontSize": self.size["body"], "leading": self.size["body"] * 1.15},
                "cell_bold": {"fontName": fonts.COND_BOLD, "fontSize": self.size["body"], "leading": self.size["body"] * 1.15},
                "cell_small": {"fontName": fonts.COND, "fontSize": self.size["small"], "leading": self.size["small"] * 1.15,
                                   "textColor": self.color["muted"]},
                "head": {"fontName": fonts.COND_BOLD, "fontSize": self.size["label"], "leading": self.size["label"] * 1.2,
                             "textColor": self.color["muted"]},
                "note": {"fontSize": self.size["small"], "leading": self.size["small"] * 1.3, "textColor": self.color["muted"]},
            }[name]
            base.update(preset)
            base.update(kw)
            cache[key] = ParagraphStyle(f"sw-{name}-{len(cache)}", **base)
        return cache[key]

    @cached_property
    def _styles(self) -> dict:
        return {}


def _draw_page(canvas, doc) -> None:
    kit: Kit = doc.sw_kit
    sheet: Sheet = doc.sw_sheet
    statements: list[str] = doc.sw_footer
    w, h = kit.page_size
    left, right = kit.margin["left"], w - kit.margin["right"]
    fw = right - left
    canvas.saveState()
    # running header: kicker left, crew name right (from page 2 on), thin rule under
    top = h - kit.margin["top"]
    base = top - kit.header_h + 2.2 * mm
    canvas.setFillColor(kit.color["accent"])
    kicker = kit.layout["title"].upper()
    kw = draw_runs(canvas, kicker, left, base, fonts.COND_BOLD, kit.size["label"] + 0.5)
    canvas.setFillColor(kit.color["muted"])
    if doc.page > 1 and sheet.running_title:
        # a reminder of whose sheet this is; the full name is on page 1, so a very long one is shortened
        avail = fw - kw - 8 * mm
        size = kit.size["small"]
        line = visual(one_line(sheet.running_title))
        if width(line, fonts.COND, size) > avail:
            while line and width(line + " …", fonts.COND, size) > avail:
                line = line[:-1]
            line = line.rstrip() + " …"
        draw_runs(canvas, line, left + kw + 8 * mm, base, fonts.COND, size, "right", avail)
    else:
        draw_runs(canvas, f"Starwright {__version__}", left, base, fonts.COND, kit.size["label"], "right", fw)
    canvas.setStrokeColor(kit.color["accent"])
    canvas.setLineWidth(0.8)
    canvas.line(left, base - 1.6 * mm, right, base - 1.6 * mm)
    # footer: rules statement (shrinks and wraps to fit), page number at the right
    fy = kit.margin["bottom"]
    canvas.setStrokeColor(kit.color["rule"])
    canvas.setLineWidth(0.4)
    canvas.line(left, fy + kit.footer_h - 1.2 * mm, right, fy + kit.footer_h - 1.2 * mm)
    num_w = 16 * mm
    canvas.setFillColor(kit.color["muted"])
    draw_runs(canvas, f"Page {doc.page}", right - num_w, fy + kit.footer_h - 4.6 * mm, fonts.COND,
              kit.size["small"], "right", num_w)
    text = "  ·  ".join(statements)
    box_h = kit.footer_h - 2.2 * mm
    f = fit(text, fw - num_w - 2 * mm, box_h, fonts.COND, kit.size["small"], 5.5, floor=4)
    warn = len(statements) > 1
    canvas.setFillColor(kit.color.get("alert", kit.color["ink"]) if warn else kit.color["muted"])
    draw_fit(canvas, f, left, fy + kit.footer_h - 2 * mm, fw - num_w - 2 * mm, box_h, "left", "top")
    canvas.restoreState()


def build_pdf(sheet: Sheet, kit: Kit, footer: list[str], title: str) -> bytes:
    """Lay out a sheet on the chosen paper and return the PDF."""
    from reportlab.platypus import PageBreak

    buf = io.BytesIO()
    w, h = kit.page_size
    frame = Frame(kit.margin["left"], kit.margin["bottom"] + kit.footer_h, kit.frame_width, kit.frame_height,
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="body")
    doc = BaseDocTemplate(buf, pagesize=kit.page_size, leftMargin=kit.margin["left"],
                          rightMargin=kit.margin["right"], topMargin=kit.margin["top"],
                          bottomMargin=kit.margin["bottom"], title=title, author="Starwright",
                          subject=sheet.subject, creator=f"Starwright {__version__}",
                          invariant=1 if kit.options.invariant else 0, pageCompression=1,
                          initialFontName=fonts.REGULAR, initialFontSize=kit.size["body"])
    # what _draw_page needs, carried by the document it is handed (attributes of our own: hence the ignore)
    doc.sw_kit, doc.sw_sheet, doc.sw_footer = kit, sheet, footer  # type: ignore[attr-defined]
    doc.addPageTemplates([PageTemplate(id="sheet", frames=[frame], onPage=_draw_page)])
    story = list(sheet.story)
    if kit.options.cards and sheet.reference:
        story += [PageBreak()] + list(sheet.reference)
    # Page streams are zlib-compressed but not also ASCII85-encoded (reportlab's default): ASCII85 makes
    # them a quarter larger and cost ~1.5 ms per export in pure Python. Set for this build only.
    a85, rl_config.useA85 = rl_config.useA85, 0
    try:
        doc.build(story)
    finally:
        rl_config.useA85 = a85
    return buf.getvalue()
