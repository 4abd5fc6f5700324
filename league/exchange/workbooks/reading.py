"""Reading a workbook, within its limits: the file opened (a zip that may unpack to no more than a
results sheet needs), a sheet's XML counted as it streams by, its header and rows read by column
name. Plain Python on bytes: no query here.

Every problem is a ``Problem`` with its ``sheet``, ``row`` and ``column`` (``problem``);
``errors_json`` gives them as the import command's JSON shows them.
"""

from __future__ import annotations

import math
import re
import time
import zipfile
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from io import BytesIO
from xml.etree import ElementTree
from xml.parsers import expat

from django.utils.translation import gettext
from openpyxl.reader.excel import ExcelReader
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._read_only import ReadOnlyWorksheet
from openpyxl.worksheet.dimensions import SheetDimension
from openpyxl.xml.constants import SHEET_MAIN_NS

from scoresheet.display import fmt, localized
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


NOT_XLSX = "This is not an xlsx workbook: save it as .xlsx and try again."  # said with gettext


def unpacked_problem(data: bytes) -> str:
    """Why the workbook in ``data`` unpacks to too much to be read, in words; empty if it does not
    (or is no zip at all: ``open_workbook`` says so). The zip's directory is read, and the parts
    openpyxl reads whole on opening are counted (a byte count, no parsing)."""
    try:
        with zipfile.ZipFile(BytesIO(data)) as archive:
            parts = archive.infolist()
            for part in parts:
                if part.file_size > MAX_UNPACKED:
                    return gettext(
                        "The workbook unpacks to far more than a results sheet needs: its part %(part)s is "
                        "%(size)s MB, and a part may be %(most)s MB at most."
                    ) % {"part": part.filename[:80], "size": megabytes(part.file_size), "most": MAX_UNPACKED // 1048576}
            total = sum(part.file_size for part in parts)
            if total > MAX_UNPACKED_TOTAL:
                return gettext(
                    "The workbook unpacks to %(size)s MB, far more than a results sheet needs: %(most)s MB at most."
                ) % {"size": megabytes(total), "most": MAX_UNPACKED_TOTAL // 1048576}
            for part in parts:
                if _read_on_opening(part.filename) and _over_elements(archive, part):
                    return gettext(
                        "The workbook's part %(part)s holds over %(most)s entries, far more than a results sheet needs."
                    ) % {"part": part.filename[:80], "most": fmt(MAX_PART_ELEMENTS)}
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
            message = gettext(
                "The workbook took over %(seconds)s seconds to read: it holds far more than a results sheet. "
                "Copy the rows into a new workbook and try again."
            ) % {"seconds": READ_SECONDS}
            raise Refused([problem(None, None, None, message)])


def open_workbook(data: bytes):
    """The workbook in ``data`` (read-only: rows are streamed), or Refused for the whole file."""
    if len(data) > MAX_BYTES:
        size = localized(f"{len(data) / (1024 * 1024):.1f}")
        message = gettext("The file is %(size)s MB: a workbook may be 5 MB at most.") % {"size": size}
        raise Refused([problem(None, None, None, message)])
    if not zipfile.is_zipfile(BytesIO(data)):
        raise Refused([problem(None, None, None, gettext(NOT_XLSX))])
    too_big = unpacked_problem(data)
    if too_big:
        raise Refused([problem(None, None, None, too_big)])
    try:
        reader = _Reader(BytesIO(data), read_only=True, data_only=True)  # as openpyxl.load_workbook does
        reader.read()
        return reader.wb
    except Exception:  # noqa: BLE001 — whatever openpyxl trips on, the file is not a workbook it can read
        raise Refused([problem(None, None, None, gettext(NOT_XLSX))]) from None


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
    parser.CharacterDataHandler = counter.text
    parser.StartDoctypeDeclHandler = _no_doctype
    try:
        # openpyxl's read-only sheet knows where its XML is in the zip (a private name: openpyxl 3.1).
        with zipfile.ZipFile(BytesIO(data)) as archive, archive.open(ws._worksheet_path) as stream:
            parser.ParseFile(stream)
    except (expat.ExpatError, zipfile.BadZipFile, KeyError, OSError, EOFError, zlib.error, ValueError):
        raise Refused([problem(None, None, None, gettext(NOT_XLSX))]) from None
    budget.check()
    if counter.bad_numbers:
        raise Refused(counter.bad_numbers)


DOCTYPE = (
    "The sheet declares XML entities (a DOCTYPE), which no spreadsheet program writes: "
    "open it in your spreadsheet program and save it again as .xlsx."
)


def _no_doctype(*_) -> None:
    """A sheet's XML never has a document type: one that does may declare entities that read a file
    of this server or grow without end. Refused before any of it is read."""
    raise Refused([problem(None, None, None, gettext(DOCTYPE))])


# A number as a spreadsheet program writes it in a cell: digits, a point, an exponent. Anything else
# (NaN, INF, a word) openpyxl cannot read, and a number of thousands of digits it refuses to.
_NUMBER = re.compile(r"-?(\d+\.?\d*|\.\d+)([eE][-+]?\d{1,3})?")
MAX_NUMBER_LENGTH = 40  # Excel keeps 15 significant digits; the longest it writes is some 25 characters


def number_problem(text: str) -> str:
    """Why ``text``, a number cell's value in the sheet's XML, is no number a sheet holds; or ""."""
    text = text.strip()
    if len(text) <= MAX_NUMBER_LENGTH and _NUMBER.fullmatch(text) and math.isfinite(float(text)):
        return ""
    shown = (
        text
        if len(text) <= 12
        else gettext("%(start)s… (%(n)s characters)") % {"start": text[:12], "n": fmt(len(text))}
    )
    return gettext("This cell's number (%(shown)s) is no number a spreadsheet holds: type the number again.") % {
        "shown": shown
    }


class _SheetCounter:
    """What ``scan_sheet`` counts, as each element ends (as ElementTree's iterparse yields them)."""

    def __init__(self, sheet: str, budget: Budget) -> None:
        self.sheet, self.budget = sheet, budget
        self.rows = self.cells = self.elements = 0
        self.row_numbers: list[str | None] = []  # the ``r`` of each row open (one, in a sound sheet)
        self.cell: str | None = None  # the reference ("F2") of the number cell open, whose value is read
        self.value: list[str] | None = None  # that value's text, while its element is open
        self.bad_numbers: list[Problem] = []

    def start(self, name: str, attributes: dict) -> None:
        name = name.rpartition("}")[2]
        if name == "row":
            self.row_numbers.append(attributes.get("r"))
        elif name == "c":  # a cell without a type ("t") holds a number
            self.cell = attributes.get("r", "") if attributes.get("t", "n") == "n" else None
        elif name == "v" and self.cell is not None:
            self.value = []

    def text(self, data: str) -> None:
        if self.value is not None and len(self.value) < 100:  # enough of a long number to say so
            self.value.append(data)

    def end(self, name: str) -> None:
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            message = gettext("The sheet holds over %(most)s cells and values: split it in two.") % {
                "most": fmt(MAX_ELEMENTS)
            }
            raise Refused([problem(self.sheet, None, None, message)])
        if self.elements % 10_000 == 0:
            self.budget.check()
        name = name.rpartition("}")[2]
        if name == "v" and self.value is not None:
            self._check_number("".join(self.value))
            self.value = None
        elif name == "c":
            self.cell = None
            self.cells += 1
            if self.cells > MAX_ROW_CELLS:
                said = {"most": fmt(MAX_ROW_CELLS)}
                message = gettext("A row has over %(most)s cells: a sheet has no more columns.") % said
                raise Refused([problem(self.sheet, None, None, message)])
        elif name == "row":
            self.rows, self.cells = _row_number(self.row_numbers.pop(), self.rows), 0
            if self.rows > MAX_ROWS + 1:
                raise Refused([too_many_rows(self.sheet)])

    def _check_number(self, text: str) -> None:
        message = number_problem(text)
        if message and len(self.bad_numbers) < 50:  # enough to mend a sheet by; the rest are alike
            letters = self.cell.rstrip("0123456789") or None
            given = self.row_numbers[-1] if self.row_numbers else None  # the row open, as it ends will number it
            row = int(given) if given and given.isascii() and given.isdigit() and len(given) < 10 else self.rows + 1
            self.bad_numbers.append(problem(self.sheet, row, letters, message))


def _row_number(given: str | None, before: int) -> int:
    """A row's number as openpyxl reads it: its ``r``, or the one after the row before (a number
    too long for a sheet is past every limit); ValueError for one that is no number."""
    if given is None:
        return before + 1
    if not (given.isascii() and given.isdigit()):
        raise ValueError(given)
    return max(before + 1, int(given) if len(given) < 10 else MAX_ROWS + 2)


def too_many_rows(sheet: str) -> Problem:
    message = gettext("The sheet has over %(most)s rows (blank rows count too): split it in two.")
    return problem(sheet, None, None, message % {"most": fmt(MAX_ROWS)})


@dataclass(frozen=True)
class Cells:
    """One data row: its number as the spreadsheet shows it, and its cells by column name."""

    row: int
    values: dict


def read_sheet(ws, sheet: str, columns: Sequence[str], optional: set[str], budget: Budget) -> list[Cells]:
    """The data rows of ``ws`` by column name (blank rows skipped, though counted toward
    ``MAX_ROWS``), or Refused naming every problem of its header, and each column with values under no header."""
    return list(each_row(ws, sheet, columns, optional, budget))


def each_row(ws, sheet: str, columns: Sequence[str], optional: set[str], budget: Budget) -> Iterator[Cells]:
    """``read_sheet``'s rows one at a time, as they are read: a caller that keeps less than the
    rows' cells holds no more than a row of them (20,000 rows' cells are some 20 MB). Refused for
    the header's problems before the first row, for a column with values under no header after the
    last."""
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
            said = {"text": text, "columns": ", ".join(columns)}
            message = gettext('There is no column "%(text)s": the columns are %(columns)s.') % said
            problems.append(problem(sheet, 1, text, message))
        elif name in by_index.values():
            problems.append(problem(sheet, 1, name, gettext("The column %(name)s is there twice.") % {"name": name}))
        else:
            by_index[index] = name
    for name in columns:
        if name not in by_index.values() and name not in optional:
            problems.append(problem(sheet, None, name, gettext("The column %(name)s is missing.") % {"name": name}))
    if problems:
        raise Refused(problems)
    stray = set()
    for number, row in enumerate(rows, start=2):
        if number > MAX_ROWS + 1:
            raise Refused([too_many_rows(sheet)])
        if number % 1000 == 0:
            budget.check()
        if all(blank(value) for value in row):
            continue
        for index, value in enumerate(row):
            if index not in by_index and index not in stray and not blank(value):  # a column is one problem
                stray.add(index)
                letter = get_column_letter(index + 1)
                message = gettext("Column %(letter)s has a value but no header.") % {"letter": letter}
                problems.append(problem(sheet, number, letter, message))
        yield Cells(number, {name: row[i] if i < len(row) else None for i, name in by_index.items()})
    budget.check()
    if problems:
        raise Refused(problems)


def blank(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def sheet_named(wb, name: str):
    for title in wb.sheetnames:
        if title.strip().casefold() == name.casefold():
            return wb[title]
    return None


# Cell values: each returns (value, message); the message says what is wrong, or is empty.


def megabytes(size: int) -> str:
    """A size in whole megabytes, as the reader's language writes the number ("1,234" / "1 234")."""
    return fmt(round(size / 1048576))
