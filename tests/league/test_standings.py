"""Standings of a small season worked out by hand (PRODUCT.md, "Standings"), for every ranking rule.

The season (hand-and-foot, blowout margin B = 5,000):

Night 1, 6 Oct, sitting 1 (Kai sits out):
  Table 1: Ann & Bob 3,000 v Cleo & Dan 1,000. m = 2,000: x = 10 × 2,000 / 5,000 = 4.0
           → Ann & Bob 14 VP, Cleo & Dan 6 VP; Ann & Bob win.
  Table 2 (three teams): Eve & Finn 2,500, Gus & Hana 2,500, Ivy & Jon 500.
           EF v GH: level, 10 each. EF v IJ and GH v IJ: m = 2,000, 14 v 6.
           → EF (10 + 14) / 2 = 12.00, GH 12.00, IJ (6 + 6) / 2 = 6.00 VP;
           EF and GH tie on top: half a win each.
Night 2, 13 Oct, sitting 1:
  Table 1: Ann & Cleo 6,000 v Kai & Eve 0. m = 6,000, capped at B: x = 10 → 20 v 0 VP.
  Table 2: Bob & Dan 1,234 v Finn & Gus 1,000. m = 234: x = 10 × 234 / 5,000 = 0.468 → 0.5
           (half up to 1 decimal) → 10.5 v 9.5 VP.

Per player (games, nights, points, wins, VP, VP average, average):
  Ann  2 2 9,000 2   34   17.00 4,500.00     Bob  2 2 4,234 2   24.5 12.25 2,117.00
  Cleo 2 2 7,000 1   26   13.00 3,500.00     Dan  2 2 2,234 1   16.5  8.25 1,117.00
  Eve  2 2 2,500 0.5 12    6.00 1,250.00     Finn 2 2 3,500 0.5 21.5 10.75 1,750.00
  Gus  2 2 3,500 0.5 21.5 10.75 1,750.00     Hana 1 1 2,500 0.5 12   12.00 2,500.00
  Ivy  1 1   500 0     6    6.00   500.00     Jon  1 1   500 0    6    6.00   500.00
  Kai  1 1     0 0     0    0.00     0.00 (and 1 bye)
"""

from __future__ import annotations

import io
import json
from datetime import date
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command

from league.models import Bye, Player, Sitting
from league.nights import services as night_services
from league.results import metrics as standings
from league.standings.selectors import night_standings, season_standings, team_standings
from scoresheet.games import services as scoresheet_services
from scoresheet.scoring.engine import Adjustment, Entry
from tests.league.factories import club, night, season, table_result

pytestmark = pytest.mark.django_db


def build_autumn():
    """The hand-computed season: two nights of Tuesday Club, one game not yet agreed."""
    tuesday = club("tuesday", "Tuesday Club")
    the_season = season(tuesday, name="Autumn 2026")
    first = night(tuesday, players=0, season=the_season, date=date(2026, 10, 6))
    table_result(first, 1, 1, [("Ann & Bob", 3000), ("Cleo & Dan", 1000)], agreed=True)
    table_result(first, 1, 2, [("Eve & Finn", 2500), ("Gus & Hana", 2500), ("Ivy & Jon", 500)], agreed=True)
    kai = Player.objects.create(club=tuesday, name="Kai")
    Bye.objects.create(sitting=Sitting.objects.get(night=first), player=kai)
    second = night(tuesday, players=0, season=the_season, date=date(2026, 10, 13))
    table_result(second, 1, 1, [("Ann & Cleo", 6000), ("Kai & Eve", 0)], agreed=True)
    table_result(second, 1, 2, [("Bob & Dan", 1234), ("Finn & Gus", 1000)])  # not agreed at the table
    return the_season


def table(result) -> list[tuple]:
    return [(row.rank, row.name) for row in result.rows] + [(None, row.name) for row in result.unranked]


def test_victory_points_by_the_definition():
    assert standings.match_vp(3000, 1000, 5000) == Decimal("14.0")
    assert standings.match_vp(1000, 3000, 5000) == Decimal("6.0")
    assert standings.match_vp(6000, 0, 5000) == 20  # a blowout is capped at B
    assert standings.match_vp(1234, 1000, 5000) == Decimal("10.5")  # 0.468 → 0.5, half up
    assert standings.match_vp(1025, 1000, 5000) == Decimal("10.1")  # 0.05 → 0.1: half up, not to even
    assert standings.match_vp(700, 700, 5000) == 10
    assert standings.game_vp([2500, 2500, 500], 5000) == [Decimal("12.00"), Decimal("12.00"), Decimal("6.00")]
    # three teams, means that need rounding: 1,000 v 0 (12.0) and v 3,333 (5.3: 4.666 → 4.7) → 8.65
    assert standings.game_vp([1000, 0, 3333], 5000)[0] == Decimal("8.65")
    assert standings.win_shares([2500, 2500, 500]) == [0.5, 0.5, 0]


def test_every_players_numbers(autumn):
    rows = {row.name: row.values for row in season_standings(season=autumn).rows}
    assert {name: (v["games"], v["nights"], v["points"], v["wins"], v["vp"]) for name, v in rows.items()} == {
        "Ann": (2, 2, 9000, 2, 34),
        "Bob": (2, 2, 4234, 2, Decimal("24.5")),
        "Cleo": (2, 2, 7000, 1, 26),
        "Dan": (2, 2, 2234, 1, Decimal("16.5")),
        "Eve": (2, 2, 2500, Decimal("0.5"), 12),
        "Finn": (2, 2, 3500, Decimal("0.5"), Decimal("21.5")),
        "Gus": (2, 2, 3500, Decimal("0.5"), Decimal("21.5")),
        "Hana": (1, 1, 2500, Decimal("0.5"), 12),
        "Ivy": (1, 1, 500, 0, 6),
        "Jon": (1, 1, 500, 0, 6),
        "Kai": (1, 1, 0, 0, 0),
    }
    assert rows["Bob"]["vp_average"] == Decimal("12.25") and rows["Bob"]["average"] == Decimal("2117.00")
    assert rows["Kai"]["byes"] == 1 and rows["Ann"]["byes"] == 0
    assert rows["Ann"]["best_game"] == 6000


@pytest.mark.parametrize(
    "by, expected",
    [
        # vp: (VP average, points). Finn and Gus level on both; Ivy and Jon too.
        (
            "vp",
            [(1, "Ann"), (2, "Cleo"), (3, "Bob"), (4, "Hana"), (5, "Finn"), (5, "Gus"), (7, "Dan"), (8, "Eve")]
            + [(9, "Ivy"), (9, "Jon"), (11, "Kai")],
        ),
        # wins, then points: Ann and Bob 2 (9,000 before 4,234); Eve and Hana 0.5 and 2,500 each.
        (
            "wins",
            [(1, "Ann"), (2, "Bob"), (3, "Cleo"), (4, "Dan"), (5, "Finn"), (5, "Gus"), (7, "Eve"), (7, "Hana")]
            + [(9, "Ivy"), (9, "Jon"), (11, "Kai")],
        ),
        (
            "points",
            [(1, "Ann"), (2, "Cleo"), (3, "Bob"), (4, "Finn"), (4, "Gus"), (6, "Eve"), (6, "Hana"), (8, "Dan")]
            + [(9, "Ivy"), (9, "Jon"), (11, "Kai")],
        ),
        # average: Hana's one game of 2,500 beats Bob's 2,117.00
        (
            "average",
            [(1, "Ann"), (2, "Cleo"), (3, "Hana"), (4, "Bob"), (5, "Finn"), (5, "Gus"), (7, "Eve"), (8, "Dan")]
            + [(9, "Ivy"), (9, "Jon"), (11, "Kai")],
        ),
    ],
)
def test_every_ranking_rule_with_ties_sharing_a_rank(autumn, by, expected):
    assert table(season_standings(season=autumn, by=by)) == expected


def test_players_below_the_minimum_nights_come_after_without_a_rank(autumn):
    autumn.min_nights = 2
    autumn.save()
    assert table(season_standings(season=autumn)) == [
        (1, "Ann"),
        (2, "Cleo"),
        (3, "Bob"),
        (4, "Finn"),
        (4, "Gus"),
        (6, "Dan"),
        (7, "Eve"),
        (None, "Hana"),
        (None, "Ivy"),
        (None, "Jon"),
        (None, "Kai"),
    ]


def test_best_nights_count_only_each_players_best(autumn):
    autumn.best_nights = 1
    autumn.ranking = "points"
    autumn.save()
    rows = {row.name: row for row in season_standings(season=autumn).rows}
    # Ann: 3,000 (night 1) or 6,000 (night 2) → 6,000; Bob: 3,000 or 1,234 → 3,000.
    assert (rows["Ann"].values["points"], rows["Ann"].values["games"], rows["Ann"].values["nights"]) == (6000, 1, 2)
    assert rows["Bob"].values["points"] == 3000 and rows["Bob"].counted_nights == 1
    assert rows["Hana"].values["points"] == 2500  # one night: it counts


def test_a_night_on_its_own(autumn):
    first = autumn.nights.get(date=date(2026, 10, 6))
    result = night_standings(night=first)
    assert table(result)[:3] == [(1, "Ann"), (1, "Bob"), (3, "Eve")]  # 14 VP each; then 12 VP, 2,500
    assert {row.name: row.values["byes"] for row in result.rows}["Kai"] == 1


def test_partnerships_for_fixed_partners(autumn):
    result = team_standings(season=autumn, by="points")
    assert table(result)[:2] == [(1, "Ann & Cleo"), (2, "Ann & Bob")]
    assert "byes" not in [metric.key for metric in result.metrics]


def test_unconfirmed_games_are_counted_and_shown_as_such(autumn):
    rows = {row.name: row for row in season_standings(season=autumn).rows}
    assert rows["Bob"].unconfirmed == 1 and rows["Ann"].unconfirmed == 0


def test_a_corrected_round_changes_the_standings_at_once(autumn):
    game = autumn.nights.get(date=date(2026, 10, 13)).sittings.get().tables.get(number=2).game
    scoresheet_services.game_reopen(game=game)
    entries = [
        Entry(adjustments=[Adjustment("Final score", 1000)]),
        Entry(adjustments=[Adjustment("Final score", 1234)]),
    ]
    scoresheet_services.round_record(game=game, number=1, entries=entries)
    scoresheet_services.game_finish(game=game)
    rows = {row.name: row.values for row in season_standings(season=autumn).rows}
    assert rows["Bob"]["points"] == 3000 + 1000 and rows["Finn"]["points"] == 2500 + 1234


def test_a_game_in_progress_or_deleted_does_not_count(autumn):
    second = autumn.nights.get(date=date(2026, 10, 13))
    table_result(second, 2, 1, [("Ann & Bob", 9999), ("Cleo & Dan", 0)], finished=False)
    deleted = table_result(second, 2, 2, [("Eve & Finn", 9999), ("Gus & Kai", 0)])
    scoresheet_services.game_delete(game=deleted)
    rows = {row.name: row.values for row in season_standings(season=autumn).rows}
    assert rows["Ann"]["points"] == 9000 and rows["Eve"]["points"] == 2500


def test_the_standings_command_prints_the_json_of_the_contract(autumn):
    out = io.StringIO()
    call_command("standings", "--club", "tuesday", "--season", "Autumn 2026", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["club"] == "Tuesday Club" and data["season"] == "Autumn 2026"
    assert (data["ranked_by"], data["min_nights"]) == ("vp", 0)
    assert data["rows"][2] == {
        "rank": 3,
        "player": "Bob",
        "nights": 2,
        "games": 2,
        "wins": 2.0,
        "points": 4234,
        "average": 2117.0,
        "vp": 24.5,
        "vp_average": 12.25,
        "byes": 0,
        "unconfirmed": 1,  # the game of 13 Oct nobody agreed to: the page's "1 game not yet agreed"
        "best": None,  # no "best N nights" rule
    }
    assert data["unranked"] == []
    assert {row["player"]: row["byes"] for row in data["rows"]}["Kai"] == 1


def test_the_standings_json_says_which_nights_count_with_best_n_nights(autumn):
    autumn.best_nights = 1
    autumn.save()
    out = io.StringIO()
    call_command("standings", "--club", "tuesday", "--season", "Autumn 2026", "--json", stdout=out)
    rows = {row["player"]: row for row in json.loads(out.getvalue())["rows"]}
    # Ann played 2 nights, her best one counts; Hana played one: it counts.
    assert (rows["Ann"]["nights"], rows["Ann"]["best"], rows["Hana"]["best"]) == (2, 1, 1)
    # Bob's best night by VP average is 6 Oct (14 VP), not the unagreed 13 Oct game: nothing unagreed counts.
    assert (rows["Bob"]["best"], rows["Bob"]["unconfirmed"], rows["Bob"]["games"]) == (1, 0, 1)


def test_the_standings_command_takes_a_rule_a_minimum_and_a_night(autumn):
    out = io.StringIO()
    call_command(
        "standings",
        "--club",
        "tuesday",
        "--season",
        "Autumn 2026",
        "--by",
        "points",
        "--min-nights",
        "2",
        "--json",
        stdout=out,
    )
    data = json.loads(out.getvalue())
    assert (data["ranked_by"], data["min_nights"]) == ("points", 2)
    assert [row["player"] for row in data["unranked"]] == ["Hana", "Ivy", "Jon", "Kai"]
    out = io.StringIO()
    call_command(
        "standings", "--club", "tuesday", "--season", "Autumn 2026", "--night", "2026-10-13", "--json", stdout=out
    )
    data = json.loads(out.getvalue())
    assert [row["player"] for row in data["rows"]][:2] == ["Ann", "Cleo"]  # 20 VP each
    assert {row["player"] for row in data["rows"]} == {"Ann", "Cleo", "Kai", "Eve", "Bob", "Dan", "Finn", "Gus"}


@pytest.mark.parametrize(
    "args, message",
    [
        (["--club", "nope", "--season", "Autumn 2026"], "No club"),
        (["--club", "tuesday", "--season", "Spring"], "No season"),
        (["--club", "tuesday", "--season", "Autumn 2026", "--night", "2026-02-30"], "date"),
        (["--club", "tuesday", "--season", "Autumn 2026", "--night", "2026-10-20"], "No night"),
        (["--club", "tuesday", "--season", "Autumn 2026", "--min-nights", "-1"], "min-nights"),
    ],
)
def test_the_standings_command_refuses_with_status_2(autumn, args, message):
    with pytest.raises(CommandError) as raised:
        call_command("standings", *args, "--json")
    assert raised.value.returncode == 2
    assert message in str(raised.value)


def test_the_standings_query_count_is_the_same_for_20_and_60_players(django_assert_max_num_queries):
    # Three times the players, the tables and their games: no more queries (the club's results
    # version they are kept in the cache under; the teams, the seats, the byes, and the games
    # finished early); read again, the version's alone.
    for players in (20, 60):
        tuesday = club(f"club-{players}", f"Club {players}")
        the_season = season(tuesday)
        the_night = night(tuesday, players=players, season=the_season)
        night_services.sitting_draw(night=the_night)
        for game in the_night.sittings.get().tables.all():
            scoresheet_services.game_finish(game=game.game)
        with django_assert_max_num_queries(5):
            result = season_standings(season=the_season)
        assert len(result.rows) == players
        with django_assert_max_num_queries(1):
            assert season_standings(season=the_season).rows == result.rows


def test_the_standings_command_writes_the_pdf(autumn, tmp_path):
    from tests.pdf_reading import read

    out = tmp_path / "standings.pdf"
    call_command("standings", "--club", "tuesday", "--season", "Autumn 2026", "--pdf", str(out), stdout=io.StringIO())
    text = read(out.read_bytes()).text
    assert "Tuesday Club" in text and "Autumn 2026" in text
    assert "4,234" in text and "12.25" in text  # Bob's points and VP average


def test_the_standings_command_cannot_write_into_a_folder(autumn, tmp_path):
    with pytest.raises(CommandError) as raised:
        call_command("standings", "--club", "tuesday", "--season", "Autumn 2026", "--pdf", str(tmp_path))
    assert raised.value.returncode == 2 and "Cannot write" in str(raised.value)
