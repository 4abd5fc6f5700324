"""Words the pages owe their readers (issue 17, item 12): clubs on the home page, "New night" as an
organiser's main button, "sitting" explained on the night page."""

import re

import pytest

from league.models import Role
from tests.league.factories import club, member, night

pytestmark = pytest.mark.django_db


def primary_buttons(html: str) -> list[str]:
    return re.findall(r'class="button button-primary"[^>]*>([^<]+)<', html)


def test_the_home_page_mentions_clubs(client):
    page = client.get("/").content.decode()
    assert "Clubs and league nights" in page and 'href="/clubs/"' in page


def test_an_organiser_s_main_button_is_new_night_a_scorekeeper_s_new_club_game(client):
    tuesday = club()
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    assert primary_buttons(client.get("/clubs/tuesday/").content.decode()) == ["New night"]
    client.force_login(member(tuesday, "sam", Role.SCOREKEEPER))
    assert primary_buttons(client.get("/clubs/tuesday/").content.decode()) == ["New club game"]


def test_the_night_page_says_what_a_sitting_is(client):
    tuesday = club()
    the_night = night(tuesday, players=4)
    client.force_login(member(tuesday, "vic"))
    page = client.get(f"/clubs/tuesday/nights/{the_night.pk}/").content.decode()
    assert "is one game played at every table at once" in page
