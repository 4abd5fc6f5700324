"""Reads of the league that span relations: each function names the club it reads."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone

from league.clubs.services import invite_token_hash
from league.models import Club, Invite, Membership, Player
from scoresheet.games.early import mark_early
from scoresheet.games.selectors import with_team_totals
from scoresheet.models import Game

CLUB_PAGE_GAMES = 20


def user_memberships(*, user: User) -> QuerySet[Membership]:
    """The clubs a user is a member of, with their role in each (one query)."""
    if not user.is_authenticated:
        return Membership.objects.none()
    return Membership.objects.filter(user=user).select_related("club").order_by("club__name")


def club_members(*, club: Club) -> QuerySet[Membership]:
    return club.memberships.select_related("user").order_by("user__username")


def club_players(*, club: Club, active: bool | None = None) -> QuerySet[Player]:
    players = club.players.live().select_related("user")  # deleted: "Recently deleted"
    return players if active is None else players.filter(active=active)


def club_roster_names(*, club: Club, user) -> list[tuple[str, bool]]:
    """The club page's roster: each active player's name, and whether they are ``user`` (names and
    keys only: a roster of 300 read as players and rendered field by field was a quarter of the page)."""
    me = user.pk if user.is_authenticated else None
    players = club_players(club=club, active=True).select_related(None).values_list("name", "user_id")
    return [(name, me is not None and user_id == me) for name, user_id in players]


def club_games(*, club: Club, limit: int = CLUB_PAGE_GAMES) -> list[Game]:
    """The club's latest games (not deleted), each with its teams and their totals."""
    games = Game.objects.live().filter(club=club).defer("rules_document").order_by("-updated_at", "-id")
    return mark_early(with_team_totals(list(games[:limit])))


def club_open_invites(*, club: Club) -> QuerySet[Invite]:
    return club.invites.filter(used_by__isnull=True, expires_at__gt=timezone.now())


def invite_by_token(token: str) -> Invite | None:
    """The invite this token opens, or None: looked up by the token's hash, never the token."""
    return Invite.objects.select_related("club").filter(token_hash=invite_token_hash(token)).first()
