"""The rules card: a readable summary of every preset, with the numbers of its source.

The values are copied by hand from shared/rules/VARIANTS.md (and its seed lines), not from
the code. `004 L87` = shared/seeds/004_…, line 87. Negative numbers print a real minus sign.
"""

from __future__ import annotations

import re

import pytest

from scoresheet.rules.card import NOT_WRITTEN, rules_card
from scoresheet.rules.preset_rules import preset

MINUS = "\u2212"

PRESETS = [
    "hand-and-foot",
    "hand-and-foot-6-deck",
    "hand-and-foot-canasta",
    "hand-and-foot-11-card",
    "hand-and-foot-individual",
    "hand-knee-and-foot",
    "hand-knee-and-foot-by-round",
    "canasta",
]

# Book kinds per preset: label (the preset's word for the book) → bonus as printed.
BOOKS = {
    # HF-1: clean 500, dirty 300, wild 1500 (002 L57–59)
    "hand-and-foot": {"Clean books": "500", "Dirty books": "300", "Wild books": "1,500"},
    # HF-2: clean 500, dirty 300, joker 1500 (003 L134–136)
    "hand-and-foot-6-deck": {"Clean canastas": "500", "Dirty canastas": "300", "Joker canastas": "1,500"},
    # HF-3: natural 500, mixed 300 (001 L71–72)
    "hand-and-foot-canasta": {"Natural canastas": "500", "Mixed canastas": "300"},
    # HF-4: red heap 500, black stack 300 (000 L70–72)
    "hand-and-foot-11-card": {"Red books": "500", "Black books": "300"},
    # HF-8: clean stack 300, dirty stack 100 (000 L775)
    "hand-and-foot-individual": {"Clean stacks": "300", "Dirty stacks": "100"},
    # HKF-1: 7s 5,000; 5s 3,000; wild 2,500; clean 500; mixed 300 (004 L87–95)
    "hand-knee-and-foot": {
        "Sevens books": "5,000",
        "Fives books": "3,000",
        "Wild books": "2,500",
        "Clean books": "500",
        "Dirty books": "300",
    },
    # HKF-2: the same values (000 L162–166)
    "hand-knee-and-foot-by-round": {
        "Sevens books": "5,000",
        "Fives books": "3,000",
        "Wild books": "2,500",
        "Clean books": "500",
        "Dirty books": "300",
    },
    # CN-1: mixed canasta 300, natural 500 (000 L403)
    "canasta": {"Natural canastas": "500", "Mixed canastas": "300"},
}

BY_ROUND = [
    "hand-and-foot",
    "hand-and-foot-6-deck",
    "hand-and-foot-canasta",
    "hand-and-foot-11-card",
    "hand-and-foot-individual",
    "hand-knee-and-foot-by-round",
]
BY_SCORE = ["hand-knee-and-foot", "canasta"]


def card(slug: str) -> dict[str, list[tuple[str, str, str]]]:
    """Section title → rows as (label, value, note)."""
    return {s.title: [(r.label, r.value, r.note) for r in s.rows] for s in rules_card(preset(slug))}


def rows(slug: str, title: str) -> dict[str, str]:
    return {label: value for label, value, _ in card(slug)[title]}


def books_title(slug: str) -> str:
    """The first section, named in the variant's own word: "Books", "Canastas", "Stacks"."""
    return next(iter(card(slug)))


def meld_title(slug: str) -> str:
    return next(t for t in card(slug) if t.startswith("Opening meld"))


def all_text(slug: str) -> str:
    return "\n".join(
        f"{title}\n" + "\n".join(" ".join(row) for row in section_rows) for title, section_rows in card(slug).items()
    )


# --- sections -------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", PRESETS)
def test_every_preset_card_has_the_main_sections(slug):
    titles = list(card(slug))
    for title in ("Threes", "Going out and bonuses", "Card values", "Game"):
        assert title in titles
    assert any(t.startswith("Opening meld") for t in titles)
    assert titles[0] in ("Books", "Canastas", "Stacks") and titles[-1] in ("Game", "Good to know")
    for title, section_rows in card(slug).items():
        assert section_rows, f"{title} is empty"


@pytest.mark.parametrize("slug", BY_ROUND)
def test_round_based_presets_title_the_meld_schedule_by_round(slug):
    assert meld_title(slug) == "Opening meld by round"


@pytest.mark.parametrize("slug", BY_SCORE)
def test_score_based_presets_title_the_meld_schedule_by_score(slug):
    assert meld_title(slug) == "Opening meld by the team's score before the round"


# --- books ----------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", PRESETS)
def test_every_book_kind_is_listed_with_its_bonus(slug):
    books = rows(slug, books_title(slug))
    for label, value in BOOKS[slug].items():
        assert books.get(label) == value, f"{label} should be {value}"


def test_hand_and_foot_canasta_books_are_8_cards_and_7_with_three_players():
    # "A canasta is 8 cards" (001 L13); "If playing with 3 players, a canasta is 7 cards" (001 L21)
    assert rows("hand-and-foot-canasta", "Canastas")["A canasta is"] == "8 cards; 7 with 3 players"


def test_hand_and_foot_books_are_7_cards():
    assert rows("hand-and-foot", "Books")["A book is"] == "7 cards"  # 002 L29


@pytest.mark.parametrize(
    ("slug", "title"),
    [
        ("hand-and-foot", "Books"),
        ("hand-and-foot-6-deck", "Canastas"),
        ("hand-and-foot-individual", "Stacks"),
        ("canasta", "Canastas"),
    ],
)
def test_books_are_called_what_the_variant_calls_them(slug, title):
    # HF-1 "books" (002 L29), HF-2 "canastas" (003 L134), HF-8 "stacks" (000 L775), CN-1 "canastas" (000 L403)
    assert books_title(slug) == title


def test_book_notes_say_what_a_book_is_made_of():
    notes = {label: note for label, _, note in card("hand-and-foot")["Books"]}
    assert notes["Wild books"] == "wild cards only"
    assert notes["Dirty books"] == "with wild cards"
    assert notes["Clean books"] == "no wild cards"


# --- meld schedule --------------------------------------------------------------------------


def test_hkf_bands_read_from_the_lower_bound_up():
    # 004 L59–67, bands [from, to) (VARIANTS.md C-09)
    assert rows("hand-knee-and-foot", meld_title("hand-knee-and-foot")) == {
        "Below 15,000": "50 points",
        "15,000 to 29,995": "90 points",
        "30,000 to 49,995": "120 points",
        "50,000 and up": "150 points",
    }


def test_hkf_band_lines_read_as_on_a_card():
    text = [f"{label} → {value}" for label, value, _ in card("hand-knee-and-foot")[meld_title("hand-knee-and-foot")]]
    assert "Below 15,000 → 50 points" in text
    assert "15,000 to 29,995 → 90 points" in text
    assert "50,000 and up → 150 points" in text


def test_canasta_bands_match_the_source_table():
    # "Negative 15 0-1495 50 1500-2995 90 3000 and up 120" (000 L387)
    assert rows("canasta", meld_title("canasta")) == {
        "Below 0": "15 points",
        "0 to 1,495": "50 points",
        "1,500 to 2,995": "90 points",
        "3,000 and up": "120 points",
    }


@pytest.mark.parametrize(
    "slug",
    [
        "hand-and-foot",
        "hand-and-foot-6-deck",
        "hand-and-foot-11-card",
        "hand-and-foot-individual",
        "hand-knee-and-foot-by-round",
    ],
)
def test_round_schedules_are_50_90_120_150(slug):
    # 002 L66–69; 003 L80–83; 000 L47–52; 000 L781; 000 L132–135
    assert rows(slug, "Opening meld by round") == {
        "Round 1": "50 points",
        "Round 2": "90 points",
        "Round 3": "120 points",
        "Round 4": "150 points",
    }


def test_hand_and_foot_canasta_schedule_includes_the_optional_150_round():
    # "Round 1 = 50 points / Round 2 = 90 points / Round 3 = 120 points" (001 L27–31), optional 150 (001 L33)
    assert rows("hand-and-foot-canasta", "Opening meld by round") == {
        "Round 1": "50 points",
        "Round 2": "90 points",
        "Round 3": "120 points",
        "Round 4": "150 points",
    }


# --- threes, going out, game ----------------------------------------------------------------


def test_hkf_threes_row_values():
    threes = rows("hand-knee-and-foot", "Threes")
    assert threes["Red threes laid"] == "+100"  # 004 L51
    assert threes["7 or more red threes"] == "+300 bonus"  # 7 × 100 + 300 = 1,000 (004 L100; C-18)
    assert threes["Red threes caught"] == f"{MINUS}500"  # 004 L102
    assert threes["Black threes caught"] == f"{MINUS}100"  # 004 L104


def test_canasta_threes_row_values():
    threes = rows("canasta", "Threes")
    assert threes["Red threes laid"] == "+100"  # 000 L403
    assert threes["4 or more red threes"] == "+400 bonus"  # all four 800 = 4 × 100 + 400 (000 L403)
    assert threes["Red threes of a team that has not melded"] == "count against the team"  # 000 L404
    assert threes["Black threes caught"] == f"{MINUS}5"  # value 5 (000 L403)
    assert threes["Black threes melded"] == "+5"  # melded when going out (000 L380)


def test_red_threes_that_cannot_be_laid_say_so():
    # HF-4: red threes are discarded; each one caught costs 300 (000 L57)
    threes = rows("hand-and-foot-11-card", "Threes")
    assert threes["Red threes laid"] == "cannot be laid"
    assert threes["Red threes caught"] == f"{MINUS}300"


def test_going_out_rows_of_hkf():
    out = rows("hand-knee-and-foot", "Going out and bonuses")
    # the five basic books (004 L69–81)
    assert out["Going out needs"] == ("1 sevens book, 1 fives book, 1 wild book, 1 clean book and 1 dirty book")
    assert out["Going out"] == "+200"  # 004 L99
    assert rows("hand-knee-and-foot", "Penalties")["Knee penalty"] == f"{MINUS}1,000"  # 004 L27


def test_going_out_rows_of_hand_and_foot():
    out = rows("hand-and-foot", "Going out and bonuses")
    # "two dirty piles, two clean piles and one wild pile" (002 L39)
    assert out["Going out needs"] == "2 clean books, 2 dirty books and 1 wild book"
    assert out["Going out"] == "+100"  # 002 L60
    assert out["Perfect cut"].startswith("+100")  # 000 L259–260


def test_canasta_concealed_bonus_is_listed():
    out = rows("canasta", "Going out and bonuses")
    assert out["Going out"] == "+100"  # 000 L396
    assert out["Going out concealed"] == "+100 more"  # 200 in total (000 L398)


def test_game_rows():
    assert "4 rounds" in rows("hand-and-foot", "Game")["Game"]  # 002 L17
    assert "5,000" in rows("canasta", "Game")["Game"]  # 000 L405
    game = rows("hand-and-foot-canasta", "Game")["Game"]
    assert "3 rounds" in game and "1 optional round" in game  # 001 L25, L33


@pytest.mark.parametrize("slug", PRESETS)
def test_the_card_shows_players_no_working_notes(slug):
    # Source files, line numbers and our reading of them are for maintainers (the preset JSON).
    text = all_text(slug)
    for word in (".txt", "VARIANTS", "seed", "source", "Sources", "How we read", "until a club sets it"):
        assert word not in text
    assert not re.search(r"\b\d{3} L\d|\bL\d+\b|\bC-\d\d|\bHF-\d|\bCN-\d|\bHKF-\d", text)


# --- values the written rules leave out -----------------------------------------------------


def notes(slug: str, title: str) -> dict[str, str]:
    return {label: note for label, _, note in card(slug)[title]}


def test_hkf_by_round_marks_the_values_its_rules_leave_out():
    # VARIANTS.md HKF-2: red three held not stated (C-20: use −100), black three held and going-out
    # bonus not stated (C-06: 0), books to go out "not explicitly stated".
    threes = rows("hand-knee-and-foot-by-round", "Threes")
    assert threes["Red threes laid"] == "+100"  # stated: 000 L154
    assert threes["Red threes caught"] == f"{MINUS}100"
    assert threes["Black threes caught"] == "0"
    three_notes = notes("hand-knee-and-foot-by-round", "Threes")
    assert three_notes["Red threes laid"] == ""
    assert three_notes["Red threes caught"] == NOT_WRITTEN
    assert three_notes["Black threes caught"] == NOT_WRITTEN
    out = rows("hand-knee-and-foot-by-round", "Going out and bonuses")
    assert out["Going out"] == "0"
    assert out["Going out needs"] == "no books"  # what the sheet counts, marked as not written
    assert notes("hand-knee-and-foot-by-round", "Going out and bonuses")["Going out needs"] == NOT_WRITTEN
    assert notes("hand-knee-and-foot-by-round", "Going out and bonuses")["Going out"] == NOT_WRITTEN


def test_the_plain_note_says_what_to_do():
    assert NOT_WRITTEN == "Not in the written rules; a club that plays it differently can change it."


def test_hand_and_foot_6_deck_says_its_card_values_are_not_in_its_rules():
    # C-21: 003's Table 1 is empty; the usual values are used and flagged
    values = rows("hand-and-foot-6-deck", "Card values")
    assert values[""].startswith("Not in the written rules: the usual values are used.")
    assert values["Jokers"] == "50" and values["Twos"] == "20" and values["Aces"] == "20"
    assert values["Eights to kings"] == "10" and values["Fours to sevens"] == "5"


def test_hand_and_foot_canasta_going_out_bonus_is_not_in_its_rules():
    # C-06: "Not stated in 001"
    assert rows("hand-and-foot-canasta", "Going out and bonuses")["Going out"] == "0"
    assert notes("hand-and-foot-canasta", "Going out and bonuses")["Going out"] == NOT_WRITTEN


@pytest.mark.parametrize(
    "slug", ["hand-and-foot", "hand-and-foot-11-card", "hand-and-foot-individual", "hand-knee-and-foot", "canasta"]
)
def test_presets_that_state_everything_have_no_such_note(slug):
    assert "Not in the written rules" not in all_text(slug)


@pytest.mark.parametrize("slug", PRESETS)
def test_card_values_are_the_usual_hand_and_foot_values(slug):
    # Joker 50, 2/A 20, 8–K 10, 4–7 5 (002 L47–50; 001 L76–79; 004 L47–55; 000 L403 …)
    values = rows(slug, "Card values")
    assert (values["Jokers"], values["Twos"], values["Aces"], values["Eights to kings"], values["Fours to sevens"]) == (
        "50",
        "20",
        "20",
        "10",
        "5",
    )


def test_good_to_know_tells_players_the_rules_the_sheet_cannot_check():
    # "In the two-hand game … two canastas are needed to go out" (000 L407); black threes only
    # when going out (000 L380)
    good = [value for _, value, _ in card("canasta")["Good to know"]]
    assert "With two players, two canastas are needed to go out." in good
    assert "Black threes can be melded only when going out." in good
    # HF-1: nobody gets the bonus when the pile runs out (002 L134)
    assert any("no team gets the going-out bonus" in v for _, v, _ in card("hand-and-foot")["Good to know"])
