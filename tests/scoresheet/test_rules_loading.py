"""``load_rules`` names every bad field of a rules document; meld bands are [from, to)."""

from __future__ import annotations

import copy

import pytest

from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import preset, preset_document
from scoresheet.rules.schema import RulesError
from scoresheet.scoring.engine import meld_requirement


def hand_and_foot():
    return copy.deepcopy(preset_document("hand-and-foot"))


def error_paths(document) -> set[str]:
    with pytest.raises(RulesError) as caught:
        load_rules(document)
    return {problem.field for problem in caught.value.errors}


# --- several faults at once ------------------------------------------------------------------


def test_it_names_every_bad_field_of_a_document_with_many_faults():
    d = hand_and_foot()
    d["book_kinds"][0]["bonus"] = "500"  # a text, not a number
    d["family"] = "rummy"  # not a family
    d["red_threes"]["held_penalty"] = -100  # a penalty is entered as a positive number
    d["card_values"]["queens"] = 10  # not a card class
    d["meld_schedule"] = {
        "basis": "score",
        "bands": [  # a gap between 100 and 200
            {"from": None, "to": 100, "requirement": 50},
            {"from": 200, "to": None, "requirement": 90},
        ],
    }
    del d["going_out_bonus"]
    d["house_rule"] = "anything goes"  # not a rules field

    paths = error_paths(d)

    assert paths >= {
        "book_kinds[0].bonus",
        "family",
        "red_threes.held_penalty",
        "card_values.queens",
        "meld_schedule.bands[1].from",
        "going_out_bonus",
        "house_rule",
    }


def test_each_error_has_a_message_and_the_exception_text_names_the_paths():
    d = hand_and_foot()
    d["family"] = "rummy"
    del d["going_out_bonus"]
    with pytest.raises(RulesError) as caught:
        load_rules(d)
    assert all(isinstance(problem.message, str) and problem.message for problem in caught.value.errors)
    assert "family" in str(caught.value)
    assert "going_out_bonus" in str(caught.value)


def test_one_fault_in_every_section_is_named_at_once_with_its_message():
    d = hand_and_foot()
    d["slug"] = "Hand And Foot"  # identity
    d["card_values"]["jokers"] = "50"  # card values
    d["red_threes"]["laid_value"] = "100"  # red threes
    d["black_threes"]["held_penalty"] = -5  # black threes
    d["book_size"] = 2  # book size
    d["book_kinds"][0]["cards"] = "jokers"  # book kinds
    d["extras"][0]["amount"] = "100"  # extras
    d["going_out_bonus"] = "100"  # going out
    d["meld_schedule"]["by_round"][1] = None  # meld schedule
    d["game_end"]["rounds"] = 0  # game end
    d["setup"]["team_counts"] = [1]  # setup
    d["sources"][0] = {"lines": "L1"}  # sources
    d["notes"][0] = 3  # notes
    d["house_rule"] = "anything goes"  # unknown keys

    with pytest.raises(RulesError) as caught:
        load_rules(d)

    assert {(problem.field, problem.message) for problem in caught.value.errors} == {
        ("slug", "must be lower-case letters, digits and dashes"),
        ("card_values.jokers", 'must be a whole number, not "50"'),
        ("red_threes.laid_value", 'must be a whole number, not "100"'),
        ("black_threes.held_penalty", "must be a whole number of 0 or more, not -5"),
        ("book_size", "must be between 3 and 20 cards"),
        ("book_kinds[0].cards", "must be one of natural, mixed, wild"),
        ("extras[0].amount", 'must be a whole number, not "100"'),
        ("going_out_bonus", 'must be a whole number, not "100"'),
        ("meld_schedule.by_round[1]", "must be a number of points or a text, not null"),
        ("game_end.rounds", "must be between 1 and 50"),
        ("setup.team_counts[0]", "must be between 2 and 8"),
        ("sources[0].seed", "is required"),
        ("notes[0]", "must be a text"),
        ("house_rule", "is not a rules field"),
    }
    # The rules problems say where they are only by their path: no round, team or sheet.
    assert all(
        problem.round is None and problem.team is None and problem.row is None for problem in caught.value.errors
    )
    assert "game_end.rounds: must be between 1 and 50" in str(caught.value)


def test_the_preset_documents_themselves_are_not_changed_by_editing_a_copy():
    d = hand_and_foot()
    d["family"] = "rummy"
    assert preset_document("hand-and-foot")["family"] == "hand-and-foot"
    assert load_rules(preset_document("hand-and-foot")) == preset("hand-and-foot")


# --- one kind of fault at a time -----------------------------------------------------------------


def _set(path_parts, value):
    def edit(d):
        target = d
        for part in path_parts[:-1]:
            target = target[part]
        target[path_parts[-1]] = value

    return edit


def _delete(*path_parts):
    def edit(d):
        target = d
        for part in path_parts[:-1]:
            target = target[part]
        del target[path_parts[-1]]

    return edit


def _add_kind(kind):
    return lambda d: d["book_kinds"].append(kind)


def _add_extra(extra):
    return lambda d: d["extras"].append(extra)


P = pytest.param
FAULTS = [
    P(_set(["book_kinds", 0, "bonus"], "500"), "book_kinds[0].bonus", id="book-bonus-as-text"),
    P(_set(["book_kinds", 1, "bonus"], 2.5), "book_kinds[1].bonus", id="book-bonus-not-whole"),
    P(_set(["book_kinds", 2, "bonus"], True), "book_kinds[2].bonus", id="book-bonus-as-boolean"),
    P(_set(["family"], "rummy"), "family", id="unknown-family"),
    P(_set(["red_threes", "held_penalty"], -100), "red_threes.held_penalty", id="negative-red-held-penalty"),
    P(_set(["black_threes", "held_penalty"], -5), "black_threes.held_penalty", id="negative-black-held-penalty"),
    P(_set(["red_threes", "laid_value"], "100"), "red_threes.laid_value", id="red-laid-as-text"),
    P(_set(["card_values", "queens"], 10), "card_values.queens", id="unknown-card-class"),
    P(_set(["card_values", "jokers"], "50"), "card_values.jokers", id="card-value-as-text"),
    P(_delete("card_values", "aces"), "card_values.aces", id="missing-card-value"),
    P(_delete("going_out_bonus"), "going_out_bonus", id="missing-going-out-bonus"),
    P(_set(["going_out_bonus"], "100"), "going_out_bonus", id="going-out-bonus-as-text"),
    P(_set(["house_rule"], 1), "house_rule", id="unknown-top-level-key"),
    P(_set(["slug"], "Hand And Foot"), "slug", id="slug-not-lower-case"),
    P(_set(["name"], "   "), "name", id="blank-name"),
    P(_set(["book_size"], 2), "book_size", id="book-size-too-small"),
    P(_set(["book_kinds"], []), "book_kinds", id="no-book-kinds"),
    P(_set(["book_kinds", 0, "cards"], "jokers"), "book_kinds[0].cards", id="unknown-book-cards"),
    P(_set(["book_kinds", 0, "key"], "Clean Pile"), "book_kinds[0].key", id="book-key-not-a-key"),
    P(
        _add_kind({"key": "clean", "label": "Clean again", "bonus": 500}),
        "book_kinds[3].key",
        id="book-kind-listed-twice",
    ),
    P(
        _set(["book_kinds", 0, "required_to_go_out"], -1),
        "book_kinds[0].required_to_go_out",
        id="negative-books-required",
    ),
    P(
        _set(["book_kinds", 0, "required_by_round"], {"first": 2}),
        "book_kinds[0].required_by_round.first",
        id="required-by-round-not-keyed-by-round",
    ),
    P(_add_extra({"key": "wild", "label": "Wild", "amount": 5}), "extras[1].key", id="extra-key-used-by-a-book-kind"),
    P(_set(["extras", 0, "amount"], "100"), "extras[0].amount", id="extra-amount-as-text"),
    P(_set(["extras", 0, "max_per_round"], -1), "extras[0].max_per_round", id="negative-extra-max"),
    P(_set(["meld_schedule", "basis"], "moon"), "meld_schedule.basis", id="unknown-meld-basis"),
    P(_set(["meld_schedule", "by_round"], []), "meld_schedule.by_round", id="empty-meld-schedule"),
    P(_set(["meld_schedule", "by_round"], [50, None, 120]), "meld_schedule.by_round[1]", id="meld-requirement-null"),
    P(_set(["game_end"], {}), "game_end", id="game-end-without-rounds-or-target"),
    P(_set(["game_end"], {"rounds": 4, "target_score": 5000}), "game_end", id="game-end-with-both"),
    P(_set(["game_end"], {"rounds": 0}), "game_end.rounds", id="zero-rounds"),
    P(
        _set(["red_threes", "set_bonuses"], [{"min_count": 7, "bonus": "300"}]),
        "red_threes.set_bonuses[0].bonus",
        id="set-bonus-as-text",
    ),
    P(_set(["setup", "team_counts"], [1]), "setup.team_counts[0]", id="one-team"),
    P(_set(["sources"], [{"lines": "L1"}]), "sources[0].seed", id="source-without-seed"),
    P(_set(["not_stated"], [3]), "not_stated[0]", id="not-stated-not-a-text"),
]


@pytest.mark.parametrize(("edit", "path"), FAULTS)
def test_it_names_the_bad_field(edit, path):
    d = hand_and_foot()
    edit(d)
    assert path in error_paths(d)


@pytest.mark.parametrize(
    ("base", "edit", "path"),
    [
        # A list item that is not an object must be named, as book_kinds[i] and extras[i] already are.
        P(
            "hand-knee-and-foot",
            _set(["meld_schedule", "bands"], [5]),
            "meld_schedule.bands[0]",
            id="band-not-an-object",
        ),
        P(
            "hand-knee-and-foot",
            _set(["red_threes", "set_bonuses"], [7]),
            "red_threes.set_bonuses[0]",
            id="set-bonus-not-an-object",
        ),
        P("hand-and-foot", _set(["sources"], ["002_f28d0dd582eed8e7.txt"]), "sources[0]", id="source-not-an-object"),
        P("hand-and-foot", _set(["setup", "piles"], ["hand"]), "setup.piles[0]", id="pile-not-an-object"),
    ],
)
def test_it_names_a_list_item_that_is_not_an_object(base, edit, path):
    d = copy.deepcopy(preset_document(base))
    edit(d)
    paths = error_paths(d)
    assert any(p == path or p.startswith(path + ".") for p in paths), paths


def test_set_bonuses_need_red_threes_that_can_be_laid():
    d = copy.deepcopy(preset_document("hand-knee-and-foot"))
    d["red_threes"]["laid_value"] = None
    assert "red_threes.set_bonuses" in error_paths(d)


def test_a_document_that_is_not_an_object_is_refused():
    with pytest.raises(RulesError) as caught:
        load_rules(["not", "an", "object"])
    assert caught.value.errors[0].field is None  # the document as a whole


# --- bands must tile the score line ----------------------------------------------------------


def hkf_with_bands(bands):
    d = copy.deepcopy(preset_document("hand-knee-and-foot"))
    d["meld_schedule"]["bands"] = bands
    return d


@pytest.mark.parametrize(
    ("bands", "path"),
    [
        P(
            [{"from": None, "to": 15000, "requirement": 50}, {"from": 16000, "to": None, "requirement": 90}],
            "meld_schedule.bands[1].from",
            id="gap",
        ),
        P(
            [{"from": None, "to": 15000, "requirement": 50}, {"from": 14000, "to": None, "requirement": 90}],
            "meld_schedule.bands[1].from",
            id="overlap",
        ),
        P(
            [{"from": 0, "to": 15000, "requirement": 50}, {"from": 15000, "to": None, "requirement": 90}],
            "meld_schedule.bands[0].from",
            id="first-band-bounded",
        ),
        P(
            [{"from": None, "to": 15000, "requirement": 50}, {"from": 15000, "to": 30000, "requirement": 90}],
            "meld_schedule.bands[1].to",
            id="last-band-bounded",
        ),
        P([], "meld_schedule.bands", id="no-bands"),
        P(
            [{"from": None, "to": None, "requirement": True}],
            "meld_schedule.bands[0].requirement",
            id="requirement-boolean",
        ),
    ],
)
def test_it_refuses_bands_that_do_not_tile_the_score_line(bands, path):
    assert path in error_paths(hkf_with_bands(bands))


def test_a_single_open_band_and_text_requirements_are_accepted():
    rules = load_rules(
        hkf_with_bands(
            [
                {"from": None, "to": 7000, "requirement": 150},
                {"from": 7000, "to": None, "requirement": "a canasta"},  # CN-5 style token (VARIANTS.md §4.3 misfit 6)
            ]
        )
    )
    assert meld_requirement(rules, 1, 6995) == 150
    assert meld_requirement(rules, 1, 7000) == "a canasta"


# --- band edges are [from, to) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score_before", "requirement"),
    [
        # HKF-1 "UP TO 15,000……50 POINTS" (004 L61); negatives fall in it too (C-09)
        P(-2000, 50, id="negative-2000"),
        P(0, 50, id="0"),
        P(14995, 50, id="14995"),
        # "15,000 TO 30,000……90 POINTS" (004 L63); 15,000 belongs to the upper band (C-09)
        P(15000, 90, id="15000"),
        P(29995, 90, id="29995"),
        # "30,000 TO 50,000……120 POINTS" (004 L65)
        P(30000, 120, id="30000"),
        P(49995, 120, id="49995"),
        # "OVER 50,000……150 POINTS" (004 L67); 50,000 itself → 150 (C-09)
        P(50000, 150, id="50000"),
        P(125000, 150, id="125000"),
    ],
)
def test_hand_knee_and_foot_bands_are_lower_bound_inclusive(score_before, requirement):
    rules = preset("hand-knee-and-foot")
    for number in (1, 2, 3, 4, 5):  # by score: the round number plays no part
        assert meld_requirement(rules, number, score_before) == requirement


@pytest.mark.parametrize(
    ("score_before", "requirement"),
    [
        # CN-1 "Team Score Minimum Initial Entry Negative 15 0-1495 50 1500-2995 90 3000 and up 120" (000 L387)
        P(-1085, 15, id="negative-1085"),
        P(-5, 15, id="negative-5"),
        P(0, 50, id="0"),
        P(1495, 50, id="1495"),
        P(1500, 90, id="1500"),
        P(2995, 90, id="2995"),
        P(3000, 120, id="3000"),
        P(4995, 120, id="4995"),
    ],
)
def test_canasta_bands_are_lower_bound_inclusive(score_before, requirement):
    assert meld_requirement(preset("canasta"), 3, score_before) == requirement


@pytest.mark.parametrize(
    ("number", "requirement"),
    [
        # HF-1 "Round 1 50 / Round 2 90 / Round 3 120 / Round 4 150" (002 L66-69)
        P(1, 50, id="round-1"),
        P(2, 90, id="round-2"),
        P(3, 120, id="round-3"),
        P(4, 150, id="round-4"),
    ],
)
def test_round_schedules_ignore_the_score(number, requirement):
    rules = preset("hand-and-foot")
    for score_before in (-3000, 0, 15000, 60000):
        assert meld_requirement(rules, number, score_before) == requirement


# --- where the problems are shown --------------------------------------------------------------


@pytest.mark.django_db
def test_the_page_of_a_broken_house_rules_variant_lists_every_bad_field_and_its_message(client):
    from scoresheet.models import Variant

    d = hand_and_foot()
    d.update(slug="our-house", name="Our house", family="rummy", house_rule=1)
    d["meld_schedule"]["by_round"] = []
    Variant.objects.create(slug="our-house", name="Our house", family="hand-and-foot", document=d)

    response = client.get("/variants/our-house/")

    assert response.status_code == 200
    text = " ".join(response.content.decode().split())
    assert "These rules cannot be used until they are fixed" in text
    assert "<code>family</code> must be one of hand-and-foot, hand-knee-and-foot, canasta" in text
    assert "<code>house_rule</code> is not a rules field" in text
    assert "<code>meld_schedule.by_round</code> needs a requirement for round 1" in text
