"""Worked examples for the Hand and Foot presets of issue 11, each round's arithmetic done by hand.

Every expected number is computed in the comment above it from the source values
(shared/rules/VARIANTS.md; ``000 L264`` = seed 000, line 264; ``002 L57`` = seed 002, line 57).
Where a rule set is written as changes to another (Earl's alternates and Saskatchewan to HF-1,
Brouillette to Steve Simpson's HF-8), the unchanged values are the parent's and the comment says so.
The code under test is never used to produce an expectation.
"""

from __future__ import annotations

import pytest

from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import preset, preset_document
from scoresheet.scoring.engine import Entry as E
from scoresheet.scoring.engine import check_and_score_game, score_game
from tests.scoresheet.test_scoring_examples import Game, Round, entries_of, lines_by_key, one

P = pytest.param

# =====================================================================================
# hand-and-foot-earl (HF-1E): HF-1 (seed 002) with Earl's alternates (000 L261-265):
# black threes caught −100 (000 L264) instead of −5; clean 500, dirty 300, wild 1500 (002 L57-59),
# going out 100 (002 L60), red three +100 laid / −100 held (002 L55, L61), perfect cut +100
# (000 L260); meld 50/90/120/150 by round (002 L66-69); four deals (002 L17).
# =====================================================================================
EARL = Game(
    slug="hand-and-foot-earl",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 2 clean × 500 + 2 dirty × 300 + 1 wild × 1500 + 1100 melded + 1 red × 100 + 100 out
                #     = 1000 + 600 + 1500 + 1100 + 100 + 100 = 4400
                E(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1100, went_out=True),
                # Them: 1 clean × 500 + 1 dirty × 300 + 480 melded − 2 black held × 100 (000 L264) − 120 in hand
                #       = 500 + 300 + 480 − 200 − 120 = 960
                E(books={"clean": 1, "dirty": 1}, melded_points=480, black_threes_held=2, hand_points=120),
            ],
            totals=(4400, 960),
            running=(4400, 960),
            meld=(50, 50),  # round 1: 50 (002 L66)
        ),
        Round(
            entries=[
                # Us: 1 clean × 500 + 390 melded − 1 red held × 100 − 1 black held × 100 − 85 in hand
                #     = 500 + 390 − 100 − 100 − 85 = 605
                E(books={"clean": 1}, melded_points=390, red_threes_held=1, black_threes_held=1, hand_points=85),
                # Them: 2 clean × 500 + 2 dirty × 300 + 1 wild × 1500 + 1270 melded + 2 red × 100 + 100 out
                #       + 1 perfect cut × 100 = 1000 + 600 + 1500 + 1270 + 200 + 100 + 100 = 4770
                E(
                    books={"clean": 2, "dirty": 2, "wild": 1},
                    red_threes=2,
                    melded_points=1270,
                    went_out=True,
                    extras={"perfect_cut": 1},
                ),
            ],
            totals=(605, 4770),
            running=(5005, 5730),  # 4400 + 605; 960 + 4770
            meld=(90, 90),  # round 2: 90 (002 L67)
        ),
        Round(
            entries=[
                # Us: 3 clean × 500 + 2 dirty × 300 + 1 wild × 1500 + 1540 melded + 100 out
                #     = 1500 + 600 + 1500 + 1540 + 100 = 5240
                E(books={"clean": 3, "dirty": 2, "wild": 1}, melded_points=1540, went_out=True),
                # Them: 1 clean × 500 + 2 dirty × 300 + 650 melded − 3 black held × 100 − 210 in hand
                #       = 500 + 600 + 650 − 300 − 210 = 1240
                E(books={"clean": 1, "dirty": 2}, melded_points=650, black_threes_held=3, hand_points=210),
            ],
            totals=(5240, 1240),
            running=(10245, 6970),  # 5005 + 5240; 5730 + 1240
            meld=(120, 120),  # round 3: 120 (002 L68)
        ),
        Round(
            entries=[
                # Us: 2 clean × 500 + 1 dirty × 300 + 720 melded + 1 red × 100 − 1 black held × 100 − 60
                #     = 1000 + 300 + 720 + 100 − 100 − 60 = 1960
                E(
                    books={"clean": 2, "dirty": 1},
                    red_threes=1,
                    melded_points=720,
                    black_threes_held=1,
                    hand_points=60,
                ),
                # Them: 2 clean × 500 + 2 dirty × 300 + 1 wild × 1500 + 1180 melded + 100 out
                #       = 1000 + 600 + 1500 + 1180 + 100 = 4380
                E(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=1180, went_out=True),
            ],
            totals=(1960, 4380),
            running=(12205, 11350),  # 10245 + 1960; 6970 + 4380
            meld=(150, 150),  # round 4: 150 (002 L69)
        ),
    ],
    winners=(0,),  # 12205 > 11350 after four deals (002 L17)
)

# =====================================================================================
# hand-and-foot-basic (HF-6, 000 L263-273, L820-860): red book 500, black book 300 (000 L850-851),
# one of each to go out (000 L858); going out: not stated → 0 (C-06); red threes ±100, not stated,
# the Hand and Foot value (C-04); threes through sevens 5, so a black three caught −5 (000 L830);
# meld 50/90/120/150 (000 L834-837); four rounds (000 L832).
# =====================================================================================
BASIC = Game(
    slug="hand-and-foot-basic",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 1 red × 500 + 1 black × 300 + 2 red threes × 100 + 410 melded + going out 0
                #     = 500 + 300 + 200 + 410 + 0 = 1410
                E(books={"clean": 1, "dirty": 1}, red_threes=2, melded_points=410, went_out=True),
                # Them: 1 red × 500 + 250 melded − 1 red held × 100 − 1 black held × 5 − 95 in hand
                #       = 500 + 250 − 100 − 5 − 95 = 550
                E(books={"clean": 1}, melded_points=250, red_threes_held=1, black_threes_held=1, hand_points=95),
            ],
            totals=(1410, 550),
            running=(1410, 550),
            meld=(50, 50),  # round 1: 50 (000 L834)
            warnings=(),
        ),
        Round(
            entries=[
                # Us: 1 black × 300 + 300 melded − 2 black held × 5 − 140 in hand = 300 + 300 − 10 − 140 = 450
                E(books={"dirty": 1}, melded_points=300, black_threes_held=2, hand_points=140),
                # Them: 2 red × 500 + 1 black × 300 + 1 red three × 100 + 560 melded + 0 out
                #       = 1000 + 300 + 100 + 560 = 1960
                E(books={"clean": 2, "dirty": 1}, red_threes=1, melded_points=560, went_out=True),
            ],
            totals=(450, 1960),
            running=(1860, 2510),  # 1410 + 450; 550 + 1960
            meld=(90, 90),  # round 2: 90 (000 L835)
        ),
        Round(
            entries=[
                # Us: 2 red × 500 + 2 black × 300 + 1 red three × 100 + 720 melded + 0 out
                #     = 1000 + 600 + 100 + 720 = 2420
                E(books={"clean": 2, "dirty": 2}, red_threes=1, melded_points=720, went_out=True),
                # Them: 1 red × 500 + 1 black × 300 + 405 melded − 75 in hand = 500 + 300 + 405 − 75 = 1130
                E(books={"clean": 1, "dirty": 1}, melded_points=405, hand_points=75),
            ],
            totals=(2420, 1130),
            running=(4280, 3640),  # 1860 + 2420; 2510 + 1130
            meld=(120, 120),  # round 3: 120 (000 L836)
        ),
        Round(
            entries=[
                # Us: 1 red × 500 + 1 black × 300 + 380 melded − 1 red held × 100 − 210 in hand
                #     = 500 + 300 + 380 − 100 − 210 = 870
                E(books={"clean": 1, "dirty": 1}, melded_points=380, red_threes_held=1, hand_points=210),
                # Them: 2 red × 500 + 1 black × 300 + 640 melded + 0 out = 1000 + 300 + 640 = 1940
                E(books={"clean": 2, "dirty": 1}, melded_points=640, went_out=True),
            ],
            totals=(870, 1940),
            running=(5150, 5580),  # 4280 + 870; 3640 + 1940
            meld=(150, 150),  # round 4: 150 (000 L837)
        ),
    ],
    winners=(1,),  # 5580 > 5150 after four rounds (000 L271)
)

# =====================================================================================
# hand-and-foot-saskatchewan (HF-7, 000 L748-757): changes to HF-1 (seed 002). Going out needs
# 1 clean, 1 dirty, 1 wild (000 L757); round 4 opens with a concealed canasta (000 L755); the rest
# is HF-1's: clean 500, dirty 300, wild 1500 (002 L57-59), out 100 (002 L60), red ±100 (002 L55,
# L61), black held −5 (002 L113), meld 50/90/120 (002 L66-68), four deals (002 L17).
# =====================================================================================
SASKATCHEWAN = Game(
    slug="hand-and-foot-saskatchewan",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 1 clean × 500 + 1 dirty × 300 + 1 wild × 1500 + 620 melded + 1 red × 100 + 100 out
                #     = 500 + 300 + 1500 + 620 + 100 + 100 = 3120
                E(books={"clean": 1, "dirty": 1, "wild": 1}, red_threes=1, melded_points=620, went_out=True),
                # Them: 1 clean × 500 + 2 dirty × 300 + 505 melded − 1 red held × 100 − 130 in hand
                #       = 500 + 600 + 505 − 100 − 130 = 1375
                E(books={"clean": 1, "dirty": 2}, melded_points=505, red_threes_held=1, hand_points=130),
            ],
            totals=(3120, 1375),
            running=(3120, 1375),
            meld=(50, 50),
        ),
        Round(
            entries=[
                # Us: 2 clean × 500 + 1 dirty × 300 + 560 melded − 1 black held × 5 − 45 in hand
                #     = 1000 + 300 + 560 − 5 − 45 = 1810
                E(books={"clean": 2, "dirty": 1}, melded_points=560, black_threes_held=1, hand_points=45),
                # Them: 1 clean × 500 + 1 dirty × 300 + 1 wild × 1500 + 700 melded + 2 red × 100 + 100 out
                #       = 500 + 300 + 1500 + 700 + 200 + 100 = 3300
                E(books={"clean": 1, "dirty": 1, "wild": 1}, red_threes=2, melded_points=700, went_out=True),
            ],
            totals=(1810, 3300),
            running=(4930, 4675),  # 3120 + 1810; 1375 + 3300
            meld=(90, 90),
        ),
        Round(
            entries=[
                # Us: 2 clean × 500 + 1 dirty × 300 + 1 wild × 1500 + 890 melded + 100 out
                #     = 1000 + 300 + 1500 + 890 + 100 = 3790
                E(books={"clean": 2, "dirty": 1, "wild": 1}, melded_points=890, went_out=True),
                # Them: 1 clean × 500 + 1 dirty × 300 + 330 melded − 160 in hand = 500 + 300 + 330 − 160 = 970
                E(books={"clean": 1, "dirty": 1}, melded_points=330, hand_points=160),
            ],
            totals=(3790, 970),
            running=(8720, 5645),  # 4930 + 3790; 4675 + 970
            meld=(120, 120),
        ),
        Round(
            entries=[
                # Us: 1 clean × 500 + 255 melded − 1 red held × 100 − 310 in hand = 500 + 255 − 100 − 310 = 345
                E(books={"clean": 1}, melded_points=255, red_threes_held=1, hand_points=310),
                # Them: 2 clean × 500 + 2 dirty × 300 + 1 wild × 1500 + 1050 melded + 1 red × 100 + 100 out
                #       = 1000 + 600 + 1500 + 1050 + 100 + 100 = 4350
                E(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1050, went_out=True),
            ],
            totals=(345, 4350),
            running=(9065, 9995),  # 8720 + 345; 5645 + 4350
            meld=(
                "a concealed canasta",
                "a concealed canasta",
            ),  # "on the fourth turn you need a hidden canasta" (000 L755)
        ),
    ],
    winners=(1,),  # 9995 > 9065
)

# =====================================================================================
# hand-and-foot-brouillette (HF-9, 000 L794-800), no partners: clean 500, dirty 300 (000 L796),
# black-three stack 300 with each black three −5 even melded (000 L800), red threes always −500
# (000 L796), round 4 needs 2 clean + 2 dirty (000 L797). Steve Simpson's (HF-8) for the rest:
# going out 100, exact 22 +100 (000 L775), black held −5 (000 L773), meld 50/90/120/150 (000 L781),
# four rounds (000 L771).
# =====================================================================================
BROUILLETTE = Game(
    slug="hand-and-foot-brouillette",
    teams=("Ann", "Bob", "Cy"),
    rounds=[
        Round(
            entries=[
                # Ann: 1 clean × 500 + 1 dirty × 300 + 310 melded + 100 out + 1 exact 22 × 100
                #      = 500 + 300 + 310 + 100 + 100 = 1310
                E(books={"clean": 1, "dirty": 1}, melded_points=310, went_out=True, extras={"exact_draw": 1}),
                # Bob: 1 clean × 500 + 180 melded − 1 red held × 500 − 95 in hand = 500 + 180 − 500 − 95 = 85
                E(books={"clean": 1}, melded_points=180, red_threes_held=1, hand_points=95),
                # Cy: 1 dirty × 300 + 1 black-three stack × 300 + melded cards
                #     (7 black threes × −5 + 6 eights-to-kings × 10 + 1 two × 20 + 3 aces × 20
                #      = −35 + 60 + 20 + 60 = 105) − 40 in hand = 300 + 300 + 105 − 40 = 665
                E(
                    books={"dirty": 1, "black_threes": 1},
                    melded_cards={"black_threes": 7, "eights_to_kings": 6, "twos": 1, "aces": 3},
                    hand_points=40,
                ),
            ],
            totals=(1310, 85, 665),
            running=(1310, 85, 665),
            meld=(50, 50, 50),
        ),
        Round(
            entries=[
                # Ann: 1 clean × 500 + 260 melded − 1 red held × 500 − 70 = 500 + 260 − 500 − 70 = 190
                E(books={"clean": 1}, melded_points=260, red_threes_held=1, hand_points=70),
                # Bob: 1 clean × 500 + 1 dirty × 300 + 395 melded + 100 out = 1295
                E(books={"clean": 1, "dirty": 1}, melded_points=395, went_out=True),
                # Cy: 2 clean × 500 + 350 melded − 1 black held × 5 − 30 = 1000 + 350 − 5 − 30 = 1315
                E(books={"clean": 2}, melded_points=350, black_threes_held=1, hand_points=30),
            ],
            totals=(190, 1295, 1315),
            running=(1500, 1380, 1980),
            meld=(90, 90, 90),
        ),
        Round(
            entries=[
                # Ann: 2 clean × 500 + 1 dirty × 300 + 540 melded + 100 out = 1000 + 300 + 540 + 100 = 1940
                E(books={"clean": 2, "dirty": 1}, melded_points=540, went_out=True),
                # Bob: 1 dirty × 300 + 210 melded − 115 = 395
                E(books={"dirty": 1}, melded_points=210, hand_points=115),
                # Cy: 1 clean × 500 + 240 melded − 2 red held × 500 − 60 = 500 + 240 − 1000 − 60 = −320
                E(books={"clean": 1}, melded_points=240, red_threes_held=2, hand_points=60),
            ],
            totals=(1940, 395, -320),
            running=(3440, 1775, 1660),
            meld=(120, 120, 120),
        ),
        Round(
            entries=[
                # Ann: 1 clean × 500 + 1 dirty × 300 + 400 melded − 150 = 1050
                E(books={"clean": 1, "dirty": 1}, melded_points=400, hand_points=150),
                # Bob goes out with the round-4 need, 2 clean + 2 dirty (000 L797):
                # 2 × 500 + 2 × 300 + 720 melded + 100 out + 1 exact 22 × 100 = 1000 + 600 + 720 + 100 + 100 = 2520
                E(books={"clean": 2, "dirty": 2}, melded_points=720, went_out=True, extras={"exact_draw": 1}),
                # Cy: 1 clean × 500 + 2 dirty × 300 + 470 melded − 2 black held × 5 − 85
                #     = 500 + 600 + 470 − 10 − 85 = 1475
                E(books={"clean": 1, "dirty": 2}, melded_points=470, black_threes_held=2, hand_points=85),
            ],
            totals=(1050, 2520, 1475),
            running=(4490, 4295, 3135),
            meld=(150, 150, 150),
        ),
    ],
    winners=(0,),  # Ann 4490 > Bob 4295 > Cy 3135
)


def partners_game(slug: str, totals: list[tuple[int, int]], running: list[tuple[int, int]], winners) -> Game:
    """The same four rounds at both Brouillette bonus levels (000 L796): only the stack values differ.
    Going out needs 2 clean + 2 dirty in rounds 1-3 and 4 + 4 in round 4 (000 L802)."""
    entries = [
        [
            E(books={"clean": 2, "dirty": 2}, melded_points=760, went_out=True, extras={"exact_draw": 2}),
            E(
                books={"clean": 1, "dirty": 1, "black_threes": 1},
                melded_points=300,
                red_threes_held=1,
                hand_points=135,
            ),
        ],
        [
            E(books={"clean": 1, "dirty": 2}, melded_points=520, hand_points=90),
            E(books={"clean": 2, "dirty": 3}, melded_points=910, went_out=True),
        ],
        [
            E(books={"clean": 3, "dirty": 2}, melded_points=1010, went_out=True),
            E(books={"clean": 2, "dirty": 1}, melded_points=600, black_threes_held=3, hand_points=80),
        ],
        [
            E(books={"clean": 3, "dirty": 3}, melded_points=1180, red_threes_held=2, hand_points=145),
            E(books={"clean": 4, "dirty": 4}, melded_points=1650, went_out=True, extras={"exact_draw": 1}),
        ],
    ]
    return Game(
        slug=slug,
        teams=("Us", "Them"),
        rounds=[
            Round(entries=e, totals=t, running=r, meld=(m, m))
            for e, t, r, m in zip(entries, totals, running, (50, 90, 120, 150))
        ],
        winners=winners,
    )


# hand-and-foot-brouillette-partners (HF-10 with HF-9's higher bonuses: clean 500, dirty 300,
# black-three stack 300, 000 L796, L800); red held −500, exact 22 +100 a player, out 100, black held −5.
BROUILLETTE_PARTNERS = partners_game(
    "hand-and-foot-brouillette-partners",
    totals=[
        # R1 Us: 2 × 500 + 2 × 300 + 760 + 100 out + 2 exact 22 × 100 = 1000 + 600 + 760 + 100 + 200 = 2660
        #    Them: 500 + 300 + 300 (black-three stack) + 300 melded − 500 (red held) − 135 = 765
        (2660, 765),
        # R2 Us: 500 + 2 × 300 + 520 − 90 = 1530; Them: 2 × 500 + 3 × 300 + 910 + 100 = 2910
        (1530, 2910),
        # R3 Us: 3 × 500 + 2 × 300 + 1010 + 100 = 3210; Them: 2 × 500 + 300 + 600 − 3 × 5 − 80 = 1805
        (3210, 1805),
        # R4 Us: 3 × 500 + 3 × 300 + 1180 − 2 × 500 − 145 = 2435
        #    Them: 4 × 500 + 4 × 300 + 1650 + 100 + 100 = 5050
        (2435, 5050),
    ],
    running=[(2660, 765), (4190, 3675), (7400, 5480), (9835, 10530)],
    winners=(1,),
)

# hand-and-foot-brouillette-partners-low (HF-10 with HF-8's lower bonuses: clean 300, dirty 100
# (000 L775), black-three stack 100 (000 L800)); everything else as above.
BROUILLETTE_PARTNERS_LOW = partners_game(
    "hand-and-foot-brouillette-partners-low",
    totals=[
        # R1 Us: 2 × 300 + 2 × 100 + 760 + 100 + 200 = 1860
        #    Them: 300 + 100 + 100 (black-three stack) + 300 − 500 − 135 = 165
        (1860, 165),
        # R2 Us: 300 + 2 × 100 + 520 − 90 = 930; Them: 2 × 300 + 3 × 100 + 910 + 100 = 1910
        (930, 1910),
        # R3 Us: 3 × 300 + 2 × 100 + 1010 + 100 = 2210; Them: 2 × 300 + 100 + 600 − 15 − 80 = 1205
        (2210, 1205),
        # R4 Us: 3 × 300 + 3 × 100 + 1180 − 1000 − 145 = 1235; Them: 4 × 300 + 4 × 100 + 1650 + 200 = 3450
        (1235, 3450),
    ],
    running=[(1860, 165), (2790, 2075), (5000, 3280), (6235, 6730)],
    winners=(1,),
)

# =====================================================================================
# hand-and-foot-gocc (HF-11, 000 L668): clean books 500, going out 300, perfect cut 100 as the
# sheet says; dirty 300, wild 1500, red ±100, black −5, meld 50/90/120/150 and four rounds are
# HF-1's (seed 002 L55-69, L17), flagged as not stated.
# =====================================================================================
GOCC = Game(
    slug="hand-and-foot-gocc",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 2 clean × 500 + 1 dirty × 300 + 1 wild × 1500 + 830 melded + 1 red × 100
                #     + 300 out (000 L668) + 1 perfect cut × 100 = 1000 + 300 + 1500 + 830 + 100 + 300 + 100 = 4130
                E(
                    books={"clean": 2, "dirty": 1, "wild": 1},
                    red_threes=1,
                    melded_points=830,
                    went_out=True,
                    extras={"perfect_cut": 1},
                ),
                # Them: 500 + 300 + 415 melded − 160 − 1 black held × 5 = 1050
                E(books={"clean": 1, "dirty": 1}, melded_points=415, hand_points=160, black_threes_held=1),
            ],
            totals=(4130, 1050),
            running=(4130, 1050),
            meld=(50, 50),
        ),
        Round(
            entries=[
                # Us: 500 + 260 melded − 1 red held × 100 − 105 = 555
                E(books={"clean": 1}, melded_points=260, red_threes_held=1, hand_points=105),
                # Them: 2 × 500 + 2 × 300 + 780 + 300 out = 2680
                E(books={"clean": 2, "dirty": 2}, melded_points=780, went_out=True),
            ],
            totals=(555, 2680),
            running=(4685, 3730),
            meld=(90, 90),
        ),
        Round(
            entries=[
                # Us: 500 + 2 × 300 + 600 + 300 out = 2000
                E(books={"clean": 1, "dirty": 2}, melded_points=600, went_out=True),
                # Them: 500 + 1500 + 540 − 90 + 1 perfect cut × 100 = 2550
                E(books={"clean": 1, "wild": 1}, melded_points=540, hand_points=90, extras={"perfect_cut": 1}),
            ],
            totals=(2000, 2550),
            running=(6685, 6280),
            meld=(120, 120),
        ),
        Round(
            entries=[
                # Us: 2 × 500 + 300 + 700 − 65 = 1935
                E(books={"clean": 2, "dirty": 1}, melded_points=700, hand_points=65),
                # Them: 2 × 500 + 2 × 300 + 1500 + 1120 + 300 out + 2 red × 100 = 4720
                E(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=2, melded_points=1120, went_out=True),
            ],
            totals=(1935, 4720),
            running=(8620, 11000),
            meld=(150, 150),
        ),
    ],
    winners=(1,),
)

GAMES = [
    P(EARL, id="hand-and-foot-earl"),
    P(BASIC, id="hand-and-foot-basic"),
    P(SASKATCHEWAN, id="hand-and-foot-saskatchewan"),
    P(BROUILLETTE, id="hand-and-foot-brouillette"),
    P(BROUILLETTE_PARTNERS, id="hand-and-foot-brouillette-partners"),
    P(BROUILLETTE_PARTNERS_LOW, id="hand-and-foot-brouillette-partners-low"),
    P(GOCC, id="hand-and-foot-gocc"),
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
    result = play(game)
    assert [r.running_totals for r in result.rounds] == [r.running for r in game.rounds]


@pytest.mark.parametrize("game", GAMES)
def test_each_rounds_meld_requirements(game):
    assert [r.meld_requirements for r in play(game).rounds] == [r.meld for r in game.rounds]


@pytest.mark.parametrize("game", GAMES)
def test_the_game_ends_after_four_rounds_with_the_right_winner(game):
    result = play(game)
    assert result.finished is True
    assert result.winners == game.winners
    before = score_game(preset(game.slug), entries_of(game)[:3], team_count=len(game.teams))
    assert (before.finished, before.winners) == (False, ())


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_rounds_raise_no_warnings(game):
    got = [tuple((w.team, w.field) for w in r.warnings) for r in play(game).rounds]
    assert got == [r.warnings for r in game.rounds]


# --- single rules, worked ---------------------------------------------------------------------


def test_earl_black_threes_caught_cost_100_each_also_by_card_count():
    # hand: 1 ace × 20 = 20 in hand; 2 black threes × 100 ("Black threes are worth 100 points", 000 L264)
    score = one("hand-and-foot-earl", E(hand_cards={"aces": 1, "black_threes": 2}))
    assert lines_by_key(score) == {"hand_points": -20, "black_threes_held": -200}
    assert score.total == -220
    # the same hand in plain HF-1 costs 20 + 2 × 5 (002 L113) = 30
    assert one("hand-and-foot", E(hand_cards={"aces": 1, "black_threes": 2})).total == -30


def test_basic_card_counts_use_threes_through_sevens_5():
    # melded: 1 joker × 50 + 2 twos × 20 + 4 eights-to-kings × 10 + 3 fours-to-sevens × 5 = 50 + 40 + 40 + 15
    # = 145 (000 L826-830); hand: 2 fours-to-sevens × 5 = 10 and 1 black three × 5 ("Threes through
    # sevens – 5 points", 000 L830) → −10 − 5
    score = one(
        "hand-and-foot-basic",
        E(
            melded_cards={"jokers": 1, "twos": 2, "eights_to_kings": 4, "fours_to_sevens": 3},
            hand_cards={"fours_to_sevens": 2, "black_threes": 1},
        ),
    )
    assert lines_by_key(score) == {"melded_points": 145, "hand_points": -10, "black_threes_held": -5}
    assert score.total == 130


def test_basic_going_out_earns_nothing_as_the_source_gives_no_bonus():
    # 1 red × 500 + 1 black × 300 + 200 melded + going out 0 (not stated, C-06) = 1000
    score = one("hand-and-foot-basic", E(books={"clean": 1, "dirty": 1}, melded_points=200, went_out=True))
    assert score.total == 1000


def test_saskatchewan_card_counts_are_hf1_values():
    # 2 jokers × 50 + 1 two × 20 + 2 aces × 20 + 5 eights-to-kings × 10 + 4 fours-to-sevens × 5
    # = 100 + 20 + 40 + 50 + 20 = 230 (inherited, 002 L47-50)
    cards = {"jokers": 2, "twos": 1, "aces": 2, "eights_to_kings": 5, "fours_to_sevens": 4}
    assert one("hand-and-foot-saskatchewan", E(melded_cards=cards)).total == 230


@pytest.mark.parametrize(
    ("slug", "stack", "total"),
    [
        # a black-three stack alone, 7 black threes melded: 300 (higher, 000 L800) + 7 × −5 = 265
        P("hand-and-foot-brouillette", 300, 265, id="higher"),
        P("hand-and-foot-brouillette-partners", 300, 265, id="partners"),
        # lower: 100 + 7 × −5 = 65 (000 L800)
        P("hand-and-foot-brouillette-partners-low", 100, 65, id="partners-low"),
    ],
)
def test_brouillette_black_three_stack_scores_its_bonus_and_minus_5_a_card(slug, stack, total):
    score = one(slug, E(books={"black_threes": 1}, melded_cards={"black_threes": 7}))
    assert lines_by_key(score) == {"books.black_threes": stack, "melded_points": -35}
    assert score.total == total


def test_brouillette_card_counts_with_red_threes_always_against():
    # hand: 1 joker × 50 + 2 eights-to-kings × 10 = 70; 1 red three caught × 500 (000 L796) → −570
    score = one("hand-and-foot-brouillette", E(hand_cards={"jokers": 1, "eights_to_kings": 2}, red_threes_held=1))
    assert lines_by_key(score) == {"hand_points": -70, "red_threes_held": -500}


def test_brouillette_round_4_needs_two_clean_and_two_dirty_to_go_out():
    rules = preset("hand-and-foot-brouillette")
    short = E(books={"clean": 1, "dirty": 1}, melded_points=400, went_out=True)
    others = [E(melded_points=100, hand_points=50), E(melded_points=100, hand_points=50)]
    rounds = [[E(books={"clean": 1, "dirty": 1}, melded_points=300, went_out=True), *others]] * 3
    result = score_game(rules, [*rounds, [short, *others]], team_count=3)
    assert [[w.field for w in r.warnings if w.team == 0] for r in result.rounds] == [[], [], [], ["went_out"]]
    assert "1 clean stack, 1 dirty stack" in result.rounds[3].warnings[0].message


def test_brouillette_partners_need_four_of_each_in_round_4():
    rules = preset("hand-and-foot-brouillette-partners")
    # rounds 1-3: 2 clean + 2 dirty (000 L802) is enough; round 4: 3 + 3 is one short of each
    enough = E(books={"clean": 2, "dirty": 2}, melded_points=500, went_out=True)
    other = E(melded_points=100, hand_points=40)
    result = score_game(
        rules,
        [[enough, other]] * 3 + [[E(books={"clean": 3, "dirty": 3}, melded_points=600, went_out=True), other]],
        team_count=2,
    )
    went_out = [[w for w in r.warnings if w.field == "went_out" and w.team == 0] for r in result.rounds]
    assert [len(w) for w in went_out] == [0, 0, 0, 1]
    assert "1 clean stack, 1 dirty stack" in went_out[3][0].message


# =====================================================================================
# hand-and-foot-3-red-4-black (HF-5, 000 L452-481): red (clean) 500, black (dirty) 300, going out
# 100 (L467); with partners going out needs 3 red + 4 black, on your own 1 red + 2 black (L456);
# red three caught −300, black −5 (L459); meld 50/90/120/150 (L462); going out concealed +100
# (L479); four hands (L462). Seven canastas in a hand winning at once (L476) is a variation, off
# in the preset (PRODUCT.md, More presets: "a game of `hand-and-foot-3-red-4-black` runs its four
# hands — and a club turns it on in house rules").
# =====================================================================================
HF5_ROUNDS_1_2 = [
    Round(
        entries=[
            # Us: 2 red × 500 + 3 black × 300 + 780 melded − 1 black held × 5 − 60
            #     = 1000 + 900 + 780 − 5 − 60 = 2615
            E(books={"clean": 2, "dirty": 3}, melded_points=780, black_threes_held=1, hand_points=60),
            # Them: 500 + 2 × 300 + 430 − 1 red held × 300 − 120 = 500 + 600 + 430 − 300 − 120 = 1110
            E(books={"clean": 1, "dirty": 2}, melded_points=430, red_threes_held=1, hand_points=120),
        ],
        totals=(2615, 1110),
        running=(2615, 1110),
        meld=(50, 50),
        warnings=((None, "went_out"),),  # the draw pile ran out: nobody went out
    ),
    Round(
        entries=[
            # Us: 2 × 500 + 2 × 300 + 690 − 85 − 1 red held × 300 = 1000 + 600 + 690 − 85 − 300 = 1905
            E(books={"clean": 2, "dirty": 2}, melded_points=690, hand_points=85, red_threes_held=1),
            # Them go out with 3 red + 4 black = 7 canastas: 3 × 500 + 4 × 300 + 1210 + 100 out
            # + 100 concealed = 1500 + 1200 + 1210 + 100 + 100 = 4110 (no 5,000: the win at once is off)
            E(books={"clean": 3, "dirty": 4}, melded_points=1210, went_out=True, concealed=True),
        ],
        totals=(1905, 4110),
        running=(4520, 5220),  # 2615 + 1905; 1110 + 4110
        meld=(90, 90),
    ),
]
THREE_RED_FOUR_BLACK = Game(
    slug="hand-and-foot-3-red-4-black",
    teams=("Us", "Them"),
    rounds=[
        *HF5_ROUNDS_1_2,
        Round(
            entries=[
                # Us go out with 3 red + 4 black: 3 × 500 + 4 × 300 + 1050 melded + 100 out
                #     = 1500 + 1200 + 1050 + 100 = 3850
                E(books={"clean": 3, "dirty": 4}, melded_points=1050, went_out=True),
                # Them: 500 + 300 + 520 − 2 black held × 5 − 140 = 500 + 300 + 520 − 10 − 140 = 1170
                E(books={"clean": 1, "dirty": 1}, melded_points=520, black_threes_held=2, hand_points=140),
            ],
            totals=(3850, 1170),
            running=(8370, 6390),  # 4520 + 3850; 5220 + 1170
            meld=(120, 120),
        ),
        Round(
            entries=[
                # Us: 2 × 500 + 3 × 300 + 800 − 95 = 1000 + 900 + 800 − 95 = 2605
                E(books={"clean": 2, "dirty": 3}, melded_points=800, hand_points=95),
                # Them go out concealed with 3 red + 5 black: 1500 + 1500 + 1330 + 100 + 100 = 4530
                E(books={"clean": 3, "dirty": 5}, melded_points=1330, went_out=True, concealed=True),
            ],
            totals=(2605, 4530),
            running=(10975, 10920),  # 8370 + 2605; 6390 + 4530
            meld=(150, 150),
        ),
    ],
    winners=(0,),  # 10975 > 10920 after the fourth hand
)
# The same first two hands with the seven-canasta win turned on in house rules (game_end.books_to_win,
# 000 L476 "will automatically receive 5000 points and thus win the game"): Them's 7 canastas in
# round 2 score 4110 + 5000 = 9110, running 1110 + 9110 = 10220, and the game is over.
SEVEN_CANASTAS_ON = {"books": 7, "bonus": 5000}


def test_3_red_4_black_runs_its_four_hands():
    game = THREE_RED_FOUR_BLACK
    rules = preset(game.slug)
    assert rules.game_end.books_to_win is None
    assert check_and_score_game(rules, entries_of(game), team_count=2)[0] == []
    result = play(game)
    assert [tuple(s.total for s in r.scores) for r in result.rounds] == [r.totals for r in game.rounds]
    assert [r.running_totals for r in result.rounds] == [r.running for r in game.rounds]
    assert [r.meld_requirements for r in result.rounds] == [r.meld for r in game.rounds]
    assert [tuple((w.team, w.field) for w in r.warnings) for r in result.rounds] == [r.warnings for r in game.rounds]
    # seven canastas in round 2 end nothing: after 2 and 3 hands the game goes on, after 4 it is over
    assert [score_game(rules, entries_of(game)[:n], team_count=2).finished for n in (2, 3, 4)] == [False, False, True]
    assert (result.finished, result.winners) == (True, (0,))


def test_3_red_4_black_with_the_seven_canasta_house_rule_ends_at_seven_canastas():
    document = preset_document("hand-and-foot-3-red-4-black")
    document["game_end"]["books_to_win"] = SEVEN_CANASTAS_ON
    rules = load_rules(document)
    two_hands = [r.entries for r in HF5_ROUNDS_1_2]
    result = score_game(rules, two_hands, team_count=2)
    assert [tuple(s.total for s in r.scores) for r in result.rounds] == [(2615, 1110), (1905, 9110)]
    assert result.totals == (4520, 10220)
    assert (result.finished, result.winners) == (True, (1,))
    # round 3 comes after the game ended
    problems, _ = check_and_score_game(rules, entries_of(THREE_RED_FOUR_BLACK)[:3], team_count=2)
    assert problems and "7 canastas were made in round 2" in problems[0].message


@pytest.mark.parametrize(
    ("partners", "missing"),
    [
        # with partners: 3 red + 4 black (000 L456); 1 + 2 is 2 red and 2 black short
        P(True, "missing 2 red canastas, 2 black canastas", id="partners"),
        # "If playing a single game (i.e. no partners), one red canasta and two black canasta are required"
        P(False, None, id="no-partners"),
    ],
)
def test_going_out_needs_depend_on_partners(partners, missing):
    from scoresheet.scoring.round_problems import round_warnings

    rules = preset("hand-and-foot-3-red-4-black")
    entries = [E(books={"clean": 1, "dirty": 2}, melded_points=300, went_out=True), E(melded_points=100)]
    messages = [w.message for w in round_warnings(rules, entries, number=1, partners=partners) if w.team == 0]
    if missing is None:
        assert messages == []
    else:
        assert len(messages) == 1 and missing in messages[0]


def test_3_red_4_black_card_counts_and_red_threes_caught():
    # hand: 1 joker × 50 + 2 fours-to-sevens × 5 = 60 (000 L469); 2 red threes caught × 300 (000 L459)
    score = one("hand-and-foot-3-red-4-black", E(hand_cards={"jokers": 1, "fours_to_sevens": 2}, red_threes_held=2))
    assert lines_by_key(score) == {"hand_points": -60, "red_threes_held": -600}
