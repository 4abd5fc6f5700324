"""Claiming a roster entry from a results email's link ("This is me", at /p/<signed>/claim/).

A results email can be forwarded, so its link says nothing of who holds it. The claim links the
entry to the signed-in account at once only when the club can tell it is the player's: the
account's email is the roster entry's, or the account is a member of the player's club (who may
link themselves on the roster anyway). Anyone else's claim waits for the club's organiser, who
approves or refuses it on the roster page; until then nobody is linked, so the real player can
still claim their entry.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from league.clubs.services import LeagueError, player_link_user
from league.models import Club, Membership, Player, PlayerClaim

LINKED, ASKED = "linked", "asked"


def may_link(*, player: Player, user: User) -> bool:
    """Whether the club can tell that ``user`` is ``player``: the same email, or a member of its club."""
    email = (user.email or "").strip().casefold()
    if email and email == (player.email or "").strip().casefold():
        return True
    return Membership.objects.filter(club_id=player.club_id, user=user).exists()


@transaction.atomic
def player_claim(*, player: Player, user: User) -> str:
    """ "This is me": LINKED when the club can tell it is so (``may_link``), else the claim is kept for
    the organiser to approve (ASKED). A second claim by the same account changes nothing."""
    if player.user_id == user.id:
        return LINKED
    if may_link(player=player, user=user):
        player_link_user(player=player, user=user)
        return LINKED
    if player.user_id is not None:
        raise LeagueError(gettext("%(player)s is already linked to another account.") % {"player": player.name})
    PlayerClaim.objects.get_or_create(player=player, user=user)
    return ASKED


def pending_claims(*, club: Club) -> list[PlayerClaim]:
    """The club's claims waiting for the organiser, oldest first (one query)."""
    return list(PlayerClaim.objects.filter(player__club=club).select_related("player", "user").order_by("asked_at"))


def claim_waiting(*, player: Player, user: User) -> bool:
    return user.is_authenticated and PlayerClaim.objects.filter(player=player, user=user).exists()


@transaction.atomic
def claim_decide(*, claim: PlayerClaim, approve: bool) -> Player:
    """The organiser approves a claim (the entry is linked to the account, and the entry's other
    claims are dropped) or refuses it (it is dropped)."""
    claim = PlayerClaim.objects.select_for_update(of=("self",)).select_related("player", "user").get(pk=claim.pk)
    player = claim.player
    if approve:
        player = player_link_user(player=player, user=claim.user)
        PlayerClaim.objects.filter(player=player).delete()
    else:
        claim.delete()
    return player
