"""The Stargrave crew editor: Crew, Captain, First Mate, Soldiers and Campaign pages."""

from __future__ import annotations

from .campaign import CampaignPage
from .crew import CrewPage
from .officer import OfficerPage
from .soldiers import SoldiersPage


def build(session, binder):
    from .founding import guard
    pages = [CrewPage(session, binder), OfficerPage(session, binder, "captain"),
             OfficerPage(session, binder, "first_mate"), SoldiersPage(session, binder),
             CampaignPage(session, binder)]
    guard(pages, session)
    return pages
