"""The seating chart for the wall (issue 37 item 4): several tables a page in type read across the
room, the index of names beside the "where do I sit" code, and a name never broken inside a word.
Drawn from plain packs (the chart reads a sitting's tables, teams and byes only) and read back."""

from __future__ import annotations

import datetime
import re
from types import SimpleNamespace

import pytest

from league.nights.wall_chart_pdf import NAME_SIZES, seating_chart
from tests.pdf_reading import read

ORDINARY = ["Ann Smith", "Siobhán Ó Núñez", "François Lefèvre", "Bob Li", "Chloé Daubigny", "Björn Østergaard"]
SEAT_LINK = "http://testserver/n/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG/"


def long_name(n: int) -> str:
    """A 60-character name, the longest a roster takes, with one word of 21 letters and hyphens."""
    return f"P{n:02d} Marie-Thérèse Lefèvre-Dubois de la Rochefoucauld-Montmorency"[:60]


def chart(tables: int, name) -> tuple[list, list[str]]:
    names = iter(name(n) for n in range(1, 4 * tables + 1))
    pack = SimpleNamespace(
        sitting=SimpleNamespace(number=1),
        club=SimpleNamespace(name="Tuesday Club"),
        night=SimpleNamespace(date=datetime.date(2026, 11, 24)),
        tables=[
            SimpleNamespace(number=t, teams=[[next(names), next(names)], [next(names), next(names)]])
            for t in range(1, tables + 1)
        ],
        byes=[],
    )
    everyone = [n for table in pack.tables for team in table.teams for n in team]
    return read(seating_chart(pack, "letter", seat_link=SEAT_LINK)).pages, everyone


HEADING = 105  # points from the top: the club, sitting, date and page number over every page


def table_pages(pages) -> list:
    return [page for page in pages if "Find your name" not in page.text]


def body_words(page) -> list:
    return [w for w in page.words if w.top > HEADING]


def whole_words(names: list[str]) -> set[str]:
    """Every word of the names as it may end a line: whole, or up to a hyphen of its own."""
    words = set()
    for word in (w for name in names for w in name.split()):
        parts = word.split("-")
        words |= {word, *("-".join(parts[: i + 1]) + "-" for i in range(len(parts) - 1))}
        words |= {"-".join(parts[i:]) for i in range(1, len(parts))}
    return words


@pytest.mark.parametrize(("name", "most_pages", "least_a_page", "least_size"), [
    (lambda n: f"{ORDINARY[n % len(ORDINARY)]} {n}", 8, 3, 36),  # a club's names: 15 tables and the index on 8 pages
    (long_name, 9, 3, NAME_SIZES[-1]),  # 60 letters each: 9 pages (19 before), three tables a page, 20 pt or more
])  # fmt: skip
def test_fifteen_tables_take_few_sheets_several_a_page_in_large_type(name, most_pages, least_a_page, least_size):
    pages, everyone = chart(15, name)
    assert len(pages) <= most_pages
    tables = table_pages(pages)
    counts = [len(re.findall(r"Table \d+", page.text)) for page in tables]
    assert sum(counts) == 15 and min(counts) >= least_a_page  # several tables a page, shared out evenly
    assert max(counts) - min(counts) <= 1
    sizes = [w.size for page in tables for w in body_words(page) if w.text in whole_words(everyone)]
    assert min(sizes) >= least_size


@pytest.mark.parametrize("name", [lambda n: f"{ORDINARY[n % len(ORDINARY)]} {n}", long_name])
def test_a_name_is_never_broken_inside_a_word_and_an_ampersand_never_stands_alone(name):
    pages, everyone = chart(15, name)
    allowed = whole_words(everyone) | {"&", "vs", "Table"} | {str(n) for n in range(1, 16)}
    for page in table_pages(pages):
        body = body_words(page)
        assert {w.text for w in body} <= allowed, {w.text for w in body} - allowed
        assert all(line.text.strip() not in ("&", "vs") for line in page.lines if line.top > HEADING)


def test_a_night_of_two_tables_reads_from_across_the_room_on_one_page():
    pages, everyone = chart(2, lambda n: f"{ORDINARY[n % len(ORDINARY)]} {n}")
    tables = table_pages(pages)
    assert len(tables) == 1
    assert min(w.size for w in body_words(tables[0]) if w.text in whole_words(everyone)) >= 40
