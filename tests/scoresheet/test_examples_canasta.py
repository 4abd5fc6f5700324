"""Worked examples for the Canasta presets of issue 11, each round's arithmetic done by hand.

CN-2 … CN-7 are written as changes to classic Canasta (CN-1, 000 L370-409): every value a
paragraph does not change is CN-1's — natural 500, mixed 300 (000 L403), red threes 100 each and
against a side that has not melded (000 L403-404), going out 100 and concealed 100 more
(000 L396-398), opening meld by the score before the hand (000 L386-387). ``000 L434`` = seed 000,
line 434. The code under test is never used to produce an expectation.
"""

from __future__ import annotations

import pytest

from scoresheet.rules import preset
from scoresheet.scoring import Entry as E
from scoresheet.scoring import game_errors, meld_requirement, score_game
from tests.scoresheet.test_scoring_examples import Game, Round, entries_of, lines_by_key, one

P = pytest.param

# =====================================================================================
# samba (CN-3, 000 L434): samba 1,500; six red threes 1,000 instead of four 800; 150 to open from
# 7,000; game to 10,000.
# =====================================================================================
SAMBA = Game(
    slug="samba",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 1 samba × 1500 + 1 natural × 500 + 1 mixed × 300 + 590 melded + 2 red × 100 + 100 out
                #     = 1500 + 500 + 300 + 590 + 200 + 100 = 3190
                E(books={"samba": 1, "clean": 1, "dirty": 1}, melded_points=590, red_threes=2, went_out=True),
                # Them: 1 natural × 500 + 360 melded + 1 red × 100 − 85 in hand = 875
                E(books={"clean": 1}, melded_points=360, red_threes=1, hand_points=85),
            ],
            totals=(3190, 875),
            running=(3190, 875),
            meld=(50, 50),  # 0 before the first hand: 0-1495 → 50 (000 L387)
        ),
        Round(
            entries=[
                # Us: 500 + 300 + 420 melded − 60 = 1160
                E(books={"clean": 1, "dirty": 1}, melded_points=420, hand_points=60),
                # Them: 1 samba × 1500 + 2 natural × 500 + 1 mixed × 300 + 880 melded + 100 out + 100 concealed
                #       + 6 red threes: 6 × 100 + 400 = 1000 ("six red threes being worth 1,000", 000 L434)
                #       = 1500 + 1000 + 300 + 880 + 100 + 100 + 1000 = 4880
                E(
                    books={"samba": 1, "clean": 2, "dirty": 1},
                    melded_points=880,
                    red_threes=6,
                    went_out=True,
                    concealed=True,
                ),
            ],
            totals=(1160, 4880),
            running=(4350, 5755),  # 3190 + 1160; 875 + 4880
            meld=(120, 50),  # Us 3190: 3000 and up → 120 (000 L387); Them 875 → 50
        ),
        Round(
            entries=[
                # Us: 2 samba × 1500 + 1 natural × 500 + 950 melded + 1 red × 100 + 100 out
                #     = 3000 + 500 + 950 + 100 + 100 = 4650
                E(books={"samba": 2, "clean": 1}, melded_points=950, red_threes=1, went_out=True),
                # Them: 300 + 280 − 140 = 440
                E(books={"dirty": 1}, melded_points=280, hand_points=140),
            ],
            totals=(4650, 440),
            running=(9000, 6195),
            meld=(120, 120),  # 4350 and 5755: 3000 to 6995 → 120 (classic band, below Samba's 7000)
        ),
        Round(
            entries=[
                # Us: 500 + 300 + 470 + 100 out = 1370
                E(books={"clean": 1, "dirty": 1}, melded_points=470, went_out=True),
                # Them: 500 + 300 melded + 2 red × 100 − 95 = 905
                E(books={"clean": 1}, melded_points=300, red_threes=2, hand_points=95),
            ],
            totals=(1370, 905),
            running=(10370, 7100),
            meld=(150, 120),  # Us 9000: "150 if a partnership has 7,000 or more" (000 L434); Them 6195 → 120
        ),
    ],
    winners=(0,),  # Us reach 10,000 ("The game is up to 10,000 points", 000 L434)
)

# =====================================================================================
# brazilian-canasta (CN-5, 000 L439): wild canasta 2,000; five red threes 1,000, six 1,200;
# opening meld 150 from 5,000, a canasta from 7,000, 200 from 8,000, a natural canasta from 9,000;
# game to 10,000.
# =====================================================================================
BRAZILIAN = Game(
    slug="brazilian-canasta",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 1 wild × 2000 + 500 + 300 + 700 melded + 2 red × 100 + 100 out = 3800
                E(books={"wild": 1, "clean": 1, "dirty": 1}, melded_points=700, red_threes=2, went_out=True),
                # Them: 500 + 330 + 1 red × 100 − 70 = 860
                E(books={"clean": 1}, melded_points=330, red_threes=1, hand_points=70),
            ],
            totals=(3800, 860),
            running=(3800, 860),
            meld=(50, 50),
        ),
        Round(
            entries=[
                # Us: 500 + 300 + 500 − 110 = 1190
                E(books={"clean": 1, "dirty": 1}, melded_points=500, hand_points=110),
                # Them: 2000 + 2 × 500 + 1020 + 100 out + five red threes 1,000 (5 × 100 + 500, 000 L439)
                #       = 2000 + 1000 + 1020 + 100 + 1000 = 5120
                E(books={"wild": 1, "clean": 2}, melded_points=1020, red_threes=5, went_out=True),
            ],
            totals=(1190, 5120),
            running=(4990, 5980),
            meld=(120, 50),  # Us 3800: 3000 and up → 120 (inherited, 000 L387); Them 860 → 50
        ),
        Round(
            entries=[
                # Us: 2 × 500 + 300 + 690 + 100 out + 100 concealed = 2190
                E(books={"clean": 2, "dirty": 1}, melded_points=690, went_out=True, concealed=True),
                # Them: 300 + 240 − 155 = 385
                E(books={"dirty": 1}, melded_points=240, hand_points=155),
            ],
            totals=(2190, 385),
            running=(7180, 6365),
            meld=(120, 150),  # Us 4990: just below 5,000 → 120; Them 5980: "150 from 5,000 to 7,000" (000 L439)
        ),
        Round(
            entries=[
                # Us: 500 + 390 + 1 red × 100 − 85 = 905
                E(books={"clean": 1}, melded_points=390, red_threes=1, hand_points=85),
                # Them: 2000 + 500 + 300 + 860 + 100 out = 3760
                E(books={"wild": 1, "clean": 1, "dirty": 1}, melded_points=860, went_out=True),
            ],
            totals=(905, 3760),
            running=(8085, 10125),
            meld=("a canasta", 150),  # Us 7180: "a canasta from 7,000 to 8,000" (000 L439); Them 6365 → 150
        ),
    ],
    winners=(1,),  # Them reach 10,000 ("only to 10,000", 000 L439)
)

GAMES = [P(SAMBA, id="samba"), P(BRAZILIAN, id="brazilian-canasta")]


def play(game: Game):
    return score_game(preset(game.slug), entries_of(game), team_count=len(game.teams))


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_game_is_valid_input(game):
    assert game_errors(preset(game.slug), entries_of(game), team_count=len(game.teams)) == []


@pytest.mark.parametrize("game", GAMES)
def test_each_round_score_is_the_hand_arithmetic(game):
    result = play(game)
    assert [tuple(s.total for s in r.scores) for r in result.rounds] == [r.totals for r in game.rounds]


@pytest.mark.parametrize("game", GAMES)
def test_each_running_total_adds_the_round_to_the_total_before(game):
    assert [r.running_totals for r in play(game).rounds] == [r.running for r in game.rounds]


@pytest.mark.parametrize("game", GAMES)
def test_each_rounds_meld_requirements(game):
    assert [r.meld_requirements for r in play(game).rounds] == [r.meld for r in game.rounds]


@pytest.mark.parametrize("game", GAMES)
def test_the_game_ends_when_a_side_reaches_the_target(game):
    result = play(game)
    assert (result.finished, result.winners) == (True, game.winners)
    before = score_game(preset(game.slug), entries_of(game)[:-1], team_count=len(game.teams))
    assert (before.finished, before.winners) == (False, ())
    # a fifth round after the target is refused
    extra = [*entries_of(game), [E(melded_points=50), E(melded_points=50)]]
    assert game_errors(preset(game.slug), extra, team_count=2)


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_rounds_raise_no_warnings(game):
    got = [tuple((w.team, w.field) for w in r.warnings) for r in play(game).rounds]
    assert got == [r.warnings for r in game.rounds]


# --- each meld band edge: the score before the hand, [from, to) (C-09) -------------------------


@pytest.mark.parametrize(
    ("score", "requirement"),
    [
        P(-5, 15, id="negative"),  # "Negative 15" (000 L387)
        P(0, 50, id="0"),  # "0-1495 50"
        P(1495, 50, id="1495"),
        P(1500, 90, id="1500"),  # "1500-2995 90"
        P(2995, 90, id="2995"),
        P(3000, 120, id="3000"),  # "3000 and up 120" — up to Samba's own band
        P(6995, 120, id="6995"),
        P(7000, 150, id="7000"),  # "150 if a partnership has 7,000 or more" (000 L434)
        P(9995, 150, id="9995"),
    ],
)
def test_samba_meld_band_edges(score, requirement):
    assert meld_requirement(preset("samba"), 2, score) == requirement


@pytest.mark.parametrize(
    ("score", "requirement"),
    [
        P(-5, 15, id="negative"),  # inherited "Negative 15" (000 L387)
        P(0, 50, id="0"),
        P(1495, 50, id="1495"),
        P(1500, 90, id="1500"),
        P(2995, 90, id="2995"),
        P(3000, 120, id="3000"),
        P(4995, 120, id="4995"),
        P(5000, 150, id="5000"),  # "150 from 5,000 to 7,000" (000 L439)
        P(6995, 150, id="6995"),
        P(7000, "a canasta", id="7000"),  # "a canasta from 7,000 to 8,000"
        P(7995, "a canasta", id="7995"),
        P(8000, 200, id="8000"),  # "200 from 8,000 to 9,000"
        P(8995, 200, id="8995"),
        P(9000, "a natural canasta", id="9000"),  # "a natural canasta from 9,000 upwards"
    ],
)
def test_brazilian_meld_band_edges(score, requirement):
    assert meld_requirement(preset("brazilian-canasta"), 2, score) == requirement


# --- red threes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "total"),
    [
        # each with 60 melded so the side has melded
        P(4, 460, id="4"),  # 4 × 100, no 800 in Samba ("Instead of four red threes being worth 800") + 60
        P(5, 560, id="5"),  # 5 × 100 + 60
        P(6, 1060, id="6"),  # 6 × 100 + 400 = 1000 ("six red threes being worth 1,000", 000 L434) + 60
    ],
)
def test_samba_six_red_threes_are_worth_1000(count, total):
    assert one("samba", E(red_threes=count, melded_points=60)).total == total


@pytest.mark.parametrize(
    ("count", "total"),
    [
        P(3, 360, id="3"),  # 3 × 100 + 60
        P(4, 860, id="4"),  # 4 × 100 + 400 = 800, inherited (000 L403) + 60
        P(5, 1060, id="5"),  # "1,000 for five red threes" (000 L439) = 5 × 100 + 500; + 60
        P(6, 1260, id="6"),  # "1,200 for all six" = 6 × 100 + 600; + 60
    ],
)
def test_brazilian_five_red_threes_1000_and_six_1200(count, total):
    assert one("brazilian-canasta", E(red_threes=count, melded_points=60)).total == total


@pytest.mark.parametrize(
    ("slug", "total"),
    [
        P("samba", -1000, id="samba"),  # −(6 × 100 + 400): against a side that has not melded (000 L404)
        P("brazilian-canasta", -1200, id="brazilian"),  # −(6 × 100 + 600)
    ],
)
def test_six_red_threes_count_against_a_side_that_has_not_melded(slug, total):
    assert one(slug, E(red_threes=6)).total == total


def test_samba_and_a_wild_canasta_bonus_lines():
    # samba: 1 samba × 1500 (000 L434) + 1 natural × 500 = 2000
    assert lines_by_key(one("samba", E(books={"samba": 1, "clean": 1}))) == {"books.samba": 1500, "books.clean": 500}
    # brazilian: 1 wild canasta × 2000 ("Wild card canastas count as 2,000", 000 L439)
    assert lines_by_key(one("brazilian-canasta", E(books={"wild": 1}))) == {"books.wild": 2000}


@pytest.mark.parametrize("slug", ["samba", "brazilian-canasta"])
def test_card_counts_use_classic_canasta_values(slug):
    # melded: 1 joker × 50 + 2 twos × 20 + 1 ace × 20 + 4 eights-to-kings × 10 + 3 fours-to-sevens × 5
    # + 3 black threes × 5 = 50 + 40 + 20 + 40 + 15 + 15 = 180 (000 L403, inherited)
    cards = {"jokers": 1, "twos": 2, "aces": 1, "eights_to_kings": 4, "fours_to_sevens": 3, "black_threes": 3}
    # hand: 2 kings-class × 10 = 20 and 1 black three × 5 held
    score = one(slug, E(melded_cards=cards, hand_cards={"eights_to_kings": 2, "black_threes": 1}))
    assert lines_by_key(score) == {"melded_points": 180, "hand_points": -20, "black_threes_held": -5}
    assert score.total == 155
