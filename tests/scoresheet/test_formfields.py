"""PlainIntegerField: a number on a form or in a command is written with the digits 0-9."""

from __future__ import annotations

import pytest
from django import forms
from django.core.exceptions import ValidationError

from scoresheet.games.formfields import OnOffField, PlainIntegerField


class CountForm(forms.Form):
    count = PlainIntegerField(min_value=-100, max_value=100)
    optional = PlainIntegerField(required=False)


def errors_for(value) -> list[str]:
    form = CountForm({"count": value})
    return [] if form.is_valid() else form.errors["count"]


@pytest.mark.parametrize(
    ("value", "number"),
    [
        ("12", 12),
        ("-3", -3),
        ("0", 0),
        (" 7 ", 7),
        ("007", 7),
        ("-0", 0),
        (42, 42),
    ],
    ids=["digits", "negative", "zero", "spaces-around", "leading-zeros", "minus-zero", "python-int"],
)
def test_plain_digits_are_numbers(value, number):
    form = CountForm({"count": value})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["count"] == number


@pytest.mark.parametrize(
    "value",
    [
        "１２",  # fullwidth, as a phone keyboard in a CJK layout types them
        "𝟓",  # mathematical bold digit five
        "١٢٣",  # Arabic-Indic
        "۴",  # extended Arabic-Indic (Persian)
        "५",  # Devanagari
        "1٢",  # a plain digit, then an Arabic-Indic one
        "+5",
        "5.0",
        "1_000",
        "1e3",
        "1,000",
        "--1",
        "- 1",
        "0x1f",
        "five",
        "1 2",
        True,
    ],
    ids=[
        "fullwidth",
        "math-bold",
        "arabic-indic",
        "persian",
        "devanagari",
        "mixed",
        "plus-sign",
        "decimal",
        "underscore",
        "exponent",
        "thousands-comma",
        "double-minus",
        "minus-space",
        "hex",
        "word",
        "inner-space",
        "python-bool",
    ],
)
def test_anything_but_plain_digits_is_refused(value):
    assert errors_for(value) == ["Enter a whole number with the digits 0–9."]


def test_bounds_still_apply():
    assert errors_for("101") == ["Ensure this value is less than or equal to 100."]
    assert errors_for("-101") == ["Ensure this value is greater than or equal to -100."]


def test_a_number_of_thousands_of_digits_is_refused_without_a_crash():
    # Python reads at most 4,300 digits in one integer; Django's IntegerField also ends in a ValueError here
    assert errors_for("9" * 5000) == ["That number has far too many digits."]
    # past 15 digits a number is not read at all; up to them, the bounds say what is wrong
    assert errors_for("9" * 16) == ["That number has far too many digits."]
    assert errors_for("-" + "9" * 16) == ["That number has far too many digits."]
    assert errors_for("9" * 15) == ["Ensure this value is less than or equal to 100."]


def test_empty_is_required_or_none():
    assert errors_for("") == ["This field is required."]
    assert errors_for("   ") == ["This field is required."]
    form = CountForm({"count": "1", "optional": ""})
    assert form.is_valid() and form.cleaned_data["optional"] is None


def test_messages_can_be_set_per_field():
    field = PlainIntegerField(error_messages={"invalid": "Copies must be a whole number."})
    with pytest.raises(ValidationError) as caught:
        field.clean("１")
    assert caught.value.messages == ["Copies must be a whole number."]


# --- OnOffField: a tick box that means what was sent ----------------------------------------


class TickForm(forms.Form):
    box = OnOffField()


@pytest.mark.parametrize("sent", ["on", "ON", "true", "yes", "1"])
def test_a_tick_box_is_on_only_for_the_words_that_mean_on(sent):
    form = TickForm({"box": sent})
    assert form.is_valid() and form.cleaned_data["box"] is True


@pytest.mark.parametrize("sent", ["off", "false", "no", "0", ""])
def test_a_tick_box_is_off_for_the_words_that_mean_off(sent):
    form = TickForm({"box": sent})
    assert form.is_valid() and form.cleaned_data["box"] is False


def test_a_tick_box_left_out_is_off():
    form = TickForm({})
    assert form.is_valid() and form.cleaned_data["box"] is False


@pytest.mark.parametrize("sent", ["maybe", "2", "of", "onn", "１"])
def test_a_tick_box_refuses_anything_else(sent):
    form = TickForm({"box": sent})
    assert not form.is_valid()
    assert form.errors["box"] == ["Tick the box or leave it empty (on or off)."]


def test_a_tick_box_sent_off_is_drawn_unticked():
    assert "checked" not in str(TickForm({"box": "off"})["box"])
    assert "checked" in str(TickForm({"box": "on"})["box"])
