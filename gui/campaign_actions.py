"""The Campaign menu: Record a Game… and the Campaign page, for documents that keep a campaign (Stargrave crews).
(Named "Campai&gn": "&Crew" took Alt+C from fields such as Star Frontiers' "Starting &credits".)

Kept out of main_window.py: the window calls `install(window)` once; the actions enable themselves when the
current tab is a document whose pages offer a Campaign page.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence


def _campaign_page(editor):
    """The editor's Campaign page (made if it is not yet), None for a document that has none."""
    return editor.page_named("page_campaign") if editor is not None else None


def install(window) -> None:
    bar = window.menuBar()
    view = next((a for a in bar.actions() if a.text().replace("&", "") == "View"), None)
    menu = window.menuBar().addMenu("Campai&gn") if view is None else None
    if menu is None:
        from PySide6.QtWidgets import QMenu
        menu = QMenu("Campai&gn", window)
        bar.insertMenu(view, menu)
    menu.setObjectName("crewMenu")

    record = QAction("&Record a Game…", window)
    record.setObjectName("record_game")
    record.setShortcuts([QKeySequence("Ctrl+G")])  # (setShortcut would build the Qt enums before the first show)
    record.setStatusTip("After a game: survival, experience, levels, loot and spending, step by step")
    campaign = QAction("&Campaign", window)
    campaign.setObjectName("campaign_page")
    campaign.setStatusTip("The games played, running totals, the stash and the injured")
    menu.addAction(record)
    menu.addAction(campaign)
    window.addAction(record)
    window.addAction(campaign)
    window.a_record_game = record
    window.a_campaign = campaign

    def current_page():
        return _campaign_page(window.current_editor())

    def do_record():
        page = current_page()
        if page is not None:
            page.open_walkthrough(None)

    def do_campaign():
        page = current_page()
        if page is not None:
            window.current_editor().show_page(page)
            page.setFocus()

    def enable(*_):
        editor = window.current_editor()
        ok = editor is not None and editor.index_named("page_campaign") is not None
        record.setEnabled(ok)
        campaign.setEnabled(ok)

    record.triggered.connect(lambda _=False: do_record())
    campaign.triggered.connect(lambda _=False: do_campaign())
    window.tabs.currentChanged.connect(enable)
    enable()


def walkthrough_may_close(editor) -> bool:
    """Before a document closes: a "Record a game" walk-through open on it with something entered asks first,
    like unsaved changes; True when the document may close (the walk-through is then closed too)."""
    if not editor.state.walkthrough_open():
        return True
    dlg = editor.state.record_dialog
    if not dlg.may_discard():
        return False
    dlg.discard()
    return True
