"""A season's standings are kept in the cache (league.kept, league.standings.fingerprint): every
change that changes them shows on the next page, through the services a club uses.

Each test opens the standings page (which keeps them), makes one change, and opens it again."""

from __future__ import annotations

from datetime import date

import pytest

from league.clubs import services as club_services
from league.models import Bye, Night, Player, Role, Season, Table
from league.nights import services as night_services
from scoresheet import services as scoresheet_services
from scoresheet.models import Game
from scoresheet.scoring import Adjustment, Entry
from tests.league.built_once import built_once
from tests.league.factories import member
from tests.league.test_standings import build_autumn
from tests.league.test_standings_pages import tables_of, url

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def autumn_once(django_db_setup, django_db_blocker):
    yield from built_once(django_db_blocker, build_autumn)


@pytest.fixture
def autumn(autumn_once):
    return Season.objects.get(pk=autumn_once.pk)


@pytest.fixture
def organiser(client, autumn):
    client.force_login(member(autumn.club, "olga", Role.ORGANISER))
    return client


def standings(client, season) -> dict[str, dict[str, str]]:
    """Each row of the page (ranked, then not yet ranked) by player name: column header → cell;
    "ranked" says which table it is in."""
    found = {}
    for number, table in enumerate(tables_of(client.get(url(season)))):
        header = table[0]
        for row in table[1:]:
            cells = dict(zip(header, row))
            cells["ranked"] = number == 0
            found[row[1].split(" ")[0]] = cells
    return found


def game_of(season, *names: str) -> Game:
    """The game where the first team is ``names`` (in seat order)."""
    games = Game.objects.filter(table__sitting__night__season=season)
    for name in names:
        games = games.filter(teams__position=0, teams__seats__player__name=name)
    return games.get()


def player(season, name: str) -> Player:
    return Player.objects.get(club=season.club, name=name)


def test_a_corrected_round_shows_at_once_on_the_standings_and_the_player_page(organiser, autumn):
    bob = player(autumn, "Bob")
    record = f"/clubs/{autumn.club.slug}/players/{bob.pk}/record/?season={autumn.pk}"
    assert standings(organiser, autumn)["Bob"]["Pts"] == "4,234"
    assert "4,234" in organiser.get(record).content.decode()
    entries = [Entry(adjustments=[Adjustment("Final score", total)]) for total in (3500, 1000)]
    scoresheet_services.round_record(game=game_of(autumn, "Ann", "Bob"), number=1, entries=entries, reason="Recount")
    after = standings(organiser, autumn)
    assert (after["Ann"]["Pts"], after["Bob"]["Pts"]) == ("9,500", "4,734")
    assert "4,734" in organiser.get(record).content.decode()


def test_a_game_deleted_then_restored(organiser, autumn):
    assert standings(organiser, autumn)["Ann"]["G"] == "2"
    game = game_of(autumn, "Ann", "Bob")
    scoresheet_services.game_delete(game=game)
    assert standings(organiser, autumn)["Ann"]["G"] == "1"
    scoresheet_services.game_restore(game=Game.objects.get(pk=game.pk))
    assert standings(organiser, autumn)["Ann"]["G"] == "2"


def test_a_game_reopened_then_finished_again(organiser, autumn):
    assert standings(organiser, autumn)["Ivy"]["G"] == "1"
    game = game_of(autumn, "Eve")
    scoresheet_services.game_reopen(game=game)
    assert "Ivy" not in standings(organiser, autumn)  # her only game no longer counts
    scoresheet_services.game_finish(game=Game.objects.get(pk=game.pk))
    assert standings(organiser, autumn)["Ivy"]["G"] == "1"


def test_a_night_deleted_then_restored(organiser, autumn):
    first = Night.objects.get(season=autumn, date=date(2026, 10, 6))
    assert standings(organiser, autumn)["Kai"]["Bye"] == "1"
    night_services.night_delete(night=first)
    after = standings(organiser, autumn)
    assert "Hana" not in after and after["Kai"]["Bye"] == "0" and after["Ann"]["G"] == "1"
    night_services.night_restore(night=Night.objects.get(pk=first.pk))
    assert standings(organiser, autumn)["Hana"]["G"] == "1"


def test_a_table_left_out(organiser, autumn):
    assert standings(organiser, autumn)["Bob"]["G"] == "2"
    table = Table.objects.get(game=game_of(autumn, "Bob", "Dan"))
    night_services.table_settle(table=table, action="leave_out", reason="Misdealt", by=None)
    assert standings(organiser, autumn)["Bob"]["G"] == "1"


def test_a_team_agrees_at_the_table(organiser, autumn):
    assert standings(organiser, autumn)["Bob"]["Player"] == "Bob 1 game not yet agreed"
    game = game_of(autumn, "Bob", "Dan")
    for team in game.teams.all():
        night_services.table_agree(table=game.table, team=team, device=f"phone-{team.pk}")
    assert standings(organiser, autumn)["Bob"]["Player"] == "Bob"


def test_a_player_renamed(organiser, autumn):
    assert "Bob" in standings(organiser, autumn)
    club_services.player_update(player=player(autumn, "Bob"), name="Robert")
    after = standings(organiser, autumn)
    assert "Bob" not in after and after["Robert"]["Pts"] == "4,234"


def test_two_players_merged(organiser, autumn):
    assert standings(organiser, autumn)["Kai"]["G"] == "1"
    club_services.player_merge(keep=player(autumn, "Kai"), merge=player(autumn, "Hana"))
    after = standings(organiser, autumn)
    assert "Hana" not in after and after["Kai"]["G"] == "2"


def test_a_night_still_playing_deleted_takes_its_byes_away(organiser, autumn):
    third = night_services.night_create(
        club=autumn.club,
        season=autumn,
        date=date(2026, 10, 20),
        variant=autumn.variant,
        mode="rotating",
        sittings_planned=1,
    )
    for name in ("Ann", "Bob", "Cleo", "Dan", "Ivy"):
        night_services.check_in(night=third, player=player(autumn, name))
    night_services.sitting_draw(night=third)  # four at a table, one sitting out; no game finished yet
    out = Bye.objects.get(sitting__night=third).player.name
    assert standings(organiser, autumn)[out]["Bye"] == "1"
    night_services.night_delete(night=third)
    assert standings(organiser, autumn)[out]["Bye"] == "0"


def test_the_seasons_rules_changed(organiser, autumn):
    before = standings(organiser, autumn)
    assert before["Hana"]["ranked"] and before["Ann"]["VP"] == "34.00"
    assert list(before)[:2] == ["Ann", "Cleo"]  # by VP average
    club_services.season_save(club=autumn.club, season=autumn, blowout_margin=2500)
    assert standings(organiser, autumn)["Ann"]["VP"] == "38.00"  # 18 + 20: 2,000 wins more under a smaller margin
    club_services.season_save(club=autumn.club, season=autumn, ranking="points", min_nights=2, blowout_margin=2500)
    after = standings(organiser, autumn)
    assert not after["Hana"]["ranked"]  # one night of the two now needed
    assert [name for name, row in after.items() if row["ranked"]][:3] == ["Ann", "Cleo", "Bob"]  # by points
