"""Filled sheets as PDF: `export_pdf(data, result, options) -> bytes`. No Qt here.

    from model.sheets import export_pdf, SheetOptions
    pdf = export_pdf(loaded.data, evaluate(loaded.data, loaded.kind), SheetOptions(paper="letter"))

How a sheet is made
-------------------
- `RENDERERS` maps a document kind to its renderer: `render(data, result, kit) -> page.Sheet`.
  The renderer reads only the document and `result.derived` (prepared data); it never re-applies
  a rule. The framework adds the footer (rules pack, house rules, rule errors), the list of rule
  errors when the user asks for it, and leaves out the reference pages when cards are turned off.
- Fixed fields come from a layout kept as data: resources/sheets/<kind>.json, checked against
  schemas/sheet-layout.json (layout.py). Page margins, colours, type sizes, the panels of fixed
  fields (placed by fractions, bound by name to prepared values) and table columns live there.
- Lists that grow (soldiers, powers, items) are RowTables (rowtable.py) that split across pages with
  their header repeated. Short styled text the program builds (cards, profile heads, two-line cells)
  is spans (spans.py): no markup at all, drawn in reading order; batched paths and text in ops.py.
- Text: every user string reaches Paragraph markup only through `text.markup()` (escaped with
  xml.sax.saxutils.escape, fallback fonts switched in); drawn strings go through `text.fit()`, which
  shrinks then wraps text to fit its box and never cuts it. Plain Table cell strings are drawn
  literally and must not be escaped. Right-to-left text is put in visual order (`text.visual`).
- Fonts: DejaVu Sans (+ Bold, Condensed) from resources/fonts/, registered once (fonts.py) and
  embedded as lean subsets (only the characters used, short name table); glyphs it lacks use a free
  system fallback font if installed, else a visible U+FFFD placeholder.

Adding a sheet for another game system
--------------------------------------
1. Write resources/sheets/<kind>.json (copy stargrave-crew.json: page, style, panels, tables).
2. Write model/sheets/<system>.py with `render(data, result, kit) -> Sheet`, building its story from
   the shared pieces in flowables.py: FieldPanel (a layout panel of fixed fields), SectionBar,
   house_table (a layout table; str cells are escaped for you), profile_table, TickTrack (tick
   boxes, e.g. hit points or limited ammunition), CheckBox, Card/CardRow (cut-out reference cards),
   Columns (flowable lists side by side), para/rich (Paragraphs), spans.TextBlock (styled runs).
3. Name the module on the kind's line in model/kinds.py (`sheet`: a module name under model/sheets/, or a
   full dotted path for a system kept elsewhere): RENDERERS is read from there.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

from ..issues import Issue
from ..kinds import KINDS, by_format
from ..labels import describe_pointer
from reportlab.platypus.doctemplate import LayoutError

from .layout import SheetError, load_layout
from .options import PAPERS, SheetOptions, default_paper
from .page import Kit, build_pdf

__all__ = ["export_pdf", "SheetOptions", "SheetError", "RENDERERS", "PAPERS", "default_paper", "footer_statements",
           "describe_pointer"]


def _renderer(module: str) -> Callable:
    """A renderer imported on first use (so exporting one kind does not import all of them)."""
    def render(data, result, kit):
        return importlib.import_module(module).render(data, result, kit)
    render.__name__ = f"render_{module.rpartition('.')[2]}"
    return render


class _Renderers(Mapping):
    """kind -> renderer(data, result, kit) -> Sheet, read from model/kinds.py each time (`Kind.sheet`: a module
    under model/sheets/ or a full dotted path), so a kind added to the registry prints with no line here."""

    def __getitem__(self, kind: str) -> Callable:
        k = KINDS.get(kind)
        if k is None or not k.sheet:
            raise KeyError(kind)
        return _renderer(k.sheet_module)

    def __iter__(self):
        return (k.kind for k in list(KINDS.values()) if k.sheet)

    def __len__(self) -> int:
        return sum(1 for _ in self)


RENDERERS: Mapping[str, Callable] = _Renderers()


def footer_statements(result, list_issues: bool) -> list[str]:
    """The footer: which rules pack; house rules and rule errors said plainly where they apply."""
    pack = result.pack
    out = [f"Rules: {pack.describe()}" if pack is not None else "Rules: none (the document could not be checked)"]
    if result.house_rules:
        out.append("Built under house rules, not the built-in rules pack")
    errors = [i for i in result.issues if i.is_error]
    if errors:
        n = len(errors)
        where = "listed at the end of the sheet" if list_issues else "'starwright check' lists them"
        out.append(f"Not legal as printed: {n} rule error{'s' if n != 1 else ''} remain ({where})")
    return out


def _issues_section(kit: Kit, data, issues: list[Issue], pack) -> list:
    from reportlab.platypus import Spacer
    from .flowables import SectionBar, house_table
    rows = [[i.rule, describe_pointer(data, i.pointer, pack), i.message] for i in issues if i.is_error]
    if not rows:
        return []
    cols = kit.layout["tables"].get("issues", {}).get("columns") or [
        {"bind": "rule", "label": "Rule", "width": 0.12}, {"bind": "where", "label": "Where", "width": 0.22},
        {"bind": "message", "label": "What is wrong", "width": 0.66}]
    return [Spacer(1, kit.gap), SectionBar(kit, "Rule errors", f"{len(rows)} to fix before play"), Spacer(1, 1.2),
            house_table(kit, cols, rows, kit.frame_width)]


def export_pdf(data: dict, result, options: SheetOptions | None = None) -> bytes:
    """The filled sheet of a checked document as PDF bytes.

    `result` is model.evaluate.Result for `data`. Raises SheetError when there is no sheet for the
    document's kind or its structure is too broken to print (result.schema_valid is False)."""
    options = options or SheetOptions()
    kind = by_format(data.get("format") if isinstance(data, dict) else None)
    if kind is None or kind.kind not in RENDERERS:
        raise SheetError(f"there is no printed sheet for documents of format {data.get('format')!r} yet")
    if not getattr(result, "schema_valid", True) or result.pack is None:
        first = result.issues[0].message if result.issues else "its structure is not valid"
        raise SheetError(f"this {kind.title} cannot be printed until its file is repaired: {first}")
    kit = Kit(load_layout(kind.kind), options)
    sheet = RENDERERS[kind.kind](data, result, kit)
    if options.list_issues:
        sheet.story = list(sheet.story) + _issues_section(kit, data, result.issues, result.pack)
    title = f"{data.get('name') or kind.title} - {kind.title} sheet"
    try:
        return build_pdf(sheet, kit, footer_statements(result, options.list_issues), title)
    except LayoutError:
        raise SheetError(f"part of this {kind.title} is too large to fit on a page; look for a value far "
                         f"beyond what the rules allow (check lists them)") from None
