"""Printable score sheets with reportlab: blank or filled in, with the rules card.

``round_sheet_pages(rules, data, options)`` lays out a Hand and Foot sheet from plain data
(``SheetData``); ``scoresheet.paper.sheets`` chooses it or the canasta pad and makes the PDF. The
layout is built from the rules, never written per variant: one row per book kind, then the
threes the variant has, cards laid and left, going out, each extra, other adjustments, the
round total and the running total. Rounds stand side by side (a column group each, a count
and a points column per team), as many as the paper's width allows; the rest continue below.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils.translation import gettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape, portrait
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
)

from scoresheet.paper.layout import (
    FELT,
    GRID,
    MAX_COPIES,
    PAPERS,
    RULES_CARD_MAX,
    RULES_PLACEMENTS,
    SHADE,
    SMALLEST_LARGE_TYPE,
    SMALLEST_TYPE,
    SOFT_INK,
    Cell,
    FilledRound,
    Metrics,
    Options,
    SheetData,
    WrappedOnce,
    _height,
    _rounds_per_block,
    _style,
    clipped,
    even_share,
    file_name,
    register_fonts,
    short_name,
    shrunk,
    team_word,
)
from scoresheet.paper.round_block import (
    _req,
    _requirement,
    block_height,
    block_widths,
    round_block,
    team_heading,
    team_heading_words,
)
from scoresheet.paper.rules_card_pdf import (
    balanced_columns,
    rules_card_flow,
    rules_card_heights,
    rules_card_runs,
)
from scoresheet.paper.sheet_header import (
    BlockMaker,
    Head,
    date_and_table,
    header,
    names_room,
    running_names,
    sheet_title,
)
from scoresheet.paper.sheet_rows import Row, sheet_rows
from scoresheet.rules.preset_rules import name_shown
from scoresheet.rules.schema import Rules


def _first_page(
    rules: Rules,
    data: SheetData,
    width: float,
    height: float,
    m: Metrics,
    options: Options,
    head: Head | None,
    before_rules: Head | None,
    heights: dict | None = None,
) -> tuple[float, float]:
    """What a blank first page holds: the height of its header (with the rules card and what goes
    before it, when they print on the same page), and the height of one block of rounds."""
    per_block = _rounds_per_block(width, len(data.teams), m)
    head_args = {"bands": options.rules_card != "same", "top": not options.large_print, "head": head}
    used = header_height(rules, data, width, height, m, head_args, heights)
    if options.rules_card == "same":
        used += sum(rules_card_heights(rules, width, m, height))
    if before_rules is not None:
        used += _height(before_rules(width, m, not options.large_print), width, height)
    block = block_height(rules, data, list(range(1, per_block + 1)), width, m, sheet_rows(rules), height) + 6
    return used, block  # and the spacer under the block


def header_height(
    rules: Rules, data: SheetData, width: float, height: float, m: Metrics, head_args: dict, heights: dict | None
) -> float:
    """The height of ``header(rules, data, width, m, **head_args)``; ``heights`` keeps it for one sheet,
    whose layout asks more than once (which way up, then how the first round block fits under it)."""
    key = (width, height, head_args["bands"], head_args["top"], head_args["head"])
    if heights is None or key not in heights:
        flow = header(rules, data, width, m, **head_args)
        measured = _height(flow, width, height)
        if heights is None:
            return measured
        heights[key] = measured
        heights["unused", key] = flow  # measured, not yet drawn: the sheet's story may take them
    return heights[key]


def measured_header(
    rules: Rules, data: SheetData, width: float, height: float, m: Metrics, head_args: dict, heights: dict
) -> list:
    """``header(rules, data, width, m, **head_args)`` for a sheet's story: the flowables measured for
    it (``header_height``) if no story has taken them yet, so a head is built once, else afresh."""
    key = (width, height, head_args["bands"], head_args["top"], head_args["head"])
    return heights.pop(("unused", key), None) or header(rules, data, width, m, **head_args)


def round_numbers(
    rules: Rules,
    data: SheetData,
    width: float,
    height: float,
    m: Metrics,
    options: Options,
    head: Head | None = None,
    before_rules: Head | None = None,
    heights: dict | None = None,
) -> list[int]:
    """Which rounds to print: the game's rounds, or for a target-score game as many as fit a page;
    a finished game's, those played."""
    end = rules.game_end
    played = [r.number for r in data.rounds]
    if data.finished:
        return played
    if end.rounds is not None:  # the rounds still to play stay blank, to go on by hand
        return sorted(set(played) | set(range(1, end.max_rounds + 1)))
    if played:
        return played
    used, block = _first_page(rules, data, width, height, m, options, head, before_rules, heights)
    blocks = max(1, int((height - used) // block))
    return list(range(1, _rounds_per_block(width, len(data.teams), m) * blocks + 1))


def sheet_page(
    rules: Rules,
    data: SheetData,
    options: Options,
    m: Metrics,
    head: Head | None,
    before_rules: Head | None,
    heights: dict | None = None,
) -> Page:
    """Landscape, for the most rounds side by side; upright for a variant whose rows and rules
    card do not fit a landscape page but do fit an upright one (Modern American Canasta's).
    Large print is upright: two rounds across a page, a block of 15 rows of 10 mm tall enough
    for a page of its own, and room under a block of fewer for part of the rules card."""
    if options.large_print:
        return Page.for_options(options, upright=True)
    pages = [Page.for_options(options), Page.for_options(options, upright=True)]
    for page in pages:
        used, block = _first_page(rules, data, page.width, page.height, m, options, head, before_rules, heights)
        if used + block <= page.height:
            return page
    return pages[0]


MIN_PART_ROWS = 3  # a block that must go on over a page carries at least this many rows along


def row_parts(
    rules: Rules, data: SheetData, numbers: list[int], width: float, m: Metrics, *, room: float, page: float
) -> list[list[Row]]:
    """The rows of a round block cut into parts that each fit where they go: the first in
    ``room`` (what is left under the header), the others on a page of their own (``page``).
    Usually one part. Each part prints with its headings, and none is a lone total row."""
    rows = sheet_rows(rules)
    parts: list[list[Row]] = []
    space = room - 8  # the spacer under each block, and a little slack for rounding
    while rows:
        count = len(rows)
        while count > 1 and block_height(rules, data, numbers, width, m, rows[:count], 10_000) > space:
            count -= 1
        if count < len(rows):
            count = max(1, min(count, len(rows) - MIN_PART_ROWS))
        parts.append(rows[:count])
        rows, space = rows[count:], page - 8
    return parts


def check_options(options: Options) -> None:
    """Raise ValueError for print options out of range (the forms name them to the user first)."""
    if options.paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}")
    if not 1 <= options.copies <= MAX_COPIES:
        raise ValueError(f"copies must be 1 to {MAX_COPIES}")
    if options.rules_card not in RULES_PLACEMENTS:
        raise ValueError(f"rules_card must be one of {', '.join(RULES_PLACEMENTS)}")


EDGE = 8 * mm  # large print: nothing nearer the paper's edge (most printers leave 4–6 mm blank)


@dataclass(frozen=True)
class Page:
    """The paper (landscape, or upright: ``sheet_page``) and where a sheet's frame sits on it."""

    size: tuple[float, float]
    margin: float = 22  # about 8 mm: inside what home printers print
    foot: float = 0  # large print: the footer's type size, its line 8 mm inside the edge below the frame

    @classmethod
    def for_options(cls, options: Options, *, upright: bool = False) -> Page:
        paper = PAPERS[options.paper]
        foot = Metrics.for_print(True).least if options.large_print else 0
        return cls(size=portrait(paper) if upright else landscape(paper), foot=foot)

    @property
    def bottom(self) -> float:
        if self.foot:  # the footer's descenders 8 mm from the edge, its capitals below the frame
            return EDGE + self.foot * 1.3 + 1
        return self.margin + 6  # the footer line sits in it

    @property
    def footer_line(self) -> float:
        """Where the footer's baseline sits: its lowest strokes 8 mm inside the edge in large print."""
        if self.foot:
            return EDGE + self.foot * 0.25
        return self.bottom - Metrics.for_print(False).least * 2

    @property
    def width(self) -> float:  # the frame keeps 6pt of padding on each side inside the margins
        return self.size[0] - 2 * self.margin - 12

    @property
    def height(self) -> float:
        return self.size[1] - self.margin - self.bottom - 12

    def frame(self, height: float) -> Frame:
        return Frame(self.margin, self.bottom, self.size[0] - 2 * self.margin, height + 12)

    def document(self, buffer: io.BytesIO, title: str) -> BaseDocTemplate:
        return BaseDocTemplate(
            buffer, pagesize=self.size, title=title, author="Bookkeeper",
            leftMargin=self.margin, rightMargin=self.margin, topMargin=self.margin, bottomMargin=self.bottom,
        )  # fmt: skip


@dataclass
class SheetPages:
    """One sheet's pages, ready to go into a document with others: its page templates (a
    first page and later pages, named after ``key``), which of them opens the sheet, and its
    story (``options.copies`` copies, each starting a new page)."""

    templates: list[PageTemplate]
    first: str
    story: list


def round_sheet_pages(
    rules: Rules,
    data: SheetData,
    options: Options,
    *,
    key: str = "sheet",
    head: Head | None = None,
    before_rules: Head | None = None,
    block: BlockMaker | None = None,
) -> SheetPages:
    """The pages of one score sheet in round blocks (``sheets.sheet_pages`` chooses them or the
    canasta pad); ``head`` heads its first page in place of the title line and the names,
    ``before_rules`` goes just before the rules card (at the end if there is none), on its page.
    ``block`` makes its round blocks (``round_block``, or a document's stamped ones)."""
    block = block or round_block
    check_options(options)
    register_fonts()
    m = Metrics.for_print(options.large_print)
    heights: dict = {}  # the header's, measured once for each way it is laid out
    page = sheet_page(rules, data, options, m, head, before_rules, heights)
    running = m.running * 2.8  # the running header of later pages: two lines
    width, height = page.width, page.height

    numbers = round_numbers(rules, data, width, height, m, options, head, before_rules, heights)
    per_block = even_share(len(numbers), _rounds_per_block(width, len(data.teams), m))
    # Large print: the running header on every page leaves room for whole rounds. The meld
    # bands head the sheet unless the rules card below shows them.
    head_args = {"bands": options.rules_card != "same", "top": not options.large_print, "head": head}
    room = height - running

    def first_parts_under(head_args: dict) -> list[list[Row]]:
        used = header_height(rules, data, width, height, m, head_args, heights)
        first_room = (room if options.large_print else height) - used
        return row_parts(rules, data, numbers[:per_block], width, m, room=first_room, page=room)

    first_parts = first_parts_under(head_args)
    if options.large_print and head is not None:
        # Large print names the sheet in its running header: a head that would push part of
        # the first round block over the page gives way to its smaller form (``head.smaller``,
        # where it has one), else is left out.
        fewest = len(first_parts_under({**head_args, "head": None}))
        for candidate in (head, getattr(head, "smaller", None), None):
            head_args["head"] = candidate
            first_parts = first_parts_under(head_args)
            if len(first_parts) <= fewest:
                break
    later_parts = row_parts(rules, data, numbers[per_block : 2 * per_block] or [1], width, m, room=room, page=room)
    later = f"{key}-later"
    blocks = [numbers[i : i + per_block] for i in range(0, len(numbers), per_block)]
    card_rooms = None  # large print: the rules card cut into a run under each round block, where they leave room
    if options.large_print and options.rules_card == "same" and before_rules is None:
        used = header_height(rules, data, width, height, m, head_args, heights)
        card_rooms = card_rooms_under(rules, data, blocks, (first_parts, later_parts), width, m, room, used)
    # The head tells what goes before the rules card whether it printed (large print may leave it out).
    shown = head_args["top"] or head_args["head"] is not None

    def one_copy() -> list:  # flowables are not reusable: build each copy afresh
        flow = [NextPageTemplate(later), *measured_header(rules, data, width, height, m, head_args, heights)]
        card_runs = rules_card_runs(rules, width, m, card_rooms) if card_rooms else None
        for b, numbers_of in enumerate(blocks):
            # Each block, or part of one, moves whole to the next page rather than split.
            for rows in first_parts if b == 0 else later_parts:
                flow.append(KeepTogether([block(rules, data, numbers_of, width, m, rows), Spacer(1, 6)]))
            if card_runs and card_runs[b]:
                flow.append(KeepTogether(card_runs[b]))
        if not numbers:
            flow.append(Paragraph(escape(gettext("No rounds yet.")), _style(m)))
        extra = before_rules(width, m, shown) if before_rules else []
        if options.rules_card == "back":
            room = height - running - _height(extra, width, height)  # a later page, under its running header
            flow += [PageBreak(), *extra, *rules_card_flow(rules, width, m, fill=room)]
        elif options.rules_card == "same" and not card_runs:  # else laid under the blocks
            flow.append(KeepTogether([*extra, *rules_card_flow(rules, width, m)]))
        elif extra:
            flow.append(KeepTogether(extra))
        return flow

    story = copies_story(one_copy, options.copies, later if options.large_print else f"{key}-first")
    return sheet_templates(rules, data, page, m, key=key, height=height, later_first=options.large_print, story=story)


def card_rooms_under(
    rules: Rules,
    data: SheetData,
    blocks: list[list[int]],
    parts: tuple,
    width: float,
    m: Metrics,
    room: float,
    used: float,
) -> tuple[float, ...] | None:
    """The room under each round block (``blocks``, the rounds of each) when each has a page of its
    own (``room`` high, the first under ``used`` of header) and the rules card can be cut to fit it
    (``rules_card_runs``): large print's. None when a block runs over a page (``parts``: the first
    block's rows and a later one's, cut to fit), two blocks share one, or the card does not fit."""
    first_parts, later_parts = parts
    if not blocks or len(first_parts) > 1 or len(later_parts) > 1:
        return None
    tall = [
        block_height(rules, data, numbers, width, m, (first_parts if b == 0 else later_parts)[0], 10_000) + 6
        for b, numbers in enumerate(blocks)
    ]
    if len(tall) > 1 and max(tall[0] + tall[1] + used, max(tall[1:]) * 2) <= room:
        return None
    rooms = tuple(room - (used if b == 0 else 0) - h - 8 for b, h in enumerate(tall))
    return rooms if rules_card_runs(rules, width, m, rooms) else None


def copies_story(one_copy: Callable[[], list], copies: int, opening: str) -> list:
    """``copies`` copies of a sheet (``one_copy`` builds one afresh), each starting a new page on ``opening``."""
    story: list = []
    for copy in range(copies):
        if copy:
            story += [NextPageTemplate(opening), PageBreak()]
        story += one_copy()
    return story


def sheet_templates(
    rules: Rules, data: SheetData, page: Page, m: Metrics, *, key: str, height: float, later_first: bool, story: list
) -> SheetPages:
    """A sheet's two page templates, named after ``key``: the first page (the frame ``height``
    high, a footer under it) and later pages (a running header over the frame: the game, the
    date and table line and the team names). ``later_first``: every page, the first too, is a
    later page (large print). ``story`` must switch to the later pages itself."""
    running = m.running * 2.8  # the running header of later pages: two lines
    first, later = f"{key}-first", f"{key}-later"
    opening = later if later_first else first

    def footer(canvas, doc):
        canvas.saveState()
        canvas.setFont("Sheet", m.least)
        canvas.setFillColor(SOFT_INK)
        inset = page.margin + 6  # in line with the frame's contents, over 8 mm inside the edge
        canvas.drawString(inset, page.footer_line, f"Bookkeeper · {name_shown(rules.name)}")
        canvas.drawRightString(page.size[0] - inset, page.footer_line, gettext("Page %(n)s") % {"n": doc.page})
        canvas.restoreState()

    def running_header(canvas, doc):
        footer(canvas, doc)
        top = page.size[1] - page.margin - m.running
        left, right = page.margin + 6, page.size[0] - page.margin - 6
        date = date_and_table(data)
        canvas.saveState()
        canvas.setFont("Sheet", m.running)
        # Large print (upright): the title has the first line, the date and table end the second.
        canvas.drawRightString(right, top - (m.running * 1.4 if later_first else 0), date)
        room = right - left - (0 if later_first else pdfmetrics.stringWidth(date, "Sheet", m.running) + 12)
        titles = [
            sheet_title(rules) + (f" — {data.title}" if data.title else ""),
            sheet_title(rules),
            name_shown(rules.name),
        ]
        least = m.least if later_first else m.running  # large print shrinks a title before shortening it
        title = next(
            (t for t in titles if pdfmetrics.stringWidth(t, "Sheet-Bold", least) <= room), name_shown(rules.name)
        )
        canvas.setFont("Sheet-Bold", shrunk(title, room, "Sheet-Bold", m.running, m.least))
        canvas.setFillColor(FELT)
        canvas.drawString(left, top, title)
        canvas.setFillColor(colors.black)
        each = names_room(data, right - left, m) / len(data.teams)
        canvas.setFont("Sheet", m.running)
        for t, text in enumerate(running_names(data, right - left, m)):
            canvas.drawString(left + t * each, top - m.running * 1.4, text)
        canvas.restoreState()

    templates = {
        first: PageTemplate(first, [page.frame(height)], onPage=footer, pagesize=page.size),
        later: PageTemplate(later, [page.frame(height - running)], onPage=running_header, pagesize=page.size),
    }
    ordered = [templates[opening], *(t for name, t in templates.items() if name != opening)]
    return SheetPages(templates=ordered, first=opening, story=story)


def build(sheets: list[SheetPages], options: Options, *, title: str) -> bytes:
    """One PDF of several sheets, each starting a new page: no page holds two sheets."""
    story: list = []
    for i, sheet in enumerate(sheets):
        if i:
            story += [NextPageTemplate(sheet.first), PageBreak()]
        story += sheet.story
    buffer = io.BytesIO()
    doc = Page.for_options(options).document(buffer, title)
    doc.addPageTemplates([template for sheet in sheets for template in sheet.templates])
    doc.build(story)
    return buffer.getvalue()


# What the printouts (the league's, the canasta pad) and the tests read as pdf.X, made in the
# modules beside this one.
__all__ = [
    "Cell",
    "FilledRound",
    "GRID",
    "RULES_CARD_MAX",
    "SHADE",
    "SMALLEST_LARGE_TYPE",
    "SMALLEST_TYPE",
    "WrappedOnce",
    "_req",
    "_requirement",
    "balanced_columns",
    "block_widths",
    "clipped",
    "file_name",
    "short_name",
    "team_heading",
    "team_heading_words",
    "team_word",
]
