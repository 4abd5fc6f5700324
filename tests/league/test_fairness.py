"""The night page says how fair the seating has been (issue 38 item 2): "as fair as the count
allows" only when the most times two players met as opponents is the least the count allows."""

from __future__ import annotations

import html
import re

import pytest

from league.models import Role
from league.nights import services as night_services
from league.nights.fairness import Fairness
from tests.league.factories import club, member, night

pytestmark = pytest.mark.django_db


def test_a_whist_nights_page_says_it_is_as_fair_as_the_count_allows(client):
    tuesday = club("tuesday", "Tuesday Club")
    olga = member(tuesday, "olga", Role.ORGANISER)
    client.force_login(olga)
    the_night = night(tuesday, players=8, variant="hand-knee-and-foot", sittings_planned=7)
    page = f"/clubs/tuesday/nights/{the_night.pk}/"
    for number in range(1, 8):
        sitting = night_services.sitting_draw(night=the_night)
        if number == 1:  # one sitting: nothing to say yet
            assert "as opponents" not in client.get(page).content.decode()
        for table in sitting.tables.all():  # left out: the next sitting does not wait for them
            night_services.table_settle(table=table, action="leave_out", reason="A test night", by=olga)
    words = " ".join(re.sub(r"<[^>]+>", " ", html.unescape(client.get(page).content.decode())).split())
    # A whist design: every pair opposes exactly twice over the full round, the least 56 meetings
    # among 28 pairs allow.
    assert "No two players have met as opponents more than 2 times: as fair as the count allows." in words


def test_when_the_count_allows_less_the_page_says_so():
    assert Fairness(most=5, bound=3).words == "Two players have met as opponents 5 times (the count allows 3)."
    assert Fairness(most=1, bound=1).words.endswith("as fair as the count allows.")
