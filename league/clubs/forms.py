"""Forms of accounts, clubs, members and the roster: they validate and convert; services write."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from league.clubs import services
from league.clubs.names import clean_name
from league.models import Club, Player, Role
from league.time_zones import validate_time_zone
from scoresheet.games.limits import max_length

EMAIL_WHY = _("Optional: only to send you a link to choose a new password if you forget yours.")


def email_field() -> forms.EmailField:
    return forms.EmailField(
        label=_("Email (optional)"), max_length=max_length(User, "email"), required=False, help_text=EMAIL_WHY
    )


def checked_email(email: str, *, user: User | None = None) -> str:
    """The address, refused when another account than ``user`` has it: a reset link goes to the
    one account of its address."""
    email = email.strip()
    if email and services.email_taken(email, by=user):
        raise forms.ValidationError(services.EMAIL_TAKEN)
    return email


class SignupForm(UserCreationForm):
    """Username, an optional email (for a forgotten password) and the password, checked by the
    site's password validators (settings.AUTH_PASSWORD_VALIDATORS)."""

    email = email_field()

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def clean_email(self):
        return checked_email(self.cleaned_data["email"])


class EmailForm(forms.Form):
    """An account's email address (optional), changed on the account page."""

    email = email_field()

    def __init__(self, *args, user: User, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self):
        return checked_email(self.cleaned_data["email"], user=self.user)


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=max_length(Club, "name"))

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Give the club a name."))
        return name


class ClubNewForm(ClubForm):
    """A new club: its name and its language, offered as the organiser's (the page's)."""

    language = forms.ChoiceField(
        label=_("Language"),
        choices=settings.LANGUAGES,
        required=False,  # left out: the organiser's
        help_text=_("The language of the sheets, packs and emails the club prints and sends for its players."),
    )


class ClubSettingsForm(ClubForm):
    """The club's name and its time zone, a zone name typed or chosen from the page's list
    (``time-zones``, league.time_zones.listed_zones)."""

    time_zone = forms.CharField(
        label=_("Time zone"),
        max_length=max_length(Club, "time_zone"),
        validators=[validate_time_zone],
        widget=forms.TextInput(attrs={"list": "time-zones", "autocomplete": "off", "spellcheck": "false"}),
        help_text=_(
            "The club's pages and its games show every time in it. Type a city to find it, as "
            "America/New_York or Europe/London."
        ),
    )
    language = forms.ChoiceField(
        label=_("Language"),
        choices=settings.LANGUAGES,
        required=False,  # left out, the club keeps its language
        help_text=_("The language of the sheets, packs and emails the club prints and sends for its players."),
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=max_length(Player, "name"))
    email = forms.EmailField(label=_("Email (optional)"), max_length=max_length(Player, "email"), required=False)
    phone = forms.CharField(label=_("Phone (optional)"), max_length=max_length(Player, "phone"), required=False)

    def clean_name(self):
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Enter the player's name."))
        return name

    def clean_phone(self):
        phone = self.cleaned_data["phone"].strip()
        if phone and not any(c.isdigit() for c in phone):
            raise forms.ValidationError(_("A phone number has digits in it."))
        return phone


class RosterPlayerForm(PlayerForm):
    """A player's entry on the roster, with whether they get their results by email after each night
    (off once they tapped "no more emails"; the organiser may turn it back on when they ask)."""

    results_email = forms.BooleanField(
        label=_("Email their results after each night"),
        required=False,
        help_text=_("Sent to the address above when a night they played closes."),
    )


class MergeForm(forms.Form):
    """Which other player of the club is the same person as this one."""

    other = forms.ModelChoiceField(
        label=_("The same person as"), queryset=Player.objects.none(), empty_label=_("Choose a player")
    )

    def __init__(self, *args, player: Player, **kwargs):
        super().__init__(*args, **kwargs)
        # Only this club's players: a player of another club is "not a valid choice".
        self.fields["other"].queryset = Player.objects.live().filter(club_id=player.club_id).exclude(pk=player.pk)
