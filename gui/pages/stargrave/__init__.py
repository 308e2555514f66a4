"""The Stargrave crew editor: Crew, Captain, First Mate, Soldiers and Campaign pages."""

from __future__ import annotations

from dataclasses import replace

from ..spec import PageSpec
from .campaign import CampaignPage
from .crew import CrewPage
from .officer import OfficerPage
from .soldiers import SoldiersPage


def specs(session) -> list[PageSpec]:
    officers = [PageSpec(make=_with_banner(lambda s, b, role=role: OfficerPage(s, b, role)),
                         **OfficerPage.declared(session, role)) for role in ("captain", "first_mate")]
    soldiers = PageSpec.of(SoldiersPage)
    return [PageSpec.of(CrewPage), *officers, replace(soldiers, make=_with_banner(soldiers.make)),
            PageSpec.of(CampaignPage)]


def _with_banner(make):
    """Once games are recorded, the Captain, First Mate and Soldiers pages edit the crew as founded and show a banner
    above their form (founding.py, imported when such a page is first made); the pages' own forms are unchanged."""
    def make_with_banner(session, binder):
        page = make(session, binder)
        from .founding import FoundingBanner
        banner = FoundingBanner(page, session)
        page.column.insertWidget(0, banner)
        binder.state.founding_banners.append(banner)
        return page
    return make_with_banner
