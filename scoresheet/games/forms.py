"""Forms: find a game, start one, print a sheet. One round's form (a column of fields per team)
is in ``round_forms.py``.
"""

from __future__ import annotations

from django import forms
from django.db.models import Case, IntegerField, Value, When
from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoresheet.display import elided
from scoresheet.games import selectors
from scoresheet.games.formfields import OnOffField, PlainIntegerField
from scoresheet.games.limits import max_length
from scoresheet.games.services import TeamData, table_seats
from scoresheet.models import Game, Team, Variant
from scoresheet.rules.preset_rules import name_shown
from scoresheet.rules.schema import MAX_TEAMS, MIN_TEAMS, RulesError

NAME_MAX = max_length(Team, "name")
PLAYERS_MAX = max_length(Team, "players")


# --- find a game --------------------------------------------------------------------------

SEARCH_MAX = 100


class GamesFilterForm(forms.Form):
    """The home page's search box and filter (GET): what is wrong is said beside it, and ignored."""

    q = forms.CharField(
        max_length=SEARCH_MAX,
        required=False,
        label=_("Search games"),
        error_messages={
            "max_length": format_lazy(_("Search: at most {max} characters (this has %(show_value)d)."), max=SEARCH_MAX)
        },
        widget=forms.TextInput(
            attrs={
                "type": "search",
                "placeholder": _("Team or player"),
                "autocomplete": "off",
                "enterkeyhint": "search",
            }
        ),
    )
    status = forms.ChoiceField(
        choices=[("", pgettext_lazy("games", "All")), *Game.Status.choices],
        required=False,
        error_messages={"invalid_choice": _("Show: choose all, in progress or finished.")},
    )

    def filters(self) -> dict:
        """``query`` and ``status`` for ``selectors.games_page``; a field in error is left out."""
        self.is_valid()  # cleaned_data then holds the fields that are right
        data = self.cleaned_data
        return {"query": (data.get("q") or "").strip(), "status": data.get("status") or ""}


# --- start a game -------------------------------------------------------------------------


class VariantRadios(forms.RadioSelect):
    """The variant picker: each card is the label of its radio, but the radio is named by the
    variant's name alone and described by the rest of the card (its summary and numbers)."""

    def create_option(self, *args, **kwargs):
        option = super().create_option(*args, **kwargs)
        option_id = option["attrs"]["id"]
        option["attrs"].update({"aria-labelledby": f"{option_id}-name", "aria-describedby": f"{option_id}-about"})
        return option


def _variants_queryset(variants):
    """A queryset of ``variants`` (a list keeps its order: presets first, then house rules)."""
    if variants is None:
        return Variant.objects.filter(club__isnull=True).order_by("position", "name")
    if not isinstance(variants, (list, tuple)):
        return variants
    pks = [v.pk for v in variants]
    order = Case(*(When(pk=pk, then=Value(i)) for i, pk in enumerate(pks)), output_field=IntegerField())
    return Variant.objects.filter(pk__in=pks).order_by(order)


def side_count_field(label: str, invalid: str) -> forms.TypedChoiceField:
    """How many teams (or players on their own) sit at the table: 2 to 4."""
    return forms.TypedChoiceField(
        choices=[(n, str(n)) for n in range(MIN_TEAMS, MAX_TEAMS + 1)],
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
        label=label,
        error_messages={"invalid_choice": invalid},
    )


class GameStartForm(forms.Form):
    variant = forms.ModelChoiceField(
        queryset=Variant.objects.filter(club__isnull=True).order_by("position", "name"),
        empty_label=None,
        widget=VariantRadios,
        error_messages={"invalid_choice": _("Choose one of the variants listed."), "required": _("Choose a variant.")},
    )
    mode = forms.ChoiceField(
        choices=Game.Mode.choices, initial=Game.Mode.TEAMS, widget=forms.RadioSelect, label=_("Play as")
    )
    team_count = side_count_field(
        _("How many"), format_lazy(_("Choose {least} to {most}."), least=MIN_TEAMS, most=MAX_TEAMS)
    )
    name = forms.CharField(
        max_length=max_length(Game, "name"),
        required=False,
        label=_("Game name (optional)"),
        widget=forms.TextInput(attrs={"placeholder": _("Tuesday at Ann's")}),
    )

    first_dealer = PlainIntegerField(
        required=False,
        min_value=0,
        label=_("Who deals first? (optional)"),
        widget=forms.Select,
        error_messages={
            "invalid": _("Choose who deals first from the list."),
            "min_value": _("Choose who deals first from the list."),
        },
    )

    def __init__(self, *args, variants=None, **kwargs):
        """``variants``: the variants to offer (a queryset or list); the presets alone by default, so
        the casual start page never lists a club's house rules (a club's page passes ``variants_for_club``)."""
        super().__init__(*args, **kwargs)
        self.fields["variant"].queryset = _variants_queryset(variants)
        for i in range(1, MAX_TEAMS + 1):
            self.fields[f"team_{i}"] = forms.CharField(
                max_length=NAME_MAX,
                required=False,
                label=gettext("Team %(n)s") % {"n": i},
                error_messages={"max_length": name_too_long()},
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "list": "team-names", "placeholder": default_name(i, "teams")}
                ),
            )
            self.fields[f"players_{i}"] = forms.CharField(
                max_length=PLAYERS_MAX,
                required=False,
                label=gettext("Players in team %(n)s (optional)") % {"n": i},
                error_messages={
                    "max_length": gettext("At most {max} characters (this has %(show_value)d).").format(max=PLAYERS_MAX)
                },
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "list": "player-names", "placeholder": gettext("Ann & Bob")}
                ),
            )
        self.fields["first_dealer"].widget.choices = self.dealer_choices()

    def dealer_choices(self) -> list[tuple[str, str]]:
        """The seats as typed so far, in the order the deal goes round (static/js/dealer.js keeps them
        up to date as names are typed)."""
        mode = self.data.get("mode") if self.is_bound else Game.Mode.TEAMS
        count = self.data.get("team_count") if self.is_bound else "2"
        count = int(count) if count in [str(n) for n in range(MIN_TEAMS, MAX_TEAMS + 1)] else MIN_TEAMS
        teams = [
            TeamData(
                name=(self.data.get(f"team_{i}") or "").strip() or default_name(i, mode),
                players=self.data.get(f"players_{i}") or "",
            )
            for i in range(1, count + 1)
        ]
        seats = table_seats(mode, teams)
        return [("", gettext("Not chosen")), *((str(i), seat.label) for i, seat in enumerate(seats))]

    def add_problems(self, problems) -> None:
        """Put what ``services.game_create`` refused beside its box: a team's name or players, or the game's own."""
        for problem in problems:
            if problem.team is not None:
                box = f"{'team' if problem.field == 'name' else 'players'}_{problem.team + 1}"
            else:
                box = problem.field if problem.field in self.fields else None
            self.add_error(box, problem.message)

    def name_fields(self):
        """(name field, players field) per team slot, for the template."""
        return [(self[f"team_{i}"], self[f"players_{i}"]) for i in range(1, MAX_TEAMS + 1)]

    def clean(self):
        data = super().clean()
        variant, mode, count = data.get("variant"), data.get("mode"), data.get("team_count")
        if variant is None or mode is None or count is None:
            return data
        try:
            rules = variant.rules
        except RulesError as exc:
            self.add_error(
                "variant",
                elided(
                    gettext("The rules of %(name)s are broken (%(problem)s); choose another variant.")
                    % {"name": variant, "problem": exc},
                    str(variant),
                ),
            )
            return data
        allowed = rules.setup.team_counts if mode == Game.Mode.TEAMS else rules.setup.individual_counts
        if not allowed:
            only = (
                gettext("%(name)s is played by individual players only.")
                if mode == Game.Mode.TEAMS
                else gettext("%(name)s is played by teams only.")
            )
            self.add_error("mode", only % {"name": name_shown(rules.name)})
            return data
        if count not in allowed:
            counts = gettext(" or ").join(map(str, allowed))
            played_by = (
                gettext("%(name)s is played by %(counts)s teams.")
                if mode == Game.Mode.TEAMS
                else gettext("%(name)s is played by %(counts)s players.")
            )
            self.add_error("team_count", played_by % {"name": name_shown(rules.name), "counts": counts})
            return data
        names = []
        for i in range(1, count + 1):
            typed = (data.get(f"team_{i}") or "").strip()
            name = typed or default_name(i, mode)
            if name.casefold() in (n.casefold() for n in names):
                self.add_error(
                    f"team_{i}",
                    (
                        gettext("“%(name)s” is already the name of another team.")
                        if typed
                        else gettext("This one would be called “%(name)s”, which another team already is: name it.")
                    )
                    % {"name": name},
                )
            names.append(name)
        data["teams"] = [TeamData(name=n, players=data.get(f"players_{i}") or "") for i, n in enumerate(names, start=1)]
        first = data.get("first_dealer")
        if first is not None and first >= len(table_seats(mode, data["teams"])):
            self.add_error("first_dealer", gettext("Choose who deals first again: the teams or players have changed."))
        return data


def default_name(i: int, mode: str) -> str:
    if mode == Game.Mode.INDIVIDUALS:
        return gettext("Player %(n)s") % {"n": i}
    return {1: gettext("Us"), 2: gettext("Them")}.get(i) or gettext("Team %(n)s") % {"n": i}


def name_too_long() -> str:
    return gettext("A name can be at most {max} characters (this one has %(show_value)d).").format(max=NAME_MAX)


# --- printing -----------------------------------------------------------------------------


class PrintSheetForm(forms.Form):
    """What to print: used by the "Print sheets" page and by ``manage.py blank_sheet``."""

    variant = forms.ChoiceField(label=_("Rules"), error_messages={"invalid_choice": _("Unknown variant “%(value)s”.")})
    teams = side_count_field(
        _("Teams or players"),
        format_lazy(_("Choose {least} to {most} teams, not %(value)s."), least=MIN_TEAMS, most=MAX_TEAMS),
    )
    paper = forms.ChoiceField(
        choices=[("letter", _("Letter")), ("a4", _("A4"))],
        initial="letter",
        widget=forms.RadioSelect,
        label=_("Paper"),
        error_messages={"invalid_choice": _("Paper is letter or a4, not “%(value)s”.")},
    )
    large_print = OnOffField(label=_("Large print (bigger type, fewer rounds a page)"))
    copies = PlainIntegerField(
        min_value=1,
        max_value=50,
        initial=1,
        label=_("Copies"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 1, "max": 50}),
        error_messages={
            "invalid": _("Copies must be a whole number."),
            "min_value": _("At least 1 copy."),
            "max_value": _("At most 50 copies at a time."),
        },
    )
    rules_card = forms.ChoiceField(
        choices=[
            ("same", _("Below the sheet")),
            ("back", _("On the back (a second page)")),
            ("none", _("Leave it out")),
        ],
        initial="same",
        widget=forms.RadioSelect,
        label=_("Rules card"),
        error_messages={"invalid_choice": _("Choose same, back or none, not “%(value)s”.")},
    )
    date = forms.CharField(max_length=40, required=False, label=_("Date (optional)"))
    table = forms.CharField(max_length=20, required=False, label=_("Table (optional)"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # the preset files when there is no database yet, so `manage.py blank_sheet` works on a fresh clone
        self.fields["variant"].choices = [(v.slug, name_shown(v.name)) for v in selectors.variant_choices()]
        for i in range(1, MAX_TEAMS + 1):
            self.fields[f"name_{i}"] = forms.CharField(
                max_length=NAME_MAX,
                required=False,
                label=gettext("Name %(n)s (optional)") % {"n": i},
                error_messages={"max_length": name_too_long()},
            )

    def name_fields(self):
        return [self[f"name_{i}"] for i in range(1, MAX_TEAMS + 1)]

    def clean(self):
        data = super().clean()
        slug, teams = data.get("variant"), data.get("teams")
        if slug and teams:
            try:
                rules = selectors.rules_for_slug(slug)
            except RulesError as exc:
                self.add_error(
                    "variant",
                    gettext("These rules are broken (%(problem)s); choose another variant.") % {"problem": exc},
                )
                return data
            if teams not in rules.side_counts():
                counts = gettext(" or ").join(map(str, rules.side_counts()))
                self.add_error(
                    "teams",
                    gettext("%(name)s is played by %(counts)s teams or players.")
                    % {"name": name_shown(rules.name), "counts": counts},
                )
            extra = [i for i in range(teams + 1, MAX_TEAMS + 1) if data.get(f"name_{i}")]
            if extra:
                self.add_error(
                    f"name_{extra[0]}", gettext("There are only %(n)s teams: leave this name empty.") % {"n": teams}
                )
            data["rules"] = rules  # the Rules object; where its card prints is "rules_card"
            data["names"] = [(data.get(f"name_{i}") or "").strip() for i in range(1, teams + 1)]
        return data
