"""Printable score sheets with reportlab: blank or filled in, with the rules card.

``round_sheet_pages(rules, data, options)`` lays out a Hand and Foot sheet from plain data
(``SheetData``); ``scoresheet.paper.sheets`` chooses it or the canasta pad and makes the PDF. The
layout is built from the rules, never written per variant: one row per book kind, then the
threes the variant has, cards laid and left, going out, each extra, other adjustments, the
round total and the running total. Rounds stand side by side (a column group each, a count
and a points column per team), as many as the paper's width allows; the rest continue below.
"""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

from django.utils.translation import get_language, gettext, gettext_lazy, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape, letter, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from scoresheet.display import fmt
from scoresheet.paper.sheet_rows import Row, sheet_rows
from scoresheet.rules.card import NOT_WRITTEN, Section, meld_rows, rules_card
from scoresheet.rules.schema import Rules

FONTS_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
PAPERS = {"letter": letter, "a4": A4}
MAX_COPIES = 50
RULES_PLACEMENTS = ("same", "back", "none")

FELT = colors.HexColor("#1f6f50")
FELT_LIGHT = colors.HexColor("#e5f1eb")
GRID = colors.HexColor("#8a8478")
SHADE = colors.HexColor("#f1eee6")
# The lightest grey for text: 7:1 on white (#595959), where the usual mid-grey is 3.9:1.
SOFT_INK = colors.HexColor("#595959")
RULES_CARD_MIN = 8.5  # the rules card's smallest type, in points
RULES_CARD_MAX = 16  # and the largest it grows to on a page of its own
CARD_LEADING = 1.1  # the rules card's line spacing, times its type size
SMALLEST_TYPE = 7  # nothing on a sheet is smaller, in points
SMALLEST_LARGE_TYPE = 12  # nor in large print, whose body text is 16 pt


def register_fonts() -> None:
    if "Sheet" in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont("Sheet", str(FONTS_DIR / "DejaVuSansCondensed.ttf")))
    pdfmetrics.registerFont(TTFont("Sheet-Bold", str(FONTS_DIR / "DejaVuSansCondensed-Bold.ttf")))
    pdfmetrics.registerFontFamily("Sheet", normal="Sheet", bold="Sheet-Bold", italic="Sheet", boldItalic="Sheet-Bold")


# --- plain data in ------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    paper: str = "letter"  # letter | a4
    large_print: bool = False
    copies: int = 1
    rules_card: str = "same"  # where the rules card prints: same page, on the back, or none


def file_name(stem: str, large_print: bool = False) -> str:
    """A PDF's download name: "game-4-score-sheet.pdf", and "game-4-score-sheet-large-print.pdf" for
    large print, so that the two prints of one thing keep apart in a downloads folder."""
    return f"{stem}-large-print.pdf" if large_print else f"{stem}.pdf"


@dataclass(frozen=True)
class Cell:
    """One team's entry on one row of a round: the count and the points it made."""

    count: int | str | None = None
    points: int | None = None


@dataclass(frozen=True)
class FilledRound:
    number: int
    requirements: list[int | str]  # per team
    cells: list[dict[str, Cell]]  # per team: row key → Cell
    totals: list[int]
    running: list[int]


@dataclass(frozen=True)
class SheetData:
    teams: list[str]  # names; "" prints a line to write on
    title: str = ""
    date: str = ""
    table: str = ""
    rounds: list[FilledRound] = field(default_factory=list)  # empty: a blank sheet
    status: str = ""  # "Winner: Us, 12,345" …
    next_requirements: list[int | str] = field(default_factory=list)  # a game in progress: the next round's


# --- layout ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Metrics:
    font: float
    row: float
    label: float
    count: float
    points: float
    title: float
    running: float  # the running header of later pages
    least: float  # the smallest type anything prints in: the footer, a name shrunk to fit

    @classmethod
    def for_print(cls, large: bool) -> Metrics:
        if large:
            return cls(
                font=16, row=10 * mm, label=230, count=32, points=68, title=24, running=12, least=SMALLEST_LARGE_TYPE
            )
        return cls(font=8.5, row=7 * mm, label=128, count=21, points=46, title=16, running=9, least=SMALLEST_TYPE)


def _style(
    m: Metrics, *, size: float | None = None, bold=False, align=0, color=colors.black, leading: float = 1.18
) -> ParagraphStyle:
    size = size or m.font
    return ParagraphStyle(
        "s",
        fontName="Sheet-Bold" if bold else "Sheet",
        fontSize=size,
        leading=size * leading,
        alignment=align,
        textColor=color,
    )


class WrappedOnce(Paragraph):
    """A paragraph broken into lines once for a width, however often it is asked: a table asks for
    each cell's size as it measures, then as it is placed, then as it draws, and a paragraph's
    lines depend on its width alone (the pack's heads, a block's names drawn over every round)."""

    def wrap(self, available_width, available_height):
        if getattr(self, "_wrapped_for", None) != available_width:
            self._wrapped = super().wrap(available_width, available_height)
            self._wrapped_for = available_width
        return self._wrapped


def fitted(text: str, width: float, m: Metrics, *, bold=True, align=TA_CENTER, lines=3) -> Paragraph:
    """A name that shrinks to fit its box (not under ``m.least``), then wraps between words: it
    never overflows (a word too long for the box at the least size breaks where it must)."""
    font = "Sheet-Bold" if bold else "Sheet"
    size = m.font
    width -= 4
    while size > m.least and pdfmetrics.stringWidth(text, font, size) > width * lines * 0.9:
        size = max(m.least, size - 0.5)
    while size > m.least and pdfmetrics.stringWidth(longest_word(text), font, size) > width:
        size = max(m.least, size - 0.5)
    return Paragraph(escape(text), _style(m, size=size, bold=bold, align=align))


def longest_word(text: str) -> str:
    return max(text.split() or [""], key=len)


@functools.lru_cache(maxsize=1024)
def fits(text: str, width: float, m: Metrics, *, lines: int, bold=True) -> bool:
    """Whether ``text`` at the body size fits ``width`` on ``lines`` lines, breaking between words
    (worked out once for a text: a sheet's layout asks for each name several times)."""
    font = "Sheet-Bold" if bold else "Sheet"
    if pdfmetrics.stringWidth(longest_word(text), font, m.font) > width - 4:
        return False
    para = Paragraph(escape(text), _style(m, bold=bold))
    return para.wrap(width - 4, 10_000)[1] <= para.style.leading * lines + 0.1


def short_name(name: str, team: int, width: float, m: Metrics, *, lines: int = 2) -> str:
    """A side's name in a narrow heading: in full where it fits, else "Team 2" (the full names
    head the sheet once)."""
    return name if name and fits(name, width, m, lines=lines) else team_word(team)


def team_word(team: int) -> str:
    """ "Team 2" for the side at ``team`` (from 0)."""
    return gettext("Team %(n)s") % {"n": team + 1}


def _num(n: int | None) -> str:
    return "" if n is None else fmt(n)


def _rounds_per_block(width: float, teams: int, m: Metrics) -> int:
    return max(1, int((width - m.label) // (teams * (m.count + m.points))))


def even_share(rounds: int, most: int) -> int:
    """The rounds a block holds: at most ``most``, shared evenly among as few blocks as that
    takes (4 rounds at most 3 a block: 2 and 2, not 3 with round 4 alone on the next page)."""
    if rounds <= most:
        return most
    return math.ceil(rounds / math.ceil(rounds / most))


def _height(flowables: list, width: float, height: float) -> float:
    return sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables)


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
    """Which rounds to print: the game's rounds, or for a target-score game as many as fit a page."""
    end = rules.game_end
    played = [r.number for r in data.rounds]
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
    Large print runs over pages whichever way up: it stays landscape."""
    if options.large_print:
        return Page.for_options(options)
    pages = [Page.for_options(options), Page.for_options(options, upright=True)]
    for page in pages:
        used, block = _first_page(rules, data, page.width, page.height, m, options, head, before_rules, heights)
        if used + block <= page.height:
            return page
    return pages[0]


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
        cell.append(paragraph(escape(words[1]), _style(m, size=m.font * 0.85, align=TA_CENTER)))
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
    table = [head1, head2, head3]

    heights = [None, None, m.font * 1.2]  # the heading rows: as high as their text (a long one wraps)
    for row in rows:
        label = Paragraph(escape(row.label), _style(m, bold=row.kind in ("total", "running")))
        # A write-in row is m.row high (7 mm, 10 mm in large print), more if its label wraps.
        heights.append(max(m.row, label.wrap(label_w - 6, 1000)[1] + 4))
        line = [label]
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
        table.append(line)

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
            for c in range(1, len(col_widths), 2):
                style.append(("SPAN", (c, i), (c + 1, i)))
        if row.kind == "flag":
            style += [("ALIGN", (c, i), (c, i), "CENTER") for c in range(1, len(col_widths), 2)]
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
    return Table(
        table,
        colWidths=col_widths,
        rowHeights=row_heights or heights,
        style=TableStyle(style),
        repeatRows=3,
        hAlign="LEFT",
    )


def says_score_sheet(rules: Rules) -> bool:
    """Whether the variant's name already says "score sheet" ("Hand and Foot, GOCC score sheet")."""
    return "score sheet" in rules.name.lower()


def sheet_title(rules: Rules) -> str:
    """ "Canasta (classic) · score sheet", and a name that says "score sheet" as it is."""
    return rules.name if says_score_sheet(rules) else gettext("%(name)s · score sheet") % {"name": rules.name}


def title_line(rules: Rules, data: SheetData, width: float, m: Metrics) -> Table:
    """The variant's name as the sheet's title, and the date and table to fill in on the right."""
    size = m.title
    while size > m.font and pdfmetrics.stringWidth(sheet_title(rules), "Sheet-Bold", size) > width * 0.64:
        size -= 0.5
    words = escape(gettext("score sheet"))
    tail = "" if says_score_sheet(rules) else f" <font size={size * 0.7:.1f}>· {words}</font>"
    title = Paragraph(f"{escape(rules.name)}{tail}", _style(m, size=size, bold=True, color=FELT))
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
    Ann & Bob", or "Team 1" alone for a name too long for it (it is in full on the first page)."""
    each = width / len(data.teams)
    texts = []
    for t, name in enumerate(data.teams):
        text = gettext("Team %(n)s: %(name)s") % {"n": t + 1, "name": name or "_" * 18}
        texts.append(text if pdfmetrics.stringWidth(text, "Sheet", m.running) <= each - 12 else team_word(t))
    return texts


def names_line(data: SheetData, width: float, m: Metrics) -> Table:
    """ "Team 1 <name>  Team 2 <name>": the names as given, or lines to write them on."""
    names = []
    tag = 44 * m.font / 8.5
    each = width / len(data.teams)
    for t, name in enumerate(data.teams):
        names.append(
            [
                Paragraph(escape(team_word(t)), _style(m, size=m.font * 0.85, color=SOFT_INK)),
                fitted(name, each - tag - 6, m, bold=True, align=0) if name else "",
            ]
        )
    return Table(
        [sum(names, [])],
        colWidths=[tag, each - tag] * len(data.teams),
        style=TableStyle(
            [("LINEBELOW", (1, 0), (1, 0), 0.6, colors.black)]
            + [("LINEBELOW", (2 * t + 1, 0), (2 * t + 1, 0), 0.6, colors.black) for t in range(len(data.teams))]
            + [("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 2)]
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


def balanced_columns(tables: list[Table], columns: int, width: float) -> tuple[list[list[Table]], float]:
    """The sections shared out among ``columns`` columns of about equal height, and the tallest
    column's height (the card is as tall as that). Tallest section first into the shortest
    column, then evened out (``_even_out``); each column keeps the card's order."""
    heights = [t.wrap(width, 10_000)[1] for t in tables]
    chosen: list[list[int]] = [[] for _ in range(columns)]
    for i in sorted(range(len(tables)), key=lambda i: -heights[i]):
        min(chosen, key=lambda column: sum(heights[j] for j in column)).append(i)
    _even_out(chosen, heights)
    runs = [[tables[i] for i in sorted(column)] for column in chosen if column]
    runs.sort(key=lambda run: tables.index(run[0]))
    return runs + [[]] * (columns - len(runs)), max(sum(heights[i] for i in column) for column in chosen)


def _even_out(chosen: list[list[int]], heights: list[float]) -> None:
    """Move a section out of the tallest column, or swap it for a shorter one, while that leaves
    both columns shorter than the tallest was (by a hundredth of a point at least: sums of
    floats in another order must not count as shorter). Each step lowers the tallest column or
    the number of columns that tall, so it ends."""

    def load(column: list[int]) -> float:
        return sum(heights[i] for i in column)

    while True:
        top = max(chosen, key=load)
        tallest = load(top)
        step = next(
            (
                (i, other, j)
                for i in top
                for other in chosen
                if other is not top
                for j in [None, *other]
                if (j is None or heights[j] < heights[i])
                and load(other) + heights[i] - (0 if j is None else heights[j]) < tallest - 0.01
            ),
            None,
        )
        if step is None:
            return
        i, other, j = step
        top.remove(i)
        other.append(i)
        if j is not None:
            other.remove(j)
            top.append(j)


def rules_card_flow(rules: Rules, width: float, m: Metrics, fill: float | None = None) -> list:
    """The rules card in balanced columns of small tables, in black at 8.5 pt or more; a value
    not in the written rules is marked *. On a page of its own (the back of the sheet), ``fill``
    is the page's height: the type grows, a point at a time, while the card still fits it."""
    sections, heading = _card_words(rules), card_heading(rules)
    size = max(RULES_CARD_MIN, m.font * 0.82)
    if fill is not None:
        size = _card_size(sections, heading, width, m, size, fill)
    return _rules_card_at(sections, heading, width, m, size)


def rules_card_heights(rules: Rules, width: float, m: Metrics, height: float) -> tuple[float, ...]:
    """The height of each flowable of ``rules_card_flow(rules, width, m)`` as ``_height`` counts it
    (``sum(heights, start)`` adds them to what goes before in the same order ``_height`` would)."""
    size = max(RULES_CARD_MIN, m.font * 0.82)
    return _card_heights(_card_words(rules), card_heading(rules), width, m, size, height)


def _card_words(rules: Rules) -> tuple[Section, ...]:
    """``rules_card(rules)``, worked out once for the rules object and the language, kept on it (as
    its entry fields are, ``fields._kept_fields``): plain frozen data, so it can key the caches below."""
    kept = rules.__dict__.setdefault("_rules_card_sections", {})
    language = get_language()
    if language not in kept:
        kept[language] = tuple(rules_card(rules))
    return kept[language]


# The rules card is a pure function of its words (the sections and the heading, in the page's
# language), the width, the metrics and the type size: what measuring it finds (which columns, how
# tall, how large on a page of its own) is kept here for those, plain numbers and indexes. The
# flowables themselves are built afresh for each copy, as reportlab's wrap and split change them.


@functools.lru_cache(maxsize=256)
def _card_heights(
    sections: tuple[Section, ...], heading: str, width: float, m: Metrics, size: float, height: float
) -> tuple[float, ...]:
    flow = _rules_card_at(sections, heading, width, m, size)
    return tuple(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flow)


@functools.lru_cache(maxsize=256)
def _card_size(
    sections: tuple[Section, ...], heading: str, width: float, m: Metrics, size: float, fill: float
) -> float:
    """The largest type, from ``size`` up a point at a time to ``RULES_CARD_MAX``, at which the card fits ``fill``."""
    while size + 1 <= RULES_CARD_MAX:
        if sum(_card_heights(sections, heading, width, m, size + 1, fill)) > fill:
            break
        size += 1
    return size


def _value_width(values: list[str], width: float, size: float) -> float:
    """The width of a rules card section's values: the widest on one line, between 30% and 55%
    of ``width``, so that the labels beside short numbers do not wrap for nothing."""
    widest = max((pdfmetrics.stringWidth(value, "Sheet-Bold", size) for value in values), default=0) + 3
    return min(max(widest, width * 0.3), width * 0.55)


def _card_section(section: Section, col_w: float, m: Metrics, size: float) -> Table:
    """One section of the rules card as a small table ``col_w`` wide, its type at ``size`` points."""

    def style(**kwargs) -> ParagraphStyle:  # the card's lines sit a little closer than the sheet's
        return _style(m, size=size, leading=CARD_LEADING, **kwargs)

    data = [[Paragraph(escape(section.title), style(bold=True, color=FELT)), ""]]
    spans = [("SPAN", (0, 0), (1, 0))]
    values = [row.value + (" *" if NOT_WRITTEN in row.note else "") for row in section.rows if row.label]
    value_w = _value_width(values, col_w - 8, size)
    for row in section.rows:
        if not row.label:  # a remark on the whole section
            spans.append(("SPAN", (0, len(data)), (1, len(data))))
            data.append([Paragraph(escape(row.value), style()), ""])
            continue
        value = row.value + (" *" if NOT_WRITTEN in row.note else "")
        if pdfmetrics.stringWidth(value, "Sheet-Bold", size) > 2 * (value_w - 2):
            # A long value ("1 sevens book, 1 fives book, …") goes under its label, full width.
            spans += [("SPAN", (0, len(data)), (1, len(data))), ("SPAN", (0, len(data) + 1), (1, len(data) + 1))]
            data += [[Paragraph(escape(row.label), style()), ""], [Paragraph(escape(value), style(bold=True)), ""]]
            continue
        data.append([Paragraph(escape(row.label), style()), Paragraph(escape(value), style(bold=True, align=TA_RIGHT))])
    return Table(
        data,
        colWidths=[col_w - 8 - value_w, value_w],
        style=TableStyle(
            [
                *spans,
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, FELT),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.25),
                ("LEFTPADDING", (0, 0), (-1, -1), 1),
                ("RIGHTPADDING", (0, 0), (-1, -1), 1),
            ]
        ),
    )


@functools.lru_cache(maxsize=256)
def _card_columns(
    sections: tuple[Section, ...], width: float, m: Metrics, size: float
) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """How many columns the card takes and which sections go in each (their indexes). Large print
    keeps wide columns; normal print takes four, five or six, whichever is shortest: found by
    laying the card out each way, once for its words, width and type."""

    def layout(columns: int) -> tuple[tuple[tuple[int, ...], ...], float]:  # the sections in each column, its height
        tables = [_card_section(s, width / columns, m, size) for s in sections]
        runs, tallest = balanced_columns(tables, columns, width / columns)
        return tuple(tuple(tables.index(table) for table in run) for run in runs), tallest

    options = (2, 3) if m.font > 10 else (4, 5, 6)
    laid = {columns: layout(columns) for columns in options}
    best = min(options, key=lambda columns: laid[columns][1])
    return best, laid[best][0]


def _rules_card_at(sections: tuple[Section, ...], heading: str, width: float, m: Metrics, size: float) -> list:
    """The rules card (its ``sections`` under ``heading``) with its type at ``size`` points
    (headings a fifth larger): new flowables each call, laid out as ``_card_columns`` found."""
    marked = any(NOT_WRITTEN in row.note for section in sections for row in section.rows)
    columns, chosen = _card_columns(sections, width, m, size)
    runs = [[_card_section(sections[i], width / columns, m, size) for i in run] for run in chosen]
    flow = [
        Spacer(1, 2),
        Paragraph(escape(heading), _style(m, size=size * 1.2, bold=True, leading=CARD_LEADING)),
        Table(
            [runs],
            colWidths=[width / len(runs)] * len(runs),
            style=TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 2),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ]
            ),
        ),
    ]
    if marked:
        flow.append(Paragraph(f"* {escape(NOT_WRITTEN)}", _style(m, size=size)))
    return flow


def card_heading(rules: Rules) -> str:
    """The rules card's heading: "Rules: Hand and Foot"."""
    return gettext("Rules: %(name)s") % {"name": rules.name}


def shrunk(text: str, width: float, font: str, size: float, least: float) -> float:
    """The size, from ``size`` down to ``least``, at which ``text`` fits ``width`` on one line."""
    while size > least and pdfmetrics.stringWidth(text, font, size) > width:
        size = max(least, size - 0.5)
    return size


def clipped(text: str, width: float, font: str, size: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` on one line."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


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


@dataclass(frozen=True)
class Page:
    """The paper (landscape, or upright: ``sheet_page``) and where a sheet's frame sits on it."""

    size: tuple[float, float]
    margin: float = 22  # about 8 mm: inside what home printers print

    @classmethod
    def for_options(cls, options: Options, *, upright: bool = False) -> Page:
        paper = PAPERS[options.paper]
        return cls(size=portrait(paper) if upright else landscape(paper))

    @property
    def bottom(self) -> float:
        return self.margin + 6  # the footer line sits in it

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
    if (
        options.large_print
        and head is not None
        and len(first_parts) > len(first_parts_under({**head_args, "head": None}))
    ):
        # Large print names the sheet in its running header: a head that would push part of
        # the first round block over the page is left out.
        head_args["head"] = None
        first_parts = first_parts_under(head_args)
    later_parts = row_parts(rules, data, numbers[per_block : 2 * per_block] or [1], width, m, room=room, page=room)
    later = f"{key}-later"

    def one_copy() -> list:  # flowables are not reusable: build each copy afresh
        flow = [NextPageTemplate(later), *measured_header(rules, data, width, height, m, head_args, heights)]
        for i in range(0, len(numbers), per_block):
            # Each block, or part of one, moves whole to the next page rather than split.
            for rows in first_parts if i == 0 else later_parts:
                flow.append(
                    KeepTogether([block(rules, data, numbers[i : i + per_block], width, m, rows), Spacer(1, 6)])
                )
        if not numbers:
            flow.append(Paragraph(escape(gettext("No rounds yet.")), _style(m)))
        extra = before_rules(width, m, head_args["top"]) if before_rules else []
        if options.rules_card == "back":
            room = height - running - _height(extra, width, height)  # a later page, under its running header
            flow += [PageBreak(), *extra, *rules_card_flow(rules, width, m, fill=room)]
        elif options.rules_card == "same":
            flow.append(KeepTogether([*extra, *rules_card_flow(rules, width, m)]))
        elif extra:
            flow.append(KeepTogether(extra))
        return flow

    story = copies_story(one_copy, options.copies, later if options.large_print else f"{key}-first")
    return sheet_templates(rules, data, page, m, key=key, height=height, later_first=options.large_print, story=story)


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
        canvas.drawString(page.margin, page.bottom - m.least * 2, f"Bookkeeper · {rules.name}")
        canvas.drawRightString(
            page.size[0] - page.margin, page.bottom - m.least * 2, gettext("Page %(n)s") % {"n": doc.page}
        )
        canvas.restoreState()

    def running_header(canvas, doc):
        footer(canvas, doc)
        top = page.size[1] - page.margin - m.running
        left, right = page.margin + 6, page.size[0] - page.margin - 6
        date = date_and_table(data)
        canvas.saveState()
        canvas.setFont("Sheet", m.running)
        canvas.drawRightString(right, top, date)
        room = right - left - pdfmetrics.stringWidth(date, "Sheet", m.running) - 12
        titles = [sheet_title(rules) + (f" — {data.title}" if data.title else ""), sheet_title(rules), rules.name]
        title = next((t for t in titles if pdfmetrics.stringWidth(t, "Sheet-Bold", m.running) <= room), rules.name)
        canvas.setFont("Sheet-Bold", shrunk(title, room, "Sheet-Bold", m.running, m.least))
        canvas.setFillColor(FELT)
        canvas.drawString(left, top, title)
        canvas.setFillColor(colors.black)
        each = (right - left) / len(data.teams)
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
