"""Reads worked out from many rows (a season's standings, a club's ratings), kept in Django's cache
(settings CACHES) under a fingerprint of what they are worked out from.

A fingerprint is a few cheap aggregate queries, made on every read: counts, sums of ids and the
latest change times of the rows the read depends on, folded into a short text with the code that
works it out. When anything it depends on changes, so does the fingerprint, and the read is worked out
again; nothing is ever invalidated by hand, and a page never shows what the database no longer
says. Each key holds one entry (the value with the fingerprint it was worked out at), replaced when
the fingerprint changes, so a busy night's corrections do not fill the cache with values nobody
will read again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TypeVar

from django.core.cache import cache
from django.db.models import Count, Max, Q, QuerySet, Sum

from league.models import Player
from league.querysets import counted
from scoresheet.querysets import not_deleted

KEPT_FOR = 24 * 60 * 60  # seconds an entry stays in the cache unread, at most

T = TypeVar("T")


def kept(key: str, fingerprint: str, work: Callable[[], T]) -> T:
    """The value kept under ``key`` if it was worked out at ``fingerprint``; else ``work()``, kept."""
    entry = cache.get(key)
    if entry is not None and entry[0] == fingerprint:
        return entry[1]
    value = work()
    cache.set(key, (fingerprint, value), KEPT_FOR)
    return value


def code_version(modules: Iterable[str], *extra: str) -> str:
    """The code a value is worked out by, as a short text: a new release that works it out
    differently does not read the values the old one kept."""
    text = b"".join(Path(module).read_bytes() for module in modules) + "".join(extra).encode()
    return hashlib.sha256(text).hexdigest()[:16]


def fingerprint(code: str, values: Mapping[str, object]) -> str:
    """``values`` (what a fingerprint query read) and the code, as one short text."""
    text = ";".join(f"{name}={value}" for name, value in sorted(values.items()))
    return f"{code}:{hashlib.sha256(text.encode()).hexdigest()}"


NIGHT = "table__sitting__night__"


def games_summary(games: QuerySet) -> dict:
    """What changes when anything a read of ``games`` (a queryset of night games) depends on does,
    as a few aggregates over the games alone (one query, not one over every seat and round):

    - which count (finished, not deleted, their night not deleted, their table not left out): a sum
      of their ids;
    - their totals and who is credited with them: the latest ``Game.updated_at``, which every
      service that changes them saves (a round entered, corrected or taken back, a game finished
      or reopened, seats swapped, a substitute);
    - the nights still live and those closed.

    A night's date and season, and its sittings' and tables' numbers, never change once made."""
    return games.aggregate(
        games=Count("id"),
        changed=Max("updated_at"),
        counted=Sum("id", filter=counted()),
        live=Count("id", filter=not_deleted(NIGHT)),
        closed=Count("id", filter=Q(**{f"{NIGHT}closed_at__isnull": False})),
    )


def players_summary(club_id: int) -> dict:
    """The latest change to any of the club's players, from their history (one query): a rename,
    or a merge (which re-points the merged player's seats and byes, and deletes it)."""
    return Player.history.filter(club_id=club_id).aggregate(players=Max("history_id"))
