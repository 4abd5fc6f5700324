"""A night's results as PDF (reportlab): every sitting's tables (each team's players and total,
the winner, whether the table agreed it), then the night's standings in the standings' own table
(``league.standings.pdf``: its layout, heading and pages).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext, pgettext
from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import CondPageBreak, Paragraph, Spacer, Table, TableStyle

from league.models import Night
from league.nights.pdf import sitting_word
from league.nights.selectors import SittingRow, TableRow, night_page
from league.standings.pdf import (
    GREY,
    LATE,
    MARGIN,
    Layout,
    check_paper,
    formatted,
    heading_for,
    number,
    page_size,
    paragraph_style,
    render,
    standings_table,
)
from league.standings.selectors import night_standings
from scoresheet.paper import pdf
from scoresheet.paper.printing import long_date


def _players(team) -> str:
    names = [seat.who for seat in team.seats.all()]
    return " & ".join(names) if names else team.name


def _result_words(row: TableRow, team) -> str:
    if team not in row.winners:
        return ""
    return gettext("Winner") if len(row.winners) == 1 else gettext("Tied first")


def _table_status(row: TableRow) -> str:
    """How the table's result was settled (agreed, confirmed by the organiser, finished as it
    stands, left out: with the rounds and the reason), or how far its game is."""
    how = row.settlement
    if how.settled or row.game.is_finished:
        return how.words
    return row.status_text


def _widths(sitting: SittingRow, width: float, lay: Layout) -> list[float]:
    """The columns' widths: the total and the result as wide as their widest ("Premiers ex æquo"
    ran over the next column in French), the players as wide as the longest team needs (at least
    two fifths of the page, so that the total stands next to the names), the rest to the last."""

    def wide(texts) -> float:
        return max(pdfmetrics.stringWidth(text, "Sheet-Bold", lay.font) for text in texts) + 2 * lay.pad + 2

    teams = [team for row in sitting.tables for team in row.teams]
    widths = [
        lay.font * 4,
        0,
        max(wide(number(team.score) for team in teams), lay.font * 4 + 2 * lay.pad + 2),
        max(lay.font * 7, wide([gettext("Winner"), gettext("Tied first")])),
        0,
    ]
    widths[1] = min(max(wide(_players(team) for team in teams), width * 0.4), width - sum(widths) - lay.font * 8)
    widths[4] = width - sum(widths)
    return widths


def sitting_table(sitting: SittingRow, width: float, lay: Layout) -> list:
    """One sitting: a row per team (its table, players, total, winner) and whether each table agreed."""
    heading = Paragraph(
        escape(sitting_word(sitting.sitting.number)), paragraph_style(lay.font * 1.4, bold=True, color=pdf.FELT)
    )
    if not sitting.tables:
        return [heading, Paragraph(escape(gettext("No tables.")), paragraph_style(lay.font))]
    widths = _widths(sitting, width, lay)
    # The sitting's name is the table's first row, so that it repeats with the column names on
    # a page the sitting runs on to.
    titles = [
        pgettext("card table", "Table"),
        gettext("Players"),
        gettext("Total"),
        gettext("Result"),
        gettext("Settled"),
    ]
    data = [[heading, "", "", "", ""], titles]
    style = [
        ("SPAN", (0, 0), (-1, 0)),
        ("LEFTPADDING", (0, 0), (-1, 0), 0),
        ("BOTTOMPADDING", (0, 0), (-1, 0), 3),
        ("FONT", (0, 1), (-1, -1), "Sheet", lay.font),
        ("FONT", (0, 1), (-1, 1), "Sheet-Bold", lay.font),
        ("TEXTCOLOR", (0, 1), (-1, 1), colors.white),
        ("BACKGROUND", (0, 1), (-1, 1), pdf.FELT),
        ("ALIGN", (0, 1), (0, -1), "RIGHT"),
        ("ALIGN", (2, 1), (2, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),  # the table's number and status on its first team's line
        ("LEFTPADDING", (0, 1), (-1, -1), lay.pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), lay.pad),
        ("TOPPADDING", (0, 1), (-1, -1), lay.row_pad + 1),
        ("BOTTOMPADDING", (0, 1), (-1, -1), lay.row_pad + 1),
        ("BOX", (0, 1), (-1, -1), 0.8, colors.black),
        ("LINEBEFORE", (1, 1), (-1, -1), 0.25, pdf.GRID),
    ]
    for t, row in enumerate(sitting.tables):
        first = len(data)
        for team in row.teams:
            won = team in row.winners
            data.append(
                [
                    str(row.table.number) if team is row.teams[0] else "",
                    Paragraph(escape(_players(team)), paragraph_style(lay.font, bold=won)),
                    number(team.score),
                    _result_words(row, team),
                    "",
                ]
            )
            if won:
                style.append(("FONT", (2, len(data) - 1), (3, len(data) - 1), "Sheet-Bold", lay.font))
        last = len(data) - 1
        # A paragraph, so that a long status ("Round 2 of 4 entered") wraps inside its column.
        ink = GREY if not row.game.is_finished else LATE if not row.settlement.settled else colors.black
        data[first][4] = Paragraph(escape(_table_status(row)), paragraph_style(lay.font, color=ink))
        style += [
            ("SPAN", (0, first), (0, last)),
            ("SPAN", (4, first), (4, last)),
            ("LINEABOVE", (0, first), (-1, first), 0.8 if t else 0, colors.black),
            ("NOSPLIT", (0, first), (-1, last)),  # a table's teams stay on one page
        ]
        if t % 2:
            style.append(("BACKGROUND", (0, first), (-1, last), pdf.SHADE))
        if not row.game.is_finished:
            style.append(("TEXTCOLOR", (0, first), (-1, last), GREY))
    flow = [Table(data, colWidths=widths, repeatRows=2, style=TableStyle(style), hAlign="LEFT")]
    if sitting.byes:
        names = ", ".join(escape(bye.player.name) for bye in sitting.byes)
        sat_out = escape(gettext("Sat out:"))
        flow += [Spacer(1, lay.font * 0.4), Paragraph(f"<b>{sat_out}</b> {names}", paragraph_style(lay.font))]
    return flow


def night_results_pdf(night: Night, *, paper: str = "letter", large_print: bool = False) -> bytes:
    """Every sitting's tables with each team's players and total, the winner and whether the
    table agreed; then the night's standings. Reads a fixed number of queries."""
    check_paper(paper)
    pdf.register_fonts()
    lay = Layout.for_print(large_print)
    page = night_page(night=night)
    result = night_standings(night=night)
    cells = formatted(result)  # every number formatted once
    size = page_size(result, paper, lay, cells)
    width = size[0] - 2 * MARGIN
    story: list = []
    for sitting in page.sittings:
        story += [*sitting_table(sitting, width, lay), Spacer(1, lay.font * 1.2)]
    if not page.sittings:
        story.append(Paragraph(escape(gettext("No sittings drawn yet.")), paragraph_style(lay.font)))
    story += [
        CondPageBreak(lay.font * 12),  # the standings' heading never sits alone at a page's foot
        Paragraph(escape(gettext("Night standings")), paragraph_style(lay.font * 1.4, bold=True, color=pdf.FELT)),
        Spacer(1, 2),
        *standings_table(result, width, lay, cells),
    ]
    what = gettext("%(season)s · results of %(date)s") % {"season": night.season.name, "date": long_date(night.date)}
    return render(story, heading_for(result, what), size, lay, f"{night.club.name} · {what}")
