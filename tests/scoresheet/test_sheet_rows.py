"""Rare fields share a row on paper (issue 11): Modern American Canasta's three wild canastas,
five penalties and four special hands each print as one row, their values on the rules card
on the rules card, so that its canasta pad keeps narrow columns and at least 10 hands a page.

The worked game (Modern American Canasta; values from VARIANTS.md CN-2, seed 000 L425–428):
round 1  Us: 1 four-jokers canasta 2,500 + 1 other wild canasta 2,000 + 300 laid − 60 left
         in hand = 4,740.
         Them: 1 mixed 300 + 200 laid + going out 100, a sevens meld not finished −2,500 and
         one player holding three aces −1,500 = −3,400.
round 2  Them call a straight: the round scores 3,000 for them and 0 for us (L428).
running  Us 4,740 → 4,740; Them −3,400 → −400.
"""

from __future__ import annotations

import pytest

from scoresheet.games import services
from scoresheet.models import Game, Variant
from scoresheet.paper.sheet_rows import sheet_rows
from scoresheet.rules.preset_rules import PRESET_SLUGS, preset
from scoresheet.scoring.engine import Entry
from tests.pdf_reading import lines_of, read, words_of
from tests.scoresheet.sheet_lines import pdf_lines

AMERICAN = "canasta-modern-american"


def labels(slug: str) -> list[str]:
    return [row.label for row in sheet_rows(preset(slug))]


def test_modern_american_prints_its_rare_fields_one_row_each_sort():
    assert labels(AMERICAN) == [
        "Natural canastas × 500",
        "Mixed canastas × 300",
        "Sevens canastas × 2,500",
        "Aces canastas × 2,500",
        "Wild canastas: see the rules card",  # all-twos 3,000, four jokers 2,500, other 2,000 (L427)
        "Red threes laid × 100 (+400 for 4 or more)",
        "Red threes caught × −100",
        "Black threes caught × −5",
        "Cards on the table (+) (count against a side with no canasta)",
        "Cards left in hand (−)",
        "Going out +100",
        "Going out concealed +100",
        "Penalties (−): see the rules card",  # five of them (L425–427)
        "Special hand: see the rules card",  # four of them (L428)
        "Other adjustments (±)",
        "Round total",
        "Running total",
    ]
    rows = {row.key: row.fields for row in sheet_rows(preset(AMERICAN))}
    assert rows["wild_books"] == ("books.wild_twos", "books.wild_jokers", "books.wild")
    assert len(rows["penalties"]) == 5 and len(rows["special_hands"]) == 4


@pytest.mark.parametrize(
    ("slug", "label"),
    [
        ("hand-knee-and-foot", "Knee penalty × −1,000"),  # one penalty: its own row (004 L27)
        ("british-canasta", "Acaba called (replaces the round: 0 for this side, 1,500 for the other sides)"),
        ("hand-and-foot", "Wild books × 1,500"),  # one wild book kind
    ],
)
def test_a_field_alone_of_its_sort_keeps_its_own_row(slug, label):
    assert label in labels(slug)
    assert not any("see the rules card" in text for text in labels(slug))


@pytest.mark.parametrize("slug", [s for s in PRESET_SLUGS if s != AMERICAN])
def test_no_other_preset_shares_rows(slug):
    assert all(len(row.fields) <= 1 for row in sheet_rows(preset(slug)))


# --- on paper -----------------------------------------------------------------------------------


def card_column_width(page) -> float:
    """How far apart the rules card's columns are: the gap between the first two section
    headings, on the line under "Rules:" (words further apart than a space start a column)."""
    words = page.words
    card_top = next(w.top for w in words if w.text == "Rules:")
    first = min((w for w in words if w.top > card_top + 5), key=lambda w: w.top)
    line = sorted((w for w in words if abs(w.top - first.top) < 1), key=lambda w: w.x0)
    starts = [b.x0 for a, b in zip(line, line[1:]) if b.x0 - a.x1 > 8]
    return starts[0] - line[0].x0


def card_column(page, title: str, width: float) -> str:
    """The labels of the rules card's section ``title``, read down its column (the labels are in
    regular type, the values beside them in bold)."""
    words = page.words
    card_top = next(w.top for w in words if w.text == "Rules:")
    heading = next(w for w in words if w.text == title.split()[0] and w.top > card_top)
    left, top, right, bottom = heading.x0 - 1, heading.top, heading.x0 + width, page.height - 30
    labels = [
        char
        for char, font in zip(page.chars, page.fonts, strict=True)
        if not font.endswith("-Bold")  # the labels, not the values
        and left <= char.x0 <= char.x1 <= right
        and top <= char.top <= char.bottom <= bottom
    ]
    return " ".join(line.text for line in lines_of(words_of(labels)))


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.django_db
def test_the_blank_pad_and_its_card_name_every_shared_field(client, presets, paper):
    response = client.get(
        "/print/", {"variant": AMERICAN, "teams": 2, "paper": paper, "copies": 1, "rules_card": "same"}
    )
    assert response.status_code == 200
    doc = read(response.content)
    assert len(doc) == 2  # the pad's hands fill the first page, the rules card the second
    for width, height in doc.sizes:
        assert width > height  # the pad is landscape
    assert "Wild canastas: see the rules card" in doc.texts[0]  # the note under the pad
    page = doc.pages[1]
    # Each shared field is on the card by its form name: read the label half of its column.
    label_width = card_column_width(page) - 4
    penalties = card_column(page, "Penalties", label_width)
    for name in (
        "Sevens meld not finished",
        "Aces meld not finished",
        "Wild meld not finished",
        "Three or more sevens held",
        "Three or more aces held",
    ):
        assert name in penalties, penalties
    specials = card_column(page, "Special hands", label_width)
    for name in ("Straight (special hand)", "Seven pairs, no wild cards (special hand)", "Garbage (special hand)"):
        assert name in specials, specials
    canastas = card_column(page, "Canastas", label_width)
    for name in ("All-twos canastas", "Four-jokers canastas", "Other wild canastas"):
        assert name in canastas, canastas


def american_game() -> Game:
    game = services.game_create(
        variant=Variant.objects.get(slug=AMERICAN),
        mode=Game.Mode.TEAMS,
        teams=[services.TeamData("Us"), services.TeamData("Them")],
    )
    us = Entry(books={"wild_jokers": 1, "wild": 1}, melded_points=300, hand_points=60)
    them = Entry(books={"dirty": 1}, melded_points=200, went_out=True, extras={"sevens_unfinished": 1, "aces_held": 1})
    services.round_record(game=game, number=1, entries=[us, them])
    services.round_record(game=game, number=2, entries=[Entry(), Entry(extras={"special_straight": 1})])
    return game


def hand(lines: list[str], number: int) -> list[str]:
    """What the pad prints on hand ``number``'s line after its number, a tick box a value of its own."""
    found = [line.split() for line in lines if line.split()[0] == str(number)]
    assert len(found) == 1, found
    return " ".join(found[0][1:]).replace("☐", " ☐ ").replace("☑", " ☑ ").split()


@pytest.mark.django_db
def test_a_shared_column_of_a_filled_pad_adds_up_its_fields(client, presets):
    game = american_game()
    lines = pdf_lines(client.get(f"/g/{game.token}/sheet.pdf").content)
    # A hand's line: each side's meld needed, then its entries left to right (natural, mixed,
    # sevens, aces, wild canastas counted; cards on the table and left in hand; going out and
    # concealed ticked or not; penalties; special hand; the hand's total and the score).
    # Hand 1, Us: 2 wild canastas (2,500 + 2,000 on the one column), 300 laid, 60 left in hand.
    # Them: 1 mixed, 200 laid, going out, penalties −2,500 − 1,500 = −4,000 on one column.
    assert hand(lines, 1) == [
        *("50", "2", "300", "−60", "☐", "☐", "☐", "4,740", "4,740"),
        *("50", "1", "200", "☑", "☐", "−4,000", "☐", "−3,400", "−3,400"),
    ]
    # Hand 2: Them call a straight: their special hand ticked, 3,000; Us 0.
    assert hand(lines, 2) == [
        *("180", "☐", "☐", "☐", "0", "4,740"),  # the meld for 4,740: 180
        *("50", "☐", "☐", "☑", "3,000", "−400"),  # and for −3,400: 50
    ]
