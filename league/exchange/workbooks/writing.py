"""Writing a workbook (plain Python on rows): numbers and dates stay numbers and dates, strings are
text (never a formula), the header bold and frozen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date as Date
from io import BytesIO

import openpyxl
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from league.exchange import cells


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
