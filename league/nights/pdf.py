"""A sitting's table pack (reportlab); the seating chart for the wall is ``wall_chart_pdf``.

The table pack is one score sheet per table, built by ``scoresheet.paper.pdf`` like every other
sheet; only its head is the club's: the table number and sitting, the club and the date, the
teams a line each, and a QR code of the table's link for entering its scores (45 mm, the link
beside it in 9 pt). The head is never taller than the code, whatever the names (they shrink),
so a table keeps to one landscape page (large print: two upright pages, the code on the
first). The rules card prints once, at the end of the pack.
The tables' round blocks are the same but for the names over their columns: the pack draws a
block once and each table's page shows it with its names written over (``scoresheet.paper.stamps``).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from league.nights.pack_selectors import PackTable, SittingPack
from league.nights.pdf_qr import QrCode
from scoresheet.paper import pdf, sheets
from scoresheet.paper import stamps as pdf_stamps
from scoresheet.paper.printing import long_date, short_date, table_words
from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import name_shown
from scoresheet.rules.schema import Rules

NBSP = "\u00a0"
SCAN_LINES = gettext_lazy("Scan to enter\nthis table's scores")  # on two lines beside the code


def table_word(number: int) -> str:
    """ "Table 3"."""
    return pgettext("card table", "Table %(n)s") % {"n": number}


def sitting_word(number: int) -> str:
    """ "Sitting 2" ("Tour 2")."""
    return pgettext("club night", "Sitting %(n)s") % {"n": number}


def team_names(players: list[str]) -> str:
    return " & ".join(players)


def _style(size: float, *, bold=False, align=0, color=colors.black, leading=1.18) -> ParagraphStyle:
    return ParagraphStyle(
        "pack",
        fontName="Sheet-Bold" if bold else "Sheet",
        fontSize=size,
        leading=size * leading,
        alignment=align,
        textColor=color,
    )


# --- the table pack ------------------------------------------------------------------------

QR_SYMBOL = 45 * mm  # the code's modules, its quiet zone not counted: it scans from arm's length
SMALL_QR_SYMBOL = 30 * mm  # large print's, where a round block leaves no room for 45 mm: it scans from 30 cm
UPRIGHT_MOST = 600  # points: a frame wider than this is on a page across (a canasta pad's)
LINK_SIZE = 9  # the link under the code (large print: its least type, 14)
HEAD_NAMES_LINES = 2  # a team's names in the head wrap to this many lines at most, else shrink
MIN_HEAD_NAME_SIZE = 7


def qr_code(link: str, symbol: float = QR_SYMBOL) -> QrCode:
    """The link as a QR code whose modules take ``symbol`` square, its quiet zone (four
    modules a side) around them."""
    return QrCode(link, symbol)


def link_size(m: pdf.Metrics | None = None) -> float:
    """The link's type under its code: LINK_SIZE, or the print's least type if larger."""
    return max(LINK_SIZE, m.least if m else 0)


def link_lines(link: str, width: float, door: str = "/t/", size: float = LINK_SIZE) -> str:
    """The link as printed under its code: on one line if it fits ``width`` in ``size`` type,
    else broken before its path (``door``: "/t/<token>/", always whole)."""
    text = escape(link)
    if pdfmetrics.stringWidth(link, "Sheet", size) <= width or door not in link:
        return text
    host, path = link.split(door, 1)
    return f"{escape(host)}<br/>{escape(door + path)}"


def qr_block(link: str, width: float, m: pdf.Metrics, symbol: float = QR_SYMBOL) -> Table:
    """The QR code of the table's link at the right of ``width``, and beside it "Scan to enter
    this table's scores" over the link in LINK_SIZE type: no taller than the code. (A head's
    paragraphs are ``pdf.WrappedOnce``: its tables measure them three times a table.)"""
    code = qr_code(link, symbol)
    words = width - code.width - 6
    beside = [
        pdf.WrappedOnce(
            escape(str(SCAN_LINES)).replace("\n", "<br/>"), _style(m.font * 1.3, bold=True, align=TA_RIGHT)
        ),
        Spacer(1, 6),
        pdf.WrappedOnce(link_lines(link, words, size=link_size(m)), _style(link_size(m), align=TA_RIGHT)),
    ]
    return Table(
        [[beside, code]],
        colWidths=[width - code.width, code.width],
        style=_flat([("VALIGN", (0, 0), (0, 0), "MIDDLE"), ("RIGHTPADDING", (0, 0), (0, 0), 6)]),
    )


def qr_width(link: str, width: float, m: pdf.Metrics, symbol: float = QR_SYMBOL) -> float:
    """How wide the QR block is: the code, and beside it its words or the link's path if wider
    (the whole link when the block stays under half the page)."""
    code = qr_code(link, symbol).width + 6
    path = pdfmetrics.stringWidth("/t/" + link.split("/t/", 1)[-1], "Sheet", link_size(m)) + 4
    whole = code + pdfmetrics.stringWidth(link, "Sheet", link_size(m)) + 4
    return max(code + 8 * m.font, code + path, whole if whole <= width * 0.5 else 0)


def team_markup(team: list[str], fits: Callable[[str], bool]) -> str:
    """A team's names joined by "&", each name unbroken if ``fits`` says it fits a line, so the
    line breaks after an "&" (inside a name only if the name alone is wider than a line)."""
    names = [escape(name).replace(" ", NBSP) if fits(name) else escape(name) for name in team]
    return (NBSP + "& ").join(names)


def head_team(label: str, team: list[str], width: float, m: pdf.Metrics) -> Paragraph:
    """ "Team 1  Ann & Bob" for the head: as large as the sheet's title, shrinking (not under
    MIN_HEAD_NAME_SIZE) until it takes HEAD_NAMES_LINES lines at most, so long names never make
    the head taller than its QR code."""
    size = m.font * 1.4
    wide = pdfmetrics.stringWidth(f"{label} " + " & ".join(team), "Sheet-Bold", size)
    least = max(MIN_HEAD_NAME_SIZE, m.least)  # large print's names not under its least type
    size = max(least, min(size, size * width * HEAD_NAMES_LINES * 0.9 / wide))  # near the fit
    while True:
        style = _style(size, bold=True, leading=1.12)
        text = team_markup(team, lambda name, s=size: pdfmetrics.stringWidth(name, "Sheet-Bold", s) <= width)
        label_size = max(size * 0.8, m.least)
        para = pdf.WrappedOnce(
            f'<font name="Sheet" size={label_size:.1f} color="#444444">{label}</font>  {text}', style
        )
        if size <= least or para.wrap(width, 1000)[1] <= size * 1.12 * HEAD_NAMES_LINES + 0.1:
            return para
        size = max(least, size - 0.5)


def table_head(pack: SittingPack, table: PackTable, link: str, rules: Rules) -> pdf.Head:
    """The head of a table's sheet: "Table N · Sitting K" with the club, date and rules, and
    (normal print) the teams under them, a line each, and the QR code of the table's link beside."""

    def head(width: float, m: pdf.Metrics, top: bool) -> list:
        banner = pdf.WrappedOnce(
            f"{escape(table_word(table.number))} <font size={m.title:.1f}>· "
            f"{escape(sitting_word(pack.sitting.number))}</font>",
            _style(m.title * 1.6, bold=True, color=pdf.FELT, leading=1.1),
        )
        if not top:  # large print: the QR code on the first page, above the first round block
            return large_print_head(pack, table, link, small=width > UPRIGHT_MOST)(width, m, top)
        said = escape(f"{long_date(pack.night.date)} · {name_shown(rules.name)}")
        about = pdf.WrappedOnce(
            f"<b>{escape(pack.club.name)}</b> · {said}",
            _style(m.font * 1.15),
        )
        aside_w = qr_width(link, width, m)
        left_w = width - aside_w - 12
        labels = [escape(pdf.team_word(t)).replace(" ", "&nbsp;") for t in range(len(table.teams))]
        teams = [head_team(label, team, left_w, m) for label, team in zip(labels, table.teams, strict=True)]
        left = [banner, about, Spacer(1, 6)]
        for team in teams:
            left += [team, Spacer(1, 3)]
        return [
            Table(
                [[left, qr_block(link, aside_w, m)]],
                colWidths=[left_w + 12, aside_w],
                style=_flat([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (0, 0), 0.6, colors.black)]),
            ),
            Spacer(1, 4),
        ]

    head.smaller = large_print_head(pack, table, link, small=True)  # large print's, where this leaves no room
    return head


def large_print_head(pack: SittingPack, table: PackTable, link: str, *, small: bool) -> pdf.Head:
    """Large print's head of a table's first page: the table and sitting, the club and date, the
    teams and the link on the left, the 45 mm QR code on the right; ``small``, a 30 mm code and no
    teams (they are over the columns), where a round block leaves no more room (Hand Knee and
    Foot's 15 rows) or for a canasta pad's hands across the page."""

    def head(width: float, m: pdf.Metrics, top: bool) -> list:
        code = qr_code(link, SMALL_QR_SYMBOL if small else QR_SYMBOL)
        left_w = width - code.width - 12
        where = f"{escape(table_word(table.number))} · {escape(sitting_word(pack.sitting.number))}"
        about = f"<b>{escape(pack.club.name)}</b> · {escape(long_date(pack.night.date))}"
        left = [
            pdf.WrappedOnce(where, _style(m.title * (1 if small else 1.4), bold=True, color=pdf.FELT, leading=1.1)),
            pdf.WrappedOnce(about, _style(m.font, leading=1.12)),
        ]
        if not small:
            labels = [escape(pdf.team_word(t)).replace(" ", "&nbsp;") for t in range(len(table.teams))]
            left += [head_team(label, team, left_w, m) for label, team in zip(labels, table.teams, strict=True)]
            left.append(pdf.WrappedOnce(f"<b>{escape(str(SCAN_LINES))}</b>".replace("\n", " "), _style(m.font)))
        left.append(pdf.WrappedOnce(link_lines(link, left_w, size=link_size(m)), _style(link_size(m))))
        style = _flat([("VALIGN", (0, 0), (-1, -1), "TOP")])
        return [Table([[left, code]], colWidths=[width - code.width, code.width], style=style), Spacer(1, 4)]

    return head


def large_print_qr(link: str) -> pdf.Head:
    """Large print: the QR code (30 mm) at the end of the table's sheet, when its head (where it
    goes, ``large_print_head``) is left out for the first round block to keep its page."""

    def before_rules(width: float, m: pdf.Metrics, top: bool) -> list:
        if top:  # the head printed: its code with it
            return []
        aside_w = min(width, qr_width(link, width, m, SMALL_QR_SYMBOL))  # under the last round block
        block = qr_block(link, aside_w, m, SMALL_QR_SYMBOL)
        return [Table([["", block]], colWidths=[width - aside_w, aside_w], style=_flat([]))]

    return before_rules


def _flat(commands: list) -> TableStyle:
    """A table style with no padding but what ``commands`` add."""
    padding = [(f"{side}PADDING", (0, 0), (-1, -1), 0) for side in ("LEFT", "RIGHT", "TOP", "BOTTOM")]
    return TableStyle(padding + commands)


def rules_pages(pack: SittingPack, rules: Rules, options: pdf.Options, key: str) -> pdf.SheetPages:
    """The rules card, once for the pack (every table of the sitting plays the same rules),
    on a landscape page of its own headed with the sitting."""
    pdf.register_fonts()
    m = pdf.Metrics.for_print(options.large_print)
    page = pdf.Page.for_options(options)
    words = [_("Rules for every table"), pack.club.name, sitting_word(pack.sitting.number), long_date(pack.night.date)]
    heading = Paragraph(
        escape(" · ".join(words)),
        _style(m.font * 1.3, bold=True, color=pdf.FELT),
    )
    story = [heading, Spacer(1, 6), *pdf.rules_card_flow(rules, page.width, m)]
    template = PageTemplate(key, [page.frame(page.height)], pagesize=page.size)
    return pdf.SheetPages(templates=[template], first=key, story=story)


@functools.lru_cache(maxsize=32)
def _rules(snapshot: str) -> Rules:
    """The rules of a game's snapshot (its JSON, keys sorted): read once, and the one rules object
    kept, so that what the sheets work out of it and keep on it (the rules card's layout, a blank
    round block's height) is worked out once for every pack of those rules, not once a pack. A
    snapshot never changes: a pack printed with other rules has another snapshot."""
    return load_rules(json.loads(snapshot))


def table_pack(pack: SittingPack, link_for: Callable[[str], str], options: pdf.Options) -> bytes:
    """The table pack: per table, in table order, one landscape page of its score sheet with its
    players' names filled in, headed by the table number, sitting, club, date and the QR code of
    ``link_for(token)``; then the rules card, once (once per rules, should tables differ)."""
    options = pdf.Options(paper=options.paper, large_print=options.large_print, rules_card="none")
    rules_of: dict[str, Rules] = {}  # the tables of a sitting share their rules: read them once
    stamps = pdf_stamps.Stamps()  # and their blank round blocks: each drawn once, its names over it
    pages = []
    for table in pack.tables:
        key = json.dumps(table.rules_document, sort_keys=True)
        rules = rules_of.get(key) or rules_of.setdefault(key, _rules(key))
        data = pdf.SheetData(
            teams=[team_names(players) for players in table.teams],
            date=short_date(pack.night.date),
            table=table_words(table.number, pack.sitting.number),
        )
        link = link_for(table.token)
        head, qr = table_head(pack, table, link, rules), large_print_qr(link)
        sheet = f"table-{table.number}"
        pages.append(
            sheets.sheet_pages(rules, data, options, key=sheet, head=head, before_rules=qr, block=stamps.round_block)
        )
    if not pages:
        raise ValueError("a sitting with no tables has no pack")
    pages += [rules_pages(pack, rules, options, f"rules-{n}") for n, rules in enumerate(rules_of.values())]
    title = _("%(club)s, %(date)s: sitting %(n)s table pack") % {
        "club": pack.club.name,
        "date": short_date(pack.night.date),
        "n": pack.sitting.number,
    }
    return pdf.build(pages, options, title=title)
