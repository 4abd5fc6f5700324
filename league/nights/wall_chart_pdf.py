"""The seating chart for the wall: an index of the sitting's players by name with their table,
beside the night's "where do I sit" code, then the tables, several a page, in type read across the
room (``chart_layout`` chooses the size and columns); a name whole or broken between its words."""

from __future__ import annotations

import io
import math
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from league.clubs.names import sort_key
from league.nights.pack_selectors import PackTable, SittingPack
from league.nights.pdf import (
    LINK_SIZE,
    NBSP,
    _flat,
    _style,
    link_lines,
    qr_code,
    sitting_word,
    table_word,
)
from scoresheet.paper import pdf
from scoresheet.paper.printing import long_date, page_of

ZWSP = "\u200b"  # where a line may break with no space shown
CHART_MARGIN = 36
# The names' type: the largest of these that keeps the tables to TABLES_A_PAGE a page or more
# (a night of a few tables gets 50 pt; 40 pt reads at 4 m across a club room; 24 and 20 pt, 6 and
# 5 mm capitals, only where names near the roster's 60 letters would otherwise take a page a table).
NAME_SIZES = (50, 40, 36, 32, 28, 24, 20)
TABLES_A_PAGE = 3
INDEX_SIZES = (28, 26, 24, 22, 20, 18, 16, 14)  # the index by name: the largest that fits one page
INDEX_COLUMNS = 2  # the index's columns where its names fit them (else three, else one)
INDEX_TITLE = gettext_lazy("Find your name")
HEADING_SIZE = 28  # the club and sitting; the date under it is 16pt
SEAT_QR_GAP = 18  # between the index by name and the "where do I sit" code


def _name_style(size: float) -> ParagraphStyle:
    """The names' style: lines break between words, or after a hyphen of a compound name
    ("Rochefoucauld-" / "Montmorency"), never inside a word."""
    style = _style(size, bold=True, leading=1.15)
    style.splitLongWords = 0  # a word wider than the line has a break after its hyphens (``team_texts``)
    return style


def team_texts(teams: list[list[str]], width: float, size: float) -> list[str]:
    """Each team's line as the chart sets it: "Ann & Bob", "vs Cleo & Dan"; "vs" and "&" held to
    the name beside them, and a name held whole on its line where it fits one with them."""
    versus = pgettext("versus", "vs")
    texts = []
    for t, team in enumerate(teams):
        names = []
        for i, name in enumerate(team):
            before = versus + " " if t and not i else ""
            after = " &" if i < len(team) - 1 else ""
            whole = pdfmetrics.stringWidth(before + name + after, "Sheet-Bold", size) <= width
            if whole:
                names.append(escape(name).replace(" ", NBSP))
                continue
            # a word wider than the line breaks after a hyphen of its own ("Rochefoucauld-" / "Montmorency")
            long = [ZWSP.join(w.split("-")) if _wider(w + after, width, size) else w for w in name.split(" ")]
            names.append(escape(" ".join(long)).replace(ZWSP, "-" + ZWSP))
        vs = f'<font name="Sheet" color="#555555">{escape(versus)}</font>{NBSP}' if t else ""
        texts.append(vs + (NBSP + "& ").join(names))
    return texts


def _wider(text: str, width: float, size: float) -> bool:
    return pdfmetrics.stringWidth(text, "Sheet-Bold", size) > width


def words_fit(pack: SittingPack, width: float, size: float) -> bool:
    """Whether every word of every name, "vs" and "&" held to it, fits a line ``width`` wide in
    ``size`` type, a compound name's parts each on its own if need be."""
    versus = pgettext("versus", "vs")
    for table in pack.tables:
        for t, team in enumerate(table.teams):
            line = (versus + NBSP if t else "") + (NBSP + "& ").join(team)
            for word in line.split(" "):  # not at the no-break spaces that hold "vs" and "&" to a name
                parts = [part + "-" for part in word.split("-")[:-1]] + [word.split("-")[-1]]
                if any(pdfmetrics.stringWidth(part, "Sheet-Bold", size) > width for part in parts):
                    return False
    return True


def table_block(table: PackTable, width: float, size: float) -> list:
    """ "Table 3" over its teams, a line (or more) each, in ``size`` type."""
    return [
        Paragraph(escape(table_word(table.number)), _style(size, bold=True, color=pdf.FELT, leading=1.1)),
        *(Paragraph(text, _name_style(size)) for text in team_texts(table.teams, width, size)),
    ]


def byes_block(byes: list[str], size: float) -> list:
    label = _("Sitting out:")
    names = ", ".join(escape(name) for name in byes)
    return [Paragraph(f'<font name="Sheet" color="#444444">{escape(label)}</font> {names}', _name_style(size))]


def index_entries(pack: SittingPack) -> list[tuple[str, str]]:
    """Every player of the sitting by name (as a person looks for it): their table, or "Sitting out"."""
    entries = [(name, table_word(table.number)) for table in pack.tables for team in table.teams for name in team]
    entries += [(name, _("Sitting out")) for name in pack.byes]
    return sorted(entries, key=lambda entry: sort_key(entry[0]))  # Bénédicte before Björn (league.clubs.names)


def _where_width(size: float, wheres: set[str]) -> float:
    """The index's column of tables: as wide as its widest entry ("Table 15", "Sitting out")."""
    return max(pdfmetrics.stringWidth(where, "Sheet-Bold", size) for where in wheres) + 6


def _index_entry(name: str, where: str, width: float, size: float, where_w: float) -> Table:
    return Table(
        [
            [
                Paragraph(escape(name), _style(size, leading=1.12)),
                Paragraph(escape(where), _style(size, bold=True, align=TA_RIGHT)),
            ]
        ],
        colWidths=[width - where_w, where_w],
        style=_flat(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.5, pdf.GRID),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
            ]
        ),
    )


def _index_layout(entries: list[tuple[str, str]], width: float, room: float, columns: int, size: float, whole=True):
    """The index's cells and, page by page, its columns of cell indexes; None if a word of a name
    is wider than a column (unless not ``whole``: a word too long for any is cut)."""
    words = [word for name, _ in entries for word in name.split()]
    column = width / columns
    where_w = _where_width(size, {where for _, where in entries})
    if whole and any(pdfmetrics.stringWidth(word, "Sheet", size) > column - 12 - where_w for word in words):
        return None
    cells = [_index_entry(name, where, column - 12, size, where_w) for name, where in entries]
    pages: list[list[list[int]]] = [[[]]]
    used = 0.0
    for i, cell in enumerate(cells):
        h = cell.wrap(column - 12, room)[1] + 4
        if used + h > room and pages[-1][-1]:
            if len(pages[-1]) == columns:
                pages.append([])
            pages[-1].append([])
            used = 0.0
        pages[-1][-1].append(i)
        used += h
    return cells, pages


def _index_pages(pack: SittingPack, width: float, room: float) -> list[list]:
    """The index by name (a page's flowables each): the largest of INDEX_SIZES, in two columns
    (else three, else one) where every word of a name fits, that keeps it to one page; else the
    layout of fewest pages, the larger type first."""
    entries = index_entries(pack)
    if not entries:
        return []
    title = Paragraph(escape(str(INDEX_TITLE)), _style(24, bold=True, color=pdf.FELT))
    room -= _height([title], width) + 8
    best = None
    for size in INDEX_SIZES:
        for columns in (INDEX_COLUMNS, 3, 1):
            laid = _index_layout(entries, width, room, columns, size)
            if laid is not None and (best is None or len(laid[1]) < len(best[2])):
                best = (columns, *laid)
        if best is not None and len(best[2]) == 1:
            break
    if best is None:  # a word too long for one column at the least size: it is cut
        best = (1, *_index_layout(entries, width, room, 1, INDEX_SIZES[-1], whole=False))
    columns, cells, pages = best
    column = width / columns
    out = []
    for runs in pages:
        grid = [[[cells[i] for i in run] for run in runs] + [""] * (columns - len(runs))]
        style = _flat([("VALIGN", (0, 0), (-1, -1), "TOP"), ("RIGHTPADDING", (0, 0), (-1, -1), 12)])
        out.append([title if not out else Paragraph(escape(str(INDEX_TITLE)), title.style), Spacer(1, 8),
                    Table(grid, colWidths=[column] * columns, style=style, hAlign="LEFT")])  # fmt: skip
    return out


def _height(flow: list, width: float) -> float:
    return sum(f.wrap(width, 10_000)[1] for f in flow)


def even_pages(heights: list[float], room: float) -> list[list[int]]:
    """The rows (their ``heights``) shared out in order over the fewest pages that hold them,
    about as many a page, so the last page is not left with a lonely row."""
    n = len(heights)
    for pages in range(1, n + 1):
        size, extra = divmod(n, pages)
        runs, start = [], 0
        for p in range(pages):
            end = start + size + (1 if p < extra else 0)
            runs.append(list(range(start, end)))
            start = end
        if all(sum(heights[i] for i in run) <= room for run in runs):
            return runs
    return [[i] for i in range(n)]  # a row taller than a page: it goes alone and is cut


def _chart_rows(pack: SittingPack, width: float, size: float, pad: float, columns: int) -> tuple[list, list[float]]:
    """The chart's rows, ``columns`` tables a row and the byes across the page, and their heights."""
    column = width / columns
    cells = [table_block(table, column - 2 * pad, size) for table in pack.tables]
    rows = [cells[i : i + columns] for i in range(0, len(cells), columns)]
    heights = [max(_height(cell, column - 2 * pad) for cell in row) + 2 * pad for row in rows]
    if pack.byes:  # a row across the page: a list of one cell
        rows.append([byes_block(pack.byes, size)])
        heights.append(_height(rows[-1][0], width - 2 * pad) + 2 * pad)
    return rows, heights


def chart_layout(pack: SittingPack, width: float, room: float, pad: float):
    """The tables' type size, columns, rows, heights and pages: the largest of NAME_SIZES that
    keeps TABLES_A_PAGE tables a page or more (the largest, 50 pt, only for a night on one page),
    every word of a name whole on its line and a row on a page, in the columns that take the
    fewest pages; else the layout of fewest pages."""
    best = None
    for size in NAME_SIZES:
        aim = 1 if size == NAME_SIZES[0] else max(1, math.ceil(len(pack.tables) / TABLES_A_PAGE))
        for columns in (1, 2, 3):
            if not words_fit(pack, width / columns - 2 * pad, size):
                continue
            rows, heights = _chart_rows(pack, width, size, pad, columns)
            if max(heights, default=0) > room:
                continue
            pages = even_pages(heights, room) if rows else [[]]
            if best is None or len(pages) < len(best[4]):
                best = (size, columns, rows, heights, pages)
        if best is not None and len(best[4]) <= aim:
            return best
    if best is None:  # a name too long for any: the smallest type, a table a row, cut where it must
        size = NAME_SIZES[-1]
        rows, heights = _chart_rows(pack, width, size, pad, 1)
        best = (size, 1, rows, heights, even_pages(heights, room))
    return best


def seat_qr_block(link: str) -> list:
    """The QR code of the night's "where do I sit" page (QR_SYMBOL square, as the table pack's),
    "Where do I sit?" over it and the link under it in LINK_SIZE type."""
    code = qr_code(link)
    return [
        Paragraph(_("Where do I sit?"), _style(18, bold=True, color=pdf.FELT)),
        Paragraph(_("Scan for your table at every sitting"), _style(12)),
        code,
        Paragraph(link_lines(link, code.width, door="/n/"), _style(LINK_SIZE)),
    ]


def _with_seat_qr(flow: list, link: str, index_width: float) -> list:
    """An index page's flowables with the "where do I sit" code in a column at their right."""
    code_width = qr_code(link).width
    style = _flat([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (1, 0), (1, 0), SEAT_QR_GAP)])
    return [Table([[flow, seat_qr_block(link)]], colWidths=[index_width, code_width + SEAT_QR_GAP], style=style)]


def seating_chart(pack: SittingPack, paper: str = "letter", seat_link: str | None = None) -> bytes:
    """The seating chart: landscape, large type; first an index of the players by name with
    their table (beside it the QR code of ``seat_link``, the night's "where do I sit" page),
    then the tables in rows of two, byes at the end."""
    if paper not in pdf.PAPERS:
        raise ValueError(f"paper must be one of {', '.join(pdf.PAPERS)}")
    pdf.register_fonts()
    size = landscape(pdf.PAPERS[paper])
    heading_h = HEADING_SIZE + 16 + 22  # the title, the date, the rule under them
    width = size[0] - 2 * CHART_MARGIN
    room = size[1] - 2 * CHART_MARGIN - heading_h
    pad = 8

    _size, columns, rows, heights, pages = chart_layout(pack, width, room, pad)
    column = width / columns

    index_width = width - qr_code(seat_link).width - SEAT_QR_GAP if seat_link else width
    index = _index_pages(pack, index_width, room)
    story: list = []
    for flow in index:
        story += [*(_with_seat_qr(flow, seat_link, index_width) if seat_link else flow), PageBreak()]
    for p, run in enumerate(pages):
        if p:
            story.append(PageBreak())
        if run:
            byes_here = bool(pack.byes) and run[-1] == len(rows) - 1
            story.append(
                _grid(
                    [rows[i] for i in run], [heights[i] for i in run], column, pad, byes_last=byes_here, columns=columns
                )
            )
        else:
            story.append(Paragraph(escape(_("No tables in this sitting.")), _style(NAME_SIZES[1])))

    title = f"{sitting_word(pack.sitting.number)} · {pack.club.name}"
    when = long_date(pack.night.date)

    def heading(canvas, doc):
        top = size[1] - CHART_MARGIN
        canvas.saveState()
        canvas.setFillColor(pdf.FELT)
        title_size = HEADING_SIZE
        while title_size > 16 and pdfmetrics.stringWidth(title, "Sheet-Bold", title_size) > width:
            title_size -= 1
        canvas.setFont("Sheet-Bold", title_size)
        canvas.drawString(CHART_MARGIN, top - HEADING_SIZE, pdf.clipped(title, width, "Sheet-Bold", title_size))
        canvas.setFillColor(colors.black)
        canvas.setFont("Sheet", 16)
        canvas.drawString(CHART_MARGIN, top - HEADING_SIZE - 20, when)
        if len(pages) + len(index) > 1:
            canvas.setFillColor(colors.HexColor("#444444"))
            canvas.drawRightString(
                size[0] - CHART_MARGIN, top - HEADING_SIZE - 20, page_of(doc.page, len(pages) + len(index))
            )
        canvas.setStrokeColor(pdf.FELT)
        canvas.setLineWidth(2)
        canvas.line(CHART_MARGIN, top - heading_h + 10, size[0] - CHART_MARGIN, top - heading_h + 10)
        canvas.restoreState()

    buffer = io.BytesIO()
    seating = _("%(title)s, %(when)s: seating") % {"title": title, "when": when}
    doc = BaseDocTemplate(
        buffer, pagesize=size, title=seating, author="Bookkeeper",
        leftMargin=CHART_MARGIN, rightMargin=CHART_MARGIN, topMargin=CHART_MARGIN, bottomMargin=CHART_MARGIN,
    )  # fmt: skip
    frame = Frame(CHART_MARGIN, CHART_MARGIN, width, room, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("chart", [frame], onPage=heading)])
    doc.build(story)
    return buffer.getvalue()


def _grid(
    rows: list[list[list]], heights: list[float], column: float, pad: float, *, byes_last: bool, columns: int
) -> Table:
    """One page's rows: ``columns`` tables a row, each in its box; the byes row spans the page."""
    data = [row + [""] * (columns - len(row)) for row in rows]
    style = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, -1), pad),
        ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
        ("LINEBELOW", (0, 0), (-1, -1), 0.8, pdf.GRID),
    ]
    if byes_last:
        style.append(("SPAN", (0, len(rows) - 1), (-1, len(rows) - 1)))
    return Table(data, colWidths=[column] * columns, rowHeights=heights, style=TableStyle(style), hAlign="LEFT")
