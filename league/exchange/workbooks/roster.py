"""The roster workbook: its Roster sheet (or the first sheet) read into checked rows, and written."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

from league.clubs.names import clean_name
from league.exchange.workbooks.reading import Budget, Cells, open_workbook, problem, read_sheet, scan_sheet, sheet_named
from league.exchange.workbooks.values import as_text, name_key
from league.exchange.workbooks.writing import workbook
from league.models import Player
from scoresheet.games import limits
from scoresheet.problems import Problem, Refused

# The models' own limits, read from them (a cell longer than its column holds is a problem of its row).
PLAYER_NAME_LENGTH = Player._meta.get_field("name").max_length
PHONE_LENGTH = Player._meta.get_field("phone").max_length
ROSTER_GIVEN = ("name", "email", "phone")  # the player's fields a roster row gives

ROSTER = "Roster"
ROSTER_COLUMNS = ("Name", "Email", "Phone", "Active")
ROSTER_OPTIONAL = {"Email", "Phone", "Active"}  # a list of names is a roster
YES, NO = {"yes", "true", "1", "y"}, {"no", "false", "0", "n"}


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
        ws = sheet_named(wb, ROSTER) or wb.worksheets[0]
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
            message = gettext("%(name)s is in row %(first)s already.") % {"name": row.name, "first": first}
            problems.append(problem(sheet, row.row, "Name", message))
        rows.append(row)
    if problems:
        raise Refused(problems)
    if not rows:
        message = gettext("The sheet %(sheet)s has no rows under its header.") % {"sheet": sheet}
        raise Refused([problem(sheet, None, None, message)])
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
        bad("Name", gettext("Give the player's name."))
    elif "name" in refused:
        bad(
            "Name",
            gettext("The name is %(n)s characters long: %(most)s at most.")
            % {"n": len(name), "most": PLAYER_NAME_LENGTH},
        )
    if "email" in refused:
        bad("Email", gettext('"%(email)s" is not an email address.') % {"email": email})
    if "phone" in refused:
        bad("Phone", gettext("The phone number is over %(most)s characters long.") % {"most": PHONE_LENGTH})
    active_text = as_text(values.get("Active")).casefold()
    active = True if active_text in YES else False if active_text in NO else None
    if active_text and active is None:
        said = {"text": as_text(values.get("Active"))}
        bad("Active", gettext('"%(text)s" is not yes or no (yes, no, true, false, 1, 0 or blank).') % said)
    if problems:
        return None, problems
    return RosterRow(line.row, name, email, phone, active), []


# Writing


def roster_workbook(rows: Iterable[Sequence]) -> bytes:
    return workbook([(ROSTER, ROSTER_COLUMNS, rows)])
