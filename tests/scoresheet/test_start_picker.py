"""The new-game page's rules picker, phone first (issue 35 item 4): the rules most likely wanted
are chosen (asked for in the address, else this device's last, else the club's latest game's,
else Hand and Foot) and the others fold under "Other rules"."""

from __future__ import annotations

import re

import pytest

from league.models import Role
from scoresheet.games import services
from scoresheet.models import Game, Variant
from tests.league.factories import club, member
from tests.scoresheet.test_views_game import start_data

pytestmark = pytest.mark.django_db


def chosen(response) -> list[str]:
    """The rules shown before "Other rules", checked."""
    page = response.content.decode()
    before = page[: page.index('<details class="other-rules"')]
    return re.findall(
        r'name="variant" value="\d+"[^>]*checked[^>]*>\s*<span class="choice-card-name"[^>]*>([^<]+)<', before
    )


def test_the_device_starts_its_next_game_with_the_rules_it_used_last(client):
    assert chosen(client.get("/games/new/")) == ["Hand and Foot"]
    response = client.post("/games/new/", start_data("canasta"))
    assert response.status_code == 302 and response.cookies["last_variant"].value == "canasta"
    assert chosen(client.get("/games/new/")) == ["Canasta (classic)"]
    assert chosen(client.get("/games/new/?variant=hand-knee-and-foot")) == ["Hand Knee and Foot"]  # asked for
    client.cookies["last_variant"] = "no-such-rules"
    assert chosen(client.get("/games/new/")) == ["Hand and Foot"]


def test_a_club_game_starts_with_the_rules_of_the_clubs_latest_game(client):
    tuesday = club("tuesday", "Tuesday Club")
    client.force_login(member(tuesday, "sam", Role.SCOREKEEPER))
    services.game_create(
        variant=Variant.objects.get(slug="hand-knee-and-foot"),
        mode=Game.Mode.TEAMS,
        teams=[services.TeamData("Us"), services.TeamData("Them")],
        club=tuesday,
    )
    response = client.get("/clubs/tuesday/games/new/")
    assert chosen(response) == ["Hand Knee and Foot"]
    assert "<summary>Other rules (" in response.content.decode()


def test_the_game_name_and_first_dealer_fold_unless_one_is_given(client):
    """Folded under "Options" so that the names and Start come sooner on a phone; a form sent back
    with a name or a dealer chosen (here refused for two teams of one name) shows them open."""
    assert '<details class="start-more">' in client.get("/games/new/").content.decode()
    refused = client.post("/games/new/", start_data(team_1="Us", team_2="Us", first_dealer="1"))
    assert refused.status_code == 400
    assert '<details class="start-more" open>' in refused.content.decode()
    refused = client.post("/games/new/", start_data(team_1="Us", team_2="Us"))
    assert '<details class="start-more">' in refused.content.decode()  # nothing given there: still folded
