"""The results and roster workbooks (PRODUCT.md, "The league" → "Spreadsheets"): reading them
into checked rows, and writing them. Plain Python on bytes: no query here (the models give only
their columns' limits).

Reading is the first phase of an import: every row is checked and every problem collected as a
``Problem`` with its ``sheet``, ``row`` and ``column`` (the row as the spreadsheet shows it; ``row``
and ``column`` are None for a problem with the whole file), so the organiser fixes them all at once.
``errors_json`` gives them as the import command's JSON shows them. A workbook that cannot be imported
raises ``Refused`` (``scoresheet.problems``) listing every reason; the services' refusals are kinds
of it (``LeagueError``, ``GameInvalid``), so an import one of them refuses names its problems the same way.

Where things are: ``reading`` the file and a sheet within their limits, and the problems;
``values`` a cell's value; ``results`` and ``roster`` each workbook, read and written;
``writing`` any workbook from its rows. This package exposes the names the rest of the app uses.
"""

from league.exchange.workbooks.reading import MAX_BYTES, errors_json, problem, unpacked_problem
from league.exchange.workbooks.results import (
    GAME_LOG,
    GAME_LOG_EARLY,
    GAME_LOG_START,
    RESULTS,
    ResultRow,
    read_results,
    results_workbook,
)
from league.exchange.workbooks.roster import ROSTER, RosterRow, read_roster, roster_workbook
from league.exchange.workbooks.values import name_key
from league.exchange.workbooks.writing import workbook

__all__ = [
    "GAME_LOG",
    "GAME_LOG_EARLY",
    "GAME_LOG_START",
    "MAX_BYTES",
    "RESULTS",
    "ROSTER",
    "ResultRow",
    "RosterRow",
    "errors_json",
    "name_key",
    "problem",
    "read_results",
    "read_roster",
    "results_workbook",
    "roster_workbook",
    "unpacked_problem",
    "workbook",
]
