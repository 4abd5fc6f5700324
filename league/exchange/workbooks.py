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
import time
import zipfile
import zlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date as Date
from datetime import datetime
from functools import lru_cache
from io import BytesIO
from xml.etree import ElementTree
from xml.parsers import expat

import openpyxl
from openpyxl.cell import WriteOnlyCell
from openpyxl.reader.excel import ExcelReader
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._read_only import ReadOnlyWorksheet
from openpyxl.worksheet.dimensions import SheetDimension
from openpyxl.xml.constants import SHEET_MAIN_NS

from league.clubs.names import clean_name
from league.exchange import cells
from league.models import Player
from scoresheet.games import limits
from scoresheet.models import Team
from scoresheet.problems import Problem, Refused

MAX_BYTES = 5 * 1024 * 1024
MAX_ROWS = 20_000  # every row of the sheet counts, blank ones too
# A workbook is a zip: 5 MB of it can unpack to gigabytes. Each part (a sheet, the shared strings)
# may unpack to 30 MB (a 20,000-row results sheet is a few MB), all of them to 100 MB; the sizes
# are the ones the zip's directory declares, and Python's zipfile reads no more than that.
MAX_UNPACKED = 30 * 1024 * 1024
MAX_UNPACKED_TOTAL = 100 * 1024 * 1024
MAX_PART_ELEMENTS = 200_000  # in a part read whole (a results sheet's shared strings have far fewer)
MAX_ROW_CELLS = 16_384  # Excel's own limit, column XFD
MAX_ELEMENTS = 1_000_000  # the sheet's XML elements (cells, values, rows …): a results sheet has far fewer
READ_SECONDS = 20  # reading a workbook takes longer only if it is not what it seems (gunicorn stops at 30 s)
MAX_DIGITS = 15  # a whole number in a cell: more digits is no score, table or game
MAX_SITTINGS = 20  # league.Night.sittings_planned
MAX_TABLE = 999
MAX_SCORE = 1_000_000  # scoresheet.rules.fields.MAX_POINTS: no game comes near it
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


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """A name as the roster compares them: cleaned (league.clubs.names), without case. An import asks
    for each name several times (its row, its game, the roster): each is cleaned once."""
    return clean_name(name).casefold()


# Reading: the workbook, a sheet's header and rows


NOT_XLSX = "This is not an xlsx workbook: save it as .xlsx and try again."


def unpacked_problem(data: bytes) -> str:
    """Why the workbook in ``data`` unpacks to too much to be read, in words; empty if it does not
    (or is no zip at all: ``open_workbook`` says so). The zip's directory is read, and the parts
    openpyxl reads whole on opening are counted (a byte count, no parsing)."""
    try:
        with zipfile.ZipFile(BytesIO(data)) as archive:
            parts = archive.infolist()
            for part in parts:
                if part.file_size > MAX_UNPACKED:
                    return (
                        f"The workbook unpacks to far more than a results sheet needs: its part "
                        f"{part.filename[:80]} is {part.file_size / 1048576:,.0f} MB, and a part may be "
                        f"{MAX_UNPACKED // 1048576} MB at most."
                    )
            total = sum(part.file_size for part in parts)
            if total > MAX_UNPACKED_TOTAL:
                return (
                    f"The workbook unpacks to {total / 1048576:,.0f} MB, far more than a results sheet needs: "
                    f"{MAX_UNPACKED_TOTAL // 1048576} MB at most."
                )
            for part in parts:
                if _read_on_opening(part.filename) and _over_elements(archive, part):
                    return (
                        f"The workbook's part {part.filename[:80]} holds over {MAX_PART_ELEMENTS:,} entries, "
                        "far more than a results sheet needs."
                    )
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error):
        return ""  # a part that cannot be unpacked: openpyxl says the file is no workbook
    return ""


def _read_on_opening(name: str) -> bool:
    """Is the part one openpyxl reads whole when it opens a workbook (shared strings, styles …),
    rather than a sheet, streamed only if it is the one imported (``scan_sheet``)?"""
    return name.endswith((".xml", ".rels")) and not name.startswith("xl/worksheets/")


def _over_elements(archive: zipfile.ZipFile, part: zipfile.ZipInfo) -> bool:
    """Has the XML part more than ``MAX_PART_ELEMENTS`` elements? Each starts with "<" (text has no
    bare "<"), and an end tag with "</": counted in the bytes as they unpack."""
    elements = 0
    with archive.open(part) as stream:
        while chunk := stream.read(1024 * 1024):
            elements += chunk.count(b"<") - chunk.count(b"</")
            if elements > MAX_PART_ELEMENTS:
                return True
    return False


class Budget:
    """The time a workbook may take to be read, from when it is opened: past it, Refused."""

    def __init__(self) -> None:
        self.ends = time.monotonic() + READ_SECONDS

    def check(self) -> None:
        if time.monotonic() > self.ends:
            message = (
                f"The workbook took over {READ_SECONDS} seconds to read: it holds far more than a results "
                "sheet. Copy the rows into a new workbook and try again."
            )
            raise Refused([problem(None, None, None, message)])


def open_workbook(data: bytes):
    """The workbook in ``data`` (read-only: rows are streamed), or Refused for the whole file."""
    if len(data) > MAX_BYTES:
        size = len(data) / (1024 * 1024)
        raise Refused([problem(None, None, None, f"The file is {size:.1f} MB: a workbook may be 5 MB at most.")])
    if not zipfile.is_zipfile(BytesIO(data)):
        raise Refused([problem(None, None, None, NOT_XLSX)])
    too_big = unpacked_problem(data)
    if too_big:
        raise Refused([problem(None, None, None, too_big)])
    try:
        reader = _Reader(BytesIO(data), read_only=True, data_only=True)  # as openpyxl.load_workbook does
        reader.read()
        return reader.wb
    except Exception:  # noqa: BLE001 — whatever openpyxl trips on, the file is not a workbook it can read
        raise Refused([problem(None, None, None, NOT_XLSX)]) from None


class _Sheet(ReadOnlyWorksheet):
    """openpyxl's read-only sheet (3.1), which looks for the sheet's size as it opens: in the
    ``dimension`` element at the top of the XML when there is one, else by reading the whole sheet
    (a write-only workbook, such as the results export, has none). Here it looks only up to where
    the rows start: the rows are read anyway (``read_sheet`` reads every row there is), and a sheet
    that is never read (the game log of an export) is never parsed."""

    def _get_size(self):
        with self._get_source() as source:
            for event, element in ElementTree.iterparse(source, events=("start", "end")):
                if event == "start":
                    if element.tag == _SHEET_DATA:
                        return
                    continue
                if element.tag == _DIMENSION:
                    bounds = SheetDimension.from_tree(element).boundaries
                    self._min_column, self._min_row, self._max_column, self._max_row = bounds
                    return
                element.clear()


_SHEET_DATA, _DIMENSION = f"{{{SHEET_MAIN_NS}}}sheetData", f"{{{SHEET_MAIN_NS}}}dimension"


class _Reader(ExcelReader):
    """openpyxl's workbook reader (3.1), its read-only sheets opened as ``_Sheet``."""

    def read_worksheets(self):
        for sheet, rel in self.parser.find_sheets():
            if rel.target not in self.valid_files:
                continue
            if "chartsheet" in rel.Type:
                self.read_chartsheet(sheet, rel)
                continue
            ws = _Sheet(self.wb, sheet.name, rel.target, self.shared_strings)
            ws.sheet_state = sheet.state
            self.wb._sheets.append(ws)


def scan_sheet(data: bytes, ws, sheet: str, budget: Budget) -> None:
    """Refused if the sheet ``ws`` of the workbook in ``data`` has more rows (blank ones too, and
    those a row's number skips), cells in a row, or elements than a workbook may: its XML is
    counted as it streams by (expat's callbacks: no element is built), before openpyxl reads a row."""
    counter = _SheetCounter(sheet, budget)
    parser = expat.ParserCreate(namespace_separator="}")  # names as "namespace}row", like ElementTree's tags
    parser.StartElementHandler = counter.start
    parser.EndElementHandler = counter.end
    try:
        # openpyxl's read-only sheet knows where its XML is in the zip (a private name: openpyxl 3.1).
        with zipfile.ZipFile(BytesIO(data)) as archive, archive.open(ws._worksheet_path) as stream:
            parser.ParseFile(stream)
    except (expat.ExpatError, zipfile.BadZipFile, KeyError, OSError, EOFError, zlib.error, ValueError):
        raise Refused([problem(None, None, None, NOT_XLSX)]) from None
    budget.check()


class _SheetCounter:
    """What ``scan_sheet`` counts, as each element ends (as ElementTree's iterparse yields them)."""

    def __init__(self, sheet: str, budget: Budget) -> None:
        self.sheet, self.budget = sheet, budget
        self.rows = self.cells = self.elements = 0
        self.row_numbers: list[str | None] = []  # the ``r`` of each row open (one, in a sound sheet)

    def start(self, name: str, attributes: dict) -> None:
        if name.endswith("row") and name.rpartition("}")[2] == "row":
            self.row_numbers.append(attributes.get("r"))

    def end(self, name: str) -> None:
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            message = f"The sheet holds over {MAX_ELEMENTS:,} cells and values: split it in two."
            raise Refused([problem(self.sheet, None, None, message)])
        if self.elements % 10_000 == 0:
            self.budget.check()
        name = name.rpartition("}")[2]
        if name == "c":
            self.cells += 1
            if self.cells > MAX_ROW_CELLS:
                message = f"A row has over {MAX_ROW_CELLS:,} cells: a sheet has no more columns."
                raise Refused([problem(self.sheet, None, None, message)])
        elif name == "row":
            self.rows, self.cells = _row_number(self.row_numbers.pop(), self.rows), 0
            if self.rows > MAX_ROWS + 1:
                raise Refused([too_many_rows(self.sheet)])


def _row_number(given: str | None, before: int) -> int:
    """A row's number as openpyxl reads it: its ``r``, or the one after the row before (a number
    too long for a sheet is past every limit); ValueError for one that is no number."""
    if given is None:
        return before + 1
    if not (given.isascii() and given.isdigit()):
        raise ValueError(given)
    return max(before + 1, int(given) if len(given) < 10 else MAX_ROWS + 2)


def too_many_rows(sheet: str) -> Problem:
    return problem(sheet, None, None, f"The sheet has over {MAX_ROWS:,} rows (blank rows count too): split it in two.")


@dataclass(frozen=True)
class Cells:
    """One data row: its number as the spreadsheet shows it, and its cells by column name."""

    row: int
    values: dict


def read_sheet(ws, sheet: str, columns: Sequence[str], optional: set[str], budget: Budget) -> list[Cells]:
    """The data rows of ``ws`` by column name (blank rows skipped, though counted toward
    ``MAX_ROWS``), or Refused naming every problem of its header, and each column with values under no header."""
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
    cells, stray = [], set()
    for number, row in enumerate(rows, start=2):
        if number > MAX_ROWS + 1:
            raise Refused([too_many_rows(sheet)])
        if number % 1000 == 0:
            budget.check()
        if all(_blank(value) for value in row):
            continue
        for index, value in enumerate(row):
            if index not in by_index and index not in stray and not _blank(value):  # a column is one problem
                stray.add(index)
                letter = get_column_letter(index + 1)
                problems.append(problem(sheet, number, letter, f"Column {letter} has a value but no header."))
        cells.append(Cells(number, {name: row[i] if i < len(row) else None for i, name in by_index.items()}))
    budget.check()
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
        digits = value.strip().replace("−", "-").replace(",", "")
        if len(digits.lstrip("+-")) > MAX_DIGITS:  # int() would refuse 4,300 digits and more
            return None, f"{_shortened(digits)} has too many digits: {MAX_DIGITS} at most."
        number = int(digits)
    if number is None:
        return None, f'"{_shortened(as_text(value))}" is not a whole number.'
    if least is not None and number < least:
        return None, f"{_shortened(str(number))} is too small: the least is {least}."
    if most is not None and number > most:
        return None, f"{_shortened(str(number))} is too large: the most is {most:,}."
    return number, ""


def _shortened(text: str) -> str:
    """A cell's text for a message: the first 20 characters of a long one."""
    return text if len(text) <= 24 else f"{text[:20]}… ({len(text):,} characters)"


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
    budget = Budget()
    wb = open_workbook(data)
    try:
        ws = _sheet_named(wb, RESULTS)
        if ws is None:
            raise Refused([problem(RESULTS, None, None, "The workbook has no sheet called Results.")])
        scan_sheet(data, ws, RESULTS, budget)
        cells = read_sheet(ws, RESULTS, RESULTS_COLUMNS, RESULTS_OPTIONAL, budget)
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
    budget = Budget()
    wb = open_workbook(data)
    try:
        ws = _sheet_named(wb, ROSTER) or wb.worksheets[0]
        sheet = ws.title
        scan_sheet(data, ws, sheet, budget)
        cells = read_sheet(ws, sheet, ROSTER_COLUMNS, ROSTER_OPTIONAL, budget)
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
    dates, the header row is bold and frozen, and each column is as wide as its longest value.

    Written in openpyxl's write-only mode, row by row (a normal workbook keeps every cell as an
    object and finds the last row anew for each row it adds). Its column widths go before the
    first row, so the rows are measured first."""
    wb = openpyxl.Workbook(write_only=True)
    bold = Font(bold=True)
    for title, header, rows in sheets:
        rows = list(rows)
        ws = wb.create_sheet(title)
        widths = [len(str(name)) for name in header]
        for row in rows:
            for i, value in enumerate(row):
                widths[i] = max(widths[i], _width(value))
        for i, width in enumerate(widths, start=1):
            ws.column_dimensions[get_column_letter(i)].width = min(width + 2, 60)
        ws.freeze_panes = "A2"
        ws.append([_written(ws, name, font=bold) for name in header])
        for row in rows:
            ws.append([_written(ws, value) if isinstance(value, str | Date) else value for value in row])
    out = BytesIO()
    wb.save(out)
    return out.getvalue()


def _written(ws, value, font: Font | None = None) -> WriteOnlyCell:
    """A cell of a write-only sheet: a string as text (``cells.as_text``), a date as yyyy-mm-dd.
    Numbers and empty cells need no cell object: the sheet writes them as they are."""
    cell = cells.as_text(WriteOnlyCell(ws, value=value))
    if isinstance(value, Date):
        cell.number_format = "yyyy-mm-dd"
    if font is not None:
        cell.font = font
    return cell


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
