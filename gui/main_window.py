"""The main window: a start page and one tab per open document, menus, shortcuts, drag and drop."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QTimer
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QWidget

if TYPE_CHECKING:  # only named in a signature: PySide6 sets up a Qt class on first use (QEvent's ~1.5 ms)
    from PySide6.QtGui import QCloseEvent

from model.kinds import KINDS

from model.paths import is_program_file

from . import settings as st
from .icons import icon, kind_icon
from .dialogs import prompts
from .pages import has_pages
from .widgets.document_tabs import DocumentTabs
from .widgets.start_page import StartPage

# The editor, the session and storage (and through them the rules engine and jsonschema) are imported
# when the first document opens, not before the window shows (tests/benchmarks/bench_gui.py).


def _as_document_error(e: BaseException, path):
    """Any failure as the DocumentError a dialog shows: what went wrong and with which file."""
    from model import storage
    if isinstance(e, storage.DocumentError):
        return e
    print(f"starwright: unexpected {type(e).__name__}: {e}", file=sys.stderr)   # the details, for a report
    return storage.DocumentError(path, "a problem Starwright did not expect stopped it",
                                 advice="Try again; if it happens again, report it with the file (the details "
                                        "are written to Starwright's error output).")


NO_SHEETS = ("PDF sheets are not available in this build of Starwright. Install a full build of Starwright to print "
             "sheets; Edit › Copy as Text gives the listing meanwhile.")


def _is_editor(w) -> bool:
    return getattr(w, "is_document_editor", False)

APP = "Starwright"
# The documents whose pages keep their forms when another is shown: going back and forth between two (a crew and
# its ship) builds nothing; a third shown gives back the forms of the one shown longest ago, which builds its page
# again when shown (16-40 ms instead of 7-11: tests/benchmarks/bench_tab_switch.py; memory with five documents
# open: tests/benchmarks/bench_gui.py).
KEPT_FORMS = 2


class MainWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowIcon(icon("starwright"))
        self.setAcceptDrops(True)
        from .window_size import PREFERRED
        self.resize(PREFERRED)   # until place_on_screen (gui/app.py) fits it to the screen it opens on
        self._shown_order: list = []   # the documents in the order last shown, the current first (_keep_forms)

        self.tabs = DocumentTabs()
        self.tabs.setObjectName("documentTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.tabCloseRequested.connect(lambda i: self.close_editor(self.tabs.widget(i)))
        self.start = StartPage()
        self.tabs.addTab(self.start, icon("starwright"), "Start")
        self.tabs.tabBar().setTabButton(0, self.tabs.tabBar().ButtonPosition.RightSide, None)
        self.tabs.tabBar().setTabButton(0, self.tabs.tabBar().ButtonPosition.LeftSide, None)
        self.setCentralWidget(self.tabs)
        self.start.newRequested.connect(self.new_document)
        self.start.quickStartRequested.connect(self.quick_start)
        self.start.openRequested.connect(self.open_dialog)
        self.start.recentRequested.connect(self.open_path)
        self.start.exampleRequested.connect(self.open_path)

        self.undo_group = QUndoGroup(self)
        from .recovery import Autosaver
        self.autosaver = Autosaver(self)
        self.autosaver.failed.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self._build_actions()
        from PySide6.QtWidgets import QApplication
        from .widgets import focus_ring
        app = QApplication.instance()
        if isinstance(app, QApplication):
            focus_ring.install(app)   # the keyboard's place shows on every widget, light and dark
        self.tabs.currentChanged.connect(self._tab_changed)
        self._tab_changed(0)  # also fills the recent files (no document yet)

    # ---- actions and menus --------------------------------------------------------------------------
    def _act(self, text: str, slot, shortcut=None, name: str = "", tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcuts(shortcut if isinstance(shortcut, list) else [shortcut])
        a.triggered.connect(lambda _=False: slot())
        a.setObjectName(name or text.replace("&", "").replace("…", "").replace(" ", "_").lower())
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(tip)
        self.addAction(a)
        return a

    def _build_actions(self) -> None:
        m = self.menuBar()
        self._file_menu(m.addMenu("&File"))
        self._edit_menu(m.addMenu("&Edit"))
        self._view_menu(m.addMenu("&View"))
        helpm = m.addMenu("&Help")
        self.a_guide = self._act("&User Guide", self.user_guide, QKeySequence(QKeySequence.StandardKey.HelpContents),
                                 "user_guide")
        helpm.addAction(self.a_guide)
        self.a_about = self._act("&About Starwright", self.about, None, "about")
        helpm.addAction(self.a_about)

        from . import campaign_actions
        campaign_actions.install(self)

        import importlib.util
        sheets = importlib.util.find_spec("model.sheets") is not None  # preview.available(), without the preview
        for a in (self.a_export, self.a_print, self.a_preview):
            a.setProperty("needs_sheets", True)
            if not sheets:
                a.setToolTip(a.toolTip() + " (PDF sheets are not available in this build)")

    def _file_menu(self, file) -> None:
        K = QKeySequence.StandardKey
        self.a_new = self._act("&New Stargrave Crew", lambda: self.new_document("stargrave-crew"), K.New, "new",
                               "Start a new Stargrave crew")
        self.a_new.setEnabled("stargrave-crew" in KINDS and has_pages("stargrave-crew"))
        self.a_open = self._act("&Open…", self.open_dialog, K.Open, "open", "Open a Starwright document")
        self.a_import = self._act("&Import…", self.import_dialog, QKeySequence("Ctrl+Shift+I"), "import",
                                  "Import a crew from Labernator or BattleScribe / New Recruit, or a Star Frontiers "
                                  "character from a Foundry VTT actor")
        self.a_example = self._act("Open &Example…", self.start.choose_example, None, "open_example",
                                   "Open an untitled copy of one of the examples")
        self.recent_menu = file.addMenu("Open &Recent")
        self.a_save = self._act("&Save", self.save, K.Save, "save", "Save the document")
        self.a_save_as = self._act("Save &As…", self.save_as, K.SaveAs, "save_as", "Save under a new name")
        self.a_export = self._act("&Export PDF…", self.export_pdf, QKeySequence("Ctrl+E"), "export_pdf",
                                  "Write the filled sheet as a PDF file")
        self.a_print = self._act("&Print…", self.print_document, K.Print, "print", "Print the filled sheet")
        self.a_close = self._act("&Close", self.close_current, K.Close, "close", "Close this document")
        self.a_quit = self._act("&Quit", self.close, K.Quit, "quit", "Quit Starwright")
        self.a_quit.setMenuRole(QAction.MenuRole.QuitRole)
        file.insertAction(self.recent_menu.menuAction(), self.a_new)
        self.new_menu = file.addMenu("Ne&w Other")
        from .widgets.start_page import kinds_on_offer
        for kind, title, ok in kinds_on_offer():
            if kind == "stargrave-crew":
                continue
            a = self.new_menu.addAction(kind_icon(kind), f"{title}" if ok else f"{title} (coming soon)")
            a.setEnabled(ok)
            a.triggered.connect(lambda _=False, k=kind: self.new_document(k))
        file.insertAction(self.recent_menu.menuAction(), self.new_menu.menuAction())
        file.insertAction(self.recent_menu.menuAction(), self.a_open)
        file.insertAction(self.recent_menu.menuAction(), self.a_example)
        file.insertAction(self.recent_menu.menuAction(), self.a_import)
        for a in (self.a_save, self.a_save_as):
            file.addAction(a)
        file.addSeparator()
        self.export_menu = file.addMenu("E&xport")
        self.a_export.setText("&PDF…")
        self.export_menu.addAction(self.a_export)
        self.a_foundry = self._act("&Foundry VTT Actor…", self._export_foundry, None,
                                   "export_foundry", "Write this Star Frontiers character as a Foundry VTT actor")
        self.export_menu.addAction(self.a_foundry)
        file.addAction(self.a_print)
        file.addSeparator()
        file.addAction(self.a_close)
        file.addAction(self.a_quit)

    def _edit_menu(self, edit) -> None:
        K = QKeySequence.StandardKey
        self.a_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.a_undo.setShortcuts([QKeySequence(K.Undo)])
        self.a_undo.setObjectName("undo")
        self.a_redo = self.undo_group.createRedoAction(self, "&Redo")
        redo_keys = QKeySequence.keyBindings(K.Redo)
        for extra in ("Ctrl+Shift+Z", "Ctrl+Y"):  # both, on every platform, each once (a duplicate is ambiguous)
            if QKeySequence(extra) not in redo_keys:
                redo_keys.append(QKeySequence(extra))
        self.a_redo.setShortcuts(redo_keys)
        self.a_redo.setObjectName("redo")
        for a in (self.a_undo, self.a_redo):
            self.addAction(a)
            edit.addAction(a)
        edit.addSeparator()
        self.a_fill = self._act("&Fill the Rest", self.fill_the_rest, QKeySequence("Ctrl+Shift+F"), "fill_the_rest",
                                "Complete everything not chosen yet with legal choices")
        edit.addAction(self.a_fill)
        edit.addSeparator()
        self.a_copy_text = self._act("Copy as &Text", self.copy_as_text, QKeySequence("Ctrl+Shift+C"), "copy_as_text",
                                     "Copy a compact listing of the document (with its rule issues) for a forum or chat")
        self.a_copy_md = self._act("Copy as &Markdown", lambda: self.copy_as_text(markdown=True), None,
                                   "copy_as_markdown", "The same listing as Markdown, for chats that format it")
        edit.addAction(self.a_copy_text)
        edit.addAction(self.a_copy_md)

    def _view_menu(self, view) -> None:
        K = QKeySequence.StandardKey
        self.a_start = self._act("&Start Page", lambda: self.tabs.setCurrentIndex(0), QKeySequence("Ctrl+0"),
                                 "start_page")
        view.addAction(self.a_start)
        self.page_actions = []
        for i in range(5):
            a = self._act(f"Page {i + 1}", lambda i=i: self._goto_page(i), QKeySequence(f"Ctrl+{i + 1}"), f"page_{i + 1}")
            view.addAction(a)
            self.page_actions.append(a)
        view.addSeparator()
        self.a_issues = self._act("Next &Issue", self.next_issue, QKeySequence("F8"), "next_issue",
                                  "Go to the next field with an issue")
        view.addAction(self.a_issues)
        self.a_preview = self._act("Sheet &Preview", self.toggle_preview, QKeySequence("F9"), "preview",
                                   "Show the printed sheet beside the editor, following every change")
        self.a_preview.setCheckable(True)
        view.addAction(self.a_preview)
        self.a_play = self._act("P&lay", self.toggle_play, QKeySequence("F5"), "play",
                                "At the table: only what changes during a game (Health, hull, supplies), "
                                "in large controls; F5 again goes back")
        self.a_play.setCheckable(True)
        view.addAction(self.a_play)
        self.a_share = self._act("Share with P&hones…", self.share_with_phones, QKeySequence("F6"), "share_phones",
                                 "Show the game's tracks on the players' phones over this network (a QR code to scan)")
        view.addAction(self.a_share)
        view.addSeparator()
        self._theme_menu(view.addMenu("&Theme"))
        self.a_next_tab = self._act("Next Tab", lambda: self._cycle_tab(1), QKeySequence(K.NextChild), "next_tab")
        self.a_prev_tab = self._act("Previous Tab", lambda: self._cycle_tab(-1), QKeySequence(K.PreviousChild), "prev_tab")

    def _theme_menu(self, menu) -> None:
        """View > Theme: System (the desktop's setting), Light or Dark; applied at once and remembered."""
        from PySide6.QtGui import QActionGroup
        from . import theme
        group = QActionGroup(self)
        group.setExclusive(True)
        self.theme_actions: dict[str, QAction] = {}
        for choice, text, tip in (("system", "&System", "Light or dark as the desktop is set"),
                                  ("light", "&Light", "Dark text on light panels"),
                                  ("dark", "&Dark", "Light text on dark panels")):
            a = QAction(text, self)
            a.setObjectName(f"theme_{choice}")
            a.setCheckable(True)
            a.setChecked(theme.chosen() == choice)
            a.setStatusTip(tip)
            a.triggered.connect(lambda _=False, c=choice: self._choose_theme(c))
            group.addAction(a)
            menu.addAction(a)
            self.theme_actions[choice] = a
        menu.aboutToShow.connect(lambda: self.theme_actions[theme.chosen()].setChecked(True))

    def _choose_theme(self, choice: str) -> None:
        from PySide6.QtWidgets import QApplication
        from . import theme
        app = QApplication.instance()
        if isinstance(app, QApplication):
            theme.choose(app, choice)

    # ---- documents ----------------------------------------------------------------------------------
    def editors(self) -> list:
        return [w for w in (self.tabs.widget(i) for i in range(self.tabs.count())) if _is_editor(w)]

    def current_editor(self):
        w = self.tabs.currentWidget()
        return w if _is_editor(w) else None

    def _add_editor(self, session, recovery_key: str | None = None):
        from .editor import DocumentEditor
        self._keep_forms(None)   # before the new document's form is built: it takes the room given back
        editor = DocumentEditor(session)

        def others_open() -> list:
            return [x.session for x in self.editors() if x is not editor]
        editor.state.others_open = others_open   # a page offers what the other open documents define
        self.undo_group.addStack(session.stack)
        self.autosaver.track(session, recovery_key)
        editor.titleChanged.connect(lambda e=editor: self._retitle(e))
        editor.playToggled.connect(lambda _on, e=editor: self._show_play_state(self.current_editor()))
        i = self.tabs.addTab(editor, kind_icon(session.kind.kind), "")
        self.tabs.setCurrentIndex(i)
        self._retitle(editor)
        session.changed.connect(lambda _c, e=editor: self._update_status(e))
        if self.a_preview.isChecked():
            editor.set_preview_visible(True)
        return editor

    def new_document(self, kind: str):
        from .session import Session
        k = KINDS.get(kind)
        if k is None or not has_pages(kind):
            return None
        editor = self._add_editor(Session.new(k, self))
        if editor is not None:  # a new document: the cursor waits in its first field (the crew's name)
            editor.enter_page(editor.stack.currentIndex())
        return editor

    def quick_start(self, kind: str = "stargrave-crew"):
        editor = self.new_document(kind)
        if editor is not None:
            editor.fill_the_rest()
        return editor

    def open_path(self, path: str):
        from model import storage
        from .session import Session
        path = str(path)
        resolved = os.path.realpath(path.replace("\0", ""))  # never raises (a loop, a NUL)
        for e in self.editors():  # the file's tab, or the untitled copy of the program's file still open
            where = e.session.path or e.session.copy_of
            if where and os.path.realpath(where) == resolved:
                self.tabs.setCurrentWidget(e)
                return e
        try:
            session = Session.open(path, self)
            if not has_pages(session.kind.kind):
                raise storage.DocumentError(path, f"{session.kind.title} documents cannot be edited in this "
                                                  f"version yet (use 'starwright check' meanwhile)", "/format")
        except Exception as e:  # every way in (argument, dialog, recent, drop) ends in a dialog, never a traceback
            prompts.show_document_error(self, _as_document_error(e, path))
            if not os.path.lexists(path):
                st.remove_recent(resolved)
                self._refresh_recent()
            return None
        editor = self._add_editor(session)
        if session.copy_of is None:  # an example is no file of the player's: it stays in the examples list
            st.add_recent(path)
        self._refresh_recent()
        return editor

    def _tell(self, notes: list[str]) -> None:
        from model.error_words import sentence
        for note in notes:
            prompts.show_message(self, "Saved", sentence(note))

    def offer_recovery(self) -> list:
        """Offer what an earlier run left in the recovery folder; returns the editors restored."""
        from .recovery import anything_left, folder
        if not anything_left(folder()):
            return []
        from model import recovery, storage
        from .dialogs.recovery import RecoveryDialog
        from .session import Session
        entries, _broken = recovery.pending(folder())
        if not entries:
            return []
        dialog = RecoveryDialog(entries, self)
        dialog.exec()
        restored = []
        if dialog.choice == "restore":
            ticked = dialog.ticked()
            for entry in ticked:
                try:
                    storage.check_value(entry.data, entry.file)
                    kind, version = storage.identify(entry.data, entry.file)
                    data = storage.from_data(entry.data, entry.file).data if version < kind.version else entry.data
                    session = Session(data, kind, entry.path, self)
                except Exception as e:
                    prompts.show_document_error(self, _as_document_error(e, str(entry.file)), "restore")
                    continue
                session.stack.resetClean()  # restored changes are unsaved until the user saves
                restored.append(self._add_editor(session, entry.key))
                self.autosaver.write_now(session)
            for entry in entries:
                if entry not in ticked:
                    recovery.remove(folder(), entry.key)
        elif dialog.choice == "discard":
            for entry in entries:
                recovery.remove(folder(), entry.key)
        return restored

    def open_dialog(self) -> None:
        folder = str(st.settings().value("last_folder", "") or "")
        for p in prompts.choose_open_paths(self, folder):
            st.settings().setValue("last_folder", str(Path(p).parent))
            self.open_path(p)

    def import_dialog(self) -> None:
        from .dialogs.import_report import choose_import_path
        folder = str(st.settings().value("last_folder", "") or "")
        path = choose_import_path(self, folder)
        if path:
            st.settings().setValue("last_folder", str(Path(path).parent))
            self.import_path(path)

    def import_path(self, path: str):
        """Read a crew or character from another program and show the report (window-modal); it opens as a
        new, unsaved document only when the player says so. Returns the dialog, or None if the file was refused."""
        from PySide6.QtCore import Qt
        from model.importers import ImportRefused, import_file
        from .dialogs.import_report import ImportReportDialog
        try:
            result = import_file(path)
        except ImportRefused as e:
            prompts.show_document_error(self, e, "import")
            return None
        dialog = ImportReportDialog(result, str(path), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.open_imported(result.data, result.kind))
        dialog.open()
        return dialog

    def open_imported(self, data: dict, kind: str = "stargrave-crew"):
        from .session import Session
        session = Session(data, KINDS[kind], None, self)
        session.stack.resetClean()   # never saved: closing asks, saving asks for a name
        editor = self._add_editor(session)
        self._retitle(editor)
        return editor

    def save(self, editor=None) -> bool:
        editor = editor or self.current_editor()
        if editor is None:
            return False
        if not editor.session.path:
            return self.save_as(editor)
        try:
            notes = editor.session.save()
        except Exception as e:
            prompts.show_document_error(self, _as_document_error(e, editor.session.path), "save")
            return False
        self._tell(notes)
        st.add_recent(editor.session.path)
        self._refresh_recent()
        self.statusBar().showMessage(f"Saved {editor.session.path}", 4000)
        return True

    def save_as(self, editor=None) -> bool:
        editor = editor or self.current_editor()
        if editor is None:
            return False
        s = editor.session
        folder = Path(s.path).parent if s.path else Path(str(st.settings().value("last_folder", "") or Path.home()))
        if is_program_file(folder):  # the examples' folder (opened through File > Open) is never offered
            folder = Path.home()
        suggestion = str(Path(s.path) if s.path else folder / prompts.suggested_name(str(s.data.get("name") or "")))
        while True:
            path = prompts.choose_save_path(self, suggestion)
            if not path:
                return False
            if not is_program_file(path):
                break
            prompts.show_message(self, "Save As", f"“{Path(path).parent}” is one of Starwright's own folders, which "
                                 "hold its examples and rules, and Starwright never writes there. Choose another "
                                 "folder, such as your Documents folder.")
            suggestion = str(Path.home() / Path(path).name)
        try:
            notes = s.save(path)
        except Exception as e:
            prompts.show_document_error(self, _as_document_error(e, path), "save")
            return False
        self._tell(notes)
        st.settings().setValue("last_folder", str(Path(path).parent))
        st.add_recent(path)
        self._refresh_recent()
        self._retitle(editor)
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def close_editor(self, editor, ask: bool = True) -> bool:
        if not _is_editor(editor):
            return False
        from . import campaign_actions
        if ask and not campaign_actions.walkthrough_may_close(editor):
            return False
        if ask and editor.session.dirty:
            self.tabs.setCurrentWidget(editor)
            answer = prompts.ask_save_changes(self, editor.session.display_name)
            if answer == prompts.CANCEL or (answer == prompts.SAVE and not self.save(editor)):
                return False
        self.autosaver.forget(editor.session)  # saved or discarded: the recovery file goes
        from . import share
        share.stop_for(editor.session)         # the phones sharing it are told and disconnected
        self.undo_group.removeStack(editor.session.stack)
        self.tabs.removeTab(self.tabs.indexOf(editor))
        editor.deleteLater()
        return True

    def close_current(self) -> None:
        self.close_editor(self.current_editor())

    def closeEvent(self, event: QCloseEvent) -> None:
        for editor in self.editors():
            if (editor.session.dirty or editor.state.walkthrough_open()) and not self.close_editor(editor):
                event.ignore()
                return
        from . import share
        share.stop_all()                       # quitting: every phone is told and disconnected
        s = st.settings()
        s.setValue("geometry", self.saveGeometry())
        s.setValue("state", self.saveState())
        s.sync()
        event.accept()

    def restore_geometry(self) -> None:
        """The remembered size and place, fitted to the screen's available area (gui/window_size.py); the first
        time, at most 90% of that area, centred."""
        from PySide6.QtCore import QRect
        from .window_size import placement
        s = st.settings()
        geo = s.value("geometry")
        restored = isinstance(geo, QByteArray) and not geo.isEmpty() and self.restoreGeometry(geo)
        screen = self.screen()
        if screen is not None and not (self.isMaximized() or self.isFullScreen()):
            rect = placement(screen.availableGeometry(), QRect(self.pos(), self.size()) if restored else None)
            self.resize(rect.size())
            self.move(rect.topLeft())
        state = s.value("state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)

    # ---- editing ------------------------------------------------------------------------------------
    def fill_the_rest(self) -> None:
        e = self.current_editor()
        if e:
            e.fill_the_rest()

    def next_issue(self) -> None:
        from PySide6.QtCore import Qt
        e = self.current_editor()
        if not e or not e.session.issues:
            return
        tree = e.issues.tree
        n = tree.topLevelItemCount()
        cur = tree.indexOfTopLevelItem(tree.currentItem()) if tree.currentItem() else -1
        item = tree.topLevelItem((cur + 1) % n)
        tree.setCurrentItem(item)
        e.focus_pointer(item.data(0, Qt.ItemDataRole.UserRole))

    def _goto_page(self, i: int) -> None:
        e = self.current_editor()
        if e and i < len(e.specs):
            page = e.page(i)
            e.show_page(page)
            page.setFocus()

    def _cycle_tab(self, step: int) -> None:
        if self.tabs.count():
            self.tabs.setCurrentIndex((self.tabs.currentIndex() + step) % self.tabs.count())

    # ---- sheets -------------------------------------------------------------------------------------
    def export_pdf(self) -> None:
        from model import storage
        from .widgets import preview as pv
        e = self.current_editor()
        if e is None:
            return
        if not pv.available():
            prompts.show_message(self, "Export PDF", NO_SHEETS)
            return
        s = e.session
        from .dialogs import export_options
        choice = export_options.choose_export(self, pv.default_paper(), s.kind)
        if choice is None:
            return
        suffix = {"cards": "-cards.pdf", "blank": "-blank-cards.pdf", "tracker": "-tracker.pdf"}.get(choice.what, ".pdf")
        base = Path(s.path).with_suffix("") if s.path else Path.home() / prompts.suggested_name(
            str(s.data.get("name") or "")).replace(".starwright", "")
        path = prompts.choose_pdf_path(self, str(base) + suffix)
        if not path:
            return
        if s.path and Path(path).resolve() == Path(s.path).resolve():
            prompts.show_message(self, "Export PDF", "Choose another name: exporting never overwrites the document.")
            return
        try:
            self._tell(storage.atomic_write(path, export_options.render(s, choice)) or [])
        except Exception as err:  # a sheet that cannot be made, a disk that is full: a dialog, never a traceback
            prompts.show_document_error(self, _as_document_error(err, path), "export")
            return
        self.statusBar().showMessage(f"Exported {path}", 4000)

    def copy_as_text(self, markdown: bool = False) -> None:
        """Edit > Copy as Text: the listing of the document as it is now (model/listing.py)."""
        from PySide6.QtGui import QGuiApplication
        from model.cards import CardError
        from model.listing import listing
        e = self.current_editor()
        if e is None:
            return
        try:
            text = listing(e.session.data, e.session.result, markdown=markdown)
        except CardError as err:
            from model.error_words import sentence
            prompts.show_message(self, "Copy as Text", f"{sentence(str(err))} Nothing was copied.")
            return
        QGuiApplication.clipboard().setText(text)
        self.statusBar().showMessage("Copied the listing" + (" as Markdown" if markdown else "") +
                                     f" ({len(text.splitlines())} lines)", 4000)

    def print_document(self) -> None:
        from .widgets import preview as pv
        e = self.current_editor()
        if e is None or not pv.available():
            if e is not None:
                prompts.show_message(self, "Print", NO_SHEETS)
            return
        pv.print_with_dialog(self, e.session)

    def toggle_play(self) -> None:
        e = self.current_editor()
        if e is not None:
            e.set_play(not e.in_play)
        self._show_play_state(e)

    def _show_play_state(self, e) -> None:
        # the kind's line says whether it has a Play view (model.play itself is loaded when the view opens)
        self.a_play.setEnabled(e is not None and bool(e.session.kind.play))
        self.a_play.setChecked(e is not None and e.in_play)
        self.a_share.setEnabled(self.a_play.isEnabled())

    def share_with_phones(self) -> None:
        """Table Link (gui/share): the Play view, and the sharing window with its QR code."""
        e = self.current_editor()
        if e is not None and e.session.kind.play:
            e.set_play(True)
            self._show_play_state(e)
            from . import share
            share.open_for(e.session, self)

    def toggle_preview(self) -> None:
        from .widgets import preview as pv
        on = self.a_preview.isChecked()
        if on and not pv.available():
            self.a_preview.setChecked(False)
            prompts.show_message(self, "Sheet preview", NO_SHEETS)
            return
        for e in self.editors():
            e.set_preview_visible(on)

    def about(self) -> None:
        from .dialogs.about import show_about
        show_about(self)

    def user_guide(self) -> None:
        from .dialogs.help import show_guide
        show_guide(self)

    # ---- titles and state ---------------------------------------------------------------------------
    def _retitle(self, editor) -> None:
        i = self.tabs.indexOf(editor)
        if i < 0:
            return
        s = editor.session
        crew = str(s.data.get("name") or "").strip()
        label = crew or s.display_name
        self.tabs.setTabText(i, label + (" (copy)" if s.copy_of else "") + (" *" if s.dirty else ""))
        where = s.path or (f"Not saved yet: {s.copy_label}; Save asks for a name" if s.copy_of else "Not saved yet")
        self.tabs.setTabToolTip(i, where + (" — unsaved changes" if s.dirty else ""))
        if editor is self.current_editor():
            self._update_window_title()

    def _update_window_title(self) -> None:
        e = self.current_editor()
        if e is None:
            self.setWindowTitle(APP)
            self.setWindowModified(False)
            return
        s = e.session
        crew = str(s.data.get("name") or "").strip() or s.kind.title
        where = Path(s.path).name if s.path else s.copy_label or "not saved"
        self.setWindowTitle(f"{crew} ({where})[*] — {APP}")
        self.setWindowModified(s.dirty)

    def _update_status(self, editor) -> None:
        # Whether the document is legal is said once, by the editor's issues panel (its summary line).
        if editor is not None and editor is self.current_editor():
            self._update_window_title()

    def _export_foundry(self) -> None:
        from .dialogs import foundry_export   # on first use: start-up does not load the exporter
        foundry_export.export_actor(self)

    def _keep_forms(self, current) -> None:
        """The documents shown last (KEPT_FORMS of them, `current` first) keep their pages' forms; the others give
        them back (DocumentEditor.release_forms) and build the page shown again when next shown."""
        alive = self.editors()
        order = [current] if current is not None else []
        order += [e for e in self._shown_order if e is not current and e in alive]
        self._shown_order = order
        for e in order[KEPT_FORMS if current is not None else KEPT_FORMS - 1:]:
            e.release_forms()

    def _tab_changed(self, _i: int) -> None:
        from model.exporters import FOUNDRY_KIND
        e = self.current_editor()
        has = e is not None
        if has:
            self._keep_forms(e)
        for a in (self.a_save, self.a_save_as, self.a_close, self.a_fill, self.a_export, self.a_print, self.a_issues,
                  self.a_copy_text, self.a_copy_md, *self.page_actions):
            a.setEnabled(has)
        # Fill the Rest is there only for the kinds that have a filler (Stargrave, Star Frontiers).
        self.a_foundry.setEnabled(has and e.session.kind.kind == FOUNDRY_KIND)
        fills = has and e.session.kind.system.quick_start is not None
        self.a_fill.setVisible(fills or not has)
        self.a_fill.setEnabled(fills)
        if has:
            self.undo_group.setActiveStack(e.session.stack)
            for i, a in enumerate(self.page_actions):
                a.setText(f"&{i + 1} {e.specs[i].title}" if i < len(e.specs) else f"Page {i + 1}")
                a.setEnabled(i < len(e.specs))
        else:
            self.undo_group.setActiveStack(None)  # type: ignore[arg-type]  # None clears it (Qt's nullptr); the stub forgets it
            self._refresh_recent()
        self._update_window_title()
        self._update_status(e)
        self._show_play_state(e)

    def _refresh_recent(self) -> None:
        from shiboken6 import isValid
        if not isValid(self.recent_menu):  # the window is being taken apart at exit: nothing to show
            return
        files = st.recent_files()
        self.start.set_recent(files)
        self.recent_menu.clear()
        for p in files:
            a = self.recent_menu.addAction(Path(p).name)
            a.setToolTip(p)
            a.triggered.connect(lambda _=False, p=p: self.open_path(p))
        self.recent_menu.setEnabled(bool(files))

    # ---- drag and drop ------------------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dragMoveEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        event.acceptProposedAction()
        # Open after the drop returns: an error dialog inside a drop handler would block the drag source.
        # Other builders' files (Labernator .sg, BattleScribe .ros/.rosz) are imported, with the report first.
        foreign = (".sg", ".ros", ".rosz")
        QTimer.singleShot(0, lambda: [self.import_path(p) if p.lower().endswith(foreign) else self.open_path(p)
                                      for p in paths])
