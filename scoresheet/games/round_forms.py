"""The form of one round: a column of fields per team (``TeamEntryForm``), the round's
(``RoundForm``).

Forms check types and convert to ``scoring.Entry``; whether the values can be right
for the variant is decided by ``round_problems.round_errors``, whose problems are put back
next to the field they are about.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoresheet.display import fmt, plural, said
from scoresheet.games import inputs
from scoresheet.games.formfields import OnOffField, PlainIntegerField
from scoresheet.rules import fields
from scoresheet.rules.fields import EntryField, book_word, entry_fields
from scoresheet.rules.schema import Rules
from scoresheet.scoring import engine as scoring
from scoresheet.scoring import round_problems
from scoresheet.scoring.engine import Entry
from scoresheet.scoring.entries import entry_from_values, entry_to_values

ADJUSTMENT_ROWS = 2

NEXT = {"enterkeyhint": "next"}


def count_field(field: EntryField) -> PlainIntegerField:
    messages = {
        "invalid": gettext("Enter a whole number with the digits 0–9."),
        "min_value": gettext("Cannot be negative."),
        "max_value": gettext("That is more than any game holds."),
    }
    if field.section == fields.EXTRAS and field.max_value < fields.MAX_THREES:
        messages["max_value"] = gettext("%(label)s: at most %(most)s a round.") % {
            "label": field.label,
            "most": field.max_value,
        }
    return PlainIntegerField(
        label=field.title,
        min_value=0,
        max_value=field.max_value,
        initial=0,
        required=False,
        widget=inputs.NumberInput(
            attrs={**NEXT, "inputmode": "numeric", "pattern": "[0-9]*", "min": 0, "class": "count"}
        ),
        error_messages=messages,
    )


def points_field(field: EntryField) -> PlainIntegerField:
    return PlainIntegerField(
        label=field.title,
        min_value=0,
        max_value=field.max_value,
        initial=0,
        required=False,
        widget=inputs.NumberInput(
            attrs={**NEXT, "inputmode": "numeric", "pattern": "[0-9]*", "min": 0, "step": field.step, "class": "points"}
        ),
        error_messages={
            "invalid": gettext("Enter the points as a whole number with the digits 0–9."),
            "min_value": gettext("Cannot be negative: enter the points as counted."),
            "max_value": gettext("That is more points than any hand holds."),
        },
    )


@dataclass(frozen=True)
class FieldError:
    """One error of a round's column as the page says it, and the id of the box it is about ("" for the
    column as a whole): the live check marks that box invalid and described by the message."""

    text: str
    box: str = ""

    def __str__(self) -> str:
        return self.text


class TeamEntryForm(forms.Form):
    """The fields of one team's column, exactly the variant's (prefix ``t0``, ``t1`` …).

    Each form field is built from the variant's entry fields (``fields.entry_fields``);
    who went out is chosen once for the round (``RoundForm``), not per team.
    """

    def __init__(self, *args, rules: Rules, team_name: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.team_name = team_name
        self.entry_fields = {field.form_name: field for field in entry_fields(rules) if field.key != "went_out"}
        for name, field in self.entry_fields.items():
            if field.key == "adjustments":
                continue  # a label and points per row, below
            if field.kind == fields.FLAG:  # a special hand's box says what it does to the round
                self.fields[name] = OnOffField(label=field.titled_note)
            elif field.kind == fields.POINTS:
                self.fields[name] = points_field(field)
            else:
                self.fields[name] = count_field(field)
        self.fields["count_cards"] = OnOffField(label=gettext("Count cards instead of points"))
        for i in range(1, ADJUSTMENT_ROWS + 1):
            self.fields[f"adjustment_{i}_label"] = forms.CharField(
                max_length=100,
                required=False,
                label=gettext("Adjustment"),
                widget=inputs.TextInput(attrs={**NEXT, "placeholder": gettext("What for"), "autocomplete": "off"}),
            )
            self.fields[f"adjustment_{i}_points"] = PlainIntegerField(
                required=False,
                label=gettext("Points"),
                min_value=-fields.MAX_POINTS,
                max_value=fields.MAX_POINTS,
                widget=inputs.NumberInput(
                    attrs={**NEXT, "placeholder": gettext("e.g. -100")}
                ),  # keyboard with a minus key
                error_messages={
                    "invalid": gettext("Enter whole points, e.g. -100."),
                    "max_value": gettext("At most %(most)s points in one adjustment.")
                    % {"most": fmt(fields.MAX_POINTS)},
                    "min_value": gettext("At most %(most)s points off in one adjustment.")
                    % {"most": fmt(fields.MAX_POINTS)},
                },
            )

    # groups of bound fields, for the template
    def section(self, section: str):
        return [
            self[name] for name, field in self.entry_fields.items() if field.section == section and name in self.fields
        ]

    def book_fields(self):
        return self.section(fields.BOOKS)

    def three_fields(self):
        return self.section(fields.THREES)

    def extra_fields(self):
        """The extras, each with how it is entered: ("tick", field) for what a side does once in a round
        (a special hand), ("picks", field) for a count with its one-tap picks."""
        return [
            ("tick" if self.entry_fields[f.name].kind == fields.FLAG else "picks", f)
            for f in self.section(fields.EXTRAS)
        ]

    def melded_card_fields(self):
        return self.section(fields.TABLE_CARDS)

    def hand_card_fields(self):
        return self.section(fields.HAND_CARDS)

    def adjustment_rows(self):
        return [(self[f"adjustment_{i}_label"], self[f"adjustment_{i}_points"]) for i in range(1, ADJUSTMENT_ROWS + 1)]

    def clean(self):
        data = super().clean()
        for i in range(1, ADJUSTMENT_ROWS + 1):
            label = (data.get(f"adjustment_{i}_label") or "").strip()
            points = data.get(f"adjustment_{i}_points")
            if points and not label:
                self.add_error(f"adjustment_{i}_label", gettext("Say what the adjustment is for."))
            elif label and points is None and f"adjustment_{i}_points" not in self.errors:
                self.add_error(f"adjustment_{i}_points", gettext("Enter the points for this adjustment."))
        return data

    def entry(self, *, went_out: bool) -> Entry:
        """The entered values as an Entry: every field by its key, counted cards or points."""
        data = self.cleaned_data
        values: dict = {"books": {}, "extras": {}, "went_out": went_out}
        counting = bool(data.get("count_cards"))
        if counting:
            values["melded_cards"], values["hand_cards"] = {}, {}
        for name, field in self.entry_fields.items():
            if name not in self.fields:
                continue
            if counting and field.section == fields.CARDS:
                continue  # counted cards replace the points fields
            if not counting and field.section in (fields.TABLE_CARDS, fields.HAND_CARDS):
                continue
            group, _, key = field.key.partition(".")
            value = data.get(name) or 0
            if field.special:  # a special hand is ticked, and stored as a count of 1
                value = int(bool(value))
            if key:
                if value or group in ("melded_cards", "hand_cards"):
                    values[group][key] = value
            else:
                values[group] = value
        values["adjustments"] = [
            {"label": data[f"adjustment_{i}_label"].strip(), "points": data[f"adjustment_{i}_points"]}
            for i in range(1, ADJUSTMENT_ROWS + 1)
            if (data.get(f"adjustment_{i}_label") or "").strip() and data.get(f"adjustment_{i}_points") is not None
        ]
        return entry_from_values(values)

    def is_blank(self) -> bool:
        """Nothing entered in this column: every field of the variant 0 or off (counted cards too), no adjustment."""
        values = entry_to_values(self.entry(went_out=False))
        return not any(fields.entered_value(field, values) for field in self.entry_fields.values())

    def error_texts(self) -> list[FieldError]:
        """Every error of this team's column, each with the name of its field and the id of its box."""
        texts = []
        for name, errors in self.errors.items():
            field = self.entry_fields.get(name)
            subject = field.label if field else self.fields[name].label if name in self.fields else ""
            box = self[name].auto_id if name in self.fields else ""
            texts += [FieldError(e if not subject or e.startswith(subject) else said(subject, e), box) for e in errors]
        return texts

    def field_for(self, problem: scoring.Problem) -> str | None:
        """The form field a scoring problem is about, or None for the team as a whole."""
        if problem.field == "adjustments":
            return "adjustment_1_label"
        key = f"{problem.field}.{problem.key}" if problem.key else problem.field
        name = next((name for name, field in self.entry_fields.items() if field.key == key), None)
        return name if name in self.fields else None


def initial_from_entry(values: dict) -> dict:
    """Initial data for a TeamEntryForm from stored entry values (for editing a round)."""
    entry = entry_from_values(values)
    initial = {f"book_{k}": v for k, v in entry.books.items()}
    initial.update({f"extra_{k}": v for k, v in entry.extras.items()})
    for name in ("red_threes", "red_threes_held", "melded_points", "hand_points"):
        initial[name] = getattr(entry, name)
    initial["black_threes_held"] = scoring.black_threes_held(entry)
    initial["concealed"] = entry.concealed
    if entry.melded_cards is not None or entry.hand_cards is not None:
        initial["count_cards"] = True
        initial.update({f"melded_{k}": v for k, v in (entry.melded_cards or {}).items()})
        initial.update({f"hand_{k}": v for k, v in (entry.hand_cards or {}).items() if k != "black_threes"})
    for i, adjustment in enumerate(entry.adjustments[:ADJUSTMENT_ROWS], start=1):
        initial[f"adjustment_{i}_label"] = adjustment.label
        initial[f"adjustment_{i}_points"] = adjustment.points
    return initial


class RoundForm:
    """A round: one TeamEntryForm per team, and who went out (one team at most)."""

    NOBODY = "none"
    CHOOSE_WHO_WENT_OUT = _("Choose who went out, or Nobody (the pile ran out).")

    def __init__(
        self,
        data=None,
        *,
        rules: Rules,
        teams,
        number: int,
        initial: list[dict] | None = None,
        went_out: int | str | None = None,
    ):
        """``went_out``: a saved round's team that went out, or NOBODY; None (a new round): not chosen yet."""
        self.rules = rules
        self.teams = list(teams)
        self.number = number
        self.data = data
        self.team_forms = [
            TeamEntryForm(
                data, rules=rules, team_name=team.name, prefix=f"t{i}", initial=(initial[i] if initial else None)
            )
            for i, team in enumerate(self.teams)
        ]
        self.went_out_initial = "" if went_out is None else str(went_out)
        self.errors: list[str] = []  # round-level errors
        self.went_out_error = ""
        self._went_out: int | None = None

    @property
    def going_out_title(self) -> str:
        """ "Going out +100", or "Going out (no bonus)", as the sheet labels it."""
        return fields.fields_by_key(self.rules)["went_out"].title

    @property
    def books_legend(self) -> str:
        return fields.rules_word(plural(book_word(self.rules), 2)).capitalize()

    @property
    def piles(self) -> str:
        return fields.piles_text(self.rules)

    @property
    def went_out_value(self) -> str:
        if self.data is not None:
            return self.data.get("went_out", "")
        return self.went_out_initial

    def is_valid(self, *, complete: bool = True) -> bool:
        """Can the round be saved? ``complete=False`` is the live preview of a round still being
        typed: who went out may not be chosen yet (counted as nobody), and nothing entered is fine."""
        columns_ok = all([f.is_valid() for f in self.team_forms])  # validate every team, not just up to the first
        ok = columns_ok
        raw = self.went_out_value
        teams = {str(i): i for i in range(len(self.teams))}
        if raw in teams:
            self._went_out = teams[raw]
        elif raw == self.NOBODY or (raw == "" and not complete):
            self._went_out = None
        elif raw == "" and columns_ok and self._special_hand_called():
            self._went_out = None  # a special hand ends the round at once: nobody goes out
        else:
            self.went_out_error = self.CHOOSE_WHO_WENT_OUT
            ok = False
        if columns_ok and complete and all(f.is_blank() for f in self.team_forms):
            self.errors.append(
                gettext(
                    "Nothing was entered for round %(number)s: enter what each team counted "
                    "(or Cancel to leave the round for later)."
                )
                % {"number": self.number}
            )
            ok = False
        if not ok:
            # Still check every well-formed column against the variant, so one Save names
            # every problem instead of revealing them one at a time.
            for i, team_form in enumerate(self.team_forms):
                if not team_form.errors:
                    entry = team_form.entry(went_out=(i == self._went_out))
                    self.add_problems(round_problems.entry_errors(self.rules, entry, number=self.number, team=i))
            return False
        problems = round_problems.round_errors(
            self.rules, self.entries(), number=self.number, team_count=len(self.teams)
        )
        self.add_problems(problems)
        return not problems

    def entries(self) -> list[Entry]:
        return [f.entry(went_out=(i == self._went_out)) for i, f in enumerate(self.team_forms)]

    def _special_hand_called(self) -> bool:
        """A side ticked a special hand (Acaba, the American special hands)."""
        entries = [f.entry(went_out=False) for f in self.team_forms]
        return round_problems.special_hand(self.rules, entries) is not None

    def add_problems(self, problems: list[scoring.Problem]) -> None:
        """Put each problem next to its field; round-level ones at the top."""
        for p in problems:
            if p.team is None:
                if p.field == "went_out":
                    self.went_out_error = p.message
                else:
                    self.errors.append(p.message)
                if p.field == "red_threes":
                    self._red_threes_beside_the_boxes()
                continue
            form = self.team_forms[p.team]
            if p.field == "went_out":
                self.went_out_error = said(form.team_name, p.message)
                continue
            form.add_error(form.field_for(p), p.message)

    def _red_threes_beside_the_boxes(self) -> None:
        """Too many red threes in the round: said beside each red-three box holding some too, with
        every team's count ("Us 6 + Them 5 = 11 red threes; the decks hold only 10.")."""
        held = []
        for form in self.team_forms:
            data = getattr(form, "cleaned_data", {})
            held.append((form, (data.get("red_threes") or 0) + (data.get("red_threes_held") or 0)))
        holding = [(form, n) for form, n in held if n > 0]
        words = {
            "split": " + ".join(f"{form.team_name} {n}" for form, n in holding),
            "red": sum(n for _, n in holding),
            "limit": 2 * self.rules.setup.max_decks(len(self.teams)),
        }
        message = gettext("%(split)s = %(red)s red threes; the decks hold only %(limit)s.") % words
        for form, _n in holding:
            name = next((n for n in ("red_threes", "red_threes_held") if form.cleaned_data.get(n)), None)
            if name in form.fields:
                form.add_error(name, message)

    @property
    def error_summary(self) -> list[str]:
        """Every problem of the round in one list, each with its team and field."""
        summary = list(self.errors) + ([self.went_out_error] if self.went_out_error else [])
        for team_form in self.team_forms:
            summary += [said(team_form.team_name, error.text) for error in team_form.error_texts()]
        return summary

    @property
    def has_field_errors(self) -> bool:
        return bool(self.went_out_error or any(f.errors for f in self.team_forms))

    @property
    def has_errors(self) -> bool:
        return bool(self.errors or self.went_out_error or any(f.errors for f in self.team_forms))
