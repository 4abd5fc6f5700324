"""Printed score sheets (issue 3): ``pdf.score_sheet`` read back with PDFium (tests/pdf_reading.py).

No database: the presets are read from scoresheet/rules/presets/*.json. Sheets are cached per
set of arguments, so the matrix of presets × papers × print sizes is built once, and each is
parsed once.
"""

from __future__ import annotations

import contextlib
import functools
import re
import subprocess

import pytest
from reportlab.platypus import Spacer

from scoresheet.paper import canasta_pad, pdf, sheets
from scoresheet.paper.sheet_rows import sheet_rows
from scoresheet.rules.card import meld_rows
from scoresheet.rules.preset_rules import PRESET_SLUGS, preset
from scoresheet.scoring.engine import fmt
from tests.pdf_reading import embedded_fonts, read
from tests.preset_samples import representative_and_drawn_from, representative_and_drawn_presets
from tests.scoresheet.sheet_lines import hands_on_pages

PAPER_SIZES = {"letter": (792.0, 612.0), "a4": (841.89, 595.28)}  # landscape, in points
# A sheet is printed across the paper unless its rows fit one page only upright; a canasta pad
# (one row per hand: test_pdf_pads.py) is always across.
MARGIN = 22
FOUR_ROUNDS = [
    s for s in PRESET_SLUGS if preset(s).game_end.rounds == 4 and not preset(s).game_end.optional_extra_rounds
]
ACCENTED = ("Zoë & Søren", "Дмитрий", "Αλέξης", "Łucja")
LONG_NAME = "Grandmother Wilhelmina and Great-Uncle Bartholomew of Leeds!"  # 60 characters
UNBROKEN_NAME = "W" * 60
# not the rules card's "Round 1 50 points" (large print lays a part of it under each block)
ROUND_HEADING = re.compile(r"Round (\d+)\b( \(optional\))?(?! [\d,]+ points)")


# --- helpers ---------------------------------------------------------------------------------


def sheet(
    slug: str,
    teams: tuple[str, ...] = ("Us", "Them"),
    paper: str = "letter",
    large: bool = False,
    copies: int = 1,
    rules_card: str = "same",
) -> bytes:
    """The sheet made with these arguments, however they are given (by name, by place or left
    out): a cache keyed by the call itself would make ``sheet(s)`` and ``sheet(s, large=False)`` twice."""
    return made_sheet(slug, tuple(teams), paper, large, copies, rules_card)


@functools.cache
def made_sheet(slug: str, teams: tuple[str, ...], paper: str, large: bool, copies: int, rules_card: str) -> bytes:
    return sheets.score_sheet(
        preset(slug),
        pdf.SheetData(teams=list(teams)),
        pdf.Options(paper=paper, large_print=large, copies=copies, rules_card=rules_card),
    )


def pages_text(content: bytes) -> tuple[str, ...]:
    return tuple(read(content).texts)


def all_text(content: bytes) -> str:
    return " ".join(pages_text(content))


def headings(text: str) -> list[str]:
    """The round headings on a page ("Round 4 (optional)"), not counting the rules card."""
    return [m.group(0) for m in ROUND_HEADING.finditer(text.split("Rules:")[0])]


def is_pad(rules) -> bool:
    return canasta_pad.is_pad(rules)


def page_of(texts: tuple[str, ...], needle: str) -> int:
    return next(i for i, t in enumerate(texts) if needle in t)


def overlaps(a_top, a_bottom, b_top, b_bottom) -> bool:
    return a_top < b_bottom and b_top < a_bottom


def box_of(edges, word) -> tuple[float, float]:
    """The left and right side of the box a word is printed in: its table cell (the
    nearest vertical rules either side), or for the header's names the line below it."""
    verticals = [e for e in edges if e.orientation == "v" and overlaps(e.top, e.bottom, word.top + 1, word.bottom - 1)]
    left = [e.x0 for e in verticals if e.x0 <= word.x0 + 0.5]
    right = [e.x0 for e in verticals if e.x0 >= word.x0 + 0.5]
    if left and right:
        return max(left), min(right)
    under = [
        e
        for e in edges
        if e.orientation == "h"
        and 0 <= e.top - word.bottom <= 140  # under a name of up to 8 lines
        and e.x0 <= word.x0 + 0.5
        and e.x1 >= word.x0
    ]
    assert under, f"{word.text!r} at x={word.x0:.1f} is in no box"
    nearest = min(under, key=lambda e: e.top)
    return nearest.x0, nearest.x1


# --- the presets (tests/preset_samples.py), both papers, both print sizes ---------------------------


@contextlib.contextmanager
def case(**where):
    """Name the paper and print size (``where``) in the message of a check that fails within."""
    try:
        yield
    except AssertionError as failed:
        failed.add_note(", ".join(f"{key}={value}" for key, value in where.items()))
        raise


@representative_and_drawn_presets
def test_each_presets_sheet_on_both_papers_and_in_both_print_sizes(slug):
    """The checks of each preset's sheet below, run for one draw of presets so each sheet is made
    and read once: on letter and A4, in normal and large print, with the rules card on the back."""
    for paper in PAPER_SIZES:
        for large in (False, True):
            with case(paper=paper, large=large):
                sheet_parses_on_its_paper_and_holds_the_rules_rows(slug, paper, large)
        with case(paper=paper):
            two_teams_and_their_rounds_fit_one_page_in_normal_print(slug, paper)
            large_print_has_more_pages_or_fewer_rounds_a_page(slug, paper)
            a_filled_in_header_does_not_push_the_rounds_off_the_first_page(slug, paper)
    rules_card_on_the_back_starts_on_a_later_page_than_the_sheet(slug)
    for large, least_mm in ((False, 7), (True, 10)):
        with case(large=large):
            write_in_rows_leave_room_to_write(slug, large, least_mm)


def sheet_parses_on_its_paper_and_holds_the_rules_rows(slug, paper, large):
    rules = preset(slug)
    content = sheet(slug, paper=paper, large=large)
    assert content.startswith(b"%PDF-")
    assert len(read(content)) >= 1
    across, upright = PAPER_SIZES[paper], PAPER_SIZES[paper][::-1]
    for size in read(content).sizes:
        expected = upright if size[0] < size[1] and not is_pad(rules) else across
        assert size == (pytest.approx(expected[0], abs=0.5), pytest.approx(expected[1], abs=0.5))

    text = all_text(content)
    assert rules.name in text
    # the title: "Canasta (classic) · score sheet"; a name that says "score sheet" (GOCC) not twice
    assert (rules.name if rules.name.endswith("score sheet") else f"{rules.name} · score sheet") in text
    assert "score sheet · score sheet" not in text
    shared = {field for row in sheet_rows(rules) if len(row.fields) > 1 for field in row.fields}
    for kind in rules.book_kinds:
        if f"books.{kind.key}" in shared:  # on one row with the other wild books: its value on the card
            assert f"{kind.label}s {fmt(kind.bonus)}" in text, kind.label  # "All-twos canastas 3,000"
            continue
        assert f"{kind.label}s × {fmt(kind.bonus)}" in text, kind.label  # "Sevens books × 5,000"
        if kind.bonus >= 1000:
            assert "," in fmt(kind.bonus)
    for row in sheet_rows(rules):
        if is_pad(rules):  # a short heading over its column, its note under the pad
            assert row.heading in text or row.kind in ("total", "running"), row.heading
            assert not row.note or f"{row.short}: {row.note}" in text, row.note
        else:
            assert row.label in text, row.label
    schedule = rules.meld_schedule
    if schedule.basis == "round":
        rounds = rules.game_end.max_rounds or len(schedule.by_round)
        for number in range(1, rounds + 1):
            assert f"Round {number}" in text
            req = schedule.requirement(number, 0)  # a number, or a text ("a concealed canasta")
            assert f"meld {fmt(req) if isinstance(req, int) else req}" in text  # "meld 50", "meld 90" …
    else:
        for band in meld_rows(rules):  # in the rules card below: "Below 15,000 50 points"
            assert f"{band.label} {band.value}" in text


def test_the_book_values_print_with_a_thousands_separator():
    text = all_text(sheet("hand-knee-and-foot"))
    assert "Sevens books × 5,000" in text
    assert "Fives books × 3,000" in text
    assert "Wild books × 2,500" in text
    assert "Knee penalty × −1,000" in text  # a real minus sign
    assert "Below 15,000 50 points" in text  # the rules card's meld section
    assert "50,000 and up 150 points" in text


def two_teams_and_their_rounds_fit_one_page_in_normal_print(slug, paper):
    texts = pages_text(sheet(slug, paper=paper))
    if not is_pad(preset(slug)):
        assert len(texts) == 1
        return
    # A pad's first page holds 10 hands at least; the rules card under them, or on the next page.
    content = sheet(slug, paper=paper)
    assert len(hands_on_pages(content)[0]) >= canasta_pad.MIN_HANDS
    assert len(texts) == 1 or (len(texts) == 2 and "Rules:" in texts[1] and not hands_on_pages(content)[1])


def rules_card_on_the_back_starts_on_a_later_page_than_the_sheet(slug):
    rules = preset(slug)
    texts = pages_text(sheet(slug, rules_card="back"))
    assert len(texts) >= 2
    assert page_of(texts, f"Rules: {rules.name}") > page_of(texts, "Hand" if is_pad(rules) else "Round 1")
    assert f"Rules: {rules.name}" not in texts[0]
    same = pages_text(sheet(slug, rules_card="same"))
    # On the sheet's page; a pad's on the next page when 10 hands and the card do not fit one.
    assert f"Rules: {rules.name}" in (" ".join(same[:2]) if is_pad(rules) else same[0])


def test_rules_card_left_out():
    texts = pages_text(sheet("hand-knee-and-foot", rules_card="none"))
    assert len(texts) == 1
    assert "Rules:" not in texts[0] and "Sources:" not in texts[0]
    assert "Below 15,000: 50 points" in texts[0]  # the band table of the sheet itself stays


@pytest.mark.parametrize(
    ("slug", "large"),
    [
        ("hand-knee-and-foot", False),  # a page a copy
        ("hand-and-foot", True),  # large print: several pages a copy, round blocks
        ("canasta", True),  # and a pad's hands
    ],
)
def test_three_copies_are_three_times_the_pages_each_starting_with_the_title(slug, large):
    pages = len(pages_text(sheet(slug, large=large)))
    every = pages_text(sheet(slug, large=large, copies=3))
    assert len(every) == 3 * pages
    title = f"{preset(slug).name} · score sheet"
    hands = hands_on_pages(sheet(slug, large=large, copies=3))
    for copy in range(3):
        texts = every[copy * pages : (copy + 1) * pages]
        assert all(title in text for text in texts)  # every page says what it is (a running header)
        if is_pad(preset(slug)):  # each copy starts again at hand 1
            assert hands[copy * pages][:1] == [1] and all(1 not in h for h in hands[copy * pages + 1 :][: pages - 1])
            continue
        assert "Round 1" in headings(texts[0])  # each copy starts again at round 1
        assert all("Round 1" not in headings(text) for text in texts[1:])


def large_print_has_more_pages_or_fewer_rounds_a_page(slug, paper):
    if is_pad(preset(slug)):
        normal, large = (hands_on_pages(sheet(slug, paper=paper, large=large)) for large in (False, True))
        assert large[0], "no hand on the first page"
        assert len(large) > len(normal) or len(large[0]) < len(normal[0])
        return
    normal = pages_text(sheet(slug, paper=paper))
    large = pages_text(sheet(slug, paper=paper, large=True))
    per_page_normal = max(len(headings(t)) for t in normal)
    per_page_large = max(len(headings(t)) for t in large)
    assert per_page_large >= 1
    assert len(large) > len(normal) or per_page_large < per_page_normal


@pytest.mark.parametrize("slug", ["hand-and-foot", "hand-knee-and-foot-by-round"])
def test_large_print_has_bigger_type(slug):
    def sizes(content: bytes) -> dict[str, float]:
        # the first round block, over as many pages as it takes (Hand Knee and Foot's two in large print)
        words = [w for page in read(content).pages[:2] for w in page.words]
        # the largest of each word: the round blocks, not the footer
        return {text: max(w.size for w in words if w.text == text) for text in {w.text for w in words}}

    normal, large = sizes(sheet(slug)), sizes(sheet(slug, large=True))
    for word in ("Other", "Running", "no.", "Team"):  # a row label, the totals, the column heads, the names
        assert large[word] >= normal[word] * 1.4, word


# --- round blocks ------------------------------------------------------------------------------


def test_the_four_round_variants_are_most_of_them():
    assert len(FOUR_ROUNDS) >= 10 and {"hand-and-foot", "hand-knee-and-foot"} <= set(FOUR_ROUNDS)


@representative_and_drawn_from(FOUR_ROUNDS)
def test_a_four_round_variant_prints_rounds_1_to_4(slug):
    """Hand and Foot, Hand Knee and Foot and a few drawn from the other four-round variants (all
    of them over CI's draws), in normal and large print."""
    for large in (False, True):
        printed = [h for t in pages_text(sheet(slug, large=large)) for h in headings(t)]
        # A block too tall for a page (Hand Knee and Foot in large print) goes on with its headings.
        assert list(dict.fromkeys(printed)) == ["Round 1", "Round 2", "Round 3", "Round 4"]


def test_three_rounds_and_an_optional_fourth():
    rules = preset("hand-and-foot-canasta")
    assert (rules.game_end.rounds, rules.game_end.optional_extra_rounds) == (3, 1)
    text = all_text(sheet("hand-and-foot-canasta"))
    assert headings(text) == ["Round 1", "Round 2", "Round 3", "Round 4 (optional)"]
    assert "Round 4 (optional) · meld 150" in text


def a_filled_in_header_does_not_push_the_rounds_off_the_first_page(slug, paper):
    """A game's sheet has a title and a status line above the rounds: in large print the
    first block of rounds must still start on page 1, not leave it holding the header alone."""
    data = pdf.SheetData(
        teams=["Ann & Bob", "Cléo & Søren"],
        title="Ann & Bob vs Cléo & Søren",
        date="29 Nov 2026",
        status="In progress after round 2: Ann & Bob 15,330, Cléo & Søren 285.",
    )
    content = sheets.score_sheet(preset(slug), data, pdf.Options(paper=paper, large_print=True))
    first = pages_text(content)[0]
    assert "In progress after round 2" in first
    if is_pad(preset(slug)):
        assert hands_on_pages(content)[0][:1] == [1], f"page 1 holds only the header: {first[:300]}"
        return
    assert headings(first), f"page 1 holds only the header: {first[:300]}"


# --- names ---------------------------------------------------------------------------------


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("paper", PAPER_SIZES)
def test_accented_and_non_latin_names_come_back_out_exactly(paper, large):
    content = sheet("hand-knee-and-foot-by-round", teams=ACCENTED, paper=paper, large=large)
    text = all_text(content)
    for name in ACCENTED:
        assert name in text
    # in the header and above each team's columns of every round: 1 + 4 rounds
    first = pages_text(content)[0]
    assert first.count("Дмитрий") >= 2


def test_names_are_printed_as_text_not_markup():
    names = ("Tom <b>& Jerry</b>", "A&amp;B")
    text = all_text(sheet("hand-and-foot", teams=names))
    for name in names:
        assert name in text


def test_the_font_is_dejavu_embedded_in_the_pdf():
    used = embedded_fonts(sheet("hand-and-foot", teams=ACCENTED[:2]))
    dejavu = {name: embedded for name, embedded in used.items() if "DejaVu" in name}
    assert dejavu, f"no DejaVu font among {sorted(used)}"
    for name, embedded in dejavu.items():
        assert embedded, f"{name} is not embedded"
    assert all(used.values()), used  # and no other font left to the reader's computer


@pytest.mark.parametrize("teams", [2, 4])
@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_a_60_character_name_stays_inside_its_box(teams, large):
    # Both kinds of long name on one sheet, every other team: words that wrap, one word that shrinks.
    assert len(LONG_NAME) == len(UNBROKEN_NAME) == 60
    running = pdf.Metrics.for_print(large).running
    names = (LONG_NAME, UNBROKEN_NAME) * (teams // 2)
    content = sheet("hand-knee-and-foot-by-round", teams=names, large=large, paper="letter")
    pieces = {w for w in LONG_NAME.split() if len(w) > 3}  # not "and", "of"
    found = {"words": 0, "one-word": 0}
    for page in read(content).pages:
        for word in page.words:
            kind = "words" if word.text in pieces else "one-word" if set(word.text) == {"W"} else None
            if kind is None or (large and word.top < MARGIN + running * 2.8):
                continue  # the running header says "Team 1" for a long name instead (checked below)
            found[kind] += 1
            assert 0 <= word.x0 and word.x1 <= page.width, word
            left, right = box_of(page.edges, word)
            assert left - 0.5 <= word.x0 and word.x1 <= right + 0.5, (
                f"{word.text!r} spans x {word.x0:.1f}–{word.x1:.1f}, its box {left:.1f}–{right:.1f}"
                f" (page {page.number})"
            )
    for kind, count in found.items():
        assert count >= teams // 2, kind  # in full once, at the top: the round headings say "Team 1"
    round_headings = [t for t in pages_text(content) if "Round 1" in t][0].split("Round 1")[1]
    assert "Team 1 Team 2" in round_headings
    assert LONG_NAME in all_text(content)  # shrunk or wrapped, still whole


@pytest.mark.parametrize(
    ("slug", "teams", "paper", "large"),
    [
        ("hand-and-foot", ("Ann & Bob", "Cléo & Søren"), "letter", False),
        ("hand-and-foot", ("Ann & Bob", "Cléo & Søren"), "a4", True),
        ("hand-knee-and-foot-by-round", ACCENTED, "letter", False),
        ("canasta", ("Us", "Them"), "a4", False),
    ],
    ids=["letter", "a4-large", "4-teams", "canasta"],
)
def test_everything_printed_stays_inside_the_page_margins(slug, teams, paper, large):
    content = sheet(slug, teams=teams, paper=paper, large=large)
    for page in read(content).pages:
        lefts = [w.x0 for w in page.words] + [e.x0 for e in page.edges]
        rights = [w.x1 for w in page.words] + [e.x1 for e in page.edges]
        assert min(lefts) >= MARGIN - 0.5, f"page {page.number}: something starts at x={min(lefts):.1f}"
        assert max(rights) <= page.width - MARGIN + 0.5, (
            f"page {page.number}: something reaches x={max(rights):.1f}, "
            f"the right margin is at {page.width - MARGIN:.1f}"
        )


def test_the_round_table_lines_up_with_the_header():
    """The grid starts where the title and the team names start (the left margin)."""
    page = read(sheet("hand-and-foot", teams=("Ann & Bob", "Cléo & Søren"))).pages[0]
    title = next(w for w in page.words if w.text == "Hand")
    grid_left = min(e.x0 for e in page.edges if e.orientation == "v")
    assert grid_left == pytest.approx(title.x0, abs=1)


# --- options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        pdf.Options(paper="b5"),
        pdf.Options(copies=0),
        pdf.Options(copies=pdf.MAX_COPIES + 1),
        pdf.Options(rules_card="front"),
    ],
    ids=["paper", "no-copies", "too-many-copies", "rules-card"],
)
def test_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        sheets.score_sheet(preset("hand-and-foot"), pdf.SheetData(teams=["Us", "Them"]), options)


def test_empty_names_leave_lines_to_write_on():
    text = all_text(sheet("hand-and-foot", teams=("", "")))
    assert "Team 1" in text and "Team 2" in text
    assert "Date ______________" in text


# --- pictures -------------------------------------------------------------------------------


@pytest.mark.process
@pytest.mark.parametrize(
    ("slug", "teams", "paper", "large", "rules_card"),
    [
        ("hand-and-foot", ("Ann & Bob", "Cléo & Søren"), "letter", False, "same"),
        ("hand-and-foot", ("Ann & Bob", "Cléo & Søren"), "a4", True, "same"),
        ("hand-knee-and-foot-by-round", ACCENTED, "letter", False, "same"),
        ("canasta", ("Us", "Them"), "letter", False, "same"),
        ("hand-and-foot-canasta", ("Us", "Them"), "a4", False, "back"),
    ],
    ids=["letter", "a4-large", "4-teams", "canasta", "rules-back"],
)
def test_pages_render_to_png_with_pdftoppm(tmp_path, slug, teams, paper, large, rules_card):
    content = sheet(slug, teams=teams, paper=paper, large=large, rules_card=rules_card)
    source = tmp_path / "sheet.pdf"
    source.write_bytes(content)
    done = subprocess.run(
        ["pdftoppm", "-png", "-r", "50", str(source), str(tmp_path / "page")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Error" not in done.stderr, done.stderr
    pngs = sorted(tmp_path.glob("page-*.png"))
    assert len(pngs) == len(pages_text(content))
    # across the paper; large print's round blocks upright (two rounds across, part of the rules card under them)
    width_in, height_in = (s / 72 for s in (PAPER_SIZES[paper][::-1] if large else PAPER_SIZES[paper]))
    for png in pngs:
        data = png.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert (w, h) == (pytest.approx(width_in * 50, abs=2), pytest.approx(height_in * 50, abs=2))


# --- room to write, and loose pages that still say whose they are ------------------------------

MM = 72 / 25.4  # points in a millimetre


def write_in_row_heights(content: bytes) -> dict[str, float]:
    """Each entry row's height on page 1, from the grid's horizontal rules around its label."""
    heights = {}
    page = read(content).pages[0]
    grid_left = min(e.x0 for e in page.edges if e.orientation == "v")
    rules_y = sorted({round(e.top, 1) for e in page.edges if e.orientation == "h" and e.x0 <= grid_left + 1})
    for line in page.lines:
        above = [y for y in rules_y if y <= line.top + 0.5]
        below = [y for y in rules_y if y >= line.bottom - 0.5]
        if above and below and line.x0 < grid_left + 10:
            heights[line.text] = min(below) - max(above)
    return heights


def write_in_rows_leave_room_to_write(slug, large, least_mm):
    # 7 mm a row in normal print, 10 mm in large print: room for a four-digit score by hand
    heights = write_in_row_heights(sheet(slug, large=large))
    if is_pad(preset(slug)):  # a pad's rows are its hands, each line starting with the hand's number
        hands = [height for label, height in heights.items() if label.split()[0].isdigit()]
        assert len(hands) >= 5, heights
        assert min(hands) >= least_mm * MM - 0.3, f"{min(hands) / MM:.1f} mm"
        return
    rows = [row for row in pdf.sheet_rows(preset(slug)) if row.label.split()[0] in {k.split()[0] for k in heights}]
    assert len(rows) >= 5, heights  # the rows on page 1 were found
    for label, height in heights.items():
        if label.startswith(("Count, then", "Round 1", "Us", "Them", "no.")):
            continue  # the heading rows are not written in
        assert height >= least_mm * MM - 0.3, f"{label}: {height / MM:.1f} mm"


@pytest.mark.parametrize("slug", ["hand-knee-and-foot", "hand-and-foot", "canasta"])
def test_every_page_of_a_long_sheet_names_the_teams_and_the_game(slug):
    data = pdf.SheetData(teams=["Ann & Bob", "Cléo & Søren"], title="Tuesday at Ann's", date="29 Nov 2026", table="3")
    content = sheets.score_sheet(preset(slug), data, pdf.Options(large_print=True, rules_card="back"))
    texts = pages_text(content)
    assert len(texts) >= 2
    for number, text in enumerate(texts, start=1):
        assert "Ann & Bob" in text and "Cléo & Søren" in text, f"page {number}"
        assert f"{preset(slug).name} · score sheet — Tuesday at Ann's" in text, f"page {number}"
        assert "Date 29 Nov 2026" in text and "Table 3" in text, f"page {number}"


def test_a_long_name_in_the_running_header_is_cut_short_inside_the_page():
    name = "Grandmother Wilhelmina and Great-Uncle Bartholomew of Leeds!"
    content = sheets.score_sheet(
        preset("hand-knee-and-foot"), pdf.SheetData(teams=[name] * 4), pdf.Options(large_print=True)
    )
    assert len(pages_text(content)) >= 2
    # Too long for its quarter of the line: "Team 4" there, the names in full at the top of page 1.
    assert "Team 4: Grandmother" not in pages_text(content)[1] and "Team 4" in pages_text(content)[1]
    assert "…" not in all_text(content) and pages_text(content)[0].count("Bartholomew") == 4
    for page in read(content).pages:
        assert all(w.x1 <= page.width - MARGIN + 0.5 for w in page.words)


def test_balanced_columns_even_out_and_end_on_sections_of_equal_heights():
    # Heights of a large-print rules card whose evening-out once swapped two 65.394 pt sections
    # back and forth for ever: a float sum in another order looked a hair shorter.
    heights = [91.5516, 65.394, 39.2364, 26.1576, 65.394, 104.1304, 90.0516, 36.22064]
    runs, tallest = pdf.balanced_columns([Spacer(1, h) for h in heights], 3, 200)
    assert sum(len(run) for run in runs) == len(heights)
    assert tallest == pytest.approx(max(sum(s.height for s in run) for run in runs))
    # Tallest section first into the shortest column: 104.1 + 65.4 | 91.6 + 90.1 | 65.4 + 39.2 + 36.2
    # + 26.2 — 181.6, which no move or swap lowers.
    assert tallest == pytest.approx(181.6032)
