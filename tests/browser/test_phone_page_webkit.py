"""The phone page in WebKitGTK (Safari's engine): join and see every kind's tracks, change a Health and see the
document change, the desktop's undo reaching the phone, a refusal with its rule ID, and a lost connection that
comes back by itself."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from model import edits, play
from tests.model.share.helpers import EXAMPLE

from .test_phone_page import HEALTH, joined, tap, value, wait

# selenium's own WebKitGTK driver class still uses an argument selenium deprecated (not ours to change)
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")


@pytest.mark.parametrize("kind", list(EXAMPLE))
def test_every_kinds_tracks_in_webkit(served, phone, kind, tmp_path):
    s = served(kind)
    d = joined(phone(engine="webkit"), s.url)
    groups = s.doc.state()["groups"]
    assert [c.get_attribute("aria-label") for c in d.find_elements(By.CSS_SELECTOR, "section.card")] == \
        [g["title"] for g in groups]
    for g in groups:
        for t in g["tracks"]:
            assert value(d, g["key"], t["label"]) == str(t["shown"])
    d.save_screenshot(str(tmp_path / f"webkit-{kind}.png"))


def test_a_change_undo_refusal_and_reconnect_in_webkit(served, phone):
    s = served()
    d = joined(phone(engine="webkit"), s.url)
    full = value(d, "captain", "Health")
    tap(d, "captain", "Health", "−")
    wait(d, lambda _: s.doc.data.get("play", {}).get("figures", {}).get("captain", {}).get("health_lost") == 1)
    wait(d, lambda d: value(d, "captain", "Health") == str(int(full) - 1))
    s.desktop(edits.Set(HEALTH, 0))                       # undo on the desktop
    wait(d, lambda d: value(d, "captain", "Health") == full)
    tap(d, "captain", "Health", "+")
    toast = wait(d, lambda d: d.find_element(By.ID, "toast") if d.find_element(By.ID, "toast").is_displayed() else None)
    assert "Rule SG-CAMP-02" in toast.text
    s.drop_connections()
    s.desktop(play.set_count(s.doc.data, HEALTH, 2))
    wait(d, lambda d: value(d, "captain", "Health") == str(int(full) - 2) and d.find_element(By.ID, "link").text == "Live")
