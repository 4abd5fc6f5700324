"""The score_game and variants commands: the public JSON contract of PRODUCT.md.

Every expected number below is worked out by hand from the preset's source, with the
arithmetic in a comment. Seed references: `002 L57` = shared/seeds/002_…, line 57;
`VARIANTS.md C-09` = shared/rules/VARIANTS.md, conflict C-09.
"""

from __future__ import annotations

import copy
import io
import json
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scoresheet.rules.preset_rules import PRESET_SLUGS

pytestmark = pytest.mark.django_db

OUTPUT_KEYS = {"variant", "teams", "rounds", "totals", "next_meld_requirements", "finished", "winner"}
ROUND_KEYS = {"number", "meld_requirements", "scores", "running_totals", "warnings"}
ERROR_KEYS = {"round", "team", "field", "message"}

# --- the PRODUCT.md example, and games built on it ------------------------------------------

# hand-and-foot (HF-1, seed 002):
#   Us:   2 clean × 500 + 2 dirty × 300 + 1 wild × 1500 (002 L57–59) = 1000 + 600 + 1500 = 3100
#         + 1 red three laid × 100 (002 L61) = 100
#         + 1045 melded + going out 100 (002 L60)
#         = 3100 + 100 + 1045 + 100 = 4345
#   Them: 1 clean × 500 + 1 dirty × 300 = 800; + 610 melded
#         − 1 red three held × 100 (002 L55) − 2 black threes held × 5 (002 L113) − 185 in hand
#         = 800 + 610 − 100 − 10 − 185 = 1115
US_R1 = {"books": {"clean": 2, "dirty": 2, "wild": 1}, "red_threes": 1, "melded_points": 1045, "went_out": True}
THEM_R1 = {
    "books": {"clean": 1, "dirty": 1},
    "red_threes_held": 1,
    "black_threes_held": 2,
    "melded_points": 610,
    "hand_points": 185,
}
EXAMPLE = {"variant": "hand-and-foot", "teams": ["Us", "Them"], "rounds": [[US_R1, THEM_R1]]}

# Round 2 of the longer hand-and-foot games:
#   Us:   500 + 300 (1 clean, 1 dirty) + 400 melded − 60 in hand = 1140
#   Them: 1000 + 600 + 1500 (2 clean, 2 dirty, 1 wild) + 900 melded + 100 going out = 4100
US_R2 = {"books": {"clean": 1, "dirty": 1}, "melded_points": 400, "hand_points": 60}
THEM_R2 = {"books": {"clean": 2, "dirty": 2, "wild": 1}, "melded_points": 900, "went_out": True}
TWO_ROUNDS = {"variant": "hand-and-foot", "teams": ["Us", "Them"], "rounds": [[US_R1, THEM_R1], [US_R2, THEM_R2]]}


# --- helpers ---------------------------------------------------------------------------------


def _call(args: list, options: dict) -> tuple[str, int]:
    """Run score_game; (stdout, exit status). Only SystemExit may escape the command."""
    out = io.StringIO()
    try:
        call_command("score_game", *args, stdout=out, **options)
    except SystemExit as exc:
        return out.getvalue(), exc.code
    return out.getvalue(), 0


def _call_file(tmp_path, document, **options) -> tuple[str, int]:
    """Run score_game on a file holding ``document``, letting any exception but SystemExit escape."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return _call([str(path)], options)


def score(tmp_path, document, **options) -> dict:
    """Score a game read from a file; the command must succeed."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    text, status = _call([str(path)], options)
    assert status == 0, text
    output = json.loads(text)
    assert set(output) == OUTPUT_KEYS
    return output


def score_errors(tmp_path, document=None, *, text: str | None = None, **options) -> list[dict]:
    """Score a game that must be refused: exit status 2 and exactly one {"errors": [...]} object."""
    path = tmp_path / "game.json"
    path.write_text(text if text is not None else json.dumps(document), encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        call_command("score_game", str(path), stdout=(out := io.StringIO()), **options)
    assert exc.value.code == 2
    return assert_error_output(out.getvalue())


def assert_error_output(text: str) -> list[dict]:
    output = json.loads(text)  # the whole of stdout is one JSON document: nothing partial
    assert list(output) == ["errors"], "an error exit prints only the errors, no partial result"
    errors = output["errors"]
    assert isinstance(errors, list) and errors
    for error in errors:
        assert set(error) == ERROR_KEYS
        assert isinstance(error["message"], str) and error["message"].strip()
    return errors


def has_error(errors: list[dict], *, round, team, field) -> bool:
    return any(e["round"] == round and e["team"] == team and e["field"] == field for e in errors)


def game_with(base: dict, round_number: int, team_index: int, **changes) -> dict:
    """A copy of ``base`` with one team's entry in one round changed (``None`` removes a field)."""
    game = copy.deepcopy(base)
    entry = game["rounds"][round_number - 1][team_index]
    for key, value in changes.items():
        if value is None:
            entry.pop(key, None)
        else:
            entry[key] = value
    return game


def line_points(score_json: dict) -> list[int]:
    return [line["points"] for line in score_json["lines"]]


def assert_lines_add_up(output: dict) -> None:
    for rnd in output["rounds"]:
        for team_score in rnd["scores"]:
            assert sum(line_points(team_score)) == team_score["total"]
            for line in team_score["lines"]:
                assert set(line) == {"label", "points"}
                assert isinstance(line["label"], str) and line["label"]


# --- the PRODUCT.md example ----------------------------------------------------------------


def test_product_example_is_scored_exactly_as_documented(tmp_path):
    output = score(tmp_path, EXAMPLE)

    assert output["variant"] == "hand-and-foot"
    assert output["teams"] == ["Us", "Them"]
    assert output["totals"] == [4345, 1115]  # see EXAMPLE above
    assert output["next_meld_requirements"] == [90, 90]  # round 2 needs 90 (002 L66–69)
    assert output["finished"] is False  # a game is four deals (002 L17)
    assert output["winner"] is None

    [rnd] = output["rounds"]
    assert set(rnd) == ROUND_KEYS
    assert rnd["number"] == 1
    assert rnd["meld_requirements"] == [50, 50]  # round 1 needs 50 (002 L66)
    assert [s["total"] for s in rnd["scores"]] == [4345, 1115]
    assert rnd["running_totals"] == [4345, 1115]
    assert rnd["warnings"] == []  # Us went out with 2 clean, 2 dirty, 1 wild: all 002 L39 asks
    for team_score in rnd["scores"]:
        assert set(team_score) == {"total", "lines"}
    assert_lines_add_up(output)


def test_product_example_lines_carry_each_part_of_the_score(tmp_path):
    us, them = score(tmp_path, EXAMPLE)["rounds"][0]["scores"]
    # Us: books 1000, 600, 1500; melded 1045; red three 100; going out 100 (see EXAMPLE)
    assert sorted(line_points(us)) == sorted([1000, 600, 1500, 1045, 100, 100])
    # Them: books 500, 300; melded 610; red three held −100; black threes held −10; hand −185
    assert sorted(line_points(them)) == sorted([500, 300, 610, -100, -10, -185])
    clean = next(line for line in us["lines"] if line["points"] == 1000)
    assert "2 × 500" in clean["label"]


def test_lines_of_every_team_add_up_to_the_total_in_a_longer_game(tmp_path):
    output = score(tmp_path, TWO_ROUNDS)
    assert_lines_add_up(output)
    # round 2: Us 1140, Them 4100 (see US_R2 / THEM_R2); running 4345 + 1140 = 5485, 1115 + 4100 = 5215
    assert [s["total"] for s in output["rounds"][1]["scores"]] == [1140, 4100]
    assert output["rounds"][1]["running_totals"] == [5485, 5215]
    assert output["rounds"][1]["meld_requirements"] == [90, 90]  # round 2: 90 (002 L67)
    assert output["totals"] == [5485, 5215]
    assert output["next_meld_requirements"] == [120, 120]  # round 3: 120 (002 L68)


def test_a_game_with_no_rounds_yet_scores_zero_and_needs_the_first_round_meld(tmp_path):
    output = score(tmp_path, {"variant": "hand-and-foot", "teams": ["Us", "Them"], "rounds": []})
    assert output["rounds"] == []
    assert output["totals"] == [0, 0]
    assert output["next_meld_requirements"] == [50, 50]  # round 1: 50 (002 L66)
    assert output["finished"] is False
    assert output["winner"] is None


# --- where the game comes from -------------------------------------------------------------


def test_variant_option_overrides_the_variant_in_the_file(tmp_path):
    # The same entries scored as hand-knee-and-foot (HKF-1, seed 004) — only kinds both have:
    #   Us:   2 clean × 500 + 2 dirty × 300 + 1 wild × 2500 (004 L87–95) = 1000 + 600 + 2500 = 4100
    #         + 1 red three × 100 (004 L51) + 1045 melded + going out 200 (004 L99)
    #         = 4100 + 100 + 1045 + 200 = 5445
    #   Them: 500 + 300 + 610 − 1 red three held × 500 (004 L102) − 2 black threes × 100 (004 L104) − 185
    #         = 800 + 610 − 500 − 200 − 185 = 525
    output = score(tmp_path, EXAMPLE, variant="hand-knee-and-foot")
    assert output["variant"] == "hand-knee-and-foot"
    assert output["totals"] == [5445, 525]


def test_variant_option_names_the_variant_when_the_file_has_none(tmp_path):
    game = {k: v for k, v in EXAMPLE.items() if k != "variant"}
    output = score(tmp_path, game, variant="hand-and-foot")
    assert output["totals"] == [4345, 1115]


def test_a_game_without_any_variant_is_refused(tmp_path):
    game = {k: v for k, v in EXAMPLE.items() if k != "variant"}
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=None, team=None, field="variant")


def test_game_is_read_from_standard_input_without_a_file(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(EXAMPLE)))
    text, status = _call([], {})
    assert status == 0
    assert json.loads(text)["totals"] == [4345, 1115]


def test_dash_reads_standard_input_too(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(EXAMPLE)))
    text, status = _call(["-"], {})
    assert status == 0
    assert json.loads(text)["totals"] == [4345, 1115]


def test_invalid_game_on_standard_input_exits_2_with_errors(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"variant": "hand-and-foot", "teams": '))
    text, status = _call([], {})
    assert status == 2
    errors = assert_error_output(text)
    assert errors[0]["round"] is None and errors[0]["team"] is None


def test_a_file_that_does_not_exist_exits_2_with_an_error(tmp_path):
    missing = tmp_path / "no-such-game.json"
    text, status = _call([str(missing)], {})
    assert status == 2
    errors = assert_error_output(text)
    assert len(errors) == 1
    assert "no-such-game.json" in errors[0]["message"]


# --- game end and winner -------------------------------------------------------------------

# Rounds 3 and 4 of a full hand-and-foot game:
#   R3 Us:   3100 (2 clean, 2 dirty, 1 wild) + 1000 melded + 2 red threes × 100 + 100 going out = 4400
#   R3 Them: 300 (1 dirty) + 250 melded − 120 in hand − 1 red three held × 100 = 330
#   R4 Us:   500 (1 clean) + 300 melded − 200 in hand − 1 black three × 5 = 595
#   R4 Them: 3100 + 1100 melded + 100 going out + 1 perfect cut × 100 (000 L259–260) = 4400
US_R3 = {"books": {"clean": 2, "dirty": 2, "wild": 1}, "melded_points": 1000, "red_threes": 2, "went_out": True}
THEM_R3 = {"books": {"dirty": 1}, "melded_points": 250, "hand_points": 120, "red_threes_held": 1}
US_R4 = {"books": {"clean": 1}, "melded_points": 300, "hand_points": 200, "black_threes_held": 1}
THEM_R4 = {
    "books": {"clean": 2, "dirty": 2, "wild": 1},
    "melded_points": 1100,
    "went_out": True,
    "extras": {"perfect_cut": 1},
}
FOUR_ROUNDS = {
    "variant": "hand-and-foot",
    "teams": ["Us", "Them"],
    "rounds": [[US_R1, THEM_R1], [US_R2, THEM_R2], [US_R3, THEM_R3], [US_R4, THEM_R4]],
}


def test_four_round_game_finishes_with_the_higher_total_as_winner(tmp_path):
    output = score(tmp_path, FOUR_ROUNDS)
    # Us:   4345 + 1140 + 4400 + 595 = 10480
    # Them: 1115 + 4100 + 330 + 4400 = 9945
    assert [r["running_totals"] for r in output["rounds"]] == [[4345, 1115], [5485, 5215], [9885, 5545], [10480, 9945]]
    assert output["totals"] == [10480, 9945]
    # opening meld by round 50, 90, 120, 150 (002 L66–69)
    assert [r["meld_requirements"] for r in output["rounds"]] == [[50, 50], [90, 90], [120, 120], [150, 150]]
    assert output["finished"] is True  # four deals (002 L17)
    assert output["winner"] == "Us"
    assert_lines_add_up(output)


def test_three_rounds_of_a_four_round_game_are_not_finished(tmp_path):
    game = copy.deepcopy(FOUR_ROUNDS)
    game["rounds"] = game["rounds"][:3]
    output = score(tmp_path, game)
    assert output["finished"] is False
    assert output["winner"] is None
    assert output["next_meld_requirements"] == [150, 150]  # round 4: 150 (002 L69)


def test_a_tie_gives_the_list_of_leading_team_names(tmp_path):
    # Mirrored rounds: each team scores 4345 twice and 1115 twice = 2 × (4345 + 1115) = 10920
    mirrored = [[US_R1, THEM_R1], [THEM_R1, US_R1], [US_R1, THEM_R1], [THEM_R1, US_R1]]
    output = score(tmp_path, {"variant": "hand-and-foot", "teams": ["Us", "Them"], "rounds": mirrored})
    assert output["totals"] == [10920, 10920]
    assert output["finished"] is True
    assert output["winner"] == ["Us", "Them"]


def test_a_fifth_round_of_a_four_round_game_is_an_error(tmp_path):
    game = copy.deepcopy(FOUR_ROUNDS)
    game["rounds"].append([US_R2, THEM_R2])
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=5, team=None, field=None)


def test_three_team_game_names_the_winner(tmp_path):
    # hand-and-foot is played by 2 or 3 partnerships (002 L153; preset team_counts [2, 3]).
    # 6 players in 3 partnerships use 7 decks (002 L153: one more deck than players).
    #   each round: North 4345 (US_R1), East 1115 (THEM_R1), West 800 + 400 melded − 60 hand = 1140 (US_R2)
    rounds = [[US_R1, THEM_R1, US_R2]] * 4
    output = score(tmp_path, {"variant": "hand-and-foot", "teams": ["North", "East", "West"], "rounds": rounds})
    # 4 × 4345 = 17380, 4 × 1115 = 4460, 4 × 1140 = 4560
    assert output["totals"] == [17380, 4460, 4560]
    assert output["winner"] == "North"


def test_optional_fourth_round_is_allowed_and_a_fifth_is_not(tmp_path):
    # hand-and-foot-canasta: "usually 3 rounds" and an optional "150 hand" (001 L25, L33; C-10)
    us = {"books": {"clean": 1, "dirty": 2}, "melded_points": 400, "went_out": True}  # 500 + 600 + 400 + 0 = 1500
    them = {"books": {"dirty": 1}, "melded_points": 200, "red_threes_held": 1}  # 300 + 200 − 100 (001 L83) = 400
    game = {"variant": "hand-and-foot-canasta", "teams": ["Us", "Them"], "rounds": [[us, them]] * 3}
    three = score(tmp_path, game)
    assert three["totals"] == [4500, 1200]  # 3 × 1500, 3 × 400
    assert three["finished"] is True and three["winner"] == "Us"
    assert three["next_meld_requirements"] == [150, 150]  # the optional 150 hand (001 L33)

    game["rounds"] = [[us, them]] * 4
    four = score(tmp_path, game)
    assert four["totals"] == [6000, 1600]
    assert four["rounds"][3]["meld_requirements"] == [150, 150]

    game["rounds"] = [[us, them]] * 5
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=5, team=None, field=None)


def test_an_error_in_a_three_team_game_names_the_third_team(tmp_path):
    rounds = [[US_R1, THEM_R1, {**US_R2, "melded_points": 401}]]
    errors = score_errors(tmp_path, {"variant": "hand-and-foot", "teams": ["North", "East", "West"], "rounds": rounds})
    assert has_error(errors, round=1, team="West", field="melded_points")


def test_adjustments_are_labelled_signed_lines(tmp_path):
    # PRODUCT.md: "Σ adjustments — free-form, labelled, signed points"
    #   Us: 4345 (EXAMPLE) − 50 + 25 = 4320
    game = game_with(
        EXAMPLE, 1, 0, adjustments=[{"label": "Table talk", "points": -50}, {"label": "Recount", "points": 25}]
    )
    output = score(tmp_path, game)
    assert output["totals"] == [4320, 1115]
    lines = output["rounds"][0]["scores"][0]["lines"]
    assert {"label": "Table talk", "points": -50} in lines
    assert {"label": "Recount", "points": 25} in lines


@pytest.mark.parametrize(
    "adjustment", [{"points": 10}, {"label": "x", "points": 2.5}, {"label": "", "points": 10}, "minus ten"]
)
def test_malformed_adjustment_is_refused(tmp_path, adjustment):
    errors = score_errors(tmp_path, game_with(EXAMPLE, 1, 1, adjustments=[adjustment]))
    assert has_error(errors, round=1, team="Them", field="adjustments")


def test_more_perfect_cuts_than_a_round_allows_are_refused(tmp_path):
    # one perfect cut a deal (000 L259–260; preset max_per_round 1)
    errors = score_errors(tmp_path, game_with(EXAMPLE, 1, 0, extras={"perfect_cut": 2}))
    assert has_error(errors, round=1, team="Us", field="extras")


def test_hkf_knee_penalty_counts_1000_against_the_chosen_team(tmp_path):
    # 004 L27: 1000 off the reminder's team (C-15); Gold 300 dirty + 100 melded − 1000 = −600
    output = score(
        tmp_path,
        {
            "variant": "hand-knee-and-foot",
            "teams": ["Blue", "Gold"],
            "rounds": [
                [{"melded_points": 50}, {"books": {"dirty": 1}, "melded_points": 100, "extras": {"knee_penalty": 1}}]
            ],
        },
    )
    assert output["totals"] == [50, -600]


# --- canasta: game to 5000 ------------------------------------------------------------------

# Classic Canasta (CN-1, 000 L370–409):
#   R1 North: 2 natural × 500 + 1 mixed × 300 (000 L403) + 600 melded + 1 red three × 100
#             + going out 100 (000 L396) = 1000 + 300 + 600 + 100 + 100 = 2100
#   R1 South: 150 melded − 45 in hand − 1 black three × 5 = 100
#   R2 North: 3 natural × 500 + 2 mixed × 300 + 900 melded + 2 red threes × 100
#             + going out 100 + concealed 100 (000 L398) = 1500 + 600 + 900 + 200 + 100 + 100 = 3400
#   R2 South: no meld, so its red three counts against it (000 L404): −100; − 230 in hand = −330
NORTH_R1 = {"books": {"clean": 2, "dirty": 1}, "melded_points": 600, "red_threes": 1, "went_out": True}
SOUTH_R1 = {"melded_points": 150, "hand_points": 45, "black_threes_held": 1}
NORTH_R2 = {
    "books": {"clean": 3, "dirty": 2},
    "melded_points": 900,
    "red_threes": 2,
    "went_out": True,
    "concealed": True,
}
SOUTH_R2 = {"red_threes": 1, "hand_points": 230}
CANASTA = {"variant": "canasta", "teams": ["North", "South"], "rounds": [[NORTH_R1, SOUTH_R1], [NORTH_R2, SOUTH_R2]]}


def test_canasta_is_not_finished_below_5000(tmp_path):
    game = copy.deepcopy(CANASTA)
    game["rounds"] = game["rounds"][:1]
    output = score(tmp_path, game)
    assert output["totals"] == [2100, 100]
    assert output["finished"] is False
    assert output["winner"] is None
    assert output["rounds"][0]["meld_requirements"] == [50, 50]  # 0–1495 → 50 (000 L387)
    # North 2100 is in 1500–2995 → 90; South 100 is in 0–1495 → 50 (000 L387)
    assert output["next_meld_requirements"] == [90, 50]


def test_canasta_finishes_when_a_team_passes_5000(tmp_path):
    output = score(tmp_path, CANASTA)
    # North 2100 + 3400 = 5500 ≥ 5000 (000 L405); South 100 − 330 = −230
    assert output["totals"] == [5500, -230]
    assert output["finished"] is True
    assert output["winner"] == "North"
    assert output["rounds"][1]["meld_requirements"] == [90, 50]
    # North 5500 is 3000 and up → 120; South −230 is negative → 15 (000 L387)
    assert output["next_meld_requirements"] == [120, 15]
    assert_lines_add_up(output)


def test_canasta_red_three_counts_against_a_team_that_has_not_melded(tmp_path):
    south = score(tmp_path, CANASTA)["rounds"][1]["scores"][1]
    assert sorted(line_points(south)) == [-230, -100]  # red three −100 (000 L404), hand −230


def test_canasta_all_four_red_threes_count_800(tmp_path):
    # 4 red threes × 100 + 400 for all four = 800 (000 L403); + 500 natural + 300 melded + 100 out
    north = {"books": {"clean": 1}, "melded_points": 300, "red_threes": 4, "went_out": True}
    output = score(
        tmp_path, {"variant": "canasta", "teams": ["North", "South"], "rounds": [[north, {"melded_points": 100}]]}
    )
    assert output["totals"] == [1700, 100]  # 800 + 500 + 300 + 100 = 1700
    assert 400 in line_points(output["rounds"][0]["scores"][0])


def test_canasta_all_four_red_threes_without_a_meld_cost_800(tmp_path):
    # "If they collect all four red threes, 800 points will be deducted" (000 L404): −(4 × 100 + 400)
    output = score(
        tmp_path,
        {
            "variant": "canasta",
            "teams": ["North", "South"],
            "rounds": [
                [{"books": {"clean": 1}, "melded_points": 200, "went_out": True}, {"red_threes": 4, "hand_points": 50}]
            ],
        },
    )
    # North 500 + 200 + 100 = 800; South −800 − 50 = −850
    assert output["totals"] == [800, -850]


def test_a_canasta_round_after_the_game_ended_is_an_error(tmp_path):
    game = copy.deepcopy(CANASTA)
    game["rounds"].append([{"melded_points": 100}, {"melded_points": 100, "went_out": True}])
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=3, team=None, field=None)


# --- Hand Knee and Foot: meld requirement by score band ------------------------------------

BASIC_BOOKS = {"sevens": 1, "fives": 1, "wild": 1, "clean": 1, "dirty": 1}


def test_hkf_team_at_15000_needs_90_next_and_one_just_below_needs_50(tmp_path):
    # HKF-1 (seed 004): the basic books are 5000 + 3000 + 2500 + 500 + 300 = 11,300 (004 L87–97)
    #   Blue: 11,300 + 3,500 melded + going out 200 (004 L99) = 15,000
    #   Gold: 11,300 + 3,695 melded = 14,995
    # Bands are lower-bound inclusive (VARIANTS.md C-09): 15,000 → 90; 14,995 → 50 (004 L59–67)
    blue = {"books": BASIC_BOOKS, "melded_points": 3500, "went_out": True}
    gold = {"books": BASIC_BOOKS, "melded_points": 3695}
    output = score(tmp_path, {"variant": "hand-knee-and-foot", "teams": ["Blue", "Gold"], "rounds": [[blue, gold]]})
    assert output["totals"] == [15000, 14995]
    assert output["rounds"][0]["meld_requirements"] == [50, 50]  # 0 is below 15,000
    assert output["next_meld_requirements"] == [90, 50]


def test_hkf_bands_reach_120_at_30000_and_150_at_50000(tmp_path):
    # Round 1 as above: Blue 15,000, Gold 14,995.
    # Round 2 Blue: 5 sevens × 5000 + 2 fives × 3000 + 2500 + 500 + 300 = 25,000 + 6,000 + 3,300 = 34,300
    #               + 500 melded + 200 going out = 35,000  → total 50,000 → 150 (C-09: 50,000 → 150)
    # Round 2 Gold: 2 sevens × 5000 + 3000 + 2 clean × 500 + 3 dirty × 300 = 10,000 + 3,000 + 1,000 + 900
    #               = 14,900 + 305 melded − 200 in hand = 15,005 → total 30,000 → 120 (004 L59–67)
    round1 = [
        {"books": BASIC_BOOKS, "melded_points": 3500, "went_out": True},
        {"books": BASIC_BOOKS, "melded_points": 3695},
    ]
    round2 = [
        {"books": {"sevens": 5, "fives": 2, "wild": 1, "clean": 1, "dirty": 1}, "melded_points": 500, "went_out": True},
        {"books": {"sevens": 2, "fives": 1, "clean": 2, "dirty": 3}, "melded_points": 305, "hand_points": 200},
    ]
    output = score(tmp_path, {"variant": "hand-knee-and-foot", "teams": ["Blue", "Gold"], "rounds": [round1, round2]})
    assert output["rounds"][1]["meld_requirements"] == [90, 50]
    assert output["totals"] == [50000, 30000]
    assert output["next_meld_requirements"] == [150, 120]


def test_hkf_negative_score_needs_50(tmp_path):
    # Gold: − 600 in hand − 1 red three held × 500 (004 L102) = −1,100; negative falls under
    # "UP TO 15,000" → 50 (VARIANTS.md C-09). Blue: 200 melded.
    output = score(
        tmp_path,
        {
            "variant": "hand-knee-and-foot",
            "teams": ["Blue", "Gold"],
            "rounds": [[{"melded_points": 200}, {"hand_points": 600, "red_threes_held": 1}]],
        },
    )
    assert output["totals"] == [200, -1100]
    assert output["next_meld_requirements"] == [50, 50]


def test_hkf_seven_red_threes_are_worth_1000(tmp_path):
    # 7 × 100 + 300 bonus = 1,000 (004 L100; C-18); + 300 dirty + 100 melded = 1,400
    blue = {"books": {"dirty": 1}, "melded_points": 100, "red_threes": 7}
    output = score(
        tmp_path,
        {"variant": "hand-knee-and-foot", "teams": ["Blue", "Gold"], "rounds": [[blue, {"melded_points": 50}]]},
    )
    assert output["totals"] == [1400, 50]


# --- card counts instead of points ----------------------------------------------------------


def test_melded_and_hand_card_counts_are_turned_into_points(tmp_path):
    # hand-and-foot card values (002 L47–51): joker 50, two 20, ace 20, eight–king 10, four–seven 5
    #   melded: 2 jokers × 50 + 3 twos × 20 + 4 aces × 20 + 10 × 10 + 7 × 5 = 100 + 60 + 80 + 100 + 35 = 375
    #   in hand: 1 ace × 20 + 2 × 10 = 40, and 2 black threes held × 5 = 10 (002 L113)
    #   Us: 1 clean × 500 + 375 − 40 − 10 = 825
    us = {
        "books": {"clean": 1},
        "melded_cards": {"jokers": 2, "twos": 3, "aces": 4, "eights_to_kings": 10, "fours_to_sevens": 7},
        "hand_cards": {"aces": 1, "eights_to_kings": 2, "black_threes": 2},
    }
    them = {"melded_points": 200, "went_out": True}  # 200 + 100 going out = 300
    output = score(tmp_path, {"variant": "hand-and-foot", "teams": ["Us", "Them"], "rounds": [[us, them]]})
    assert output["totals"] == [825, 300]
    assert sorted(line_points(output["rounds"][0]["scores"][0])) == sorted([500, 375, -40, -10])


def test_canasta_melded_black_threes_count_5(tmp_path):
    # Canasta black threes may be melded when going out, worth 5 (000 L380, L403):
    #   3 black threes × 5 + 7 × 10 = 85; + 500 natural + 100 going out = 685
    north = {"books": {"clean": 1}, "melded_cards": {"black_threes": 3, "eights_to_kings": 7}, "went_out": True}
    output = score(
        tmp_path, {"variant": "canasta", "teams": ["North", "South"], "rounds": [[north, {"melded_points": 50}]]}
    )
    assert output["totals"] == [685, 50]


def test_melded_black_threes_are_refused_where_they_cannot_be_melded(tmp_path):
    # hand-and-foot: "Red and black threes cannot be used in melds." (002 L109)
    game = game_with(EXAMPLE, 1, 1, melded_points=None, melded_cards={"black_threes": 3, "aces": 4})
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=1, team="Them", field="melded_cards")


def test_points_and_card_counts_for_the_same_thing_are_refused(tmp_path):
    game = game_with(EXAMPLE, 1, 1, melded_cards={"aces": 4})  # Them keeps melded_points 610 too
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=1, team="Them", field="melded_cards")


def test_unknown_card_class_is_refused(tmp_path):
    game = game_with(EXAMPLE, 1, 1, hand_points=None, hand_cards={"queens": 2})
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=1, team="Them", field="hand_cards")


# --- every invalid case in PRODUCT.md -------------------------------------------------------


def test_unknown_variant_is_an_error_on_the_variant_field(tmp_path):
    errors = score_errors(tmp_path, {**EXAMPLE, "variant": "hand-and-elbow"})
    assert has_error(errors, round=None, team=None, field="variant")
    assert "hand-and-elbow" in next(e for e in errors if e["field"] == "variant")["message"]


def test_house_rules_in_the_database_are_scored_with_their_own_values(tmp_path):
    # A club's copy of hand-and-foot paying 200 for going out: Us 4345 − 100 + 200 = 4445
    from scoresheet.models import Variant

    document = json.loads(
        (Path(__file__).resolve().parents[2] / "scoresheet" / "rules" / "presets" / "hand-and-foot.json").read_text(
            encoding="utf-8"
        )
    )
    document.update(slug="our-house", name="Our house", going_out_bonus=200)
    Variant.objects.create(slug="our-house", name="Our house", family="hand-and-foot", document=document)
    output = score(tmp_path, EXAMPLE, variant="our-house")
    assert output["variant"] == "our-house"
    assert output["totals"] == [4445, 1115]


def test_a_variant_whose_rules_document_is_broken_exits_2_naming_the_variant(tmp_path):
    # A house-rules variant in the database whose document no longer loads (game_create guards
    # against the same case). The contract: exit 2 and an {"errors": [...]} object, not a traceback.
    from scoresheet.models import Variant

    Variant.objects.create(
        slug="our-broken-house",
        name="Our broken house",
        family="hand-and-foot",
        document={"slug": "our-broken-house", "name": "Our broken house"},
    )
    text, status = _call_file(tmp_path, EXAMPLE, variant="our-broken-house")
    assert status == 2
    errors = assert_error_output(text)
    assert has_error(errors, round=None, team=None, field="variant")


def test_unknown_variant_given_as_option_is_an_error(tmp_path):
    errors = score_errors(tmp_path, EXAMPLE, variant="hand-and-elbow")
    assert has_error(errors, round=None, team=None, field="variant")


def test_unknown_book_kind_names_round_team_and_books(tmp_path):
    # hand-and-foot has clean, dirty and wild piles (002 L57–59); no sevens book
    game = game_with(TWO_ROUNDS, 2, 1, books={"clean": 2, "dirty": 2, "wild": 1, "sevens": 1})
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="Them", field="books")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("books", {"clean": 2, "dirty": 2, "wild": 1, "sevens": 0}),
        ("extras", {"knee_penalty": 0}),
    ],
)
def test_unknown_book_kind_or_extra_is_refused_even_with_a_zero_count(tmp_path, field, value):
    # PRODUCT.md: "unknown book kind or extra for the variant" is invalid input; a zero count does
    # not make the key known (a typo such as "sevens" in hand-and-foot must be reported).
    game = game_with(TWO_ROUNDS, 2, 1, **{field: value})
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="Them", field=field)


def test_unknown_extra_names_round_team_and_extras(tmp_path):
    # hand-and-foot's only extra is the perfect cut (000 L259–260); the knee penalty is HKF's
    game = game_with(TWO_ROUNDS, 2, 0, extras={"knee_penalty": 1})
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="Us", field="extras")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("red_threes", -1),
        ("red_threes_held", -1),
        ("black_threes_held", -2),
        ("melded_points", -5),
        ("hand_points", -10),
    ],
)
def test_negative_count_or_points_names_its_field(tmp_path, field, value):
    game = game_with(TWO_ROUNDS, 2, 0, **{field: value})
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="Us", field=field)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("books", {"clean": -1, "dirty": 1}),
        ("extras", {"perfect_cut": -1}),
        ("hand_cards", {"aces": -1}),
    ],
)
def test_negative_count_inside_an_object_names_the_object_field(tmp_path, field, value):
    changes = {field: value, **({"hand_points": None} if field == "hand_cards" else {})}
    game = game_with(TWO_ROUNDS, 2, 0, **changes)
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="Us", field=field)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("melded_points", 2.5),
        ("red_threes", "3"),
        ("black_threes_held", True),
        ("red_threes_held", 1.0),
    ],
)
def test_non_integer_count_names_its_field(tmp_path, field, value):
    game = copy.deepcopy(TWO_ROUNDS)
    game["rounds"][1][1][field] = value
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="Them", field=field)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("books", {"clean": 2.5}),
        ("books", {"clean": "3"}),
        ("books", {"clean": True}),
        ("extras", {"perfect_cut": 0.5}),
        ("books", [2, 2, 1]),
    ],
)
def test_non_integer_count_inside_an_object_names_the_object_field(tmp_path, field, value):
    game = game_with(TWO_ROUNDS, 2, 1, **{field: value})
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="Them", field=field)


@pytest.mark.parametrize(("field", "value"), [("melded_points", 1047), ("hand_points", 12)])
def test_points_not_a_multiple_of_5_are_refused(tmp_path, field, value):
    # every hand-and-foot card value is a multiple of 5 (002 L47–51)
    game = game_with(TWO_ROUNDS, 2, 0, **{field: value})
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="Us", field=field)


def test_two_teams_going_out_in_one_round_is_refused(tmp_path):
    game = game_with(TWO_ROUNDS, 2, 0, went_out=True)  # Them already went out in round 2
    errors = score_errors(tmp_path, game)
    went_out = [e for e in errors if e["field"] == "went_out"]
    assert went_out and all(e["round"] == 2 for e in went_out)
    assert {e["team"] for e in went_out} <= {"Us", "Them"} and None not in {e["team"] for e in went_out}


def test_concealed_without_going_out_is_refused(tmp_path):
    # canasta pays a concealed bonus (000 L398), but only to the side that went out
    game = game_with(CANASTA, 1, 1, concealed=True)
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=1, team="South", field="concealed")


def test_concealed_in_a_variant_without_a_concealed_bonus_is_refused(tmp_path):
    game = game_with(EXAMPLE, 1, 0, concealed=True)  # hand-and-foot: no concealed bonus (002)
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=1, team="Us", field="concealed")


def test_red_threes_laid_where_they_cannot_be_are_refused(tmp_path):
    # hand-and-foot-canasta: "3s are used for discard ONLY" (001 L23)
    game = {
        "variant": "hand-and-foot-canasta",
        "teams": ["Us", "Them"],
        "rounds": [
            [
                {"books": {"clean": 1, "dirty": 2}, "melded_points": 400, "went_out": True},
                {"melded_points": 200, "red_threes": 1},
            ]
        ],
    }
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=1, team="Them", field="red_threes")


def test_red_threes_held_where_they_are_laid_at_once_are_refused(tmp_path):
    # Canasta: red threes are laid as soon as they are drawn (preset note; 000 L404)
    game = game_with(CANASTA, 2, 1, red_threes=None, red_threes_held=1)
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="South", field="red_threes_held")


@pytest.mark.parametrize("entries", [1, 3])
def test_wrong_number_of_entries_in_a_round_names_the_round(tmp_path, entries):
    game = copy.deepcopy(TWO_ROUNDS)
    game["rounds"][1] = ([US_R2, THEM_R2, US_R2])[:entries]
    errors = score_errors(tmp_path, game)
    assert any(e["round"] == 2 and e["team"] is None for e in errors)
    assert not any(e["round"] == 1 for e in errors)


def test_more_red_threes_than_the_decks_hold_are_refused(tmp_path):
    # 4 players use 5 decks (002 L9), 2 red threes a deck: at most 10 in a round. 6 + 5 = 11.
    game = game_with(TWO_ROUNDS, 2, 0, red_threes=6)
    game = game_with(game, 2, 1, red_threes_held=5)
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team=None, field="red_threes")


def test_exactly_as_many_red_threes_as_the_decks_hold_are_accepted(tmp_path):
    # 6 laid + 4 held = 10 = 5 decks × 2 (002 L9)
    game = game_with(TWO_ROUNDS, 2, 0, red_threes=6)
    game = game_with(game, 2, 1, red_threes_held=4)
    output = score(tmp_path, game)
    # Us round 2: 1140 + 6 × 100 = 1740; Them: 4100 − 4 × 100 = 3700
    assert [s["total"] for s in output["rounds"][1]["scores"]] == [1740, 3700]


def test_canasta_two_decks_hold_only_four_red_threes(tmp_path):
    # two decks (000 L372) × 2 red threes = 4; 3 + 2 = 5 is too many
    game = game_with(CANASTA, 1, 0, red_threes=3)
    game = game_with(game, 1, 1, red_threes=2)
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=1, team=None, field="red_threes")


@pytest.mark.parametrize(
    "text",
    [
        '{"variant": "hand-and-foot", "teams": ["Us", "Them"], "rounds": [[{}, {}]',
        "",
        "not json at all",
        "{'variant': 'hand-and-foot'}",
    ],
)
def test_malformed_json_exits_2_with_one_general_error(tmp_path, text):
    errors = score_errors(tmp_path, text=text)
    assert errors == [{"round": None, "team": None, "field": None, "message": errors[0]["message"]}]


@pytest.mark.parametrize("document", [[], "hand-and-foot", 3, None])
def test_a_json_value_that_is_not_a_game_object_is_refused(tmp_path, document):
    score_errors(tmp_path, document)


def test_any_two_to_four_teams_are_scored_whatever_table_the_source_describes(tmp_path):
    # The contract's invalid inputs do not include a team count the source does not describe:
    # seed 004 seats 2 teams (004 L39–41), but three are scored. C went out: +200 (004 L99).
    game = {"variant": "hand-knee-and-foot", "teams": ["A", "B", "C"], "rounds": [[{}, {}, {"went_out": True}]]}
    assert score(tmp_path, game)["totals"] == [0, 0, 200]


def test_five_teams_are_refused(tmp_path):
    game = {"variant": "hand-knee-and-foot", "teams": ["A", "B", "C", "D", "E"], "rounds": []}
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=None, team=None, field="teams")


def test_several_problems_are_all_listed(tmp_path):
    game = game_with(TWO_ROUNDS, 1, 0, books={"clean": 2, "dirty": 2, "wild": 1, "sevens": 1})
    game = game_with(game, 2, 1, melded_points=903)
    game = game_with(game, 2, 0, extras={"knee_penalty": 1}, hand_points=-5)
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=1, team="Us", field="books")
    assert has_error(errors, round=2, team="Them", field="melded_points")
    assert has_error(errors, round=2, team="Us", field="extras")
    assert has_error(errors, round=2, team="Us", field="hand_points")
    assert len(errors) == 4  # each problem once


def test_several_type_problems_are_all_listed(tmp_path):
    game = game_with(TWO_ROUNDS, 1, 0, red_threes="1")
    game = game_with(game, 2, 1, melded_points=2.5, books={"clean": True})
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=1, team="Us", field="red_threes")
    assert has_error(errors, round=2, team="Them", field="melded_points")
    assert has_error(errors, round=2, team="Them", field="books")


def test_a_type_problem_and_a_rules_problem_are_both_listed(tmp_path):
    # PRODUCT.md: the errors list names "each problem" — a malformed count in one entry must
    # not hide an unknown book kind in another.
    game = game_with(TWO_ROUNDS, 1, 0, books={"clean": 2, "dirty": 2, "wild": 1, "sevens": 1})
    game = game_with(game, 2, 1, melded_points=2.5)
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="Them", field="melded_points")
    assert has_error(errors, round=1, team="Us", field="books")


def test_a_round_problem_and_an_entry_problem_are_both_listed(tmp_path):
    # Two teams going out in round 1 is a problem of the round; an unknown book kind in round 2
    # is a problem of one entry. PRODUCT.md: the errors name "each problem".
    game = game_with(TWO_ROUNDS, 1, 1, went_out=True)
    game = game_with(game, 2, 0, books={"clean": 1, "dirty": 1, "sevens": 1})
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=2, team="Us", field="books")
    assert any(e["round"] == 1 and e["field"] == "went_out" for e in errors)


def test_a_round_past_the_end_and_an_entry_problem_are_both_listed(tmp_path):
    game = copy.deepcopy(FOUR_ROUNDS)
    game["rounds"][0][0] = {**US_R1, "melded_points": 1046}
    game["rounds"].append([US_R2, THEM_R2])
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=1, team="Us", field="melded_points")
    assert has_error(errors, round=5, team=None, field=None)


def test_unknown_variant_and_a_malformed_entry_are_both_listed(tmp_path):
    game = game_with({**TWO_ROUNDS, "variant": "hand-and-elbow"}, 2, 1, melded_points=2.5)
    errors = score_errors(tmp_path, game)
    assert has_error(errors, round=None, team=None, field="variant")
    assert has_error(errors, round=2, team="Them", field="melded_points")


def test_warnings_do_not_stop_scoring(tmp_path):
    # Going out short of the books 002 L39 asks is a warning, not an error (PRODUCT.md)
    #   Us: 1 clean × 500 + 300 melded + 100 going out = 900
    us = {"books": {"clean": 1}, "melded_points": 300, "went_out": True}
    output = score(
        tmp_path, {"variant": "hand-and-foot", "teams": ["Us", "Them"], "rounds": [[us, {"melded_points": 100}]]}
    )
    assert output["totals"] == [900, 100]
    warnings = output["rounds"][0]["warnings"]
    assert any(w["round"] == 1 and w["team"] == "Us" and w["field"] == "went_out" for w in warnings)
    for warning in warnings:
        assert set(warning) == ERROR_KEYS


# --- variants --json ------------------------------------------------------------------------


def test_variants_json_lists_the_eight_presets_with_name_and_family():
    out = io.StringIO()
    call_command("variants", json=True, stdout=out)
    rows = json.loads(out.getvalue())
    # the preset table in PRODUCT.md, "Presets (slugs are a public contract)"
    assert {r["slug"]: r["family"] for r in rows}.items() >= {
        "hand-and-foot": "hand-and-foot",
        "hand-and-foot-6-deck": "hand-and-foot",
        "hand-and-foot-canasta": "hand-and-foot",
        "hand-and-foot-11-card": "hand-and-foot",
        "hand-and-foot-individual": "hand-and-foot",
        "hand-knee-and-foot": "hand-knee-and-foot",
        "hand-knee-and-foot-by-round": "hand-knee-and-foot",
        "canasta": "canasta",
    }.items()
    assert len(rows) == len(PRESET_SLUGS)  # and issue 11's (tests/scoresheet/test_presets_more.py)
    for row in rows:
        assert set(row) == {"slug", "name", "family"}
        assert isinstance(row["name"], str) and row["name"].strip()


def test_every_listed_variant_can_score_an_empty_game(tmp_path):
    out = io.StringIO()
    call_command("variants", json=True, stdout=out)
    for row in json.loads(out.getvalue()):
        output = score(tmp_path, {"variant": row["slug"], "teams": ["A", "B"], "rounds": []})
        assert output["variant"] == row["slug"]
        assert output["totals"] == [0, 0]


# --- robustness: junk never crashes the command ---------------------------------------------

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=15,
)

ENTRY_FIELD_NAMES = [
    "books",
    "red_threes",
    "red_threes_held",
    "black_threes_held",
    "melded_points",
    "hand_points",
    "went_out",
    "concealed",
    "extras",
    "adjustments",
    "melded_cards",
    "hand_cards",
    "bogus",
]
COUNT_KEYS = [
    "clean",
    "dirty",
    "wild",
    "sevens",
    "fives",
    "perfect_cut",
    "exact_draw",
    "knee_penalty",
    "jokers",
    "twos",
    "aces",
    "eights_to_kings",
    "fours_to_sevens",
    "black_threes",
    "nope",
]
SLUGS = [
    "hand-and-foot",
    "hand-and-foot-6-deck",
    "hand-and-foot-canasta",
    "hand-and-foot-11-card",
    "hand-and-foot-individual",
    "hand-knee-and-foot",
    "hand-knee-and-foot-by-round",
    "canasta",
    "nope",
]

plausible_values = (
    st.integers(min_value=-20, max_value=3000)
    | st.sampled_from([0, 5, 100, 1045, 10**7])
    | st.booleans()
    | st.dictionaries(st.sampled_from(COUNT_KEYS), st.integers(min_value=-3, max_value=20) | json_scalars, max_size=5)
    | st.lists(st.fixed_dictionaries({"label": st.text(max_size=5), "points": st.integers(-500, 500)}), max_size=2)
    | json_values
)
plausible_entries = st.dictionaries(st.sampled_from(ENTRY_FIELD_NAMES), plausible_values, max_size=6)
plausible_games = st.fixed_dictionaries(
    {
        "variant": st.sampled_from(SLUGS),
        "teams": st.sampled_from([["Us", "Them"], ["A", "B", "C"], ["A", "B", "C", "D"], ["Solo"], ["A", "A"]]),
        "rounds": st.lists(st.lists(plausible_entries, min_size=1, max_size=4), max_size=5),
    },
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, (*path, index))


@st.composite
def mutated_games(draw):
    """A valid game (FOUR_ROUNDS or CANASTA) with one to three nodes replaced, removed or added."""
    game = copy.deepcopy(draw(st.sampled_from([FOUR_ROUNDS, CANASTA, EXAMPLE])))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        paths = list(_paths(game))
        path = draw(st.sampled_from(paths))
        if not path:
            continue
        parent = game
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "remove", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(json_values | plausible_values)
        elif action == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(ENTRY_FIELD_NAMES + COUNT_KEYS))] = draw(plausible_values)
        else:
            parent.append(draw(json_values | plausible_entries))
    return game


def _check_any_outcome(monkeypatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    out, status = _call([], {})  # any exception but SystemExit fails the test here
    assert status in (0, 2)
    event(f"exit status {status}")
    if status == 2:
        assert_error_output(out)
        return
    output = json.loads(out)
    assert set(output) == OUTPUT_KEYS
    assert_lines_add_up(output)
    totals = [0] * len(output["teams"])
    for number, rnd in enumerate(output["rounds"], start=1):
        assert rnd["number"] == number
        totals = [t + s["total"] for t, s in zip(totals, rnd["scores"])]
        assert rnd["running_totals"] == totals
    assert output["totals"] == totals


SETTINGS = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # counts: tests/conftest.py


@SETTINGS
@given(document=json_values)
def test_junk_json_values_exit_2_or_score_and_always_print_json(monkeypatch, document):
    _check_any_outcome(monkeypatch, json.dumps(document))


@SETTINGS
@given(document=mutated_games())
def test_mutated_valid_games_exit_2_or_score_and_always_print_json(monkeypatch, document):
    _check_any_outcome(monkeypatch, json.dumps(document))


@SETTINGS
@given(document=plausible_games)
def test_plausible_junk_games_exit_2_or_score_and_always_print_json(monkeypatch, document):
    _check_any_outcome(monkeypatch, json.dumps(document))


@SETTINGS
@given(text=st.text(max_size=60))
def test_junk_text_exits_2_or_scores_and_always_prints_json(monkeypatch, text):
    _check_any_outcome(monkeypatch, text)


def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    # Windows editors often save UTF-8 with a BOM; the game itself is fine.
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"variant": "canasta", "teams": ["A", "B"], "rounds": []}).encode())
    text, status = _call([str(path)], {})
    assert status == 0 and json.loads(text)["totals"] == [0, 0]


def test_a_file_that_is_not_utf8_is_refused_with_exit_2(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(SystemExit) as exc:
        call_command("score_game", str(path), stdout=(out := io.StringIO()))
    assert exc.value.code == 2
    errors = assert_error_output(out.getvalue())
    assert "not UTF-8" in errors[0]["message"]
