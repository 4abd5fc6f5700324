"""The results workbook in and out through the commands of PRODUCT.md ("Spreadsheets"):
import_results and export_results, their JSON errors and exit codes, and what they write."""

from __future__ import annotations

import io
import json
from datetime import date, datetime
from io import BytesIO, StringIO

import openpyxl
import pytest
from django.core.management import CommandError, call_command

from league.models import Club, Night, Player, Season, Seat, Sitting, Table
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game, Team, TeamRound
from scoresheet.scoring.engine import Entry
from tests.league.factories import club, night, player, season

pytestmark = pytest.mark.django_db

HEADER = ["Date", "Table", "Game", "Team", "Players", "Score", "Variant"]
# Two nights: the first with two sittings of two tables (a three-team table among them),
# the second one game of single players (blank Players: the team is the player).
GOOD = [
    HEADER,
    [date(2026, 9, 1), 1, 1, "Ann & Bob", "Ann & Bob", 5230, ""],
    [date(2026, 9, 1), 1, 1, "Cleo & Dan", "Cleo, Dan", -120, ""],
    [date(2026, 9, 1), 2, 1, "Eve & Fay", "Eve & Fay", 3100, None],
    [date(2026, 9, 1), 2, 1, "Gus & Hal", "Gus & Hal", 3100, None],
    [date(2026, 9, 1), 2, 1, "Ivy & Jo", "Ivy & Jo", 2500, None],
    [date(2026, 9, 1), 1, 2, "Ann & Cleo", "ann  &  CLEO", 4000, "hand-and-foot"],
    [date(2026, 9, 1), 1, 2, "Bob & Dan", "Bob & Dan", 4100, "hand-and-foot"],
    ["2026-09-08", 1, None, "Ann", None, 900, ""],
    ["2026-09-08", 1, None, "Zed", "", 1200, ""],
]


def workbook(rows, title="Results", extra_sheets=()) -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = title
    for row in rows:
        ws.append(row)
    for name, sheet_rows in extra_sheets:
        other = wb.create_sheet(name)
        for row in sheet_rows:
            other.append(row)
    out = BytesIO()
    wb.save(out)
    return out.getvalue()


def write(tmp_path, rows, name="results.xlsx", **kwargs):
    path = tmp_path / name
    path.write_bytes(workbook(rows, **kwargs) if isinstance(rows, list) else rows)
    return str(path)


def run(*args) -> tuple[str, int]:
    """The command's output and exit status (only SystemExit may escape it)."""
    out = StringIO()
    try:
        call_command("import_results", *args, stdout=out)
    except SystemExit as exc:
        return out.getvalue(), exc.code
    return out.getvalue(), 0


def refused(*args) -> list[dict]:
    output, status = run(*args)
    assert status == 2
    document = json.loads(output)
    assert list(document) == ["errors"] and document["errors"]
    for error in document["errors"]:
        assert set(error) == {"sheet", "row", "column", "message"} and error["message"]
    return document["errors"]


def counts() -> tuple:
    return tuple(model.objects.count() for model in (Club, Season, Player, Night, Sitting, Table, Game, Team, Seat))


def test_a_good_file_becomes_closed_nights_of_finished_games(tmp_path):
    tuesday = club()
    ann = player(tuesday, "Ann")
    output, status = run(write(tmp_path, GOOD), "--club", "tuesday", "--season", "Autumn")
    assert status == 0
    assert output.strip().count("\n") == 0  # one summary line
    assert "4 games on 2 nights" in output and "10 new players" in output
    assert Player.objects.filter(club=tuesday).count() == 11  # Ann was on the roster: matched, not new
    season = Season.objects.get(club=tuesday, name="Autumn")
    # The season starts with its first night and stays open at its end (no last day) until the organiser sets one.
    assert (season.start, season.end, season.variant.slug) == (date(2026, 9, 1), None, "hand-and-foot")
    first, second = Night.objects.filter(season=season).order_by("date")
    assert first.mode == "manual" and first.sittings_planned == 2 and first.is_closed
    assert second.sittings_planned == 1
    assert [s.number for s in first.sittings.all()] == [1, 2]
    game = Game.objects.get(table__sitting__night=first, table__sitting__number=2, table__number=1)
    assert game.is_finished and game.entered_as_totals and game.club == tuesday
    assert game.rules_document["name"] == game.variant_name
    assert [(t.name, t.players) for t in game.teams.all()] == [("Ann & Cleo", "Ann & Cleo"), ("Bob & Dan", "Bob & Dan")]
    assert [s.player for s in game.teams.first().seats.order_by("position")] == [ann, Player.objects.get(name="Cleo")]
    # the final score is one round of an adjustment per team: the total is the sum of the rounds
    [the_round] = game.rounds.all()
    assert [(e.adjustments, e.total) for e in the_round.entries.order_by("team__position")] == [
        ([{"label": "Final score (imported)", "points": 4000}], 4000),
        ([{"label": "Final score (imported)", "points": 4100}], 4100),
    ]
    three = Game.objects.get(table__sitting__night=first, table__sitting__number=1, table__number=2)
    assert three.teams.count() == 3
    singles = Game.objects.get(table__sitting__night=second)
    assert singles.mode == "individuals"
    assert [(t.name, t.players, t.seats.get().player.name) for t in singles.teams.all()] == [
        ("Ann", "", "Ann"),
        ("Zed", "", "Zed"),
    ]
    scores = {t.name: sum(e.total for e in t.entries.all()) for t in Team.objects.filter(game__club=tuesday)}
    assert scores["Cleo & Dan"] == -120 and scores["Ivy & Jo"] == 2500


def test_the_score_sheet_scores_an_imported_round_as_imported():
    """The scoring engine, run on the stored entry, gives the total stored: pages re-scoring agree."""
    from scoresheet.scoring.engine import score_entry
    from scoresheet.scoring.entries import entry_from_values

    call_command_good = workbook(GOOD)
    from league.exchange import imports as import_services

    import_services.results_import(data=call_command_good, club_slug="tuesday", season_name="Autumn")
    for entry in TeamRound.objects.select_related("round__game"):
        rules = entry.round.game.rules
        assert score_entry(rules, entry_from_values(entry.entered_values())).total == entry.total


def test_the_club_and_season_are_created_with_the_variant_given(tmp_path):
    rows = [HEADER, ["2026-10-01", 1, 1, "A", "", 100, ""], ["2026-10-01", 1, 1, "B", "", 50, ""]]
    output, status = run(write(tmp_path, rows), "--club", "friday", "--season", "Spring", "--variant", "canasta")
    assert status == 0, output
    friday = Club.objects.get(slug="friday")
    assert friday.name == "friday"
    spring = friday.seasons.get()
    assert spring.variant.slug == "canasta" and spring.blowout_margin == 2500
    assert Night.objects.get(club=friday).variant.slug == "canasta"


def test_headers_in_any_order_and_case_other_sheets_ignored(tmp_path):
    rows = [["  score ", "TEAM", "players", "date", "game", "table"]]
    rows += [[r[5], r[3], r[4], r[0], r[2], r[1]] for r in GOOD[1:]]
    log = [("Game log", [["anything", "at all"], [1, 2]])]
    output, status = run(write(tmp_path, rows, extra_sheets=log), "--club", "tuesday", "--season", "Autumn")
    assert status == 0, output
    assert Game.objects.count() == 4


BAD_ROWS = [
    (["not a date", 1, 1, "A", "", 1, ""], "Date"),
    (["2026-02-30", 1, 1, "A", "", 1, ""], "Date"),
    ([date(2026, 9, 1), 0, 1, "A", "", 1, ""], "Table"),
    ([date(2026, 9, 1), "two", 1, "A", "", 1, ""], "Table"),
    ([date(2026, 9, 1), 1, 1.5, "A", "", 1, ""], "Game"),
    ([date(2026, 9, 1), 1, 21, "A", "", 1, ""], "Game"),
    ([date(2026, 9, 1), 1, 1, "", "Ann", 1, ""], "Team"),
    ([date(2026, 9, 1), 1, 1, "A", "", 12.5, ""], "Score"),
    ([date(2026, 9, 1), 1, 1, "A", "", None, ""], "Score"),
    ([date(2026, 9, 1), 1, 1, "A", "Kim & Kim", 1, ""], "Players"),
    ([date(2026, 9, 1), 1, 1, "A", "", 1, "no-such-rules"], "Variant"),
]


@pytest.mark.parametrize(("row", "column"), BAD_ROWS, ids=[f"{c}-{i}" for i, (_, c) in enumerate(BAD_ROWS)])
def test_a_bad_cell_is_named_by_row_and_column_and_nothing_is_written(tmp_path, row, column):
    club()
    rows = [HEADER, *GOOD[1:4], row, ["2026-09-01", 9, 1, "B", "", 1, ""], *GOOD[4:]]
    before = counts()
    errors = refused(write(tmp_path, rows), "--club", "tuesday", "--season", "Autumn")
    assert {"sheet": "Results", "row": 5, "column": column} in [
        {k: e[k] for k in ("sheet", "row", "column")} for e in errors
    ], errors
    assert counts() == before


def test_every_problem_is_listed_at_once(tmp_path):
    rows = [HEADER, *GOOD[1:]]
    rows[2] = [date(2026, 9, 1), 1, 1, "Cleo & Dan", "Cleo, Dan", "lots", ""]  # row 3
    rows[4] = [date(2026, 9, 1), 2, 1, "Gus & Hal", "Gus & Ann", 3100, None]  # row 5: Ann at two tables
    rows.append(["2026-09-08", 2, 1, "Solo", "", 10, ""])  # row 11: a game of one team
    rows.append(["2026-09-08", 3, 1, "X", "Yan & Zed", 10, ""])  # row 12: Zed at table 1 and 3
    rows.append(["2026-09-08", 3, 1, "x", "Uma", 10, ""])  # row 13: two teams called x
    before = counts()
    errors = refused(write(tmp_path, rows), "--club", "tuesday", "--season", "Autumn")
    where = [(e["row"], e["column"]) for e in errors]
    assert (3, "Score") in where
    assert (5, "Players") in where
    assert (11, "Table") in where
    assert (12, "Players") in where
    assert (13, "Team") in where
    assert counts() == before  # not even the club or the season


def test_a_player_in_two_teams_of_one_game(tmp_path):
    rows = [HEADER, ["2026-09-01", 1, 1, "A", "Ann & Bob", 1, ""], ["2026-09-01", 1, 1, "B", "Cleo & ann", 2, ""]]
    errors = refused(write(tmp_path, rows), "--club", "tuesday", "--season", "Autumn")
    assert [(e["row"], e["column"]) for e in errors] == [(3, "Players")]
    assert "two teams of one game" in errors[0]["message"]


def test_a_night_plays_one_variant(tmp_path):
    rows = [HEADER, ["2026-09-01", 1, 1, "A", "", 1, "canasta"], ["2026-09-01", 1, 1, "B", "", 2, "hand-and-foot"]]
    errors = refused(write(tmp_path, rows), "--club", "tuesday", "--season", "Autumn")
    assert [(e["row"], e["column"]) for e in errors] == [(3, "Variant")]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"Date,Table,Game\n2026-09-01,1,1\n", "not an xlsx workbook"),
        (workbook([HEADER, GOOD[1]], title="Sheet1"), "no sheet called Results"),
        (workbook([["Date", "Table", "Game", "Team", "Players"], GOOD[1][:5]]), "Score is missing"),
        (workbook([[*HEADER, "Notes"], [*GOOD[1], "x"]]), 'no column "Notes"'),
        (workbook([HEADER]), "no rows"),
    ],
    ids=["csv", "no Results sheet", "missing column", "unknown column", "empty"],
)
def test_a_file_that_cannot_be_read_is_refused_whole(tmp_path, content, words):
    before = counts()
    errors = refused(write(tmp_path, content), "--club", "tuesday", "--season", "Autumn")
    assert len(errors) == 1 and words in errors[0]["message"], errors
    assert counts() == before


def test_an_unknown_column_is_named(tmp_path):
    errors = refused(write(tmp_path, [[*HEADER, "Notes"], [*GOOD[1], "x"]]), "--club", "t", "--season", "S")
    assert (errors[0]["row"], errors[0]["column"]) == (1, "Notes")


def test_over_5_mb_and_over_20000_rows_are_refused(tmp_path, monkeypatch):
    from league.exchange.workbooks import reading as xlsx

    big = tmp_path / "big.xlsx"
    big.write_bytes(b"\0" * (5 * 1024 * 1024 + 1))
    assert "5 MB" in refused(str(big), "--club", "tuesday", "--season", "Autumn")[0]["message"]
    monkeypatch.setattr(xlsx, "MAX_ROWS", 5)  # the same check as at 20,000, with a small file
    errors = refused(write(tmp_path, GOOD), "--club", "tuesday", "--season", "Autumn")
    assert errors == [{"sheet": "Results", "row": None, "column": None, "message": errors[0]["message"]}]
    assert "over 5 rows" in errors[0]["message"]
    assert Game.objects.count() == 0


def test_a_missing_file_and_a_bad_club_slug_are_json_errors_too(tmp_path):
    assert "Cannot read" in refused(str(tmp_path / "nope.xlsx"), "--club", "t", "--season", "S")[0]["message"]
    errors = refused(write(tmp_path, GOOD), "--club", "Not A Slug", "--season", "S")
    assert "club" in errors[0]["message"] and Club.objects.count() == 0


def test_a_date_already_imported_is_refused_unless_replace(tmp_path):
    path = write(tmp_path, GOOD)
    assert run(path, "--club", "tuesday", "--season", "Autumn")[1] == 0
    before = counts()
    errors = refused(path, "--club", "tuesday", "--season", "Autumn")
    assert {(e["row"], e["column"]) for e in errors} == {(2, "Date"), (9, "Date")}
    assert "replace" in errors[0]["message"]
    assert counts() == before
    # replace: the second night's game is imported again with a new score; the first night stays as it was
    rows = [HEADER, ["2026-09-08", 1, 1, "Ann", "", 1000, ""], ["2026-09-08", 1, 1, "Zed", "", 50, ""]]
    output, status = run(write(tmp_path, rows, "again.xlsx"), "--club", "tuesday", "--season", "Autumn", "--replace")
    assert status == 0, output
    assert "replacing 1 night" in output and "no new players" in output
    assert Night.objects.count() == 2 and Game.objects.count() == 4
    game = Game.objects.get(table__sitting__night__date=date(2026, 9, 8))
    assert [sum(e.total for e in t.entries.all()) for t in game.teams.all()] == [1000, 50]


def test_a_date_outside_an_existing_season_is_refused_saying_how_to_make_it_fit(tmp_path):
    tuesday = club()
    season(tuesday, name="Autumn", start=date(2026, 9, 5), end=date(2026, 12, 31))
    errors = refused(write(tmp_path, GOOD), "--club", "tuesday", "--season", "Autumn")
    assert [(e["row"], e["column"]) for e in errors] == [(2, "Date")]
    assert errors[0]["message"] == (
        "2026-09-01 is before the season Autumn, which starts on 2026-09-05: give the season an earlier first day "
        "on its settings page, or import into another season."
    )
    season(tuesday, name="Summer", start=date(2026, 6, 1), end=date(2026, 8, 31))
    errors = refused(write(tmp_path, GOOD), "--club", "tuesday", "--season", "Summer")
    assert [(e["row"], e["column"]) for e in errors] == [(2, "Date"), (9, "Date")]
    assert errors[1]["message"] == (
        "2026-09-08 is after the season Summer, which ends on 2026-08-31: give the season a later last day "
        "(or none, while it goes on) on its settings page, then import again."
    )


def test_a_season_an_import_made_takes_the_next_nights_workbook(tmp_path):
    """Issue 34 item 8: the season made by the first import ended at its last date, and the next
    night's workbook was refused as "outside the season"."""
    tuesday = club()
    _, status = run(write(tmp_path, GOOD[:8]), "--club", "tuesday", "--season", "2026")  # the night of 1 September
    assert status == 0
    assert Season.objects.get(club=tuesday, name="2026").end is None
    _, status = run(write(tmp_path, [HEADER, *GOOD[8:]], name="next.xlsx"), "--club", "tuesday", "--season", "2026")
    assert status == 0
    assert Night.objects.filter(season__name="2026").count() == 2
    # …and a night on the club's pages falls in it too, whatever its date from the season's start.
    from league.nights.forms import season_for

    assert season_for(tuesday, date(2027, 3, 3)).name == "2026"
    assert season_for(tuesday, date(2026, 8, 31)) is None


# export_results


def export(*args) -> str:
    out = StringIO()
    call_command("export_results", *args, stdout=out)
    return out.getvalue()


def played_night(tuesday):
    """A night played round by round at two tables: two rounds at table 1, table 2 finished after one."""
    the_night = night(tuesday, players=8, date=date(2026, 11, 24))
    night_services.sitting_draw(night=the_night)
    games = list(Game.objects.filter(table__sitting__night=the_night).order_by("table__number"))
    for game in games:
        scoresheet_services.round_record(
            game=game,
            number=1,
            entries=[
                Entry(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1045, went_out=True),
                Entry(books={"clean": 1}, black_threes_held=2, melded_points=610, hand_points=185),
            ],
        )
    scoresheet_services.round_record(
        game=games[0], number=2, entries=[Entry(books={"clean": 1}, melded_points=500), Entry(melded_points=5)]
    )
    for game in games:
        scoresheet_services.game_finish(game=game)
    return the_night


def test_export_writes_results_and_the_game_log(tmp_path):
    tuesday = club()
    the_night = played_night(tuesday)
    out = tmp_path / "out.xlsx"
    export("--club", "tuesday", "--season", the_night.season.name, "--out", str(out))
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["Results", "Game log", "Tables"]
    # Finished on an open night, neither table has been agreed: the record says so.
    assert [row[1:4] for row in wb["Tables"].iter_rows(min_row=2, values_only=True)] == [
        (1, 1, "Not agreed yet"),
        (2, 1, "Not agreed yet"),
    ]
    results = wb["Results"]
    assert [c.value for c in results[1]] == HEADER
    assert all(c.font.bold for c in results[1]) and results.freeze_panes == "A2"
    rows = list(results.iter_rows(min_row=2, values_only=True))
    assert len(rows) == 4
    first = rows[0]
    assert isinstance(first[0], datetime) and first[0].date() == date(2026, 11, 24)
    assert results.cell(2, 1).number_format == "yyyy-mm-dd"
    assert isinstance(first[1], int) and isinstance(first[5], int) and first[6] == "hand-and-foot"
    team = Team.objects.get(game__table__number=1, position=0, game__table__sitting__night=the_night)
    assert first[3] == team.name and first[4] == team.players
    assert first[5] == sum(e.total for e in team.entries.all())
    assert results.column_dimensions["D"].width >= len(team.name)
    log = wb["Game log"]
    header = [c.value for c in log[1]]
    assert header[:6] == ["Date", "Table", "Game", "Team", "Players", "Round"]
    assert header[-2:] == ["Total", "Finished early"]
    assert {"books.clean", "books.dirty", "red_threes", "melded_points", "went_out", "adjustments"} <= set(header)
    log_rows = [dict(zip(header, row)) for row in log.iter_rows(min_row=2, values_only=True)]
    assert len(log_rows) == 2 * 2 + 2  # table 1: two rounds of two teams; table 2: one round
    row = log_rows[0]
    assert row["Players"] == team.players  # who played the round
    assert (row["Table"], row["Round"], row["books.clean"], row["red_threes"], row["melded_points"]) == (
        1,
        1,
        2,
        1,
        1045,
    )
    assert row["went_out"] is True and isinstance(row["Total"], int)
    # both tables finished before hand-and-foot's 4 rounds: the Game log says so on each of their rows
    assert {(row["Table"], row["Finished early"]) for row in log_rows} == {(1, "2 of 4 rounds"), (2, "1 of 4 rounds")}
    assert row["Total"] == TeamRound.objects.get(round__game__table__number=1, round__number=1, team__position=0).total


def test_export_then_import_into_another_club_gives_the_same_games_and_totals(tmp_path):
    tuesday = club()
    the_night = played_night(tuesday)
    out = tmp_path / "out.xlsx"
    export("--club", "tuesday", "--season", the_night.season.name, "--out", str(out))
    output, status = run(str(out), "--club", "friday", "--season", "Copy")
    assert status == 0, output

    def games(slug):
        return sorted(
            (
                g.table.sitting.night.date,
                g.table.sitting.number,
                g.table.number,
                tuple(
                    (
                        t.name,
                        tuple(s.player.name for s in t.seats.order_by("position")),
                        sum(e.total for e in t.entries.all()),
                    )
                    for t in g.teams.all()
                ),
            )
            for g in Game.objects.filter(club__slug=slug, status="finished")
        )

    assert games("friday") == games("tuesday") and len(games("friday")) == 2

    def standings(slug, season):
        out = io.StringIO()
        call_command("standings", "--club", slug, "--season", season, "--json", stdout=out)
        data = json.loads(out.getvalue())
        # Whether a game is agreed yet is the night's state, not a standing: an imported night is settled.
        return [
            [{k: v for k, v in row.items() if k != "unconfirmed"} for row in data[part]]
            for part in ("rows", "unranked")
        ]

    # PRODUCT.md: "export then import into another club gives the same standings"
    assert standings("friday", "Copy") == standings("tuesday", the_night.season.name)
    assert len(standings("friday", "Copy")[0]) == 8
    # and out again: the same Results sheet
    again = tmp_path / "again.xlsx"
    export("--club", "friday", "--season", "Copy", "--out", str(again))
    sheet = lambda path: list(openpyxl.load_workbook(path)["Results"].iter_rows(values_only=True))  # noqa: E731
    assert sheet(again) == sheet(out)


def test_export_an_unknown_club_or_season_exits_2(tmp_path):
    club()
    with pytest.raises(CommandError) as exc:
        export("--club", "nope", "--season", "Autumn", "--out", str(tmp_path / "x.xlsx"))
    assert exc.value.returncode == 2 and "no club nope" in str(exc.value)
    with pytest.raises(CommandError) as exc:
        export("--club", "tuesday", "--season", "Nope", "--out", str(tmp_path / "x.xlsx"))
    assert exc.value.returncode == 2 and "no season Nope" in str(exc.value)
    assert not (tmp_path / "x.xlsx").exists()


def test_the_import_takes_a_few_queries_however_many_rows(tmp_path, django_assert_max_num_queries):
    rows = [HEADER]
    for sitting in range(1, 6):
        for table in range(1, 11):
            for team in range(2):
                names = [f"P{(sitting * 10 + table * 4 + team * 2 + k) % 40}" for k in range(2)]
                rows.append(["2026-09-01", table, sitting, " & ".join(names), " & ".join(names), 100 * table, ""])
    data = workbook(rows)
    from league.exchange import imports as import_services

    # a query or two a level (nights, sittings, tables, games, teams, seats, rounds, entries,
    # players) and one more for each level's history rows, however many rows
    with django_assert_max_num_queries(40):
        import_services.results_import(data=data, club_slug="big", season_name="S")
    assert Game.objects.count() == 50 and Seat.objects.count() == 200
    assert Game.history.filter(history_action="results_imported").count() == 50  # each recorded
    assert Seat.history.filter(history_action="results_imported").count() == 200


def test_the_sample_workbooks_import_cleanly(tmp_path):
    """The samples the README offers are the shape the imports read (scripts/make_samples.py)."""
    from pathlib import Path

    from league.exchange import imports as import_services

    samples = Path(__file__).resolve().parents[2] / "static" / "samples"
    output, status = run(str(samples / "results-sample.xlsx"), "--club", "sample", "--season", "Autumn 2026")
    assert status == 0, output
    assert "5 games on 2 nights, 10 new players" in output
    plan = import_services.roster_import(
        club=Club.objects.get(slug="sample"), data=(samples / "roster-sample.xlsx").read_bytes()
    )
    assert plan.new == [] and [player.name for player, _, _ in plan.changed] == ["Ann", "Bob", "Cleo", "Dan"]


def test_the_roster_import_leaves_a_history_row_for_every_player_it_adds_or_changes():
    from pathlib import Path

    from league.exchange import imports as import_services

    samples = Path(__file__).resolve().parents[2] / "static" / "samples"
    run(str(samples / "results-sample.xlsx"), "--club", "sample", "--season", "Autumn 2026")
    sample = Club.objects.get(slug="sample")
    player(sample, "Zoe")  # not in the roster file: untouched
    plan = import_services.roster_import(club=sample, data=(samples / "roster-sample.xlsx").read_bytes())
    changed = {p.name: p for p, _, _ in plan.changed}
    rows = Player.history.filter(history_type="~", history_action="players_changed")
    assert sorted(row.name for row in rows) == sorted(changed) == ["Ann", "Bob", "Cleo", "Dan"]
    assert len({row.history_change_id for row in rows}) == 1  # one change: the import
    for row in rows:  # each row holds the values the import wrote
        player_now = Player.objects.get(pk=row.id)
        assert (row.email, row.phone, row.active) == (player_now.email, player_now.phone, player_now.active)
    assert not Player.history.filter(name="Zoe", history_type="~").exists()


def test_an_imported_game_is_started_as_any_game_is_with_its_teams_recorded():
    data = workbook(
        [HEADER, ["2026-09-01", 1, 1, "Reds", "Ann & Bob", 1200, ""], ["2026-09-01", 1, 1, "Cy", "", 900, ""]]
    )
    from league.exchange import imports as import_services

    import_services.results_import(data=data, club_slug="tuesday", season_name="S")
    game = Game.objects.get()
    assert (game.name, game.status, game.entered_as_totals) == ("Table 1, sitting 1", Game.Status.FINISHED, True)
    assert game.variant_name == "Hand and Foot" and game.rules_document == game.variant.document
    assert game.search_text and "ann" in game.search_text.casefold()
    assert [(t.name, t.players) for t in game.teams.order_by("position")] == [("Reds", "Ann & Bob"), ("Cy", "")]
    assert Team.history.filter(history_action="results_imported", game_id=game.pk).count() == 2
