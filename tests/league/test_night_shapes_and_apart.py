"""The night's table shapes and the club's pairs kept apart, through the web and the services
(PRODUCT.md, "Seating"): partnership tables by default, the organiser's choice on the night form,
decks per table on the night page, "never seat with" on the roster, honoured by the draw."""

from __future__ import annotations

import re

import pytest

from league.clubs.services import LeagueError
from league.models import Bye, KeptApart, Night, Role, Seat
from league.nights import services as night_services
from league.nights.seating.flags import flag_text
from tests.league.factories import club, member, night, season

pytestmark = pytest.mark.django_db


@pytest.fixture
def tuesday():
    return club("tuesday", "Tuesday Club")


def text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def table_sizes(sitting) -> list[int]:
    return [Seat.objects.filter(team__game__table=t).count() for t in sitting.tables.order_by("number")]


def test_thirteen_players_are_three_tables_of_four_and_a_bye_and_the_page_says_the_decks(client, tuesday):
    the_night = night(tuesday, players=13)
    sitting = night_services.sitting_draw(night=the_night)
    assert table_sizes(sitting) == [4, 4, 4] and Bye.objects.filter(sitting=sitting).count() == 1
    assert any(flag.endswith("sits out this sitting: the first time tonight") for flag in map(flag_text, sitting.flags))
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    page = text(client.get(f"/clubs/tuesday/nights/{the_night.pk}/"))
    assert page.count("5 decks") == 3  # Hand and Foot: one deck more than the players at the table


def test_the_organiser_allows_tables_without_partners_on_the_night_form(client, tuesday):
    the_season = season(tuesday)
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    form = {"date": "2026-11-24", "season": the_season.pk, "mode": "rotating", "sittings_planned": "2"}
    refused = client.post("/clubs/tuesday/nights/new/", {**form, "table_shapes": "2x2,2x3"})
    assert refused.status_code == 400 and "2x3 is not a table of this variant" in text(refused)
    client.post("/clubs/tuesday/nights/new/", {**form, "table_shapes": "all"})
    the_night = Night.objects.get()
    assert the_night.table_shapes == "all"
    for n in range(13):
        night_services.check_in(night=the_night, player=tuesday.players.create(name=f"P{n:02d}"))
    sitting = night_services.sitting_draw(night=the_night)
    assert sorted(table_sizes(sitting)) == [3, 4, 6]  # 4 + 6 + 3 on their own, as allowed
    assert any("play on their own at table 3" in flag for flag in map(flag_text, sitting.flags))


def test_never_seat_with_is_kept_on_the_roster_and_by_every_draw(client, tuesday):
    the_night = night(tuesday, players=8)
    ann, bob = tuesday.players.order_by("name")[:2]
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    client.post(f"/clubs/tuesday/players/{bob.pk}/apart/", {"other": ann.pk})
    assert KeptApart.objects.filter(first=ann, second=bob).exists()
    page = text(client.get(f"/clubs/tuesday/players/{ann.pk}/"))
    assert f"with these players (or says why it cannot). {bob.name} Seat together again" in page
    for _ in range(3):
        sitting = night_services.sitting_draw(night=night_services.Night.objects.get(pk=the_night.pk))
        for table in sitting.tables.all():
            here = set(Seat.objects.filter(team__game__table=table).values_list("player", flat=True))
            assert not {ann.pk, bob.pk} <= here
        for game in night_services.Game.objects.filter(table__sitting=sitting):
            night_services.scoresheet_services.game_finish(game=game)
    client.post(f"/clubs/tuesday/players/{ann.pk}/apart/", {"other": bob.pk, "remove": "1"})
    assert not KeptApart.objects.exists()


def test_a_pair_kept_apart_at_a_single_table_is_refused_with_the_reason(tuesday):
    the_night = night(tuesday, players=4)
    ann, bob = tuesday.players.order_by("name")[:2]
    KeptApart.objects.create(club=tuesday, first=ann, second=bob)
    with pytest.raises(LeagueError, match=f"{ann.name} & {bob.name} must be kept apart, but the 4 players"):
        night_services.sitting_draw(night=the_night)
