"""Plausibility warnings (scoresheet/scoring/plausibility.py): numbers the rules allow but the cards hardly do.

Each bound is worked out by hand in the comment above its case, from the table the variant
names (shared/rules/VARIANTS.md §2: decks, piles) and 54 cards a deck (52 and 2 jokers,
002 L9). A side — a team, or a player without partners — has at most about

    its players' deal + the stock after the deal ÷ cards drawn a turn (2 in Hand and Foot
    and Hand Knee and Foot, 1 in Canasta)

cards in a round; its books hold at least the smallest book's cards each, and its card points
are at most what the best that many cards of the decks are worth. Of the seatings a variant
allows for the number of teams, the most generous counts.
"""

from __future__ import annotations

import json

import pytest

from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import preset, preset_document
from scoresheet.scoring import plausibility
from scoresheet.scoring.engine import Entry, score_round
from scoresheet.scoring.game_json import score_game_document

E = Entry
NOBODY = E()


def warnings(slug: str, entries: list[Entry], team_count: int | None = None):
    return plausibility.plausibility_warnings(preset(slug), entries, number=1, team_count=team_count or len(entries))


def where(problems) -> list[tuple]:
    return [(p.team, p.field, p.key) for p in problems]


# --- the issue's typos ------------------------------------------------------------------------


def test_22_clean_books_warn_with_the_team_and_the_field():
    # Hand and Foot, 2 teams of 2: 4 + 1 = 5 decks (002 L153) = 270 cards; each player is dealt
    # 13 + 13 (002 L11). A team: 2 × 26 = 52 dealt + (270 − 4 × 26) ÷ 2 = 166 ÷ 2 = 83 drawn = 135
    # cards. 22 clean books × 7 cards = 154 > 135.
    (problem,) = warnings("hand-and-foot", [E(books={"clean": 22}, melded_points=1045, went_out=True), NOBODY])
    assert where([problem]) == [(0, "books", "clean")]
    assert problem.round == 1
    assert problem.message.startswith("22 clean books hold at least 154 cards")
    assert "about 135: 52 dealt and up to 83 more of the 166 left after dealing 5 decks" in problem.message
    assert problem.message.endswith("Check Clean books.")


def test_10450_table_points_warn_with_the_team_and_the_field():
    # A team's 135 cards (above) are worth at most the best 135 of 5 decks: 10 jokers × 50 = 500,
    # 20 twos + 20 aces = 40 × 20 = 800, then 85 of the 120 eights to kings × 10 = 850: 2,150.
    (problem,) = warnings("hand-and-foot", [E(books={"clean": 2}, melded_points=10450, went_out=True), NOBODY])
    assert where([problem]) == [(0, "melded_points", None)]
    assert problem.message.startswith("10,450 points on the table: more than")
    assert "the best 135 are worth 2,150" in problem.message
    assert problem.message.endswith("Check Cards on the table.")


def test_the_issues_round_raises_both():
    entries = [E(books={"clean": 22}, melded_points=10450, went_out=True), E(books={"dirty": 1}, melded_points=610)]
    assert where(warnings("hand-and-foot", entries)) == [(0, "books", "clean"), (0, "melded_points", None)]


# --- real rounds do not warn -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "slug,entries",
    [
        # The PRODUCT.md / README example: 5 books (35 cards) and 1,045 points, far below 135 and 2,150.
        (
            "hand-and-foot",
            [
                E(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1045, went_out=True),
                E(
                    books={"clean": 1, "dirty": 1},
                    red_threes_held=1,
                    black_threes_held=2,
                    melded_points=610,
                    hand_points=185,
                ),
            ],
        ),
        # A big Hand and Foot round: 12 books (84 cards, 19 allowed) with 1,900 on the table (2,150
        # allowed), the other team caught with 900 in hand.
        (
            "hand-and-foot",
            [
                E(books={"clean": 6, "dirty": 4, "wild": 2}, red_threes=3, melded_points=1900, went_out=True),
                E(books={"clean": 2, "dirty": 2}, melded_points=700, hand_points=900),
            ],
        ),
        # Hand Knee and Foot round 1 of the worked game (test_scoring_examples): 7 books, 1,850 points.
        # Teams of 3 with 7 decks (VARIANTS.md HKF-1): 3 × 39 = 117 dealt + (378 − 234) ÷ 2 = 72 → 189
        # cards, 27 books; the best 189 of 7 decks: 14 × 50 + 56 × 20 + 119 × 10 = 3,010.
        (
            "hand-knee-and-foot",
            [
                E(
                    books={"sevens": 1, "fives": 1, "wild": 1, "clean": 3, "dirty": 1},
                    melded_points=1850,
                    went_out=True,
                ),
                E(books={"clean": 2, "dirty": 2}, melded_points=1240, hand_points=385),
            ],
        ),
        # A big Canasta hand: 6 canastas (42 cards; 13 allowed, below) and 900 points (1,145 allowed).
        (
            "canasta",
            [
                E(books={"clean": 3, "dirty": 3}, red_threes=2, melded_points=900, went_out=True),
                E(books={"dirty": 1}, melded_points=250, hand_points=120),
            ],
        ),
        # Counted cards: 60 on the table and 20 in hand, all within the decks and a team's 135.
        (
            "hand-and-foot",
            [
                E(
                    books={"clean": 3, "dirty": 2},
                    went_out=True,
                    melded_cards={"jokers": 4, "twos": 6, "aces": 10, "eights_to_kings": 25, "fours_to_sevens": 15},
                ),
                E(
                    books={"clean": 1},
                    melded_points=400,
                    hand_cards={"jokers": 2, "twos": 2, "aces": 4, "eights_to_kings": 8, "fours_to_sevens": 4},
                ),
            ],
        ),
    ],
    ids=["product-example", "big-hand-and-foot", "hkf-worked-round-1", "big-canasta", "counted-cards"],
)
def test_a_real_big_round_raises_none(slug, entries):
    assert warnings(slug, entries) == []


# --- books: the most a side's cards make, per variant -------------------------------------------------


@pytest.mark.parametrize(
    "slug,most",
    [
        # 2 teams of 2, 5 decks: 52 + (270 − 104) ÷ 2 = 135 cards; 135 ÷ 7 = 19 books.
        ("hand-and-foot", 19),
        # 6 decks (003 L18), teams of 2 or 3: 52 + (324 − 104) ÷ 2 = 162 or 78 + (324 − 156) ÷ 2 = 162; 23.
        ("hand-and-foot-6-deck", 23),
        # 4 players use 4 decks (001), canastas of 8 but 7 with 3 players (the smallest counts):
        # 52 + (216 − 104) ÷ 2 = 108; 108 ÷ 7 = 15.
        ("hand-and-foot-canasta", 15),
        # 4 decks (000 L23), 11 + 11 each: 44 + (216 − 88) ÷ 2 = 108; 15.
        ("hand-and-foot-11-card", 15),
        # 2 players, 3 decks (players + 1): 22 + (162 − 44) ÷ 2 = 81; 11.
        ("hand-and-foot-individual", 11),
        # teams of 3 with 7 decks: 117 + (378 − 234) ÷ 2 = 189; 27.
        ("hand-knee-and-foot", 27),
        # teams of 2 with 6 decks: 78 + (324 − 156) ÷ 2 = 162; 23.
        ("hand-knee-and-foot-by-round", 23),
        # 2 players, 2 decks, 11 dealt each, 1 card drawn a turn: 11 + (108 − 22) ÷ 1 = 97; 13.
        ("canasta", 13),
    ],
)
def test_books_warn_one_past_what_a_sides_cards_make(slug, most):
    assert warnings(slug, [E(books={"clean": most}), NOBODY]) == []
    (problem,) = warnings(slug, [E(books={"clean": most + 1}), NOBODY])
    assert where([problem]) == [(0, "books", "clean")]


def test_books_of_several_kinds_add_up_and_name_each_field():
    # 12 + 8 = 20 books × 7 = 140 cards > 135 (Hand and Foot, 2 teams of 2, above).
    (problem,) = warnings("hand-and-foot", [E(books={"clean": 12, "dirty": 8}), NOBODY])
    assert where([problem]) == [(0, "books", "clean")]  # the kind with the most
    assert problem.message.startswith("12 clean books and 8 dirty books hold at least 140 cards")
    assert problem.message.endswith("Check Clean books and Dirty books.")


def test_a_variants_own_words_name_the_field():
    # Hand and Foot, six decks calls its books canastas (003 L134–136): 24 × 7 = 168 > 162.
    (problem,) = warnings("hand-and-foot-6-deck", [E(books={"clean": 24}), NOBODY])
    assert problem.message.startswith("24 clean canastas hold")
    assert problem.message.endswith("Check Clean canastas.")


def test_wild_books_of_all_teams_cannot_use_more_twos_and_jokers_than_the_decks_have():
    # 5 decks hold 5 × (4 twos + 2 jokers) = 30 wild cards: 4 wild books (28) fit, 5 (35) do not.
    assert warnings("hand-and-foot", [E(books={"wild": 2}), E(books={"wild": 2})]) == []
    (problem,) = warnings("hand-and-foot", [E(books={"wild": 3}), E(books={"wild": 2})])
    assert where([problem]) == [(None, "books", "wild")]  # both teams: the round's
    assert problem.message == (
        "5 wild books this round hold at least 35 wild cards, more than the 30 twos and jokers of 5 decks. "
        "Check Wild books."
    )
    # one team with them all is named
    assert where(warnings("hand-and-foot", [NOBODY, E(books={"wild": 5})])) == [(1, "books", "wild")]


def test_all_teams_books_cannot_use_more_cards_than_the_decks_have():
    # 5 decks less the 4 threes a deck: 5 × 50 = 250 cards can make books. 18 + 17 = 35 books
    # × 7 = 245 fit; 18 + 18 = 36 × 7 = 252 do not, though each team's 18 (126 cards) fits in 135.
    assert warnings("hand-and-foot", [E(books={"clean": 18}), E(books={"clean": 17})]) == []
    (problem,) = warnings("hand-and-foot", [E(books={"clean": 18}), E(books={"clean": 18})])
    assert where([problem]) == [(None, "books", None)]
    assert problem.message.startswith("36 books this round hold at least 252 cards, more than the 250 of 5 decks")


# --- card points -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "slug,most",
    [
        # the best 135 cards of 5 decks: 10 × 50 + 40 × 20 + 85 × 10 = 500 + 800 + 850 = 2,150.
        ("hand-and-foot", 2150),
        # the best 189 cards of 7 decks (teams of 3): 14 × 50 + 56 × 20 + 119 × 10 = 700 + 1,120 + 1,190 = 3,010.
        ("hand-knee-and-foot", 3010),
        # the best 97 cards of 2 decks: 4 × 50 + 16 × 20 + 48 × 10 + 29 × 5 (fours to sevens, and black
        # threes, worth 5 in Canasta, 000 L403) = 200 + 320 + 480 + 145 = 1,145.
        ("canasta", 1145),
    ],
)
def test_card_points_warn_past_what_a_sides_best_cards_are_worth(slug, most):
    assert warnings(slug, [E(melded_points=most), E(hand_points=most)]) == []
    problems = warnings(slug, [E(melded_points=most + 5), E(hand_points=most + 5)])
    assert where(problems) == [(0, "melded_points", None), (1, "hand_points", None)]


def test_points_left_in_hand_name_the_variants_piles():
    # the best 162 cards of 6 decks (Hand Knee and Foot by round, teams of 2):
    # 12 × 50 + 48 × 20 + 102 × 10 = 600 + 960 + 1,020 = 2,580.
    (problem,) = warnings("hand-knee-and-foot-by-round", [NOBODY, E(hand_points=2600)])
    assert problem.message.startswith("2,600 points left in hand, knee and foot: more than")
    assert problem.message.endswith("Check Cards left in hand, knee and foot.")


# --- counted cards --------------------------------------------------------------------------------------


def test_more_cards_of_a_kind_than_the_decks_have_warn():
    # 5 decks have 5 × 2 = 10 jokers: 6 on the table and 4 in hand fit, 6 and 5 do not.
    fits = [E(melded_cards={"jokers": 6}), E(hand_cards={"jokers": 4})]
    assert warnings("hand-and-foot", fits) == []
    (problem,) = warnings("hand-and-foot", [E(melded_cards={"jokers": 6}), E(hand_cards={"jokers": 5})])
    assert where([problem]) == [(None, "melded_cards", "jokers")]
    assert problem.message.startswith("11 jokers counted this round")
    assert problem.message.endswith("more than the 10 of 5 decks. Check Jokers.")


def test_black_threes_caught_count_against_the_decks_black_threes():
    # 5 decks have 10 black threes: 11 caught by one team is more.
    (problem,) = warnings("hand-and-foot", [E(black_threes_held=11), NOBODY])
    assert where([problem]) == [(0, "black_threes_held", None)]
    assert problem.message.endswith("Check Black threes caught.")


def test_more_cards_counted_than_a_side_has_warn():
    # 40 twos would be too many for the decks (20), so plausible kinds: 100 eights to kings on the
    # table and 36 fours to sevens in hand = 136 cards > 135 (Hand and Foot, above); each kind fits
    # in 5 decks (120 and 80).
    entry = E(melded_cards={"eights_to_kings": 100}, hand_cards={"fours_to_sevens": 36})
    (problem,) = warnings("hand-and-foot", [entry, NOBODY])
    assert where([problem]) == [(0, "melded_cards", None)]
    assert problem.message.startswith("136 cards counted on the table and in hand: more than a team of 2 has")


# --- the table ---------------------------------------------------------------------------------------------


def test_every_seating_the_variant_allows_is_considered():
    # Hand and Foot with 2 sides: 2 teams of 2 (5 decks) or 2 players (3 decks), both listed.
    seatings = plausibility.tables(preset("hand-and-foot"), 2)
    assert [(t.players_per_side, t.decks, t.side_cards) for t in seatings] == [(1, 3, 81), (2, 5, 135)]


def test_a_variant_without_decks_or_piles_is_not_checked():
    document = preset_document("hand-and-foot")
    document["setup"].pop("piles")
    rules = load_rules(document)
    assert plausibility.plausibility_warnings(rules, [E(books={"clean": 99}), NOBODY], number=1, team_count=2) == []


# --- codes, the record, and where the warnings go ----------------------------------------------------------


def test_a_code_names_one_warning_exactly():
    rules = preset("hand-and-foot")

    def codes(books):
        checks = plausibility.plausibility_checks(rules, [E(books={"clean": books}), NOBODY], number=1, team_count=2)
        return [check.code for check in checks]

    assert codes(22) == codes(22)
    assert codes(22) != codes(23)  # a confirmation of 22 does not cover 23


def test_the_record_keeps_what_the_game_page_notes():
    rules = preset("hand-and-foot")
    entries = [E(books={"clean": 22}, melded_points=10450), NOBODY]
    checks = plausibility.plausibility_checks(rules, entries, number=2, team_count=2)
    record = plausibility.confirmation_record(checks)
    assert [(r["team"], r["field"], r["key"], r["subject"]) for r in record] == [
        (0, "books", "clean", "22 clean books"),
        (0, "melded_points", None, "10,450 points on the table"),
    ]
    assert [r["code"] for r in record] == [check.code for check in checks]
    assert json.loads(json.dumps(record)) == record  # stored as JSON


def test_a_scored_round_lists_them_among_its_warnings():
    entries = [E(books={"clean": 22}, melded_points=1045, went_out=True), NOBODY]
    result = score_round(preset("hand-and-foot"), entries, number=1, totals_before=(0, 0))
    assert (0, "books", "clean") in where(result.warnings)
    assert result.scores[0].total == 22 * 500 + 1045 + 100  # still scored as entered


def test_score_game_lists_them_as_warnings_and_keeps_its_shape():
    game = {
        "variant": "hand-and-foot",
        "teams": ["Us", "Them"],
        "rounds": [[{"books": {"clean": 22}, "melded_points": 10450, "went_out": True}, {"melded_points": 610}]],
    }
    output, status = score_game_document(game, find_rules=preset)
    assert status == 0  # never refused
    (rnd,) = output["rounds"]
    assert set(rnd) == {"number", "meld_requirements", "scores", "running_totals", "warnings"}
    # 22 × 500 + 10,450 + 100 = 21,550
    assert rnd["running_totals"] == [21550, 610]
    checks = [w for w in rnd["warnings"] if w["field"] in ("books", "melded_points")]
    assert [(w["round"], w["team"], w["field"]) for w in checks] == [(1, "Us", "books"), (1, "Us", "melded_points")]
    assert all(set(w) == {"round", "team", "field", "message"} for w in rnd["warnings"])
