"""The Captain and First Mate pages, one screen each: who they are and their profile | their powers |
their equipment. Every list shows the model's offers (Result.offers); every edit is a named action."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout

from model import pointer as jp
from model.systems.stargrave import founded_derived
from model.systems.stargrave.next_step import next_step
from model.systems.stargrave.tables import tables

from ....binding import Binding
from ....widgets.common import heading
from ...base import Page


class OfficerPage(Page):
    @staticmethod
    def declared(session, role: str) -> dict:
        """The page's title, icon, object name and part for `role` (the title is the pack's)."""
        return {"title": tables(session.pack).figures[role]["label"],
                "icon_name": "captain" if role == "captain" else "first-mate",
                "object_name": f"page_{role}", "prefixes": ("/" + role,)}

    def __init__(self, session, binder, role: str, parent=None):
        self.role = role
        self.t = tables(session.pack)
        self.fig = self.t.figures[role]
        for name, value in self.declared(session, role).items():
            setattr(self, name, value)
        self.base = "/" + role
        super().__init__(session, binder, parent)

    def build_form(self, session, binder) -> None:
        # the columns (and the model actions they call) are imported with the form, not with the editor
        from .identity import Identity
        from .items import Items
        from .powers import Powers
        self.column.setContentsMargins(6, 6, 6, 6)
        self.column.setSpacing(4)
        fig = self.fig
        title = heading(fig["label"])
        title.setToolTip(f"Level {fig['level']} · {fig['item_slots']} item slots · {fig['powers']} powers")
        self.column.addWidget(title)
        self.add_next_step()
        columns = QHBoxLayout()
        columns.setSpacing(6)
        self.identity, self.powers, self.items = Identity(self), Powers(self), Items(self)
        for card in (self.identity, self.powers, self.items):
            card.layout_.setContentsMargins(8, 6, 8, 8)
            card.layout_.setSpacing(5)
        # the first column as narrow as its buttons allow, the equipment as narrow as its names allow: the
        # powers get the room for three columns of names at 1366x768, and the three fit beside the page's
        # vertical scroll bar in the default window (tests/gui/test_fits.py)
        self.identity.setFixedWidth(max(self.identity.background.sizeHint().width() + 18, 300))
        self.items.setMinimumWidth(self.items.fontMetrics().averageCharWidth() * 42)
        self.identity.add(self.powers.chosen_box)
        self.identity.layout_.addStretch(1)
        columns.addWidget(self.identity, 0)
        columns.addWidget(self.powers, 0)   # as wide as three columns of whole names, when there is room
        columns.addWidget(self.items, 1)
        self.column.addLayout(columns)
        self.column.addStretch(1)
        self._bind(binder)
        self._refresh_all()

    def _bind(self, binder) -> None:
        b, who = self.base, self.identity
        binder.line_edit(b + "/name", who.name, self)
        binder.line_edit(b + "/species", who.species, self)
        self._bg = binder.custom(b + "/background", who.background, self, who.background.set_value,
                                 focus=who.background.first(), badge=who.bg_badge)
        binder.custom(b + "/choices", who.choices_box, self, who.refresh_choices,
                      focus=next(iter(who.choice_checks.values()), None), badge=who.choices_badge)
        p, i = self.powers, self.items
        binder.add(Binding(b + "/powers", p.chosen, self, p.refresh_chosen, deep=True, badge=p.badge,
                           select=lambda ptr: self._select(p.chosen, p.chosen_model, ptr), rows=p.chosen_model))
        binder.add(Binding(b + "/items", i.table, self, lambda _v: i.refresh(), deep=True, badge=i.badge,
                           select=lambda ptr: self._select(i.table, i.model, ptr), rows=i.model))

    @staticmethod
    def _select(view, model, pointer: str) -> None:
        row = model.row_at_pointer(pointer)
        if row >= 0:
            view.selectRow(row)

    def next_step(self) -> str:
        return next_step(self.role, self.session.data, self.session.issues, self.t)

    def entry_field(self):
        # not named yet: empty, or still called by the role (a new crew's "Captain"), which is typed over
        name = self.identity.name
        return name if name.text().strip() in ("", self.fig["label"]) else None

    # ---- what the model says ---------------------------------------------------------------------------
    @property
    def offers(self) -> dict:
        return self.session.result.offers.get(self.role, {})

    @property
    def derived(self) -> dict:
        return founded_derived(self.session.result.derived).get(self.role, {})

    def apply(self, edit) -> None:
        if edit is not None:
            self.session.apply(edit)

    def on_changed(self, change) -> None:
        """Only a change of what this officer's lists show reaches them (not a name); the rows diff themselves."""
        names = (self.base + "/name", self.base + "/species")
        if self.role in change.derived_changed or any(
                (jp.is_within(p, self.base) and not any(jp.is_within(p, n) for n in names)) or jp.is_within(self.base, p)
                for p in change.touched):
            self._refresh_all()

    def _refresh_all(self) -> None:
        d = self.derived
        self.identity.refresh_choices()
        self.identity.refresh_background_info()
        self._bg.focus_widget = self.identity.background.first()
        self.powers.refresh()
        self.powers.refresh_chosen()
        self.items.refresh()
        if d:
            self.identity.refresh_profile(d)
            self.items.refresh_derived(d)

