"""The links a results email carries, each signed with the site's SECRET_KEY (Django's signing),
so that a player who has no account opens what is theirs and nothing else:

- their own page (``page_token``): every season they played, read only; it stops opening after
  ``settings.PLAYER_LINK_DAYS`` days (a forwarded email does not open it for ever);
- "no more emails" (``opt_out_token``): it does not expire, as a way out of a list should not.

Each kind has its own salt, so one cannot stand for the other. Nothing is stored: changing
SECRET_KEY ends every link.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing

from league.models import Player

PAGE_SALT = "league.player-page"
OPT_OUT_SALT = "league.email-opt-out"


class LinkProblem(Exception):
    """A link that opens nothing: ``expired`` (signed, but too old) or tampered with (or made up)."""

    def __init__(self, expired: bool):
        super().__init__("expired" if expired else "bad signature")
        self.expired = expired


def page_token(player: Player) -> str:
    return signing.TimestampSigner(salt=PAGE_SALT).sign(str(player.pk))


def opt_out_token(player: Player) -> str:
    return signing.Signer(salt=OPT_OUT_SALT).sign(str(player.pk))


def page_player(token: str) -> Player:
    """The player whose page ``token`` opens, or ``LinkProblem``; a deleted player has no page."""
    try:
        pk = signing.TimestampSigner(salt=PAGE_SALT).unsign(token, max_age=settings.PLAYER_LINK_DAYS * 86400)
    except signing.SignatureExpired:
        raise LinkProblem(expired=True) from None
    except signing.BadSignature:
        raise LinkProblem(expired=False) from None
    return _player(pk)


def opt_out_player(token: str) -> Player:
    try:
        pk = signing.Signer(salt=OPT_OUT_SALT).unsign(token)
    except signing.BadSignature:
        raise LinkProblem(expired=False) from None
    return _player(pk)


def _player(pk: str) -> Player:
    # Signed by this site, yet not a player's number (signed with the same key and salt for another
    # use, or a key that leaked): the link does not work, as a forged one does.
    if not (pk.isascii() and pk.isdigit() and len(pk) <= 18):
        raise LinkProblem(expired=False)
    player = Player.objects.live().select_related("club").filter(pk=int(pk)).first()
    if player is None:
        raise LinkProblem(expired=False)
    return player
