"""The Crew section of the ship editor: link a Starchasers character file to each station, or unlink it.

A link is stored as `/crew/<station>/file`, relative to the ship file (model.systems.starchasers.ship.crew);
the section shows what the model resolved: the character's name and station pools, or why the link does
not work. Linking and unlinking are one edit each (one undo step).
"""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QWidget

from model.systems.starchasers.ship import actions
from model.systems.starchasers.ship import crew as crew_model
from model.systems.starchasers.tables import tables

from ... import theme
from ...dialogs import prompts
from ...widgets.common import Card, WrapLabel, badge, hint, with_badge
from .fields import show_words


def choose_character_file(parent: QWidget, start: str) -> str:
    """The file dialog (a module function, so a test can answer it)."""
    return prompts.open_file(parent, "Link a Starchasers character", start, prompts.FILTER)


class CrewSection(Card):
    def __init__(self, page, session, binder):
        super().__init__("Crew (linked characters)")
        self.setObjectName("crewSection")
        self.page, self.session, self.binder = page, session, binder
        t = tables(session.pack)
        self.stations = crew_model.stations(t)
        self.add(hint("Link a character file to a station: a linked pilot's Deftness, Perception and Piloting "
                      "give Dodge and Initiative; a linked gunner's Deftness or Intelligence goes into the attack "
                      "pools (proficiency is ticked below). The link is saved relative to the ship file."))
        grid = QGridLayout()
        self.rows: dict[str, tuple[QLabel, QPushButton, QPushButton]] = {}
        for r, (key, st) in enumerate(self.stations.items()):
            label = QLabel(st["label"] + (" (also holds another station)" if st.get("overlay") else ""))
            status = WrapLabel()
            status.setObjectName(f"crewStatus_{key}")
            b = badge()
            link = QPushButton("Link…")
            link.setObjectName(f"crewLink_{key}")
            link.setAccessibleName(f"Link a character as {st['label']}")
            link.clicked.connect(lambda _=False, k=key: self.link(k))
            unlink = QPushButton("Unlink")
            unlink.setObjectName(f"crewUnlink_{key}")
            unlink.setAccessibleName(f"Unlink the {st['label']}")
            unlink.clicked.connect(lambda _=False, k=key: self.unlink(k))
            grid.addWidget(label, r, 0)
            grid.addWidget(with_badge(status, b), r, 1)
            grid.addWidget(link, r, 2)
            grid.addWidget(unlink, r, 3)
            grid.setColumnStretch(1, 1)
            binder.custom(f"/crew/{key}", status, page, lambda _v: self.refresh(), deep=True, focus=link, badge=b)
            self.rows[key] = (status, link, unlink)
        self.layout_.addLayout(grid)
        binder.custom("/crew", self, page, lambda _v: self.refresh(), deep=False)
        self.refresh()

    def link(self, station: str) -> None:
        import os
        start = os.path.dirname(self.session.path) if self.session.path else ""
        path = choose_character_file(self, start)
        if path:
            self.session.apply(actions.link(self.session.data, station,
                                            crew_model.relative_link(path, self.session.origin)))

    def unlink(self, station: str) -> None:
        edit = actions.unlink(self.session.data, station)
        if edit is not None:
            self.session.apply(edit)

    def refresh(self) -> None:
        """Each station as the model's offers say it: who is linked and what the link gives, or why it fails."""
        found = {st["station"]: st for st in self.session.result.offers.get("stations", [])}
        for key, (status, link, unlink) in self.rows.items():
            st = found.get(key)
            if st is None:
                continue
            text = st["text"]
            show_words(status, text, "" if st["ok"] else f"color: {theme.colour('error')};")
            status.setAccessibleName(f"{self.stations[key]['label']}: {text}")
            unlink.setEnabled(st["linked"])
            link.setText("Change…" if st["linked"] else "Link…")

    def on_changed(self, change) -> None:
        if "crew" in change.derived_changed:   # a station's text (with Dodge + Passive Defense) is derived there
            self.refresh()
