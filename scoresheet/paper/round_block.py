"""A round's block on a printed sheet: its heading, each team's count and points columns, the
rows of the entry fields (``scoresheet.paper.sheet_rows``) and the totals, blank or filled in.
"""

from __future__ import annotations

import functools
from xml.sax.saxutils import escape

from django.utils.translation import get_language, gettext, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.platypus import (
    Paragraph,
    Table,
    TableStyle,
)

from scoresheet.display import fmt
from scoresheet.paper.layout import (
    FELT,
    GRID,
    SHADE,
    SOFT_INK,
    Cell,
    FilledRound,
    Metrics,
    SheetData,
    _height,
    _num,
    _style,
    short_name,
)
from scoresheet.paper.sheet_rows import Row, sheet_rows
from scoresheet.rules.schema import Rules


def _round_heading(rules: Rules, number: int, filled: FilledRound | None) -> str:
    optional = rules.game_end.rounds is not None and number > rules.game_end.rounds
    if optional:
        text = pgettext("game", "Round %(n)s (optional)") % {"n": number}
    else:
        text = pgettext("game", "Round %(n)s") % {"n": number}
    if rules.meld_schedule.basis == "round":
        text += " · " + meld_words(_req(rules.meld_schedule.requirement(number, 0)))
    return text


def meld_words(points: str) -> str:
    """ "meld 90": the opening meld a side needs, over its column or its round."""
    return pgettext("opening meld", "meld %(points)s") % {"points": points}


def _requirement(data: SheetData, number: int, team: int) -> int | str | None:
    """A team's opening meld for a round: as played, or for the next round of a game in progress."""
    for r in data.rounds:
        if r.number == number:
            return r.requirements[team]
    if data.next_requirements and number == len(data.rounds) + 1:
        return data.next_requirements[team]
    return None


def _req(req: int | str) -> str:
    return fmt(req) if isinstance(req, int) else str(req)


def block_widths(width: float, rounds: int, teams: int, m: Metrics) -> tuple[float, float]:
    """A round block's label column and each points column."""
    spare = width - m.label - rounds * teams * (m.count + m.points)
    # Wider points boxes leave more room to write, but not more than twice as wide.
    return m.label + min(spare, 60), min(m.points + max(spare - 60, 0) / (rounds * teams), m.points * 2)


def block_height(
    rules: Rules, data: SheetData, numbers: list[int], width: float, m: Metrics, rows: list[Row], available: float
) -> float:
    """The height of ``round_block(rules, data, numbers, width, m, rows)`` laid out in ``available``.

    A sheet is laid out by measuring its blocks (does one fit under the header? how many rows go
    on?), and the blocks of blank sheets of the same rules differ only in the teams' names over
    their columns: the tables of a pack. The names change a block's height only by the lines they
    wrap to, so a blank block is measured once for those heights and the rest the same, and kept
    on the rules object (as its entry fields are, ``fields._kept_fields``)."""
    if data.rounds:  # a filled sheet: its numbers make each block its own
        return _height([round_block(rules, data, numbers, width, m, rows)], width, available)
    _, points_w = block_widths(width, len(numbers), len(data.teams), m)
    name_w = m.count + points_w  # a team's heading spans its count and points columns
    names = tuple(heading_height(short_name(name, t, name_w, m), name_w, m) for t, name in enumerate(data.teams))
    key = (get_language(), tuple(numbers), width, m, tuple(rows), available, names, tuple(data.next_requirements))
    kept = rules.__dict__.setdefault("_block_heights", {})
    if key not in kept:
        kept[key] = _height([round_block(rules, data, numbers, width, m, rows)], width, available)
    return kept[key]


@functools.lru_cache(maxsize=1024)
def heading_height(name: str, width: float, m: Metrics) -> float:
    """How tall ``name`` is as a team's heading over columns ``width`` wide, less their padding
    (worked out once for a name: a pack's layout asks for each table's names several times)."""
    return Paragraph(escape(name), _style(m, bold=True, align=TA_CENTER)).wrap(width - 6, 72_000)[1]


def team_heading_words(rules: Rules, data: SheetData, number: int, team: int, width: float, m: Metrics) -> tuple:
    """The lines of a team's heading over its two columns of round ``number`` (``width`` together):
    its name, or "Team 2" where the name does not fit, and the opening meld it needs when that
    goes by score."""
    name = short_name(data.teams[team], team, width, m)
    if rules.meld_schedule.basis != "score":
        return (name,)
    req = _requirement(data, number, team)
    return name, meld_words(_req(req) if req is not None else "____")


def team_heading(words: tuple, m: Metrics, paragraph: type[Paragraph] = Paragraph) -> list[Paragraph]:
    """A team's heading (``team_heading_words``) as the paragraphs of its cell."""
    cell = [paragraph(escape(words[0]), _style(m, bold=True, align=TA_CENTER))]
    if len(words) > 1:
        cell.append(paragraph(escape(words[1]), _style(m, size=max(m.least, m.font * 0.85), align=TA_CENTER)))
    return cell


def round_block(
    rules: Rules,
    data: SheetData,
    numbers: list[int],
    width: float,
    m: Metrics,
    rows: list[Row] | None = None,
    *,
    names: bool = True,
    row_heights: list[float] | None = None,
) -> Table:
    """Rounds ``numbers`` side by side, one row per entry field (``rows``: all of them, or a part).
    ``names=False`` leaves the teams' headings out (``row_heights``, the rows' heights, keeps their
    room): the frame a document stamps under many tables' names (``scoresheet.paper.stamps``)."""
    teams = len(data.teams)
    rows = sheet_rows(rules) if rows is None else rows
    filled = {r.number: r for r in data.rounds}
    label_w, points_w = block_widths(width, len(numbers), teams, m)
    col_widths = [label_w] + [m.count, points_w] * (teams * len(numbers))

    table = _headings(rules, data, numbers, filled, points_w, m, names=names)
    heights = [None, None, m.font * 1.2]  # the heading rows: as high as their text (a long one wraps)
    for row in rows:
        label = Paragraph(escape(row.label), _style(m, bold=row.kind in ("total", "running")))
        # A write-in row is m.row high (7 mm, 10 mm in large print), more if its label wraps.
        heights.append(max(m.row, label.wrap(label_w - 6, 1000)[1] + 4))
        table.append([label, *_row_cells(row, numbers, filled, teams)])
    style = _block_style(rows, numbers, teams, len(col_widths), m)
    return Table(
        table,
        colWidths=col_widths,
        rowHeights=row_heights or heights,
        style=TableStyle(style),
        repeatRows=3,
        hAlign="LEFT",
    )


def _headings(
    rules: Rules, data: SheetData, numbers: list[int], filled: dict, points_w: float, m: Metrics, *, names: bool
) -> list:
    """The block's three heading rows: each round's, its teams' names, "no." and "points"."""
    teams = len(data.teams)
    head1 = [""]
    head2 = [""]
    head3 = [
        Paragraph(escape(gettext("Count, then points")), _style(m, size=max(m.least, m.font * 0.75), color=SOFT_INK))
    ]
    for number in numbers:
        head1 += [
            Paragraph(
                escape(_round_heading(rules, number, filled.get(number))),
                _style(m, bold=True, align=TA_CENTER, color=colors.white),
            )
        ] + [""] * (2 * teams - 1)
        for t in range(teams):
            words = team_heading_words(rules, data, number, t, m.count + points_w, m)
            head2 += [team_heading(words, m) if names else "", ""]
            head3 += [pgettext("sheet column", "no."), pgettext("sheet column", "points")]
    return [head1, head2, head3]


def _row_cells(row: Row, numbers: list[int], filled: dict, teams: int) -> list:
    """One row's cells in every round of the block: a count and points a team, blank where unplayed."""
    line = []
    for number in numbers:
        r = filled.get(number)
        for t in range(teams):
            if r is None:
                line += ["☐" if row.kind == "flag" else "", ""]
            elif row.kind == "total":
                line += [_num(r.totals[t]), ""]  # spanned rows show their first cell
            elif row.kind == "running":
                line += [_num(r.running[t]), ""]
            elif row.kind == "points":
                line += [_num(r.cells[t].get(row.key, Cell()).points), ""]
            else:
                cell = r.cells[t].get(row.key, Cell())
                count = cell.count
                if row.kind == "flag":
                    count = "☑" if count else "☐"
                line += ["" if count in (None, 0) else str(count), _num(cell.points)]
    return line


def _block_style(rows: list[Row], numbers: list[int], teams: int, columns: int, m: Metrics) -> list:
    """The block's table style: fonts, grid, the spans of totals, the shaded count columns."""
    style = [
        ("FONT", (0, 0), (-1, -1), "Sheet", m.font),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (1, 2), (-1, -1), "RIGHT"),
        ("FONT", (1, 2), (-1, 2), "Sheet", max(m.least, m.font * 0.75)),
        ("TEXTCOLOR", (1, 2), (-1, 2), SOFT_INK),
        ("ALIGN", (1, 2), (-1, 2), "CENTER"),
        ("GRID", (0, 1), (-1, -1), 0.4, GRID),
        ("BOX", (0, 0), (-1, -1), 1, colors.black),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("BACKGROUND", (1, 0), (-1, 0), FELT),
    ]
    for i, row in enumerate(rows, start=3):
        if row.kind in ("points", "total", "running"):
            for c in range(1, columns, 2):
                style.append(("SPAN", (c, i), (c + 1, i)))
        if row.kind == "flag":
            style += [("ALIGN", (c, i), (c, i), "CENTER") for c in range(1, columns, 2)]
        if row.kind == "total":
            style += [
                ("FONT", (0, i), (-1, i), "Sheet-Bold", m.font),
                ("LINEABOVE", (0, i), (-1, i), 1.2, colors.black),
            ]
        if row.kind == "running":
            style += [("FONT", (0, i), (-1, i), "Sheet-Bold", m.font * 1.1), ("BACKGROUND", (0, i), (-1, i), SHADE)]
    for g in range(len(numbers)):
        first = 1 + g * 2 * teams
        style += [
            ("SPAN", (first, 0), (first + 2 * teams - 1, 0)),
            ("LINEBEFORE", (first, 0), (first, -1), 1.4, colors.black),
        ]
        for t in range(teams):
            c = first + 2 * t
            style.append(("SPAN", (c, 1), (c + 1, 1)))
            style += [
                ("BACKGROUND", (c, i), (c, i), SHADE)
                for i, row in enumerate(rows, start=3)
                if row.kind in ("count", "flag")
            ]
    return style
