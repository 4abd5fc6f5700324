"""The season form: it validates and converts, with each message beside its field; services write."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.models import Club, EarlyGames, Ranking, Season
from league.nights.forms import check_table_shapes
from scoresheet.games import selectors as scoresheet_selectors
from scoresheet.games.formfields import PlainIntegerField
from scoresheet.games.limits import max_length
from scoresheet.models import Variant


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=max_length(Season, "name"))
    start = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(
        label=_("Last day"),
        required=False,
        help_text=_("Leave empty while the season goes on: every later night then falls in it."),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    variant = forms.ModelChoiceField(label=_("Rules played"), queryset=Variant.objects.none(), empty_label=None)
    ranking = forms.ChoiceField(label=_("Ranked by"), choices=Ranking.choices, initial=Ranking.VP)
    min_nights = PlainIntegerField(
        label=_("Nights to be ranked"),
        min_value=0,
        initial=0,
        help_text=_("Players with fewer nights are listed after the ranked ones, without a rank."),
    )
    best_nights = PlainIntegerField(
        label=_("Best nights that count (optional)"),
        min_value=1,
        required=False,
        help_text=_("Leave empty for every night to count."),
    )
    blowout_margin = PlainIntegerField(
        label=_("VP blowout margin (optional)"),
        min_value=1,
        required=False,
        help_text=_(
            "A win by this many points or more is a full 20–0 in VP. Leave empty for the usual "
            "margin of the rules: 5,000 for Hand and Foot, 10,000 for Hand Knee and Foot, 2,500 for "
            "Canasta."
        ),
    )
    early_games = forms.ChoiceField(
        label=_("A game finished early"),
        choices=EarlyGames.choices,
        initial=EarlyGames.PLAYED,
        required=False,  # not sent (a form from before the setting): as played, as before
        help_text=_(
            "A game finished before its last round (2 rounds of 4, say) is marked on every page. "
            "Scaled up, its totals count as if the missing rounds had gone on the same way: 2 of 4 "
            "rounds, totals × 2."
        ),
    )

    table_shapes = forms.CharField(
        label=_("Tables a night allows"),
        required=False,
        max_length=max_length(Season, "table_shapes"),
        help_text=(
            _(
                "What a night whose own box is left blank allows. Blank: tables of partners only, "
                "the rest sit out in turn. Write the tables as teams x players, like 2x2,3x2; 3x1 "
                "lets three play on their own; all allows every table the rules have."
            )
        ),
    )

    def __init__(self, *args, club: Club, season: Season | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.season = season
        # The presets and this club's house rules only: another club's variant is "not a valid choice".
        ids = [variant.pk for variant in scoresheet_selectors.variants_for_club(club)]
        self.fields["variant"].queryset = Variant.objects.filter(pk__in=ids).order_by("club_id", "position", "name")

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Give the season a name."))
        others = Season.objects.filter(club=self.club, name__iexact=name)
        if self.season is not None:
            others = others.exclude(pk=self.season.pk)
        if others.exists():
            raise forms.ValidationError(_("The club already has a season of this name."))
        return name

    def clean_early_games(self):
        return self.cleaned_data["early_games"] or EarlyGames.PLAYED

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("start"), cleaned.get("end")
        if start and end and end < start:
            self.add_error("end", _("The last day cannot be before the first day."))
        check_table_shapes(self, cleaned.get("variant"))
        return cleaned
