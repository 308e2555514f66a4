"""The phone page of Table Link (issue 40) in Chromium with a phone's screen: join, every kind's tracks, a change
made on the phone reaching the document, the desktop's change and undo reaching the phone, a refusal with its
rule ID, my figures, reconnecting after a lost connection, game over, touch targets, light and dark, and nothing
loaded from anywhere but the page's own server."""

from __future__ import annotations

import time

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from model import edits, play
from tests.model.share.helpers import EXAMPLE

from .conftest import PHONE, TABLET

HEALTH = "/play/figures/captain/health_lost"


def wait(driver, test, seconds: float = 10):
    # the page draws its cards anew on every change: an element read a moment ago may be gone, so ask again
    return WebDriverWait(driver, seconds, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException, StopIteration)).until(lambda d: test(d))


def tap(driver, key: str, label: str, sign: str) -> None:
    def click(d):
        step_button(d, key, label, sign).click()
        return True
    wait(driver, click)


def joined(driver, url: str):
    driver.get(url)
    wait(driver, lambda d: d.find_element(By.ID, "link").text == "Live")
    return driver


def value(driver, key: str, label: str) -> str:
    card = driver.find_element(By.ID, f"group-{key}")
    row = next(r for r in card.find_elements(By.CSS_SELECTOR, ".track") if r.find_element(By.TAG_NAME, "b").text == label)
    return row.find_element(By.TAG_NAME, "output").text.split("/")[0]


def step_button(driver, key: str, label: str, sign: str):
    card = driver.find_element(By.ID, f"group-{key}")
    row = next(r for r in card.find_elements(By.CSS_SELECTOR, ".track") if r.find_element(By.TAG_NAME, "b").text == label)
    return next(b for b in row.find_elements(By.CSS_SELECTOR, "button.step") if b.get_attribute("textContent") == sign)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("kind", list(EXAMPLE))
def test_every_kinds_tracks_on_a_phone_light_and_dark(served, phone, kind, dark, tmp_path):
    s = served(kind)
    d = joined(phone(PHONE, dark), s.url)
    groups = s.doc.state()["groups"]
    cards = d.find_elements(By.CSS_SELECTOR, "section.card")
    assert [c.get_attribute("aria-label") for c in cards] == [g["title"] for g in groups]
    for g in groups:
        for t in g["tracks"]:
            assert value(d, g["key"], t["label"]) == str(t["shown"])
    background = d.execute_script("return getComputedStyle(document.body).backgroundColor")
    level = sum(int(x) for x in background[background.index("(") + 1:-1].split(",")[:3])
    assert (level < 150) if dark else (level > 600), background      # the phone's setting is followed
    assert d.execute_script("return document.documentElement.scrollWidth") <= PHONE["width"]   # no sideways scroll
    d.save_screenshot(str(tmp_path / f"phone-{kind}-{'dark' if dark else 'light'}.png"))


def test_a_change_on_the_phone_reaches_the_document_and_the_desktops_undo_reaches_the_phone(served, phone):
    s = served()
    d = joined(phone(), s.url)
    full = value(d, "captain", "Health")
    tap(d, "captain", "Health", "−")
    wait(d, lambda _: s.doc.data.get("play", {}).get("figures", {}).get("captain", {}).get("health_lost") == 1)
    wait(d, lambda d: value(d, "captain", "Health") == str(int(full) - 1))
    # the desktop undoes it (the inverse of the phone's edit): the phone follows
    s.desktop(edits.Set(HEALTH, 0))
    wait(d, lambda d: value(d, "captain", "Health") == full)
    # a step past the limit: refused, with the reason and the rule ID shown
    tap(d, "captain", "Health", "+")
    toast = wait(d, lambda d: d.find_element(By.ID, "toast") if d.find_element(By.ID, "toast").is_displayed() else None)
    assert "its most is" in toast.text and "Rule SG-CAMP-02" in toast.text
    assert s.doc.data["play"]["figures"]["captain"]["health_lost"] == 0


def test_a_view_only_phone_cannot_change_and_is_told_when_it_may(served, phone):
    s = served(everyone_controls=False)
    d = joined(phone(), s.url)
    assert not step_button(d, "captain", "Health", "−").is_displayed()       # no controls to press
    seat = s.server.seats()[0]["seat"]
    s.run(s.server.grant(seat, ["captain"]))
    wait(d, lambda d: step_button(d, "captain", "Health", "−").is_displayed())
    assert not step_button(d, "first_mate", "Health", "−").is_displayed()
    assert "yours to change" in d.find_element(By.ID, "group-captain").text


def test_my_figures_come_first_and_are_remembered(served, phone):
    s = served()
    d = joined(phone(), s.url)
    wait(d, lambda d: d.find_element(By.CSS_SELECTOR, "#group-s2 .star").click() or True)
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "section.card")[0].get_attribute("id") == "group-s2")
    d.refresh()
    wait(d, lambda d: d.find_element(By.ID, "link").text == "Live")
    first = d.find_elements(By.CSS_SELECTOR, "section.card")[0]
    assert first.get_attribute("id") == "group-s2" and "mine" in first.get_attribute("class")


def test_a_lost_connection_comes_back_by_itself_and_catches_up(served, phone):
    s = served()
    d = joined(phone(), s.url)
    s.drop_connections()
    s.desktop(play.set_count(s.doc.data, HEALTH, 3))     # changed while the phone was away
    wait(d, lambda d: value(d, "captain", "Health") == "14" and d.find_element(By.ID, "link").text == "Live")
    assert len(s.server.seats()) == 1             # the same seat, not a new phone


def test_game_over_is_shown_when_the_desktop_ends_the_game(served, phone):
    s = served()
    d = joined(phone(), s.url)
    s.run(s.server.publish(dict(s.doc.state(), revision=99, game_over=True)))
    wait(d, lambda d: d.find_element(By.ID, "over").is_displayed())
    assert "Game over" in d.find_element(By.ID, "over").text
    assert not step_button(d, "captain", "Health", "−").is_displayed()


def test_touch_targets_are_at_least_44_pixels_and_a_tablet_gets_columns(served, phone):
    s = served()
    d = joined(phone(), s.url)
    sizes = d.execute_script("""return Array.from(document.querySelectorAll('button, summary, input'))
        .filter(b => b.offsetParent !== null).map(b => [b.textContent, b.getBoundingClientRect().width,
                                                         b.getBoundingClientRect().height]);""")
    assert len(sizes) > 20
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert not small, small
    t = joined(phone(TABLET), s.url)
    lefts = {round(c.rect["x"]) for c in t.find_elements(By.CSS_SELECTOR, "section.card")}
    assert len(lefts) >= 2


def test_nothing_is_loaded_from_outside_the_page_and_no_policy_is_broken(served, phone):
    s = served()
    d = joined(phone(), s.url)
    origin = s.url.split("/t/")[0]
    loaded = d.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded and all(u.startswith((origin + "/", "ws://" + origin[7:])) for u in loaded), loaded
    # an inline script would be blocked by the page's policy: try one
    d.execute_script("""const s = document.createElement('script'); s.textContent = 'window.inlineRan = 1';
                        document.body.appendChild(s);""")
    time.sleep(0.2)
    assert d.execute_script("return window.inlineRan === undefined")
    logs = [e["message"] for e in d.get_log("browser")]
    assert any("Content Security Policy" in m for m in logs), logs
    assert not [m for m in logs if "Content Security Policy" not in m and e_level(m)], logs


def e_level(message: str) -> bool:
    return "Uncaught" in message or "TypeError" in message
