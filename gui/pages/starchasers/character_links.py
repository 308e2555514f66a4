"""The Crew section of the ship editor: link a Starchasers character file to each station, or unlink it.

A link is stored as `/crew/<station>/file`, relative to the ship file (model.systems.starchasers.ship.crew);
the section shows what the model resolved: the character's name and station pools, or why the link does
not work. Linking and unlinking are one edit each (one undo step).
"""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QGridLayout, QLabel, QPushButton, QWidget

from model import edits
from model.systems.starchasers.ship import crew as crew_model
from model.systems.starchasers.tables import tables

from ... import theme
from ...widgets.common import Card, badge, hint, with_badge


def choose_character_file(parent: QWidget, start: str) -> str:
    """The file dialog (a module function, so a test can answer it)."""
    path, _ = QFileDialog.getOpenFileName(parent, "Link a Starchasers character", start,
                                          "Starwright documents (*.starwright *.json);;All files (*)")
    return path


def link_edit(data: dict, station: str, file: str) -> edits.Edit:
    entry = {"file": file}
    if not isinstance(data.get("crew"), dict):
        return edits.Set("/crew", {station: entry})
    return edits.Set(f"/crew/{station}", entry)


def unlink_edit(data: dict, station: str) -> edits.Edit | None:
    crew = data.get("crew")
    if not isinstance(crew, dict) or station not in crew:
        return None
    if len(crew) == 1:
        return edits.Remove("/crew")  # the last link: the optional field goes, the file is as before
    return edits.Remove(f"/crew/{station}")


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
            status = QLabel()
            status.setObjectName(f"crewStatus_{key}")
            status.setWordWrap(True)
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
            self.session.apply(link_edit(self.session.data, station, crew_model.relative_link(path, self.session.path)))

    def unlink(self, station: str) -> None:
        edit = unlink_edit(self.session.data, station)
        if edit is not None:
            self.session.apply(edit)

    def refresh(self) -> None:
        d = self.session.result.derived or {}
        found = {c["station"]: c for c in d.get("crew", [])}
        pd = d.get("passive_defense")
        for key, (status, link, unlink) in self.rows.items():
            c = found.get(key)
            if c is None:
                text, colour = "no one linked", ""
                if key == "pilot":
                    text += ": Dodge and Initiative use the pilot's dice entered below"
                elif key == "gunner":
                    text += ": attack pools use the gunner's dice entered below"
            elif c["status"] == "ok":
                pools = []
                for pk, p in c["pools"].items():
                    dice = p["dice"]
                    if pk == "dodge" and dice is not None and pd is not None:
                        pools.append(f"Dodge {dice + pd}")
                    else:
                        pools.append(f"{p['label']} {'–' if dice is None else dice}")
                text = f"{c['name']}  ({c['file']})" + (f": {' · '.join(pools)}" if pools else "")
                colour = ""
            else:
                text, colour = c.get("problem") or c["message"], theme.colour("error")
            if status.text() != text:
                status.setText(text)
            status.setStyleSheet(f"color: {colour};" if colour else "")
            status.setAccessibleName(f"{self.stations[key]['label']}: {text}")
            unlink.setEnabled(c is not None)
            link.setText("Change…" if c is not None else "Link…")

    def on_changed(self, change) -> None:
        if "crew" in change.derived_changed or "passive_defense" in change.derived_changed:
            self.refresh()
