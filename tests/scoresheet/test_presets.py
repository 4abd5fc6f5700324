"""The eight presets load, and their key numbers are the ones in shared/rules/VARIANTS.md.

Every expected number below is copied from VARIANTS.md (and checked against the seed line it
quotes); the comment on each case names the catalog row and the seed line. Seed references:
``000 L123`` is line 123 of shared/seeds/000_70710ec92c87a8bf.txt, and 001…004 are the short seeds.
The suite reads nothing outside the repository: that each preset's sources are real lines of
those seed files is checked by scripts/check_sources.py, which .ci/run runs.
"""

from __future__ import annotations

import pytest

from scoresheet.rules import schema as rules_module
from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import PRESET_SLUGS, preset, preset_document, presets

ALL_SLUGS = (
    "hand-and-foot",
    "hand-and-foot-6-deck",
    "hand-and-foot-canasta",
    "hand-and-foot-11-card",
    "hand-and-foot-individual",
    "hand-knee-and-foot",
    "hand-knee-and-foot-by-round",
    "canasta",
)


# --- small readers so that each case below is one line ------------------------------------


def bonus(kind):
    return lambda r: r.book_kind(kind).bonus


def required(kind):
    return lambda r: r.book_kind(kind).required_to_go_out


def kinds(r):
    return tuple(k.key for k in r.book_kinds)


def extra_amount(key):
    return lambda r: r.extra(key).amount


def extra_max(key):
    return lambda r: r.extra(key).max_per_round


def extras(r):
    return tuple(e.key for e in r.extras)


def laid(r):
    return r.red_threes.laid_value


def held(r):
    return r.red_threes.held_penalty


def set_bonuses(r):
    return tuple((b.min_count, b.bonus) for b in r.red_threes.set_bonuses)


def negative_unmelded(r):
    return r.red_threes.negative_when_not_melded


def black_held(r):
    return r.black_three_penalty


def going_out(r):
    return r.going_out_bonus


def concealed(r):
    return r.concealed_bonus


def meld_basis(r):
    return r.meld_schedule.basis


def meld_by_round(r):
    return tuple(r.meld_schedule.by_round)


def meld_bands(r):
    return tuple((b.low, b.high, b.requirement) for b in r.meld_schedule.bands)


def rounds(r):
    return r.game_end.rounds


def optional_rounds(r):
    return r.game_end.optional_extra_rounds


def target(r):
    return r.game_end.target_score


def book_size(r):
    return r.book_size


def any_books(r):
    return r.required_any_books


def card_values(r):
    return dict(r.card_values)


def decks_for(players):
    return lambda r: r.setup.decks_for(players)


def not_stated(r):
    return set(r.not_stated)


HF_CARDS = {"jokers": 50, "twos": 20, "aces": 20, "eights_to_kings": 10, "fours_to_sevens": 5, "black_threes": None}
HKF_KINDS = ("sevens", "fives", "wild", "clean", "dirty")

P = pytest.param
CASES = [
    # ---------------- hand-and-foot: HF-1, seed 002 ----------------
    # HF-1: "Each complete "Clean" Pile of 7 cards .......... 500 points" (002 L57)
    P("hand-and-foot", bonus("clean"), 500, id="hand-and-foot:clean-500"),
    # HF-1: "Each complete "Dirty" Pile of 7 cards .......... 300 points" (002 L58)
    P("hand-and-foot", bonus("dirty"), 300, id="hand-and-foot:dirty-300"),
    # HF-1: "Each complete "Wild" Pile of 7 cards ............ 1500 points" (002 L59)
    P("hand-and-foot", bonus("wild"), 1500, id="hand-and-foot:wild-1500"),
    # HF-1: clean, dirty and wild are the only kinds (002 L57-59)
    P("hand-and-foot", kinds, ("clean", "dirty", "wild"), id="hand-and-foot:kinds"),
    # HF-1: "at least two dirty piles, two clean piles and one wild pile" (002 L39)
    P("hand-and-foot", required("clean"), 2, id="hand-and-foot:requires-2-clean"),
    P("hand-and-foot", required("dirty"), 2, id="hand-and-foot:requires-2-dirty"),
    P("hand-and-foot", required("wild"), 1, id="hand-and-foot:requires-1-wild"),
    # HF-1: "Each Red Three .......... 100 points" (002 L61)
    P("hand-and-foot", laid, 100, id="hand-and-foot:red-laid-100"),
    # HF-1: "minus 100 points if not" (002 L55)
    P("hand-and-foot", held, 100, id="hand-and-foot:red-held-100"),
    # HF-1 "Red-3 set bonus | none"
    P("hand-and-foot", set_bonuses, (), id="hand-and-foot:no-red-set-bonus"),
    # HF-1: "Any black threes that you hold at the end count 5 points against you." (002 L113)
    P("hand-and-foot", black_held, 5, id="hand-and-foot:black-held-5"),
    # HF-1: "For "Going Out" .......... 100 Points" (002 L60)
    P("hand-and-foot", going_out, 100, id="hand-and-foot:going-out-100"),
    # HF-1 "Concealed bonus | none"
    P("hand-and-foot", concealed, None, id="hand-and-foot:no-concealed"),
    # HF-1: optional perfect cut "the team gets a 100 point bonus" (000 L259-260); one cut per deal
    P("hand-and-foot", extras, ("perfect_cut",), id="hand-and-foot:extras"),
    P("hand-and-foot", extra_amount("perfect_cut"), 100, id="hand-and-foot:perfect-cut-100"),
    P("hand-and-foot", extra_max("perfect_cut"), 1, id="hand-and-foot:perfect-cut-max-1"),
    # HF-1: "Round 1 .. 50 / Round 2 .. 90 / Round 3 .. 120 / Round 4 .. 150" (002 L66-69)
    P("hand-and-foot", meld_basis, "round", id="hand-and-foot:meld-by-round"),
    P("hand-and-foot", meld_by_round, (50, 90, 120, 150), id="hand-and-foot:meld-50-90-120-150"),
    # HF-1: "A complete game consists of four deals." (002 L17)
    P("hand-and-foot", rounds, 4, id="hand-and-foot:4-rounds"),
    P("hand-and-foot", optional_rounds, 0, id="hand-and-foot:no-optional-round"),
    P("hand-and-foot", target, None, id="hand-and-foot:no-target"),
    # HF-1: Jokers 50, Twos & Aces 20, 8-K 10, 4-7 5 (002 L47-50); black threes cannot be melded (002 L109)
    P("hand-and-foot", card_values, HF_CARDS, id="hand-and-foot:card-values"),
    # HF-1: "A meld cannot have fewer than three cards or more than seven." (002 L21)
    P("hand-and-foot", book_size, 7, id="hand-and-foot:book-7"),
    # HF-1: "Five decks of cards are used" for four players (002 L9); "one more deck … than … players" (002 L153)
    P("hand-and-foot", decks_for(4), 5, id="hand-and-foot:5-decks-for-4"),
    # ---------------- hand-and-foot-6-deck: HF-2, seed 003 ----------------
    # HF-2: "Clean: 500 points - Dirty: 300 points - Joker: 1500 points" (003 L134-136)
    P("hand-and-foot-6-deck", bonus("clean"), 500, id="6-deck:clean-500"),
    P("hand-and-foot-6-deck", bonus("dirty"), 300, id="6-deck:dirty-300"),
    P("hand-and-foot-6-deck", bonus("wild"), 1500, id="6-deck:joker-1500"),
    P("hand-and-foot-6-deck", kinds, ("clean", "dirty", "wild"), id="6-deck:kinds"),
    # HF-2: "The team must have 7 clean canastas. / … 1 joker canasta." (003 L100-101), as written (C-05)
    P("hand-and-foot-6-deck", required("clean"), 7, id="6-deck:requires-7-clean"),
    P("hand-and-foot-6-deck", required("dirty"), 0, id="6-deck:requires-0-dirty"),
    P("hand-and-foot-6-deck", required("wild"), 1, id="6-deck:requires-1-joker"),
    # HF-2: red three "Highest valued card, count 100 points." (003 L113)
    P("hand-and-foot-6-deck", laid, 100, id="6-deck:red-laid-100"),
    # HF-2: "Count 100 points against the team if they are held" (003 L118)
    P("hand-and-foot-6-deck", held, 100, id="6-deck:red-held-100"),
    P("hand-and-foot-6-deck", set_bonuses, (), id="6-deck:no-red-set-bonus"),
    # HF-2: black threes "Count 5 points against the team if they are held" (003 L125)
    P("hand-and-foot-6-deck", black_held, 5, id="6-deck:black-held-5"),
    # HF-2: "When a player goes out, his team earns a 100 point bonus." (003 L129)
    P("hand-and-foot-6-deck", going_out, 100, id="6-deck:going-out-100"),
    P("hand-and-foot-6-deck", concealed, None, id="6-deck:no-concealed"),
    # HF-2: "Cutting exact amount of deal (100 Points each)" (003 L144); a hand cut and a foot cut (003 L39-40)
    P("hand-and-foot-6-deck", extras, ("perfect_cut",), id="6-deck:extras"),
    P("hand-and-foot-6-deck", extra_amount("perfect_cut"), 100, id="6-deck:exact-cut-100"),
    P("hand-and-foot-6-deck", extra_max("perfect_cut"), 2, id="6-deck:exact-cut-max-2"),
    # HF-2: "Round 1 … 50 points / Round 2 … 90 / Round 3 … 120 / Round 4 … 150" (003 L80-83)
    P("hand-and-foot-6-deck", meld_basis, "round", id="6-deck:meld-by-round"),
    P("hand-and-foot-6-deck", meld_by_round, (50, 90, 120, 150), id="6-deck:meld-50-90-120-150"),
    # HF-2: "A game consists of 4 rounds." (003 L13)
    P("hand-and-foot-6-deck", rounds, 4, id="6-deck:4-rounds"),
    P("hand-and-foot-6-deck", target, None, id="6-deck:no-target"),
    # HF-2: Table 1 is empty; the usual values are used and flagged (C-21)
    P("hand-and-foot-6-deck", card_values, HF_CARDS, id="6-deck:card-values-inferred"),
    P("hand-and-foot-6-deck", lambda r: "card_values" in r.not_stated, True, id="6-deck:card-values-not-stated"),
    # HF-2: "6 (six) decks of cards are used" (003 L18)
    P("hand-and-foot-6-deck", decks_for(4), 6, id="6-deck:6-decks-for-4"),
    P("hand-and-foot-6-deck", decks_for(6), 6, id="6-deck:6-decks-for-6"),
    # ---------------- hand-and-foot-canasta: HF-3, seed 001 ----------------
    # HF-3: "Natural canastas are worth 500 points each / Mixed canastas are worth 300" (001 L71-72)
    P("hand-and-foot-canasta", bonus("clean"), 500, id="hf-canasta:natural-500"),
    P("hand-and-foot-canasta", bonus("dirty"), 300, id="hf-canasta:mixed-300"),
    # HF-3: "There is no wild canasta"
    P("hand-and-foot-canasta", kinds, ("clean", "dirty"), id="hf-canasta:kinds-no-wild"),
    # HF-3: "at least 1 natural (red) canasta and at least 2 mixed (black) canastas" (001 L57)
    P("hand-and-foot-canasta", required("clean"), 1, id="hf-canasta:requires-1-natural"),
    P("hand-and-foot-canasta", required("dirty"), 2, id="hf-canasta:requires-2-mixed"),
    # HF-3: "3s are used for discard ONLY." (001 L23): red threes cannot be laid
    P("hand-and-foot-canasta", laid, None, id="hf-canasta:red-cannot-be-laid"),
    # HF-3: "Red 3s left in your hand are worth MINUS 100 points each" (001 L83)
    P("hand-and-foot-canasta", held, 100, id="hf-canasta:red-held-100"),
    # HF-3: "Black 3s left in your hand are worth MINUS 5 points each" (001 L84)
    P("hand-and-foot-canasta", black_held, 5, id="hf-canasta:black-held-5"),
    # HF-3 "Going-out bonus | not stated" → 0 and flagged
    P("hand-and-foot-canasta", going_out, 0, id="hf-canasta:going-out-not-stated-0"),
    P("hand-and-foot-canasta", lambda r: "going_out_bonus" in r.not_stated, True, id="hf-canasta:going-out-flagged"),
    P("hand-and-foot-canasta", concealed, None, id="hf-canasta:no-concealed"),
    P("hand-and-foot-canasta", extras, (), id="hf-canasta:no-extras"),
    # HF-3: "A canasta is 8 cards, either natural or mixed." (001 L13)
    P("hand-and-foot-canasta", book_size, 8, id="hf-canasta:book-8"),
    # HF-3: "Round 1 = 50 / Round 2 = 90 / Round 3 = 120" (001 L27-31), "play a 150 hand" (001 L33)
    P("hand-and-foot-canasta", meld_by_round, (50, 90, 120, 150), id="hf-canasta:meld-50-90-120-150"),
    # HF-3: "A game is usually 3 rounds." (001 L25) + the optional 150 hand (001 L33)
    P("hand-and-foot-canasta", rounds, 3, id="hf-canasta:3-rounds"),
    P("hand-and-foot-canasta", optional_rounds, 1, id="hf-canasta:1-optional-round"),
    P("hand-and-foot-canasta", target, None, id="hf-canasta:no-target"),
    # HF-3: "4s through 7s … 5 / 8s through Kings … 10 / 2s and Aces … 20 / Jokers … 50" (001 L76-79)
    P("hand-and-foot-canasta", card_values, HF_CARDS, id="hf-canasta:card-values"),
    # HF-3: "3 or 4 players, use 4 decks / 6 players, use 6 decks" (001 L8-9)
    P("hand-and-foot-canasta", decks_for(4), 4, id="hf-canasta:4-decks-for-4"),
    P("hand-and-foot-canasta", decks_for(6), 6, id="hf-canasta:6-decks-for-6"),
    # ---------------- hand-and-foot-11-card: HF-4, 000 L19-73 ----------------
    # HF-4: "Red heap = 500 points / Black stack = 300 points" (000 L70-71)
    P("hand-and-foot-11-card", bonus("clean"), 500, id="11-card:red-book-500"),
    P("hand-and-foot-11-card", bonus("dirty"), 300, id="11-card:black-book-300"),
    # HF-4: "Wild cards cannot be reported alone." (000 L31): no wild book
    P("hand-and-foot-11-card", kinds, ("clean", "dirty"), id="11-card:kinds-no-wild"),
    # HF-4: "Completed at least two red piles and two black piles." (000 L60)
    P("hand-and-foot-11-card", required("clean"), 2, id="11-card:requires-2-red"),
    P("hand-and-foot-11-card", required("dirty"), 2, id="11-card:requires-2-black"),
    # HF-4: red threes are discarded, never laid (000 L57)
    P("hand-and-foot-11-card", laid, None, id="11-card:red-cannot-be-laid"),
    # HF-4: "Red three = minus 300 points" (000 L67; L57)
    P("hand-and-foot-11-card", held, 300, id="11-card:red-held-300"),
    # HF-4: "Black three = minus 5 points" (000 L68)
    P("hand-and-foot-11-card", black_held, 5, id="11-card:black-held-5"),
    # HF-4: "The player who goes out gets 100 bonus points" (000 L72)
    P("hand-and-foot-11-card", going_out, 100, id="11-card:going-out-100"),
    P("hand-and-foot-11-card", concealed, None, id="11-card:no-concealed"),
    # HF-4: "If a player initially draws exactly 22 cards … they receive 300 bonus points." (000 L28);
    # one per player, two players a team (C-07)
    P("hand-and-foot-11-card", extras, ("exact_draw",), id="11-card:extras"),
    P("hand-and-foot-11-card", extra_amount("exact_draw"), 300, id="11-card:exact-draw-300"),
    P("hand-and-foot-11-card", extra_max("exact_draw"), 2, id="11-card:exact-draw-max-2"),
    # HF-4: "Round 1, card points must total at least 50 … Round 4 … at least 150" (000 L49-52)
    P("hand-and-foot-11-card", meld_by_round, (50, 90, 120, 150), id="11-card:meld-50-90-120-150"),
    # HF-4: "A game consists of four rounds." (000 L47)
    P("hand-and-foot-11-card", rounds, 4, id="11-card:4-rounds"),
    P("hand-and-foot-11-card", target, None, id="11-card:no-target"),
    # HF-4: "Joker = 50 / Twos = 20 / Aces = 20 / 8-K = 10 / 4-7 = 5" (000 L62-66)
    P("hand-and-foot-11-card", card_values, HF_CARDS, id="11-card:card-values"),
    # HF-4: "four full decks of 52 cards, including the jokers" (000 L23)
    P("hand-and-foot-11-card", decks_for(4), 4, id="11-card:4-decks"),
    # ---------------- hand-and-foot-individual: HF-8, 000 L759-793 ----------------
    # HF-8: "Each Clean stacks 300 points Each Dirty stacks 100 points" (000 L775)
    P("hand-and-foot-individual", bonus("clean"), 300, id="individual:clean-300"),
    P("hand-and-foot-individual", bonus("dirty"), 100, id="individual:dirty-100"),
    # HF-8: "You cannot form a set of wilds or deuces" (000 L777)
    P("hand-and-foot-individual", kinds, ("clean", "dirty"), id="individual:kinds-no-wild"),
    # HF-8: "at least one clean and one dirty deck" (000 L793)
    P("hand-and-foot-individual", required("clean"), 1, id="individual:requires-1-clean"),
    P("hand-and-foot-individual", required("dirty"), 1, id="individual:requires-1-dirty"),
    # HF-8: "a three can only count against you" (000 L778)
    P("hand-and-foot-individual", laid, None, id="individual:red-cannot-be-laid"),
    # HF-8: "Red Threes 500 points (These always count against you" (000 L773)
    P("hand-and-foot-individual", held, 500, id="individual:red-held-500"),
    # HF-8: "Black Threes 5 points" (000 L773)
    P("hand-and-foot-individual", black_held, 5, id="individual:black-held-5"),
    # HF-8: "Going out 100 points" (000 L775)
    P("hand-and-foot-individual", going_out, 100, id="individual:going-out-100"),
    P("hand-and-foot-individual", concealed, None, id="individual:no-concealed"),
    # HF-8: "Collect 22 100 points" (000 L775; L768); one player, one draw
    P("hand-and-foot-individual", extras, ("exact_draw",), id="individual:extras"),
    P("hand-and-foot-individual", extra_amount("exact_draw"), 100, id="individual:exact-draw-100"),
    P("hand-and-foot-individual", extra_max("exact_draw"), 1, id="individual:exact-draw-max-1"),
    # HF-8: "Round 1 50 points Round 2 90 points Round 3 120 points Round 4 150 points" (000 L781)
    P("hand-and-foot-individual", meld_by_round, (50, 90, 120, 150), id="individual:meld-50-90-120-150"),
    # HF-8: "The game has four rounds" (000 L771)
    P("hand-and-foot-individual", rounds, 4, id="individual:4-rounds"),
    P("hand-and-foot-individual", target, None, id="individual:no-target"),
    # HF-8: "Joker 50 points Twos and Aces 20 points Eight through King 10 points Four through Seven 5" (000 L773)
    P("hand-and-foot-individual", card_values, HF_CARDS, id="individual:card-values"),
    # HF-8: "three decks of cards for two players, five decks for four players" (000 L764)
    P("hand-and-foot-individual", decks_for(2), 3, id="individual:3-decks-for-2"),
    P("hand-and-foot-individual", decks_for(4), 5, id="individual:5-decks-for-4"),
    # HF-8: "Two or more players playing individually." (000 L762): no partnerships
    P("hand-and-foot-individual", lambda r: r.setup.team_counts, (), id="individual:no-partnerships"),
    # ---------------- hand-knee-and-foot: HKF-1, seed 004 ----------------
    # HKF-1: "CANASTA OF 7'S……5,000 POINTS EA" (004 L87)
    P("hand-knee-and-foot", bonus("sevens"), 5000, id="hkf:sevens-5000"),
    # HKF-1: "CANASTA OF 5'S……3,000 POINTS EA" (004 L89)
    P("hand-knee-and-foot", bonus("fives"), 3000, id="hkf:fives-3000"),
    # HKF-1: "CANASTA OF WILD CARDS……2,500 POINTS EA" (004 L91)
    P("hand-knee-and-foot", bonus("wild"), 2500, id="hkf:wild-2500"),
    # HKF-1: "CANASTA OF SEVEN, CLEAN OR RED……500 POINTS EA" (004 L93)
    P("hand-knee-and-foot", bonus("clean"), 500, id="hkf:clean-500"),
    # HKF-1: "CANASTA OF SEVEN MIXED……300 POINTS EA" (004 L95)
    P("hand-knee-and-foot", bonus("dirty"), 300, id="hkf:dirty-300"),
    P("hand-knee-and-foot", kinds, HKF_KINDS, id="hkf:kinds"),
    # HKF-1: the "BASIC BOOKS", one canasta of each (004 L69-81)
    *[P("hand-knee-and-foot", required(k), 1, id=f"hkf:requires-1-{k}") for k in HKF_KINDS],
    # HKF-1: "RED THREES……100 POINTS (DEDUCT 500 POINTS WHEN NOT PLAYED)" (004 L51)
    P("hand-knee-and-foot", laid, 100, id="hkf:red-laid-100"),
    # HKF-1: "RED THREES REMAINING IN HAND, UNPLAYED……MINUS 500 POINTS EA" (004 L102)
    P("hand-knee-and-foot", held, 500, id="hkf:red-held-500"),
    # HKF-1: "7 RED THREES……(700 pts plus 300 pt bonus) ……1,000 POINTS" (004 L100); one bonus at 7+ (C-18)
    P("hand-knee-and-foot", set_bonuses, ((7, 300),), id="hkf:7-red-threes-plus-300"),
    # HKF-1: "BLACK THREES REMAINING IN HAND, UNPLAYED……MINUS 100 POINTS EA" (004 L104)
    P("hand-knee-and-foot", black_held, 100, id="hkf:black-held-100"),
    # HKF-1: "TEAM GOING OUT……200 POINTS" (004 L99)
    P("hand-knee-and-foot", going_out, 200, id="hkf:going-out-200"),
    P("hand-knee-and-foot", concealed, None, id="hkf:no-concealed"),
    # HKF-1: "a 1000 point deduction is given to the reminder" (004 L27); any number a round (C-15)
    P("hand-knee-and-foot", extras, ("knee_penalty",), id="hkf:extras"),
    P("hand-knee-and-foot", extra_amount("knee_penalty"), -1000, id="hkf:knee-minus-1000"),
    P("hand-knee-and-foot", extra_max("knee_penalty"), None, id="hkf:knee-no-max"),
    # HKF-1: "UP TO 15,000……50 / 15,000 TO 30,000……90 / 30,000 TO 50,000……120 / OVER 50,000……150"
    # (004 L59-67), read as [from, to) with negatives in the first band (C-08, C-09)
    P("hand-knee-and-foot", meld_basis, "score", id="hkf:meld-by-score"),
    P(
        "hand-knee-and-foot",
        meld_bands,
        ((None, 15000, 50), (15000, 30000, 90), (30000, 50000, 120), (50000, None, 150)),
        id="hkf:meld-bands",
    ),
    # HKF-1: "A game consists of four rounds." (004 L43)
    P("hand-knee-and-foot", rounds, 4, id="hkf:4-rounds"),
    P("hand-knee-and-foot", target, None, id="hkf:no-target"),
    # HKF-1: "JOKERS 50 / ACES & DEUCES 20 / 8 THRU KING 10 / 4 THRU 7 5" (004 L47-55)
    P("hand-knee-and-foot", card_values, HF_CARDS, id="hkf:card-values"),
    # HKF-1: "Four players - … 6 decks / Six players – … 7 decks" (004 L39-41)
    P("hand-knee-and-foot", decks_for(4), 6, id="hkf:6-decks-for-4"),
    P("hand-knee-and-foot", decks_for(6), 7, id="hkf:7-decks-for-6"),
    # ---------------- hand-knee-and-foot-by-round: HKF-2, 000 L74-172 ----------------
    # HKF-2: "natural canasta out of 7 … 5000 … out of 5 … 3000 … wild cards … 2500 … Any natural …
    # 500 … All mixed … 300" (000 L162-166)
    P("hand-knee-and-foot-by-round", bonus("sevens"), 5000, id="hkf-round:sevens-5000"),
    P("hand-knee-and-foot-by-round", bonus("fives"), 3000, id="hkf-round:fives-3000"),
    P("hand-knee-and-foot-by-round", bonus("wild"), 2500, id="hkf-round:wild-2500"),
    P("hand-knee-and-foot-by-round", bonus("clean"), 500, id="hkf-round:clean-500"),
    P("hand-knee-and-foot-by-round", bonus("dirty"), 300, id="hkf-round:dirty-300"),
    P("hand-knee-and-foot-by-round", kinds, HKF_KINDS, id="hkf-round:kinds"),
    # HKF-2 "Books to go out | Not explicitly stated" (000 L159) → none required, flagged
    *[P("hand-knee-and-foot-by-round", required(k), 0, id=f"hkf-round:requires-no-{k}") for k in HKF_KINDS],
    # HKF-2: red threes "are also worth 100 points" (000 L154)
    P("hand-knee-and-foot-by-round", laid, 100, id="hkf-round:red-laid-100"),
    # HKF-2: leftover not stated → −100, the laid value, flagged (C-20)
    P("hand-knee-and-foot-by-round", held, 100, id="hkf-round:red-held-100-c20"),
    # HKF-2 states no 7-red-threes bonus (only HKF-1, 004 L100, does)
    P("hand-knee-and-foot-by-round", set_bonuses, (), id="hkf-round:no-red-set-bonus"),
    # HKF-2 "Black 3 | not stated (variant 5)" → 0, flagged
    P("hand-knee-and-foot-by-round", black_held, 0, id="hkf-round:black-held-not-stated-0"),
    # HKF-2 "Going-out bonus | not stated" → 0, flagged
    P("hand-knee-and-foot-by-round", going_out, 0, id="hkf-round:going-out-not-stated-0"),
    P(
        "hand-knee-and-foot-by-round",
        not_stated,
        {"red_threes.held_penalty", "black_threes.held_penalty", "going_out_bonus", "book_kinds.required_to_go_out"},
        id="hkf-round:not-stated-flags",
    ),
    P("hand-knee-and-foot-by-round", concealed, None, id="hkf-round:no-concealed"),
    # HKF-2: "must also pick up their knee stack or they suffer a 1000 point penalty" (000 L119)
    P("hand-knee-and-foot-by-round", extras, ("knee_penalty",), id="hkf-round:extras"),
    P("hand-knee-and-foot-by-round", extra_amount("knee_penalty"), -1000, id="hkf-round:knee-minus-1000"),
    # HKF-2: "The first deal/round must be at least 50 … 90 … 120 … 150 points." (000 L132-135)
    P("hand-knee-and-foot-by-round", meld_basis, "round", id="hkf-round:meld-by-round"),
    P("hand-knee-and-foot-by-round", meld_by_round, (50, 90, 120, 150), id="hkf-round:meld-50-90-120-150"),
    # HKF-2: "The game repeats four times." (000 L123)
    P("hand-knee-and-foot-by-round", rounds, 4, id="hkf-round:4-rounds"),
    P("hand-knee-and-foot-by-round", target, None, id="hkf-round:no-target"),
    # HKF-2: "Aces … 20 … K to 8s … 10 … 7s to 4s … 5 … Jokers … 50 … 2's … 20" (000 L149-153)
    P("hand-knee-and-foot-by-round", card_values, HF_CARDS, id="hkf-round:card-values"),
    # HKF-2: "4 players (2 teams of 2)-6 decks" (000 L653)
    P("hand-knee-and-foot-by-round", decks_for(4), 6, id="hkf-round:6-decks-for-4"),
    # ---------------- canasta: CN-1, 000 L370-409 ----------------
    # CN-1: "For each mixed canasta 300 for each natural canasta 500" (000 L403)
    P("canasta", bonus("clean"), 500, id="canasta:natural-500"),
    P("canasta", bonus("dirty"), 300, id="canasta:mixed-300"),
    P("canasta", kinds, ("clean", "dirty"), id="canasta:kinds"),
    # CN-1: "may only go out … if that player/team has made at least one canasta" (000 L396)
    P("canasta", any_books, 1, id="canasta:requires-1-canasta-of-any-kind"),
    P("canasta", required("clean"), 0, id="canasta:no-natural-required"),
    P("canasta", required("dirty"), 0, id="canasta:no-mixed-required"),
    # CN-1: "Card value Red 3 100" (000 L403)
    P("canasta", laid, 100, id="canasta:red-laid-100"),
    # CN-1: red threes are laid at once, never held
    P("canasta", held, None, id="canasta:red-never-held"),
    # CN-1: "for every four red threes an additional 400 (total 800 for red threes)" (000 L403)
    P("canasta", set_bonuses, ((4, 400),), id="canasta:4-red-threes-plus-400"),
    # CN-1: "the red threes bonus value counts against them" when not melded (000 L404)
    P("canasta", negative_unmelded, True, id="canasta:red-negative-without-meld"),
    # CN-1: "Black 3, 4, 5, 6, 7 5" (000 L403) — held, and melded when going out (000 L380)
    P("canasta", black_held, 5, id="canasta:black-held-5"),
    P(
        "canasta",
        card_values,
        {"jokers": 50, "twos": 20, "aces": 20, "eights_to_kings": 10, "fours_to_sevens": 5, "black_threes": 5},
        id="canasta:card-values",
    ),
    # CN-1: "For going out 100 For going out extra 100 (200 total for going out)" (000 L403; L398)
    P("canasta", going_out, 100, id="canasta:going-out-100"),
    P("canasta", concealed, 100, id="canasta:concealed-plus-100"),
    P("canasta", extras, (), id="canasta:no-extras"),
    # CN-1: "Team Score Minimum Initial Entry Negative 15 0-1495 50 1500-2995 90 3000 and up 120" (000 L387)
    P("canasta", meld_basis, "score", id="canasta:meld-by-score"),
    P(
        "canasta",
        meld_bands,
        ((None, 0, 15), (0, 1500, 50), (1500, 3000, 90), (3000, None, 120)),
        id="canasta:meld-bands",
    ),
    # CN-1: "The game ends when a player's/team's total score reaches 5000." (000 L405)
    P("canasta", target, 5000, id="canasta:target-5000"),
    P("canasta", rounds, None, id="canasta:no-round-count"),
    # CN-1: "A canasta is a meld of at least seven cards" (000 L382)
    P("canasta", book_size, 7, id="canasta:book-7"),
    # CN-1: "Canasta typically uses two complete 52-card decks" (000 L372)
    P("canasta", decks_for(4), 2, id="canasta:2-decks"),
]


@pytest.mark.parametrize(("slug", "read", "expected"), CASES)
def test_preset_number_matches_variants_md(slug, read, expected):
    assert read(preset(slug)) == expected


# --- the presets as a whole ----------------------------------------------------------------


def test_the_first_eight_preset_slugs_are_the_original_public_ones():
    # issue 11's presets come after them (tests/scoresheet/test_presets_more.py)
    assert PRESET_SLUGS[: len(ALL_SLUGS)] == ALL_SLUGS
    assert [r.slug for r in presets()] == list(PRESET_SLUGS)


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_every_preset_loads_from_its_json_document(slug):
    document = preset_document(slug)
    loaded = load_rules(document)
    assert loaded.slug == slug
    assert loaded == preset(slug)
    assert loaded.family in rules_module.FAMILIES


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_every_preset_has_positive_book_bonuses_and_unique_keys(slug):
    r = preset(slug)
    assert r.book_kinds, "a variant needs at least one book kind"
    assert all(k.bonus > 0 for k in r.book_kinds)
    assert len({k.key for k in r.book_kinds} | {e.key for e in r.extras}) == len(r.book_kinds) + len(r.extras)


def test_an_unknown_slug_is_a_key_error():
    with pytest.raises(KeyError):
        preset("hand-and-elbow")
    with pytest.raises(KeyError):
        preset_document("hand-and-elbow")


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_every_preset_names_a_seed_file_and_its_lines_for_each_source(slug):
    # That these lines exist in the seed files is scripts/check_sources.py's job (the seeds
    # live outside the repository); here, that every source says where to look.
    sources = preset(slug).sources
    assert sources, f"{slug} names no source"
    for source in sources:
        assert source.seed.endswith(".txt"), source
        assert any(ch.isdigit() for ch in source.lines), source
