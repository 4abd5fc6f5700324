"""Pairs kept apart ("never seat with"): two players of a club whom the night's draw never seats
at one table (PRODUCT.md, "Seating"). Shown and edited on the roster's player page by organisers;
``league.nights.selectors.kept_apart`` reads them for the draw."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from league.access import club_player
from league.clubs.names import sort_key
from league.models import KeptApart, Player, Role


def kept_apart_from(*, player: Player) -> list[Player]:
    """The players ``player`` is never seated with, by name."""
    rows = (
        KeptApart.objects.filter(first=player)
        .values_list("second_id", flat=True)
        .union(KeptApart.objects.filter(second=player).values_list("first_id", flat=True))
    )
    return sorted(Player.objects.filter(pk__in=list(rows)), key=lambda other: sort_key(other.name))


@transaction.atomic
def keep_apart(*, player: Player, other: Player) -> None:
    first, second = sorted((player, other), key=lambda p: p.pk)
    KeptApart.objects.get_or_create(club_id=player.club_id, first=first, second=second)


@transaction.atomic
def stop_keeping_apart(*, player: Player, other: Player) -> None:
    first, second = sorted((player, other), key=lambda p: p.pk)
    KeptApart.objects.filter(first=first, second=second).delete()


class KeptApartForm(forms.Form):
    other = forms.ModelChoiceField(
        label=_("Never seat with"), queryset=Player.objects.none(), empty_label=_("Choose a player")
    )

    def __init__(self, *args, player: Player, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["other"].queryset = Player.objects.live().filter(club_id=player.club_id).exclude(pk=player.pk)


@require_POST
def player_apart(request, slug, player_id):
    """Add (``other``) or take off (``remove``) a player this one is never seated with."""
    player, membership = club_player(request, slug, player_id, Role.ORGANISER)
    form = KeptApartForm(request.POST, player=player)
    if not form.is_valid():
        messages.error(request, gettext("Choose one of the club's players."))
    elif "remove" in request.POST:
        stop_keeping_apart(player=player, other=form.cleaned_data["other"])
        messages.success(
            request,
            gettext("%(player)s and %(other)s may share a table again.")
            % {"player": player.name, "other": form.cleaned_data["other"].name},
        )
    else:
        keep_apart(player=player, other=form.cleaned_data["other"])
        messages.success(
            request,
            gettext("%(player)s and %(other)s never share a table.")
            % {"player": player.name, "other": form.cleaned_data["other"].name},
        )
    return redirect("league:player-edit", slug, player.id)
