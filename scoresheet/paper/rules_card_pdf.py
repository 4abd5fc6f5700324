"""The rules card on paper (``scoresheet.rules.card`` says it in words): its sections in balanced
columns, its type as large as the space left allows.
"""

from __future__ import annotations

import functools
import itertools
from xml.sax.saxutils import escape

from django.utils.translation import get_language, gettext
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from scoresheet.paper.layout import CARD_LEADING, FELT, RULES_CARD_MAX, RULES_CARD_MIN, Metrics, _style
from scoresheet.rules.card import NOT_WRITTEN, Section, rules_card
from scoresheet.rules.preset_rules import name_shown
from scoresheet.rules.schema import Rules


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
    """The rules card in balanced columns of small tables, in black at 8.5 pt or more (large print:
    16 pt or more, ``card_size``); a value not in the written rules is marked *. On a page of its
    own (the back of the sheet), ``fill`` is the page's height: the type grows, a point at a time,
    while the card still fits it."""
    sections, heading = _card_words(rules), card_heading(rules)
    size = card_size(m)
    if fill is not None:
        size = _card_size(sections, heading, width, m, size, fill)
    return _rules_card_at(sections, heading, width, m, size)


def rules_card_heights(rules: Rules, width: float, m: Metrics, height: float) -> tuple[float, ...]:
    """The height of each flowable of ``rules_card_flow(rules, width, m)`` as ``_height`` counts it
    (``sum(heights, start)`` adds them to what goes before in the same order ``_height`` would)."""
    return _card_heights(_card_words(rules), card_heading(rules), width, m, card_size(m), height)


def card_size(m: Metrics) -> float:
    """The rules card's type on a sheet: a little smaller than the sheet's in normal print (8.5 pt
    or more), the body size itself in large print (16 pt: a card read by poor sight is large too)."""
    return m.font if m.font > 10 else max(RULES_CARD_MIN, m.font * 0.82)


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


LARGE_PART_MOST = 400  # large print: the card in parts no taller than this, each fitting a page


@functools.lru_cache(maxsize=256)
def _card_parts(
    sections: tuple[Section, ...], width: float, m: Metrics, size: float
) -> tuple[tuple[Section, ...], ...]:
    """The card's sections in runs laid out one under the other: all of them in one, unless large
    print makes it taller than LARGE_PART_MOST (Modern American Canasta's at 16 pt), when it is cut
    in halves (in the card's order) until each fits a page: a page breaks between them."""
    if m.font <= 10 or len(sections) < 2:
        return (sections,)
    columns, chosen = _card_columns(sections, width, m, size)
    runs = [[_card_section(sections[i], width / columns, m, size) for i in run] for run in chosen]
    tallest = max(sum(t.wrap(width / columns, 10_000)[1] for t in run) for run in runs)
    if tallest <= LARGE_PART_MOST:
        return (sections,)
    half = len(sections) // 2
    return _card_parts(sections[:half], width, m, size) + _card_parts(sections[half:], width, m, size)


def _columns_table(sections: tuple[Section, ...], width: float, m: Metrics, size: float) -> Table:
    """``sections`` side by side in balanced columns, as ``_card_columns`` found."""
    columns, chosen = _card_columns(sections, width, m, size)
    runs = [[_card_section(sections[i], width / columns, m, size) for i in run] for run in chosen]
    return Table(
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
    )


def _rules_card_at(sections: tuple[Section, ...], heading: str, width: float, m: Metrics, size: float) -> list:
    """The rules card (its ``sections`` under ``heading``) with its type at ``size`` points
    (headings a fifth larger): new flowables each call, laid out as ``_card_columns`` found."""
    marked = any(NOT_WRITTEN in row.note for section in sections for row in section.rows)
    flow = [
        Spacer(1, 2),
        Paragraph(escape(heading), _style(m, size=size * 1.2, bold=True, leading=CARD_LEADING)),
        *(_columns_table(part, width, m, size) for part in _card_parts(sections, width, m, size)),
    ]
    if marked:
        flow.append(Paragraph(f"* {escape(NOT_WRITTEN)}", _style(m, size=size)))
    return flow


def rules_card_runs(rules: Rules, width: float, m: Metrics, rooms: tuple[float, ...]) -> list[list] | None:
    """The rules card cut into ``len(rooms)`` runs of its sections, each laid out in its own columns
    and no taller than its room (the heading goes with the first run, the note with the last; a
    later run may be empty): large print lays one under each round block, so that the card takes
    no page of its own. Each run keeps the card's order; a few runs may take any of the sections,
    more take them in order (``_card_cuts``). None when the card cannot be cut so."""
    sections, heading = _card_words(rules), card_heading(rules)
    size = card_size(m)
    runs = _card_cuts(sections, heading, width, m, size, rooms)
    if runs is None:
        return None
    last = len(rooms) - 1
    return [
        _card_run(sections, heading, width, m, size, run, first=k == 0, last=k == last) for k, run in enumerate(runs)
    ]


def _card_run(
    sections: tuple[Section, ...],
    heading: str,
    width: float,
    m: Metrics,
    size: float,
    run: tuple[int, ...],
    *,
    first: bool,
    last: bool,
) -> list:
    """The flowables of the card's sections ``run`` (their indexes): the heading before the first
    run, the note after the last (when the card marks a value not in the written rules)."""
    flow: list = []
    if first:
        flow += [Spacer(1, 2), Paragraph(escape(heading), _style(m, size=size * 1.2, bold=True, leading=CARD_LEADING))]
    if run:
        flow.append(_columns_table(tuple(sections[i] for i in run), width, m, size))
    if last and any(NOT_WRITTEN in row.note for section in sections for row in section.rows):
        flow.append(Paragraph(f"* {escape(NOT_WRITTEN)}", _style(m, size=size)))
    return flow


@functools.lru_cache(maxsize=256)
def _card_cuts(
    sections: tuple[Section, ...], heading: str, width: float, m: Metrics, size: float, rooms: tuple[float, ...]
) -> tuple[tuple[int, ...], ...] | None:
    """How ``rules_card_runs`` shares the sections out among the rooms (their indexes in each), the
    first run never empty; the most even share that fits, found from the sections' heights alone
    (``_run_height``), then checked laid out."""
    count = len(sections)
    if len(rooms) ** count <= 3_000:  # two runs of up to 11 sections, three of 7
        shares = itertools.product(range(len(rooms)), repeat=count)  # each section's run
    else:  # in order: a cut after each run's last section
        shares = (
            tuple(sum(i >= cut for cut in cuts) for i in range(count))
            for cuts in itertools.combinations_with_replacement(range(1, count + 1), len(rooms) - 1)
        )
    tallest: dict[tuple[int, ...], float] = {}
    best, best_left = None, -1.0
    for share in shares:
        runs = tuple(tuple(i for i in range(count) if share[i] == k) for k in range(len(rooms)))
        if not runs[0]:
            continue
        lefts = []
        for k, run in enumerate(runs):
            if run not in tallest:
                tallest[run] = _run_height(sections, width, m, size, run)
            lefts.append(rooms[k] - tallest[run] - (_heading_height(heading, width, m, size) if k == 0 else 0))
        if min(lefts) >= 0 and min(lefts) > best_left:
            best, best_left = runs, min(lefts)
    if best is None:
        return None
    last = len(rooms) - 1
    for k, run in enumerate(best):  # the laid-out flowables, their note too, fit
        flow = _card_run(sections, heading, width, m, size, run, first=k == 0, last=k == last)
        if sum(f.wrap(width, 10_000)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flow) > rooms[k]:
            return None
    return best


def _heading_height(heading: str, width: float, m: Metrics, size: float) -> float:
    return (
        2 + Paragraph(escape(heading), _style(m, size=size * 1.2, bold=True, leading=CARD_LEADING)).wrap(width, 1e4)[1]
    )


@functools.lru_cache(maxsize=4096)
def _run_height(sections: tuple[Section, ...], width: float, m: Metrics, size: float, run: tuple[int, ...]) -> float:
    """How tall the sections ``run`` are in the columns ``_card_columns`` would lay them in."""
    if not run:
        return 0.0
    heights = {columns: _section_heights(sections, width / columns, m, size) for columns in (2, 3)}

    def tallest(columns: int) -> float:
        chosen: list[list[int]] = [[] for _ in range(columns)]
        h = heights[columns]
        for i in sorted(run, key=lambda i: -h[i]):
            min(chosen, key=lambda column: sum(h[j] for j in column)).append(i)
        _even_out(chosen, list(h))
        return max(sum(h[j] for j in column) for column in chosen)

    return min(tallest(columns) for columns in (2, 3)) + 2  # the table's padding


@functools.lru_cache(maxsize=256)
def _section_heights(sections: tuple[Section, ...], col_w: float, m: Metrics, size: float) -> tuple[float, ...]:
    return tuple(_card_section(s, col_w, m, size).wrap(col_w, 10_000)[1] for s in sections)


def card_heading(rules: Rules) -> str:
    """The rules card's heading: "Rules: Hand and Foot"."""
    return gettext("Rules: %(name)s") % {"name": name_shown(rules.name)}
