"""The entry fields are built once per rules object (issue 21: scoring asked for them per side per
round) and stay those of that object's own rules."""

from __future__ import annotations

import pytest

from scoresheet.rules.fields import entry_fields, fields_by_key
from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import preset_document


def test_one_rules_object_builds_its_fields_once_and_each_object_keeps_its_own():
    document = preset_document("hand-and-foot-earl")
    rules = load_rules(document)
    assert entry_fields(rules) is entry_fields(rules)
    assert fields_by_key(rules) is fields_by_key(rules)
    assert fields_by_key(rules)["black_threes_held"].value == -100
    house = load_rules({**document, "black_threes": {"held_penalty": 300}})
    assert fields_by_key(house)["black_threes_held"].value == -300
    assert fields_by_key(rules)["black_threes_held"].value == -100
    assert rules == load_rules(preset_document("hand-and-foot-earl"))  # keeping them changes no comparison


def test_the_kept_fields_cannot_be_changed_by_a_caller():
    rules = load_rules(preset_document("hand-and-foot-earl"))
    with pytest.raises(TypeError):
        fields_by_key(rules)["went_out"] = None
