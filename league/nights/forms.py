"""Forms of the night pages: they validate and convert, each message beside its field; services write."""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.clubs.names import clean_name
from league.models import Club, Player, Season, SeatingMode
from league.nights import seating
from scoresheet.games import selectors as scoresheet_selectors
from scoresheet.games.formfields import PlainIntegerField
from scoresheet.models import Variant
from scoresheet.paper.printing import short_date


def season_for(club: Club, day) -> Season | None:
    """The club's season whose dates contain ``day`` (the latest to start if several do)."""
    going_on = Q(end__gte=day) | Q(end__isnull=True)
    return Season.objects.filter(going_on, club=club, start__lte=day).order_by("-start").first()


class NightForm(forms.Form):
    date = forms.DateField(
        label=_("Date"),
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"required": _("Give the night's date."), "invalid": _("Enter a date, like 2026-11-24.")},
    )
    season = forms.ModelChoiceField(
        label=_("Season"),
        queryset=Season.objects.none(),
        empty_label=None,
        error_messages={
            "required": _("Choose the season the night counts for."),
            "invalid_choice": _("Choose one of the club's seasons."),
        },
    )
    variant = forms.ModelChoiceField(
        label=_("Rules played"),
        queryset=Variant.objects.none(),
        required=False,
        empty_label=_("The season's rules"),
        error_messages={"invalid_choice": _("Choose one of the rules in the list.")},
    )
    mode = forms.ChoiceField(
        label=_("Seating"),
        choices=SeatingMode.choices,
        initial=SeatingMode.ROTATING,
        error_messages={"invalid_choice": _("Choose one of the ways of seating in the list.")},
    )
    sittings_planned = PlainIntegerField(
        label=_("Sittings planned"),
        min_value=1,
        max_value=20,
        initial=3,
        help_text=(
            _(
                "How many games everyone plays tonight: a sitting is one game at every table (1 to "
                "20). You can close the night earlier or later."
            )
        ),
        error_messages={
            "required": _("Say how many sittings are planned (1 to 20)."),
            "invalid": _("Enter a whole number from 1 to 20."),
            "min_value": _("Plan at least 1 sitting."),
            "max_value": _("Plan at most 20 sittings."),
        },
    )

    table_shapes = forms.CharField(
        label=_("Tables allowed"),
        required=False,
        max_length=60,
        help_text=(
            _(
                "Blank: tables of partners only (2 teams of 2, and 3 teams of 2 where the rules "
                "allow), the rest sit out in turn. Write the tables as teams x players, like "
                "2x2,3x2; 3x1 lets three play on their own; all allows every table the rules have."
            )
        ),
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["season"].queryset = Season.objects.filter(club=club).select_related("variant")
        # The presets and this club's house rules only: another club's rules are "not in the list".
        ids = [variant.pk for variant in scoresheet_selectors.variants_for_club(club)]
        self.fields["variant"].queryset = Variant.objects.filter(pk__in=ids).order_by("club_id", "position", "name")
        if not self.is_bound:
            today = timezone.localdate()
            self.initial.setdefault("date", today)
            season = season_for(club, today)
            if season is not None:
                self.initial.setdefault("season", season.pk)

    def clean(self):
        cleaned = super().clean()
        day, season = cleaned.get("date"), cleaned.get("season")
        if day and season and not season.contains(day):
            if season.end is None:
                message = gettext("%(season)s starts on %(start)s: choose a date from then on, or another season.")
            else:
                message = gettext(
                    "%(season)s runs from %(start)s to %(end)s: choose a date inside it, or another season "
                    "(or give the season a later last day)."
                )
            self.add_error(
                "date",
                message
                % {
                    "season": season.name,
                    "start": short_date(season.start),
                    "end": season.end and short_date(season.end),
                },
            )
        if season and not cleaned.get("variant") and "variant" not in self.errors:
            cleaned["variant"] = season.variant  # "the season's rules"
        check_table_shapes(self, cleaned.get("variant"))
        return cleaned


def check_table_shapes(form: forms.Form, variant) -> None:
    """The form's ``table_shapes`` written as the seating reads it, and tables ``variant`` has;
    else a message beside the box ("2x3 is not a table of this variant")."""
    text = form.cleaned_data.get("table_shapes")
    if variant is None or not text:
        return
    try:
        seating.parse_shapes(text, seating.table_shapes(variant.rules))
    except ValueError as error:
        form.add_error("table_shapes", f"{str(error)[0].upper()}{str(error)[1:]}.")


class SwapForm(forms.Form):
    """Two places of a sitting to swap: seats ("seat:<id>") or players sitting out ("bye:<player id>")."""

    first = forms.ChoiceField(label=_("Swap"), error_messages={"invalid_choice": _("Choose a place in this sitting.")})
    second = forms.ChoiceField(label=_("with"), error_messages={"invalid_choice": _("Choose a place in this sitting.")})

    def __init__(self, *args, places: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", gettext("Choose a player")), *places]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices
        self.fields["first"].error_messages["required"] = "Choose the first player to swap."
        self.fields["second"].error_messages["required"] = "Choose who they swap with."

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("first") and cleaned.get("first") == cleaned.get("second"):
            self.add_error("second", _("Choose two different players."))
        return cleaned


class SubstituteForm(forms.Form):
    """Someone takes over a seat (a player who left mid-game): a player of the roster who is not at
    a table of this sitting (those here tonight first), or a new player named here."""

    seat = forms.ChoiceField(
        label=_("Who left"),
        error_messages={
            "required": _("Choose who left the table."),
            "invalid_choice": _("Choose a seat of this sitting."),
        },
    )
    player = forms.TypedChoiceField(
        label=_("Who takes their seat"),
        required=False,
        coerce=int,
        empty_value=None,
        error_messages={"invalid_choice": _("Choose a player on the roster who is not at a table in this game.")},
    )
    new_name = forms.CharField(
        label=_("Or a new player's name"),
        required=False,
        max_length=Player._meta.get_field("name").max_length,
        help_text=_("Added to the roster and checked in from this sitting."),
    )

    def __init__(self, *args, seats: list[tuple[str, str]], players, present: set[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [("", gettext("Choose a player")), *seats]
        self.players = {player.pk: player for player in players}
        here = [(pk, p.name) for pk, p in self.players.items() if pk in present]
        others = [(pk, p.name) for pk, p in self.players.items() if pk not in present]
        groups = [(label, names) for label, names in (("Here tonight", here), ("On the roster", others)) if names]
        self.fields["player"].choices = [("", gettext("Choose a player")), *groups]
        if not self.players:
            self.fields["player"].help_text = "Everyone on the roster is at a table: name a new player below."

    def clean(self):
        cleaned = super().clean()
        chosen, name = cleaned.get("player"), clean_name(cleaned.get("new_name", ""))
        if chosen is not None and name:
            self.add_error("new_name", _("Choose a player or name a new one, not both."))
        elif chosen is None and not name and "player" not in self.errors:
            self.add_error("player", _("Choose who takes the seat, or name a new player."))
        cleaned["player"] = self.players.get(chosen) if chosen is not None else None
        cleaned["new_name"] = name
        return cleaned
