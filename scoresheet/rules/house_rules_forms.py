"""The boxes of the house-rules editor: the form fields that read what a club types (lists of
numbers, "players: number" pairs, book kinds and their counts) and the forms of a list's rows.
``house_rules`` puts them together from its table of rules fields."""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoresheet.games.formfields import PlainIntegerField

NUMBER = {"inputmode": "numeric"}


def number(label, help_text="", **kwargs):
    return PlainIntegerField(
        label=label, required=False, help_text=help_text, widget=forms.TextInput(attrs=NUMBER), **kwargs
    )


class NumberListField(forms.CharField):
    """ "2, 3" → [2, 3]."""

    def to_python(self, value):
        text = super().to_python(value).strip()
        if not text:
            return []
        parts = [p.strip() for p in text.split(",")]
        if not all(re.fullmatch(r"[0-9]{1,9}", p) for p in parts):  # int() refuses 4,300 digits and more
            raise ValidationError(_("Write whole numbers separated by commas, such as 2, 3."))
        return [int(p) for p in parts]


class NumberMapField(forms.CharField):
    """ "2: 3, 3: 4" → {"2": 3, "3": 4}: a number of players (or a round) → a number."""

    def to_python(self, value):
        text = super().to_python(value).strip()
        mapping = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            match = re.fullmatch(r"([0-9]{1,9})\s*:\s*([0-9]{1,9})", part)
            if not match:
                raise ValidationError(_("Write pairs such as 2: 3, 4: 6 (before the colon, then its number)."))
            mapping[match[1]] = int(match[2])
        return mapping


class NamedCountsField(forms.CharField):
    """ "Red canasta: 3, Black canasta: 4" → [("Red canasta", 3), ("Black canasta", 4)]: a book kind
    (its name as the page shows it, or its key) → a number; the editor finds each kind."""

    def to_python(self, value):
        text = super().to_python(value).strip()
        pairs = []
        for part in filter(None, (p.strip() for p in text.split(","))):
            match = re.fullmatch(r"([^:]+?)\s*:\s*([0-9]{1,9})", part)  # a book count, not a 5,000-digit number
            if not match:
                raise ValidationError(_("Write each book kind and its number, such as Clean book: 1, Dirty book: 2."))
            pairs.append((match[1], int(match[2])))
        return pairs


def map_text(mapping: dict) -> str:
    return ", ".join(f"{k}: {v}" for k, v in (mapping or {}).items())


def requirement_value(text: str):
    """An opening-meld requirement: a number of points, or a short text ("a natural canasta")."""
    text = (text or "").strip()
    return int(text) if re.fullmatch(r"[0-9]+", text) else text


class KindForm(forms.Form):
    key = forms.CharField(required=False, widget=forms.HiddenInput)
    label = forms.CharField(label=_("Label"), max_length=60, required=False)
    bonus = number(_("Bonus"))
    cards = forms.ChoiceField(
        label=_("Cards"),
        choices=[
            ("natural", _("Natural (no wild cards)")),
            ("mixed", _("Mixed (with wild cards)")),
            ("wild", _("Wild only")),
        ],
        required=False,
    )
    required_to_go_out = number(_("Needed to go out"))
    required_by_round = NumberMapField(
        label=_("Needed by round (optional)"), required=False, help_text=_("Such as 1: 3 (round: books).")
    )


class ExtraForm(forms.Form):
    key = forms.CharField(required=False, widget=forms.HiddenInput)
    label = forms.CharField(label=_("Label"), max_length=60, required=False)
    amount = number(_("Points (minus for a penalty)"), _("Empty for a special hand."))
    max_per_round = number(_("At most a round"), _("Empty: no limit."))
    note = forms.CharField(label=_("Note"), max_length=200, required=False)
    # A special hand (Acaba, the American special hands): the round scores these and nothing else.
    replaces_caller = number(
        _("Replaces the round: the caller scores"),
        _("For a special hand, called once a round. Leave both of these empty for an ordinary extra."),
    )
    replaces_others = number(_("Replaces the round: every other side scores"), _("Empty: 0."))


class SetBonusForm(forms.Form):
    min_count = number(_("Red threes, at least"))
    bonus = number(_("Bonus"))


class MeldRoundForm(forms.Form):
    requirement = forms.CharField(label=_("Opening meld"), max_length=60, required=False)


class MeldBandForm(forms.Form):
    low = number(_("From score"), _("Empty: no lower bound."))
    high = number(_("Up to (not included)"), _("Empty: no upper bound."))
    requirement = forms.CharField(label=_("Opening meld"), max_length=60, required=False)


class PileForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=20, required=False)
    cards = number(_("Cards"))


class TableForm(forms.Form):
    """Going out at some tables only (3 red and 4 black canastas with partners, 1 and 2 without)."""

    players = NumberListField(
        label=_("Players at the table"), required=False, help_text=_("Such as 4, 6. Empty: any number.")
    )
    partners = forms.ChoiceField(
        label=_("Partners"),
        choices=[("", _("With or without")), ("yes", _("With partners")), ("no", _("Everyone on their own"))],
        required=False,
    )
    books = NamedCountsField(
        label=_("Books needed of each kind"),
        required=False,
        help_text=_("Such as Clean book: 1, Dirty book: 2 (the book kinds' names above)."),
    )
    any_books = number(_("Books of any kind needed"), _("Empty: none."))
