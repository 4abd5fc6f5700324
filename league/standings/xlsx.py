"""Standings as an xlsx workbook (openpyxl): one sheet per ranking view, the same table as the page.

Each sheet starts with what the table is (club, season or night, the ranking rule, when it was
made), then the header row (bold, frozen with the Rank and Player columns so they stay in view)
and a row per player: the ranked ones, then those below the minimum nights with no rank.
Numbers are numbers in the cells (shown with thousands separators and the metric's decimals).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from decimal import Decimal

from django.utils import timezone
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from league.exchange import cells
from league.rankings import PARTNERSHIPS, ranking_rule
from league.standings.selectors import Standings

TITLE_ROWS = 4  # the lines above the header row
BOLD = Font(bold=True)


def standings_workbook(result: Standings | Sequence[Standings]) -> bytes:
    """An xlsx workbook of one standings table, or of several (one sheet each, in the order given)."""
    views = [result] if isinstance(result, Standings) else list(result)
    if not views:
        raise ValueError("no standings to write")
    workbook = Workbook()
    workbook.remove(workbook.active)
    made = timezone.localtime()
    for view in views:
        _sheet(workbook, view, made)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def sheet_name(result: Standings) -> str:
    return PARTNERSHIPS if result.teams else ranking_rule(result.ranked_by).short


def _sheet(workbook: Workbook, result: Standings, made) -> None:
    name = sheet_name(result)
    taken = set(workbook.sheetnames)
    number = 2
    while name in taken:  # two views of the same rule get a second sheet of their own
        name = f"{sheet_name(result)} {number}"
        number += 1
    sheet = workbook.create_sheet(name)
    for row, text in enumerate(_title_lines(result, made), start=1):
        cells.put(sheet, row, 1, text)
    sheet.cell(row=1, column=1).font = Font(bold=True, size=14)
    metrics = result.metrics
    header = ["Rank", "Partnership" if result.teams else "Player", *(m.name for m in metrics), "Games not agreed"]
    header_row = TITLE_ROWS + 1
    for column, text in enumerate(header, start=1):
        cell = cells.put(sheet, header_row, column, text)
        cell.font = BOLD
        if column != 2:
            cell.alignment = Alignment(horizontal="right", wrap_text=True)
    for offset, row in enumerate(result.rows + result.unranked, start=1):
        line = header_row + offset
        cells.put(sheet, line, 1, row.rank)
        cells.put(sheet, line, 2, row.name)
        for column, metric in enumerate(metrics, start=3):
            cell = cells.put(sheet, line, column, _number(row.values[metric.key]))
            cell.number_format = _format(metric)
        cells.put(sheet, line, len(header), row.unconfirmed or None)
    sheet.freeze_panes = sheet.cell(row=header_row + 1, column=3)  # header, Rank and Player stay in view
    _size_columns(sheet, header, result)


def _title_lines(result: Standings, made) -> list[str]:
    title = f"{result.club.name} · {result.season.name}"
    if result.night:
        title += f" · night of {result.night.date:%-d %B %Y}"
    what = "Partnerships" if result.teams else "Players"
    lines = [
        title,
        f"{what} ranked by {ranking_rule(result.ranked_by).words}",
        f"Made {made:%-d %B %Y at %H:%M}",
    ]
    if result.min_nights:
        nights = "night" if result.min_nights == 1 else "nights"
        lines.append(f"Below {result.min_nights} {nights}: listed last, without a rank")
    return lines


def _number(value):
    """A cell's number: whole numbers as ints, decimals as floats (what a spreadsheet holds)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() and value.as_tuple().exponent >= 0 else float(value)
    return value


def _size_columns(sheet, header: list[str], result: Standings) -> None:
    names = [len(row.name) for row in result.rows + result.unranked]
    widths = [6, max([12, *names]) + 2]
    for metric in result.metrics:
        widths.append(max(len(metric.name), 9 + metric.places) + 2)
    widths.append(len(header[-1]) + 2)
    for column, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(column)].width = min(width, 48)


def _format(metric) -> str:
    """The cell's number format: whole numbers, the metric's decimals, or as they come (wins: 1, 0.5)."""
    if metric.trim:
        return "General"
    return "#,##0" if metric.places == 0 else "#,##0." + "0" * metric.places
