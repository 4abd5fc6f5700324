"""Form fields shared by the web forms and the commands."""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import ValidationError

from scoresheet.games.inputs import InputInPython

PLAIN_INTEGER = re.compile(r"-?[0-9]+")  # [0-9] is ASCII only, unlike \d
MAX_DIGITS = 15  # no count or score comes near: more digits is a slip, and is not read as a number at all


class PlainIntegerField(forms.IntegerField):
    """A whole number written with the digits 0–9 and an optional minus sign, nothing else.

    Django's IntegerField takes any Unicode digit (``１２``, ``𝟓``, ``١٢٣``), a ``+`` and
    ``5.0``: a typing slip on a phone keyboard or a pasted oddity would be read as a number
    the player did not mean. Spaces around the number are fine.
    """

    default_error_messages = {
        "invalid": "Enter a whole number with the digits 0–9.",
        "too_long": "That number has far too many digits.",
    }

    def to_python(self, value):
        if isinstance(value, int) and not isinstance(value, bool):  # from Python, e.g. call_command(copies=3)
            return value
        text = "" if value in self.empty_values else str(value).strip()
        if not text:  # spaces alone are an empty box
            return None
        if not PLAIN_INTEGER.fullmatch(text):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        if len(text.lstrip("-")) > MAX_DIGITS:
            raise ValidationError(self.error_messages["too_long"], code="too_long")
        return int(text)


class OnOffCheckbox(InputInPython, forms.CheckboxInput):
    """A checkbox that hands the field what was sent, so that the field can refuse nonsense.

    Django's CheckboxInput turns any value but "false" into True, so "off" or "no" would
    tick the box. Written out in Python (scoresheet.games.inputs), as Django's template would.
    """

    def __init__(self, attrs=None):
        super().__init__(attrs, check_test=lambda value: value is True or str(value).strip().lower() in OnOffField.ON)

    def value_from_datadict(self, data, files, name):
        return data.get(name, "")


class OnOffField(forms.BooleanField):
    """A tick box that is on only for "on", "true", "yes" or "1", off when absent or for
    "off", "false", "no" or "0", and refuses anything else."""

    widget = OnOffCheckbox
    ON, OFF = ("on", "true", "yes", "1"), ("", "off", "false", "no", "0")
    default_error_messages = {"invalid": "Tick the box or leave it empty (on or off)."}

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value):
        if isinstance(value, bool):  # from Python, or the form's initial value
            return value
        text = str(value).strip().lower() if value is not None else ""
        if text in self.ON:
            return True
        if text in self.OFF:
            return False
        raise ValidationError(self.error_messages["invalid"], code="invalid")
