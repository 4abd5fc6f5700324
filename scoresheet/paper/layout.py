"""What every printed sheet is made of: the paper, colours, fonts and type sizes, the plain data a
sheet is printed from (``SheetData``, ``Options``), and the measures of text that fits (``Metrics``,
``fitted``, ``clipped``). ``scoresheet.paper.pdf`` lays the pages out from them.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

from django.utils.translation import gettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    Paragraph,
)

from scoresheet.display import fmt

FONTS_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
PAPERS = {"letter": letter, "a4": A4}
MAX_COPIES = 50
RULES_PLACEMENTS = ("same", "back", "none")

FELT = colors.HexColor("#1f6f50")
FELT_LIGHT = colors.HexColor("#e5f1eb")
GRID = colors.HexColor("#8a8478")
SHADE = colors.HexColor("#f1eee6")
# The lightest grey for text: 9.7:1 on white (#444444), where the usual mid-grey is 3.9:1.
SOFT_INK = colors.HexColor("#444444")
RULES_CARD_MIN = 8.5  # the rules card's smallest type, in points
RULES_CARD_MAX = 16  # and the largest it grows to on a page of its own
CARD_LEADING = 1.1  # the rules card's line spacing, times its type size
SMALLEST_TYPE = 7  # nothing on a sheet is smaller, in points
SMALLEST_LARGE_TYPE = 14  # nor in large print, whose body text is 16 pt (its rules card's too)


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
    finished: bool = False  # a finished game's sheet ends at its last round played: no blank ones after


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
                font=16, row=10 * mm, label=180, count=26, points=56, title=24, running=16, least=SMALLEST_LARGE_TYPE
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
