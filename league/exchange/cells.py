"""Writing a value into a workbook cell so that text stays text.

openpyxl takes any string starting with ``=`` for a formula, and a spreadsheet program would run
it when the file is opened: a player named ``=HYPERLINK(...)`` would become a live link, and the
cell would come back empty on import. Every workbook Bookkeeper writes puts its values through
``put`` or ``append``: a string is stored as a string (a shared string), whatever it starts with
(``=``, ``+``, ``-``, ``@``), and reads back as the same text; numbers, dates and booleans stay what they are.
"""

from __future__ import annotations

from collections.abc import Iterable

from openpyxl.cell.cell import Cell
from openpyxl.worksheet.worksheet import Worksheet


def as_text(cell: Cell) -> Cell:
    """The cell, its string value (if it has one) marked as text, never as a formula."""
    if isinstance(cell.value, str):
        cell.data_type = "s"
    return cell


def put(sheet: Worksheet, row: int, column: int, value) -> Cell:
    """Write ``value`` into the cell at ``row`` and ``column`` (a string as text); the cell."""
    return as_text(sheet.cell(row=row, column=column, value=value))


def append(sheet: Worksheet, values: Iterable) -> None:
    """Write ``values`` as the sheet's next row (each string as text)."""
    values = list(values)
    sheet.append(values)
    for column, value in enumerate(values, start=1):
        if isinstance(value, str):
            sheet.cell(row=sheet.max_row, column=column).data_type = "s"
