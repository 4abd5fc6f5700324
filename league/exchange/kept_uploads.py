"""An uploaded workbook between its preview and its confirm (league.exchange.views).

The file waits in the database (league.models.KeptUpload), not on the disk of the server that
previewed it: with several app servers behind one proxy the confirm may reach another one. It
is kept under a random name, which the confirm form carries, for the member who uploaded it in
that club only; it is taken once (a second confirm, on any server, finds nothing) and every
upload over a day old is swept away whenever another is kept.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.utils import timezone

from league.models import KeptUpload

KEEP_FOR = timedelta(days=1)


def upload_keep(*, club, owner, kind: str, data: bytes) -> str:
    """Keep ``data`` until it is confirmed; its random name, for the confirm form."""
    now = timezone.now()
    KeptUpload.objects.filter(expires_at__lte=now).delete()
    token = secrets.token_urlsafe(24)
    KeptUpload.objects.create(club=club, owner=owner, kind=kind, token=token, data=data, expires_at=now + KEEP_FOR)
    return token


def upload_take(*, club, owner, kind: str, token: str) -> bytes | None:
    """The kept file, deleted as it is taken (a confirm form is used once); None if it is gone,
    expired, or not this member's upload of this kind in this club."""
    kept = (
        KeptUpload.objects.filter(club=club, owner=owner, kind=kind, token=token, expires_at__gt=timezone.now())
        .only("pk", "data")
        .first()
    )
    if kept is None:
        return None
    # Two confirms at once (a double tap, or two servers): only the one whose delete removed
    # the row goes on, so the file is never imported twice.
    deleted, _ = KeptUpload.objects.filter(pk=kept.pk).delete()
    return bytes(kept.data) if deleted else None
