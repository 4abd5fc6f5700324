"""The standings as PDF (reportlab): a season's or a night's standings.

``standings_pdf(result)`` prints a ``Standings`` (league.standings.selectors) for the wall and
the club: every page headed by the club, the season (or the night), the ranking rule in words
and the date printed; a table of Rank, Player and every metric the standings show, its header
row on every page; the players below the minimum nights after a divider; a legend of the
abbreviations and of the mark for games not yet agreed at their table; "Page i of n".

A night's results (``league.nights.results_pdf``) print the night's standings with the table,
heading and pages made here.

Portrait unless the columns need more width than a portrait page has (measured from the
numbers themselves): normal print always fits portrait, 40 and more rows a page; large print
takes landscape when its wider type needs it, so that no number is squeezed or wrapped.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from xml.sax.saxutils import escape

from django.utils import timezone
from django.utils.translation import gettext, ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Table, TableStyle

from league.rankings import ranking_rule
from league.results.metrics import METRICS, Metric, Row
from league.standings.selectors import Standings
from scoresheet.display import localized
from scoresheet.paper import pdf
from scoresheet.paper.printing import long_date, page_of, short_date

MARGIN = 36  # half an inch: inside what home printers print
UNCONFIRMED = "†"  # after the name of a player whose counted games include one not yet agreed
GREY = colors.HexColor("#444444")
LATE = colors.HexColor("#9a3b00")  # a finished table's result not yet agreed
NBSP = "\u00a0"


@dataclass(frozen=True)
class Layout:
    """Type sizes and where things sit on the page, for normal or large print."""

    font: float  # the table's type
    title: float  # the club's name in the header
    small: float  # the legend and page numbers
    pad: float  # cell padding, left and right

    @classmethod
    def for_print(cls, large: bool) -> Layout:
        m = pdf.Metrics.for_print(large)
        # Padding grows with the type: numbers in neighbouring columns keep an em or so apart.
        return cls(font=m.font, title=m.title, small=m.running * (0.85 if not large else 1), pad=m.font * 0.45)

    @property
    def leading(self) -> float:
        return self.font * 1.2

    @property
    def row_pad(self) -> float:  # top and bottom: a row is about 1.5 lines high
        return self.font * 0.15

    @property
    def header_height(self) -> float:  # the club, the season line, the rule line and the rule under them
        return self.title * 1.2 + self.font * 1.35 * 2 + 10


def paragraph_style(size: float, *, bold=False, align=0, color=colors.black) -> ParagraphStyle:
    return ParagraphStyle(
        "standings",
        fontName="Sheet-Bold" if bold else "Sheet",
        fontSize=size,
        leading=size * 1.2,
        alignment=align,
        textColor=color,
    )


# --- words and numbers ---------------------------------------------------------------------


def number(value: int | Decimal | None, places: int = 0, trim: bool = False) -> str:
    """12345 → "12,345"; with 2 places 2117 → "2,117.00" (trimmed: "2,117"); a real minus sign; none → "–"."""
    if value is None:
        return "–"
    text = f"{abs(value):,.{places}f}"
    if trim and "." in text:
        text = text.rstrip("0").rstrip(".")
    text = localized(text)  # "12 345" and "2 117,00" in French
    return f"−{text}" if value < 0 else text


def columns(result: Standings) -> list[Metric]:
    """The metrics printed: a night's standings leave out the nights, which cannot differ on one
    night (a player who only sat out has 0: the games and byes say so already)."""
    if result.night is None:
        return result.metrics
    return [metric for metric in result.metrics if metric.key != "nights"]


def _lower(name: str) -> str:
    """A metric's name inside a sentence: "Points" → "points", "VP average" stays."""
    return name if name[:2].isupper() else name[:1].lower() + name[1:]


def ranking_words(result: Standings) -> str:
    """ "Ranked by VP average, then points · best 4 nights count · 3 nights to be ranked"."""
    keys = [_lower(METRICS[key].name_shown) for key in ranking_rule(result.ranked_by).sort]
    words = [gettext("Ranked by %(metrics)s") % {"metrics": gettext(", then ").join(keys)}]
    if result.best_nights:
        n = result.best_nights
        words.append(ngettext("best %(n)s night counts", "best %(n)s nights count", n) % {"n": n})
    if result.min_nights:
        n = result.min_nights
        words.append(ngettext("%(n)s night to be ranked", "%(n)s nights to be ranked", n) % {"n": n})
    return " · ".join(words)


def legend(result: Standings) -> list[str]:
    """ "N = Nights · G = Games · …", and what the mark after a name means when a row has it."""
    lines = [" · ".join(f"{metric.abbr_shown} = {metric.name_shown}" for metric in columns(result))]
    if result.unconfirmed:
        lines.append(f"{UNCONFIRMED} " + gettext("includes a game not yet agreed at its table"))
    if result.early:
        lines.append(result.early_words)
    return lines


def divider_words(result: Standings) -> str:
    n = result.min_nights
    return ngettext("Not yet ranked (fewer than %(n)s night)", "Not yet ranked (fewer than %(n)s nights)", n) % {"n": n}


# --- the standings table -------------------------------------------------------------------


def formatted(result: Standings) -> dict[int, list[str]]:
    """Each row's numbers as the table prints them, formatted once for the widths and the cells
    alike (by the row's id: 300 rows of 9 numbers were formatted three times)."""
    metrics = columns(result)
    return {
        id(row): [number(row.values[m.key], m.places, m.trim) for m in metrics] for row in result.rows + result.unranked
    }


def column_widths(result: Standings, lay: Layout, cells: dict[int, list[str]]) -> tuple[float, float, list[float]]:
    """The widths the rank, the names and each metric need: the widest value or heading, padded."""

    def wide(texts, bold=False) -> float:
        font = "Sheet-Bold" if bold else "Sheet"
        return max(pdfmetrics.stringWidth(t, font, lay.font) for t in texts) + 2 * lay.pad + 2

    rows = result.rows + result.unranked
    rank = wide([gettext("Rank"), *(str(r.rank) for r in rows if r.rank)], bold=True)
    names = wide([gettext("Player"), *(f"{r.name} {UNCONFIRMED}" for r in rows)], bold=True)
    metrics = [
        wide([m.abbr_shown], bold=True)
        if not rows
        else max(wide([m.abbr_shown], bold=True), wide([cells[id(r)][i] for r in rows]))
        for i, m in enumerate(columns(result))
    ]
    return rank, names, metrics


def page_size(result: Standings, paper: str, lay: Layout, cells=None) -> tuple[float, float]:
    """Portrait if the columns fit its width with the names at least 12 characters wide, else landscape."""
    rank, names, metrics = column_widths(result, lay, cells if cells is not None else formatted(result))
    least_names = min(names, lay.font * 9)  # about 12 characters; longer names wrap
    fits = rank + least_names + sum(metrics) <= portrait(pdf.PAPERS[paper])[0] - 2 * MARGIN
    return portrait(pdf.PAPERS[paper]) if fits else landscape(pdf.PAPERS[paper])


LAST_ROWS = 3  # a table that runs over a page carries at least this many rows onto its last page


def standings_table(result: Standings, width: float, lay: Layout, cells=None) -> list[Table]:
    """Rank, player and every metric; the header row repeats on each page. The ranked rows, then
    the unranked in a table of their own headed by the divider, which repeats with the header
    row on each page they run over. Spare width goes to the names, then evenly to the numbers."""
    cells = cells if cells is not None else formatted(result)
    rank_w, names_w, metric_ws = column_widths(result, lay, cells)
    spare = width - rank_w - sum(metric_ws)
    # The names take what they need, and at least a quarter of the width when there is room
    # (the numbers then sit closer together); names longer than the column wrap.
    names_w = max(min(max(names_w, width * 0.25), spare), min(spare, lay.font * 9))
    extra = (spare - names_w) / (len(metric_ws) + 1)
    widths = [rank_w + extra, names_w, *(w + extra for w in metric_ws)]
    tables = []
    if result.rows or not result.unranked:
        tables.append(_rows_table(result, result.rows, widths, lay, cells, divider=False))
    if result.unranked:
        tables.append(_rows_table(result, result.unranked, widths, lay, cells, divider=True))
    return tables


def _rows_table(result: Standings, rows: list[Row], widths: list[float], lay: Layout, cells, *, divider: bool) -> Table:
    """One table of standings rows under the header row (and the divider, for the unranked)."""
    who = pgettext("standings column", "Team") if result.teams else gettext("Player")
    head = [gettext("Rank"), who, *(m.abbr_shown for m in columns(result))]
    name_style = paragraph_style(lay.font)
    data = [head]
    style = [
        ("FONT", (0, 0), (-1, -1), "Sheet", lay.font),
        ("LEADING", (0, 0), (-1, -1), lay.leading),
        ("FONT", (0, 0), (-1, 0), "Sheet-Bold", lay.font),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("BACKGROUND", (0, 0), (-1, 0), pdf.FELT),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), lay.pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), lay.pad),
        ("TOPPADDING", (0, 0), (-1, -1), lay.row_pad),
        ("BOTTOMPADDING", (0, 0), (-1, -1), lay.row_pad),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, pdf.GRID),
        ("LINEBEFORE", (2, 0), (2, -1), 0.6, pdf.GRID),
        ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
    ]
    # The ranking's columns are bold: they are what the order is read from.
    for key in ranking_rule(result.ranked_by).sort:
        column = next((i for i, m in enumerate(columns(result), start=2) if m.key == key), None)
        if column is not None:
            style.append(("FONT", (column, 1), (column, -1), "Sheet-Bold", lay.font))
    if divider:
        data.append([divider_words(result)] + [""] * (len(head) - 1))
        style += [
            ("SPAN", (0, 1), (-1, 1)),
            ("ALIGN", (0, 1), (-1, 1), "LEFT"),
            ("FONT", (0, 1), (-1, 1), "Sheet-Bold", lay.font),
            ("TEXTCOLOR", (0, 1), (-1, 1), pdf.FELT),
            ("LINEABOVE", (0, 1), (-1, 1), 1.2, colors.black),
            ("TOPPADDING", (0, 1), (-1, 1), lay.font * 0.6),
        ]
    heads = len(data)
    for row in rows:
        name = escape(row.name) + (f" {UNCONFIRMED}" if row.unconfirmed else "")
        data.append(["" if row.rank is None else str(row.rank), Paragraph(name, name_style), *cells[id(row)]])
        if (len(data) - heads) % 2 == 0:  # every other row shaded, so a line is easy to follow across
            style.append(("BACKGROUND", (0, len(data) - 1), (-1, len(data) - 1), pdf.SHADE))
    if len(data) == 1:
        data.append(["", gettext("No finished games yet.")] + [""] * (len(head) - 2))
    # The heads never end a page, nor does a player go over alone: the first and the last rows
    # stay together in threes.
    style.append(("NOSPLIT", (0, 0), (-1, min(heads + LAST_ROWS - 1, len(data) - 1))))
    style.append(("NOSPLIT", (0, max(heads, len(data) - LAST_ROWS)), (-1, -1)))
    return Table(data, colWidths=widths, repeatRows=heads, style=TableStyle(style), hAlign="LEFT")


# --- the page: header, footer, "Page i of n" -------------------------------------------------


def numbered_canvas(decorate: Callable[[Canvas, int, int], None]) -> type[Canvas]:
    """A canvas that holds its pages until the end, then calls ``decorate(canvas, page, pages)``
    on each: the header can say "Page 2 of 5" without building the document twice."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._held: list[dict] = []

        def showPage(self):
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            for number, state in enumerate(self._held, start=1):
                self.__dict__.update(state)
                decorate(self, number, len(self._held))
                super().showPage()
            super().save()

    return NumberedCanvas


@dataclass(frozen=True)
class Heading:
    club: str
    what: str  # "Autumn 2026 · standings"
    rule: str
    legend: list[str]


def _footer_lines(heading: Heading, lay: Layout) -> Paragraph:
    """The legend; a line breaks between "Pts = Points" pairs, never inside one."""
    lines = [" · ".join(escape(pair).replace(" ", NBSP) for pair in line.split(" · ")) for line in heading.legend]
    return Paragraph("<br/>".join(lines), paragraph_style(lay.small, color=GREY))


def _fitted_size(text: str, room: float, largest: float) -> float:
    """The size ``text`` fits ``room`` in bold, shrinking from ``largest`` to two thirds of it at most."""
    size = largest
    while size > largest * 0.67 and pdfmetrics.stringWidth(text, "Sheet-Bold", size) > room:
        size -= 0.5
    return size


def draw_header(canvas: Canvas, heading: Heading, printed: str, size: tuple[float, float], lay: Layout) -> None:
    """The club (and the date printed) on the first line, what this is on the second, the rule on
    the third, a line under them."""
    left, right, width = MARGIN, size[0] - MARGIN, size[0] - 2 * MARGIN
    top = size[1] - MARGIN - lay.title
    room = width - pdfmetrics.stringWidth(printed, "Sheet", lay.font) - 12
    club_size = _fitted_size(heading.club, room, lay.title)
    canvas.setFillColor(pdf.FELT)
    canvas.setFont("Sheet-Bold", club_size)
    canvas.drawString(left, top, pdf.clipped(heading.club, room, "Sheet-Bold", club_size))
    canvas.setFillColor(colors.black)
    canvas.setFont("Sheet", lay.font)
    canvas.drawRightString(right, top, printed)
    second = top - lay.title * 0.05 - lay.font * 1.35
    canvas.setFont("Sheet-Bold", lay.font * 1.1)
    canvas.drawString(left, second, pdf.clipped(heading.what, width, "Sheet-Bold", lay.font * 1.1))
    canvas.setFont("Sheet", lay.font)
    canvas.drawString(left, second - lay.font * 1.35, pdf.clipped(heading.rule, width, "Sheet", lay.font))
    canvas.setStrokeColor(pdf.FELT)
    canvas.setLineWidth(1.5)
    rule_y = size[1] - MARGIN - lay.header_height + 4
    canvas.line(left, rule_y, right, rule_y)


def draw_footer(canvas: Canvas, heading: Heading, page_words: str, size: tuple[float, float], lay: Layout) -> None:
    """The legend, a hairline, then where the sheet came from and "Page i of n"."""
    left, right, width = MARGIN, size[0] - MARGIN, size[0] - 2 * MARGIN
    words = _footer_lines(heading, lay)
    _, height = words.wrap(width, size[1])
    base = MARGIN + lay.small * 1.6
    words.drawOn(canvas, left, base)
    canvas.setStrokeColor(pdf.GRID)
    canvas.setLineWidth(0.4)
    canvas.line(left, base + height + 2, right, base + height + 2)
    canvas.setFont("Sheet", lay.small)
    canvas.setFillColor(GREY)
    room = width - pdfmetrics.stringWidth(page_words, "Sheet", lay.small) - 12
    source = f"Bookkeeper · {heading.club} · {heading.what}"
    canvas.drawString(left, MARGIN, pdf.clipped(source, room, "Sheet", lay.small))
    canvas.drawRightString(right, MARGIN, page_words)


def render(story: list, heading: Heading, size: tuple[float, float], lay: Layout, title: str) -> bytes:
    """The story on pages of ``size``, each headed and footed as ``heading`` says."""
    width = size[0] - 2 * MARGIN
    footer_h = _footer_lines(heading, lay).wrap(width, size[1])[1] + lay.small * 1.6 + 6
    printed = gettext("Printed %(date)s") % {"date": short_date(timezone.localdate())}

    def decorate(canvas: Canvas, page: int, pages: int) -> None:
        canvas.saveState()
        draw_header(canvas, heading, printed, size, lay)
        draw_footer(canvas, heading, page_of(page, pages), size, lay)
        canvas.restoreState()

    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer, pagesize=size, title=title, author="Bookkeeper",
        leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN,
    )  # fmt: skip
    frame_h = size[1] - 2 * MARGIN - lay.header_height - footer_h
    frame = Frame(
        MARGIN, MARGIN + footer_h, width, frame_h, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0
    )
    doc.addPageTemplates([PageTemplate("standings", [frame])])
    doc.build(story, canvasmaker=numbered_canvas(decorate))
    return buffer.getvalue()


def check_paper(paper: str) -> None:
    if paper not in pdf.PAPERS:
        raise ValueError(f"paper must be one of {', '.join(pdf.PAPERS)}")


def heading_for(result: Standings, what: str) -> Heading:
    return Heading(club=result.club.name, what=what, rule=ranking_words(result), legend=legend(result))


def _what(result: Standings) -> str:
    if result.night is not None:
        return gettext("%(season)s · night of %(date)s") % {
            "season": result.season.name,
            "date": long_date(result.night.date),
        }
    if result.teams:
        return gettext("%(season)s · partnership standings") % {"season": result.season.name}
    return gettext("%(season)s · standings") % {"season": result.season.name}


def standings_pdf(result: Standings, *, paper: str = "letter", large_print: bool = False) -> bytes:
    """The standings as a PDF (see the module's notes)."""
    check_paper(paper)
    pdf.register_fonts()
    lay = Layout.for_print(large_print)
    cells = formatted(result)
    size = page_size(result, paper, lay, cells)
    story = standings_table(result, size[0] - 2 * MARGIN, lay, cells)
    title = f"{result.club.name} · {_what(result)}"
    return render(story, heading_for(result, _what(result)), size, lay, title)
