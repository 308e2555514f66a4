"""The full custom crew of issue 16, built at 1366x768 the way a new player would, counting every click and
key (typed names aside) and every scroll the player would need to reach the next control.

Before the one-click picks this took 58 clicks, 18 keys and 15 scroll gestures (select, then Add), as the
issue counted them; this test counts a scroll for every control or row that is out of view when needed."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractItemView, QCheckBox, QLineEdit, QTableView, QWidget

from gui.widgets.choice_buttons import ChoiceButtons

from .test_build_crew import W, goto, row_of
from tests.gui.test_new_player import tick


class Reach:
    """Counts the scrolls needed to bring a control, or a table row, into view before it is used."""

    def __init__(self, editor):
        self.editor, self.scrolls = editor, 0

    def widget(self, w: QWidget) -> None:
        page = self.editor.stack.currentWidget()
        r = QRect(w.mapTo(page.viewport(), QPoint(0, 0)), w.size())
        if not page.viewport().rect().contains(r):
            self.scrolls += 1
            page.ensureWidgetVisible(w, 0, 0)

    def row(self, view: QAbstractItemView, row: int) -> None:
        """One scroll gesture if the row is out of sight, in its table or in the page."""
        page = self.editor.stack.currentWidget()
        index = view.model().index(row, 0)

        def in_sight() -> bool:
            rect = view.visualRect(index)
            on_page = QRect(view.viewport().mapTo(page.viewport(), rect.topLeft()), rect.size())
            return view.viewport().rect().contains(rect) and page.viewport().rect().contains(on_page)
        if not in_sight():
            self.scrolls += 1
            view.scrollTo(index)
            centre = view.viewport().mapTo(page.widget(), view.visualRect(index).center())
            page.ensureVisible(centre.x(), centre.y(), 0, view.visualRect(index).height())
            assert in_sight(), (view.objectName(), row, view.visualRect(index), view.viewport().rect(), page.viewport().size(), view.geometry())


def officer(user, reach, editor, role, name, bg, choices, powers, lowered, items):
    goto(user, editor, "Captain" if role == "captain" else "First Mate")
    field = W(editor, QLineEdit, f"{role}_name")
    reach.widget(field)
    assert field.hasFocus()  # the page opened with the cursor in the empty name: no click to get there
    user.qtbot.keyClicks(field, name)  # a typed name: not counted
    picker = W(editor, ChoiceButtons, f"{role}_background")
    reach.widget(picker)
    user.choose(picker, bg)  # one click on the background's button
    def rows(table, names, act):
        for r in [row_of(table, n) for n in names]:
            reach.row(table, r)
            act(r)
    boxes = [f"{role}_choice_{c}" for c in choices]
    for box in [W(editor, QCheckBox, b) for b in boxes]:
        reach.widget(box)
        user.click(box)
    catalogue = W(editor, QAbstractItemView, f"{role}_power_list")
    rows(catalogue, powers, lambda r: tick(user, catalogue, r))
    for box in [W(editor, QCheckBox, f"{role}_reduce_{r}") for r in lowered]:
        reach.widget(box)
        user.click(box)
    shop = W(editor, QAbstractItemView, f"{role}_item_list")
    rows(shop, items, lambda r: user.click_row(shop, r, double=True))


def test_full_custom_crew_counts_its_clicks_keys_and_scrolls_at_1366x768(win, user):
    win.resize(1366, 768)
    user.click(win.start.new_buttons["stargrave-crew"])
    editor = win.current_editor()
    reach = Reach(editor)
    name = W(editor, QLineEdit, "crewName")
    assert name.hasFocus() and name.selectedText() == name.text()  # a new crew waits for its name
    user.qtbot.keyClicks(name, "Ashen Comet")
    officer(user, reach, editor, "captain", "Mara Vex", "V", ["shoot"],
            ["Command", "Coordinated Fire", "Energy Shield", "Fortune", "Healing"], [0, 1],
            ["Carbine", "Heavy Armour", "Knife"])
    officer(user, reach, editor, "first_mate", "Orrin Tal", "C", ["move", "fight"],
            ["Target Lock", "Energy Shield", "Reflex Move", "Command"], [], ["Carbine", "Light Armour", "Knife"])
    goto(user, editor, "Soldiers")
    catalogue = W(editor, QTableView, "soldierCatalogue")
    for t in ["Trooper", "Trooper", "Sniper", "Medic", "Recruit", "Recruit", "Runner", "Runner"]:
        r = row_of(catalogue, t)
        reach.row(catalogue, r)
        user.click_row(catalogue, r, double=True)

    s = editor.session
    assert [x["type"] for x in s.data["soldiers"]][:2] == ["Trooper", "Trooper"] and len(s.data["soldiers"]) == 8
    assert [p["name"] for p in s.data["captain"]["powers"]] == ["Command", "Coordinated Fire", "Energy Shield",
                                                              "Fortune", "Healing"]
    assert [bool(p.get("reduced")) for p in s.data["captain"]["powers"]] == [True, True, False, False, False]
    assert len(s.data["first_mate"]["powers"]) == 4 and len(s.data["first_mate"]["items"]) == 3
    assert [i for i in s.issues if i.is_error] == []
    print(f"\ninteractions: {user.count} clicks and keys, {reach.scrolls} scrolls")
    # Measured with this build: 34 and 2 (34 and 9 before the officer pages fit one screen; 36 and 9 with the
    # background in a combo box, two clicks; 42 and 10 before a new crew and an unnamed officer put the cursor in
    # their name). The clicks meet the issue's aim of at most 35. No scroll at this size: the officer pages show
    # every power and item (no list scrolls inside the page) and the Soldiers page shows the whole catalogue
    # beside the roster (it needed 9 scrolls before: power lists 3, item lists 4, the catalogue 2).
    assert user.count <= 35 and reach.scrolls == 0
