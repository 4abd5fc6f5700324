"""Forms of accounts, clubs, members and the roster: they validate and convert; services write."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from league.clubs.names import clean_name
from league.models import Club, Player, Role
from scoresheet.limits import max_length


class SignupForm(UserCreationForm):
    """Username and password, checked by the site's password validators (settings.AUTH_PASSWORD_VALIDATORS)."""

    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class ClubForm(forms.Form):
    name = forms.CharField(label="Club name", max_length=max_length(Club, "name"))

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError("Give the club a name.")
        return name


class RoleForm(forms.Form):
    role = forms.ChoiceField(label="Role", choices=Role.choices)


class PlayerForm(forms.Form):
    name = forms.CharField(label="Name", max_length=max_length(Player, "name"))
    email = forms.EmailField(label="Email (optional)", max_length=max_length(Player, "email"), required=False)
    phone = forms.CharField(label="Phone (optional)", max_length=max_length(Player, "phone"), required=False)

    def clean_name(self):
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError("Enter the player's name.")
        return name

    def clean_phone(self):
        phone = self.cleaned_data["phone"].strip()
        if phone and not any(c.isdigit() for c in phone):
            raise forms.ValidationError("A phone number has digits in it.")
        return phone


class MergeForm(forms.Form):
    """Which other player of the club is the same person as this one."""

    other = forms.ModelChoiceField(
        label="The same person as", queryset=Player.objects.none(), empty_label="Choose a player"
    )

    def __init__(self, *args, player: Player, **kwargs):
        super().__init__(*args, **kwargs)
        # Only this club's players: a player of another club is "not a valid choice".
        self.fields["other"].queryset = Player.objects.live().filter(club_id=player.club_id).exclude(pk=player.pk)
