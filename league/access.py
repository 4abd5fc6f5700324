"""The one access check of every club page and action (as healthchecks' ``_get_check_for_user``).

A visitor who is not a member of the club with at least the role asked for gets a 404,
never a hint that the club exists: the same answer as for a club that does not. A member's
page shows its times in the club's zone (league.time_zones).
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404

from league import time_zones
from league.models import Membership, Night, Player, Role, Season, Table


def club_member(request, slug: str, role: str = Role.VIEWER) -> Membership:
    """The signed-in user's membership of club ``slug`` if it includes ``role``; else Http404.
    The rest of the request shows times in the club's zone."""
    if not request.user.is_authenticated:
        raise Http404("No such club")
    membership = Membership.objects.select_related("club").filter(club__slug=slug, user=request.user).first()
    if membership is None or not membership.can(role):
        raise Http404("No such club")
    time_zones.activate(membership.club.time_zone)
    return membership


# The club's objects a member reaches, each looked up within the member's club (a night, player or
# season of another club is a 404, as a club of which the user is no member is), with the
# membership that let them in: ``night, membership = club_night(request, slug, night_id, Role.ORGANISER)``.


def club_night(
    request, slug: str, night_id: int, role: str = Role.VIEWER, *, deleted: bool = False
) -> tuple[Night, Membership]:
    """The club's live night ``night_id`` (in "Recently deleted", with ``deleted``), with its season
    and variant, for a member with ``role``."""
    membership = club_member(request, slug, role)
    nights = Night.objects.deleted() if deleted else Night.objects.live()
    night = get_object_or_404(nights.select_related("season__variant", "variant"), club=membership.club, pk=night_id)
    night.club = night.season.club = membership.club  # read with the membership already
    return night, membership


def club_player(
    request, slug: str, player_id: int, role: str = Role.VIEWER, *, deleted: bool = False
) -> tuple[Player, Membership]:
    """The club's player ``player_id`` on its roster (in "Recently deleted", with ``deleted``) for a
    member with ``role``."""
    membership = club_member(request, slug, role)
    players = Player.objects.deleted() if deleted else Player.objects.live()
    player = get_object_or_404(players, club=membership.club, pk=player_id)
    player.club = membership.club
    return player, membership


def club_season(request, slug: str, season_id: int, role: str = Role.VIEWER) -> tuple[Season, Membership]:
    """The club's season ``season_id`` (with its variant) for a member with ``role``."""
    membership = club_member(request, slug, role)
    season = get_object_or_404(Season.objects.select_related("variant"), club=membership.club, pk=season_id)
    season.club = membership.club
    return season, membership


def night_table(night: Night, table_id: int) -> Table:
    """Table ``table_id`` of ``night`` (one the member reached through ``club_night``), with its sitting."""
    table = get_object_or_404(Table.objects.select_related("sitting"), sitting__night=night, pk=table_id)
    table.sitting.night = night
    return table
