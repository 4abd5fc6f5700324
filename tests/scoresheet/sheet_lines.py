"""A printed sheet read back a line at a time, for the tests of filled sheets."""

from __future__ import annotations

import io

import pdfplumber


def pdf_lines(content: bytes) -> list[str]:
    """Every printed line, left to right (a table row is one line)."""
    with pdfplumber.open(io.BytesIO(content)) as doc:
        return [" ".join(line["text"].split()) for page in doc.pages for line in page.extract_text_lines()]


def row(lines: list[str], label: str) -> list[str]:
    """The values printed on a sheet row after its label ("Round total" → ["8,130", "785", …])."""
    found = [line for line in lines if line.startswith(label)]
    assert len(found) == 1, (label, found)
    return found[0][len(label) :].split()
