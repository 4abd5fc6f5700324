"""tests/pdf_reading.py reads back what a PDF prints, where it prints it: a page drawn here with
reportlab's canvas, every position known."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.colors import Color
from reportlab.pdfgen import canvas

from tests.pdf_reading import embedded_fonts, lines, read, text

WIDTH, HEIGHT = 400, 300


def drawn() -> bytes:
    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, pagesize=(WIDTH, HEIGHT))
    page.setFont("Helvetica", 10)
    page.drawString(50, HEIGHT - 40, "Round total")  # a row's label and, further along, its values
    page.drawString(200, HEIGHT - 40, "8,130")
    page.setFont("Helvetica-Bold", 14)
    page.drawString(300, HEIGHT - 40, "785")  # larger type standing on the same line
    page.setFillColor(Color(0.35, 0.35, 0.35))
    page.setFont("Helvetica", 8)
    page.drawString(50, HEIGHT - 80, "Grey small print")
    page.saveState()
    page.translate(30, 100)
    page.rotate(90)
    page.setFillColor(Color(0, 0, 0))
    page.drawString(0, 0, "Hand")  # on end, reading upwards
    page.restoreState()
    page.line(40, 200, 360, 200)  # a rule across
    page.rect(100, 20, 50, 30)  # a box: four edges
    page.showPage()
    page.setFont("Helvetica", 10)
    page.drawString(50, 50, "Page two")
    page.save()
    return buffer.getvalue()


def test_pages_text_and_sizes():
    content = drawn()
    document = read(content)
    assert len(document) == 2 and document.sizes == [(WIDTH, HEIGHT)] * 2
    assert "Round total 8,130 785" in document.texts[0] and document.texts[1] == "Page two"
    assert text(content).endswith("Page two")
    assert read(content) is document  # parsed once


def test_words_and_lines_where_they_stand():
    content = drawn()
    page = read(content).pages[0]
    words = {w.text: w for w in page.words}
    assert words["Round"].x0 == pytest.approx(50, abs=0.5)
    assert words["Round"].baseline == pytest.approx(40, abs=0.01)
    assert words["Round"].top < 40 < words["Round"].bottom
    assert words["785"].size == pytest.approx(14) and words["8,130"].size == pytest.approx(10)
    assert words["Hand"].upright is False  # read upwards, whole
    assert 22 <= words["Hand"].x0 < 30 < words["Hand"].x1 < 32 and words["Hand"].bottom == pytest.approx(200)
    assert lines(content)[0] == "Round total 8,130 785"  # two sizes, one line
    assert lines(content)[-1] == "Page two"


def test_chars_size_and_colour():
    page = read(drawn()).pages[0]
    grey = [c for c in page.chars if c.upright and c.size == pytest.approx(8)]
    assert "".join(c.text for c in grey) == "Grey small print"  # its spaces too, as printed
    assert all(c.color == pytest.approx((0.35, 0.35, 0.35), abs=0.01) for c in grey)
    assert {c.size for c in page.chars if not c.upright} == {8}  # type standing on end: its size
    assert all(c.color == (0, 0, 0) for c in page.chars if not c.upright)
    bold = {c.text for c, font in zip(page.chars, page.fonts, strict=True) if font.endswith("-Bold")}
    assert bold == {"7", "8", "5"}


def test_edges_of_lines_and_boxes():
    edges = read(drawn()).pages[0].edges
    assert ("h", 40, 360, HEIGHT - 200) in {(e.orientation, e.x0, e.x1, e.top) for e in edges}
    box = [e for e in edges if 100 <= e.x0 and e.x1 <= 150 and e.bottom <= HEIGHT - 20 + 0.01]
    assert sorted((e.orientation, e.x0, e.top) for e in box) == [
        ("h", 100, HEIGHT - 50),
        ("h", 100, HEIGHT - 20),
        ("v", 100, HEIGHT - 50),
        ("v", 150, HEIGHT - 50),
    ]


def test_fonts_embedded_or_not():
    assert embedded_fonts(drawn()) == {"Helvetica": False, "Helvetica-Bold": False}  # reportlab's standard 14
