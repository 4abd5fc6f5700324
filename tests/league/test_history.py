"""A night's history, the table link as who made a change, organisers correcting a closed night's
games with a reason, and deleting and restoring nights and players."""

from __future__ import annotations

import html
import re

import pytest

from league.clubs import services
from league.models import Player, Role, Seat
from league.nights import services as night_services
from league.nights.history import NIGHT_PAGE_CHANGES
from league.standings.selectors import night_standings, season_standings
from scoresheet.games import services as scoresheet_services
from scoresheet.games import undoing
from scoresheet.models import Game
from tests.league.factories import close_night, club, member, night, player
from tests.league.test_table_links import FIRST, SECOND, enter_round_1, link, round_data, text, totals
from tests.scoresheet.test_history import take_back
from tests.scoresheet.test_views_game import raw, version_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    tuesday = club("tuesday", "Tuesday Club")
    olga = member(tuesday, "olga", Role.ORGANISER)
    sam = member(tuesday, "sam", Role.SCOREKEEPER)
    the_night = night(tuesday, players=8)  # 2 tables of 4
    sitting = night_services.sitting_draw(night=the_night)
    return tuesday, olga, sam, the_night, sitting, sitting.tables.get(number=1)


def history_part(response) -> str:
    content = text(response)
    return (
        content[content.index('id="history-title"') :]
        if 'id="history-title"' in content
        else content[content.index('id="night-history-title"') :]
    )


def test_a_round_through_the_table_link_is_recorded_as_the_table_links(client, world):
    *_, table = world
    enter_round_1(client, table)
    page = history_part(client.get(link(table)))
    assert "Round 1 entered by the table link of Table 1, sitting 1 at " in page


def test_the_night_page_tells_its_swaps_substitutes_draws_corrections_and_closing(client, world):
    tuesday, olga, sam, the_night, sitting, table = world
    client.force_login(olga)
    seat = Seat.objects.filter(team__game__table=table).order_by("team__position", "position").first()
    other = Seat.objects.filter(team__game__table__number=2, team__game__table__sitting=sitting).first()
    first_name, other_name = seat.player.name, other.player.name
    night_services.seats_swap(sitting=sitting, first=f"seat:{seat.pk}", second=f"seat:{other.pk}")
    enter_round_1(client, table)
    late = player(tuesday, "Latecomer")
    night_services.seat_substitute(seat=Seat.objects.get(pk=seat.pk), player=late)
    close_night(the_night)
    game = table.game
    # The table link is closed; an organiser corrects through the game's own page, with a reason.
    assert client.get(link(table, "rounds/1/")).status_code == 404
    version = version_of(raw(client.get(f"/games/{game.pk}/rounds/1/")))
    data = round_data({**FIRST, "melded_points": "1545"}, SECOND, went_out=0, version=version)
    refused = client.post(f"/games/{game.pk}/rounds/1/", data)
    assert refused.status_code == 400 and "Say why you correct this round" in text(refused)
    assert client.post(f"/games/{game.pk}/rounds/1/", {**data, "reason": "Books miscounted"}).status_code == 302
    assert totals(game) == [4845, 1115]

    page = history_part(client.get(f"/clubs/tuesday/nights/{the_night.pk}/"))
    order = [
        "Table 1, sitting 1: round 1 corrected by olga",
        "Night closed at",  # by the service directly: nobody signed in
        "A substitute at Table 1, sitting 1",
        "Seats swapped in sitting 1",
        "Sitting 1 drawn",
        "Night created",
    ]
    positions = [page.index(phrase) for phrase in order]
    assert positions == sorted(positions)  # newest first
    assert "4,345 → 4,845" in page and "Books miscounted" in page
    assert f"Latecomer took {other_name}'s seat" in page  # the one the swap put there
    swap = page[page.index("Seats swapped in sitting 1") :]
    assert f"Table 1: {other_name}" in swap and f"Table 2: {first_name}" in swap


def test_only_an_organiser_changes_a_closed_nights_game(client, world):
    tuesday, olga, sam, the_night, sitting, table = world
    enter_round_1(client, table)
    close_night(the_night)
    game = table.game
    client.force_login(sam)
    assert client.get(f"/games/{game.pk}/rounds/1/").status_code == 404
    assert client.post(f"/games/{game.pk}/undo/").status_code == 404
    assert "Undo the last change" not in text(client.get(f"/games/{game.pk}/"))
    client.force_login(olga)
    assert client.get(f"/games/{game.pk}/rounds/1/").status_code == 200
    assert "Undo the last change" in text(client.get(f"/games/{game.pk}/"))
    assert take_back(client, f"/games/{game.pk}/").status_code == 302
    assert not game.rounds.exists()


def test_a_deleted_night_leaves_the_list_its_page_and_the_standings_until_restored(client, world):
    tuesday, olga, sam, the_night, sitting, table = world
    for t in sitting.tables.all():
        scoresheet_services.round_record(game=t.game, number=1, entries=_round_1())
        scoresheet_services.game_finish(game=t.game)
    season = the_night.season
    assert season_standings(season=season).rows
    client.force_login(olga)
    assert client.post(f"/clubs/tuesday/nights/{the_night.pk}/delete/").status_code == 302
    assert client.get(f"/clubs/tuesday/nights/{the_night.pk}/").status_code == 404
    assert the_night.date.strftime("%-d %B %Y") not in text(client.get("/clubs/tuesday/nights/"))
    assert season_standings(season=season).rows == [] and night_standings(night=the_night).rows == []
    deleted = text(client.get("/clubs/tuesday/deleted/"))
    assert the_night.date.strftime("%A %-d %B %Y") in deleted
    assert client.post(f"/clubs/tuesday/nights/{the_night.pk}/restore/").status_code == 302
    assert client.get(f"/clubs/tuesday/nights/{the_night.pk}/").status_code == 200
    assert season_standings(season=season).rows
    page = history_part(client.get(f"/clubs/tuesday/nights/{the_night.pk}/"))
    assert page.index("Night restored by olga") < page.index("Night deleted by olga")


def test_a_deleted_player_leaves_the_roster_and_pages_until_restored(client, world):
    tuesday, olga, *_ = world
    dora = player(tuesday, "Dora Deleted")
    client.force_login(olga)
    assert client.post(f"/clubs/tuesday/players/{dora.pk}/delete/").status_code == 302
    client.get("/clubs/tuesday/")  # shows the message that names her
    assert "Dora Deleted" not in text(client.get("/clubs/tuesday/players/"))
    assert client.get(f"/clubs/tuesday/players/{dora.pk}/").status_code == 404
    assert "Dora Deleted" in text(client.get("/clubs/tuesday/deleted/"))
    assert client.post(f"/clubs/tuesday/players/{dora.pk}/restore/").status_code == 302
    assert "Dora Deleted" in text(client.get("/clubs/tuesday/players/"))
    rows = Player.history.filter(id=dora.pk).order_by("history_date", "history_id")
    # (the factory creates players directly: that first row belongs to no service's change)
    assert [r.history_type for r in rows] == ["+", "~", "~"]
    assert [r.history_action for r in rows][1:] == ["player_deleted", "player_restored"]
    assert rows[1].history_user.username == "olga"


def test_merging_players_does_not_rewrite_who_played_in_the_history(world):
    tuesday, olga, sam, the_night, sitting, table = world
    seat = Seat.objects.filter(team__game__table=table).first()
    before = seat.player_id
    twin = player(tuesday, "Twin")
    services.player_merge(keep=twin, merge=seat.player)
    assert Seat.objects.get(pk=seat.pk).player_id == twin.pk
    assert Seat.history.filter(id=seat.pk, history_type="+").get().player_id == before


@pytest.mark.parametrize("changes", [1, 10])
def test_the_night_page_reads_its_history_in_a_constant_number_of_queries(
    client, world, django_assert_max_num_queries, changes
):
    tuesday, olga, sam, the_night, sitting, table = world
    client.force_login(olga)
    game = table.game
    scoresheet_services.round_record(game=game, number=1, entries=_round_1())
    for _ in range(changes):
        scoresheet_services.round_record(game=game, number=1, entries=_round_1(hand=85))
        undoing.game_undo(game=Game.objects.get(pk=game.pk))
    with django_assert_max_num_queries(40):
        response = client.get(f"/clubs/tuesday/nights/{the_night.pk}/")
    assert text(response).count('class="history-entry"') >= 2 * changes


def _round_1(hand: int = 185):
    from tests.scoresheet.test_services import THEM_R1, US_R1

    return [US_R1, THEM_R1.__class__(**{**THEM_R1.__dict__, "hand_points": hand})]


def test_a_busy_nights_page_shows_its_latest_changes_and_its_history_is_paged_newest_first_at_the_same_cost(
    client, world, django_assert_max_num_queries
):
    """Issue 39 item 2: one page listed all 720 corrections of a busy night (14× → 44–52× the
    floor). Now the night's page shows its latest changes and links to the rest; the history 50 a
    page, newest first, the next page a link away; the pages' queries and rows do not grow with the
    night. (One night of 60 changes for both pages: built once, it was twice the cost.)"""
    tuesday, olga, sam, the_night, sitting, table = world
    client.force_login(olga)
    night_page = f"/clubs/tuesday/nights/{the_night.pk}/"
    assert "whole history" not in text(client.get(night_page))  # a quiet night shows everything
    game = table.game
    scoresheet_services.round_record(game=game, number=1, entries=_round_1())
    history = f"/clubs/tuesday/nights/{the_night.pk}/history/"
    for n in range(30):  # 60 round changes: a correction and its undo, each time
        scoresheet_services.round_record(game=game, number=1, entries=_round_1(hand=80 + 5 * n))
        undoing.game_undo(game=Game.objects.get(pk=game.pk))
        if n == 4:
            with django_assert_max_num_queries(30) as short:
                client.get(history)
    with django_assert_max_num_queries(40):
        page = text(client.get(night_page))
    assert page.count('class="history-entry"') == NIGHT_PAGE_CHANGES
    assert f'href="{history}"' in page
    assert "round 1 corrected" in page  # the latest: the last correction and its undo
    with django_assert_max_num_queries(len(short.captured_queries)):
        first = text(client.get(history))
    assert first.count('class="history-entry"') == 50
    older = re.search(r'href="([^"]*\?before=[^"]*)"', first).group(1)
    second = text(client.get(html.unescape(older)))
    assert second.count('class="history-entry"') == 62 - 50  # the rest: the night's creation and its draw last
    assert first.count("round 1 corrected") + second.count("round 1 corrected") == 60  # every change
    assert "Older changes" not in second and "Latest changes" in second
    for junk in ("x", "2026-13-45T00:00:00", "2026-01-01T00:00:00"):  # none a page's moment: the latest page
        assert client.get(history, {"before": junk}).status_code == 200


def test_changes_made_at_one_moment_are_on_one_page_of_the_history(client, world):
    """A page of the night's history ends before changes that share its last moment if they do not
    all fit on it (the next page starts at that moment): no change falls between two pages."""
    from scoresheet.models import Round

    tuesday, olga, sam, the_night, sitting, table = world
    client.force_login(olga)
    game = table.game
    scoresheet_services.round_record(game=game, number=1, entries=_round_1())
    for n in range(30):
        scoresheet_services.round_record(game=game, number=1, entries=_round_1(hand=80 + 5 * n))
        undoing.game_undo(game=Game.objects.get(pk=game.pk))
    changes = list(Round.history.filter(game=game).exclude(history_type="+", history_undoes__isnull=True))
    changes.sort(key=lambda row: row.history_date, reverse=True)
    moment = changes[47].history_date  # the 48th to 53rd newest changes made at one moment
    Round.history.filter(history_id__in=[row.history_id for row in changes[47:53]]).update(history_date=moment)
    history, pages, seen = f"/clubs/tuesday/nights/{the_night.pk}/history/", [], 0
    address = history
    while address:
        page = text(client.get(address))
        pages.append(page.count('class="history-entry"'))
        found = re.search(r'href="([^"]*\?before=[^"]*)"', page)
        address = html.unescape(found.group(1)) if found else ""
        seen += 1
        assert seen < 5
    assert pages == [47, 62 - 47]  # the six changes of one moment together, on the second page
