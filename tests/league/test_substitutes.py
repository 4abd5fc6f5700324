"""Substitutes: who takes a seat mid-game, from which round, and whom the game counts for.

The rule (``league.results.substitutes``): a seat's game counts for the player who played more of
its rounds, the player who left on a tie; that player gets the team's whole result.
"""

from __future__ import annotations

import json
from io import StringIO

import openpyxl
import pytest
from django.core.management import call_command

from league.clubs.services import LeagueError
from league.models import Attendance, Role, Seat, Sitting
from league.nights import services as night_services
from league.results.substitutes import SeatRounds
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game
from scoresheet.scoring.engine import Adjustment, Entry
from tests.league.factories import club, member, night, player

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "before, after, counts_for",
    [
        (0, 4, "Cleo"),  # taken over before the first round: the substitute's whole game
        (1, 3, "Cleo"),  # more rounds: the substitute's
        (2, 2, "Bob"),  # a tie: the player who left keeps it
        (3, 1, "Bob"),
        (4, 0, "Bob"),
    ],
)
def test_the_game_counts_for_who_played_more_of_the_seats_rounds(before, after, counts_for):
    seat = SeatRounds((2, "Cleo"), (1, "Bob"), before, after)
    assert seat.counts_for[1] == counts_for
    assert SeatRounds((2, "Cleo"), None, 0, 4).counts_for == (2, "Cleo")
    assert SeatRounds((2, "Cleo"), (1, "Bob"), 1, 3).split == "Bob round 1, Cleo rounds 2–4"
    assert SeatRounds((2, "Cleo"), (1, "Bob"), 0, 4).split == ""


def play(game: Game, totals: list[int]) -> None:
    """One round of ``game`` in which the teams score ``totals`` (entered as adjustments)."""
    entries = [Entry(adjustments=[Adjustment("Round", total)]) for total in totals]
    scoresheet_services.round_record(game=game, number=game.rounds.count() + 1, entries=entries)


@pytest.fixture
def table():
    """One table of four (Ann, Bob, Cleo, Dan drawn into two teams), and Zed and Yan on the roster, not here."""
    tuesday = club()
    the_night = night(tuesday, players=0)
    for name in ("Ann", "Bob", "Cleo", "Dan"):
        night_services.check_in(night=the_night, player=player(tuesday, name))
    player(tuesday, "Zed")
    player(tuesday, "Yan")
    sitting = night_services.sitting_draw(night=the_night)
    return Game.objects.get(table__sitting=sitting)


def seats(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(team__game=game).select_related("player").order_by("team__position", "position"))


def standings_json(slug: str, season: str) -> dict[str, dict]:
    out = StringIO()
    call_command("standings", "--club", slug, "--season", season, "--json", stdout=out)
    data = json.loads(out.getvalue())
    return {row["player"]: row for row in data["rows"] + data["unranked"]}


def test_substitutes_are_credited_by_the_rounds_they_played(table, tmp_path):
    first, second = seats(table)[0], seats(table)[2]  # a seat of each team
    a_left, a_partner = first.player.name, seats(table)[1].player.name
    b_left, b_partner = second.player.name, seats(table)[3].player.name
    play(table, [1000, 200])
    night_services.seat_substitute(seat=first, player=table.club.players.get(name="Zed"))  # rounds 2–4: 3 of 4
    play(table, [500, 200])
    night_services.seat_substitute(seat=second, player=table.club.players.get(name="Yan"))  # rounds 3–4: 2 of 4
    play(table, [500, 200])
    play(table, [500, 200])
    scoresheet_services.game_finish(game=table)

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.from_round, second.from_round) == (2, 3)
    rows = standings_json("tuesday", "Autumn 2026")
    # Team A: 1000 + 3 × 500 = 2500; team B: 4 × 200 = 800. Margin 1700 of the blowout 5000:
    # x = 10 × 1700 / 5000 = 3.4, so 13.4 VP against 6.6. Zed played 3 of 4 rounds: the game is his;
    # Bob-or-whoever left team B after 2 of 4 rounds: a tie, so the game stays theirs, not Yan's.
    won = {"nights": 1, "games": 1, "wins": 1.0, "points": 2500, "average": 2500.0, "vp": 13.4, "vp_average": 13.4}
    lost = {"nights": 1, "games": 1, "wins": 0.0, "points": 800, "average": 800.0, "vp": 6.6, "vp_average": 6.6}
    assert set(rows) == {"Zed", a_partner, b_left, b_partner}  # a_left and Yan: no game counted
    for name, expected in (("Zed", won), (a_partner, won), (b_left, lost), (b_partner, lost)):
        assert {key: rows[name][key] for key in expected} == expected, name

    # The results workbook names those the game counts for, and imports back to the same standings;
    # its Game log names who played each round.
    out = tmp_path / "results.xlsx"
    call_command("export_results", "--club", "tuesday", "--season", "Autumn 2026", "--out", str(out), stdout=StringIO())
    book = openpyxl.load_workbook(out)
    results = list(book["Results"].iter_rows(min_row=2, values_only=True))
    assert [row[4] for row in results] == [f"Zed & {a_partner}", f"{b_left} & {b_partner}"]
    assert [row[5] for row in results] == [2500, 800]
    header = [cell.value for cell in book["Game log"][1]]
    log = [dict(zip(header, row)) for row in book["Game log"].iter_rows(min_row=2, values_only=True)]
    assert [(row["Round"], row["Players"]) for row in log] == [
        (1, f"{a_left} & {a_partner}"),
        (1, f"{b_left} & {b_partner}"),
        (2, f"Zed & {a_partner}"),
        (2, f"{b_left} & {b_partner}"),
        (3, f"Zed & {a_partner}"),
        (3, f"Yan & {b_partner}"),
        (4, f"Zed & {a_partner}"),
        (4, f"Yan & {b_partner}"),
    ]
    call_command("import_results", str(out), "--club", "friday", "--season", "Copy", stdout=StringIO())
    settled = {name: {**row, "unconfirmed": 0} for name, row in rows.items()}  # an imported night is settled
    assert standings_json("friday", "Copy") == settled


def test_the_player_page_says_who_played_which_rounds(client, table):
    first = seats(table)[0]
    left = first.player
    play(table, [1000, 200])
    night_services.seat_substitute(seat=first, player=table.club.players.get(name="Zed"))
    play(table, [500, 200])
    play(table, [500, 200])
    scoresheet_services.game_finish(game=table)
    client.force_login(member(table.club, "olga", Role.VIEWER))
    season = table.table.sitting.night.season
    zed = client.get(f"/clubs/tuesday/players/{table.club.players.get(name='Zed').pk}/record/?season={season.pk}")
    assert f"{left.name} round 1, Zed rounds 2–3" in zed.content.decode()
    theirs = client.get(f"/clubs/tuesday/players/{left.pk}/record/?season={season.pk}").content.decode()
    assert "Rounds in games counted for a substitute" in theirs
    assert f"{left.name} round 1, Zed rounds 2–3" in theirs


def test_the_player_who_left_is_checked_out_and_the_substitute_plays_this_sitting(table):
    the_night = table.table.sitting.night
    play(table, [100, 50])
    scoresheet_services.game_finish(game=table)
    for name in ("Zed", "Yan"):
        night_services.check_in(night=the_night, player=table.club.players.get(name=name))
    second = night_services.sitting_draw(night=the_night)  # six here: four seated, two sit out
    game = Game.objects.get(table__sitting=second)
    seat = seats(game)[0]
    left = seat.player
    play(game, [100] + [50] * (game.teams.count() - 1))
    seat = night_services.seat_substitute_new(seat=seat, name="  Walk  In ")
    assert (seat.player.name, seat.replaced, seat.from_round) == ("Walk In", left, 2)
    walk_in = Attendance.objects.get(night=the_night, player=seat.player)
    assert (walk_in.present, walk_in.from_sitting) == (True, 2)  # plays sitting 2, not "from sitting 3"
    assert Attendance.objects.get(night=the_night, player=left).present is False
    scoresheet_services.game_finish(game=game)
    third = night_services.sitting_draw(night=the_night)
    drawn = set(Seat.objects.filter(team__game__table__sitting=third).values_list("player__name", flat=True))
    drawn |= set(third.byes.values_list("player__name", flat=True))
    assert left.name not in drawn and "Walk In" in drawn
    with pytest.raises(LeagueError, match="already on the roster: choose them in the list"):
        night_services.seat_substitute_new(seat=seats(Game.objects.filter(table__sitting=third).first())[0], name="zed")
    assert Sitting.objects.filter(night=the_night).count() == 3


def test_a_seat_takes_one_substitute_a_game_once_both_have_played(table):
    seat = seats(table)[0]
    play(table, [100, 50])
    zed, yan = (table.club.players.get(name=name) for name in ("Zed", "Yan"))
    night_services.seat_substitute(seat=seat, player=zed)
    # Before Zed plays a round, another can still stand in for the player who left.
    seat = night_services.seat_substitute(seat=seat, player=yan)
    assert (seat.player, seat.replaced.name, seat.from_round) == (yan, seats(table)[0].replaced.name, 2)
    play(table, [100, 50])
    with pytest.raises(LeagueError, match="a seat takes one substitute a game"):
        night_services.seat_substitute(seat=seat, player=zed)
    # The player who left played round 1: ticked in and out again, they stay on the night as gone.
    the_night, left = table.table.sitting.night, seat.replaced
    night_services.check_in(night=the_night, player=left)
    night_services.check_out(night=the_night, player=left)
    assert Attendance.objects.get(night=the_night, player=left).present is False


def test_the_sitting_page_offers_the_roster_here_tonight_first_or_a_new_player(client, table):
    client.force_login(member(table.club, "olga", Role.ORGANISER))
    the_night = table.table.sitting.night
    night_services.check_in(night=the_night, player=table.club.players.get(name="Yan"))
    page = client.get(f"/clubs/tuesday/nights/{the_night.pk}/sittings/1/")
    choices = page.context["substitute_form"].fields["player"].choices
    assert [(label, [name for _, name in names]) for label, names in choices[1:]] == [
        ("Here tonight", ["Yan"]),
        ("On the roster", ["Zed"]),
    ]
    seat = seats(table)[1]
    response = client.post(
        f"/clubs/tuesday/nights/{the_night.pk}/sittings/1/substitute/",
        {"seat": seat.pk, "player": "", "new_name": "Xena"},
        follow=True,
    )
    assert "Xena takes" in response.content.decode()
    seat.refresh_from_db()
    assert seat.player.name == "Xena" and seat.from_round == 1
    both = client.post(
        f"/clubs/tuesday/nights/{the_night.pk}/sittings/1/substitute/",
        {"seat": seat.pk, "player": table.club.players.get(name="Zed").pk, "new_name": "Wes"},
    )
    assert both.status_code == 400
    assert both.context["substitute_form"].errors == {"new_name": ["Choose a player or name a new one, not both."]}


def test_with_everyone_seated_the_list_says_to_name_a_new_player(client):
    tuesday = club()
    the_night = night(tuesday, players=4)
    night_services.sitting_draw(night=the_night)
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    page = client.get(f"/clubs/tuesday/nights/{the_night.pk}/sittings/1/")
    assert "Everyone on the roster is at a table: name a new player below." in page.content.decode()
