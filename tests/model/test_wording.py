"""Messages made from pack names read as English: 'an assault scout', 'a frigate'."""

from model.wording import a
from tests.model.systems.knighthawks.test_knighthawks_rules import at, run, ship


def test_article_follows_the_name():
    assert a("assault scout") == "an assault scout"
    assert a("frigate", True) == "A frigate"
    assert a("Engineer", True) == "An Engineer"


def test_KH_SHIP_03_message_about_an_assault_scout_reads_an():
    issues = at(run(ship("Assault Scout", weapons={"LB": 9})), "/weapons/LB")
    assert issues and issues[0].message.startswith("An assault scout "), issues
