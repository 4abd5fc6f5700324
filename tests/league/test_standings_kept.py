"""A season's standings are kept in the cache (league.kept, league.standings.fingerprint), and
each player's share of them and of the club's ratings beside them: every change that changes them
shows on the next page, the standings' and the player's, through the services a club uses.

Each test opens the standings page and a player's page (which keep them), makes one change, and
opens them again."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.cache.backends.locmem import LocMemCache

from league.clubs import services as club_services
from league.models import Bye, Night, Player, Role, Table
from league.nights import services as night_services
from scoresheet import services as scoresheet_services
from scoresheet.models import Game
from scoresheet.scoring import Adjustment, Entry
from tests.league.factories import member, night, table_result
from tests.league.test_player_pages import section, text
from tests.league.test_standings_pages import tables_of, url

pytestmark = pytest.mark.django_db


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


def record_url(season, name: str) -> str:
    return f"/clubs/{season.club.slug}/players/{player(season, name).pk}/record/?season={season.pk}"


def record(client, season, name: str) -> str:
    """The words of the player's page for the season."""
    return text(client.get(record_url(season, name)).content.decode())


def totals(client, season, name: str) -> str:
    """The player's standings row as their page shows it (the "Totals" section)."""
    return section(client.get(record_url(season, name)).content.decode(), "Totals")


NO_GAMES = "No finished games in Autumn 2026."


def rating(client, season, name: str) -> str | None:
    """The player's rating as their page shows it ("Rating today 25.3 ± 7.1, from 2 games"), None without one."""
    page = record(client, season, name)
    if "Rating today" not in page:
        return None
    return "Rating today" + page.split("Rating today")[1].split(" in every season")[0]


def test_a_corrected_round_shows_at_once_on_the_standings_and_the_player_page(organiser, autumn):
    bob = player(autumn, "Bob")
    record = f"/clubs/{autumn.club.slug}/players/{bob.pk}/record/?season={autumn.pk}"
    assert standings(organiser, autumn)["Bob"]["Pts"] == "4,234"
    assert "4,234" in organiser.get(record).content.decode()
    assert "Points 4,234" in totals(organiser, autumn, "Bob")
    entries = [Entry(adjustments=[Adjustment("Final score", total)]) for total in (3500, 1000)]
    scoresheet_services.round_record(game=game_of(autumn, "Ann", "Bob"), number=1, entries=entries, reason="Recount")
    after = standings(organiser, autumn)
    assert (after["Ann"]["Pts"], after["Bob"]["Pts"]) == ("9,500", "4,734")
    assert "4,734" in organiser.get(record).content.decode()
    assert "Points 4,734" in totals(organiser, autumn, "Bob") and "Points 9,500" in totals(organiser, autumn, "Ann")


def test_a_game_deleted_then_restored(organiser, autumn):
    assert standings(organiser, autumn)["Ann"]["G"] == "2"
    assert "Games 2" in totals(organiser, autumn, "Ann") and "from 2 games" in rating(organiser, autumn, "Ann")
    game = game_of(autumn, "Ann", "Bob")
    scoresheet_services.game_delete(game=game)
    assert standings(organiser, autumn)["Ann"]["G"] == "1"
    assert "Games 1" in totals(organiser, autumn, "Ann") and "from 1 game" in rating(organiser, autumn, "Ann")
    scoresheet_services.game_restore(game=Game.objects.get(pk=game.pk))
    assert standings(organiser, autumn)["Ann"]["G"] == "2"
    assert "Games 2" in totals(organiser, autumn, "Ann") and "from 2 games" in rating(organiser, autumn, "Ann")


def test_a_game_reopened_then_finished_again(organiser, autumn):
    assert standings(organiser, autumn)["Ivy"]["G"] == "1"
    assert "Games 1" in totals(organiser, autumn, "Ivy") and "from 1 game" in rating(organiser, autumn, "Ivy")
    game = game_of(autumn, "Eve")
    scoresheet_services.game_reopen(game=game)
    assert "Ivy" not in standings(organiser, autumn)  # her only game no longer counts
    assert NO_GAMES in totals(organiser, autumn, "Ivy") and rating(organiser, autumn, "Ivy") is None
    scoresheet_services.game_finish(game=Game.objects.get(pk=game.pk))
    assert standings(organiser, autumn)["Ivy"]["G"] == "1"
    assert "Games 1" in totals(organiser, autumn, "Ivy") and "from 1 game" in rating(organiser, autumn, "Ivy")


def test_a_night_deleted_then_restored(organiser, autumn):
    first = Night.objects.get(season=autumn, date=date(2026, 10, 6))
    assert standings(organiser, autumn)["Kai"]["Bye"] == "1"
    assert "Byes 1" in totals(organiser, autumn, "Kai") and "Games 1" in totals(organiser, autumn, "Hana")
    night_services.night_delete(night=first)
    after = standings(organiser, autumn)
    assert "Hana" not in after and after["Kai"]["Bye"] == "0" and after["Ann"]["G"] == "1"
    assert "Byes 0" in totals(organiser, autumn, "Kai") and NO_GAMES in totals(organiser, autumn, "Hana")
    assert rating(organiser, autumn, "Hana") is None and "from 1 game" in rating(organiser, autumn, "Ann")
    night_services.night_restore(night=Night.objects.get(pk=first.pk))
    assert standings(organiser, autumn)["Hana"]["G"] == "1"
    assert "Games 1" in totals(organiser, autumn, "Hana") and "from 1 game" in rating(organiser, autumn, "Hana")


def test_a_table_left_out(organiser, autumn):
    assert standings(organiser, autumn)["Bob"]["G"] == "2"
    assert "Games 2" in totals(organiser, autumn, "Bob") and "from 2 games" in rating(organiser, autumn, "Bob")
    table = Table.objects.get(game=game_of(autumn, "Bob", "Dan"))
    night_services.table_settle(table=table, action="leave_out", reason="Misdealt", by=None)
    assert standings(organiser, autumn)["Bob"]["G"] == "1"
    assert "Games 1" in totals(organiser, autumn, "Bob") and "from 1 game" in rating(organiser, autumn, "Bob")


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
    assert "Games 1" in totals(organiser, autumn, "Kai") and "from 1 game" in rating(organiser, autumn, "Kai")
    club_services.player_merge(keep=player(autumn, "Kai"), merge=player(autumn, "Hana"))
    after = standings(organiser, autumn)
    assert "Hana" not in after and after["Kai"]["G"] == "2"
    assert "Games 2" in totals(organiser, autumn, "Kai") and "from 2 games" in rating(organiser, autumn, "Kai")


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
    assert "Byes 1" in totals(organiser, autumn, out)
    night_services.night_delete(night=third)
    assert standings(organiser, autumn)[out]["Bye"] == "0"
    assert "Byes 0" in totals(organiser, autumn, out)


def test_the_seasons_rules_changed(organiser, autumn):
    before = standings(organiser, autumn)
    assert before["Hana"]["ranked"] and before["Ann"]["VP"] == "34.00"
    assert list(before)[:2] == ["Ann", "Cleo"]  # by VP average
    assert "Victory points 34.00" in totals(organiser, autumn, "Ann")
    assert "Not yet ranked" not in totals(organiser, autumn, "Hana")
    club_services.season_save(club=autumn.club, season=autumn, blowout_margin=2500)
    assert standings(organiser, autumn)["Ann"]["VP"] == "38.00"  # 18 + 20: 2,000 wins more under a smaller margin
    assert "Victory points 38.00" in totals(organiser, autumn, "Ann")
    club_services.season_save(club=autumn.club, season=autumn, ranking="points", min_nights=2, blowout_margin=2500)
    after = standings(organiser, autumn)
    assert not after["Hana"]["ranked"]  # one night of the two now needed
    assert [name for name, row in after.items() if row["ranked"]][:3] == ["Ann", "Cleo", "Bob"]  # by points
    assert "Not yet ranked: fewer than 2 nights" in totals(organiser, autumn, "Hana")
    assert "Rank 3" in totals(organiser, autumn, "Bob")


def test_a_corrected_winner_moves_the_ratings_and_the_chances_on_the_players_page(organiser, autumn):
    """Ann and Bob beat Cleo and Dan on the first night; corrected, they lost: Ann's rating falls and
    Cleo's rises. Eve tied on top of a three-team table there; corrected, she won it: her rating
    rises, and Ann's chance against her in the second night's game is worked out again."""
    before, chance = rating(organiser, autumn, "Ann"), second_nights_chance(organiser, autumn, "Ann")
    cleo, eve = rating(organiser, autumn, "Cleo"), rating(organiser, autumn, "Eve")
    entries = [Entry(adjustments=[Adjustment("Final score", total)]) for total in (1000, 3000)]
    scoresheet_services.round_record(game=game_of(autumn, "Ann", "Bob"), number=1, entries=entries, reason="Swapped")
    after = rating(organiser, autumn, "Ann")
    assert value(after) < value(before) and "from 2 games" in after
    assert value(rating(organiser, autumn, "Cleo")) > value(cleo)
    entries = [Entry(adjustments=[Adjustment("Final score", total)]) for total in (4000, 2500, 500)]
    scoresheet_services.round_record(game=game_of(autumn, "Eve"), number=1, entries=entries, reason="Miscounted")
    assert value(rating(organiser, autumn, "Eve")) > value(eve)
    assert second_nights_chance(organiser, autumn, "Ann") != chance


def value(rating_words: str) -> float:
    return float(rating_words.removeprefix("Rating today ").split(" ")[0])


def second_nights_chance(client, season, name: str) -> str:
    """The chance the player's page gives their team in their game of 13 October ("49%")."""
    games = section(client.get(record_url(season, name)).content.decode(), "Games <span")
    line = games[games.index("13 Oct") :]
    return next(word for word in line.split(" ") if word.endswith("%"))


def test_the_rating_rank_moves_at_once_on_the_players_page(organiser, autumn):
    """A rating is ranked from 10 games of the season: Ann and Bob get there; one of Ann's games
    reopened takes her below it, and Bob is then the only one ranked."""
    for n in range(8):  # Ann wins 8 more nights, Bob loses 8: 10 games each
        the_night = night(autumn.club, players=0, season=autumn, date=date(2026, 11, 1 + n))
        table_result(the_night, 1, 1, [(f"Ann & Q{n}", 3000), (f"R{n} & S{n}", 1000)], agreed=True)
        table_result(the_night, 1, 2, [(f"Bob & T{n}", 500), (f"U{n} & V{n}", 2500)], agreed=True)
    assert "Rating rank 1 of 2 in this season." in record(organiser, autumn, "Ann")
    assert "Rating rank 2 of 2 in this season." in record(organiser, autumn, "Bob")
    scoresheet_services.game_reopen(game=game_of(autumn, "Ann", "Q7"))
    ann = record(organiser, autumn, "Ann")
    assert "Rating rank" not in ann and "The season's rating is shown from 10 games of the season on." in ann
    assert "Rating rank 1 of 1 in this season." in record(organiser, autumn, "Bob")


@pytest.fixture
def cache_reads(monkeypatch) -> list[str]:
    """The keys read from the cache, in order."""
    keys: list[str] = []
    get = LocMemCache.get

    def recorded(self, key, *args, **kwargs):
        keys.append(key)
        return get(self, key, *args, **kwargs)

    monkeypatch.setattr(LocMemCache, "get", recorded)
    return keys


def test_a_players_page_reads_their_own_share_not_the_whole(organiser, autumn, cache_reads):
    """Once the standings and the ratings are worked out, a player's page reads from the cache only
    what is theirs: their standings row and their rating, each under its own key, not the whole
    season's or the whole club's; a player with no game in the season too (an empty share)."""
    club_services.player_create(club=autumn.club, name="Zed")
    for name, games in (("Bob", "Games 2"), ("Zed", NO_GAMES)):
        record(organiser, autumn, name)  # works out what the page shows, and keeps every share
        cache_reads.clear()
        assert games in totals(organiser, autumn, name)
        read = [key for key in cache_reads if key.startswith(("standings:", "ratings:"))]
        mine = f":player:{player(autumn, name).pk}"
        assert len(read) == 2 and all(key.endswith(mine) for key in read), read
