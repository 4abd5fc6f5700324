"""The night pages through the client: a new night, check-in, drawing, seats, closing, table
links, the night page's live part, and its query count for 2 and 15 tables."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.models import Attendance, Bye, Night, Role, Seat, Sitting, Table
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game, Variant
from scoresheet.scoring.engine import Entry
from tests.league.factories import close_night, club, member, night, player, season

pytestmark = pytest.mark.django_db


@pytest.fixture
def tuesday():
    return club("tuesday", "Tuesday Club")


@pytest.fixture
def organiser(client, tuesday):
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    return client


def url(the_night: Night, rest: str = "") -> str:
    return f"/clubs/tuesday/nights/{the_night.pk}/{rest}"


def text(response) -> str:
    """The page's words, without tags or repeated spaces."""
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def record_round(game: Game, winner: int = 0) -> None:
    teams = game.teams.count()
    entries = [
        Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=300, went_out=True)
        if i == winner
        else Entry(books={"clean": 1}, melded_points=100, hand_points=50)
        for i in range(teams)
    ]
    number = game.rounds.count() + 1
    scoresheet_services.round_record(game=game, number=number, entries=entries, confirmed=["*"])


def finish_sitting(sitting: Sitting) -> None:
    for game in Game.objects.filter(table__sitting=sitting):
        record_round(game)
        scoresheet_services.game_finish(game=game)


# A new night


def test_the_new_night_form_starts_from_today_and_its_season(organiser, tuesday):
    today = timezone.localdate()
    season(tuesday, name="Old", start=today - datetime.timedelta(days=400), end=today - datetime.timedelta(days=300))
    current = season(
        tuesday, name="Now", start=today - datetime.timedelta(days=10), end=today + datetime.timedelta(days=10)
    )
    form = organiser.get("/clubs/tuesday/nights/new/").context["form"]
    assert form["date"].value() == today
    assert form["season"].value() == current.pk
    assert form["sittings_planned"].value() == 3


def test_an_organiser_makes_a_night_with_the_seasons_rules(organiser, tuesday):
    autumn = season(tuesday, variant="hand-knee-and-foot")
    data = {"date": "2026-11-24", "season": autumn.pk, "variant": "", "mode": "fixed", "sittings_planned": 4}
    response = organiser.post("/clubs/tuesday/nights/new/", data)
    made = Night.objects.get()
    assert response.status_code == 302 and response["Location"] == url(made, "checkin/")
    assert (made.date, made.season, made.variant.slug, made.mode, made.sittings_planned) == (
        datetime.date(2026, 11, 24),
        autumn,
        "hand-knee-and-foot",
        "fixed",
        4,
    )


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("date", "", "Give the night's date."),
        ("date", "24/13/2026", "Enter a date, like 2026-11-24."),
        ("date", "2027-02-01", "Autumn 2026 runs from 1 Sep 2026 to 31 Dec 2026: choose a date inside it"),
        ("season", "", "Choose the season the night counts for."),
        ("season", "{other_season}", "Choose one of the club's seasons."),
        ("variant", "{other_variant}", "Choose one of the rules in the list."),
        ("mode", "chaos", "Choose one of the ways of seating in the list."),
        ("sittings_planned", "0", "Plan at least 1 sitting."),
        ("sittings_planned", "21", "Plan at most 20 sittings."),
        ("sittings_planned", "three", "Enter a whole number from 1 to 20."),
    ],
)
def test_a_bad_value_is_refused_with_a_message_beside_its_field(organiser, tuesday, field, value, message):
    autumn = season(tuesday)
    friday = club("friday", "Friday Club")
    other_season = season(friday)
    other_variant = Variant.objects.create(
        slug="friday-rules",
        name="Friday rules",
        family="hand-and-foot",
        club=friday,
        document=Variant.objects.get(slug="hand-and-foot").document,
    )
    data = {"date": "2026-11-24", "season": autumn.pk, "variant": "", "mode": "rotating", "sittings_planned": "3"}
    data[field] = value.format(other_season=other_season.pk, other_variant=other_variant.pk)
    response = organiser.post("/clubs/tuesday/nights/new/", data)
    assert response.status_code == 400
    assert not Night.objects.exists()
    # The message sits in the field's own block, after its label.
    html = response.content.decode().replace("&#x27;", "'")
    block = re.search(
        rf'<div class="field has-error">\s*<label for="id_{field}">(.*?)(<div class="field|</form>)', html, re.S
    )
    assert block and f'<p id="id_{field}_error" class="field-error" role="alert">{message}' in block.group(1)


def test_a_club_without_a_season_is_asked_to_make_one_first(organiser):
    response = organiser.get("/clubs/tuesday/nights/new/")
    assert "Make a season first" in text(response)


# Lists and links


def test_the_nights_are_listed_newest_first_and_linked_from_the_club_and_season(organiser, tuesday):
    older = night(tuesday, players=0, date=datetime.date(2026, 10, 6))
    newer = night(tuesday, players=8, season=older.season, date=datetime.date(2026, 11, 24))
    night_services.sitting_draw(night=newer)
    close_night(older)
    page = text(organiser.get("/clubs/tuesday/nights/"))
    assert page.index("Tuesday 24 November 2026") < page.index("Tuesday 6 October 2026")
    assert "1 of 3 sittings drawn open" in page and "0 of 3 sittings drawn closed" in page
    assert "/clubs/tuesday/nights/" in organiser.get("/clubs/tuesday/").content.decode()
    season_page = organiser.get(f"/clubs/tuesday/seasons/{older.season.pk}/").content.decode()
    assert url(older) in season_page and url(newer) in season_page


def test_another_clubs_night_is_not_found(organiser):
    theirs = night(club("friday", "Friday Club"), players=4)
    for rest in ("", "live/", "checkin/", "sittings/1/"):
        assert organiser.get(f"/clubs/tuesday/nights/{theirs.pk}/{rest}").status_code == 404
    assert organiser.post(f"/clubs/tuesday/nights/{theirs.pk}/draw/").status_code == 404
    assert not Sitting.objects.exists()


# Check-in


def test_tick_in_and_out_with_a_normal_form_post(organiser, tuesday):
    the_night = night(tuesday, players=0)
    ann = player(tuesday, "Ann")
    response = organiser.post(url(the_night, f"checkin/{ann.pk}/"), {"present": "1", "q": "an"})
    assert response.status_code == 302 and response["Location"] == url(the_night, "checkin/") + "?q=an"
    assert Attendance.objects.get(player=ann).present
    page = text(organiser.get(url(the_night, "checkin/")))
    assert "1 present" in page
    organiser.post(url(the_night, f"checkin/{ann.pk}/"), {"present": "0"})
    assert not Attendance.objects.filter(player=ann).exists()  # never sat down: forgotten
    assert "0 present" in text(organiser.get(url(the_night, "checkin/")))


def test_tick_in_answers_the_script_with_json(organiser, tuesday):
    the_night = night(tuesday, players=8)
    night_services.sitting_draw(night=the_night)
    late = player(tuesday, "Late Larry")
    response = organiser.post(url(the_night, f"checkin/{late.pk}/"), {"present": "1"}, HTTP_ACCEPT="application/json")
    assert response.json() == {"present": True, "note": "plays from sitting 2", "count": 9, "error": ""}
    # The page says so too: a late arrival waits for the next sitting.
    page = organiser.get(url(the_night, "checkin/"))
    assert re.search(r"Late Larry.*?plays from sitting 2", page.content.decode(), re.S)


@pytest.mark.engine
def test_the_list_filters_by_name_and_shows_inactive_players_on_request(organiser, tuesday):
    the_night = night(tuesday, players=0)
    player(tuesday, "Ann")
    player(tuesday, "Bob")
    player(tuesday, "Annette", active=False)
    assert [row["player"].name for row in organiser.get(url(the_night, "checkin/?q=an")).context["rows"]] == ["Ann"]
    everyone = organiser.get(url(the_night, "checkin/?inactive=1&q=an")).context["rows"]
    assert [row["player"].name for row in everyone] == ["Ann", "Annette"]
    assert "Show inactive players" in text(organiser.get(url(the_night, "checkin/")))


@pytest.mark.engine
def test_add_a_new_player_on_the_spot(organiser, tuesday):
    the_night = night(tuesday, players=0)
    response = organiser.post(url(the_night, "checkin/"), {"name": " Zoë  Q ", "email": "", "phone": "555 0101"})
    assert response.status_code == 302
    attendance = Attendance.objects.get(night=the_night)
    assert (attendance.player.name, attendance.player.phone, attendance.present) == ("Zoë Q", "555 0101", True)
    again = organiser.post(url(the_night, "checkin/"), {"name": "zoë q"})
    assert again.status_code == 400
    assert again.context["form"].errors["name"] == ["zoë q is already on the roster: tick them in the list instead."]
    bad = organiser.post(url(the_night, "checkin/"), {"name": "Yan", "email": "not an address"})
    assert bad.status_code == 400 and "email" in bad.context["form"].errors
    assert Attendance.objects.filter(night=the_night).count() == 1


def test_a_scorekeeper_may_tick_in_but_not_draw(client, tuesday):
    the_night = night(tuesday, players=8)
    client.force_login(member(tuesday, "sam", Role.SCOREKEEPER))
    assert client.get(url(the_night, "checkin/")).status_code == 200
    assert client.post(url(the_night, "draw/")).status_code == 404
    page = text(client.get(url(the_night)))
    assert "Draw sitting 1" not in page and "Who is here" in page


# Drawing


def test_draw_then_a_refused_draw_while_the_tables_play(organiser, tuesday):
    the_night = night(tuesday, players=8)
    page = text(organiser.get(url(the_night)))
    assert "Draw sitting 1" in page and "8 here" in page
    response = organiser.post(url(the_night, "draw/"), {"number": "1"}, follow=True)
    assert "Sitting 1 is drawn" in text(response)
    assert Table.objects.filter(sitting__night=the_night).count() == 2
    assert "Draw sitting 2" not in text(response)  # the tables are playing
    refused = organiser.post(url(the_night, "draw/"), follow=True)
    assert refused.status_code == 200
    assert "Sitting 1 is still being played: finish every table's game first." in text(refused).replace("&#x27;", "'")
    again = organiser.post(url(the_night, "draw/"), {"number": "1"}, follow=True)  # a second tap
    assert "Sitting 1 is already drawn." in text(again)
    assert Sitting.objects.filter(night=the_night).count() == 1


def test_too_few_players_get_a_message_not_an_error(organiser, tuesday):
    the_night = night(tuesday, players=2)
    response = organiser.post(url(the_night, "draw/"), follow=True)
    assert response.status_code == 200
    assert "2 players are checked in; a table needs at least" in text(response)


def test_when_every_table_is_finished_the_next_sitting_can_be_drawn_and_at_the_end_closed(organiser, tuesday):
    the_night = night(tuesday, players=8, sittings_planned=1)
    sitting = night_services.sitting_draw(night=the_night)
    finish_sitting(sitting)
    page = text(organiser.get(url(the_night)))
    assert "Close the night" in page and "Draw sitting 2" in page  # one more game than planned is allowed
    assert page.count("Not yet agreed") == 2
    # Nobody agreed at the tables: closing lists them, and the organiser settles each with a reason.
    listed = organiser.post(url(the_night, "close/"), follow=True)
    assert not Night.objects.get().is_closed
    page = text(listed)
    assert "First settle each table below" in page and page.count("Confirm the result") == 2
    tables = list(Table.objects.filter(sitting=sitting).order_by("number"))
    refused = organiser.post(url(the_night, f"close/tables/{tables[0].pk}/"), {"action": "confirm"}, follow=True)
    assert "Say why: the reason is kept in the night&#x27;s history." in text(refused)
    for table in tables:
        data = {"action": "confirm", "reason": "Both teams said so to me"}
        done = organiser.post(url(the_night, f"close/tables/{table.pk}/"), data, follow=True)
        assert f"Table {table.number} of sitting 1 is confirmed." in text(done)
    assert "Every table is settled." in text(done)
    response = organiser.post(url(the_night, "close/"), follow=True)
    assert Night.objects.get().is_closed
    page = text(response)
    assert "The night is closed: the table links show the final sheets only." in page
    assert (
        "Draw sitting" not in page
        and "/t/" not in page
        and page.count("Confirmed by the organiser (Both teams said so to me)") == 2
    )
    for table in tables:  # every table's game is still linked, at its own page in the club
        assert f'href="/games/{table.game.pk}/"' in response.content.decode()
    history = html.unescape(page)
    assert history.count("confirmed by the organiser (olga) at") == 2 and "Both teams said so to me" in page


def test_the_seating_page_lists_tables_and_byes_and_the_flags_are_for_organisers(client, organiser, tuesday):
    the_night = night(tuesday, players=9, variant="hand-knee-and-foot")
    sitting = night_services.sitting_draw(night=the_night)
    Sitting.objects.filter(pk=sitting.pk).update(flags=["repeat partners: P01 & P02 (2nd time)"])
    page = text(organiser.get(url(the_night, "sittings/1/")))
    bye = Bye.objects.get(sitting=sitting).player.name
    assert "Table 1" in page and "Table 2" in page and f"Sitting out {bye}" in page
    assert "Repeat partners: P01 & P02 (2nd time)" in text(organiser.get(url(the_night))).replace("&amp;", "&")
    client.force_login(member(tuesday, "vic", Role.VIEWER))
    viewer_page = text(client.get(url(the_night)))
    assert "Repeat partners" not in viewer_page
    viewer_html = client.get(url(the_night)).content.decode()
    assert "/t/" not in viewer_html  # table links are for scorekeepers; the games are read at their own page
    assert f'href="/games/{Table.objects.filter(sitting=sitting).first().game.pk}/"' in viewer_html
    assert "Swap two players" not in text(client.get(url(the_night, "sittings/1/")))


# Seats


def table_seats(sitting):
    return list(
        Seat.objects.filter(team__game__table__sitting=sitting)
        .select_related("player")
        .order_by("team__game__table__number", "team__position", "position")
    )


def test_swap_two_seats_and_a_seat_with_a_bye_through_the_form(organiser, tuesday):
    the_night = night(tuesday, players=9, variant="hand-knee-and-foot")
    sitting = night_services.sitting_draw(night=the_night)
    seats = table_seats(sitting)
    first, last = seats[0], seats[-1]
    were = (first.player, last.player)
    response = organiser.post(
        url(the_night, "sittings/1/swap/"), {"first": f"seat:{first.pk}", "second": f"seat:{last.pk}"}
    )
    assert response.status_code == 302
    first.refresh_from_db(), last.refresh_from_db()
    assert (first.player, last.player) == (were[1], were[0])
    bye = Bye.objects.get(sitting=sitting)
    sitting_out = bye.player
    organiser.post(url(the_night, "sittings/1/swap/"), {"first": f"bye:{sitting_out.pk}", "second": f"seat:{first.pk}"})
    first.refresh_from_db()
    assert first.player == sitting_out and Bye.objects.get(sitting=sitting).player == were[1]


def test_refused_swaps_say_why_beside_the_form(organiser, tuesday):
    the_night = night(tuesday, players=8)
    sitting = night_services.sitting_draw(night=the_night)
    seats = table_seats(sitting)
    before = [(s.pk, s.player_id) for s in table_seats(sitting)]
    same = organiser.post(
        url(the_night, "sittings/1/swap/"), {"first": f"seat:{seats[0].pk}", "second": f"seat:{seats[0].pk}"}
    )
    assert same.status_code == 400 and same.context["swap_form"].errors["second"] == ["Choose two different players."]
    unknown = organiser.post(
        url(the_night, "sittings/1/swap/"), {"first": "seat:999999", "second": f"seat:{seats[0].pk}"}
    )
    assert unknown.context["swap_form"].errors["first"] == ["Choose a place in this sitting."]
    empty = organiser.post(url(the_night, "sittings/1/swap/"), {})
    assert empty.context["swap_form"].errors["first"] == ["Choose the first player to swap."]
    record_round(Game.objects.filter(table__sitting=sitting).first())
    started = organiser.post(
        url(the_night, "sittings/1/swap/"), {"first": f"seat:{seats[0].pk}", "second": f"seat:{seats[5].pk}"}
    )
    assert started.status_code == 400
    assert "Sitting 1 has started: a table has entered a round." in text(started)
    assert [(s.pk, s.player_id) for s in table_seats(sitting)] == before
    assert "Swap two players" not in text(organiser.get(url(the_night, "sittings/1/")))  # no more offered


def test_a_substitute_takes_a_seat_through_the_form(organiser, tuesday):
    the_night = night(tuesday, players=8)
    sitting = night_services.sitting_draw(night=the_night)
    seat = table_seats(sitting)[0]
    record_round(seat.team.game)  # mid-game
    leaving = seat.player
    zed = player(tuesday, "Zed")
    response = organiser.post(
        url(the_night, "sittings/1/substitute/"), {"seat": seat.pk, "player": zed.pk}, follow=True
    )
    said = text(response).replace("&#x27;", "'")
    assert f"Zed takes {leaving.name}'s seat from round 2; {leaving.name} is checked out." in said
    seat.refresh_from_db()
    assert (seat.player, seat.replaced, seat.from_round) == (zed, leaving, 2)
    assert f"Zed (for {leaving.name} from round 2)" in text(organiser.get(url(the_night)))
    # the one who left is not drawn again; Zed plays from this sitting, not the next
    here = dict(Attendance.objects.filter(night=the_night).values_list("player__name", "present"))
    assert here[leaving.name] is False and here["Zed"] is True
    assert Attendance.objects.get(night=the_night, player=zed).from_sitting == 1


def test_a_player_already_at_a_table_cannot_substitute(organiser, tuesday):
    the_night = night(tuesday, players=8)
    sitting = night_services.sitting_draw(night=the_night)
    seats = table_seats(sitting)
    response = organiser.post(
        url(the_night, "sittings/1/substitute/"), {"seat": seats[0].pk, "player": seats[5].player_id}
    )
    assert response.status_code == 400
    errors = response.context["substitute_form"].errors
    assert errors["player"] == ["Choose a player on the roster who is not at a table in this game."]
    missing = organiser.post(url(the_night, "sittings/1/substitute/"), {"seat": "", "player": ""})
    assert missing.context["substitute_form"].errors == {
        "seat": ["Choose who left the table."],
        "player": ["Choose who takes the seat, or name a new player."],
    }
    assert [(s.pk, s.player_id) for s in table_seats(sitting)] == [(s.pk, s.player_id) for s in seats]


def test_take_back_a_sitting_before_it_starts_and_not_after(organiser, tuesday):
    the_night = night(tuesday, players=8)
    night_services.sitting_draw(night=the_night)
    response = organiser.post(url(the_night, "sittings/1/cancel/"), follow=True)
    assert "Sitting 1 is taken back" in text(response) and not Sitting.objects.exists()
    sitting = night_services.sitting_draw(night=the_night)
    record_round(Game.objects.filter(table__sitting=sitting).first())
    refused = organiser.post(url(the_night, "sittings/1/cancel/"), follow=True)
    assert "Sitting 1 has started" in text(refused) and Sitting.objects.count() == 1


# Table links


def test_scorekeepers_see_the_table_links_and_organisers_renew_them(organiser, tuesday):
    the_night = night(tuesday, players=8)
    night_services.sitting_draw(night=the_night)
    table = Table.objects.get(sitting__night=the_night, number=1)
    old = table.token
    assert f"/t/{old}/" in organiser.get(url(the_night)).content.decode()
    response = organiser.post(url(the_night, f"tables/{table.pk}/renew/"), follow=True)
    table.refresh_from_db()
    assert table.token != old
    page = response.content.decode()
    assert old not in page and f"/t/{table.token}/" in page
    assert "Table 1 of sitting 1 has a new link" in text(response)


def test_a_closed_nights_links_cannot_be_renewed_and_ticks_are_refused(organiser, tuesday):
    the_night = night(tuesday, players=8)
    night_services.sitting_draw(night=the_night)
    close_night(the_night)
    table = Table.objects.get(sitting__night=the_night, number=1)
    old = table.token
    response = organiser.post(url(the_night, f"tables/{table.pk}/renew/"), follow=True)
    assert "This night is closed." in text(response)
    table.refresh_from_db()
    assert table.token == old
    newcomer = player(tuesday, "Newcomer")
    answer = organiser.post(url(the_night, f"checkin/{newcomer.pk}/"), {"present": "1"}, HTTP_ACCEPT="application/json")
    assert answer.status_code == 400 and answer.json()["error"] == "This night is closed."


# The live part


def test_the_live_part_shows_a_round_recorded_at_a_table(organiser, tuesday):
    the_night = night(tuesday, players=8)
    sitting = night_services.sitting_draw(night=the_night)
    before = text(organiser.get(url(the_night, "live/")))
    assert before.count("Not started") == 2 and "<html" not in before
    game = Game.objects.get(table__sitting=sitting, table__number=1)
    record_round(game, winner=1)
    after = organiser.get(url(the_night, "live/"))
    assert after["Cache-Control"] == "no-store"
    words = text(after)
    assert "Round 1 of 4 entered" in words and words.count("Not started") == 1
    # 2 clean × 500 + 2 dirty × 300 + 1 wild × 1,500 + 300 melded + 100 going out = 3,500 (thousands separator).
    assert '<span class="num night-team-total">3,500</span>' in after.content.decode()
    for _ in range(3):
        record_round(game, winner=1)
    scoresheet_services.game_finish(game=game)
    words = text(organiser.get(url(the_night, "live/")))
    assert "Finished" in words and "Won" in words and "Not yet agreed" in words
    first, second = game.teams.order_by("position")
    night_services.table_agree(table=game.table, team=first, device="phone-a")
    assert f"Not yet agreed ({first.name} agreed)" in html.unescape(text(organiser.get(url(the_night, "live/"))))
    night_services.table_agree(table=game.table, team=second, device="phone-b")
    after = organiser.get(url(the_night, "live/"))
    words = text(after)
    assert "<strong>Agreed</strong>" in after.content.decode() and "Not yet agreed" not in words
    winner = game.teams.get(position=1)
    won = re.search(r'<li class="night-team night-team-won">(.*?)</li>', after.content.decode(), re.S).group(1)
    assert "Won" in won and winner.seats.first().player.name in won


def test_the_night_page_and_its_live_part_read_as_many_queries_for_6_tables_as_for_2(
    organiser, tuesday, django_assert_max_num_queries
):
    small = night(tuesday, players=8)
    big = night(tuesday, players=24, season=small.season)
    for the_night in (small, big):
        sitting = night_services.sitting_draw(night=the_night)
        record_round(Game.objects.filter(table__sitting=sitting).first())
    assert Table.objects.filter(sitting__night=big).count() == 6
    for path in ("", "live/"):  # the page, and the part of it that refreshes itself
        with CaptureQueriesContext(connection) as two:
            assert organiser.get(url(small, path)).status_code == 200
        with django_assert_max_num_queries(len(two)):
            response = organiser.get(url(big, path))
        assert text(response).count("Table 6") >= 1, path


def test_a_sittings_printouts_are_linked_from_the_night_and_sitting_pages(client, tuesday):
    the_night = night(tuesday, players=8)
    night_services.sitting_draw(night=the_night)
    pack, chart = url(the_night, "sittings/1/pack.pdf"), url(the_night, "sittings/1/chart.pdf")
    client.force_login(member(tuesday, "sam", Role.SCOREKEEPER))
    for page in (url(the_night), url(the_night, "sittings/1/")):
        html = client.get(page).content.decode()
        assert f'href="{pack}"' in html and f'href="{chart}"' in html
    client.force_login(member(tuesday, "vic", Role.VIEWER))  # the pack holds the table links: not for viewers
    for page in (url(the_night), url(the_night, "sittings/1/")):
        html = client.get(page).content.decode()
        assert f'href="{pack}"' not in html and f'href="{chart}"' in html


def test_the_night_page_links_its_results_pdf(client, tuesday):
    the_night = night(tuesday, players=8)
    client.force_login(member(tuesday, "vic", Role.VIEWER))
    assert f'href="{url(the_night, "results.pdf")}"' in client.get(url(the_night)).content.decode()
