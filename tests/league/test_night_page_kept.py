"""The night page's sittings and latest changes are kept in the cache (league.nights.kept_night):
every change shows on the next page or live refresh, a deleted night is gone, and what one
member's role shows is never served to another.

Each test opens the page first (which keeps its reads), makes one change through the services,
and opens it again."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.clubs import services as club_services
from league.models import Bye, Player, Role, Seat, Table
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game
from scoresheet.scoring.engine import Adjustment, Entry
from tests.league.factories import club, member, night
from tests.league.test_night_pages import record_round, text, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def tuesday():
    return club("tuesday", "Tuesday Club")


@pytest.fixture
def drawn(tuesday):
    """A night of 8 players with its first sitting drawn (2 tables)."""
    the_night = night(tuesday, players=8)
    night_services.sitting_draw(night=the_night)
    return the_night


def as_member(client, tuesday, name: str, role: str):
    client.force_login(member(tuesday, name, role))
    return client


def game_at(the_night, number: int) -> Game:
    return Game.objects.get(table__sitting__night=the_night, table__number=number)


def test_a_round_saved_after_the_page_was_kept_shows_on_the_page_and_its_live_part(client, tuesday, drawn):
    reader = as_member(client, tuesday, "vic", Role.VIEWER)
    for path in ("", "live/"):
        assert text(reader.get(url(drawn, path))).count("Not started") == 2
    record_round(game_at(drawn, 1))
    for path in ("", "live/"):
        words = text(reader.get(url(drawn, path)))
        assert "Round 1 of 4 entered" in words and words.count("Not started") == 1, path


def test_a_corrected_round_shows_in_the_latest_changes(client, tuesday, drawn):
    reader = as_member(client, tuesday, "vic", Role.VIEWER)
    game = game_at(drawn, 1)
    record_round(game)
    assert "round 1 corrected" not in text(reader.get(url(drawn)))
    entries = [Entry(adjustments=[Adjustment("Final score", total)]) for total in (700, 300)]
    scoresheet_services.round_record(game=game, number=1, entries=entries, reason="Recount")
    words = text(reader.get(url(drawn)))
    assert "Table 1, sitting 1: round 1 corrected" in words and "Recount" in words


def test_renamed_players_a_check_out_and_a_renewed_link_show_at_once(client, tuesday, drawn):
    organiser = as_member(client, tuesday, "olga", Role.ORGANISER)
    table = Table.objects.get(sitting__night=drawn, number=1)
    seated = table.game.teams.order_by("position").first().seats.first().player
    page = organiser.get(url(drawn)).content.decode()
    assert f"/t/{table.token}/" in page and "<strong>8</strong> here" in page
    club_services.player_update(player=seated, name="Renamed Rita")
    night_services.check_out(night=drawn, player=Player.objects.get(club=tuesday, name="Renamed Rita"))
    renewed = night_services.table_link_renew(table=table)
    page = organiser.get(url(drawn)).content.decode()
    assert "Renamed Rita" in page and "<strong>7</strong> here" in page
    assert f"/t/{renewed.token}/" in page and f"/t/{table.token}/" not in page.replace(renewed.token, "")


def test_a_deleted_night_is_not_found_once_kept(client, tuesday, drawn):
    organiser = as_member(client, tuesday, "olga", Role.ORGANISER)
    for path in ("", "live/"):
        assert organiser.get(url(drawn, path)).status_code == 200
    night_services.night_delete(night=drawn)
    for path in ("", "live/"):
        assert organiser.get(url(drawn, path)).status_code == 404, path


def test_an_organisers_page_is_not_served_to_a_reader_nor_the_other_way(client, tuesday, drawn):
    olga, vic = member(tuesday, "olga", Role.ORGANISER), member(tuesday, "vic", Role.VIEWER)
    client.force_login(olga)
    organiser_page = client.get(url(drawn)).content.decode()
    assert "Renew link" in organiser_page and "/renew/" in organiser_page and "/t/" in organiser_page
    for path in ("", "live/"):
        client.force_login(vic)
        reader_page = client.get(url(drawn, path)).content.decode()
        assert "Renew link" not in reader_page and "Delete the night" not in reader_page, path
        assert "/renew/" not in reader_page and "/draw/" not in reader_page and "/t/" not in reader_page, path
        assert "Table 1’s score sheet" in reader_page, path
    client.force_login(olga)
    again = client.get(url(drawn)).content.decode()
    assert "Renew link" in again and "/renew/" in again and "/t/" in again


def test_a_kept_page_reads_no_more_queries_than_a_first_one(client, tuesday, drawn, django_assert_max_num_queries):
    organiser = as_member(client, tuesday, "olga", Role.ORGANISER)
    record_round(game_at(drawn, 1))
    for path in ("", "live/"):
        cache.clear()
        with CaptureQueriesContext(connection) as first:
            organiser.get(url(drawn, path))
        with django_assert_max_num_queries(len(first) - 5):  # the night page's reads, kept
            assert organiser.get(url(drawn, path)).status_code == 200


def test_a_seat_swapped_with_a_bye_shows_at_once(client, tuesday):
    the_night = night(tuesday, players=9, variant="hand-knee-and-foot")
    sitting = night_services.sitting_draw(night=the_night)
    reader = as_member(client, tuesday, "vic", Role.VIEWER)
    sitting_out = Bye.objects.get(sitting=sitting).player
    seat = Seat.objects.filter(team__game__table__sitting=sitting).order_by("pk").first()
    seated = seat.player
    before = text(reader.get(url(the_night, "live/")))
    assert f"Sitting out: {sitting_out.name}" in before
    night_services.seats_swap(sitting=sitting, first=f"bye:{sitting_out.pk}", second=f"seat:{seat.pk}")
    after = text(reader.get(url(the_night, "live/")))
    assert f"Sitting out: {seated.name}" in after and sitting_out.name in after.replace(
        f"Sitting out: {seated.name}", ""
    )
