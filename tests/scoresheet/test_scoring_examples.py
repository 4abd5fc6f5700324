"""Worked examples: a full game for every preset, each round's arithmetic done by hand.

Every expected number is computed in the comment above it from the source values
(shared/rules/VARIANTS.md; ``002 L57`` = seed 002, line 57; ``000 L403`` = seed 000, line 403).
The code under test is never used to produce an expectation.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scoresheet.rules.preset_rules import preset
from scoresheet.scoring.engine import (
    Adjustment,
    Entry,
    check_and_score_game,
    meld_requirement,
    score_entry,
    score_game,
)
from scoresheet.scoring.round_problems import round_errors, round_warnings

E = Entry
P = pytest.param


@dataclass
class Round:
    entries: list[Entry]
    totals: tuple[int, ...]  # each team's round score
    running: tuple[int, ...]  # each team's total after the round
    meld: tuple[int | str, ...]  # each team's opening-meld requirement for this round
    warnings: tuple[tuple[int | None, str], ...] = ()  # (team, field) of every warning


@dataclass
class Game:
    slug: str
    teams: tuple[str, ...]
    rounds: list[Round]
    winners: tuple[int, ...]
    finished: bool = True
    next_meld: tuple[int | str, ...] | None = None  # checked when given


def entries_of(game: Game) -> list[list[Entry]]:
    return [r.entries for r in game.rounds]


def lines_by_key(score) -> dict[str, int]:
    out: dict[str, int] = {}
    for line in score.lines:
        out[line.key] = out.get(line.key, 0) + line.points
    return out


def one(slug: str, entry: Entry):
    return score_entry(preset(slug), entry)


# =====================================================================================
# hand-and-foot (HF-1, seed 002): clean 500 (L57), dirty 300 (L58), wild 1500 (L59),
# going out 100 (L60), red three laid +100 (L61), held −100 (L55), black three held −5 (L113),
# perfect cut +100 (000 L259-260); meld by round 50/90/120/150 (L66-69); four deals (L17).
# =====================================================================================
HAND_AND_FOOT = Game(
    slug="hand-and-foot",
    teams=("Us", "Them"),
    rounds=[
        Round(  # the PRODUCT.md example
            entries=[
                # Us: 2 clean × 500 + 2 dirty × 300 + 1 wild × 1500 + 1045 melded + 1 red three × 100
                #     + 100 going out = 1000 + 600 + 1500 + 1045 + 100 + 100 = 4345
                E(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1045, went_out=True),
                # Them: 1 clean × 500 + 1 dirty × 300 + 610 melded − 1 red held × 100 − 2 black held × 5
                #       − 185 in hand = 500 + 300 + 610 − 100 − 10 − 185 = 1115
                E(
                    books={"clean": 1, "dirty": 1},
                    red_threes_held=1,
                    black_threes_held=2,
                    melded_points=610,
                    hand_points=185,
                ),
            ],
            totals=(4345, 1115),
            running=(4345, 1115),
            meld=(50, 50),  # round 1: 50 (002 L66)
        ),
        Round(
            entries=[
                # Us: 1 clean × 500 + 2 dirty × 300 + 735 melded + 1 red × 100 − 1 red held × 100
                #     − 1 black held × 5 − 240 in hand = 500 + 600 + 735 + 100 − 100 − 5 − 240 = 1590
                E(
                    books={"clean": 1, "dirty": 2},
                    red_threes=1,
                    red_threes_held=1,
                    black_threes_held=1,
                    melded_points=735,
                    hand_points=240,
                ),
                # Them: 3 clean × 500 + 2 dirty × 300 + 1 wild × 1500 + 1260 melded + 2 red × 100 + 100 out
                #       + 1 perfect cut × 100 = 1500 + 600 + 1500 + 1260 + 200 + 100 + 100 = 5260
                E(
                    books={"clean": 3, "dirty": 2, "wild": 1},
                    red_threes=2,
                    melded_points=1260,
                    went_out=True,
                    extras={"perfect_cut": 1},
                ),
            ],
            totals=(1590, 5260),
            running=(5935, 6375),  # 4345 + 1590 = 5935; 1115 + 5260 = 6375
            meld=(90, 90),  # round 2: 90 (002 L67)
        ),
        Round(
            entries=[
                # Us: 2 clean × 500 + 3 dirty × 300 + 1 wild × 1500 + 1380 melded + 2 red × 100 + 100 out
                #     = 1000 + 900 + 1500 + 1380 + 200 + 100 = 5080
                E(books={"clean": 2, "dirty": 3, "wild": 1}, red_threes=2, melded_points=1380, went_out=True),
                # Them: 2 clean × 500 + 1 dirty × 300 + 890 melded + 1 red × 100 − 3 black held × 5 − 315
                #       = 1000 + 300 + 890 + 100 − 15 − 315 = 1960
                E(
                    books={"clean": 2, "dirty": 1},
                    red_threes=1,
                    black_threes_held=3,
                    melded_points=890,
                    hand_points=315,
                ),
            ],
            totals=(5080, 1960),
            running=(11015, 8335),  # 5935 + 5080 = 11015; 6375 + 1960 = 8335
            meld=(120, 120),  # round 3: 120 (002 L68)
        ),
        Round(
            entries=[
                # Us: 1 clean × 500 + 1 dirty × 300 + 520 melded − 2 red held × 100 − 410 in hand
                #     = 500 + 300 + 520 − 200 − 410 = 710
                E(books={"clean": 1, "dirty": 1}, red_threes_held=2, melded_points=520, hand_points=410),
                # Them: 2 clean × 500 + 2 dirty × 300 + 2 wild × 1500 + 1650 melded + 3 red × 100 + 100 out
                #       = 1000 + 600 + 3000 + 1650 + 300 + 100 = 6650
                E(books={"clean": 2, "dirty": 2, "wild": 2}, red_threes=3, melded_points=1650, went_out=True),
            ],
            totals=(710, 6650),
            running=(11725, 14985),  # 11015 + 710 = 11725; 8335 + 6650 = 14985
            meld=(150, 150),  # round 4: 150 (002 L69)
        ),
    ],
    winners=(1,),  # four deals played (002 L17); Them 14985 > Us 11725
)

# =====================================================================================
# hand-and-foot-6-deck (HF-2, seed 003): clean 500, dirty 300, joker 1500 (L134-136),
# going out 100 (L129), red laid +100 (L113), held −100 (L118), black held −5 (L125),
# exact cut +100 each, up to 2 a round (L39-40, L144); to go out 7 clean + 1 joker (L100-101);
# meld 50/90/120/150 (L80-83); 4 rounds (L13).
# =====================================================================================
SIX_DECK = Game(
    slug="hand-and-foot-6-deck",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 7 clean × 500 + 2 dirty × 300 + 1 joker × 1500 + 2450 melded + 3 red × 100 + 100 out
                #     + 2 exact cuts × 100 = 3500 + 600 + 1500 + 2450 + 300 + 100 + 200 = 8650
                E(
                    books={"clean": 7, "dirty": 2, "wild": 1},
                    red_threes=3,
                    melded_points=2450,
                    went_out=True,
                    extras={"perfect_cut": 2},
                ),
                # Them: 3 clean × 500 + 4 dirty × 300 + 1730 melded + 2 red × 100 − 1 red held × 100
                #       − 1 black held × 5 − 265 = 1500 + 1200 + 1730 + 200 − 100 − 5 − 265 = 4260
                E(
                    books={"clean": 3, "dirty": 4},
                    red_threes=2,
                    red_threes_held=1,
                    black_threes_held=1,
                    melded_points=1730,
                    hand_points=265,
                ),
            ],
            totals=(8650, 4260),
            running=(8650, 4260),
            meld=(50, 50),
        ),
        Round(
            entries=[
                # Us: 4 clean × 500 + 2 dirty × 300 + 1 joker × 1500 + 1925 melded + 1 red × 100
                #     − 2 black held × 5 − 330 = 2000 + 600 + 1500 + 1925 + 100 − 10 − 330 = 5785
                E(
                    books={"clean": 4, "dirty": 2, "wild": 1},
                    red_threes=1,
                    black_threes_held=2,
                    melded_points=1925,
                    hand_points=330,
                ),
                # Them: 7 clean × 500 + 3 dirty × 300 + 2 joker × 1500 + 2890 melded + 2 red × 100 + 100 out
                #       + 1 exact cut × 100 = 3500 + 900 + 3000 + 2890 + 200 + 100 + 100 = 10690
                E(
                    books={"clean": 7, "dirty": 3, "wild": 2},
                    red_threes=2,
                    melded_points=2890,
                    went_out=True,
                    extras={"perfect_cut": 1},
                ),
            ],
            totals=(5785, 10690),
            running=(14435, 14950),  # 8650 + 5785; 4260 + 10690
            meld=(90, 90),
            # 2,890 on the table is more than a team's cards can be worth: 2 teams of 2 with 6 decks
            # hold about 52 dealt + (324 − 104) ÷ 2 = 162 cards, and the best 162 of 6 decks are
            # 12 jokers × 50 + 48 twos and aces × 20 + 102 eights to kings × 10 = 2,580: a warning
            # to confirm (scoresheet/scoring/plausibility.py), not an error.
            warnings=((1, "melded_points"),),
        ),
        Round(
            entries=[
                # Us: 8 clean × 500 + 1 dirty × 300 + 1 joker × 1500 + 2600 melded + 4 red × 100 + 100 out
                #     = 4000 + 300 + 1500 + 2600 + 400 + 100 = 8900
                E(books={"clean": 8, "dirty": 1, "wild": 1}, red_threes=4, melded_points=2600, went_out=True),
                # Them: 5 clean × 500 + 3 dirty × 300 + 2105 melded + 1 red × 100 − 2 red held × 100 − 480
                #       = 2500 + 900 + 2105 + 100 − 200 − 480 = 4925
                E(books={"clean": 5, "dirty": 3}, red_threes=1, red_threes_held=2, melded_points=2105, hand_points=480),
            ],
            totals=(8900, 4925),
            running=(23335, 19875),  # 14435 + 8900; 14950 + 4925
            meld=(120, 120),
            warnings=((0, "melded_points"),),  # 2,600 on the table: more than 2,580, as in round 2
        ),
        Round(
            entries=[
                # Us: 3 clean × 500 + 3 dirty × 300 + 1455 melded + 2 red × 100 − 1 red held × 100
                #     − 1 black held × 5 − 205 = 1500 + 900 + 1455 + 200 − 100 − 5 − 205 = 3745
                E(
                    books={"clean": 3, "dirty": 3},
                    red_threes=2,
                    red_threes_held=1,
                    black_threes_held=1,
                    melded_points=1455,
                    hand_points=205,
                ),
                # Them: 7 clean × 500 + 2 dirty × 300 + 1 joker × 1500 + 2320 melded + 2 red × 100 + 100 out
                #       + 2 exact cuts × 100 = 3500 + 600 + 1500 + 2320 + 200 + 100 + 200 = 8420
                E(
                    books={"clean": 7, "dirty": 2, "wild": 1},
                    red_threes=2,
                    melded_points=2320,
                    went_out=True,
                    extras={"perfect_cut": 2},
                ),
            ],
            totals=(3745, 8420),
            running=(27080, 28295),  # 23335 + 3745; 19875 + 8420
            meld=(150, 150),
        ),
    ],
    winners=(1,),
)

# =====================================================================================
# hand-and-foot-canasta (HF-3, seed 001): natural 500, mixed 300 (L71-72); threes are
# discards only (L23); red held −100 (L83), black held −5 (L84); going out not stated → 0;
# 8-card canastas (L13); to go out 1 natural + 2 mixed (L57); meld 50/90/120 (L27-31)
# and an optional 150 hand (L33); usually 3 rounds (L25).
# =====================================================================================
HF_CANASTA_ROUNDS = [
    Round(
        entries=[
            # Us: 2 natural × 500 + 2 mixed × 300 + 1190 melded + 0 going out (not stated)
            #     = 1000 + 600 + 1190 + 0 = 2790
            E(books={"clean": 2, "dirty": 2}, melded_points=1190, went_out=True),
            # Them: 1 natural × 500 + 2 mixed × 300 + 880 melded − 1 red held × 100 − 1 black held × 5
            #       − 175 = 500 + 600 + 880 − 100 − 5 − 175 = 1700
            E(
                books={"clean": 1, "dirty": 2},
                red_threes_held=1,
                black_threes_held=1,
                melded_points=880,
                hand_points=175,
            ),
        ],
        totals=(2790, 1700),
        running=(2790, 1700),
        meld=(50, 50),  # 001 L27
    ),
    Round(
        entries=[
            # Us: 1 natural × 500 + 1 mixed × 300 + 650 melded − 2 red held × 100 − 2 black held × 5 − 290
            #     = 500 + 300 + 650 − 200 − 10 − 290 = 950
            E(
                books={"clean": 1, "dirty": 1},
                red_threes_held=2,
                black_threes_held=2,
                melded_points=650,
                hand_points=290,
            ),
            # Them: 2 natural × 500 + 3 mixed × 300 + 1420 melded + 0 going out = 1000 + 900 + 1420 = 3320
            E(books={"clean": 2, "dirty": 3}, melded_points=1420, went_out=True),
        ],
        totals=(950, 3320),
        running=(3740, 5020),
        meld=(90, 90),  # 2790 + 950; 1700 + 3320; 001 L29
    ),
    Round(
        entries=[
            # Us: 3 natural × 500 + 2 mixed × 300 + 1560 melded + 0 = 1500 + 600 + 1560 = 3660
            E(books={"clean": 3, "dirty": 2}, melded_points=1560, went_out=True),
            # Them: 1 natural × 500 + 1 mixed × 300 + 720 melded − 1 red held × 100 − 145
            #       = 500 + 300 + 720 − 100 − 145 = 1275
            E(books={"clean": 1, "dirty": 1}, red_threes_held=1, melded_points=720, hand_points=145),
        ],
        totals=(3660, 1275),
        running=(7400, 6295),
        meld=(120, 120),  # 3740 + 3660; 5020 + 1275; 001 L31
    ),
]
HF_CANASTA_OPTIONAL_ROUND = Round(
    entries=[
        # Us: 1 natural × 500 + 2 mixed × 300 + 905 melded − 130 − 1 red held × 100
        #     = 500 + 600 + 905 − 130 − 100 = 1775
        E(books={"clean": 1, "dirty": 2}, red_threes_held=1, melded_points=905, hand_points=130),
        # Them: 2 natural × 500 + 2 mixed × 300 + 1275 melded + 0 = 1000 + 600 + 1275 = 2875
        E(books={"clean": 2, "dirty": 2}, melded_points=1275, went_out=True),
    ],
    totals=(1775, 2875),
    running=(9175, 9170),
    meld=(150, 150),  # 7400 + 1775; 6295 + 2875; "a 150 hand" 001 L33
)
HF_CANASTA = Game(
    slug="hand-and-foot-canasta",
    teams=("Us", "Them"),
    rounds=HF_CANASTA_ROUNDS,
    winners=(0,),  # "usually 3 rounds" (001 L25): Us 7400 > Them 6295
)
HF_CANASTA_WITH_150_HAND = Game(
    slug="hand-and-foot-canasta",
    teams=("Us", "Them"),
    rounds=[*HF_CANASTA_ROUNDS, HF_CANASTA_OPTIONAL_ROUND],
    winners=(0,),  # Us 9175 > Them 9170
)

# =====================================================================================
# hand-and-foot-11-card (HF-4, 000 L19-73): red book 500, black book 300 (L70-71),
# going out 100 (L72), red threes never laid, held −300 (L57, L67), black held −5 (L68),
# exact 22-card draw +300 (L28); to go out 2 red + 2 black (L60); meld 50/90/120/150 (L49-52).
# =====================================================================================
ELEVEN_CARD = Game(
    slug="hand-and-foot-11-card",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 2 red × 500 + 3 black × 300 + 1035 melded + 100 out + 1 exact draw × 300
                #     = 1000 + 900 + 1035 + 100 + 300 = 3335
                E(books={"clean": 2, "dirty": 3}, melded_points=1035, went_out=True, extras={"exact_draw": 1}),
                # Them: 1 red × 500 + 2 black × 300 + 760 melded − 1 red held × 300 − 2 black held × 5 − 215
                #       = 500 + 600 + 760 − 300 − 10 − 215 = 1335
                E(
                    books={"clean": 1, "dirty": 2},
                    red_threes_held=1,
                    black_threes_held=2,
                    melded_points=760,
                    hand_points=215,
                ),
            ],
            totals=(3335, 1335),
            running=(3335, 1335),
            meld=(50, 50),
        ),
        Round(
            entries=[
                # Us: 1 red × 500 + 1 black × 300 + 545 melded − 2 red held × 300 − 380
                #     = 500 + 300 + 545 − 600 − 380 = 365
                E(books={"clean": 1, "dirty": 1}, red_threes_held=2, melded_points=545, hand_points=380),
                # Them: 3 red × 500 + 2 black × 300 + 1180 melded + 100 out + 2 exact draws × 300
                #       = 1500 + 600 + 1180 + 100 + 600 = 3980
                E(books={"clean": 3, "dirty": 2}, melded_points=1180, went_out=True, extras={"exact_draw": 2}),
            ],
            totals=(365, 3980),
            running=(3700, 5315),
            meld=(90, 90),  # 3335 + 365; 1335 + 3980
        ),
        Round(
            entries=[
                # Us: 2 red × 500 + 2 black × 300 + 980 melded + 100 out = 1000 + 600 + 980 + 100 = 2680
                E(books={"clean": 2, "dirty": 2}, melded_points=980, went_out=True),
                # Them: 2 red × 500 + 1 black × 300 + 870 melded − 1 black held × 5 − 120
                #       = 1000 + 300 + 870 − 5 − 120 = 2045
                E(books={"clean": 2, "dirty": 1}, black_threes_held=1, melded_points=870, hand_points=120),
            ],
            totals=(2680, 2045),
            running=(6380, 7360),
            meld=(120, 120),  # 3700 + 2680; 5315 + 2045
        ),
        Round(
            entries=[
                # Us: 3 red × 500 + 3 black × 300 + 1340 melded + 100 out + 1 exact draw × 300
                #     = 1500 + 900 + 1340 + 100 + 300 = 4140
                E(books={"clean": 3, "dirty": 3}, melded_points=1340, went_out=True, extras={"exact_draw": 1}),
                # Them: 1 red × 500 + 1 black × 300 + 610 melded − 1 red held × 300 − 455
                #       = 500 + 300 + 610 − 300 − 455 = 655
                E(books={"clean": 1, "dirty": 1}, red_threes_held=1, melded_points=610, hand_points=455),
            ],
            totals=(4140, 655),
            running=(10520, 8015),
            meld=(150, 150),  # 6380 + 4140; 7360 + 655
        ),
    ],
    winners=(0,),
)

# =====================================================================================
# hand-and-foot-individual (HF-8, 000 L759-793), two players: clean 300, dirty 100 (L775),
# going out 100 (L775), red threes always against −500 (L773), black held −5 (L773),
# collect exactly 22 +100 (L768, L775); to go out 1 clean + 1 dirty (L793);
# meld 50/90/120/150 (L781); four rounds (L771).
# =====================================================================================
INDIVIDUAL = Game(
    slug="hand-and-foot-individual",
    teams=("Ann", "Bob"),
    rounds=[
        Round(
            entries=[
                # Ann: 1 clean × 300 + 2 dirty × 100 + 640 melded + 100 out + 1 exact 22 × 100
                #      = 300 + 200 + 640 + 100 + 100 = 1340
                E(books={"clean": 1, "dirty": 2}, melded_points=640, went_out=True, extras={"exact_draw": 1}),
                # Bob: 1 clean × 300 + 395 melded − 1 red held × 500 − 1 black held × 5 − 140
                #      = 300 + 395 − 500 − 5 − 140 = 50
                E(books={"clean": 1}, red_threes_held=1, black_threes_held=1, melded_points=395, hand_points=140),
            ],
            totals=(1340, 50),
            running=(1340, 50),
            meld=(50, 50),
        ),
        Round(
            entries=[
                # Ann: 1 dirty × 100 + 310 melded − 2 red held × 500 − 225 = 100 + 310 − 1000 − 225 = −815
                E(books={"dirty": 1}, red_threes_held=2, melded_points=310, hand_points=225),
                # Bob: 2 clean × 300 + 1 dirty × 100 + 715 melded + 100 out = 600 + 100 + 715 + 100 = 1515
                E(books={"clean": 2, "dirty": 1}, melded_points=715, went_out=True),
            ],
            totals=(-815, 1515),
            running=(525, 1565),
            meld=(90, 90),  # 1340 − 815; 50 + 1515
        ),
        Round(
            entries=[
                # Ann: 2 clean × 300 + 2 dirty × 100 + 830 melded + 100 out + 1 exact 22 × 100
                #      = 600 + 200 + 830 + 100 + 100 = 1830
                E(books={"clean": 2, "dirty": 2}, melded_points=830, went_out=True, extras={"exact_draw": 1}),
                # Bob: 1 clean × 300 + 1 dirty × 100 + 520 melded − 2 black held × 5 − 95
                #      = 300 + 100 + 520 − 10 − 95 = 815
                E(books={"clean": 1, "dirty": 1}, black_threes_held=2, melded_points=520, hand_points=95),
            ],
            totals=(1830, 815),
            running=(2355, 2380),
            meld=(120, 120),  # 525 + 1830; 1565 + 815
        ),
        Round(
            entries=[
                # Ann: 1 clean × 300 + 1 dirty × 100 + 480 melded − 60 = 300 + 100 + 480 − 60 = 820
                E(books={"clean": 1, "dirty": 1}, melded_points=480, hand_points=60),
                # Bob: 1 clean × 300 + 1 dirty × 100 + 455 melded + 100 out + 1 exact 22 × 100
                #      = 300 + 100 + 455 + 100 + 100 = 1055
                E(books={"clean": 1, "dirty": 1}, melded_points=455, went_out=True, extras={"exact_draw": 1}),
            ],
            totals=(820, 1055),
            running=(3175, 3435),
            meld=(150, 150),  # 2355 + 820; 2380 + 1055
        ),
    ],
    winners=(1,),
)

# =====================================================================================
# hand-knee-and-foot (HKF-1, seed 004): sevens 5000, fives 3000, wild 2500, clean 500,
# dirty 300 (L87-95); team going out 200 (L99); red laid +100 (L51), 7 red threes = 700 + 300
# bonus (L100, C-18), red held −500 (L102), black held −100 (L104); knee penalty −1000 (L27);
# meld by the team's score before the round: below 15,000 → 50, 15,000 → 90, 30,000 → 120,
# 50,000 → 150 (L59-67, C-09); four rounds (L43).
# =====================================================================================
HKF = Game(
    slug="hand-knee-and-foot",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 1 sevens × 5000 + 1 fives × 3000 + 1 wild × 2500 + 2 clean × 500 + 2 dirty × 300
                #     + 1850 melded + 3 red × 100 + 200 out
                #     = 5000 + 3000 + 2500 + 1000 + 600 + 1850 + 300 + 200 = 14450
                E(
                    books={"sevens": 1, "fives": 1, "wild": 1, "clean": 2, "dirty": 2},
                    red_threes=3,
                    melded_points=1850,
                    went_out=True,
                ),
                # Them: 1 fives × 3000 + 1 clean × 500 + 2 dirty × 300 + 1240 melded + 2 red × 100
                #       − 1 red held × 500 − 1 black held × 100 − 385 − 1 knee penalty × 1000
                #       = 3000 + 500 + 600 + 1240 + 200 − 500 − 100 − 385 − 1000 = 3555
                E(
                    books={"fives": 1, "clean": 1, "dirty": 2},
                    red_threes=2,
                    red_threes_held=1,
                    black_threes_held=1,
                    melded_points=1240,
                    hand_points=385,
                    extras={"knee_penalty": 1},
                ),
            ],
            totals=(14450, 3555),
            running=(14450, 3555),
            meld=(50, 50),  # both start at 0 → "UP TO 15,000 … 50" (004 L61)
        ),
        Round(
            entries=[
                # Us: the five basic books 5000 + 3000 + 2500 + 500 + 300 = 11300 (004 L97) + 1480 melded
                #     + 1 red × 100 + 200 out = 11300 + 1480 + 100 + 200 = 13080
                E(
                    books={"sevens": 1, "fives": 1, "wild": 1, "clean": 1, "dirty": 1},
                    red_threes=1,
                    melded_points=1480,
                    went_out=True,
                ),
                # Them: 1 fives × 3000 + 2 clean × 500 + 1 dirty × 300 + 1310 melded + 7 red × 100 + 300 bonus
                #       − 1 black held × 100 − 265 = 3000 + 1000 + 300 + 1310 + 700 + 300 − 100 − 265 = 6245
                E(
                    books={"fives": 1, "clean": 2, "dirty": 1},
                    red_threes=7,
                    black_threes_held=1,
                    melded_points=1310,
                    hand_points=265,
                ),
            ],
            totals=(13080, 6245),
            running=(27530, 9800),  # 14450 + 13080 = 27530; 3555 + 6245 = 9800
            meld=(50, 50),  # Us 14,450 and Them 3,555 are both below 15,000 → 50
        ),
        Round(
            entries=[
                # Us: 1 sevens × 5000 + 1 fives × 3000 + 1 clean × 500 + 2 dirty × 300 + 1390 melded
                #     + 1 red × 100 − 2 red held × 500 − 1 black held × 100 − 540 − 1 knee penalty × 1000
                #     = 5000 + 3000 + 500 + 600 + 1390 + 100 − 1000 − 100 − 540 − 1000 = 7950
                E(
                    books={"sevens": 1, "fives": 1, "clean": 1, "dirty": 2},
                    red_threes=1,
                    red_threes_held=2,
                    black_threes_held=1,
                    melded_points=1390,
                    hand_points=540,
                    extras={"knee_penalty": 1},
                ),
                # Them: 1 sevens × 5000 + 1 fives × 3000 + 1 wild × 2500 + 2 clean × 500 + 1 dirty × 300
                #       + 1765 melded + 2 red × 100 + 200 out
                #       = 5000 + 3000 + 2500 + 1000 + 300 + 1765 + 200 + 200 = 13965
                E(
                    books={"sevens": 1, "fives": 1, "wild": 1, "clean": 2, "dirty": 1},
                    red_threes=2,
                    melded_points=1765,
                    went_out=True,
                ),
            ],
            totals=(7950, 13965),
            running=(35480, 23765),  # 27530 + 7950 = 35480; 9800 + 13965 = 23765
            meld=(90, 50),  # Us crossed 15,000 (27,530 → 90, 004 L63); Them 9,800 → 50
        ),
        Round(
            entries=[
                # Us: 2 sevens × 5000 + 1 fives × 3000 + 1 wild × 2500 + 1 clean × 500 + 1 dirty × 300
                #     + 2010 melded + 3 red × 100 + 200 out
                #     = 10000 + 3000 + 2500 + 500 + 300 + 2010 + 300 + 200 = 18810
                E(
                    books={"sevens": 2, "fives": 1, "wild": 1, "clean": 1, "dirty": 1},
                    red_threes=3,
                    melded_points=2010,
                    went_out=True,
                ),
                # Them: 1 sevens × 5000 + 1 wild × 2500 + 1 clean × 500 + 1 dirty × 300 + 1180 melded
                #       + 2 red × 100 − 1 red held × 500 − 350 = 5000 + 2500 + 500 + 300 + 1180 + 200 − 500 − 350
                #       = 8830
                E(
                    books={"sevens": 1, "wild": 1, "clean": 1, "dirty": 1},
                    red_threes=2,
                    red_threes_held=1,
                    melded_points=1180,
                    hand_points=350,
                ),
            ],
            totals=(18810, 8830),
            running=(54290, 32595),  # 35480 + 18810 = 54290; 23765 + 8830 = 32595
            meld=(120, 90),  # Us 35,480 → 120 (004 L65); Them 23,765 → 90 (004 L63)
        ),
    ],
    winners=(0,),
    next_meld=(150, 120),  # Us 54,290 → "OVER 50,000 … 150" (004 L67); Them 32,595 → 120
)

# =====================================================================================
# hand-knee-and-foot-by-round (HKF-2, 000 L74-172): the same book values (L162-166);
# red laid +100 (L154), red held −100 (not stated, C-20), black held 0 (not stated),
# going out 0 (not stated), knee penalty −1000 (L119); meld by round 50/90/120/150
# (L132-135); four hands (L123).
# =====================================================================================
HKF_BY_ROUND = Game(
    slug="hand-knee-and-foot-by-round",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 5000 + 3000 + 2500 + 1 clean × 500 + 2 dirty × 300 + 1560 melded + 2 red × 100
                #     + 0 going out (not stated) = 5000 + 3000 + 2500 + 500 + 600 + 1560 + 200 = 13360
                E(
                    books={"sevens": 1, "fives": 1, "wild": 1, "clean": 1, "dirty": 2},
                    red_threes=2,
                    melded_points=1560,
                    went_out=True,
                ),
                # Them: 1 fives × 3000 + 2 clean × 500 + 1 dirty × 300 + 1095 melded + 1 red × 100
                #       − 1 red held × 100 − 2 black held × 0 (not stated) − 310
                #       = 3000 + 1000 + 300 + 1095 + 100 − 100 − 0 − 310 = 5085
                E(
                    books={"fives": 1, "clean": 2, "dirty": 1},
                    red_threes=1,
                    red_threes_held=1,
                    black_threes_held=2,
                    melded_points=1095,
                    hand_points=310,
                ),
            ],
            totals=(13360, 5085),
            running=(13360, 5085),
            meld=(50, 50),  # 000 L132
        ),
        Round(
            entries=[
                # Us: 1 sevens × 5000 + 1 clean × 500 + 1 dirty × 300 + 980 melded + 1 red × 100 − 405
                #     − 1 knee penalty × 1000 = 5000 + 500 + 300 + 980 + 100 − 405 − 1000 = 5475
                E(
                    books={"sevens": 1, "clean": 1, "dirty": 1},
                    red_threes=1,
                    melded_points=980,
                    hand_points=405,
                    extras={"knee_penalty": 1},
                ),
                # Them: 5000 + 3000 + 2500 + 500 + 300 = 11300 + 1430 melded + 3 red × 100 + 0 out = 13030
                E(
                    books={"sevens": 1, "fives": 1, "wild": 1, "clean": 1, "dirty": 1},
                    red_threes=3,
                    melded_points=1430,
                    went_out=True,
                ),
            ],
            totals=(5475, 13030),
            running=(18835, 18115),  # 13360 + 5475; 5085 + 13030
            meld=(90, 90),  # round 2 → 90 (000 L133)
        ),
        Round(
            entries=[
                # Us: 1 sevens × 5000 + 2 fives × 3000 + 1 wild × 2500 + 1 clean × 500 + 1 dirty × 300
                #     + 1875 melded + 0 out = 5000 + 6000 + 2500 + 500 + 300 + 1875 = 16175
                E(
                    books={"sevens": 1, "fives": 2, "wild": 1, "clean": 1, "dirty": 1},
                    melded_points=1875,
                    went_out=True,
                ),
                # Them: 1 sevens × 5000 + 1 wild × 2500 + 2 dirty × 300 + 1205 melded + 2 red × 100
                #       − 2 red held × 100 − 525 = 5000 + 2500 + 600 + 1205 + 200 − 200 − 525 = 8780
                E(
                    books={"sevens": 1, "wild": 1, "dirty": 2},
                    red_threes=2,
                    red_threes_held=2,
                    melded_points=1205,
                    hand_points=525,
                ),
            ],
            totals=(16175, 8780),
            running=(35010, 26895),  # 18835 + 16175; 18115 + 8780
            meld=(120, 120),  # round 3 → 120 (000 L134), although Us has 18,835 (no score bands here)
        ),
        Round(
            entries=[
                # Us: 1 sevens × 5000 + 1 fives × 3000 + 1 clean × 500 + 1 dirty × 300 + 1150 melded
                #     + 1 red × 100 − 1 black held × 0 − 380 = 5000 + 3000 + 500 + 300 + 1150 + 100 − 380 = 9670
                E(
                    books={"sevens": 1, "fives": 1, "clean": 1, "dirty": 1},
                    red_threes=1,
                    black_threes_held=1,
                    melded_points=1150,
                    hand_points=380,
                ),
                # Them: 2 sevens × 5000 + 1 fives × 3000 + 1 wild × 2500 + 2 clean × 500 + 1 dirty × 300
                #       + 2240 melded + 2 red × 100 + 0 out = 10000 + 3000 + 2500 + 1000 + 300 + 2240 + 200 = 19240
                E(
                    books={"sevens": 2, "fives": 1, "wild": 1, "clean": 2, "dirty": 1},
                    red_threes=2,
                    melded_points=2240,
                    went_out=True,
                ),
            ],
            totals=(9670, 19240),
            running=(44680, 46135),  # 35010 + 9670; 26895 + 19240
            meld=(150, 150),  # round 4 → 150 (000 L135)
        ),
    ],
    winners=(1,),
)

# =====================================================================================
# canasta (CN-1, 000 L370-409): natural 500, mixed 300 (L403), going out 100 + 100 concealed
# (L398, L403), red three 100, all four 800 (L403), counted against a team that has not
# melded (L404), black three held −5 (L403); meld by the score before the hand: negative 15,
# 0-1495 50, 1500-2995 90, 3000 and up 120 (L387); game to 5000 (L405).
# =====================================================================================
CANASTA = Game(
    slug="canasta",
    teams=("Us", "Them"),
    rounds=[
        Round(
            entries=[
                # Us: 1 natural × 500 + 1 mixed × 300 + 420 melded + 100 out + 100 concealed
                #     = 500 + 300 + 420 + 100 + 100 = 1420
                E(books={"clean": 1, "dirty": 1}, melded_points=420, went_out=True, concealed=True),
                # Them: no meld, so 4 red threes count against: −(4 × 100 + 400) = −800 (L404), − 285 in hand
                #       = −800 − 285 = −1085
                E(red_threes=4, hand_points=285),
            ],
            totals=(1420, -1085),
            running=(1420, -1085),
            meld=(50, 50),  # both at 0 → 50
        ),
        Round(
            entries=[
                # Us: 1 mixed × 300 + 365 melded + 2 red × 100 − 1 black held × 5 − 140
                #     = 300 + 365 + 200 − 5 − 140 = 720
                E(books={"dirty": 1}, red_threes=2, black_threes_held=1, melded_points=365, hand_points=140),
                # Them: 1 natural × 500 + 2 mixed × 300 + 705 melded + 1 red × 100 + 100 out
                #       = 500 + 600 + 705 + 100 + 100 = 2005
                E(books={"clean": 1, "dirty": 2}, red_threes=1, melded_points=705, went_out=True),
            ],
            totals=(720, 2005),
            running=(2140, 920),  # 1420 + 720 = 2140; −1085 + 2005 = 920
            meld=(50, 15),  # Us 1,420 → 50; Them −1,085 → "Negative 15" (L387)
        ),
        Round(
            entries=[
                # Us: 2 natural × 500 + 1 mixed × 300 + 840 melded + 1 red × 100 + 100 out
                #     = 1000 + 300 + 840 + 100 + 100 = 2340
                E(books={"clean": 2, "dirty": 1}, red_threes=1, melded_points=840, went_out=True),
                # Them: 1 natural × 500 + 455 melded + 1 red × 100 − 210 = 500 + 455 + 100 − 210 = 845
                E(books={"clean": 1}, red_threes=1, melded_points=455, hand_points=210),
            ],
            totals=(2340, 845),
            running=(4480, 1765),  # 2140 + 2340; 920 + 845
            meld=(90, 50),  # Us 2,140 → 90; Them 920 → 50
        ),
        Round(
            entries=[
                # Us: 1 mixed × 300 + 410 melded + 2 red × 100 − 95 = 300 + 410 + 200 − 95 = 815
                E(books={"dirty": 1}, red_threes=2, melded_points=410, hand_points=95),
                # Them: 1 natural × 500 + 1 mixed × 300 + 590 melded + 2 red × 100 + 100 out
                #       = 500 + 300 + 590 + 200 + 100 = 1690
                E(books={"clean": 1, "dirty": 1}, red_threes=2, melded_points=590, went_out=True),
            ],
            totals=(815, 1690),
            running=(5295, 3455),  # 4480 + 815 = 5295 ≥ 5000: the game ends (L405); 1765 + 1690 = 3455
            meld=(120, 90),  # Us 4,480 → "3000 and up 120"; Them 1,765 → 90
        ),
    ],
    winners=(0,),
    next_meld=(120, 120),  # Us 5,295 and Them 3,455 are both ≥ 3,000
)

GAMES = [
    P(HAND_AND_FOOT, id="hand-and-foot"),
    P(SIX_DECK, id="hand-and-foot-6-deck"),
    P(HF_CANASTA, id="hand-and-foot-canasta"),
    P(HF_CANASTA_WITH_150_HAND, id="hand-and-foot-canasta-with-150-hand"),
    P(ELEVEN_CARD, id="hand-and-foot-11-card"),
    P(INDIVIDUAL, id="hand-and-foot-individual"),
    P(HKF, id="hand-knee-and-foot"),
    P(HKF_BY_ROUND, id="hand-knee-and-foot-by-round"),
    P(CANASTA, id="canasta"),
]


def play(game: Game):
    return score_game(preset(game.slug), entries_of(game), team_count=len(game.teams))


def test_every_preset_has_a_worked_game():
    assert {g.values[0].slug for g in GAMES} == {
        "hand-and-foot",
        "hand-and-foot-6-deck",
        "hand-and-foot-canasta",
        "hand-and-foot-11-card",
        "hand-and-foot-individual",
        "hand-knee-and-foot",
        "hand-knee-and-foot-by-round",
        "canasta",
    }


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
    assert result.totals == game.rounds[-1].running


@pytest.mark.parametrize("game", GAMES)
def test_each_rounds_meld_requirements(game):
    result = play(game)
    assert [r.meld_requirements for r in result.rounds] == [r.meld for r in game.rounds]
    assert [r.number for r in result.rounds] == list(range(1, len(game.rounds) + 1))


@pytest.mark.parametrize("game", GAMES)
def test_the_game_is_finished_with_the_right_winner(game):
    result = play(game)
    assert result.finished is game.finished
    assert result.winners == game.winners
    if game.next_meld is not None:
        assert result.next_meld_requirements == game.next_meld


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_rounds_raise_no_warnings(game):
    result = play(game)
    got = [tuple((w.team, w.field) for w in r.warnings) for r in result.rounds]
    assert got == [r.warnings for r in game.rounds]


@pytest.mark.parametrize("game", GAMES)
def test_the_game_is_not_finished_one_round_before_its_end(game):
    rules = preset(game.slug)
    rounds = entries_of(game)[:-1]
    if game is HF_CANASTA_WITH_150_HAND:
        rounds = rounds[:-1]  # after round 2 of 3
    result = score_game(rules, rounds, team_count=len(game.teams))
    assert result.finished is False
    assert result.winners == ()


# --- the PRODUCT.md example, line by line ---------------------------------------------------------


def test_the_product_example_gives_4345_and_1115_line_by_line():
    rules = preset("hand-and-foot")
    us, them = HAND_AND_FOOT.rounds[0].entries
    result = score_game(rules, [[us, them]], team_count=2)

    assert result.totals == (4345, 1115)
    assert lines_by_key(result.rounds[0].scores[0]) == {
        "books.clean": 1000,  # 2 × 500 (002 L57)
        "books.dirty": 600,  # 2 × 300 (002 L58)
        "books.wild": 1500,  # 1 × 1500 (002 L59)
        "melded_points": 1045,
        "red_threes": 100,  # 1 × 100 (002 L61)
        "went_out": 100,  # (002 L60)
    }
    assert lines_by_key(result.rounds[0].scores[1]) == {
        "books.clean": 500,
        "books.dirty": 300,
        "melded_points": 610,
        "red_threes_held": -100,  # 1 × −100 (002 L55)
        "black_threes_held": -10,  # 2 × −5 (002 L113)
        "hand_points": -185,
    }
    assert result.rounds[0].meld_requirements == (50, 50)
    assert result.next_meld_requirements == (90, 90)  # round 2 → 90 (002 L67)
    assert result.rounds[0].warnings == ()
    assert result.finished is False
    assert result.winners == ()


# --- single rules, worked ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("red_threes", "laid", "bonus", "total"),
    [
        # 6 red threes: 6 × 100 (004 L51), below the set of 7: no bonus = 600
        P(6, 600, 0, 600, id="6"),
        # 7 red threes: 7 × 100 + 300 bonus = 1000 ("700 pts plus 300 pt bonus … 1,000", 004 L100; C-18)
        P(7, 700, 300, 1000, id="7"),
        # 8 red threes: 8 × 100 + one 300 bonus ("at least 7", C-18) = 1100
        P(8, 800, 300, 1100, id="8"),
        # 14 red threes (7 decks): 14 × 100 + one 300 bonus, not two = 1700
        P(14, 1400, 300, 1700, id="14"),
    ],
)
def test_hkf_seven_or_more_red_threes_laid_earn_one_300_bonus(red_threes, laid, bonus, total):
    score = one("hand-knee-and-foot", E(red_threes=red_threes))
    lines = lines_by_key(score)
    assert lines["red_threes"] == laid
    assert lines.get("red_threes_bonus", 0) == bonus
    assert score.total == total


def test_hkf_knee_penalty_is_an_extra_of_minus_1000():
    # 1 clean × 500 (004 L93) + 300 melded − 1 knee penalty × 1000 (004 L27) = 500 + 300 − 1000 = −200
    score = one("hand-knee-and-foot", E(books={"clean": 1}, melded_points=300, extras={"knee_penalty": 1}))
    assert lines_by_key(score)["extras.knee_penalty"] == -1000
    assert score.total == -200
    # no maximum a round: 2 × −1000 = −2000
    assert one("hand-knee-and-foot", E(extras={"knee_penalty": 2})).total == -2000


@pytest.mark.parametrize(
    ("entry", "total"),
    [
        # no books, no melded points: 4 red threes count against: −(4 × 100 + 400) = −800 (000 L403-404)
        P(E(red_threes=4), -800, id="4-red-no-meld"),
        # 2 red threes, no meld: −2 × 100 = −200
        P(E(red_threes=2), -200, id="2-red-no-meld"),
        # 4 red threes, no meld, 150 left in hand: −800 − 150 = −950
        P(E(red_threes=4, hand_points=150), -950, id="4-red-no-meld-with-hand"),
        # melded 50 points (no book): +(4 × 100 + 400) + 50 = 850
        P(E(red_threes=4, melded_points=50), 850, id="4-red-melded-points"),
        # a natural canasta: 500 + 245 melded + (4 × 100 + 400) = 1545
        P(E(books={"clean": 1}, melded_points=245, red_threes=4), 1545, id="4-red-with-a-canasta"),
        # 3 red threes with a meld: 3 × 100, no set bonus below 4 = 300 + 60 melded = 360
        P(E(red_threes=3, melded_points=60), 360, id="3-red-melded"),
    ],
)
def test_canasta_red_threes_count_against_a_team_that_has_not_melded(entry, total):
    assert one("canasta", entry).total == total


def test_canasta_going_out_concealed_earns_100_plus_100():
    # 1 natural × 500 + 350 melded + 100 going out + 100 concealed (000 L398, L403) = 1050
    score = one("canasta", E(books={"clean": 1}, melded_points=350, went_out=True, concealed=True))
    lines = lines_by_key(score)
    assert (lines["went_out"], lines["concealed"]) == (100, 100)
    assert score.total == 1050
    # the same, not concealed: 500 + 350 + 100 = 950
    assert one("canasta", E(books={"clean": 1}, melded_points=350, went_out=True)).total == 950


def test_canasta_black_threes_melded_when_going_out_count_5_each():
    # going out with 3 black threes melded (000 L380), 7 eights-to-kings in a natural canasta:
    # 1 natural × 500 + melded (3 × 5 + 7 × 10 = 85) + 100 out = 685
    entry = E(books={"clean": 1}, melded_cards={"black_threes": 3, "eights_to_kings": 7}, went_out=True)
    assert lines_by_key(one("canasta", entry))["melded_points"] == 85
    assert one("canasta", entry).total == 685


def test_11_card_red_three_held_costs_300_and_exact_draw_earns_300():
    # 1 red × 500 + 1 black × 300 (000 L70-71) + 420 melded − 1 red held × 300 (000 L67)
    # + 1 exact draw × 300 (000 L28) − 95 = 500 + 300 + 420 − 300 + 300 − 95 = 1125
    score = one(
        "hand-and-foot-11-card",
        E(
            books={"clean": 1, "dirty": 1},
            melded_points=420,
            red_threes_held=1,
            extras={"exact_draw": 1},
            hand_points=95,
        ),
    )
    lines = lines_by_key(score)
    assert lines["red_threes_held"] == -300
    assert lines["extras.exact_draw"] == 300
    assert score.total == 1125


def test_individual_clean_300_dirty_100_and_red_held_minus_500():
    # 2 clean × 300 + 3 dirty × 100 (000 L775) + 555 melded − 1 red held × 500 (000 L773) − 40
    # = 600 + 300 + 555 − 500 − 40 = 915
    score = one(
        "hand-and-foot-individual",
        E(books={"clean": 2, "dirty": 3}, melded_points=555, red_threes_held=1, hand_points=40),
    )
    lines = lines_by_key(score)
    assert (lines["books.clean"], lines["books.dirty"], lines["red_threes_held"]) == (600, 300, -500)
    assert score.total == 915


def test_6_deck_two_exact_cuts_earn_200():
    # 2 exact cuts × 100 ("100 Points each", 003 L144) = 200
    score = one("hand-and-foot-6-deck", E(extras={"perfect_cut": 2}))
    assert lines_by_key(score) == {"extras.perfect_cut": 200}
    assert score.total == 200


def test_card_counts_are_turned_into_points():
    # 2 jokers × 50 + 3 twos × 20 + 1 ace × 20 + 4 eights-to-kings × 10 + 5 fours-to-sevens × 5
    # = 100 + 60 + 20 + 40 + 25 = 245 (002 L47-50)
    cards = {"jokers": 2, "twos": 3, "aces": 1, "eights_to_kings": 4, "fours_to_sevens": 5}
    melded = one("hand-and-foot", E(melded_cards=cards))
    assert lines_by_key(melded) == {"melded_points": 245}
    assert melded.total == 245
    held = one("hand-and-foot", E(hand_cards=cards))
    assert lines_by_key(held) == {"hand_points": -245}


def test_black_threes_among_the_hand_cards_count_as_black_threes_held():
    # hand: 3 eights-to-kings × 10 + 2 fours-to-sevens × 5 = 40 in hand; 2 black threes × 5 (002 L113) = 10
    # → −40 − 10 = −50
    score = one("hand-and-foot", E(hand_cards={"eights_to_kings": 3, "fours_to_sevens": 2, "black_threes": 2}))
    assert lines_by_key(score) == {"hand_points": -40, "black_threes_held": -10}
    assert score.total == -50
    # HKF: 1 ace × 20 in hand, 2 black threes × 100 (004 L104) → −20 − 200 = −220
    score = one("hand-knee-and-foot", E(hand_cards={"aces": 1, "black_threes": 2}))
    assert lines_by_key(score) == {"hand_points": -20, "black_threes_held": -200}


def test_card_counts_score_the_same_as_the_points_they_add_up_to():
    # melded: 7 eights-to-kings × 10 + 2 jokers × 50 = 170; hand: 3 aces × 20 = 60
    by_cards = one(
        "hand-and-foot", E(books={"clean": 1}, melded_cards={"eights_to_kings": 7, "jokers": 2}, hand_cards={"aces": 3})
    )
    by_points = one("hand-and-foot", E(books={"clean": 1}, melded_points=170, hand_points=60))
    # 500 + 170 − 60 = 610
    assert by_cards.total == by_points.total == 610


def test_adjustments_are_labelled_signed_lines():
    # 1 clean × 500 + 200 melded + 50 "Table prize" − 25 "Late to the table" = 725
    score = one(
        "hand-and-foot",
        E(
            books={"clean": 1},
            melded_points=200,
            adjustments=(Adjustment("Table prize", 50), Adjustment("Late to the table", -25)),
        ),
    )
    assert [(line.label, line.points) for line in score.lines if line.key == "adjustments"] == [
        ("Table prize", 50),
        ("Late to the table", -25),
    ]
    assert score.total == 725


def test_a_tie_has_every_leader_as_winner():
    # canasta, round 1: both 2500 + … ; Us: 3 natural × 500 + 1 mixed × 300 + 3000 melded + 100 out = 4900
    # Them: 2 natural × 500 + 2 mixed × 300 + 3300 melded = 4900; round 2: both + 200 (200 melded; Us goes out
    # with a mixed canasta: 300 + 200 + 100 = 600; Them a mixed canasta: 300 + 300 melded = 600) → 5500 each
    rounds = [
        [
            E(books={"clean": 3, "dirty": 1}, melded_points=3000, went_out=True),
            E(books={"clean": 2, "dirty": 2}, melded_points=3300),
        ],
        [E(books={"dirty": 1}, melded_points=200, went_out=True), E(books={"dirty": 1}, melded_points=300)],
    ]
    rules = preset("canasta")
    assert check_and_score_game(rules, rounds, team_count=2)[0] == []
    result = score_game(rules, rounds, team_count=2)
    assert result.totals == (5500, 5500)
    assert result.finished is True
    assert result.winners == (0, 1)


def test_canasta_when_both_reach_5000_the_higher_score_wins():
    # "If both players/teams reach 5000 at the end of the hand, whoever has the higher score wins" (000 L405)
    # Us: 4900 (as above) then 1 mixed × 300 + 200 melded + 100 out = 600 → 5500
    # Them: 4900 then 1 natural × 500 + 350 melded = 850 → 5750
    rounds = [
        [
            E(books={"clean": 3, "dirty": 1}, melded_points=3000, went_out=True),
            E(books={"clean": 2, "dirty": 2}, melded_points=3300),
        ],
        [E(books={"dirty": 1}, melded_points=200, went_out=True), E(books={"clean": 1}, melded_points=350)],
    ]
    result = score_game(preset("canasta"), rounds, team_count=2)
    assert result.totals == (5500, 5750)
    assert result.finished is True
    assert result.winners == (1,)


# --- game length -----------------------------------------------------------------------------------


def test_hf_canasta_allows_the_optional_fourth_round():
    rules = preset("hand-and-foot-canasta")
    rounds = entries_of(HF_CANASTA_WITH_150_HAND)
    assert len(rounds) == 4
    assert check_and_score_game(rules, rounds, team_count=2)[0] == []
    assert meld_requirement(rules, 4, 0) == 150  # "play a 150 hand" (001 L33)


def test_hf_canasta_refuses_a_fifth_round():
    rules = preset("hand-and-foot-canasta")
    rounds = [*entries_of(HF_CANASTA_WITH_150_HAND), HF_CANASTA_OPTIONAL_ROUND.entries]
    problems = check_and_score_game(rules, rounds, team_count=2)[0]
    assert [(p.round, p.team, p.field) for p in problems] == [(5, None, None)]


def test_a_fifth_round_in_a_four_round_game_is_an_error():
    rules = preset("hand-and-foot")
    rounds = [*entries_of(HAND_AND_FOOT), HAND_AND_FOOT.rounds[0].entries]
    problems = check_and_score_game(rules, rounds, team_count=2)[0]
    assert [(p.round, p.team, p.field) for p in problems] == [(5, None, None)]


def test_a_round_after_canasta_reached_5000_is_an_error():
    rules = preset("canasta")
    rounds = [*entries_of(CANASTA), CANASTA.rounds[1].entries]
    problems = check_and_score_game(rules, rounds, team_count=2)[0]
    assert [(p.round, p.team, p.field) for p in problems] == [(5, None, None)]


def test_canasta_goes_on_while_nobody_has_5000():
    # after three rounds Us has 4480 (< 5000): a fourth round is allowed and the game is not finished
    rules = preset("canasta")
    rounds = entries_of(CANASTA)[:3]
    assert check_and_score_game(rules, rounds, team_count=2)[0] == []
    assert score_game(rules, rounds, team_count=2).finished is False


# --- errors: each names its round, team and field ----------------------------------------------------


def problems_of(slug, entries, number=1, team_count=None):
    rules = preset(slug)
    found = round_errors(rules, entries, number=number, team_count=len(entries) if team_count is None else team_count)
    return [(p.round, p.team, p.field) for p in found]


OUT = E(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=1000, went_out=True)  # a valid hand-and-foot entry
PLAIN = E(books={"clean": 1}, melded_points=400, hand_points=100)


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        P(E(books={"clean": -1}), "books", id="books"),
        P(E(red_threes=-1), "red_threes", id="red-threes"),
        P(E(red_threes_held=-2), "red_threes_held", id="red-threes-held"),
        P(E(black_threes_held=-1), "black_threes_held", id="black-threes-held"),
        P(E(melded_points=-5), "melded_points", id="melded-points"),
        P(E(hand_points=-100), "hand_points", id="hand-points"),
        P(E(extras={"perfect_cut": -1}), "extras", id="extras"),
        P(E(melded_cards={"jokers": -1}), "melded_cards", id="melded-cards"),
        P(E(hand_cards={"aces": -3}), "hand_cards", id="hand-cards"),
    ],
)
def test_it_rejects_negative_counts(entry, field):
    assert problems_of("hand-and-foot", [OUT, entry], number=2) == [(2, 1, field)]


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        P(E(melded_points=1043), "melded_points", id="melded-1043"),
        P(E(hand_points=12), "hand_points", id="hand-12"),
    ],
)
def test_it_rejects_points_that_are_not_a_multiple_of_5(entry, field):
    # every card value is a multiple of 5 (002 L47-51)
    assert problems_of("hand-and-foot", [entry, OUT], number=3) == [(3, 0, field)]


def test_it_rejects_two_teams_going_out():
    assert problems_of("hand-and-foot", [OUT, OUT], number=1) == [(1, 1, "went_out")]


def test_it_rejects_concealed_without_going_out():
    entry = E(books={"clean": 1}, melded_points=300, concealed=True)
    assert problems_of("canasta", [entry, PLAIN], number=2) == [(2, 0, "concealed")]


def test_it_rejects_concealed_in_a_variant_without_a_concealed_bonus():
    entry = E(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=1000, went_out=True, concealed=True)
    assert problems_of("hand-and-foot", [PLAIN, entry], number=1) == [(1, 1, "concealed")]


@pytest.mark.parametrize(
    "slug",
    [
        P("hand-and-foot-canasta", id="hf-canasta-001-L23"),
        P("hand-and-foot-11-card", id="11-card-000-L57"),
        P("hand-and-foot-individual", id="individual-000-L778"),
    ],
)
def test_it_rejects_red_threes_laid_where_they_cannot_be(slug):
    assert problems_of(slug, [E(red_threes=1, melded_points=300), PLAIN]) == [(1, 0, "red_threes")]


def test_it_rejects_red_threes_held_in_canasta():
    # red threes are laid at once in Canasta; none are held
    assert problems_of("canasta", [PLAIN, E(red_threes_held=1)], number=3) == [(3, 1, "red_threes_held")]


@pytest.mark.parametrize(
    ("slug", "counts", "ok"),
    [
        # hand-and-foot, 2 teams of 2: players + 1 = 5 decks (002 L9, L153) × 2 red threes = 10
        P("hand-and-foot", ((6, 0), (3, 1)), True, id="hand-and-foot-10-ok"),
        P("hand-and-foot", ((6, 1), (3, 1)), False, id="hand-and-foot-11-too-many"),
        # canasta: 2 decks (000 L372) × 2 = 4
        P("canasta", ((3, 0), (1, 0)), True, id="canasta-4-ok"),
        P("canasta", ((3, 0), (2, 0)), False, id="canasta-5-too-many"),
        # hand-and-foot-canasta, 2 teams of 2: 4 decks (001 L8) × 2 = 8 (held only)
        P("hand-and-foot-canasta", ((0, 5), (0, 3)), True, id="hf-canasta-8-ok"),
        P("hand-and-foot-canasta", ((0, 5), (0, 4)), False, id="hf-canasta-9-too-many"),
        # hand-knee-and-foot: 7 decks for 2 teams of 3 (004 L41) × 2 = 14
        P("hand-knee-and-foot", ((7, 2), (4, 1)), True, id="hkf-14-ok"),
        P("hand-knee-and-foot", ((7, 2), (4, 2)), False, id="hkf-15-too-many"),
    ],
)
def test_it_rejects_more_red_threes_than_the_decks_hold(slug, counts, ok):
    entries = []
    for laid, held in counts:
        entries.append(E(books={"clean": 1}, melded_points=400, red_threes=laid, red_threes_held=held))
    assert problems_of(slug, entries, number=2) == ([] if ok else [(2, None, "red_threes")])


def test_it_rejects_an_unknown_book_kind():
    # hand-and-foot has clean, dirty, wild; "sevens" is an HKF kind
    assert problems_of("hand-and-foot", [E(books={"sevens": 1}, melded_points=35), PLAIN]) == [(1, 0, "books")]


def test_it_rejects_an_unknown_extra():
    # the knee penalty belongs to Hand Knee and Foot, not Hand and Foot
    assert problems_of("hand-and-foot", [PLAIN, E(extras={"knee_penalty": 1})]) == [(1, 1, "extras")]


@pytest.mark.parametrize(
    ("slug", "extra", "count"),
    [
        P("hand-and-foot", "perfect_cut", 2, id="hand-and-foot-perfect-cut-max-1"),
        P("hand-and-foot-6-deck", "perfect_cut", 3, id="6-deck-exact-cut-max-2"),
        P("hand-and-foot-11-card", "exact_draw", 3, id="11-card-exact-draw-max-2"),
        P("hand-and-foot-individual", "exact_draw", 2, id="individual-exact-draw-max-1"),
    ],
)
def test_it_rejects_an_extra_over_its_max_per_round(slug, extra, count):
    assert problems_of(slug, [E(extras={extra: count}), PLAIN], number=4) == [(4, 0, "extras")]


def test_it_accepts_an_extra_at_its_max_per_round():
    assert problems_of("hand-and-foot-6-deck", [E(extras={"perfect_cut": 2}), PLAIN]) == []


@pytest.mark.parametrize("count", [P(1, id="one-entry"), P(3, id="three-entries")])
def test_it_rejects_the_wrong_number_of_entries(count):
    assert problems_of("hand-and-foot", [PLAIN] * count, number=2, team_count=2) == [(2, None, None)]


def test_a_games_problems_name_the_round_of_a_bad_entry():
    rounds = [HAND_AND_FOOT.rounds[0].entries, [OUT, E(melded_points=-5)]]
    problems = check_and_score_game(preset("hand-and-foot"), rounds, team_count=2)[0]
    assert [(p.round, p.team, p.field) for p in problems] == [(2, 1, "melded_points")]


def test_every_problem_has_a_message():
    entries = [E(books={"clean": -1, "sevens": 1}, melded_points=3, concealed=True, extras={"x": 1}), OUT]
    problems = round_errors(preset("hand-and-foot"), entries, number=1, team_count=2)
    # negative clean, unknown "sevens", 3 not a multiple of 5, concealed without going out,
    # concealed in a variant without the bonus, unknown extra "x" = 6 problems, all on team 0
    assert sorted(p.field for p in problems) == sorted(
        ["books", "books", "melded_points", "concealed", "concealed", "extras"]
    )
    assert {(p.round, p.team) for p in problems} == {(1, 0)}
    assert all(p.message for p in problems)


# --- warnings ------------------------------------------------------------------------------------------


def test_it_warns_when_a_team_goes_out_without_the_required_books():
    # HF-1 needs 2 clean, 2 dirty, 1 wild (002 L39); this team has 1 clean, 2 dirty, no wild
    entry = E(books={"clean": 1, "dirty": 2}, melded_points=700, went_out=True)
    rules = preset("hand-and-foot")
    assert round_errors(rules, [entry, PLAIN], number=1, team_count=2) == []  # a warning, not an error
    warnings = [w for w in round_warnings(rules, [entry, PLAIN], number=1) if w.field == "went_out"]
    assert [(w.round, w.team) for w in warnings] == [(1, 0)]
    message = warnings[0].message.lower()
    assert "1 clean" in message and "1 wild" in message  # what is missing, with how many
    assert "dirty" not in message  # 2 dirty were there


def test_it_warns_when_a_hkf_team_goes_out_without_a_sevens_book():
    # HKF-1 basic books: one of each (004 L69-81); sevens is missing
    entry = E(books={"fives": 1, "wild": 1, "clean": 1, "dirty": 1}, melded_points=400, went_out=True)
    warnings = [
        w for w in round_warnings(preset("hand-knee-and-foot"), [PLAIN, entry], number=2) if w.field == "went_out"
    ]
    assert [(w.round, w.team) for w in warnings] == [(2, 1)]
    assert "sevens" in warnings[0].message.lower()


def test_it_warns_when_a_canasta_team_goes_out_without_a_canasta():
    # "at least one canasta" (000 L396)
    entry = E(melded_points=120, went_out=True)
    warnings = [w for w in round_warnings(preset("canasta"), [entry, PLAIN], number=1) if w.field == "went_out"]
    assert [(w.round, w.team) for w in warnings] == [(1, 0)]
    assert "1" in warnings[0].message


def test_it_warns_when_melded_points_are_below_what_the_books_hold():
    # 2 clean piles hold at least 2 × 7 cards × 5 = 70 points (002 L50); 50 entered
    entry = E(books={"clean": 2}, melded_points=50)
    warnings = round_warnings(preset("hand-and-foot"), [OUT, entry], number=1)
    assert [(w.round, w.team, w.field) for w in warnings] == [(1, 1, "melded_points")]


def test_it_does_not_warn_when_melded_points_reach_what_the_books_hold():
    # 2 clean piles: exactly 70
    entry = E(books={"clean": 2}, melded_points=70)
    assert round_warnings(preset("hand-and-foot"), [OUT, entry], number=1) == []


def test_a_brouillette_black_three_stack_sets_no_least_for_the_melded_points():
    # Brouillette: a black-three stack is 7 black threes at −5 each, −35 (000 L800), so a side
    # with it and a clean stack of fours (7 × 5 = 35) may well have 0 on the table.
    entry = E(books={"clean": 1, "black_threes": 1}, melded_points=0)
    warnings = round_warnings(preset("hand-and-foot-brouillette"), [OUT, entry, PLAIN], number=1)
    assert [w for w in warnings if w.field == "melded_points"] == []


def test_a_canasta_black_three_counts_5_and_keeps_the_least():
    # Canasta melds black threes only in going out, at 5 (000 L402): a canasta still holds 7 × 5 = 35.
    entry = E(books={"dirty": 1}, melded_points=30)
    warnings = round_warnings(preset("canasta"), [OUT, entry], number=1)
    assert [(w.team, w.field) for w in warnings] == [(1, "melded_points")]


def test_it_warns_when_nobody_went_out():
    # the draw pile ran out: nobody gets the going-out bonus (002 L134)
    warnings = round_warnings(preset("hand-and-foot"), [PLAIN, PLAIN], number=3)
    assert [(w.round, w.team, w.field) for w in warnings] == [(3, None, "went_out")]


def test_hf_canasta_with_three_players_does_not_warn_about_a_seven_card_canasta():
    # HF-3: "If playing with 3 players, a canasta is 7 cards rather than 8." (001 L21; VARIANTS.md §4.2
    # HF-3 `size_by_players {3: 7}`). Three players (always individuals: 001 L6) → a natural canasta of
    # seven 4s holds 7 × 5 = 35 points, so 35 melded is right and must not be called too low.
    rules = preset("hand-and-foot-canasta")
    ann = E(books={"clean": 1}, melded_points=35, hand_points=60)
    bob = E(books={"clean": 1, "dirty": 2}, melded_points=400, went_out=True)
    cy = E(melded_points=90, hand_points=120)
    assert round_errors(rules, [ann, bob, cy], number=1, team_count=3) == []
    warnings = round_warnings(rules, [ann, bob, cy], number=1)
    assert [(w.team, w.field) for w in warnings if w.field == "melded_points"] == []
