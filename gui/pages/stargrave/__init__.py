"""The Stargrave crew editor: Crew, Captain, First Mate, Soldiers and Campaign pages."""

from __future__ import annotations

from shiboken6 import isValid

from .campaign import CampaignPage
from .crew import CrewPage
from .officer import OfficerPage
from .soldiers import SoldiersPage

# Once games are recorded, these pages edit the crew as founded and show a banner above their form (founding.py).
FOUNDING_PAGES = ("page_captain", "page_first_mate", "page_soldiers")


def build(session, binder):
    pages = [CrewPage(session, binder), OfficerPage(session, binder, "captain"),
             OfficerPage(session, binder, "first_mate"), SoldiersPage(session, binder),
             CampaignPage(session, binder)]
    guard(pages, session)
    return pages


def guard(pages, session) -> None:
    """Add the founding banner (founding.py, imported when such a page is first built) to the Captain, First Mate
    and Soldiers pages when their forms are built: the pages' own forms are not changed."""
    session.founding_banners = []
    for page in pages:
        if page.objectName() in FOUNDING_PAGES:
            page.build_form = _with_banner(page, session, page.build_form)


def _with_banner(page, session, original):
    def build_form(s, b):
        original(s, b)
        from .founding import FoundingBanner
        banner = FoundingBanner(page, session)
        page.column.insertWidget(0, banner)
        # the banner of a form given back (Page.release_form) goes with it
        session.founding_banners = [b for b in session.founding_banners if isValid(b) and b.page is not page]
        session.founding_banners.append(banner)
    return build_form
