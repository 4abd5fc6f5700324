"""A season's standings are kept in the cache (league.kept, league.standings.fingerprint), and
each player's share of them and of the club's ratings beside them, under the club's results
version (league.results.version): every change that changes them shows on the next page, the standings'
and the player's, through the services a club uses.

Each test opens the standings page and a player's page (which keep them), makes one change, and
opens them again. The last ones check that every write of the services that a result depends on
moves the version on, those whose change no page shows (a night closed once every table is
settled) too."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.cache.backends.locmem import LocMemCache

from league.clubs import services as club_services
from league.exchange import imports
from league.models import Bye, Club, Night, Player, Role, Seat, Table
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.games import undoing
from scoresheet.models import Game
from scoresheet.scoring.engine import Adjustment, Entry
from tests.league.factories import member, night, table_result
from tests.league.test_import_results import HEADER, workbook
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
    third = _new_night(autumn, sittings_planned=1)
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
    assert "from 2 games" in rating(organiser, autumn, "Ann")
    # Every game of the season is one round of four, finished early: now left out, of the ratings too.
    club_services.season_save(club=autumn.club, season=autumn, blowout_margin=2500, early_games="left_out")
    assert "Ann" not in standings(organiser, autumn)
    assert NO_GAMES in totals(organiser, autumn, "Ann") and rating(organiser, autumn, "Ann") is None


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


def bob_and_ann(client, season) -> tuple[str, str, str]:
    """Bob's points on the standings and on his page, and Ann's rating on hers."""
    return standings(client, season)["Bob"]["Pts"], totals(client, season, "Bob"), rating(client, season, "Ann")


def test_a_correction_undone_then_redone(organiser, autumn):
    """Ann and Bob's 3,000 to 1,000 corrected to 1,000 to 3,000, taken back (Undo) and put back (Redo)."""
    before = bob_and_ann(organiser, autumn)
    assert before[0] == "4,234" and "Points 4,234" in before[1]
    game = game_of(autumn, "Ann", "Bob")
    entries = [Entry(adjustments=[Adjustment("Final score", total)]) for total in (1000, 3000)]
    scoresheet_services.round_record(game=game, number=1, entries=entries, reason="Swapped")
    corrected = bob_and_ann(organiser, autumn)
    assert corrected[0] == "2,234" and "Points 2,234" in corrected[1] and corrected[2] != before[2]
    undoing.game_undo(game=game)
    assert bob_and_ann(organiser, autumn) == before
    undoing.game_redo(game=game)
    assert bob_and_ann(organiser, autumn) == corrected


def test_a_round_taken_off_by_undo_and_put_back(organiser, autumn):
    """A second round entered on a game reopened, the game finished, then Undo twice: the finish,
    then the round (the game is reopened and finished again around it)."""
    game = game_of(autumn, "Ann", "Bob")
    scoresheet_services.game_reopen(game=game)
    entries = [Entry(adjustments=[Adjustment("Final score", total)]) for total in (500, 0)]
    scoresheet_services.round_record(game=game, number=2, entries=entries)
    scoresheet_services.game_finish(game=game)
    assert standings(organiser, autumn)["Bob"]["Pts"] == "4,734"
    assert "Points 4,734" in totals(organiser, autumn, "Bob")
    undoing.game_undo(game=game)  # the finish
    assert standings(organiser, autumn)["Bob"]["G"] == "1" and "Games 1" in totals(organiser, autumn, "Bob")
    undoing.game_undo(game=game)  # round 2
    scoresheet_services.game_finish(game=game)
    assert standings(organiser, autumn)["Bob"]["Pts"] == "4,234"
    assert "Points 4,234" in totals(organiser, autumn, "Bob")


FIVE = ("Ann", "Bob", "Cleo", "Dan", "Ivy")


@pytest.fixture
def third(autumn) -> Night:
    """A third night of the season, five players checked in: a sitting seats four, one sits out."""
    return _new_night(autumn)


def byes(client, season, *names: str) -> list[tuple[str, bool]]:
    """Each player's byes on the standings and whether their page says the same."""
    rows = standings(client, season)
    return [(rows[name]["Bye"], f"Byes {rows[name]['Bye']}" in totals(client, season, name)) for name in names]


def test_a_sitting_drawn_then_taken_back(organiser, autumn, third):
    assert byes(organiser, autumn, *FIVE) == [("0", True)] * 5
    sitting = night_services.sitting_draw(night=third)
    out = Bye.objects.get(sitting=sitting).player.name
    assert byes(organiser, autumn, out) == [("1", True)]
    night_services.sitting_cancel(sitting=sitting)
    assert byes(organiser, autumn, out) == [("0", True)]


def test_a_player_sitting_out_swapped_with_one_seated(organiser, autumn, third):
    sitting = night_services.sitting_draw(night=third)
    out = Bye.objects.get(sitting=sitting).player
    seat = Seat.objects.filter(team__game__table__sitting=sitting).select_related("player").first()
    assert byes(organiser, autumn, out.name, seat.player.name) == [("1", True), ("0", True)]
    night_services.seats_swap(sitting=sitting, first=f"bye:{out.pk}", second=f"seat:{seat.pk}")
    assert byes(organiser, autumn, out.name, seat.player.name) == [("0", True), ("1", True)]


def test_a_player_sitting_out_takes_a_seat_as_a_substitute(organiser, autumn, third):
    sitting = night_services.sitting_draw(night=third)
    out = Bye.objects.get(sitting=sitting).player
    assert byes(organiser, autumn, out.name) == [("1", True)]
    seat = Seat.objects.filter(team__game__table__sitting=sitting).first()
    night_services.seat_substitute(seat=seat, player=out)
    assert byes(organiser, autumn, out.name) == [("0", True)]


def test_a_table_confirmed_by_the_organiser(organiser, autumn):
    assert standings(organiser, autumn)["Bob"]["Player"] == "Bob 1 game not yet agreed"
    table = Table.objects.get(game=game_of(autumn, "Bob", "Dan"))
    night_services.table_settle(table=table, action="confirm", reason="Both teams said so", by=None)
    assert standings(organiser, autumn)["Bob"]["Player"] == "Bob"


def test_a_night_of_results_imported(organiser, autumn):
    assert standings(organiser, autumn)["Ann"]["G"] == "2"
    assert "Games 2" in totals(organiser, autumn, "Ann") and "from 2 games" in rating(organiser, autumn, "Ann")
    rows = [
        HEADER,
        [date(2026, 10, 27), 1, 1, "A", "Ann & Bob", 100, ""],
        [date(2026, 10, 27), 1, 1, "C", "Cy", 900, ""],
    ]
    imports.results_import(data=workbook(rows), club_slug=autumn.club.slug, season_name=autumn.name)
    assert standings(organiser, autumn)["Ann"]["G"] == "3"
    assert "Games 3" in totals(organiser, autumn, "Ann") and "from 3 games" in rating(organiser, autumn, "Ann")


# --- every write a result depends on moves the club's results version on -----------------------
# Each write as a function of the season that prepares it (through the services too) and returns it.


def _final(*totals: int) -> list[Entry]:
    return [Entry(adjustments=[Adjustment("Final score", total)]) for total in totals]


def _round_entered(autumn):
    game = game_of(autumn, "Ann", "Bob")
    scoresheet_services.game_reopen(game=game)
    return lambda: scoresheet_services.round_record(game=game, number=2, entries=_final(10, 0))


def _round_corrected(autumn):
    game = game_of(autumn, "Ann", "Bob")
    return lambda: scoresheet_services.round_record(game=game, number=1, entries=_final(1000, 3000), reason="Swapped")


def _round_undone(autumn):
    _round_corrected(autumn)()
    return lambda: undoing.game_undo(game=game_of(autumn, "Ann", "Bob"))


def _round_redone(autumn):
    _round_undone(autumn)()
    return lambda: undoing.game_redo(game=game_of(autumn, "Ann", "Bob"))


def _game_finished(autumn):
    game = game_of(autumn, "Ann", "Bob")
    scoresheet_services.game_reopen(game=game)
    return lambda: scoresheet_services.game_finish(game=game)


def _game_reopened(autumn):
    return lambda: scoresheet_services.game_reopen(game=game_of(autumn, "Ann", "Bob"))


def _game_deleted(autumn):
    return lambda: scoresheet_services.game_delete(game=game_of(autumn, "Ann", "Bob"))


def _game_restored(autumn):
    game = game_of(autumn, "Ann", "Bob")
    scoresheet_services.game_delete(game=game)
    return lambda: scoresheet_services.game_restore(game=game)


def _first_night(autumn) -> Night:
    return Night.objects.get(season=autumn, date=date(2026, 10, 6))


def _night_deleted(autumn):
    return lambda: night_services.night_delete(night=_first_night(autumn))


def _night_restored(autumn):
    night_services.night_delete(night=_first_night(autumn))
    return lambda: night_services.night_restore(night=_first_night(autumn))


def _night_closed(autumn):
    """The second night, its one game not yet agreed confirmed first: nothing on its pages changes
    when it closes (every table is settled), but the version moves on all the same."""
    table = Table.objects.get(game=game_of(autumn, "Bob", "Dan"))
    night_services.table_settle(table=table, action="confirm", reason="Both teams said so", by=None)
    return lambda: night_services.night_close(night=table.sitting.night)


def _new_night(autumn, sittings_planned: int = 2) -> Night:
    """A third night of the season, FIVE checked in, nothing drawn."""
    the_night = night_services.night_create(
        club=autumn.club,
        season=autumn,
        date=date(2026, 10, 20),
        variant=autumn.variant,
        mode="rotating",
        sittings_planned=sittings_planned,
    )
    for name in FIVE:
        night_services.check_in(night=the_night, player=player(autumn, name))
    return the_night


def _sitting_drawn(autumn):
    the_night = _new_night(autumn)
    return lambda: night_services.sitting_draw(night=the_night)


def _drawn(autumn) -> tuple:
    """A new night's sitting drawn, a seat of it and the player sitting out."""
    sitting = night_services.sitting_draw(night=_new_night(autumn))
    return sitting, Seat.objects.filter(team__game__table__sitting=sitting).first(), Bye.objects.get(sitting=sitting)


def _sitting_taken_back(autumn):
    sitting, _, _ = _drawn(autumn)
    return lambda: night_services.sitting_cancel(sitting=sitting)


def _seats_swapped(autumn):
    sitting, seat, bye = _drawn(autumn)
    return lambda: night_services.seats_swap(sitting=sitting, first=f"seat:{seat.pk}", second=f"bye:{bye.player_id}")


def _substitute(autumn):
    _, seat, bye = _drawn(autumn)
    return lambda: night_services.seat_substitute(seat=seat, player=bye.player)


def _table_agreed(autumn):
    game = game_of(autumn, "Bob", "Dan")
    return lambda: night_services.table_agree(table=game.table, team=game.teams.first(), device="phone-1")


def _table_settled(action: str):
    def prepare(autumn):
        table = Table.objects.get(game=game_of(autumn, "Bob", "Dan"))
        return lambda: night_services.table_settle(table=table, action=action, reason="Said so", by=None)

    return prepare


def _player_renamed(autumn):
    return lambda: club_services.player_update(player=player(autumn, "Bob"), name="Robert")


def _players_renamed(autumn):
    bob = player(autumn, "Bob")
    bob.name = "Robert"
    return lambda: club_services.players_update(players=[bob], fields=["name"])


def _player_deleted(autumn):
    return lambda: club_services.player_delete(player=player(autumn, "Kai"))


def _player_restored(autumn):
    club_services.player_delete(player=player(autumn, "Kai"))
    return lambda: club_services.player_restore(player=player(autumn, "Kai"))


def _players_merged(autumn):
    return lambda: club_services.player_merge(keep=player(autumn, "Kai"), merge=player(autumn, "Hana"))


def _seasons_rules(autumn):
    return lambda: club_services.season_save(club=autumn.club, season=autumn, blowout_margin=2500)


def _results_imported(autumn):
    rows = [
        HEADER,
        [date(2026, 10, 27), 1, 1, "A", "Ann & Bob", 100, ""],
        [date(2026, 10, 27), 1, 1, "C", "Cy", 900, ""],
    ]
    return lambda: imports.results_import(data=workbook(rows), club_slug=autumn.club.slug, season_name=autumn.name)


WRITES = {
    "round entered": _round_entered,
    "round corrected": _round_corrected,
    "round undone": _round_undone,
    "round redone": _round_redone,
    "game finished": _game_finished,
    "game reopened": _game_reopened,
    "game deleted": _game_deleted,
    "game restored": _game_restored,
    "night deleted": _night_deleted,
    "night restored": _night_restored,
    "night closed": _night_closed,
    "sitting drawn": _sitting_drawn,
    "sitting taken back": _sitting_taken_back,
    "seats swapped": _seats_swapped,
    "substitute": _substitute,
    "table agreed": _table_agreed,
    "table finished by the organiser": _table_settled("finish"),
    "table confirmed": _table_settled("confirm"),
    "table left out": _table_settled("leave_out"),
    "player renamed": _player_renamed,
    "players renamed at once": _players_renamed,
    "player deleted": _player_deleted,
    "player restored": _player_restored,
    "players merged": _players_merged,
    "season's rules changed": _seasons_rules,
    "results imported": _results_imported,
}


def version(season) -> int:
    return Club.objects.get(pk=season.club_id).results_version


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_every_write_a_result_depends_on_moves_the_clubs_results_version_on(autumn, write):
    make = write(autumn)
    before = version(autumn)
    make()
    assert version(autumn) > before


def test_the_version_is_read_as_it_stands_not_as_a_club_read_before_holds_it(autumn):
    """A club read before a write (a command's, a background job's) still reads the standings and
    the ratings as they are now: the version is read from the database each time."""
    from league.ratings.selectors import club_ratings
    from league.standings.selectors import season_standings

    club = Club.objects.get(pk=autumn.club_id)
    autumn.club = club
    ann = player(autumn, "Ann").pk
    before = club_ratings(club=club).players[ann].rating
    points = {row.name: row.values["points"] for row in season_standings(season=autumn).rows}["Bob"]
    _round_corrected(autumn)()
    assert club_ratings(club=club).players[ann].rating < before
    assert {row.name: row.values["points"] for row in season_standings(season=autumn).rows}["Bob"] == points - 2000


def test_a_club_saved_from_a_copy_read_before_a_write_keeps_its_version(autumn):
    """Saving a club read before a result changed (its settings) never puts its results version back."""
    stale = Club.objects.get(pk=autumn.club_id)
    _round_corrected(autumn)()
    moved = version(autumn)
    stale.name = "Tuesday Night Club"
    stale.save()
    assert version(autumn) == moved and Club.objects.get(pk=autumn.club_id).name == "Tuesday Night Club"
