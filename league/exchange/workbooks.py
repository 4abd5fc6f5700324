"""The results and roster workbooks (PRODUCT.md, "The league" → "Spreadsheets"): reading them
into checked rows, and writing them. Plain Python on bytes: no query here (the models give only
their columns' limits).

Reading is the first phase of an import: every row is checked and every problem collected as a
``Problem`` with its ``sheet``, ``row`` and ``column`` (the row as the spreadsheet shows it; ``row``
and ``column`` are None for a problem with the whole file), so the organiser fixes them all at once.
``errors_json`` gives them as the import command's JSON shows them. A workbook that cannot be imported
raises ``Refused`` (``scoresheet.problems``) listing every reason; the services' refusals are kinds
of it (``LeagueError``, ``GameInvalid``), so an import one of them refuses names its problems the same way.
"""

from __future__ import annotations

import re
import zipfile
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date as Date
from datetime import datetime
from io import BytesIO

import openpyxl
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from league.clubs.names import clean_name
from league.exchange import cells
from league.models import Player
from scoresheet import limits
from scoresheet.models import Team
from scoresheet.problems import Problem, Refused

MAX_BYTES = 5 * 1024 * 1024
MAX_ROWS = 20_000
MAX_SITTINGS = 20  # league.Night.sittings_planned
MAX_TABLE = 999
MAX_SCORE = 1_000_000  # scoresheet.fields.MAX_POINTS: no game comes near it
# The models' own limits, read from them (a cell longer than its column holds is a problem of its row).
TEAM_NAME_LENGTH = Team._meta.get_field("name").max_length
PLAYERS_LENGTH = Team._meta.get_field("players").max_length
PLAYER_NAME_LENGTH = Player._meta.get_field("name").max_length
PHONE_LENGTH = Player._meta.get_field("phone").max_length
ROSTER_GIVEN = ("name", "email", "phone")  # the player's fields a roster row gives

RESULTS, GAME_LOG, ROSTER = "Results", "Game log", "Roster"
RESULTS_COLUMNS = ("Date", "Table", "Game", "Team", "Players", "Score", "Variant")
# Players: who played that round (a substitute's rounds are theirs). Then the entry field keys, then Total.
GAME_LOG_START = ("Date", "Table", "Game", "Team", "Players", "Round")
GAME_LOG_EARLY = "Finished early"  # the Game log's last column: "2 of 4 rounds" for a game finished early
RESULTS_OPTIONAL = {"Variant"}  # a file may leave the column out: every night plays the season's variant
ROSTER_COLUMNS = ("Name", "Email", "Phone", "Active")
ROSTER_OPTIONAL = {"Email", "Phone", "Active"}  # a list of names is a roster
YES, NO = {"yes", "true", "1", "y"}, {"no", "false", "0", "n"}

WHOLE_NUMBER = re.compile(r"[+-]?(\d+|\d{1,3}(,\d{3})+)")
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def problem(sheet: str | None, row: int | None, column: str | None, message: str) -> Problem:
    return Problem(message, sheet=sheet, row=row, column=column)


def errors_json(problems: Sequence[Problem]) -> dict:
    """The problems as import_results prints them: {"errors": [{"sheet", "row", "column", "message"}]}."""
    return {
        "errors": [
            {"sheet": problem.sheet, "row": problem.row, "column": problem.column, "message": problem.message}
            for problem in problems
        ]
    }


def name_key(name: str) -> str:
    """A name as the roster compares them: cleaned (league.clubs.names), without case."""
    return clean_name(name).casefold()


# Reading: the workbook, a sheet's header and rows


def open_workbook(data: bytes):
    """The workbook in ``data`` (read-only: rows are streamed), or Refused for the whole file."""
    if len(data) > MAX_BYTES:
        size = len(data) / (1024 * 1024)
        raise Refused([problem(None, None, None, f"The file is {size:.1f} MB: a workbook may be 5 MB at most.")])
    if not zipfile.is_zipfile(BytesIO(data)):
        raise Refused([problem(None, None, None, "This is not an xlsx workbook: save it as .xlsx and try again.")])
    try:
        return openpyxl.load_workbook(BytesIO(data), read_only=True, data_only=True)
    except Exception:  # noqa: BLE001 — whatever openpyxl trips on, the file is not a workbook it can read
        raise Refused(
            [problem(None, None, None, "This is not an xlsx workbook: save it as .xlsx and try again.")]
        ) from None


@dataclass(frozen=True)
class Cells:
    """One data row: its number as the spreadsheet shows it, and its cells by column name."""

    row: int
    values: dict


def read_sheet(ws, sheet: str, columns: Sequence[str], optional: set[str]) -> list[Cells]:
    """The data rows of ``ws`` by column name (blank rows skipped), or Refused naming every
    problem of its header, and any cell under no header."""
    ws.reset_dimensions()  # some programs write a wrong size into the file: read every row there is
    rows = ws.iter_rows(values_only=True)
    header = next(rows, None) or ()
    known = {name.casefold(): name for name in columns}
    by_index, problems = {}, []
    for index, value in enumerate(header):
        text = "" if value is None else str(value).strip()
        if not text:
            continue
        name = known.get(text.casefold())
        if name is None:
            message = f'There is no column "{text}": the columns are {", ".join(columns)}.'
            problems.append(problem(sheet, 1, text, message))
        elif name in by_index.values():
            problems.append(problem(sheet, 1, name, f"The column {name} is there twice."))
        else:
            by_index[index] = name
    for name in columns:
        if name not in by_index.values() and name not in optional:
            problems.append(problem(sheet, None, name, f"The column {name} is missing."))
    if problems:
        raise Refused(problems)
    cells, count = [], 0
    for number, row in enumerate(rows, start=2):
        if all(_blank(value) for value in row):
            continue
        count += 1
        if count > MAX_ROWS:
            raise Refused([problem(sheet, None, None, f"The sheet has over {MAX_ROWS:,} rows: split it in two.")])
        for index, value in enumerate(row):
            if index not in by_index and not _blank(value):
                letter = get_column_letter(index + 1)
                problems.append(problem(sheet, number, letter, f"Column {letter} has a value but no header."))
        cells.append(Cells(number, {name: row[i] if i < len(row) else None for i, name in by_index.items()}))
    if problems:
        raise Refused(problems)
    return cells


def _blank(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _sheet_named(wb, name: str):
    for title in wb.sheetnames:
        if title.strip().casefold() == name.casefold():
            return wb[title]
    return None


# Cell values: each returns (value, message); the message says what is wrong, or is empty.


def as_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def as_date(value) -> tuple[Date | None, str]:
    if isinstance(value, datetime):
        return value.date(), ""
    if isinstance(value, Date):
        return value, ""
    text = as_text(value)
    if not text:
        return None, "Give the night's date."
    if ISO_DATE.fullmatch(text):
        try:
            return Date.fromisoformat(text), ""
        except ValueError:
            pass
    return None, f'"{text}" is not a date: give a date cell or text as YYYY-MM-DD.'


def as_whole_number(value, *, least: int | None = None, most: int | None = None) -> tuple[int | None, str]:
    number = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip().replace("−", "-")):
        number = int(value.strip().replace("−", "-").replace(",", ""))
    if number is None:
        return None, f'"{as_text(value)}" is not a whole number.'
    if least is not None and number < least:
        return None, f"{number} is too small: the least is {least}."
    if most is not None and number > most:
        return None, f"{number} is too large: the most is {most:,}."
    return number, ""


# The results workbook


@dataclass(frozen=True)
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
    wb = open_workbook(data)
    try:
        ws = _sheet_named(wb, RESULTS)
        if ws is None:
            raise Refused([problem(RESULTS, None, None, "The workbook has no sheet called Results.")])
        cells = read_sheet(ws, RESULTS, RESULTS_COLUMNS, RESULTS_OPTIONAL)
    finally:
        wb.close()
    rows, problems, broken = [], [], set()
    for line in cells:
        row, row_problems = _result_row(line)
        problems += row_problems
        if row is not None:
            rows.append(row)
        else:  # its game is not counted short of a team: the row's own problems say what to fix
            broken.add(_game_key(line.values))
    problems += check_games(rows, broken)
    if not cells:
        raise Refused([problem(RESULTS, None, None, "The Results sheet has no rows under its header.")])
    return rows, problems


def _result_row(line: Cells) -> tuple[ResultRow | None, list[Problem]]:
    values, problems = line.values, []

    def bad(column: str, message: str) -> None:
        problems.append(problem(RESULTS, line.row, column, message))

    date, message = as_date(values.get("Date"))
    if message:
        bad("Date", message)
    table, message = as_whole_number(values.get("Table"), least=1, most=MAX_TABLE)
    if message:
        bad("Table", message)
    game, message = (1, "") if _blank(values.get("Game")) else as_whole_number(values["Game"], least=1)
    if not message and game > MAX_SITTINGS:
        message = f"{game} is too large: a night has {MAX_SITTINGS} games at most."
    if message:
        bad("Game", message)
    team = clean_name(as_text(values.get("Team")))
    if not team:
        bad("Team", "Give the team's name.")
    elif len(team) > TEAM_NAME_LENGTH:
        bad("Team", f"The team's name is {len(team)} characters long: {TEAM_NAME_LENGTH} at most.")
    players = _players(as_text(values.get("Players")), team)
    if len({name_key(p) for p in players}) < len(players):
        bad("Players", "A player is named twice in this team.")
    if any(len(p) > PLAYER_NAME_LENGTH for p in players):
        bad("Players", f"A player's name is over {PLAYER_NAME_LENGTH} characters long.")
    if len(" & ".join(players)) > PLAYERS_LENGTH:
        bad("Players", f"The players' names are over {PLAYERS_LENGTH} characters together.")
    score, message = (None, "Give the team's final score.") if _blank(values.get("Score")) else (None, "")
    if not message:
        score, message = as_whole_number(values["Score"], least=-MAX_SCORE, most=MAX_SCORE)
    if message:
        bad("Score", message)
    variant = as_text(values.get("Variant"))
    if problems:
        return None, problems
    return ResultRow(line.row, date, table, game, team, tuple(players), score, variant), []


def _players(text: str, team: str) -> list[str]:
    """ "Ann & Bob", "Ann, Bob": the names; blank: one player named like the team."""
    names = [clean_name(part) for part in re.split(r"[&,]", text)]
    return [name for name in names if name] or ([team] if team else [])


def _game_key(values: dict) -> tuple:
    date, game = as_date(values.get("Date"))[0], 1
    if not _blank(values.get("Game")):
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
        where = f"Table {table}, game {game} on {date.isoformat()}"
        if not 2 <= len(teams) <= 4 and not (len(teams) < 2 and (date, game, table) in broken):
            count = "1 team" if len(teams) == 1 else f"{len(teams)} teams"
            message = f"{where} has {count}: a game has 2 to 4 teams."
            problems.append(problem(RESULTS, teams[0].row, "Table", message))
        names = {}
        for row in teams:
            first = names.setdefault(row.team.casefold(), row.row)
            if first != row.row:
                message = f"{where} has two teams called {row.team} (rows {first} and {row.row})."
                problems.append(problem(RESULTS, row.row, "Team", message))
    seen: dict[tuple, dict[str, ResultRow]] = defaultdict(dict)
    for row in rows:
        at_sitting = seen[row.sitting_key]
        for name in row.players:
            other = at_sitting.setdefault(name_key(name), row)
            if other is row:
                continue
            if other.table == row.table:
                message = f"{name} plays for two teams of one game (rows {other.row} and {row.row})."
            else:
                message = (
                    f"{name} is at two tables of game {row.game} on {row.date.isoformat()}: "
                    f"tables {other.table} and {row.table} (rows {other.row} and {row.row})."
                )
            problems.append(problem(RESULTS, row.row, "Players", message))
    return problems


# The roster workbook


@dataclass(frozen=True)
class RosterRow:
    row: int
    name: str
    email: str | None  # None: the cell is blank or the column is not there (the stored value stays)
    phone: str | None
    active: bool | None


def read_roster(data: bytes) -> list[RosterRow]:
    """The checked rows of the Roster sheet (or the first sheet), or Refused naming every problem."""
    wb = open_workbook(data)
    try:
        ws = _sheet_named(wb, ROSTER) or wb.worksheets[0]
        sheet = ws.title
        cells = read_sheet(ws, sheet, ROSTER_COLUMNS, ROSTER_OPTIONAL)
    finally:
        wb.close()
    rows, problems, names = [], [], {}
    for line in cells:
        row, row_problems = _roster_row(line, sheet)
        problems += row_problems
        if row is None:
            continue
        first = names.setdefault(name_key(row.name), row.row)
        if first != row.row:
            problems.append(problem(sheet, row.row, "Name", f"{row.name} is in row {first} already."))
        rows.append(row)
    if problems:
        raise Refused(problems)
    if not rows:
        raise Refused([problem(sheet, None, None, f"The sheet {sheet} has no rows under its header.")])
    return rows


def _roster_row(line: Cells, sheet: str) -> tuple[RosterRow | None, list[Problem]]:
    values, problems = line.values, []

    def bad(column: str, message: str) -> None:
        problems.append(problem(sheet, line.row, column, message))

    name = clean_name(as_text(values.get("Name")))
    email = as_text(values.get("Email")) or None
    phone = as_text(values.get("Phone")) or None
    # What the roster's service would refuse, found here so each is named by its row and column.
    refused = {p.field for p in limits.problems(Player(name=name, email=email or "", phone=phone or ""), ROSTER_GIVEN)}
    if not name:
        bad("Name", "Give the player's name.")
    elif "name" in refused:
        bad("Name", f"The name is {len(name)} characters long: {PLAYER_NAME_LENGTH} at most.")
    if "email" in refused:
        bad("Email", f'"{email}" is not an email address.')
    if "phone" in refused:
        bad("Phone", f"The phone number is over {PHONE_LENGTH} characters long.")
    active_text = as_text(values.get("Active")).casefold()
    active = True if active_text in YES else False if active_text in NO else None
    if active_text and active is None:
        bad("Active", f'"{as_text(values.get("Active"))}" is not yes or no (yes, no, true, false, 1, 0 or blank).')
    if problems:
        return None, problems
    return RosterRow(line.row, name, email, phone, active), []


# Writing


def workbook(sheets: Iterable[tuple[str, Sequence[str], Iterable[Sequence]]]) -> bytes:
    """An xlsx of the sheets given as (title, header, rows): numbers and dates stay numbers and
    dates, the header row is bold and frozen, and each column is as wide as its longest value."""
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for title, header, rows in sheets:
        ws = wb.create_sheet(title)
        cells.append(ws, header)
        widths = [len(str(name)) for name in header]
        for row in rows:
            cells.append(ws, row)
            for i, value in enumerate(row):
                widths[i] = max(widths[i], _width(value))
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for column in ws.iter_cols(min_row=2):
            for cell in column:
                if isinstance(cell.value, Date):
                    cell.number_format = "yyyy-mm-dd"
        ws.freeze_panes = "A2"
        for i, width in enumerate(widths, start=1):
            ws.column_dimensions[get_column_letter(i)].width = min(width + 2, 60)
    out = BytesIO()
    wb.save(out)
    return out.getvalue()


def _width(value) -> int:
    if value is None:
        return 0
    if isinstance(value, Date):
        return 10
    if isinstance(value, int | float) and not isinstance(value, bool):
        return len(f"{value:,}")
    return len(str(value))


def results_workbook(results: Iterable[Sequence], log_header: Sequence[str], log: Iterable[Sequence]) -> bytes:
    """The results workbook: Results in PRODUCT.md's shape, and the Game log of rounds entered."""
    return workbook([(RESULTS, RESULTS_COLUMNS, results), (GAME_LOG, log_header, log)])


def roster_workbook(rows: Iterable[Sequence]) -> bytes:
    return workbook([(ROSTER, ROSTER_COLUMNS, rows)])
