"""The plain data a printed sheet needs, from a game or from the print form."""

from __future__ import annotations

from datetime import date

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, pgettext

from scoresheet.display import fmt
from scoresheet.games.selectors import GameSheet
from scoresheet.paper import canasta_pad, pdf
from scoresheet.paper.sheet_rows import row_of_field
from scoresheet.rules.schema import Rules
from scoresheet.scoring import engine as scoring
from scoresheet.scoring.entries import entry_from_values

# A breakdown line's key → the entry field it belongs to (most are the same).
LINE_FIELDS = {"red_threes_bonus": "red_threes"}


def cells_for(rules: Rules, values: dict, lines) -> dict[str, pdf.Cell]:
    """One team's printed cells for one round: counts as entered, points from the breakdown,
    each on the row of its field (a group's row adds up its fields: ``sheet_rows``)."""
    row_of = row_of_field(rules)

    def row(key: str) -> str:
        key = LINE_FIELDS.get(key, key)
        return row_of.get(key, key)

    points: dict[str, int] = {}
    for line in lines:
        points[row(line.key)] = points.get(row(line.key), 0) + line.points
    entry = entry_from_values(values)
    counts: dict[str, int | bool] = {
        **{f"books.{k}": n for k, n in entry.books.items()},
        **{f"extras.{k}": n for k, n in entry.extras.items()},
        "red_threes": entry.red_threes,
        "red_threes_held": entry.red_threes_held,
        "black_threes_held": scoring.black_threes_held(entry),
        "went_out": entry.went_out,
        "concealed": entry.concealed,
    }
    by_row: dict[str, int | bool] = {}
    for key, count in counts.items():
        by_row[row(key)] = by_row.get(row(key), 0) + count  # a flag adds up as a count: ticked if any
    return {key: pdf.Cell(count=by_row.get(key), points=points.get(key)) for key in set(points) | set(by_row)}


def game_sheet_data(sheet: GameSheet) -> pdf.SheetData:
    rounds = [
        pdf.FilledRound(
            number=r.number,
            requirements=[c.requirement for c in r.cells],
            cells=[cells_for(sheet.rules, c.values, c.score.lines) for c in r.cells],
            totals=[c.score.total for c in r.cells],
            running=[c.running for c in r.cells],
        )
        for r in sheet.rounds
    ]
    return pdf.SheetData(
        teams=[t.name for t in sheet.teams],
        title=str(sheet.game),
        date=short_date(game_date(sheet.game)),
        table=game_table(sheet.game),
        rounds=rounds,
        status=game_status(sheet),
        next_requirements=[] if sheet.game.is_finished else list(sheet.result.next_meld_requirements),
        finished=sheet.game.is_finished,
    )


def short_date(day: date) -> str:
    """ "24 Nov 2026" ("24 nov. 2026" in French): a sheet's date, in the language it prints in."""
    return date_format(day, pgettext("a short date's format (Django's date tags)", "j M Y"))


def long_date(day: date) -> str:
    """ "Tuesday 24 November 2026" ("mardi 24 novembre 2026" in French)."""
    return date_format(day, "l j F Y")


def page_of(page: int, pages: int) -> str:
    """ "Page 2 of 5"."""
    return gettext("Page %(page)s of %(pages)s") % {"page": page, "pages": pages}


def game_date(game) -> date:
    """The day a game was played: its club night's date, else the day it was started."""
    if game.table_id is not None:
        return game.table.sitting.night.date
    return timezone.localtime(game.created_at).date()


def game_club(game):
    """The club a game is printed for, whose language its sheet speaks: its own, else its night's;
    None for a casual game."""
    if game.club_id is not None:
        return game.club
    return game.table.sitting.night.club if game.table_id is not None else None


def game_table(game) -> str:
    """Where a club night's game was played ("3 · Sitting 2"); "" for a game of its own."""
    if game.table_id is None:
        return ""
    return table_words(game.table.number, game.table.sitting.number)


def table_words(table: int, sitting: int) -> str:
    """ "3 · Sitting 2": where a club night's sheet was played, after "Table" (the table pack's too)."""
    return pgettext("club night", "%(table)s · Sitting %(sitting)s") % {"table": table, "sitting": sitting}


def game_status(sheet: GameSheet) -> str:
    totals = ", ".join(f"{t.name} {fmt(total)}" for t, total, _ in sheet.team_totals)
    if not sheet.rounds:
        return gettext("No rounds played yet.")
    leaders = sheet.leaders
    if sheet.game.is_finished:
        early = " " + gettext("Finished early: %(why)s.") % {"why": sheet.early.text} if sheet.early else ""
        if len(leaders) == 1:
            said = gettext("Winner: %(name)s. Final totals: %(totals)s.") % {"name": leaders[0].name, "totals": totals}
        else:
            names = gettext(" and ").join(t.name for t in leaders)
            said = gettext("A tie between %(names)s. Final totals: %(totals)s.") % {"names": names, "totals": totals}
        return said + early
    if canasta_pad.is_pad(sheet.rules):  # a canasta pad counts hands
        return gettext("In progress after hand %(hands)s: %(totals)s.") % {"hands": len(sheet.rounds), "totals": totals}
    return gettext("In progress after round %(rounds)s: %(totals)s.") % {"rounds": len(sheet.rounds), "totals": totals}
