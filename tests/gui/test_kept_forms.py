"""Documents out of sight give their pages' forms back; the two shown last keep them.

A page given back whole (DocumentEditor.release_forms) and made again when its document is shown must look exactly like a form
that stayed built and followed the same edits; nothing of the old form may be left bound, and what the editor
remembers of the page (where it was scrolled) comes back with it. gui/main_window.py keeps the forms of the
KEPT_FORMS documents shown last (memory: tests/benchmarks/bench_gui.py).
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QPushButton
from shiboken6 import isValid

from gui.main_window import KEPT_FORMS
from model import edits
from tests.gui.test_lazy_pages import CASES, EXAMPLES, built, open_editor, snapshot


def _all_built(e) -> None:
    for page in e.pages:
        e.show_page(page)
    e.show_page(e.pages[0])


def _give_back(e) -> None:
    """What the main window does to a document out of sight."""
    e.hide()
    e.release_forms()


def _bound_widgets_alive(e) -> bool:
    return all(isValid(b.widget) for b in e.binder.bindings)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_a_form_given_back_and_built_again_shows_what_a_kept_form_shows(qtbot, kind):
    name, changes = CASES[kind]
    kept = open_editor(qtbot, EXAMPLES / name)
    _all_built(kept)
    again = open_editor(qtbot, EXAMPLES / name)
    _all_built(again)
    _give_back(again)
    assert not any(built(again))
    assert _bound_widgets_alive(again)   # the old forms' bindings went with them
    for edit in changes:                 # edits made while the document is out of sight
        kept.session.apply(edit)
        again.session.apply(edit)
        assert _bound_widgets_alive(again)
    again.show()
    assert built(again) == [True] + [False] * (len(again.specs) - 1)
    for i in range(len(kept.specs)):
        a, b = kept.pages[i], again.pages[i]
        again.show_page(b)
        kept.show_page(a)
        assert snapshot(b) == snapshot(a), b.title


def test_edits_and_undo_reach_the_fields_of_a_form_built_again(qtbot):
    e = open_editor(qtbot, EXAMPLES / "kara-venn-human.starwright")
    before = e.session.data["name"]
    _give_back(e)
    e.session.apply(edits.Set("/name", "Kara Venn the Second"))
    e.show()
    name = e.pages[0].name
    assert name.text() == "Kara Venn the Second"
    e.session.stack.undo()               # an edit made while it was out of sight, undone after
    assert name.text() == before
    e.session.stack.redo()
    assert name.text() == "Kara Venn the Second"


def test_a_page_built_again_comes_back_where_it_was_scrolled(qtbot):
    e = open_editor(qtbot, EXAMPLES / "kestrel-crewed.starwright")
    e.resize(1400, 500)   # the Ship page is taller than this
    page = e.pages[0]
    bar = page.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 300)
    bar.setValue(300)
    _give_back(e)
    assert not isValid(page) and not e.is_built(0)   # given back whole
    e.show()
    again = e.built_page(0)
    assert again is not None and again is not page
    qtbot.waitUntil(lambda: again.verticalScrollBar().value() == 300)


def test_a_crew_with_games_gets_one_founding_banner_per_page_built_again(qtbot):
    e = open_editor(qtbot, EXAMPLES / "ashen-comet-campaign.starwright")
    _all_built(e)
    _give_back(e)
    e.show()
    e.show_page(e.pages[1])
    e.show_page(e.pages[2])
    banners = e.state.founding_banners
    assert all(isValid(b) for b in banners)
    assert sorted(b.page.objectName() for b in banners) == ["page_captain", "page_first_mate"]
    unlock = e.pages[2].findChild(QPushButton, "unlockFounding")
    unlock.click()                       # refreshes every banner: none of a form given back
    assert e.state.founding_unlocked


def test_the_crew_pages_campaign_card_follows_the_games(qtbot):
    e = open_editor(qtbot, EXAMPLES / "ashen-comet-campaign.starwright")
    words = e.pages[0].findChild(QLabel, "crewCampaignWords")
    shown = words.text()
    e.session.apply(edits.Remove("/campaign/games/4"))
    assert words.text() != shown
    while e.session.data["campaign"]["games"]:
        e.session.apply(edits.Remove("/campaign/games/0"))
    assert words.text().startswith("After a game, record it here")


def test_the_window_keeps_the_forms_of_the_documents_shown_last(win, qtbot):
    names = ["ashen-comet-veteran", "kestrel-crewed", "kara-venn-human"]
    opened = [win.open_path(str(EXAMPLES / f"{n}.starwright")) for n in names]
    assert KEPT_FORMS == 2
    widgets = len(QApplication.allWidgets())

    def kept() -> list[bool]:
        return [any(built(e)) for e in opened]

    assert kept() == [False, True, True]
    win.tabs.setCurrentWidget(opened[0])      # shown again: its page is built, the one shown longest ago gives back
    assert kept() == [True, False, True]
    assert opened[0].stack.currentWidget().isVisible()
    assert len(QApplication.allWidgets()) < widgets + 50
    win.tabs.setCurrentWidget(opened[2])      # back and forth between the two shown last builds nothing
    win.tabs.setCurrentWidget(opened[0])
    assert kept() == [True, False, True]
    win.close_editor(opened[2], ask=False)     # a closed document is not counted: the other two keep theirs
    win.tabs.setCurrentWidget(opened[1])
    assert kept()[:2] == [True, True]
