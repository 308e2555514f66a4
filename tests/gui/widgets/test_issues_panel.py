"""The issues list changes only the rows whose issue changed, and its columns fit their contents as Qt would."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView

from gui.widgets.issues_panel import IssuesPanel
from model.issues import ERROR, WARNING, Issue


def _issues(*names: str) -> list[Issue]:
    return [Issue(f"/items/{i}", "SG-EQ-02", WARNING if n.startswith("w") else ERROR, f"{n} does not fit")
            for i, n in enumerate(names)]


def _shown(panel: IssuesPanel) -> list[tuple]:
    t = panel.tree
    return [tuple(t.topLevelItem(i).text(c) for c in range(4)) + (t.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole),)
            for i in range(t.topLevelItemCount())]


def _like_qt(panel: IssuesPanel) -> None:
    t, h = panel.tree, panel.tree.header()
    for c in range(h.count()):
        if h.sectionResizeMode(c) != QHeaderView.ResizeMode.Stretch:
            assert h.sectionSize(c) == max(t.sizeHintForColumn(c), h.sectionSizeHint(c)), f"column {c}"


def test_an_issue_more_or_less_leaves_the_other_rows_alone(qtbot):
    p = IssuesPanel(describe=lambda ptr: f"at {ptr}")
    qtbot.addWidget(p)
    p.resize(900, 300)
    p.show()
    p.set_issues(_issues("a", "b", "c"))
    items = [p.tree.topLevelItem(i) for i in range(3)]
    p.set_issues(_issues("a", "b", "c"))                      # the same issues: nothing made again
    assert [p.tree.topLevelItem(i) for i in range(3)] == items
    p.set_issues(_issues("a", "b", "c", "wd"))                # one more at the end: the first three stay
    assert [p.tree.topLevelItem(i) for i in range(3)] == items
    assert _shown(p)[-1] == ("Warning", "wd does not fit", "SG-EQ-02", "at /items/3", "/items/3")
    p.set_issues(_issues("a", "c", "wd"))                     # one gone from the middle (pointers move)
    assert _shown(p) == [("Error", f"{n} does not fit", "SG-EQ-02", f"at /items/{i}", f"/items/{i}")
                         for i, n in enumerate(["a", "c"])] + [("Warning", "wd does not fit", "SG-EQ-02",
                                                                "at /items/2", "/items/2")]
    assert p.tree.topLevelItem(0) is items[0]
    _like_qt(p)
    p.set_issues([])
    assert p.tree.topLevelItemCount() == 0
    assert p.title.text()


def test_columns_follow_a_long_place_name_in_and_out(qtbot):
    p = IssuesPanel(describe=lambda ptr: "the captain's third item, a very long place name" if ptr.endswith("2")
                    else "here")
    qtbot.addWidget(p)
    p.resize(1200, 300)
    p.show()
    p.set_issues(_issues("a", "b"))
    narrow = p.tree.header().sectionSize(3)
    _like_qt(p)
    p.set_issues(_issues("a", "b", "c"))
    assert p.tree.header().sectionSize(3) > narrow
    _like_qt(p)
    p.set_issues(_issues("a", "b"))
    assert p.tree.header().sectionSize(3) == narrow
    _like_qt(p)


def test_the_title_is_set_only_when_the_summary_changes(qtbot):
    p = IssuesPanel()
    qtbot.addWidget(p)
    p.set_issues(_issues("a"))
    said = []
    p.title.setText = lambda text: said.append(text)   # the instance attribute is what set_issues calls
    p.set_issues(_issues("a"))
    assert said == []
    p.set_issues(_issues("a", "b"))
    assert len(said) == 1 and "2" in said[0]
