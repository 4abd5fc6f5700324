"""The home page's game list read part by part (scoresheet.games.listing, issue 39 item 1): each of a
member's clubs' games and this device's other games off their own index, merged in the list's order;
counted only so far ("of more than …")."""

from __future__ import annotations

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Membership, Role
from scoresheet.games import listing, selectors, services
from scoresheet.models import Game, Variant
from tests.league.factories import club, member
from tests.scoresheet.test_views_game import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _presets(presets):
    """Every test here needs the preset variants."""


def club_game(where, name: str) -> Game:
    return services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData(f"{name}a"), services.TeamData(f"{name}b")],
        club=where,
    )


def listed(response) -> list[str]:
    """The games' names on a page of the list, in order."""
    page = html.unescape(response.content.decode())
    return re.findall(r"(\w+)a vs \w+b", page)


def the_list(client, games, **query) -> list[str]:
    """Every page of the home page's list, one after the other (by its Next links)."""
    names, page = [], 1
    while True:
        response = client.get("/", {**query, "page": page})
        names += listed(response)
        if 'rel="next"' not in response.content.decode():
            return names
        page += 1


def expected(ids) -> list[str]:
    games = Game.objects.filter(id__in=ids).live().order_by(*listing.ORDER)
    return [game.name.split(" vs ")[0][:-1] for game in games]


def test_a_members_clubs_and_this_devices_games_are_one_list_in_order_each_game_once(client, settings):
    tuesday, friday, elsewhere = club(), club("friday", "Friday Club"), club("elsewhere", "Elsewhere")
    val = member(tuesday, "val", Role.VIEWER)
    Membership.objects.create(club=friday, user=val, role=Role.SCOREKEEPER)  # elsewhere: not val's
    client.force_login(val)
    games = []
    for i in range(9):
        games.append(club_game(tuesday, f"tue{i}"))
        games.append(club_game(friday, f"fri{i}"))
        games.append(start_game(client, team_1=f"dev{i}a", team_2=f"dev{i}b"))  # this device's, casual
        club_game(elsewhere, f"other{i}")
        if i % 3 == 0:
            services.game_finish(game=games[-2])
    opened = games[0]
    client.get(f"/g/{opened.token}/")  # a club game this device also holds: listed once
    services.game_delete(game=games[4])

    names = the_list(client, games)
    assert names == expected(game.pk for game in games)
    assert len(names) == len(set(names)) == 26 and not any(name.startswith("other") for name in names)
    assert names[: len(names) - 3] == [n for n in names if n not in ("fri0", "fri3", "fri6")]  # finished last
    assert the_list(client, games, q="tue") == expected(game.pk for game in games if "tue" in game.name)


def test_the_list_is_counted_only_so_far_and_the_pages_go_on(client, monkeypatch):
    monkeypatch.setattr(selectors, "GAMES_PER_PAGE", 2)
    monkeypatch.setattr(listing, "COUNTED", 3)
    for i in range(8):
        start_game(client, team_1=f"g{i}a", team_2=f"g{i}b")
    first = html.unescape(client.get("/").content.decode())
    assert "Games 1–2 of more than 4" in first  # counted to the page after the one asked for
    third = html.unescape(client.get("/", {"page": 3}).content.decode())
    assert "Games 5–6 of 8" in third and 'rel="next"' in third
    assert len(the_list(client, None)) == 8


def test_the_home_pages_queries_do_not_grow_with_the_games(client):
    tuesday = club()
    client.force_login(member(tuesday, "val", Role.VIEWER))

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/").status_code == 200
        return len(captured)

    for i in range(2):
        club_game(tuesday, f"tue{i}")
        start_game(client, team_1=f"dev{i}a", team_2=f"dev{i}b")
    few = queries()
    for i in range(2, 25):
        club_game(tuesday, f"tue{i}")
        start_game(client, team_1=f"dev{i}a", team_2=f"dev{i}b")
    assert queries() == few
