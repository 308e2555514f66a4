"""The Weapons page: the hard-point meter (each weapon's and equipment's share), the weapons and equipment
tables edited in place, and the player's own catalogue (save, import, add to this ship)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFileDialog, QHBoxLayout, QHeaderView, QLabel,
                               QMessageBox, QPushButton, QStyledItemDelegate, QTableWidget, QTableWidgetItem,
                               QWidget)

from model import edits
from model.systems.starchasers import catalog as cat
from model.systems.starchasers.next_step import next_step
from model.systems.starchasers.tables import tables

from ... import theme
from ...icons import severity_icon
from ...widgets.common import Card, badge, heading, hint, live_with_selection, with_badge
from ..base import Page

# (field, header, kind): kind says how a cell's text becomes JSON
WEAPON_COLUMNS = [("name", "Name", "text"), ("skill", "Skill", "text"), ("arc", "Arc", "text"),
                  ("damage_type", "Damage type", "text"), ("damage", "Damage dice", "int"),
                  ("range", "Range", "range"), ("hard_points", "Hard points", "int"), ("rarity", "Rarity", "text"),
                  ("cost", "Cost", "number"), ("qualities", "Qualities", "list")]
EQUIPMENT_COLUMNS = [("name", "Name", "text"), ("hard_points", "Hard points", "int"), ("cost", "Cost", "number"),
                     ("notes", "Notes", "text")]
PALETTE = ["#2f6db5", "#c77c1e", "#2e8b57", "#8e44ad", "#b03a48", "#16808a", "#7a6a2f", "#5a5fc2"]


def cell_text(value, kind: str) -> str:
    if value is None:
        return ""
    if kind == "list":
        return ", ".join(value) if isinstance(value, list) else str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def parse_cell(text: str, kind: str):
    """A cell's text as JSON; raises ValueError with a sentence when it cannot be one."""
    t = text.strip()
    if kind == "text":
        return text
    if kind == "list":
        return [x.strip() for x in t.split(",") if x.strip()]
    if not t:
        return None
    if kind == "int":
        try:
            return int(t)
        except ValueError:
            raise ValueError(f'"{t}" is not a whole number') from None
    if kind == "number":
        try:
            v = float(t.replace(",", ""))
        except ValueError:
            raise ValueError(f'"{t}" is not a number') from None
        return int(v) if v.is_integer() else v
    if kind == "range":
        return int(t) if t.lstrip("-").isdigit() else t
    return t


class HardPointBar(QWidget):
    """Base + added hard points as slots; each weapon's and equipment's share drawn as a coloured, named segment.
    A share that goes past the limit is drawn up to the limit in its colour and past the end (after the limit
    mark) in the error colour with the error icon; free slots alone show their outlines."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("hardPointBar")
        self.setMinimumHeight(self.fontMetrics().height() * 2 + 8)
        self.total, self.shares = 0, []

    def sizeHint(self):  # noqa: N802
        return QSize(480, self.fontMetrics().height() * 2 + 8)

    def over_limit(self) -> list[tuple[str, int]]:
        """(name, hard points past the limit) for each share that does not fit, in order."""
        out, start = [], 0
        for s in self.shares:
            end = start + s["counted"]
            if end > self.total and s["counted"]:
                out.append((s["name"] or s["kind"], end - max(start, self.total)))
            start = end
        return out

    def set(self, total: int, shares: list[dict]) -> None:
        self.total, self.shares = total, shares
        used = sum(s["counted"] for s in shares)
        text = ", ".join(f"{s['name'] or s['kind']}: {s['hard_points']}" for s in shares)
        over = f", {used - total} over the limit" if used > total else ""
        self.setToolTip(f"{used} of {total} hard points used{over}. {text}".strip())
        self.setAccessibleName(f"Hard points: {used} of {total} used{over}")
        self.setAccessibleDescription(text)
        self.update()

    def paintEvent(self, _event):  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        used = sum(s["counted"] for s in self.shares)
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
        start = 0
        for k, s in enumerate(self.shares):
            n = s["counted"]
            if not n:
                continue
            end = start + n
            inside = max(0, min(end, self.total) - start)
            label = f"{s['name'] or s['kind']} ({n})"
            if inside:
                r = QRectF(1 + start * w + 1, 2, inside * w - 3, h - 2)
                self._segment(p, r, QColor(PALETTE[k % len(PALETTE)]), label)
            if end > self.total:
                first = max(start, self.total)
                r = QRectF(1 + first * w + 2, 2, (end - first) * w - 4, h - 2)
                self._segment(p, r, error, f"{end - first} over" if inside else label, icon=True)
            start = end
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


class ChoiceDelegate(QStyledItemDelegate):
    """A cell whose field has a list of values in the rules pack is edited with that list (still open to
    typing, as a named exotic skill is allowed)."""

    def __init__(self, table: "EntryTable", choices: dict[str, list[str]]):
        super().__init__(table)
        self.table, self.choices = table, choices

    def _field(self, index) -> str:
        return self.table.columns[index.column()][0]

    def createEditor(self, parent, option, index):  # noqa: N802 (Qt name)
        values = self.choices.get(self._field(index))
        if not values:
            return super().createEditor(parent, option, index)
        box = QComboBox(parent)
        box.setEditable(True)
        box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        box.addItems(values)
        box.setObjectName(f"{self.table.listname}_{self._field(index)}_choice")
        box.setAccessibleName(f"{self.table.columns[index.column()][1]}: choose or type")
        box.activated.connect(lambda _i, b=box: self.commitData.emit(b))
        return box

    def setEditorData(self, editor, index):  # noqa: N802
        if isinstance(editor, QComboBox):
            editor.setCurrentText(index.data() or "")
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor, model, index):  # noqa: N802
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText())
        else:
            super().setModelData(editor, model, index)


class EntryTable(QTableWidget):
    """A list of the document (weapons or equipment) edited in place: one cell edit = one Set edit."""

    def __init__(self, page, listname: str, columns: list[tuple[str, str, str]]):
        super().__init__(0, len(columns))
        self.page, self.listname, self.columns = page, listname, columns
        self.setObjectName(f"{listname}Table")
        self.setAccessibleName(f"{listname.capitalize()} of the ship")
        self.setHorizontalHeaderLabels([c[1] for c in columns])
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)
        self.verticalHeader().hide()
        self._filling = False
        self.itemChanged.connect(self._edited)
        self.setItemDelegate(ChoiceDelegate(self, page.t.weapon_field_choices if listname == "weapons" else {}))
        self.kept: dict[tuple[int, int], tuple[str, str]] = {}  # (row, column): (text typed, what is wrong)

    def fill(self, entries) -> None:
        entries = entries if isinstance(entries, list) else []
        self._filling = True
        try:
            keep = self.currentRow()
            if len(entries) != self.rowCount():
                self.kept.clear()  # rows came or went: a kept value no longer knows its row
            self.setRowCount(len(entries))
            issues = {}
            for i in self.page.session.issues:
                issues.setdefault(i.pointer, []).append(i)
            for r, e in enumerate(entries):
                for c, (field, _h, kind) in enumerate(self.columns):
                    item = QTableWidgetItem(cell_text(e.get(field), kind))
                    found = issues.get(f"/{self.listname}/{r}/{field}", [])
                    if (r, c) in self.kept:  # a value that could not be taken: shown as typed, with why
                        text, why = self.kept[(r, c)]
                        item.setText(text)
                        item.setBackground(theme.tint("error"))
                        item.setForeground(self.palette().color(self.palette().ColorRole.Text))
                        item.setToolTip(why)
                        item.setIcon(severity_icon("error"))
                    elif found:
                        worst = "error" if any(i.is_error for i in found) else found[0].severity
                        item.setBackground(theme.tint(worst))
                        item.setForeground(self.palette().color(self.palette().ColorRole.Text))
                        item.setToolTip("\n".join(i.message for i in found))
                        item.setIcon(severity_icon(worst))
                    self.setItem(r, c, item)
            if 0 <= keep < len(entries):
                self.setCurrentCell(keep, max(self.currentColumn(), 0))
        finally:
            self._filling = False

    def _edited(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        field, header, kind = self.columns[item.column()]
        pointer = f"/{self.listname}/{item.row()}/{field}"
        key = (item.row(), item.column())
        try:
            value = parse_cell(item.text(), kind)
        except ValueError as e:
            # Kept in its cell with the message until it is corrected (the document keeps its last good value).
            self.kept[key] = (item.text(), f"{header}: {e}; the ship keeps its last value until this is corrected.")
            self.fill(self.page.session.data.get(self.listname))
            self.page.show_kept()
            return
        self.kept.pop(key, None)
        self.page.show_kept()
        self.page.binder.set_value(pointer, value, source=None)


class WeaponsPage(Page):
    title = "Weapons"
    icon_name = "soldiers"
    prefixes = ("/weapons", "/equipment")
    object_name = "page_weapons"

    def next_step(self) -> str:
        return next_step("weapons", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        self.t = tables(session.pack)
        self.catalog = cat.new_catalog()
        self.column.addWidget(heading("Weapons and equipment"))
        self.add_next_step()
        self.column.addWidget(hint("Each weapon and piece of equipment uses the hard points its entry states; "
                                   "together they may not use more than the base plus added hard points. "
                                   "Edit a cell in place; every change can be undone."))
        meter = Card("Hard points")
        self.bar = HardPointBar()
        self.meter_words = QLabel()
        self.meter_words.setObjectName("hardPointWords")
        self.meter_words.setWordWrap(True)
        meter.add(self.bar)
        meter.add(self.meter_words)
        self.column.addWidget(meter)

        wcard = Card("Weapons")
        self.weapons = EntryTable(self, "weapons", WEAPON_COLUMNS)
        self.weapons.setMinimumHeight(self.fontMetrics().height() * 12)
        self.weapons_badge = badge()
        wcard.add(with_badge(self.weapons, self.weapons_badge), 1)
        self.status = QLabel()
        self.status.setObjectName("weaponsStatus")
        self.status.setStyleSheet(f"color: {theme.colour('error')};")
        wcard.add(self.status)
        row = QHBoxLayout()
        self.add_weapon = QPushButton("&Add weapon")
        self.add_weapon.setObjectName("addWeapon")
        self.remove_weapon = QPushButton("&Remove weapon")
        self.remove_weapon.setObjectName("removeWeapon")
        row.addWidget(self.add_weapon)
        row.addWidget(self.remove_weapon)
        row.addStretch(1)
        wcard.layout_.addLayout(row)
        self.column.addWidget(wcard)
        self.pools = hint()
        self.pools.setObjectName("weaponPools")
        wcard.add(self.pools)

        ecard = Card("Equipment that uses hard points")
        self.equipment = EntryTable(self, "equipment", EQUIPMENT_COLUMNS)
        self.equipment.setMinimumHeight(self.fontMetrics().height() * 5)
        self.equipment.setMaximumHeight(self.fontMetrics().height() * 9)
        self.equipment_badge = badge()
        ecard.add(with_badge(self.equipment, self.equipment_badge), 1)
        row = QHBoxLayout()
        self.add_equipment = QPushButton("Add e&quipment")
        self.add_equipment.setObjectName("addEquipment")
        self.remove_equipment = QPushButton("Remove equip&ment")
        self.remove_equipment.setObjectName("removeEquipment")
        row.addWidget(self.add_equipment)
        row.addWidget(self.remove_equipment)
        row.addStretch(1)
        ecard.layout_.addLayout(row)
        self.column.addWidget(ecard)

        ccard = Card("Your catalogue")
        ccard.add(hint("The rules list no weapons, so you define your own. Save this ship's weapons and equipment "
                       "to a catalogue file, import a catalogue, and add its entries to any ship."))
        row = QHBoxLayout()
        self.save_cat = QPushButton("&Save to catalogue…")
        self.save_cat.setObjectName("saveCatalog")
        self.open_cat = QPushButton("&Import catalogue…")
        self.open_cat.setObjectName("importCatalog")
        self.cat_entries = QComboBox()
        self.cat_entries.setObjectName("catalogEntries")
        self.cat_entries.setAccessibleName("Catalogue entries")
        self.use_cat = QPushButton("Add to this shi&p")
        self.use_cat.setObjectName("useCatalogEntry")
        for w in (self.save_cat, self.open_cat):
            row.addWidget(w)
        row.addWidget(self.cat_entries, 1)
        row.addWidget(self.use_cat)
        ccard.layout_.addLayout(row)
        self.column.addWidget(ccard)
        self.column.addStretch(1)

        binder.custom("/weapons", self.weapons, self, self.weapons.fill, deep=True, badge=self.weapons_badge,
                      select=lambda p: self._select(self.weapons, p))
        binder.custom("/equipment", self.equipment, self, self.equipment.fill, deep=True,
                      badge=self.equipment_badge, select=lambda p: self._select(self.equipment, p))
        self.add_weapon.clicked.connect(lambda: self._add("weapons"))
        self.add_equipment.clicked.connect(lambda: self._add("equipment"))
        self.remove_weapon.clicked.connect(lambda: self._remove(self.weapons))
        self.remove_equipment.clicked.connect(lambda: self._remove(self.equipment))
        live_with_selection(self.remove_weapon, self.weapons)
        live_with_selection(self.remove_equipment, self.equipment)
        self.save_cat.clicked.connect(self._save_catalog)
        self.open_cat.clicked.connect(self._import_catalog)
        self.use_cat.clicked.connect(self._use_entry)
        self._refresh_meter()
        self._fill_catalog_entries()

    # ---- helpers --------------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.status.setText(text)

    def show_kept(self) -> None:
        """The line under the tables says every value still waiting to be corrected (not only the last)."""
        kept = [why for table in (self.weapons, self.equipment) for _text, why in table.kept.values()]
        self.say(" ".join(kept))

    @staticmethod
    def _select(table: EntryTable, pointer: str) -> None:
        parts = pointer.split("/")
        if len(parts) > 2 and parts[2].isdigit():
            col = next((i for i, c in enumerate(table.columns) if len(parts) > 3 and c[0] == parts[3]), 0)
            table.setCurrentCell(int(parts[2]), col)

    def _add(self, listname: str) -> None:
        entries = self.session.data.get(listname)
        if not isinstance(entries, list):
            return
        if listname == "weapons":
            entry = {"name": "New weapon", "skill": "", "arc": "", "damage_type": "", "damage": None,
                     "qualities": [], "range": None, "rarity": "", "hard_points": None, "cost": None}
        else:
            entry = {"name": "New equipment", "hard_points": None, "cost": None}
        self.session.apply(edits.Insert(f"/{listname}/{len(entries)}", entry))
        table = self.weapons if listname == "weapons" else self.equipment
        table.setCurrentCell(len(entries), 0)

    def _remove(self, table: EntryTable) -> None:
        r = table.currentRow()
        entries = self.session.data.get(table.listname) or []
        if 0 <= r < len(entries):
            self.session.apply(edits.Remove(f"/{table.listname}/{r}"))

    # ---- catalogue ------------------------------------------------------------------------------------
    def _fill_catalog_entries(self) -> None:
        self.cat_entries.clear()
        for listname in cat.LISTS:
            for e in self.catalog[listname]:
                word = "weapon" if listname == "weapons" else "equipment"
                self.cat_entries.addItem(f"{e['name']} ({word}, {e.get('hard_points', '?')} hard points)",
                                         (listname, e["name"]))
        self.use_cat.setEnabled(self.cat_entries.count() > 0)

    def _save_catalog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save to catalogue", "", "Starwright catalogue (*.json)")
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
            QMessageBox.warning(self, "Catalogue not saved", str(e))
            return
        self._fill_catalog_entries()

    def load_catalog(self, path: str) -> None:
        try:
            self.catalog = cat.import_catalog(path)
        except cat.CatalogError as e:
            QMessageBox.warning(self, "Catalogue not imported", str(e))
            return
        self._fill_catalog_entries()

    def _import_catalog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import catalogue", "", "Starwright catalogue (*.json)")
        if path:
            self.load_catalog(path)

    def _use_entry(self) -> None:
        data = self.cat_entries.currentData()
        if data:
            listname, name = data
            self.session.apply(cat.use_entry(self.session.data, self.catalog, listname, name))

    # ---- derived --------------------------------------------------------------------------------------
    def _refresh_meter(self) -> None:
        d = self.session.result.derived
        if not d:
            return
        self.bar.set(d["hard_points_total"], d["hard_points_shares"])
        over = d["hard_points_used"] - d["hard_points_total"]
        words = (f"{d['hard_points_used']} of {d['hard_points_total']} used "
                 f"({d['hard_points_base'] or 0} base + {d['hard_points_added']} added); ")
        if over > 0:
            names = " and ".join(f"{name} ({n})" for name, n in self.bar.over_limit())
            words += (f"{over} over the limit: {over} hard point{'s' if over != 1 else ''} too many. "
                      f"Past the end: {names}. Free {over} or add hard points.")
        else:
            words += f"{d['hard_points_free']} free"
        self.meter_words.setText(words)
        self.meter_words.setStyleSheet(f"color: {theme.colour('error')};" if over > 0 else "")
        lines = [f"{w['name'] or 'Unnamed'}: {w['pool_text']}" for w in d.get("weapons", [])]
        self.pools.setText("Attack pools\n" + "\n".join(lines) if lines else "")
        self.pools.setToolTip("\n".join(
            f"{w['name']}: " + " + ".join(f"{p['label']} {p['dice']}" if p["dice"] is not None else
                                          f"{p['label']} ({p['note']})" for p in w["pool_parts"])
            for w in d.get("weapons", [])))

    def on_changed(self, change) -> None:
        if change.derived_changed:
            self._refresh_meter()
        if change.issues_changed:
            self.weapons.fill(self.session.data.get("weapons"))
            self.equipment.fill(self.session.data.get("equipment"))
