"""The Character page: name, species, droid, classes with levels, hit points, the eight attributes with
their level names, the Force section (gone for droids), motivators with their source, notes.

Widgets bind to JSON Pointers; every change is one edit record on the undo stack; what is legal is said by
the model's issues, painted on the fields and listed in the issues panel.
"""

from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QComboBox, QCompleter, QGridLayout, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton)

from model import pointer as jp
from model.systems.starchasers.character import actions
from model.systems.starchasers.next_step import next_step
from model.systems.starchasers.tables import tables

from ... import theme
from ...widgets.common import Card, WrapLabel, badge, hint, with_badge
from ...widgets.text_fields import LineField, NotesField
from ..base import Page
from .character_fields import LevelBox, bind_level
from .fields import NumberBox, TabsWhenAdded, bind_number, show_words


class CharacterPage(TabsWhenAdded, Page):
    portrait = True
    title = "Character"
    icon_name = "starwright"
    prefixes = ("/name", "/species", "/droid", "/classes", "/attributes", "/force_rating", "/hit_points", "/dark_side",
                "/motivators", "/notes", "/rules", "")

    def owns(self, pointer: str) -> bool:
        return not pointer.startswith(("/skills", "/bonuses", "/skill_attributes", "/equipment"))
    object_name = "page_character"

    def next_step(self) -> str:
        return next_step("character", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        t = self.t = tables(session.pack)
        self.start_form("Starchasers character",
                        "Attributes run 1 to 5 and give that many dice; skills (next page) add their "
                        "level in dice. Species, classes and motivators are yours to name.")
        self._build_identity(session, binder, t)
        self._build_classes(session, binder, t)
        self._build_attributes(session, binder, t)
        self._build_force(session, binder, t)
        self._build_motivators(session, binder, t)
        self._build_notes(session, binder, t)
        self.column.addStretch(1)
        self._show_force()
        self._refresh_words()

    def _build_identity(self, session, binder, t) -> None:
        """The identity part of the form."""
        ch = t.char
        ident = Card("Who")
        grid = QGridLayout()
        self.name = LineField()
        self.name.setObjectName("charName")
        self.name.setAccessibleName("Character name")
        self.species = LineField()
        self.species.setObjectName("charSpecies")
        self.species.setAccessibleName("Species")
        self.droid = QCheckBox("Droid (cannot have a Force Rating)")
        self.droid.setObjectName("charDroid")
        self.hp = NumberBox(lo=0, hi=999)
        self.hp.setObjectName("charHitPoints")
        self.hp.setAccessibleName("Hit Points")
        hp_badge = badge()
        ds = ch.get("dark_side")   # a house pack may have no Dark Side track: then nothing is said of its range
        self.dark = NumberBox(lo=ds["min"] if ds else 0, hi=99)
        self.dark.setObjectName("charDarkSide")
        self.dark.setAccessibleName("Dark Side")
        dark_badge = badge()
        name_label = QLabel("&Name")
        name_label.setBuddy(self.name)
        species_label = QLabel("&Species")
        species_label.setBuddy(self.species)
        hp_label = QLabel("Hit &Points")
        hp_label.setBuddy(self.hp)
        grid.addWidget(name_label, 0, 0)
        grid.addWidget(self.name, 0, 1)
        grid.addWidget(species_label, 0, 2)
        grid.addWidget(self.species, 0, 3)
        grid.addWidget(self.droid, 1, 1)
        grid.addWidget(hp_label, 1, 2)
        grid.addWidget(with_badge(self.hp, hp_badge), 1, 3)
        grid.addWidget(hint("The rules base Hit Points on Toughness but give no formula: enter them."), 2, 3)
        dark_label = QLabel("Dar&k Side")
        dark_label.setBuddy(self.dark)
        grid.addWidget(dark_label, 3, 2)
        grid.addWidget(with_badge(self.dark, dark_badge), 3, 3)
        grid.addWidget(hint(f"{ds['min']} to {ds['max']}: a selfish, cruel or brutal act adds 1; "
                            f"at {ds['max']} the character has fallen." if ds else
                            "This rules pack has no Dark Side track."), 4, 3)
        ident.layout_.addLayout(grid)
        self.column.addWidget(ident)
        binder.line_edit("/name", self.name, self)
        binder.line_edit("/species", self.species, self)
        binder.check("/droid", self.droid, self)
        bind_number(binder, "/hit_points", self.hp, self, badge=hp_badge)
        bind_number(binder, "/dark_side", self.dark, self, badge=dark_badge)

    def _build_classes(self, session, binder, t) -> None:
        """The classes part of the form."""
        ch = t.char
        self.classes_card = Card("Classes")
        self.classes_grid = QGridLayout()
        self.classes_card.layout_.addLayout(self.classes_grid)
        known = ch.get("known_classes", [])
        self.add_class = QPushButton("Add a c&lass")
        self.add_class.setObjectName("addClass")
        self.add_class.clicked.connect(self._add_class)
        row = QHBoxLayout()
        row.addWidget(self.add_class)
        lv = ch["class_levels"]
        row.addWidget(hint(f"Known from the rules: {', '.join(known)}; any other name is yours. "
                           f"Levels {lv['min']} to {lv['max']}."), 1)
        self.classes_card.layout_.addLayout(row)
        self.column.addWidget(self.classes_card)
        self._class_rows = -1
        binder.custom("/classes", self.classes_card, self, self._refresh_classes, deep=True)

    def _build_attributes(self, session, binder, t) -> None:
        """The attributes part of the form."""
        ch = t.char
        att = Card("Attributes")
        grid = QGridLayout()
        ar = ch["attribute_range"]
        self.attr_boxes: dict[str, LevelBox] = {}
        for i, (key, a) in enumerate(t.char_attributes.items()):
            r, c = divmod(i, 2)
            box = LevelBox(t.attribute_names, ar["min"], ar["max"], nullable=True)
            box.setObjectName(f"attr_{key}")
            box.setAccessibleName(a["label"])
            b = badge()
            lab = QLabel(a["label"])
            lab.setBuddy(box)
            grid.addWidget(lab, r, c * 2)
            grid.addWidget(with_badge(box, b), r, c * 2 + 1)
            bind_level(binder, f"/attributes/{key}", box, self, badge=b)
            self.attr_boxes[key] = box
        att.layout_.addLayout(grid)
        att.add(hint(" · ".join(f"{lvl} {n}" for lvl, n in sorted(t.attribute_names.items()))))
        self.column.addWidget(att)

    def _build_force(self, session, binder, t) -> None:
        """The force part of the form."""
        ch = t.char
        fr = ch["force_rating"]
        self.force_card = Card("The Force")
        self.force_card.setObjectName("forceSection")
        row = QHBoxLayout()
        self.force = NumberBox(lo=-9, hi=99, nullable=False)
        self.force.setObjectName("forceRating")
        self.force.setAccessibleName("Force Rating")
        self.force_badge = badge()
        lab = QLabel("Force &Rating")
        lab.setBuddy(self.force)
        row.addWidget(lab)
        row.addWidget(with_badge(self.force, self.force_badge))
        row.addWidget(hint(f"{fr['min']} to {fr['max']}; 0 for characters who do not use the Force. "
                           f"Each point lets the player flip one Force Point."), 1)
        self.force_card.layout_.addLayout(row)
        self.force_words = WrapLabel()
        self.force_words.setObjectName("forceWords")
        self.force_card.add(self.force_words)
        self.force_reset = QPushButton("Set the Force Rating to 0")
        self.force_reset.setObjectName("forceReset")
        self.force_reset.clicked.connect(lambda: self.session.apply(actions.clear_force(self.session.data)))
        reset_row = QHBoxLayout()
        reset_row.addWidget(self.force_reset)
        reset_row.addStretch(1)
        self.force_card.layout_.addLayout(reset_row)
        self.column.addWidget(self.force_card)
        bind_number(binder, "/force_rating", self.force, self, badge=self.force_badge)

    def _build_motivators(self, session, binder, t) -> None:
        """The motivators part of the form."""
        ch = t.char
        mrules = ch["motivators"]
        self.mot_card = Card("Motivators")
        self.mot_words = WrapLabel()
        self.mot_words.setObjectName("motivatorWords")
        self.mot_card.add(self.mot_words)
        self.mot_grid = QGridLayout()
        self.mot_card.layout_.addLayout(self.mot_grid)
        self.add_mot = QPushButton("Add a &motivator")
        self.add_mot.setObjectName("addMotivator")
        self.add_mot.clicked.connect(self._add_motivator)
        row = QHBoxLayout()
        row.addWidget(self.add_mot)
        row.addWidget(hint(f"Up to {mrules['max']} active motivators, at most {mrules['max_from_flaw']} from the "
                           f"flaw and the rest from a class: discrete, observable actions that help the party or "
                           f"make the game more fun."), 1)
        self.mot_card.layout_.addLayout(row)
        self.column.addWidget(self.mot_card)
        self._mot_rows = -1
        binder.custom("/motivators", self.mot_card, self, self._refresh_motivators, deep=True)

    def _build_notes(self, session, binder, t) -> None:
        """The notes part of the form."""
        notes = Card("Notes")
        self.notes = NotesField()
        self.notes.setObjectName("charNotes")
        self.notes.setAccessibleName("Notes")
        self.notes.setFixedHeight(self.fontMetrics().height() * 5)
        notes.add(self.notes)
        binder.plain_text("/notes", self.notes, self)
        self.column.addWidget(notes)

    # ---- classes ---------------------------------------------------------------------------------------
    def _resize_rows(self, grid: QGridLayout, prefix: str, shown: int, wanted: int, make_row) -> int:
        """Rows of controls for a list: the rows past its end go, rows for new entries come; the others stay
        (bound to their index, the binder shows what moved there). Nothing is rebuilt wholesale."""
        shown = max(shown, 0)
        for i in range(wanted, shown):
            self.binder.drop(lambda b, p=f"{prefix}/{i}/": b.pointer.startswith(p))
            for c in range(grid.columnCount()):
                item = grid.itemAtPosition(i, c)
                if item is not None and (w := item.widget()) is not None:
                    grid.removeWidget(w)
                    w.setParent(None)
                    w.deleteLater()
        for i in range(shown, wanted):
            make_row(i)
        if wanted != shown:
            self.tabs_changed()
            self.binder.paint()
        return wanted

    def _refresh_classes(self, value) -> None:
        value = value if isinstance(value, list) else []
        if len(value) != self._class_rows:
            self._class_rows = self._resize_rows(self.classes_grid, "/classes", self._class_rows, len(value),
                                                 self._class_row)

    def _class_row(self, i: int) -> None:
        lv = self.t.char["class_levels"]
        name = LineField()
        name.setObjectName(f"className_{i}")
        name.setAccessibleName(f"Class {i + 1} name")
        name.setCompleter(QCompleter(self.t.char.get("known_classes", []), name))
        level = NumberBox(lo=-9, hi=99)
        level.setObjectName(f"classLevel_{i}")
        level.setAccessibleName(f"Class {i + 1} level ({lv['min']} to {lv['max']})")
        b = badge()
        remove = QPushButton("Remove")
        remove.setObjectName(f"removeClass_{i}")
        remove.clicked.connect(lambda _=False, i=i: self.session.apply(actions.remove_class(self.session.data, i)))
        self.classes_grid.addWidget(QLabel(f"Class {i + 1}"), i, 0)
        self.classes_grid.addWidget(name, i, 1)
        self.classes_grid.addWidget(QLabel("level"), i, 2)
        self.classes_grid.addWidget(with_badge(level, b), i, 3)
        self.classes_grid.addWidget(remove, i, 4)
        self.binder.line_edit(f"/classes/{i}/name", name, self)
        bind_number(self.binder, f"/classes/{i}/level", level, self, badge=b)

    def _add_class(self) -> None:
        n = len(self.session.data.get("classes", []))
        self.session.apply(actions.add_class(self.session.data, self.session.pack))
        box = self.findChild(QLineEdit, f"className_{n}")
        if box is not None:
            box.show()  # a layout shows a new widget only later: focus now, so typing goes into it
            box.setFocus()
            box.selectAll()

    # ---- force -----------------------------------------------------------------------------------------
    def _show_force(self) -> None:
        """Gone for droids, unless a droid has a Force Rating: then it stays, saying why and how to fix it."""
        data = self.session.data
        droid = bool(data.get("droid"))
        fr = data.get("force_rating")
        has_force = isinstance(fr, int) and not isinstance(fr, bool) and fr != 0
        self.force_card.setVisible(not droid or has_force)
        bad = droid and has_force
        self.force_reset.setVisible(bad)
        if bad:
            self.force_words.setText(f"This character is a droid: droids cannot have a Force Rating, and it is {fr}. "
                                     f"Set it to 0 (or untick Droid).")
            self.force_words.setStyleSheet(f"color: {theme.colour('error')};")
        else:
            self.force_words.setText("")
            self.force_words.setStyleSheet("")
        self.force_words.setVisible(bad)

    # ---- motivators --------------------------------------------------------------------------------------
    def _refresh_motivators(self, value) -> None:
        value = value if isinstance(value, list) else []
        if len(value) != self._mot_rows:
            self._mot_rows = self._resize_rows(self.mot_grid, "/motivators", self._mot_rows, len(value),
                                               self._motivator_row)
        self._refresh_words()

    def _motivator_row(self, i: int) -> None:
        text = LineField()
        text.setObjectName(f"motivatorText_{i}")
        text.setAccessibleName(f"Motivator {i + 1}")
        text.setPlaceholderText("what the character does, e.g. Outflies a rival")
        src = QComboBox()
        src.setObjectName(f"motivatorSource_{i}")
        src.setAccessibleName(f"Motivator {i + 1} comes from")
        for source in self.t.char["motivators"]["sources"]:
            src.addItem(f"from the {source}", source)
        b = badge()
        remove = QPushButton("Remove")
        remove.setObjectName(f"removeMotivator_{i}")
        remove.clicked.connect(lambda _=False, i=i: self.session.apply(actions.remove_motivator(self.session.data, i)))
        self.mot_grid.addWidget(QLabel(f"{i + 1}."), i, 0)
        self.mot_grid.addWidget(text, i, 1)
        self.mot_grid.addWidget(with_badge(src, b), i, 2)
        self.mot_grid.addWidget(remove, i, 3)
        self.mot_grid.setColumnStretch(1, 1)
        self.binder.line_edit(f"/motivators/{i}/text", text, self)
        self.binder.combo(f"/motivators/{i}/source", src, self, badge=b)

    def _add_motivator(self) -> None:
        n = len(self.session.data.get("motivators", []))  # the edit grows this very list: count before it
        self.session.apply(actions.add_motivator(self.session.data, self.session.pack))
        box = self.findChild(QLineEdit, f"motivatorText_{n}")
        if box is not None:
            box.show()  # a layout shows a new widget only later: focus now, so typing (spaces too) goes into it
            box.setFocus()

    def _refresh_words(self) -> None:
        d = self.session.result.derived
        rules = self.t.char["motivators"]
        m = d.get("motivators") if d else None
        if not m:
            return
        total, flaws = m["total"], m["from_flaw"]
        words = (f"{total} of at most {rules['max']} motivators; {flaws} from the flaw "
                 f"(at most {rules['max_from_flaw']}).")
        problems = []
        if total > rules["max"]:
            problems.append(f"That is {total - rules['max']} too many: a character has at most {rules['max']} "
                            f"active motivators; remove one.")
        if flaws > rules["max_from_flaw"]:
            problems.append(f"Only {rules['max_from_flaw']} may come from the flaw; change the source of the "
                            f"others to class or remove them.")
        show_words(self.mot_words, " ".join([words] + problems),
                   f"color: {theme.colour('error')}; font-weight: 600;" if problems else "")
        self.add_mot.setEnabled(True)

    def on_changed(self, change) -> None:
        if "motivators" in change.derived_changed:
            self._refresh_words()
        if any(jp.is_within(p, "/droid") or jp.is_within(p, "/force_rating") or p == "" for p in change.touched):
            self._show_force()
