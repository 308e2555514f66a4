"""What every kind's sheet shares: the document, its evaluation, the kit and the system's tables; the
notes block with lines to write on; and the story assembled from the sheet's blocks in order."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer

from .flowables import RuledLines, SectionBar, para
from .page import Kit, Sheet
from .text import one_line


class DocumentSheet:
    subject = ""                  # the PDF's subject, e.g. "Knight Hawks ship record sheet"
    note_lines = (2, 4)           # ruled lines under the notes: when there are notes, when there are none
    system_tables: Callable = staticmethod(lambda pack: None)  # the system's tables(pack)

    def __init__(self, data: dict, result, kit: Kit):
        self.data, self.result, self.kit = data, result, kit
        self.d = result.derived
        self.t = type(self).system_tables(result.pack)

    @classmethod
    def render(cls, data: dict, result, kit: Kit) -> Sheet:
        return cls(data, result, kit).sheet()

    def sheet(self) -> Sheet:  # pragma: no cover - every kind defines its own blocks
        raise NotImplementedError

    def top(self, header: Flowable) -> Flowable:
        """The page-one header, with the document's portrait at its right when it has one (and it is printed)."""
        from .flowables import portrait_beside
        if not self.kit.wants("portrait"):
            return header
        return portrait_beside(self.kit, header, self.data.get("portrait"))

    def notes(self) -> list[Flowable]:
        kit = self.kit
        if not kit.wants("notes"):
            return []
        notes = (self.data.get("notes") or "").strip()
        out: list[Flowable] = [SectionBar(kit, "Notes"), Spacer(1, 1.5 * mm)]
        if notes:
            out += [para(kit, notes, "body", multiline=True), Spacer(1, 2 * mm)]
        return [KeepTogether(out), RuledLines(kit, self.note_lines[0] if notes else self.note_lines[1])]

    def assemble(self, head: list[Flowable], blocks: list[Callable[[], list[Flowable]]], **sheet) -> Sheet:
        """The page-one story: `head`, then each non-empty block, a gap between them."""
        story = list(head)
        for block in blocks:
            part = block()
            if part:
                story += part + [Spacer(1, self.kit.gap)]
        return Sheet(running_title=one_line(self.data.get("name", "")), story=story[:-1], subject=self.subject,
                     **sheet)
