"""What "deleted" means in a query, said once: a row with ``deleted_at`` set is deleted (kept to be
restored until purged), every other row is live.

``not_deleted`` and ``only_deleted`` are the filters, from the model queried or along a path to a
related one (``not_deleted("game__")`` from a Team); the querysets' ``live()`` and ``deleted()``
apply them. The default managers keep every row: the admin, the history, restoring, backups and
purges need the deleted ones, so a page asks for ``live()`` by name.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone


def not_deleted(path: str = "") -> Q:
    """Rows not deleted: of the model queried, or of the one at the end of ``path`` ("night__")."""
    return Q(**{f"{path}deleted_at__isnull": True})


def only_deleted(path: str = "") -> Q:
    """Rows deleted and not yet purged (the club's or the device's "Recently deleted")."""
    return Q(**{f"{path}deleted_at__isnull": False})


class SoftDeleteQuerySet(models.QuerySet):
    """A queryset of a model with ``deleted_at``."""

    def live(self):
        return self.filter(not_deleted())

    def deleted(self):
        return self.filter(only_deleted())

    def set_deleted(self, pk: int, deleted: bool):
        """Lock row ``pk`` and mark it deleted now, or live again; a row that already is stays as it
        is (deleting twice keeps the first date). The row, as saved."""
        row = self.select_for_update().get(pk=pk)
        if (row.deleted_at is not None) != deleted:
            row.deleted_at = timezone.now() if deleted else None
            row.save(update_fields=["deleted_at"])
        return row
