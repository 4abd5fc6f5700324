"""Worked examples for the Canasta presets of issue 11, each round's arithmetic done by hand.

CN-2 … CN-7 are written as changes to classic Canasta (CN-1, 000 L370-409): every value a
paragraph does not change is CN-1's — natural 500, mixed 300 (000 L403), red threes 100 each and
against a side that has not melded (000 L403-404), going out 100 and concealed 100 more
(000 L396-398), opening meld by the score before the hand (000 L386-387). ``000 L434`` = seed 000,
line 434. The code under test is never used to produce an expectation.
"""

from __future__ import annotations

import pytest

from scoresheet.rules.preset_rules import preset
from scoresheet.scoring.engine import Entry as E
from scoresheet.scoring.engine import check_and_score_game, meld_requirement, score_game
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

# =====================================================================================
# bolivian-canasta (CN-4, 000 L437): wild canasta 2,500; an escalera and one other canasta to go
# out; red threes positive only with two or more canastas (against below: our reading, flagged);
# black threes held −100; game to 15,000. Escalera 1,500: Samba's (000 L434), flagged.
# =====================================================================================
BOLIVIAN = Game(
    slug="bolivian-canasta",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 1 escalera × 1500 + 1 wild × 2500 + 1 natural × 500 + 820 melded
                #     + 2 red × 100 (3 canastas ≥ 2) + 100 out = 1500 + 2500 + 500 + 820 + 200 + 100 = 5620
                E(
                    books={"escalera": 1, "wild": 1, "clean": 1},
                    melded_points=820,
                    red_threes=2,
                    went_out=True,
                ),
                # Them: 500 + 310 − 1 red × 100 (1 canasta < 2: against) − 95 − 1 black held × 100 (000 L437)
                #       = 500 + 310 − 100 − 95 − 100 = 515
                E(books={"clean": 1}, melded_points=310, red_threes=1, hand_points=95, black_threes_held=1),
            ],
            totals=(5620, 515),
            running=(5620, 515),
            meld=(50, 50),
        ),
        Round(
            entries=[
                # Us: 1500 + 500 + 300 + 700 + 100 out = 3100
                E(books={"escalera": 1, "clean": 1, "dirty": 1}, melded_points=700, went_out=True),
                # Them: 1500 + 2500 + 500 + 900 + 4 red (4 × 100 + 400 = 800, 3 canastas) − 150 = 6050
                E(
                    books={"escalera": 1, "wild": 1, "clean": 1},
                    melded_points=900,
                    red_threes=4,
                    hand_points=150,
                ),
            ],
            totals=(3100, 6050),
            running=(8720, 6565),
            meld=(120, 50),  # Us 5620: 3000 and up → 120 (inherited, 000 L387); Them 515 → 50
        ),
        Round(
            entries=[
                # Us: 1500 + 2500 + 2 × 500 + 1100 + 100 out + 100 concealed = 6300
                E(
                    books={"escalera": 1, "wild": 1, "clean": 2},
                    melded_points=1100,
                    went_out=True,
                    concealed=True,
                ),
                # Them: 500 + 300 + 420 − 60 = 1160
                E(books={"clean": 1, "dirty": 1}, melded_points=420, hand_points=60),
            ],
            totals=(6300, 1160),
            running=(15020, 7725),
            meld=(120, 120),
        ),
    ],
    winners=(0,),  # "Game is up to 15,000" (000 L437)
)

# =====================================================================================
# cuban-canasta (CN-6, 000 L445): two decks, game to 7,500; 150 over 5,000; wild canasta from 2,000;
# threes 100/300/500/1,000 only with canastas; all four black threes removed +100.
# =====================================================================================
CUBAN = Game(
    slug="cuban-canasta",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 1 wild × 2000 + 500 + 300 + 690 + two threes 300 (2 × 100 + 100) + 100 out
                #     + black threes removed 100 = 2000 + 500 + 300 + 690 + 300 + 100 + 100 = 3990
                E(
                    books={"wild": 1, "clean": 1, "dirty": 1},
                    melded_points=690,
                    red_threes=2,
                    went_out=True,
                    extras={"black_threes_removed": 1},
                ),
                # Them: 240 melded, 1 red three counts nothing (no canasta: "only scored if canastas are made")
                #       − 130 = 110
                E(melded_points=240, red_threes=1, hand_points=130),
            ],
            totals=(3990, 110),
            running=(3990, 110),
            meld=(50, 50),
        ),
        Round(
            entries=[
                # Us: 500 + 300 + 450 − 75 = 1175
                E(books={"clean": 1, "dirty": 1}, melded_points=450, hand_points=75),
                # Them: 2000 + 2 × 500 + 980 + four threes 1,000 (4 × 100 + 600) + 100 out = 5080
                E(books={"wild": 1, "clean": 2}, melded_points=980, red_threes=4, went_out=True),
            ],
            totals=(1175, 5080),
            running=(5165, 5190),
            meld=(120, 50),
        ),
        Round(
            entries=[
                # Us: 2 × 500 + 300 + 600 + 100 out + 1 three 100 = 2100
                E(books={"clean": 2, "dirty": 1}, melded_points=600, went_out=True, red_threes=1),
                # Them: 300 + 280 − 90 = 490
                E(books={"dirty": 1}, melded_points=280, hand_points=90),
            ],
            totals=(2100, 490),
            running=(7265, 5680),
            meld=(150, 150),  # both over 5,000: "Requires 150 … over 5,000" (000 L445)
        ),
        Round(
            entries=[
                # Us: 500 + 320 − 40 = 780
                E(books={"clean": 1}, melded_points=320, hand_points=40),
                # Them: 2000 + 500 + 300 + 760 + three threes 500 (3 × 100 + 200) + 100 out = 4160
                E(books={"wild": 1, "clean": 1, "dirty": 1}, melded_points=760, red_threes=3, went_out=True),
            ],
            totals=(780, 4160),
            running=(8045, 9840),
            meld=(150, 150),
        ),
    ],
    winners=(1,),  # both pass 7,500 ("A two-deck variant at 7,500"); the higher total wins (000 L405)
)

# =====================================================================================
# british-canasta (CN-7, 000 L441): classic Canasta plus Acaba: the caller scores 0 for the round,
# the other side 1,500, nothing else counts.
# =====================================================================================
BRITISH = Game(
    slug="british-canasta",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 500 + 300 + 560 + 1 red × 100 + 100 out = 1560
                E(books={"clean": 1, "dirty": 1}, melded_points=560, red_threes=1, went_out=True),
                # Them: 500 + 350 − 110 = 740
                E(books={"clean": 1}, melded_points=350, hand_points=110),
            ],
            totals=(1560, 740),
            running=(1560, 740),
            meld=(50, 50),
        ),
        Round(
            entries=[
                # Them call Acaba: Us 1,500, Them 0 ("giving the opposing player or team 1,500 points and
                # gaining 0 points", 000 L441); Us's books and melds that round do not count
                E(books={"clean": 1}, melded_points=300),
                E(melded_points=200, extras={"acaba": 1}),
            ],
            totals=(1500, 0),
            running=(3060, 740),
            meld=(90, 50),  # Us 1560: 1500-2995 → 90 (000 L387); Them 740 → 50
        ),
        Round(
            entries=[
                # Us: 2 × 500 + 300 + 820 + 100 out + 2 red × 100 = 2420
                E(books={"clean": 2, "dirty": 1}, melded_points=820, went_out=True, red_threes=2),
                # Them: 500 + 300 + 430 − 65 = 1165
                E(books={"clean": 1, "dirty": 1}, melded_points=430, hand_points=65),
            ],
            totals=(2420, 1165),
            running=(5480, 1905),
            meld=(120, 50),
        ),
    ],
    winners=(0,),  # Us reach 5000 (inherited, 000 L405)
)

# =====================================================================================
# canasta-modern-american (CN-2, 000 L410-432): sevens 2,500, all-twos 3,000; unfinished aces −2,500;
# seven or more… held −1,500; melded cards against a side with no canasta (L432); special hands
# replace the round (L428); meld <1,500 50, <3,000 90, then 180 (L416); game to 5,000.
# =====================================================================================
AMERICAN = Game(
    slug="canasta-modern-american",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 1 sevens × 2500 + 500 + 300 + 720 + 2 red × 100 + 100 out = 4320
                E(books={"sevens": 1, "clean": 1, "dirty": 1}, melded_points=720, red_threes=2, went_out=True),
                # Them: no canasta: 260 melded count against (000 L432) = −260; 1 red × 100 (they melded)
                #       − 150 in hand − 1 unfinished aces × 2500 (000 L426) = −260 + 100 − 150 − 2500 = −2810
                E(melded_points=260, red_threes=1, hand_points=150, extras={"aces_unfinished": 1}),
            ],
            totals=(4320, -2810),
            running=(4320, -2810),
            meld=(50, 50),
        ),
        Round(
            entries=[
                # Them show a straight: Them 3,000, Us 0 ("The team only gets the points for the special
                # hand", 000 L428)
                E(books={"clean": 1}, melded_points=200),
                E(extras={"special_straight": 1}),
            ],
            totals=(0, 3000),
            running=(4320, 190),
            meld=(180, 50),  # Us 4320: "then 180 thereafter" (000 L416); Them −2810: below 1,500 → 50
        ),
        Round(
            entries=[
                # Us: 1 all-twos × 3000 (000 L427) + 2 × 500 + 980 + 100 out + 100 concealed = 5180
                E(books={"wild_twos": 1, "clean": 2}, melded_points=980, went_out=True, concealed=True),
                # Them: 500 + 300 + 410 − 95 − 1 sevens held × 1500 (000 L425) = −385
                E(books={"clean": 1, "dirty": 1}, melded_points=410, hand_points=95, extras={"sevens_held": 1}),
            ],
            totals=(5180, -385),
            running=(9500, -195),
            meld=(180, 50),
        ),
    ],
    winners=(0,),  # "Game is up to 5,000" (000 L415)
)

GAMES = [
    P(SAMBA, id="samba"),
    P(BRAZILIAN, id="brazilian-canasta"),
    P(BOLIVIAN, id="bolivian-canasta"),
    P(CUBAN, id="cuban-canasta"),
    P(BRITISH, id="british-canasta"),
    P(AMERICAN, id="canasta-modern-american"),
]


def play(game: Game):
    return score_game(preset(game.slug), entries_of(game), team_count=len(game.teams))


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_game_is_valid_input(game):
    assert check_and_score_game(preset(game.slug), entries_of(game), team_count=len(game.teams))[0] == []


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
    assert check_and_score_game(preset(game.slug), extra, team_count=2)[0]


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


# --- Bolivian, Cuban, British, American: their own rules ------------------------------------------


@pytest.mark.parametrize(
    ("entry", "total"),
    [
        # 2 red threes with 1 canasta: against, −2 × 100 ("count positive only when two or more canastas")
        P(E(books={"clean": 1}, red_threes=2), 500 - 200, id="1-canasta-against"),
        # with 2 canastas: +2 × 100
        P(E(books={"clean": 1, "dirty": 1}, red_threes=2), 800 + 200, id="2-canastas-for"),
        # 4 with 2 canastas: 4 × 100 + 400 = 800 (inherited, 000 L403)
        P(E(books={"clean": 2}, red_threes=4), 1000 + 800, id="4-with-2-canastas"),
        # 4 with none: −800
        P(E(red_threes=4, melded_points=50), 50 - 800, id="4-without"),
    ],
)
def test_bolivian_red_threes_count_only_with_two_canastas(entry, total):
    assert one("bolivian-canasta", entry).total == total


def test_bolivian_black_threes_held_cost_100_by_card_count():
    # 2 black threes × 100 ("minus 100 instead of minus 5", 000 L437) and 1 ace × 20 in hand
    score = one("bolivian-canasta", E(hand_cards={"black_threes": 2, "aces": 1}))
    assert lines_by_key(score) == {"hand_points": -20, "black_threes_held": -200}


def test_bolivian_going_out_needs_an_escalera_and_another_canasta():
    rules = preset("bolivian-canasta")
    other = E(melded_points=100, hand_points=20)
    # two natural canastas, no escalera: missing the escalera
    result = score_game(rules, [[E(books={"clean": 2}, melded_points=300, went_out=True), other]], team_count=2)
    assert [w.message for w in result.rounds[0].warnings if w.team == 0] == [
        "Went out without the books the variant requires: missing 1 escalera."
    ]
    # an escalera alone: one canasta of any kind short
    result = score_game(rules, [[E(books={"escalera": 1}, melded_points=300, went_out=True), other]], team_count=2)
    assert "1 book of any kind" in [w.message for w in result.rounds[0].warnings if w.team == 0][0]


@pytest.mark.parametrize(
    ("count", "books", "total"),
    [
        # "They count 100 for one, 300 for two, 500 for three and 1,000 for four" (000 L445), with a canasta (500)
        P(1, {"clean": 1}, 500 + 100, id="1"),
        P(2, {"clean": 1}, 500 + 300, id="2"),
        P(3, {"clean": 1}, 500 + 500, id="3"),
        P(4, {"clean": 1}, 500 + 1000, id="4"),
        # "Threes are only scored if canastas are made": none, they count nothing; 60 melded
        P(4, {}, 60, id="4-without-a-canasta"),
    ],
)
def test_cuban_threes_100_300_500_1000_only_with_a_canasta(count, books, total):
    entry = E(books=books, red_threes=count, melded_points=0 if books else 60)
    assert one("cuban-canasta", entry).total == total


@pytest.mark.parametrize(
    ("score", "requirement"),
    [P(-5, 15, id="negative"), P(2995, 90, id="2995"), P(3000, 120, id="3000"), P(4995, 120, id="4995")]
    + [P(5000, 150, id="5000"), P(7495, 150, id="7495")],  # "150 … over 5,000" (000 L445), from 5,000 (C-09)
)
def test_cuban_meld_band_edges(score, requirement):
    assert meld_requirement(preset("cuban-canasta"), 2, score) == requirement


def test_british_acaba_replaces_everything_else_in_the_round():
    rules = preset("british-canasta")
    caller = E(books={"clean": 2}, melded_points=700, red_threes=2, extras={"acaba": 1})
    other = E(books={"dirty": 1}, melded_points=300, hand_points=40)
    result = score_game(rules, [[other, caller]], team_count=2)
    assert tuple(s.total for s in result.rounds[0].scores) == (1500, 0)  # 000 L441
    assert [line.points for line in result.rounds[0].scores[0].lines] == [1500]


@pytest.mark.parametrize(
    ("score", "requirement"),
    [
        P(-5, 50, id="negative"),  # "50 for players with less than 1,500 points" (000 L416)
        P(1495, 50, id="1495"),
        P(1500, 90, id="1500"),  # "90 for players with 1,500 or more but less than 3,000"
        P(2995, 90, id="2995"),
        P(3000, 180, id="3000"),  # "then 180 thereafter"
    ],
)
def test_american_meld_band_edges(score, requirement):
    assert meld_requirement(preset("canasta-modern-american"), 2, score) == requirement


@pytest.mark.parametrize(
    ("books", "bonus"),
    [
        P("sevens", 2500, id="sevens"),  # "A canasta of sevens is worth 2,500 points" (000 L425)
        P("aces", 2500, id="aces"),  # "Aces are treated the same as sevens" (000 L426)
        P("wild_twos", 3000, id="all-twos"),  # "3,000 points if it consists entirely of twos" (000 L427)
        P("wild_jokers", 2500, id="four-jokers"),  # "2,500 points if it contains all four jokers"
        P("wild", 2000, id="other-wild"),  # "2,000 points for any other combination"
    ],
)
def test_american_special_canastas(books, bonus):
    assert lines_by_key(one("canasta-modern-american", E(books={books: 1}))) == {f"books.{books}": bonus}


def test_american_penalties_and_melded_cards_without_a_canasta():
    # unfinished sevens −2500, unfinished wild −2000 (000 L425, L427); 2 players holding three sevens
    # −2 × 1500; melded cards of a side with no canasta count against: 7 × 10 = 70 → −70 (000 L432)
    entry = E(
        melded_cards={"eights_to_kings": 7},
        extras={"sevens_unfinished": 1, "wild_unfinished": 1, "sevens_held": 2},
    )
    score = one("canasta-modern-american", entry)
    assert lines_by_key(score) == {
        "melded_points": -70,
        "extras.sevens_unfinished": -2500,
        "extras.wild_unfinished": -2000,
        "extras.sevens_held": -3000,
    }
    # with a canasta the same cards count for the side: 500 + 70
    assert one("canasta-modern-american", E(books={"clean": 1}, melded_cards={"eights_to_kings": 7})).total == 570


@pytest.mark.parametrize(
    ("hand", "caller"),
    [
        P("special_straight", 3000, id="straight"),  # "That's worth 3,000" (000 L428)
        P("special_pairs", 2500, id="pairs"),  # "seven pairs containing either no wilds (worth 2,500)"
        P("special_pairs_wild", 2000, id="pairs-wild"),  # "twos, sevens and aces … worth 2,000"
        P("special_garbage", 2000, id="garbage"),  # VARIANTS.md CN-2: Garbage 2,000
    ],
)
def test_american_special_hands_score_only_themselves(hand, caller):
    rules = preset("canasta-modern-american")
    result = score_game(rules, [[E(extras={hand: 1}), E(books={"clean": 1}, melded_points=400)]], team_count=2)
    assert tuple(s.total for s in result.rounds[0].scores) == (caller, 0)
