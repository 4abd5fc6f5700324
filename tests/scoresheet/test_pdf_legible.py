"""Paper a player reads at the table: the rules card's type and ink, the date and table of a
club game, and words for players (no preset slug, no doubled "score sheet"). The PDFs are read
back with PDFium (tests/pdf_reading.py): each character's size and colour as printed."""

from __future__ import annotations

import io
from datetime import date

import pytest
from django.core.management import call_command

from scoresheet.paper import pdf, sheets
from scoresheet.rules.preset_rules import preset
from tests.league.factories import club, night, table_result
from tests.pdf_reading import read

SMALLEST_CARD_TYPE = 8.5
LEAST_CONTRAST = 4.5  # WCAG AA for body text; #595959 on white is 7:1, the old mid-grey 3.9:1


def luminance(rgb: tuple[float, ...]) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_on_white(rgb: tuple[float, float, float]) -> float:
    return 1.05 / (luminance(rgb) + 0.05)


def card_chars(page) -> list:
    """The characters of the rules card on ``page``: from its "Rules:" heading down, above the footer."""
    heading = next(w for w in page.words if w.text == "Rules:")
    footer_top = page.height - 30
    return [c for c in page.chars if heading.top - 1 <= c.top < footer_top]


def sheet(slug: str, **options) -> bytes:
    teams = preset(slug).setup.team_counts or preset(slug).setup.individual_counts
    return sheets.score_sheet(preset(slug), pdf.SheetData(teams=[""] * min(teams)), pdf.Options(**options))


@pytest.mark.parametrize(
    "slug, paper",
    [("hand-and-foot", "letter"), ("canasta", "a4"), ("hand-knee-and-foot-by-round", "letter")],
)
def test_the_rules_card_is_in_8_5_point_type_or_more_and_dark_ink(slug, paper):
    doc = read(sheet(slug, paper=paper))
    assert len(doc) == 1  # the card at its new size still shares the sheet's page
    chars = card_chars(doc.pages[0])
    assert min(c.size for c in chars) >= SMALLEST_CARD_TYPE - 0.01
    assert min(contrast_on_white(c.color) for c in chars) >= LEAST_CONTRAST
    # Everything else on the sheet too, but the white headings on the green bands.
    ink = [c.color for c in doc.pages[0].chars if c.color != (1, 1, 1)]
    assert min(contrast_on_white(color) for color in ink) >= LEAST_CONTRAST


def test_the_rules_card_on_the_back_grows_to_fill_its_page():
    doc = read(sheet("hand-and-foot", rules_card="back"))
    assert len(doc) == 2
    back = doc.pages[1]
    chars = card_chars(back)
    assert min(c.size for c in chars) >= pdf.RULES_CARD_MAX - 1  # as large as it goes, a point at a time
    # It takes the page rather than its top third, as at 8.5 pt.
    assert max(c.bottom for c in chars) > back.height * 0.6


def test_no_slug_in_the_footer_and_no_doubled_words_in_the_title():
    text = read(sheet("hand-and-foot-gocc")).texts[0]
    assert "Bookkeeper · Hand and Foot, GOCC score sheet" in text
    assert "(hand-and-foot-gocc)" not in text
    assert "score sheet · score sheet" not in text and text.count("GOCC score sheet") == 3  # title, card and footer


@pytest.mark.django_db
def test_a_club_games_sheet_prints_its_nights_date_and_table(tmp_path):
    the_night = night(club(), date=date(2026, 11, 24))
    game = table_result(the_night, 2, 3, [("Ann & Bob", 3000), ("Cleo & Dan", 1000)])
    out = tmp_path / "game.pdf"
    call_command("game_sheet", str(game.pk), out=str(out), stdout=io.StringIO())
    text = read(out.read_bytes()).texts[0]
    assert "Date 24 Nov 2026" in text  # the night's date, not the day the game was entered
    assert "Table 3 · Sitting 2" in text
