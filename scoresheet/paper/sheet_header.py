"""The top of a printed sheet: its title, the date and table, the teams' names, and the opening
meld bands; and the running header on the pages after the first.
"""

from __future__ import annotations

from collections.abc import Callable
from xml.sax.saxutils import escape

from django.utils.translation import gettext, gettext_lazy
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    Flowable,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from scoresheet.paper.layout import FELT, SOFT_INK, Metrics, SheetData, _style, fitted, team_word
from scoresheet.paper.sheet_rows import Row
from scoresheet.rules.card import meld_rows
from scoresheet.rules.preset_rules import name_shown
from scoresheet.rules.schema import Rules


def says_score_sheet(rules: Rules) -> bool:
    """Whether the variant's name already says "score sheet" ("Hand and Foot, GOCC score sheet")."""
    return "score sheet" in rules.name.lower()


def sheet_title(rules: Rules) -> str:
    """ "Canasta (classic) · score sheet", and a name that says "score sheet" as it is."""
    name = name_shown(rules.name)
    return name if says_score_sheet(rules) else gettext("%(name)s · score sheet") % {"name": name}


def title_line(rules: Rules, data: SheetData, width: float, m: Metrics) -> Table:
    """The variant's name as the sheet's title, and the date and table to fill in on the right."""
    size = m.title
    while size > m.font and pdfmetrics.stringWidth(sheet_title(rules), "Sheet-Bold", size) > width * 0.64:
        size -= 0.5
    words = escape(gettext("score sheet"))
    tail = "" if says_score_sheet(rules) else f" <font size={size * 0.7:.1f}>· {words}</font>"
    title = Paragraph(f"{escape(name_shown(rules.name))}{tail}", _style(m, size=size, bold=True, color=FELT))
    fill = "_" * 14
    right = Paragraph(
        escape(date_and_table(data, fill)).replace("   ", "&nbsp;&nbsp; "),
        _style(m, size=m.font * 1.2, align=TA_RIGHT),
    )
    return Table(
        [[title, right]],
        colWidths=[width * 0.66, width * 0.34],
        style=TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        ),
    )


def date_and_table(data: SheetData, fill: str = "_" * 12) -> str:
    """ "Date 24 Nov 2026   Table 3 · Sitting 2", lines to write on where the sheet is blank."""
    words = gettext("Date %(date)s   Table %(table)s")
    return words % {"date": data.date or fill, "table": data.table or "____"}


def running_names(data: SheetData, width: float, m: Metrics) -> list[str]:
    """The teams in the running header of later pages, each in its share of ``width``: "Team 1:
    Ann & Bob", or "Team 1" alone for a name too long for it (it is in full on the first page).
    Large print's upright page gives its title the first line and shares the second with the
    date and table (``names_room``)."""
    each = names_room(data, width, m) / len(data.teams)
    texts = []
    for t, name in enumerate(data.teams):
        text = gettext("Team %(n)s: %(name)s") % {"n": t + 1, "name": name or "_" * 18}
        texts.append(text if pdfmetrics.stringWidth(text, "Sheet", m.running) <= each - 12 else team_word(t))
    return texts


def names_room(data: SheetData, width: float, m: Metrics) -> float:
    """The running header's room for the names: its width, less the date and table in large print."""
    if m.font <= 10:
        return width
    return width - pdfmetrics.stringWidth(date_and_table(data), "Sheet", m.running) - 12


def names_line(data: SheetData, width: float, m: Metrics) -> Table:
    """ "Team 1 <name>  Team 2 <name>": the names as given, or lines to write them on. Large print
    puts two teams a line (three or four teams take two), so that a long name wraps between its
    words at 16 pt, never shrinking under 14 pt nor breaking inside a word of a usual length."""
    tag = 44 * m.font / 8.5
    teams = len(data.teams)
    across = 2 if m.font > 10 and teams > 2 else teams
    each = width / across
    cells = []
    for t, name in enumerate(data.teams):
        cells += [
            Paragraph(escape(team_word(t)), _style(m, size=max(m.least, m.font * 0.85), color=SOFT_INK)),
            fitted(name, each - tag - 6, m, bold=True, align=0) if name else "",
        ]
    rows = [cells[i : i + 2 * across] for i in range(0, len(cells), 2 * across)]
    rows[-1] += [""] * (2 * across - len(rows[-1]))
    lines = [
        ("LINEBELOW", (2 * (t % across) + 1, t // across), (2 * (t % across) + 1, t // across), 0.6, colors.black)
        for t in range(teams)
    ]
    return Table(
        rows,
        colWidths=[tag, each - tag] * across,
        style=TableStyle(
            lines
            + [("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 2)]
            + ([("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)] if m.font > 10 else [])
        ),
    )


# What a caller adds to a sheet (a table pack: its table number and QR code), in place of the
# title line and the names that head the first page, or before the rules card: called with the
# width, the metrics and ``top`` (False in large print, where the running header already
# carries the title and the names). Flowables are used once: it builds them afresh each call.
Head = Callable[[float, "Metrics", bool], list[Flowable]]


# How a sheet's round blocks are made: ``round_block``'s arguments (the rows given), a flowable.
BlockMaker = Callable[[Rules, SheetData, list[int], float, "Metrics", list[Row]], Flowable]


MELD_BANDS = gettext_lazy("Opening meld by the team's score before the round")


def header(
    rules: Rules,
    data: SheetData,
    width: float,
    m: Metrics,
    *,
    bands: bool = True,
    top: bool = True,
    head: Head | None = None,
) -> list:
    """The head of a copy's first page: the title and date line and the team names (``top``:
    large print leaves them to the running header) or what ``head`` builds instead, the meld
    bands of a score-based variant (``bands``: unless the rules card on the page shows them),
    and a game's title and status."""
    if head is not None:
        flow = head(width, m, top)
    elif top:
        flow = [title_line(rules, data, width, m), names_line(data, width, m)]
    else:  # large print: the running header names the teams, but a long name in full only here
        full = all(":" in text for text in running_names(data, width, m))
        flow = [] if full else [names_line(data, width, m)]
    if bands and rules.meld_schedule.basis == "score":
        flow.append(Spacer(1, 3))
        bands = " · ".join(gettext("%(row)s: %(note)s") % {"row": r.label, "note": r.value} for r in meld_rows(rules))
        flow.append(
            Paragraph(
                f"<b>{escape(str(MELD_BANDS))}</b> — {escape(bands)}",
                _style(m, size=m.font),
            )
        )
    if data.title or data.status:
        flow.append(
            Paragraph(
                f"<b>{escape(data.title)}</b>{' — ' if data.title and data.status else ''}"
                f"<font color='#1f6f50'>{escape(data.status)}</font>",
                _style(m, size=m.font * 1.25),
            )
        )
    flow.append(Spacer(1, 4))
    return flow
