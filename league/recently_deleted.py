"""Deleting and restoring a club's nights and players (organisers): a deleted one leaves the
lists, its pages and the standings, and waits in the club's "Recently deleted" to be restored.
Addresses under clubs/<slug>/ (included from league.urls' ``club_patterns``)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from league.access import club_member, club_night, club_player
from league.clubs import services
from league.models import Night, Player, Role
from league.nights import services as night_services


def recently_deleted(request, slug):
    membership = club_member(request, slug, Role.ORGANISER)
    club = membership.club
    context = {
        "club": club,
        "nights": Night.objects.deleted().filter(club=club).select_related("season"),
        "players": Player.objects.deleted().filter(club=club),
    }
    return render(request, "league/recently_deleted.html", context)


@require_POST
def night_delete(request, slug, night_id):
    night = club_night(request, slug, night_id, Role.ORGANISER)[0]
    night_services.night_delete(night=night)
    messages.success(
        request,
        gettext("The night of %(date)s is deleted: restore it from Recently deleted.")
        % {"date": date_format(night.date, "j F Y")},
    )
    return redirect("league:night-list", slug)


@require_POST
def night_restore(request, slug, night_id):
    night = club_night(request, slug, night_id, Role.ORGANISER, deleted=True)[0]
    night_services.night_restore(night=night)
    messages.success(request, gettext("The night of %(date)s is back.") % {"date": date_format(night.date, "j F Y")})
    return redirect("league:night-detail", slug, night.pk)


@require_POST
def player_delete(request, slug, player_id):
    player = club_player(request, slug, player_id, Role.ORGANISER)[0]
    services.player_delete(player=player)
    messages.success(
        request, gettext("%(player)s is off the roster: restore them from Recently deleted.") % {"player": player.name}
    )
    return redirect("league:player-list", slug)


@require_POST
def player_restore(request, slug, player_id):
    player = club_player(request, slug, player_id, Role.ORGANISER, deleted=True)[0]
    services.player_restore(player=player)
    messages.success(request, gettext("%(player)s is back on the roster.") % {"player": player.name})
    return redirect("league:player-list", slug)


history_patterns = [
    path("deleted/", recently_deleted, name="recently-deleted"),
    path("nights/<int:night_id>/delete/", night_delete, name="night-delete"),
    path("nights/<int:night_id>/restore/", night_restore, name="night-restore"),
    path("players/<int:player_id>/delete/", player_delete, name="player-delete"),
    path("players/<int:player_id>/restore/", player_restore, name="player-restore"),
]
