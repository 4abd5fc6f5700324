"""Dates on pages in the reader's language (issue 36 item 2): "7 Jan 2025 – 29 Jul 2025" on a
French seasons page, "Soirée du 29 Jul 2025", "4 Déc" on the player page."""

from __future__ import annotations

import html
import re
from datetime import date

import pytest

from league.models import Role
from tests.league.factories import club, member, night, season

pytestmark = pytest.mark.django_db

ENGLISH_MONTH = re.compile(r"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b")


def french(client, path: str) -> str:
    page = html.unescape(client.get(path, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    return re.sub(r"<[^>]+>", " ", page)


def test_dates_read_french_on_the_seasons_night_and_standings_pages(client):
    tuesday = club("tuesday", "Tuesday Club")
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    summer = season(tuesday, name="Été 2025", start=date(2025, 1, 7), end=date(2025, 7, 29))
    the_night = night(tuesday, players=8, season=summer, date=date(2025, 7, 29))
    seasons = french(client, "/clubs/tuesday/seasons/")
    assert "7 jan. 2025 – 29 juil. 2025" in seasons
    for path in (
        "/clubs/tuesday/seasons/",
        f"/clubs/tuesday/seasons/{summer.pk}/",
        f"/clubs/tuesday/nights/{the_night.pk}/checkin/",
        f"/clubs/tuesday/nights/{the_night.pk}/history/",
        f"/clubs/tuesday/nights/{the_night.pk}/standings/",
    ):
        words = french(client, path)
        assert not ENGLISH_MONTH.search(words), (path, ENGLISH_MONTH.search(words))
    assert "Soirée du 29 juil." in french(client, f"/clubs/tuesday/nights/{the_night.pk}/checkin/")
