"""Once games are recorded, the Captain, First Mate and Soldiers pages, which edit the crew as founded, say so
in a banner that also shows the crew *now* (an officer's profile and powers after the levels, each value with
its history on hover). The founding fields are read-only until unlocked on purpose (with a sentence saying
what that changes). Another button takes a change between games to the latest game's "After the game" step,
so it becomes part of that game's record.

The pages themselves are not changed: `guard(pages, session)` (gui/pages/stargrave/__init__.py) wraps each
page's form building and adds the banner above the form.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractSpinBox, QComboBox, QFrame, QHBoxLayout,
                               QLabel, QLineEdit, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget)
from shiboken6 import isValid

from ...icons import icon
from ...widgets.common import Card, WrapLabel, hint

_EDITORS = (QLineEdit, QPlainTextEdit, QComboBox, QAbstractButton, QAbstractSpinBox, QAbstractItemView)
# Tables that only show the crew (their rows carry the history tooltips) stay usable while locked.
_VIEWS_KEPT = ("_chosen_powers", "_carried", "soldierRoster")
_KINDS: dict[type, str] = {}


def _editor_kind(w) -> str:
    """"text" (a field made read-only), "view" (a list), "editor" (anything else disabled) or "" (not an editor),
    worked out once per class: isinstance with PySide6's classes costs a microsecond each, on every object of the
    page at every edit."""
    cls = type(w)
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = ("text" if issubclass(cls, (QLineEdit, QPlainTextEdit)) else
                              "view" if issubclass(cls, QAbstractItemView) else
                              "editor" if issubclass(cls, _EDITORS) else "")
    return kind


def _text(w: QObject) -> QLineEdit | QPlainTextEdit:
    """A field `_editor_kind` told "text" by its class, typed as what it is (no isinstance at each edit)."""
    return cast("QLineEdit | QPlainTextEdit", w)


def games_played(session) -> int:
    return int(((session.result.derived or {}).get("campaign") or {}).get("games") or 0)


def replayed(session):
    """The replay the session's evaluation made of the crew's games (None when it could not evaluate)."""
    return getattr(session.result.derived, "campaign", None)


class FoundingBanner(QFrame):
    def __init__(self, page, session):
        super().__init__()
        self.page, self.session = page, session
        self.setObjectName(f"{page.objectName() or 'page'}_founding")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 8, 10, 8)
        lay = QHBoxLayout()
        outer.addLayout(lay)
        self.role = {"page_captain": "captain", "page_first_mate": "first_mate"}.get(page.objectName())
        self.cells: dict = {}
        self.powers = QLabel()
        if self.role:
            outer.addLayout(self._now_row())
            outer.addLayout(self._equip_row())
        pic = QLabel()
        size = self.fontMetrics().height() + 4
        pic.setPixmap(icon("info").pixmap(size, size))
        col = QVBoxLayout()
        self.words = WrapLabel()
        self.more = hint()
        col.addWidget(self.words)
        col.addWidget(self.more)
        self.unlock = QPushButton()
        self.unlock.setObjectName("unlockFounding")
        self.between = QPushButton("Change between games…")
        self.between.setObjectName("changeBetweenGames")
        self.between.setToolTip("Hire, dismiss, re-equip or move finds as part of the latest game's record")
        lay.addWidget(pic, 0)
        lay.addLayout(col, 1)
        lay.addWidget(self.between)
        lay.addWidget(self.unlock)
        self.locked: dict[int, QWidget] = {}       # the fields this banner locked, to give back (by id)
        # id -> (field, whether this banner locks it): the fields it judged, their wrappers (so their ids) held
        self._judged: dict[int, tuple[QWidget, bool]] = {}
        self._walked = None                         # the binder's generation when the page was last walked
        self._shown: dict[str, list] = {}           # what each re-equip list shows, by its name
        self.unlock.clicked.connect(self._toggle)
        self.between.clicked.connect(self._between)
        self._stale = False
        session.changed.connect(self._follow)
        page.shown.connect(self._page_shown)
        self.refresh()

    def _follow(self, change) -> None:
        """Follow an edit now if the page is in sight, else when it is shown (walking a hidden page's fields to
        lock them after every edit cost more than the edit, tests/benchmarks/bench_gui.py). A name or the notes
        change nothing the banner shows."""
        if change.touched and all(t == "/notes" or t.endswith("/name") for t in change.touched):
            return
        if self.page.isVisible():
            self.refresh()
        else:
            self._stale = True

    def _page_shown(self) -> None:
        if self._stale:
            self._stale = False
            self.refresh()

    def _now_row(self) -> QHBoxLayout:
        from model.systems.stargrave.tables import KEYS, tables

        from ...widgets.common import StatCell
        t = tables(self.session.pack)
        row = QHBoxLayout()
        row.setSpacing(6)
        now = QLabel("Now:")
        row.addWidget(now)
        for k in KEYS:
            cell = StatCell(t.label(k), t.char[k]["abbr"])
            cell.setObjectName(f"{self.role}_now_{k}")
            self.cells[k] = cell
            row.addWidget(cell)
        self.powers.setObjectName(f"{self.role}_now_powers")
        self.powers.setWordWrap(True)
        self.powers.setTextFormat(Qt.TextFormat.PlainText)
        row.addWidget(self.powers, 1)
        return row

    def _equip_row(self) -> QHBoxLayout:
        """Re-equip the officer between games: each change is one edit joining the latest game's record."""
        row = QHBoxLayout()
        self.equipment = WrapLabel()
        self.equipment.setObjectName(f"{self.role}_now_items")
        self.equip_add, self.equip_remove = QComboBox(), QComboBox()
        for combo, name, words in ((self.equip_add, "add", "Add an item between games"),
                                   (self.equip_remove, "remove", "Put an item away between games")):
            combo.setObjectName(f"{self.role}_equip_{name}")
            combo.setAccessibleName(words)
            combo.setToolTip(words + " (part of the latest game's record; Undo takes it back)")
            combo.activated.connect(lambda i, c=combo, add=name == "add": self._reequip(c.itemData(i), add))
        row.addWidget(self.equipment, 1)
        row.addWidget(self.equip_add)
        row.addWidget(self.equip_remove)
        return row

    def _refresh_equipment(self) -> None:
        from model.systems.stargrave import between_games as between
        from model.systems.stargrave.record_choices import equip_offers
        data, pack, role = self.session.data, self.session.pack, self.role
        if role is None:   # (a banner with no officer's equipment row)
            return
        i = between.latest(data)
        done = replayed(self.session)
        items = between.equipment(data, role, pack, done) if i is not None else []
        self.equipment.setText("Equipment now: " + (", ".join(items) or "nothing"))
        offers = equip_offers(data, i, data["campaign"]["games"][i], role, pack, done) if i is not None else []
        for combo, shown in ((self.equip_add, [("Add an item…", "")] + [(o["label"], o["value"]) for o in offers]),
                             (self.equip_remove, [("Put away…", "")] + [(n, n) for n in items])):
            # what each list shows is kept in Python: a Qt property turned the list into a QVariant and back
            if self._shown.get(combo.objectName()) != shown:
                self._shown[combo.objectName()] = shown
                combo.clear()
                for text, value in shown:
                    combo.addItem(text, value)
        for combo in (self.equip_add, self.equip_remove):
            combo.setEnabled(i is not None)

    def _reequip(self, name: str, add: bool) -> None:
        from model.systems.stargrave import actions
        if self.role is None:   # (a banner with no officer's equipment row)
            return
        edit = actions.equip(self.session.data, self.role, name, add, self.session.pack)
        if edit is not None:
            self.session.apply(edit)
        for combo in (self.equip_add, self.equip_remove):
            combo.setCurrentIndex(0)

    def _refresh_now(self) -> None:
        """The officer now: profile with each value's history, powers with each activation's history."""
        from model.systems.stargrave.derive import format_profile_value
        from model.systems.stargrave.tables import tables
        od = (self.session.result.derived or {}).get(self.role) if self.role else None
        if not od:
            return
        t = tables(self.session.pack)
        for k, cell in self.cells.items():
            parts = od["derivation"][k]
            lines = [f"{name}: {v:+d}" if i else f"{name}: {v}" for i, (name, v) in enumerate(parts)]
            cell.set(format_profile_value(k, od["base_profile"][k], od["profile"][k], t), "\n".join(lines))
        words, tips = [], []
        for p in od.get("powers", []):
            words.append(f"{p['name']} {p['activation']}" + (" (learned)" if p.get("learned") else ""))
            tips.append(f"{p['name']}: " + ", ".join(f"{n} {v:+d}" if i else f"{n} {v}"
                                                     for i, (n, v) in enumerate(p.get("derivation", [])))
                        + f" = {p['activation']}")
        self.powers.setText(f"Level {od['level']} · powers: " + ", ".join(words))
        self.powers.setToolTip("\n".join(tips))

    def _toggle(self) -> None:
        state = self.page.binder.state
        state.founding_unlocked = not state.founding_unlocked
        for b in state.founding_banners:
            b.refresh()

    def _between(self) -> None:
        from .record import open_walkthrough
        n = games_played(self.session)
        if n:
            dlg = open_walkthrough(self.session, self, n - 1)
            dlg.go(len(dlg.steps) - 1)

    def refresh(self) -> None:
        n = games_played(self.session)
        unlocked = self.page.binder.state.founding_unlocked
        self.setVisible(n > 0)
        if n:
            now = ("The crew now is below: hover a value for its history." if self.role else
                   "The roster now (after deaths, hires and injuries) is just below, the roster as founded further down.")
            self.words.setText(
                f"This crew has played {n} game{'s' if n != 1 else ''}. This page edits the crew as founded, "
                + ("which is unlocked. " if unlocked else "which is locked. ") + now + self._now_words())
            self._refresh_now()
            if self.role:
                self._refresh_equipment()
            self.more.setText("Changing the crew as founded changes every game after it: levels, activations, "
                              "credits and the roster are replayed from it, and a game may then break a rule."
                              if unlocked else "Unlock it only to correct a mistake made at founding.")
            self.unlock.setText("Lock the founding crew" if unlocked else "Unlock the founding crew…")
        self.set_locked(bool(n) and not unlocked)

    def _now_words(self) -> str:
        """For an officer: the level now and what the levels changed (the profile and powers shown are now)."""
        role = {"page_captain": "captain", "page_first_mate": "first_mate"}.get(self.page.objectName())
        od = (self.session.result.derived or {}).get(role) if role else None
        if not od:
            return ""
        learned = [f"{p['name']} ({p['activation']})" for p in od.get("powers", []) if p.get("learned")]
        lowered = [f"{p['name']} {p['activation']}" for p in od.get("powers", [])
                   if any(str(part[0]).startswith("level ") for part in p.get("derivation", []))]
        out = f" {od['label']} level {od['level']}."
        if lowered:
            out += " Lowered by levels: " + ", ".join(lowered) + "."
        if learned:
            out += " Learned: " + ", ".join(learned) + "."
        return out

    def set_locked(self, locked: bool) -> None:
        """Make the founding fields read-only (or give them back): only what this banner locked is unlocked."""
        if locked and self._walked == self.page.binder.generation:
            # no field came since the page was last walked (the fields added after a form is built are bound
            # fields: a row's name and ticks, a power's "lowered" tick): only lock again what a refresh gave back
            for w in self.locked.values():
                if not isValid(w):
                    continue
                if _editor_kind(w) == "text":
                    if not _text(w).isReadOnly():
                        _text(w).setReadOnly(True)
                elif w.isEnabled():
                    w.setEnabled(False)
            return
        if locked:
            self._walked = self.page.binder.generation
            body = self.page.body
            # the banner, and the cards marked "betweenGames" (they edit the latest game), stay usable. Only the
            # editors are looked for, and whether a field is kept usable is asked once: this runs after every
            # edit, and wrapping every widget of the page for Python, or of the banner to know what to keep, cost
            # more than the rest of the banner's refresh (tests/benchmarks/bench_gui.py). A field locked before is
            # locked again if its page's refresh gave it back (a soldier's row enables its shotgun box).
            self.locked = {k: w for k, w in self.locked.items() if isValid(w)}   # (rows rebuilt since let go)
            judged = self._judged
            kept = None
            for w in body.findChildren(QObject):   # (asking Qt for each editor class was 3x slower)
                kind = _editor_kind(w)
                if not kind:
                    continue
                lock = judged.get(id(w), (None, None))[1]
                if lock is None:
                    if kept is None:
                        kept = (self, *(c for c in body.findChildren(Card) if c.property("betweenGames")))
                    lock = not (any(part is w or part.isAncestorOf(w) for part in kept) or (
                        kind == "view" and w.objectName().endswith(_VIEWS_KEPT)))
                    self._judge(w, lock)
                if not lock:
                    continue
                if kind == "text":
                    if not _text(w).isReadOnly():
                        _text(w).setReadOnly(True)
                        self.locked[id(w)] = w
                elif w.isEnabled():
                    w.setEnabled(False)
                    self.locked[id(w)] = w
        else:
            for w in self.locked.values():
                try:
                    if _editor_kind(w) == "text":
                        _text(w).setReadOnly(False)
                    else:
                        w.setEnabled(True)
                except RuntimeError:   # a row widget rebuilt since
                    pass
            self.locked = {}
            self._walked = None

    def _judge(self, w: QWidget, lock: bool) -> None:
        """Remember whether this banner locks a field or leaves it usable (the banner's own, a kept list), keeping
        its wrapper, and so its id, alive; the fields deleted since (rows rebuilt) are let go when many were judged."""
        judged = self._judged
        if len(judged) >= 64 and len(judged) & (len(judged) - 1) == 0:   # at 64, 128, 256...: prune
            alive = {k: v for k, v in judged.items() if isValid(v[0])}
            judged.clear()
            judged.update(alive)
        judged[id(w)] = (w, lock)
