"""The Weapons page: the hard-point meter (each weapon's and equipment's share), the weapons and equipment
tables edited in place, and what is defined elsewhere to pick from: the player's own catalogue (save, import)
and the weapons and equipment of the other ships open in the window (the window says which: binder.state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QWidget

from model.systems.starchasers import catalog as cat
from model.systems.starchasers.ship import actions
from model.systems.starchasers.next_step import next_step
from model.systems.starchasers.ship.offers import defined_elsewhere
from model.systems.starchasers.tables import tables

from ... import theme
from ...dialogs import prompts
from ...icons import severity_icon
from ...widgets.common import Card, WrapLabel, badge, hint, live_with_selection, with_badge
from ..base import Page
from .fields import TabsWhenAdded, show_words

CATALOG_FILTER = "Starwright catalogue (*.json)"

if TYPE_CHECKING:
    from .entry_table import EntryTable

SHIP_KIND = "starchasers-ship"


class FreshCombo(QComboBox):
    """A combo box whose items are made again just before its list opens (what it offers changes elsewhere)."""

    def __init__(self, refill, parent=None):
        super().__init__(parent)
        self.refill = refill

    def showPopup(self) -> None:  # (Qt name)
        self.refill()
        super().showPopup()


PALETTE = ["#2f6db5", "#c77c1e", "#2e8b57", "#8e44ad", "#b03a48", "#16808a", "#7a6a2f", "#5a5fc2"]
LISTS = ("weapons", "equipment")


class HardPointBar(QWidget):
    """Base + added hard points as slots; each weapon's and equipment's share drawn as a coloured, named segment.
    A share that goes past the limit is drawn up to the limit in its colour and past the end (after the limit
    mark) in the error colour with the error icon; free slots alone show their outlines."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("hardPointBar")
        self.setMinimumHeight(self.fontMetrics().height() * 2 + 8)
        self.total, self.used, self.shares = 0, 0, []

    def sizeHint(self):
        return QSize(480, self.fontMetrics().height() * 2 + 8)

    def over_limit(self) -> list[tuple[str, int]]:
        """(name, hard points past the limit) for each share that does not fit, in order (as derived)."""
        return [(s["name"] or s["kind"], s["past_limit"]) for s in self.shares if s["past_limit"]]

    def set(self, total: int, used: int, shares: list[dict]) -> None:
        """The ship's hard points, how many are used and each share as derived (where it ends, how much of it
        lies past the limit: ship_derive.place_shares); the bar only draws them."""
        if (total, used, shares) == getattr(self, "_shown", None):
            return   # nothing the bar draws changed (e.g. a weapon's damage was edited)
        self._shown = (total, used, shares)
        self.total, self.used, self.shares = total, used, shares
        text = ", ".join(f"{s['name'] or s['kind']}: {s['hard_points']}" for s in shares)
        over = f", {used - total} over the limit" if used > total else ""
        self.setToolTip(f"{used} of {total} hard points used{over}. {text}".strip())
        self.setAccessibleName(f"Hard points: {used} of {total} used{over}")
        self.setAccessibleDescription(text)
        self.update()

    def paintEvent(self, _event):
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        used = self.used
        slots = max(self.total, used, 1)
        w = (self.width() - 2) / slots
        h = self.height() - 2
        pal = self.palette()
        error = QColor(theme.colour("error"))
        # Free slots only: a share covers its slots completely, so no outline shows through it.
        p.setPen(QPen(pal.color(pal.ColorRole.Mid), 1))
        p.setBrush(pal.color(pal.ColorRole.Base))
        for i in range(used, self.total):
            p.drawRoundedRect(QRectF(1 + i * w, 1, w - 2, h), 3, 3)
        if used > self.total:  # the space past the end, tinted, so the overflow reads as outside the ship
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(error.lighter(175))
            p.drawRoundedRect(QRectF(1 + self.total * w, 1, (used - self.total) * w - 1, h), 3, 3)
        for k, s in enumerate(self.shares):
            n, end, past = s["counted"], s["end"], s["past_limit"]
            if not n:
                continue
            start, inside = end - n, n - past
            label = f"{s['name'] or s['kind']} ({n})"
            if inside:
                r = QRectF(1 + start * w + 1, 2, inside * w - 3, h - 2)
                self._segment(p, r, QColor(PALETTE[k % len(PALETTE)]), label)
            if past:
                r = QRectF(1 + (end - past) * w + 2, 2, past * w - 4, h - 2)
                self._segment(p, r, error, f"{past} over" if inside else label, icon=True)
        if used > self.total:  # the limit: a bold mark at the end of the ship's hard points
            x = 1 + self.total * w
            p.setPen(QPen(error.darker(130), 3))
            p.drawLine(int(x), 0, int(x), self.height())
        p.end()

    def _segment(self, p: QPainter, r: QRectF, colour: QColor, label: str, icon: bool = False) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawRoundedRect(r, 3, 3)
        text_r = QRectF(r)
        if icon:
            side = min(int(r.height()) - 6, 20)
            if side > 6 and r.width() > side + 8:
                icon_r = QRectF(r.left() + 4, r.center().y() - side / 2, side, side)
                p.setBrush(QColor("white"))
                p.drawEllipse(icon_r.adjusted(1, 1, -1, -1))
                severity_icon("error").paint(p, icon_r.toRect())
                text_r.setLeft(icon_r.right() + 2)
        p.setPen(QColor("white"))
        p.drawText(text_r, Qt.AlignmentFlag.AlignCenter, self.fontMetrics().elidedText(
            label, Qt.TextElideMode.ElideRight, max(int(text_r.width()) - 4, 0)))


class WeaponsPage(TabsWhenAdded, Page):
    title = "Weapons"
    icon_name = "soldiers"
    prefixes = ("/weapons", "/equipment")
    object_name = "page_weapons"
    # what this page shows of the derived values (the meter, the attack pools): other changes pass it by
    watches = {"hard_points_total", "hard_points_used", "hard_points_shares", "hard_points_free", "weapons"}

    def next_step(self) -> str:
        return next_step("weapons", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        self.t = tables(session.pack)
        self._entries_shown: list | None = None   # the offers the pick list shows (labels and tips)
        self._picked_from: list = []              # where each source index of the list's entries points
        self.start_form("Weapons and equipment",
                        "Each weapon and piece of equipment uses the hard points its entry states; "
                        "together they may not use more than the base plus added hard points. "
                        "Edit a cell in place (double-click or start typing; Skill, Arc, Damage type "
                        "and Rarity offer their choices); every change can be undone.")
        meter = Card("Hard points")
        self.bar = HardPointBar()
        self.meter_words = WrapLabel()
        self.meter_words.setObjectName("hardPointWords")
        meter.add(self.bar)
        meter.add(self.meter_words)
        self.column.addWidget(meter)
        self.tables: dict[str, EntryTable] = {}
        self._pool_lines = 0     # the attack pools' lines room is kept for (`_refresh_pools`)
        self.add_weapon, self.remove_weapon = self._build_list("weapons", "Weapons", ("&Add weapon", "&Remove weapon"))
        self.add_equipment, self.remove_equipment = self._build_list(
            "equipment", "Equipment that uses hard points", ("Add e&quipment", "Remove equip&ment"))
        self.weapons, self.equipment = self.tables["weapons"], self.tables["equipment"]
        self._build_catalog()
        self.column.addStretch(1)
        self._refresh_meter()
        self._fill_catalog_entries()

    def _build_list(self, listname: str, title: str, words: tuple[str, str]) -> tuple[QPushButton, QPushButton]:
        """A card with a table of one list of the ship and its Add and Remove buttons (returned)."""
        from .entry_table import EntryTable   # (imported with the form, not with the editor)
        card = Card(title)
        choices = self.session.result.offers.get("choices", {}) if listname == "weapons" else {}
        table = EntryTable(listname, actions.FIELDS[listname], choices)
        mark = badge()
        card.add(with_badge(table, mark), 1)
        if listname == "weapons":
            self.status = WrapLabel()
            self.status.setObjectName("weaponsStatus")
            self.status.setStyleSheet(f"color: {theme.colour('error')};")
            card.add(self.status)
        row = QHBoxLayout()
        add, remove = QPushButton(words[0]), QPushButton(words[1])
        kind = "Weapon" if listname == "weapons" else "Equipment"
        add.setObjectName(f"add{kind}")
        remove.setObjectName(f"remove{kind}")
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        card.layout_.addLayout(row)
        if listname == "weapons":
            self.pools = hint()
            self.pools.setObjectName("weaponPools")
            self.pools.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)   # (room kept below)
            card.add(self.pools)
        self.column.addWidget(card)
        self.tables[listname] = table
        binding = self.binder.rows(f"/{listname}", table, self, table.entries, table.entries.entry_rows,
                                   select=table.select_pointer)
        binding.badge = mark
        table.entries.edited.connect(lambda row, field, text, n=listname: self._typed(n, row, field, text))
        add.clicked.connect(lambda: self._add(listname))
        remove.clicked.connect(lambda: self._remove(listname))
        live_with_selection(remove, table)
        return add, remove

    def _build_catalog(self) -> None:
        ccard = Card("Defined elsewhere: your catalogue and other open ships")
        ccard.add(hint("The rules list no weapons, so you define your own: type them into the tables above, or "
                       "pick one defined in another ship open in this window or in a catalogue file. Save this "
                       "ship's weapons and equipment to a catalogue to use them in any ship."))
        row = QHBoxLayout()
        self.save_cat = QPushButton("&Save to catalogue…")
        self.save_cat.setObjectName("saveCatalog")
        self.open_cat = QPushButton("&Import catalogue…")
        self.open_cat.setObjectName("importCatalog")
        self.cat_entries = FreshCombo(self._fill_catalog_entries)
        self.cat_entries.setObjectName("catalogEntries")
        self.cat_entries.setAccessibleName("Weapons and equipment defined in your catalogue or another open ship")
        self.cat_entries.setPlaceholderText("Nothing defined elsewhere yet: import a catalogue or open another ship")
        self.cat_entries.setMinimumContentsLength(24)
        self.cat_entries.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.use_cat = QPushButton("Add to this shi&p")
        self.use_cat.setObjectName("useCatalogEntry")
        for w in (self.save_cat, self.open_cat):
            row.addWidget(w)
        row.addWidget(self.cat_entries, 1)
        row.addWidget(self.use_cat)
        ccard.layout_.addLayout(row)
        self.column.addWidget(ccard)
        self.save_cat.clicked.connect(self._save_catalog)
        self.open_cat.clicked.connect(self._import_catalog)
        self.use_cat.clicked.connect(self._use_entry)
        self.shown.connect(self._fill_catalog_entries)   # another ship may have been opened or edited meanwhile

    # ---- helpers --------------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        show_words(self.status, text, self.status.styleSheet())

    def show_kept(self) -> None:
        """The line under the tables says every value still waiting to be corrected (not only the last)."""
        self.say(" ".join(why for table in self.tables.values() for why in table.kept_words()))

    def _typed(self, listname: str, row: int, field: str, text: str) -> None:
        """A cell typed into: its edit through the model's actions, or the text kept with why it is no value."""
        edit = self.tables[listname].take(row, field, text,
                                          lambda r, f, t: actions.set_cell(self.session.data, listname, r, f, t))
        self.show_kept()
        if edit is not None:
            self.session.apply(edit)

    def _add(self, listname: str) -> None:
        n = len(self.session.data.get(listname) or [])
        self.session.apply(actions.add_entry(self.session.data, listname))
        table = self.tables[listname]
        table.setCurrentIndex(table.entries.index(n, 0))
        table.setFocus()

    def _remove(self, listname: str) -> None:
        edit = actions.remove_entry(self.session.data, listname, self.tables[listname].current_row())
        if edit is not None:
            self.session.apply(edit)

    # ---- catalogue ------------------------------------------------------------------------------------
    @property
    def catalog(self) -> dict:
        """The catalogue imported or saved here: the editor's state keeps it while the document is open (the page
        can be given back and made again), a page without an editor keeps its own."""
        state = self.binder.state
        kept = state.catalog if state is not None else getattr(self, "_catalog", None)
        return kept if kept is not None else cat.new_catalog()

    @catalog.setter
    def catalog(self, value: dict) -> None:
        if self.binder.state is not None:
            self.binder.state.catalog = value
        else:
            self._catalog = value

    def other_ships(self) -> list:
        """The sessions of the other Starchasers ships open in the window (none outside a window)."""
        state = self.binder.state
        others = state.others_open() if state is not None else []
        return [s for s in others if s.kind.kind == SHIP_KIND and s is not self.session]

    def _sources(self) -> list[tuple[str, object]]:
        """(the words saying where, what holds the entries: the catalogue, or another ship's session)."""
        out: list[tuple[str, object]] = []
        if self.catalog_has_entries():
            out.append((f"catalogue “{self.catalog.get('name') or 'catalogue'}”", self.catalog))
        for s in self.other_ships():
            out.append((f"ship “{str(s.data.get('name') or '').strip() or s.display_name}”", s))
        return out

    @staticmethod
    def _holder(source: object) -> dict:
        data = getattr(source, "data", source)   # a session's document, read when used (it may have changed)
        return data if isinstance(data, dict) else {}

    def _fill_catalog_entries(self) -> None:
        sources = self._sources()
        entries = defined_elsewhere([(where, self._holder(src)) for where, src in sources],
                                    self.session.result.derived)
        shown = [(e["label"], e["reason"]) for e in entries]
        if shown == getattr(self, "_entries_shown", None) and [s for _w, s in sources] == self._picked_from:
            return   # the same offers: the list and the choice stay as they are
        current = self.cat_entries.currentData()
        was = (self._picked_from[current[0]], current[1], current[2]) if current else None
        self._entries_shown, self._picked_from = shown, [s for _w, s in sources]
        self.cat_entries.blockSignals(True)
        self.cat_entries.clear()
        for e in entries:
            self.cat_entries.addItem(e["label"], (e["source"], e["list"], e["name"]))
            self.cat_entries.setItemData(self.cat_entries.count() - 1, e["reason"] or None,
                                         Qt.ItemDataRole.ToolTipRole)
        keep = next((i for i, e in enumerate(entries) if was == (self._picked_from[e["source"]], e["list"], e["name"])),
                    0 if entries else -1)
        self.cat_entries.setCurrentIndex(keep)
        self.cat_entries.blockSignals(False)
        self.use_cat.setEnabled(self.cat_entries.count() > 0)

    def _save_catalog(self) -> None:
        path = prompts.save_file(self, "Save to catalogue", "", CATALOG_FILTER, ".json")
        if not path:
            return
        try:
            try:
                base = cat.import_catalog(path)
            except cat.CatalogError:
                base = cat.new_catalog()
            self.catalog = cat.save_ship_entries(base, self.session.data)
            cat.export_catalog(path, self.catalog)
        except cat.CatalogError as e:
            prompts.show_document_error(self, e, "save")
            return
        self._fill_catalog_entries()

    def load_catalog(self, path: str) -> None:
        try:
            self.catalog = cat.import_catalog(path)
        except cat.CatalogError as e:
            prompts.show_document_error(self, e, "import")
            return
        self._fill_catalog_entries()

    def _import_catalog(self) -> None:
        path = prompts.open_file(self, "Import catalogue", "", CATALOG_FILTER)
        if path:
            self.load_catalog(path)

    def _use_entry(self) -> None:
        data = self.cat_entries.currentData()
        if not data:
            return
        source, listname, name = data
        holder = self._picked_from[source]
        if holder is not self.catalog and not any(holder is s for s in self.other_ships()):
            self._fill_catalog_entries()   # that ship was closed since the list was made
            self.say(f"The ship that defined “{name}” is no longer open: choose again from the list as it is now.")
            return
        try:
            edit = actions.use_catalog_entry(self.session.data, self._holder(holder), listname, name)
        except (KeyError, IndexError):   # renamed or removed in the other ship since the list was made
            self._fill_catalog_entries()
            self.say(f"“{name}” is no longer defined there: choose again from the list as it is now.")
            return
        self.session.apply(edit)

    # ---- derived --------------------------------------------------------------------------------------
    def _refresh_meter(self) -> None:
        d, offers = self.session.result.derived, self.session.result.offers
        if not d or not offers:
            return
        self.bar.set(d["hard_points_total"], d["hard_points_used"], d["hard_points_shares"])
        meter = offers["hard_points"]
        show_words(self.meter_words, meter["words"], f"color: {theme.colour('error')};" if meter["over"] else "")
        self._refresh_pools()
        self._fill_catalog_entries()   # whether each entry fits follows the free hard points

    def _refresh_pools(self) -> None:
        d = self.session.result.derived
        if not d:
            return
        lines = [f"{w['name'] or 'Unnamed'}: {w['pool_text']}" for w in d.get("weapons", [])]
        show_words(self.pools, "Attack pools\n" + "\n".join(lines) if lines else "")
        # room kept for the lines of two more weapons, as the table keeps rows (entry_table.py `_fit`): a weapon
        # added or taken away then changes no height, and the page below it is not laid out and painted again
        shown = len(lines) + 1 if lines else 0
        if shown > self._pool_lines or shown + 4 < self._pool_lines:
            self._pool_lines = shown + 2 if shown else 0
            self.pools.setMinimumHeight(self._pool_lines * self.pools.fontMetrics().lineSpacing())
        self.pools.setToolTip("\n".join(
            f"{w['name']}: " + " + ".join(f"{p['label']} {p['dice']}" if p["dice"] is not None else
                                          f"{p['label']} ({p['note']})" for p in w["pool_parts"])
            for w in d.get("weapons", [])))

    def catalog_has_entries(self) -> bool:
        return any(self.catalog.get(n) for n in LISTS)

    def on_changed(self, change) -> None:
        changed = change.derived_changed & self.watches
        if changed == {"weapons"}:
            self._refresh_pools()   # an attack pool changed, not the hard points
        elif changed:
            self._refresh_meter()
