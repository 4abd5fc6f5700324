"""What a night's players see with no account (/n/<token>/: "where do I sit", then the night's
results) and the room's screen (clubs/<slug>/nights/<id>/screen/), through the client: names
found accents aside, each sitting's table, seat, partners and opponents, the night so far, the
screen's views and its choice to hide the standings in the last sitting, and their query counts."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.clubs.names import search_key, sort_key
from league.models import Bye, Player, Role, Seat
from league.nights import player_view
from league.nights import services as night_services
from scoresheet.models import Game
from tests.league.factories import club, member, night, player
from tests.league.test_night_pages import finish_sitting, record_round, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def tuesday():
    return club("tuesday", "Tuesday Club")


def seat_url(the_night, rest: str = "") -> str:
    return f"/n/{the_night.token}/{rest}"


def screen_url(the_night, rest: str = "") -> str:
    return f"/clubs/{the_night.club.slug}/nights/{the_night.pk}/screen/{rest}"


def with_zoe(a_club, players: int = 8, **fields):
    """A night of ``players`` checked in, one of them Zoë (the others P01, P02 …)."""
    the_night = night(a_club, players=players - 1, **fields)
    night_services.check_in(night=the_night, player=player(a_club, "Zoë"))
    return the_night


def close_confirmed(the_night) -> None:
    """Close the night as an organiser who confirms every finished table's result."""
    from league.models import Table
    from league.nights import selectors as night_selectors

    for row in night_selectors.unsettled(night=the_night):
        night_services.table_settle(
            table=Table.objects.get(pk=row.table.pk), action="confirm", reason="Agreed aloud", by=None
        )
    night_services.night_close(night=the_night)


def place_of(name: str, sitting) -> dict:
    """Where ``name`` sits in ``sitting``, read from the seats: table, partners, opponents."""
    seat = Seat.objects.select_related("team__game__table").get(player__name=name, team__game__table__sitting=sitting)
    game = seat.team.game
    teams = [list(team.seats.order_by("position").values_list("player__name", flat=True)) for team in game.teams.all()]
    mine = next(team for team in teams if name in team)
    return {
        "table": game.table.number,
        "partners": [other for other in mine if other != name],
        "opponents": [team for team in teams if team is not mine],
    }


def test_a_player_finds_their_name_without_its_accents(client, tuesday):
    the_night = with_zoe(tuesday)
    player(tuesday, "Zoé Other Club Member")  # on the roster, not at this night
    response = client.get(seat_url(the_night), {"q": "ZOE"})
    assert response.status_code == 200
    names = re.findall(r'data-name="([^"]*)"><a [^>]*>([^<]*)</a>', response.content.decode())
    assert names == [("zoe", "Zoë")]
    every = re.findall(r'data-name="[^"]*"', client.get(seat_url(the_night)).content.decode())
    assert len(every) == 8  # with no search, the night's eight players to tap
    assert "Nobody of that name tonight." in text(client.get(seat_url(the_night), {"q": "xavier"}))
    assert search_key("Zoë Ørsted-ÉLAN") == "zoe orsted-elan"


def test_a_player_sees_their_table_partners_and_night_as_sittings_are_drawn(client, tuesday):
    the_night = with_zoe(tuesday)
    zoe = Player.objects.get(name="Zoë")
    assert "No sitting of yours is drawn yet" in text(client.get(seat_url(the_night), {"p": zoe.pk}))

    first = night_services.sitting_draw(night=the_night)
    page = client.get(seat_url(the_night), {"p": zoe.pk})
    words = text(page)
    place = place_of("Zoë", first)
    assert f"Sitting 1 Table {place['table']} · seat" in words
    assert f"Partners: {' & '.join(place['partners'])}" in words
    assert "Opponents: " + "; ".join(" & ".join(team) for team in place["opponents"]) in words
    # the part that refreshes itself is the same read, at its own address, for this player only
    live = f'data-live="/n/{the_night.token}/live/?p={zoe.pk}"'
    assert live in page.content.decode()
    assert "Sitting 2" not in words and "Your night so far" not in words

    finish_sitting(first)
    second = night_services.sitting_draw(night=the_night)
    words = text(client.get(seat_url(the_night, "live/"), {"p": zoe.pk}))
    assert f"Sitting 1 Table {place['table']}" in words
    assert f"Sitting 2 Table {place_of('Zoë', second)['table']}" in words
    assert re.search(
        r"Your night so far (Place \d+ · )?1 game finished · wins: [\d.]+ · points: [\d,]+ · VP: [\d.]+", words
    )


def test_a_player_sitting_out_is_told_so(client, tuesday):
    the_night = night(tuesday, players=9, variant="hand-knee-and-foot")  # two tables of four and a bye
    sitting = night_services.sitting_draw(night=the_night)
    bye = Bye.objects.get(sitting=sitting)
    assert "Sitting 1 You sit this one out." in text(client.get(seat_url(the_night), {"p": bye.player_id}))


def test_a_closed_night_shows_the_players_own_games_and_place_then_the_results(client, tuesday):
    """Issue 35 item 11: once the night closed, picking your name showed the night's standings,
    not your own games."""
    the_night = with_zoe(tuesday)
    zoe = Player.objects.get(name="Zoë")
    finish_sitting(night_services.sitting_draw(night=the_night))
    close_confirmed(the_night)
    for address in (seat_url(the_night), seat_url(the_night, "live/")):
        response = client.get(address, {"p": zoe.pk})
        words = text(response)
        assert response.status_code == 200
        # Her own sitting first: her table, partners and opponents, the final scores; then her place.
        mine = words[: words.index("The night's results")]
        assert "Zoë" in mine and "Sitting 1" in mine and "Table " in mine and "Finished" in mine
        assert "Your night" in mine and "Place " in mine
        rows = re.findall(r"<tr[^>]*>\s*<td>(\d+|–)</td><th scope=\"row\">([^<]+)<small", response.content.decode())
        assert sorted(name for _, name in rows) == sorted(
            Player.objects.filter(club=tuesday).values_list("name", flat=True)
        )
        assert 'class="player-results-me" aria-current="true"><td>' in response.content.decode()
    page = client.get(seat_url(the_night)).content.decode()  # nobody picked yet: the names, and the results
    assert "data-live=" not in page and 'id="seat-names"' in page
    assert "The night's results" in page


def test_the_address_opens_its_own_night_only(client, tuesday):
    the_night = with_zoe(tuesday)
    other = night(tuesday, players=4, season=the_night.season)
    night_services.sitting_draw(night=the_night)
    zoe = Player.objects.get(name="Zoë")
    assert len(the_night.token) <= 16 and the_night.token != other.token
    # Zoë is not at the other night: its page knows nothing of her, nor of this night's names
    words = text(client.get(seat_url(other), {"p": zoe.pk}))
    assert "Zoë" not in words and "Table" not in words
    assert client.get(seat_url(other), {"q": "zoe"}).context["shown"] == []
    assert client.get("/n/not-a-night-token/").status_code == 404
    assert client.get("/n/%00/").status_code == 404
    night_services.night_delete(night=the_night)
    assert client.get(seat_url(the_night)).status_code == 404
    assert client.get(seat_url(the_night, "live/")).status_code == 404


def queries(client, address: str, **params) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(address, params).status_code == 200
    return len(captured)


def test_the_players_pages_and_the_screen_read_the_same_queries_for_8_or_40_players(client, tuesday):
    small, big = with_zoe(tuesday, 8), with_zoe(club("friday", "Friday Club"), 40)
    counts = {}
    for the_night in (small, big):
        finish_sitting(night_services.sitting_draw(night=the_night))
        night_services.sitting_draw(night=the_night)
        zoe = Player.objects.get(club=the_night.club, name="Zoë")
        client.force_login(member(the_night.club, f"viewer-{the_night.pk}"))
        counts[the_night.pk] = (
            queries(client, seat_url(the_night), p=zoe.pk),
            queries(client, seat_url(the_night, "live/"), p=zoe.pk),
            queries(client, seat_url(the_night), q="zo"),
            queries(client, screen_url(the_night)),
            queries(client, screen_url(the_night, "views/")),
        )
    assert counts[small.pk] == counts[big.pk]
    assert max(counts[big.pk]) <= 20, counts


def test_seat_page_selector_has_a_fixed_query_count(django_assert_max_num_queries, tuesday):
    the_night = with_zoe(tuesday, 40)
    night_services.sitting_draw(night=the_night)
    zoe = Player.objects.get(name="Zoë")
    with django_assert_max_num_queries(12):
        page = player_view.seat_page(night=the_night, player_id=zoe.pk)
    assert [place.sitting for place in page.places] == [1]


# The room's screen


def test_the_screen_takes_turns_with_seating_progress_and_standings(client, tuesday):
    the_night = with_zoe(tuesday, 12)
    client.force_login(member(tuesday, "vera"))  # a viewer: anyone of the club who may see the night
    first = night_services.sitting_draw(night=the_night)
    finish_sitting(first)
    second = night_services.sitting_draw(night=the_night)
    game = Game.objects.filter(table__sitting=second).order_by("table__number").first()
    record_round(game)
    response = client.get(screen_url(the_night, "?every=2&refresh=5"))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-every="2"' in page and 'data-refresh="5"' in page
    assert f"/n/{the_night.token}/" in page  # "where do I sit" for the room
    views = re.findall(r'data-view="(\w+)"', page)
    assert views == ["seating", "progress", "standings", "standings"]  # 12 players: ten standings a view
    seating = re.search(r'id="screen-seating-1".*?</section>', page, re.S).group(0)
    names = re.findall(
        r'<span class="screen-name">([^<]+)</span> <strong class="screen-where">([^<]+)</strong>', seating
    )
    assert [name for name, _ in names] == sorted((name for name, _ in names), key=sort_key)
    assert len(names) == 12 and ("Zoë", f"Table {place_of('Zoë', second)['table']}") in names
    progress = text(client.get(screen_url(the_night, "views/")))
    assert f"Table {game.table.number} Round 1 of" in progress and "Not started" in progress
    assert "Tonight's standings" in progress


def test_the_screen_can_hide_the_standings_during_the_last_sitting(client, tuesday):
    the_night = with_zoe(tuesday, 8, sittings_planned=2)
    olga = member(tuesday, "olga", Role.ORGANISER)
    client.force_login(member(tuesday, "vera"))
    set_url = screen_url(the_night, "set/")
    assert client.post(set_url, {"hides_last_standings": "1"}).status_code == 404  # organisers only
    client.force_login(olga)
    assert client.post(set_url, {"hides_last_standings": "1"}).status_code == 302
    the_night.refresh_from_db()
    assert the_night.screen_hides_last_standings

    finish_sitting(night_services.sitting_draw(night=the_night))
    assert "Tonight's standings" in text(client.get(screen_url(the_night)))  # sitting 1 of 2: shown
    finish_sitting(night_services.sitting_draw(night=the_night))
    words = text(client.get(screen_url(the_night, "views/")))  # the last sitting: hidden
    assert "Tonight's standings" not in words and "The standings show again when the night is over." in words
    close_confirmed(the_night)
    assert "Tonight's standings" in text(client.get(screen_url(the_night, "views/")))  # closed: shown again

    client.post(set_url, {"hides_last_standings": "0"})
    the_night.refresh_from_db()
    assert not the_night.screen_hides_last_standings


def test_the_screen_is_for_the_clubs_members_only(client, tuesday):
    the_night = with_zoe(tuesday)
    assert client.get(screen_url(the_night)).status_code == 404
    client.force_login(member(club("friday", "Friday Club"), "fred", Role.ORGANISER))
    assert client.get(screen_url(the_night)).status_code == 404
    assert client.get(screen_url(the_night, "views/")).status_code == 404


def test_the_night_page_shows_the_code_to_where_do_i_sit(client, tuesday):
    the_night = with_zoe(tuesday)
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    page = client.get(f"/clubs/tuesday/nights/{the_night.pk}/").content.decode()
    assert "<svg" in page and f"http://testserver/n/{the_night.token}/" in page
    assert f'href="/clubs/tuesday/nights/{the_night.pk}/screen/"' in page
    assert "Hide the standings during the last sitting" in page
    # The code is drawn once for a link (league.nights.player_views._drawn_code): the one drawn now for it.
    from scoresheet.addresses import qrcode

    link = f"http://testserver/n/{the_night.token}/"
    drawn = qrcode.svg(link, title="")
    assert drawn[drawn.index("<path") :] in page
    again = client.get(f"/clubs/tuesday/nights/{the_night.pk}/").content.decode()
    assert drawn[drawn.index("<path") :] in again


def test_a_new_night_gets_a_short_token_of_its_own():
    from scoresheet.addresses import tokens

    assert len({tokens.short_token() for _ in range(50)}) == 50
    assert all(tokens.may_be_token(tokens.short_token()) for _ in range(5))
