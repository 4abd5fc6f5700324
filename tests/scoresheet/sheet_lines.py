"""A printed sheet read back a line at a time, for the tests of filled sheets, and a canasta pad's
hand numbers (tests/pdf_reading.py reads the PDF)."""

from __future__ import annotations

from tests import pdf_reading


def pdf_lines(content: bytes) -> list[str]:
    """Every printed line, left to right (a table row is one line)."""
    return pdf_reading.lines(content)


def row(lines: list[str], label: str) -> list[str]:
    """The values printed on a sheet row after its label ("Round total" → ["8,130", "785", …])."""
    found = [line for line in lines if line.startswith(label)]
    assert len(found) == 1, (label, found)
    return found[0][len(label) :].split()


def hands_on_pages(content: bytes) -> list[list[int]]:
    """The hand numbers a canasta pad prints on each page (``hands_on_page``)."""
    return [hands_on_page(page) for page in pdf_reading.read(content).pages]


def hands_on_page(page: pdf_reading.Page) -> list[int]:
    """The hand numbers a canasta pad prints on a page: the numbers upright in the pad's first
    column, under its top rule (not the "Team 1" beside a name), above the rules card."""
    words = page.words
    lines = sorted({round(e.x0, 1) for e in page.edges if e.orientation == "v"})
    left, right = lines[:2] if len(lines) > 1 else (0, 0)  # the pad's first column
    tops = [e.top for e in page.edges if e.orientation == "h" and abs(e.x0 - left) < 1]
    card = min((w.top for w in words if w.text == "Rules:"), default=page.height)
    return [
        int(w.text)
        for w in sorted(words, key=lambda w: w.top)
        if w.text.isdigit() and w.upright and left < w.x0 and w.x1 < right and min(tops, default=0) < w.top < card
    ]
