"""A club's time zone: the names it may hold, and the club's pages shown in it. Plain Python, no
database (the zone names come from the machine's time zone database, pinned as ``tzdata``).

A club keeps the IANA name of its zone (``Club.time_zone``, "Europe/London"), one of the zones this
machine knows (``zoneinfo.available_timezones``); a new club takes the site's (settings.TIME_ZONE).
Every time a club's page shows (its history, a table's "agree at 21:14", the undo dialog) is
formatted with ``timezone.localtime`` or a template's ``date`` filter, so it is enough to switch
to the club's zone once the club is known: ``league.access.club_member`` does for the pages under
/clubs/<slug>/, and the game doors ask ``scoresheet.addresses.clubs.time_zone`` for /games/<id>/ and
/t/<token>/. ``SiteTimeZone`` starts and ends every request in the site's zone, so a club's zone
never carries over to the next request.
"""

from __future__ import annotations

import zoneinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# The regions of the zone names a club chooses from (the list leaves out the old aliases, as
# "US/Eastern", and the fixed offsets, as "Etc/GMT+5"; they are still accepted when typed).
REGIONS = ("Africa", "America", "Antarctica", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific")


@cache
def known_zones() -> frozenset[str]:
    """Every zone name this machine's time zone database has."""
    return frozenset(zoneinfo.available_timezones())


@cache
def listed_zones() -> list[str]:
    """The zones offered in the club's settings, in alphabetical order, and UTC."""
    return sorted(name for name in known_zones() if name.split("/")[0] in REGIONS) + ["UTC"]


def default_time_zone() -> str:
    """A new club's zone: the site's."""
    return settings.TIME_ZONE


def validate_time_zone(name: str) -> None:
    """Refuse a name that is not a zone of the database ("Mars/Olympus", "new york")."""
    if name not in known_zones():
        raise ValidationError(
            _(
                "“%(name)s” is not a time zone Bookkeeper knows: choose one from the list, as "
                "Europe/London or America/New_York."
            ),
            code="unknown_time_zone",
            params={"name": name},
        )


def usable(name: str | None) -> str | None:
    """``name`` when this machine knows the zone; else None (the site's zone)."""
    return name if name in known_zones() else None


def activate(name: str | None) -> None:
    """Show the times of this request in zone ``name`` (the site's for None or a zone not known here)."""
    if usable(name):
        timezone.activate(name)
    else:
        timezone.deactivate()


class SiteTimeZone:
    """Each request starts and ends in the site's zone (settings.TIME_ZONE): a club's zone, switched
    to by the page that knows the club, lasts only for that page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
