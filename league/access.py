"""The one access check of every club page and action (as healthchecks' ``_get_check_for_user``).

A visitor who is not a member of the club with at least the role asked for gets a 404,
never a hint that the club exists: the same answer as for a club that does not. A member's
page shows its times in the club's zone (league.time_zones).
"""

from __future__ import annotations

from django.http import Http404

from league import time_zones
from league.models import Membership, Role


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
