"""The rules-card diff of a house variant against the preset it came from: a pure function."""

import copy

from scoresheet.rules.diff import marked_card, rules_changes
from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import preset, preset_document


def edited(slug, change):
    document = copy.deepcopy(preset_document(slug))
    change(document)
    return load_rules(document)


def test_the_same_rules_differ_in_nothing():
    assert rules_changes(preset("hand-and-foot"), preset("hand-and-foot")) == []


def test_a_changed_book_bonus_says_what_it_was():
    def change(d):
        d["book_kinds"][0]["bonus"] = 700

    changes = rules_changes(edited("hand-and-foot", change), preset("hand-and-foot"))
    assert [c.text for c in changes] == ["Clean books: 700, was 500"]


def test_a_removed_extra_and_a_new_one_are_listed():
    def change(d):
        d["extras"] = [{"key": "exact_draw", "label": "Exact draw", "amount": 50}]

    texts = [c.text for c in rules_changes(edited("hand-and-foot", change), preset("hand-and-foot"))]
    assert "Exact draw: +50 (new)" in texts
    assert any(t.startswith("Perfect cut") and "no longer" in t for t in texts)


def test_the_meld_schedule_by_score_instead_of_by_round():
    def change(d):
        d["meld_schedule"] = {
            "basis": "score",
            "bands": [{"from": None, "to": 3000, "requirement": 50}, {"from": 3000, "to": None, "requirement": 90}],
        }

    texts = [c.text for c in rules_changes(edited("hand-and-foot", change), preset("hand-and-foot"))]
    assert "Below 3,000: 50 points (new)" in texts
    assert "Round 1: no longer (50 points)" in texts


def test_red_threes_that_can_no_longer_be_laid():
    def change(d):
        d["red_threes"]["laid_value"] = None

    changes = rules_changes(edited("hand-and-foot", change), preset("hand-and-foot"))
    assert "Red threes laid: cannot be laid, was +100" in [c.text for c in changes]


def test_the_marked_card_marks_only_the_changed_rows():
    def change(d):
        d["going_out_bonus"] = 250

    card = marked_card(edited("hand-and-foot", change), preset("hand-and-foot"))
    marked = [(row.label, row.value, row.was) for section in card for row in section.rows if row.was]
    assert marked == [("Going out", "+250", "+100")]
