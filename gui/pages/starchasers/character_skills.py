"""The Skills page: every skill with its governing attribute, level (with its name), bonus dice and the pool
the model computes (attribute + bonus + skill), updated on each click; skills the player adds, with an
attribute picker where the rules pair a skill with none; equipment with the dice it adds and the skills
that require it.

The skills are rows of a RowsModel (one per skill, from the model's offers): an edit repaints the rows whose
pool or words changed; a skill added or removed inserts or removes its row only. The level, bonus and
attribute controls sit in their row's cells, each bound to its pointer (its issues painted on it by the
binder). The equipment is a table typed into in place, like a ship's weapons. No rule is applied here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFrame, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QPushButton, QTableView)

from model.systems.starchasers.character import actions
from model.systems.starchasers.next_step import next_step
from model.systems.starchasers.tables import tables

from ... import theme
from ...widgets.common import Card, WrapLabel, badge, hint, live_with_selection, with_badge
from ...widgets.rows_model import Row, RowsModel
from ..base import Page
from .character_fields import LevelBox, bind_level
from .fields import NumberBox, TabsWhenAdded

HEAD = ("Skill", "Attribute", "Level", "Bonus dice", "Pool", "")
ATTRIBUTE, LEVEL, BONUS, POOL, REMOVE = 1, 2, 3, 4, 5


class SkillsModel(RowsModel):
    """The skill rows: the pool in bold, in the warning colour when the model flags it."""

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if index.isValid() and index.column() == POOL and index.row() < len(self.rows):
            if role == Qt.ItemDataRole.FontRole:
                f = QFont()
                f.setWeight(QFont.Weight.Bold)
                f.setPointSizeF(f.pointSizeF() * 1.15)
                return f
            if role == Qt.ItemDataRole.ForegroundRole and self.rows[index.row()].data:
                return QColor(theme.colour("warning"))
        return super().data(index, role)


def skill_rows(offers: dict) -> list[Row]:
    return [Row(key=s["name"], cells=(s["label"], s["attribute_fixed"] or "", "", "", s["pool"], ""),
                tips=("", "", "", "", s["pool_how"], ""), center=(POOL,), data=s["flagged"])
            for s in offers.get("skills", [])]


class SkillsPage(TabsWhenAdded, Page):
    title = "Skills"
    icon_name = "starwright"
    prefixes = ("/skills", "/bonuses", "/skill_attributes", "/equipment")
    object_name = "page_skills"

    def next_step(self) -> str:
        return next_step("skills", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        t = self.t = tables(session.pack)
        self.start_form("Skills and equipment",
                        "Each skill's pool is its attribute's dice + bonus dice + the skill's level: "
                        "the number to roll. Equipment dice are added to the skills it names.")
        self._build_skills(t)
        self._build_equipment(t)
        self.column.addStretch(1)

    # ---- skills table ----------------------------------------------------------------------------------
    def _build_skills(self, t) -> None:
        ch = t.char
        self.skill_card = Card("Skills")
        self.skills = SkillsModel(list(HEAD), parent=self)
        self.skill_view = QTableView()
        self.skill_view.setObjectName("skillsTable")
        self.skill_view.setAccessibleName("Skills")
        self.skill_view.setModel(self.skills)
        self.skill_view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.skill_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.skill_view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.skill_view.setShowGrid(False)
        # rows on the card's colour, so the level and bonus fields (Base) stand out as fields in both themes
        self.skill_view.viewport().setBackgroundRole(QPalette.ColorRole.Window)
        self.skill_view.setFrameShape(QFrame.Shape.NoFrame)
        self.skill_view.verticalHeader().hide()
        self.skill_view.verticalHeader().setDefaultSectionSize(LevelBox({}, 0, 1, False).sizeHint().height() + 6)
        header = self.skill_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)   # fitted when rows come or go
        header.setStretchLastSection(True)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.skills.rowsInserted.connect(self._fit_skills)
        self.skills.rowsRemoved.connect(self._fit_skills)
        self.skills.rowsAboutToBeRemoved.connect(self._drop_rows)
        self.skill_card.add(self.skill_view)
        row = QHBoxLayout()
        self.new_skill = QLineEdit()
        self.new_skill.setObjectName("newSkillName")
        self.new_skill.setAccessibleName("Name of a skill to add")
        self.new_skill.setPlaceholderText("a skill the rules do not list, e.g. Gambling")
        self.new_skill.returnPressed.connect(self._add_skill)
        self.add_skill = QPushButton("&Add skill")
        self.add_skill.setObjectName("addSkill")
        self.add_skill.clicked.connect(self._add_skill)
        self.skill_words = QLabel()
        self.skill_words.setObjectName("addSkillWords")
        row.addWidget(self.new_skill, 1)
        row.addWidget(self.add_skill)
        row.addWidget(self.skill_words, 1)
        self.skill_card.layout_.addLayout(row)
        self.skill_card.add(hint(" · ".join(f"{lvl} {n}" for lvl, n in sorted(t.skill_names.items())) +
                                 f". Bonus dice {ch['bonus_range']['min']} to {ch['bonus_range']['max']} "
                                 f"(e.g. a species ability); a pool above {ch['pool_warning_above']} is flagged."))
        self.column.addWidget(self.skill_card)
        self.level_boxes: dict[str, LevelBox] = {}
        self.attr_pickers: dict[str, QComboBox] = {}
        self._pointers: dict[str, set[str]] = {}   # skill -> the pointers its row's controls are bound to
        self._show_skills()

    def _show_skills(self) -> None:
        known = {r.key for r in self.skills.rows}
        self.skills.set_rows(skill_rows(self.session.result.offers))
        new = [i for i, r in enumerate(self.skills.rows) if r.key not in known]
        for i in new:
            self._controls(i)
            self.tabs_changed()
        if new:
            self._fit_skills()   # the new rows' controls are measured too

    def _fit_skills(self, *_args) -> None:
        v = self.skill_view
        v.resizeColumnsToContents()
        room = v.fontMetrics().height() + 8   # an issue's badge beside a control shows without squeezing it
        for col in (ATTRIBUTE, LEVEL, BONUS):
            v.setColumnWidth(col, v.columnWidth(col) + room)
        v.setColumnWidth(POOL, max(v.columnWidth(POOL), v.fontMetrics().horizontalAdvance("88 dice") + 12))
        height = sum(v.rowHeight(r) for r in range(self.skills.rowCount()))
        v.setFixedHeight(height + v.horizontalHeader().sizeHint().height() + 2 * v.frameWidth())

    def _drop_rows(self, _parent, first: int, last: int) -> None:
        """A skill row going: its controls' bindings go with it (the view deletes the controls)."""
        for r in self.skills.rows[first:last + 1]:
            pointers = self._pointers.pop(r.key, set())
            self.binder.drop(lambda b, p=pointers: b.pointer in p)
            self.level_boxes.pop(r.key, None)
            self.attr_pickers.pop(r.key, None)

    def _controls(self, row: int) -> None:
        """The level, bonus and (for a skill the rules pair with none) attribute controls of one row."""
        offer = next(s for s in self.session.result.offers["skills"] if s["name"] == self.skills.rows[row].key)
        name, slug = offer["name"], offer["name"].replace(" ", "_")
        self._pointers[name] = {offer["pointer"], offer["bonus_pointer"], offer["attribute_pointer"]}
        ch = self.t.char
        if offer["attribute_fixed"] is None:
            self._attribute_picker(row, offer, slug)
        level = LevelBox(self.t.skill_names, ch["skill_range"]["min"], ch["skill_range"]["max"], nullable=False)
        level.setObjectName(f"skillLevel_{slug}")
        level.setAccessibleName(f"{name} level")
        lb = badge()
        bind_level(self.binder, offer["pointer"], level, self, badge=lb,
                   on_set=lambda v, n=name: actions.set_skill_level(self.session.data, n, v))
        self.skill_view.setIndexWidget(self.skills.index(row, LEVEL), with_badge(level, lb))
        self.level_boxes[name] = level
        bonus = NumberBox(lo=-9, hi=99, nullable=False)
        bonus.setObjectName(f"skillBonus_{slug}")
        bonus.setAccessibleName(f"{name} bonus dice")
        bb = badge()
        self._bind_bonus(name, offer["bonus_pointer"], bonus, bb)
        self.skill_view.setIndexWidget(self.skills.index(row, BONUS), with_badge(bonus, bb))
        if offer["removable"]:
            rm = QPushButton("Remove")
            rm.setObjectName(f"removeSkill_{slug}")
            rm.setAccessibleName(f"Remove the skill {name}")
            rm.clicked.connect(lambda _=False, n=name: self.session.apply(actions.remove_skill(self.session.data, n)))
            self.skill_view.setIndexWidget(self.skills.index(row, REMOVE), rm)

    def _attribute_picker(self, row: int, offer: dict, slug: str) -> None:
        name = offer["name"]
        pick = QComboBox()
        pick.setObjectName(f"skillAttr_{slug}")
        pick.setAccessibleName(f"{name}: governing attribute")
        pick.addItem("choose…", "")
        for a in self.session.result.offers["attributes"]:
            pick.addItem(a["label"], a["key"])
        b = badge()
        pick.activated.connect(lambda i, n=name: self._apply(actions.set_skill_attribute(
            self.session.data, n, pick.itemData(i))))
        self.binder.custom(offer["attribute_pointer"], pick, self, lambda v: self._show_pick(pick, v), deep=False,
                           badge=b)
        self.skill_view.setIndexWidget(self.skills.index(row, ATTRIBUTE), with_badge(pick, b))
        self.attr_pickers[name] = pick

    def _bind_bonus(self, name: str, pointer: str, box: NumberBox, b) -> None:
        def changed(_v):
            dice = box.json_value()
            edit = actions.set_bonus(self.session.data, name, dice)
            if edit is not None:   # a run of clicks setting dice is one undo step; back to 0 removes the entry
                self.session.apply(edit, source=box, merge_key=(pointer, self.session.typing_run) if dice else None)
        box.valueChanged.connect(changed)
        box.editingFinished.connect(self.session.new_typing_run)
        self.binder.custom(pointer, box, self, lambda v: box.display(0 if v is None else v), deep=False, badge=b)

    @staticmethod
    def _show_pick(pick: QComboBox, value) -> None:
        i = pick.findData(value or "")
        if i < 0:
            pick.addItem(f"{value} (not an attribute)", value)
            i = pick.count() - 1
        pick.setCurrentIndex(i)

    def _apply(self, edit) -> None:
        if edit is not None:
            self.session.apply(edit)

    def pool_text(self, name: str) -> str:
        """What the Pool cell of a skill shows ("" when there is no such row)."""
        r = self.skills.row_of(name)
        return self.skills.index(r, POOL).data() if r >= 0 else ""

    def pool_tip(self, name: str) -> str:
        r = self.skills.row_of(name)
        return self.skills.index(r, POOL).data(Qt.ItemDataRole.ToolTipRole) or "" if r >= 0 else ""

    def _add_skill(self) -> None:
        try:
            edit = actions.add_skill(self.session.data, self.session.pack, self.new_skill.text())
        except actions.Refused as e:
            self.skill_words.setText(str(e))
            return
        self.skill_words.setText("")
        name = " ".join(self.new_skill.text().split())
        self.session.apply(edit)
        self.new_skill.clear()
        pick = self.attr_pickers.get(name)
        if pick is not None:
            pick.setFocus()

    # ---- equipment --------------------------------------------------------------------------------------
    def _build_equipment(self, t) -> None:
        from .entry_table import EntryTable   # (imported with the form, not with the editor)
        self.eq_card = Card("Equipment")
        self.equipment = EntryTable("equipment", actions.EQUIPMENT_FIELDS, {})
        self.equipment.setAccessibleName("Equipment of the character")
        mark = badge()
        self.eq_card.add(with_badge(self.equipment, mark))
        self.eq_status = WrapLabel()
        self.eq_status.setObjectName("equipmentStatus")
        self.eq_status.setStyleSheet(f"color: {theme.colour('error')};")
        self.eq_card.add(self.eq_status)
        binding = self.binder.rows("/equipment", self.equipment, self, self.equipment.entries,
                                   self.equipment.entries.entry_rows, select=self.equipment.select_pointer)
        binding.badge = mark
        self.equipment.entries.edited.connect(self._equipment_typed)
        row = QHBoxLayout()
        self.add_eq = QPushButton("Add e&quipment")
        self.add_eq.setObjectName("addEquipment")
        self.add_eq.clicked.connect(lambda: self._add_equipment(actions.add_equipment(self.session.data)))
        self.remove_eq = QPushButton("Remove equip&ment")
        self.remove_eq.setObjectName("removeEquipment")
        self.remove_eq.clicked.connect(lambda: self._apply(actions.remove_equipment(
            self.session.data, self.equipment.current_row()) if self.equipment.current_row() >= 0 else None))
        live_with_selection(self.remove_eq, self.equipment)
        self.example_eq = QComboBox()
        self.example_eq.setObjectName("exampleEquipment")
        self.example_eq.setAccessibleName("Equipment the rules name")
        for e in self.session.result.offers.get("equipment_examples", []):
            self.example_eq.addItem(e["label"], e["name"])
        self.add_example = QPushButton("Add this")
        self.add_example.setObjectName("addExampleEquipment")
        self.add_example.clicked.connect(lambda: self._add_equipment(actions.add_example_equipment(
            self.session.data, self.session.pack, self.example_eq.currentData())))
        for w in (self.add_eq, self.remove_eq):
            row.addWidget(w)
        row.addStretch(1)
        row.addWidget(QLabel("From the rules:"))
        row.addWidget(self.example_eq)
        row.addWidget(self.add_example)
        self.eq_card.layout_.addLayout(row)
        self.eq_card.add(hint(f"Type into a cell to change it. Bonus dice (up to {t.char['bonus_range']['max']}) "
                              f"go to each skill named (comma between skills); “required for” names skills that "
                              f"cannot be used without it."))
        self.column.addWidget(self.eq_card)

    def _equipment_typed(self, row: int, field: str, text: str) -> None:
        edit = self.equipment.take(row, field, text,
                                   lambda r, f, t: actions.set_equipment_cell(self.session.data, r, f, t))
        self.eq_status.setText(" ".join(self.equipment.kept_words()))
        self._apply(edit)

    def _add_equipment(self, edit) -> None:
        n = len(self.session.data.get("equipment", []))
        self.session.apply(edit)
        self.equipment.setCurrentIndex(self.equipment.entries.index(n, 0))
        self.equipment.setFocus()

    # ---- following the document ---------------------------------------------------------------------------
    def on_changed(self, change) -> None:
        if "skills" in change.derived_changed or change.touched == [""]:
            self._show_skills()
