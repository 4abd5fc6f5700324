"""The canasta pad: a printed score sheet with one row per hand, as canasta players keep score.

A canasta game runs to a target score over 8 to 15 hands, so its sheet is a pad rather than
round blocks (Hand and Foot keeps those: ``pdf.round_block``). Across the page, after the
hand's number, each side has a column group: the opening meld it needs, a column per entry
field (``sheet_rows``: the rare ones grouped, their values on the rules card), the hand's
total and the running score. Counts go in narrow columns, points in wide ones; a heading
reads across its column in whole words where it fits on three lines at 8 pt or more, else the
column is headed by a letter and the letter's words are printed under the pad (``Pad.keys``).
A blank pad holds at least
``MIN_HANDS`` hands on its first page (the rules card moves to the next page rather); a
game's pad prints its hands and then blank ones to the end of the page, to carry on in
pencil, the next hand's meld filled in.

``sheets.sheet_pages`` hands a canasta variant's sheet to ``pad_pages``.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import KeepTogether, NextPageTemplate, PageBreak, Paragraph, Spacer, Table, TableStyle

from scoresheet.display import fmt
from scoresheet.paper import pdf
from scoresheet.paper.sheet_rows import Row, sheet_rows
from scoresheet.rules.schema import Rules

MIN_HANDS = 10  # hands on a blank pad's first page at least (in large print too, where they fit)
FAMILY = "canasta"

# Each column's width before it is fitted to the page, in points of normal print (large
# print: times ``LARGE``): a count or a tick takes a digit, points take "−1,250".
WIDTHS = {"hand": 20, "meld": 24, "count": 16, "flag": 14, "points": 32, "total": 36, "running": 42}
LARGE = 1.4


def is_pad(rules: Rules) -> bool:
    """Whether a variant's sheet is a canasta pad: the canasta family, played to a target score."""
    return rules.family == FAMILY and rules.game_end.rounds is None


@dataclass(frozen=True)
class Column:
    kind: str  # hand | meld | count | flag | points | total | running
    heading: str
    row: Row | None = None  # the entry field (or group) it holds
    width: float = 0


def side_columns(rules: Rules) -> list[Column]:
    """One side's column group: its meld, its entry fields, the hand's total and its score."""
    columns = [Column("meld", _("Meld needed"))] if rules.meld_schedule.basis == "score" else []
    for row in sheet_rows(rules):
        if row.kind == "total":
            columns.append(Column("total", pgettext("deal", "Hand total"), row))
        elif row.kind == "running":
            columns.append(Column("running", _("Score"), row))
        else:
            columns.append(Column(row.kind, row.heading, row))
    return columns


def fitted_columns(rules: Rules, sides: int, width: float, large: bool) -> tuple[Column, list[Column]]:
    """The hand column and one side's columns, their widths fitted to the page: all narrowed
    alike when they are too wide, the points columns widened (up to twice) when there is room."""
    scale = LARGE if large else 1
    hand = Column("hand", pgettext("deal", "Hand"), width=WIDTHS["hand"] * scale)
    columns = side_columns(rules)
    natural = sum(WIDTHS[c.kind] for c in columns) * scale
    room = (width - hand.width) / sides
    wide = [c for c in columns if c.kind in ("points", "total", "running")]
    if natural > room:
        factor = room / natural
        widths = [WIDTHS[c.kind] * scale * factor for c in columns]
    else:
        extra = min(room - natural, sum(WIDTHS[c.kind] * scale for c in wide))
        grow = extra / sum(WIDTHS[c.kind] * scale for c in wide)
        widths = [WIDTHS[c.kind] * scale * (1 + grow if c in wide else 1) for c in columns]
        hand = Column("hand", hand.heading, width=hand.width + (room - natural - extra) * sides)
    return hand, [Column(c.kind, c.heading, c.row, w) for c, w in zip(columns, widths, strict=True)]


HEADING_LINES = 3  # a heading in words takes at most this many lines, else its column has a key letter
HEADING_LEAST = 8  # nor is a heading's type smaller, in points (large print: its own least, 14)
KEY_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O, which read as 1 and 0 beside numbers


@functools.lru_cache(maxsize=1024)
def heading_words(
    text: str, width: float, size: float, least: float, font: str = "Sheet"
) -> tuple[tuple[str, ...], float] | None:
    """A heading across a column ``width`` wide in whole words: its lines and type size, from
    ``size`` down to ``least`` half a point at a time until it takes ``HEADING_LINES`` lines or
    fewer; None where no size fits (a word wider than the column, or too many lines)."""
    room = width - 3  # the cell's padding
    while True:
        if max(pdfmetrics.stringWidth(word, font, size) for word in text.split()) <= room:
            lines = simpleSplit(text, font, size, room)
            if len(lines) <= HEADING_LINES:
                return tuple(lines), size
        if size <= least:
            return None
        size = max(least, size - 0.5)


@dataclass(frozen=True)
class Pad:
    """The laid-out pad of one sheet: its columns and their widths, and the smallest type."""

    rules: Rules
    data: pdf.SheetData
    m: pdf.Metrics
    width: float
    hand: Column
    columns: list[Column]
    small: float  # the smallest type of a heading

    @classmethod
    def lay_out(cls, rules: Rules, data: pdf.SheetData, m: pdf.Metrics, width: float, large: bool) -> Pad:
        hand, columns = fitted_columns(rules, len(data.teams), width, large)
        return cls(rules, data, m, width, hand, columns, small=max(HEADING_LEAST, m.least))

    def words(self, column: Column) -> tuple[tuple[str, ...], float] | None:
        font = "Sheet-Bold" if column.kind in ("total", "running") else "Sheet"
        return heading_words(column.heading, column.width, max(self.m.font * 0.9, self.small), self.small, font)

    def keys(self) -> dict[int, str]:
        """The letter heading each of a side's columns (by its index) whose words do not fit across it."""
        narrow = [i for i, column in enumerate(self.columns) if self.words(column) is None]
        return dict(zip(narrow, KEY_LETTERS, strict=False))

    def heading_row(self) -> list:
        """The column headings, read across: in words, or the column's key letter (the hand's "#")."""
        keys = self.keys()

        def heading(column: Column, key: str | None) -> Paragraph:
            laid = self.words(column)
            bold = column.kind in ("total", "running") or laid is None
            lines, size = laid or ((key or "#",), self.m.font)
            style = pdf._style(self.m, size=size, leading=1.15, bold=bold, align=TA_CENTER)
            return Paragraph("<br/>".join(escape(line) for line in lines), style)

        cells = [heading(self.hand, None)]
        for _side in self.data.teams:
            cells += [heading(column, keys.get(i)) for i, column in enumerate(self.columns)]
        return cells

    def side_row(self) -> list:
        """The sides' names over their column groups: in full where they fit on two lines, else "Team 2"."""
        cells: list = [""]
        group = sum(c.width for c in self.columns)
        style = pdf._style(self.m, bold=True, align=TA_CENTER, color=colors.white)
        for t, name in enumerate(self.data.teams):
            cells += [Paragraph(escape(pdf.short_name(name, t, group - 2, self.m)), style)]
            cells += [""] * (len(self.columns) - 1)
        return cells

    def hand_row(self, number: int) -> list:
        filled = {r.number: r for r in self.data.rounds}.get(number)
        cells: list = [str(number)]
        for t in range(len(self.data.teams)):
            for column in self.columns:
                cells.append(self.cell(column, filled, number, t))
        return cells

    def cell(self, column: Column, filled: pdf.FilledRound | None, number: int, team: int) -> str:
        if column.kind == "meld":
            req = self.requirement(number, team)
            return "" if req is None else pdf._req(req)
        if filled is None:
            return "☐" if column.kind == "flag" else ""
        if column.kind == "total":
            return fmt(filled.totals[team])
        if column.kind == "running":
            return fmt(filled.running[team])
        cell = filled.cells[team].get(column.row.key, pdf.Cell())
        if column.kind == "flag":
            return "☑" if cell.count else "☐"
        if column.kind == "count":
            return "" if cell.count in (None, 0) else str(cell.count)
        return "" if cell.points is None else fmt(cell.points)

    def requirement(self, number: int, team: int) -> int | str | None:
        """A side's opening meld for a hand: as played, the next hand's of a game in progress, or
        the first hand's of a blank pad (every side starts at nought)."""
        req = pdf._requirement(self.data, number, team)
        if req is None and number == 1 and not self.data.rounds and self.rules.meld_schedule.basis == "score":
            req = self.rules.meld_schedule.requirement(1, 0)
        return req

    def table(self, numbers: list[int]) -> Table:
        m, sides, per = self.m, len(self.data.teams), len(self.columns)
        widths = [self.hand.width] + [c.width for c in self.columns] * sides
        data = [self.side_row(), self.heading_row()] + [self.hand_row(n) for n in numbers]
        style = [
            ("FONT", (0, 0), (-1, -1), "Sheet", m.font),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("VALIGN", (0, 1), (-1, 1), "BOTTOM"),
            ("ALIGN", (0, 1), (-1, 1), "CENTER"),
            ("ALIGN", (0, 2), (0, -1), "CENTER"),
            ("ALIGN", (1, 2), (-1, -1), "RIGHT"),
            ("GRID", (0, 1), (-1, -1), 0.4, pdf.GRID),
            ("BOX", (0, 0), (-1, -1), 1, colors.black),
            ("BACKGROUND", (1, 0), (-1, 0), pdf.FELT),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LEFTPADDING", (0, 0), (-1, -1), 1),
            ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ]
        for t in range(sides):
            first = 1 + t * per
            style += [
                ("SPAN", (first, 0), (first + per - 1, 0)),
                ("LINEBEFORE", (first, 0), (first, -1), 1.4, colors.black),
            ]
            for i, column in enumerate(self.columns, start=first):
                if column.kind in ("count", "flag", "meld"):
                    style.append(("BACKGROUND", (i, 2), (i, -1), pdf.SHADE))
                if column.kind in ("flag", "meld"):
                    style.append(("ALIGN", (i, 2), (i, -1), "CENTER"))
                if column.kind in ("total", "running"):
                    style += [
                        ("FONT", (i, 2), (i, -1), "Sheet-Bold", m.font),
                        ("LINEBEFORE", (i, 1), (i, -1), 1, colors.black),
                    ]
        heights = [None, None] + [m.row] * len(numbers)
        return Table(data, colWidths=widths, rowHeights=heights, style=TableStyle(style), repeatRows=2, hAlign="LEFT")

    def headings_height(self) -> float:
        return self.table([]).wrap(self.width, 10_000)[1]

    def notes(self) -> list:
        """What the headings leave out, under the pad: each key letter's words ("C Red threes laid
        × 100"), then the notes ("Red threes laid × 100: +400 for 4 or more")."""
        keys = self.keys()
        notes = [f"<b>{key}</b> {escape(self.columns[i].heading)}" for i, key in keys.items()]
        notes += [
            _("%(row)s: %(note)s") % {"row": f"<b>{escape(c.row.short)}</b>", "note": escape(c.row.note)}
            for c in self.columns
            if c.row and c.row.note
        ]
        return [Spacer(1, 2), Paragraph(" · ".join(notes), pdf._style(self.m))] if notes else []


def hands_to_print(wanted: int, first: int, later: int) -> int:
    """How many hand rows: the first page full (``first`` rows), and the ``wanted`` rows in
    whole pages of ``later`` (blank hands to the end of the last)."""
    if wanted <= first:
        return first
    return first + math.ceil((wanted - first) / later) * later


def pad_pages(
    rules: Rules,
    data: pdf.SheetData,
    options: pdf.Options,
    *,
    key: str,
    head: pdf.Head | None = None,
    before_rules: pdf.Head | None = None,
) -> pdf.SheetPages:
    """The pages of one canasta pad, as ``pdf.round_sheet_pages`` gives a sheet's: landscape always."""
    large = options.large_print
    m = pdf.Metrics.for_print(large)
    page = pdf.Page.for_options(options)
    width, height = page.width, page.height
    running = m.running * 2.8
    head_args = {"bands": options.rules_card != "same", "top": not large, "head": head}
    pad = Pad.lay_out(rules, data, m, width, large)

    def height_of(flow: list) -> float:
        return pdf._height(flow, width, height)

    extra = before_rules(width, m, not large or head is not None) if before_rules else []
    card = pdf.rules_card_heights(rules, width, m, height) if options.rules_card == "same" else ()
    top = (height - running if large else height) - height_of(pdf.header(rules, data, width, m, **head_args))
    headings = pad.headings_height()  # measured once: the first page's room and a later page's
    rows = top - headings - height_of(pad.notes()) - 8
    with_card = int((rows - sum(card, height_of(extra))) // m.row)  # the hands above the rules card
    alone = max(1, int(rows // m.row))  # and on a page of their own, the card after them
    later = max(1, int((height - running - headings - height_of(pad.notes()) - 8) // m.row))
    wanted = len(data.rounds) + (1 if data.next_requirements else 0)  # one blank hand at least, in play
    card_apart = with_card < max(MIN_HANDS, wanted)  # the card then starts the next page
    hands = hands_to_print(wanted, alone, later) if card_apart else with_card
    if data.finished:  # a finished game's pad ends at its last hand
        card_apart, hands = with_card < wanted, max(wanted, 1)
    elif large and not data.rounds and options.rules_card != "same":  # blank, large: a game's hands, on 2 pages
        hands = max(hands, MIN_HANDS)
    later_key = f"{key}-later"

    def one_copy() -> list:
        flow = [NextPageTemplate(later_key), *pdf.header(rules, data, width, m, **head_args)]
        flow += [pad.table(list(range(1, hands + 1))), *pad.notes(), Spacer(1, 6)]
        extra = before_rules(width, m, not large or head is not None) if before_rules else []
        if options.rules_card == "back":
            room = height - running - height_of(extra)
            flow += [PageBreak(), *extra, *pdf.rules_card_flow(rules, width, m, fill=room)]
        elif options.rules_card == "same":
            flow += [PageBreak()] if card_apart else []
            flow.append(KeepTogether([*extra, *pdf.rules_card_flow(rules, width, m)]))
        elif extra:
            flow.append(KeepTogether(extra))
        return flow

    story = pdf.copies_story(one_copy, options.copies, later_key if large else f"{key}-first")
    return pdf.sheet_templates(rules, data, page, m, key=key, height=height, later_first=large, story=story)
