"""Reads worked out from many rows (a season's standings, a club's ratings), kept in Django's cache
(settings CACHES) under a fingerprint of what they are worked out from.

A fingerprint is one cheap aggregate query, made on every read: counts, sums of ids and the latest
change times of the rows the read depends on, folded into a short text with the code that works it
out. When anything it depends on changes, so does the fingerprint, and the read is worked out
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
from django.db.models import CharField, Count, F, Max, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Cast, Coalesce, Concat

from league.models import EarlyGames

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


def seat_summary() -> dict:
    """Aggregates over the seats of the counted games (``counted("team__game__")``) that change
    whenever what those games give their players does:

    - which games count: their number and ids (a game or night deleted or restored, a table left
      out, a game finished or reopened, an import);
    - their teams' totals and who is credited with them: the latest ``Game.updated_at`` (a round
      entered, corrected or taken back, a substitute) and the seats' players, weighed by their
      team (a merged player, a substitute, seats swapped) and their first rounds;
    - each game's season's rules (its blowout margin and how a game finished early counts).

    A night's date and season, and its sittings' and tables' numbers, are never changed once made,
    so they are not read."""
    rules = "team__game__table__sitting__night__season__"
    return {
        "seats": Count("id"),
        "games": Sum("team__game_id"),
        "changed": Max("team__game__updated_at"),
        "players": Sum(F("player_id") * F("team_id")),
        "replaced": Sum(F("replaced_id") * F("team_id")),
        "from_rounds": Sum(F("from_round") * F("id")),
        "blowouts": Sum(F("team__game_id") * F(f"{rules}blowout_margin")),
        **{
            f"early_{choice}": Sum("team__game_id", filter=Q(**{f"{rules}early_games": choice}))
            for choice in EarlyGames.values
        },
    }


def summary(rows: QuerySet, by: str, aggregates: Mapping) -> Subquery:
    """``aggregates`` over ``rows`` (filtered on an ``OuterRef``, grouped by ``by``, the column it
    is compared with) as one text column: several tables' fingerprints in one query."""
    parts = [Coalesce(Cast(aggregate, CharField()), Value("-")) for _, aggregate in sorted(aggregates.items())]
    return Subquery(rows.order_by().values(by).annotate(summary=_joined(parts)).values("summary"))


def _joined(parts: list) -> Concat:
    """``parts`` joined by ";", nested in halves: SQLite's parser refuses a long chain of ``||``."""
    if len(parts) == 1:
        return parts[0]
    half = len(parts) // 2
    return Concat(_joined(parts[:half]), Value(";"), _joined(parts[half:]), output_field=CharField())
