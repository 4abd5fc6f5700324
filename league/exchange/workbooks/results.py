"""The results workbook: its Results sheet read into checked rows (each cell, each game and sitting
as a whole), and the Results and Game log sheets written.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date as Date

from django.utils.translation import gettext, ngettext

from league.clubs.names import clean_name
from league.exchange.workbooks.reading import (
    Budget,
    Cells,
    blank,
    each_row,
    open_workbook,
    problem,
    scan_sheet,
    sheet_named,
)
from league.exchange.workbooks.roster import PLAYER_NAME_LENGTH
from league.exchange.workbooks.values import as_date, as_text, as_whole_number, name_key
from league.exchange.workbooks.writing import workbook
from scoresheet.models import Team
from scoresheet.problems import Problem, Refused

MAX_SITTINGS = 20  # league.Night.sittings_planned
MAX_TABLE = 999
MAX_SCORE = 1_000_000  # scoresheet.rules.fields.MAX_POINTS: no game comes near it
# The models' own limits, read from them (a cell longer than its column holds is a problem of its row).
TEAM_NAME_LENGTH = Team._meta.get_field("name").max_length
PLAYERS_LENGTH = Team._meta.get_field("players").max_length

RESULTS, GAME_LOG = "Results", "Game log"
RESULTS_COLUMNS = ("Date", "Table", "Game", "Team", "Players", "Score", "Variant")
# Players: who played that round (a substitute's rounds are theirs). Then the entry field keys, then Total.
GAME_LOG_START = ("Date", "Table", "Game", "Team", "Players", "Round")
TABLES = "Tables"  # how each table of the season's nights was settled (league.results.settlement)
TABLES_COLUMNS = ("Date", "Table", "Game", "Settled", "Rounds", "Reason")
GAME_LOG_EARLY = "Finished early"  # the Game log's last column: "2 of 4 rounds" for a game finished early
RESULTS_OPTIONAL = {"Variant"}  # a file may leave the column out: every night plays the season's variant


@dataclass(frozen=True, slots=True)
class ResultRow:
    row: int
    date: Date
    table: int
    game: int
    team: str
    players: tuple[str, ...]  # cleaned names (one space between words), in the order given
    score: int
    variant: str  # a slug, or "" for the season's

    @property
    def sitting_key(self) -> tuple:
        return (self.date, self.game)

    @property
    def game_key(self) -> tuple:
        return (self.date, self.game, self.table)


def read_results(data: bytes) -> tuple[list[ResultRow], list[Problem]]:
    """The rows of the workbook's Results sheet that read well, and the problems of the others;
    Refused for a file that cannot be read at all.

    The checks that need no database are made here: each cell, and each game and sitting as
    a whole (2 to 4 teams, nobody twice at a sitting). The caller adds its own and refuses the
    file if there is any problem.
    """
    budget = Budget()
    wb = open_workbook(data)
    rows, problems, broken, read = [], [], set(), 0
    names: dict[str, str] = {}  # each name once: 20,000 rows name a few hundred players
    try:
        ws = sheet_named(wb, RESULTS)
        if ws is None:
            raise Refused([problem(RESULTS, None, None, gettext("The workbook has no sheet called Results."))])
        scan_sheet(data, ws, RESULTS, budget)
        for line in each_row(ws, RESULTS, RESULTS_COLUMNS, RESULTS_OPTIONAL, budget):  # a row's cells at a time
            read += 1
            row, row_problems = _result_row(line, names)
            problems += row_problems
            if row is not None:
                rows.append(row)
            else:  # its game is not counted short of a team: the row's own problems say what to fix
                broken.add(_game_key(line.values))
    finally:
        wb.close()
    problems += check_games(rows, broken)
    if not read:
        raise Refused([problem(RESULTS, None, None, gettext("The Results sheet has no rows under its header."))])
    return rows, problems


def _result_row(line: Cells, names: dict[str, str]) -> tuple[ResultRow | None, list[Problem]]:
    values, problems = line.values, []

    def bad(column: str, message: str) -> None:
        problems.append(problem(RESULTS, line.row, column, message))

    date, message = as_date(values.get("Date"))
    if message:
        bad("Date", message)
    table, message = as_whole_number(values.get("Table"), least=1, most=MAX_TABLE)
    if message:
        bad("Table", message)
    game, message = (1, "") if blank(values.get("Game")) else as_whole_number(values["Game"], least=1)
    if not message and game > MAX_SITTINGS:
        message = gettext("%(game)s is too large: a night has %(most)s games at most.") % {
            "game": game,
            "most": MAX_SITTINGS,
        }
    if message:
        bad("Game", message)
    team = clean_name(as_text(values.get("Team")))
    if not team:
        bad("Team", gettext("Give the team's name."))
    elif len(team) > TEAM_NAME_LENGTH:
        said = {"n": len(team), "most": TEAM_NAME_LENGTH}
        bad("Team", gettext("The team's name is %(n)s characters long: %(most)s at most.") % said)
    players = _players(as_text(values.get("Players")), team)
    if len({name_key(p) for p in players}) < len(players):
        bad("Players", gettext("A player is named twice in this team."))
    if any(len(p) > PLAYER_NAME_LENGTH for p in players):
        bad("Players", gettext("A player's name is over %(most)s characters long.") % {"most": PLAYER_NAME_LENGTH})
    if len(" & ".join(players)) > PLAYERS_LENGTH:
        bad("Players", gettext("The players' names are over %(most)s characters together.") % {"most": PLAYERS_LENGTH})
    score, message = (None, gettext("Give the team's final score.")) if blank(values.get("Score")) else (None, "")
    if not message:
        score, message = as_whole_number(values["Score"], least=-MAX_SCORE, most=MAX_SCORE)
    if message:
        bad("Score", message)
    variant = as_text(values.get("Variant"))
    if problems:
        return None, problems
    players = tuple(names.setdefault(name, name) for name in players)
    return ResultRow(line.row, date, table, game, names.setdefault(team, team), players, score, variant), []


def _players(text: str, team: str) -> list[str]:
    """ "Ann & Bob", "Ann, Bob": the names; blank: one player named like the team."""
    names = [clean_name(part) for part in re.split(r"[&,]", text)]
    return [name for name in names if name] or ([team] if team else [])


def _game_key(values: dict) -> tuple:
    date, game = as_date(values.get("Date"))[0], 1
    if not blank(values.get("Game")):
        game = as_whole_number(values.get("Game"))[0]
    return (date, game, as_whole_number(values.get("Table"))[0])


def check_games(rows: list[ResultRow], broken: set[tuple] = frozenset()) -> list[Problem]:
    """The checks across rows: each game has 2 to 4 teams of different names, and nobody plays
    for two teams of a game or at two tables of one sitting."""
    problems = []
    games = defaultdict(list)
    for row in rows:
        games[row.game_key].append(row)
    for (date, game, table), teams in games.items():
        where = {"table": table, "game": game, "date": date.isoformat()}
        if not 2 <= len(teams) <= 4 and not (len(teams) < 2 and (date, game, table) in broken):
            message = ngettext(
                "Table %(table)s, game %(game)s on %(date)s has %(n)s team: a game has 2 to 4 teams.",
                "Table %(table)s, game %(game)s on %(date)s has %(n)s teams: a game has 2 to 4 teams.",
                len(teams),
            ) % {**where, "n": len(teams)}
            problems.append(problem(RESULTS, teams[0].row, "Table", message))
        names = {}
        for row in teams:
            first = names.setdefault(row.team.casefold(), row.row)
            if first != row.row:
                message = gettext(
                    "Table %(table)s, game %(game)s on %(date)s has two teams called %(team)s (rows %(first)s and "
                    "%(row)s)."
                ) % {**where, "team": row.team, "first": first, "row": row.row}
                problems.append(problem(RESULTS, row.row, "Team", message))
    seen: dict[tuple, dict[str, ResultRow]] = defaultdict(dict)
    for row in rows:
        at_sitting = seen[row.sitting_key]
        for name in row.players:
            other = at_sitting.setdefault(name_key(name), row)
            if other is row:
                continue
            said = {"name": name, "first": other.row, "row": row.row, "game": row.game, "date": row.date.isoformat()}
            if other.table == row.table:
                message = gettext("%(name)s plays for two teams of one game (rows %(first)s and %(row)s).") % said
            else:
                message = gettext(
                    "%(name)s is at two tables of game %(game)s on %(date)s: tables %(one)s and %(other)s (rows "
                    "%(first)s and %(row)s)."
                ) % {**said, "one": other.table, "other": row.table}
            problems.append(problem(RESULTS, row.row, "Players", message))
    return problems


# The roster workbook


def results_workbook(
    results: Iterable[Sequence], log_header: Sequence[str], log: Iterable[Sequence], tables: Iterable[Sequence] = ()
) -> bytes:
    """The results workbook: Results in PRODUCT.md's shape, the Game log of rounds entered, and
    Tables: how each night table's result was settled (the Results sheet takes no other column,
    and a table left out has no row there)."""
    return workbook(
        [(RESULTS, RESULTS_COLUMNS, results), (GAME_LOG, log_header, log), (TABLES, TABLES_COLUMNS, tables)]
    )
