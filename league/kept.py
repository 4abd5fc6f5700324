"""Reads worked out from many rows (a season's standings, a club's ratings), kept in Django's cache
(settings CACHES) under a fingerprint of what they are worked out from.

A fingerprint is what the read depends on as a page has it already, folded into a short text with
the code that works it out: for a club's standings and ratings, the club's results version
(``league.results.version``), which every write that changes them moves on in its own transaction, read by
the club's key (no aggregate over the club's history, whose cost would grow with it); for a night's
page, a few cheap aggregates over the night (``league.nights.kept_night``). When anything it depends
on changes, so does the fingerprint, and the read is worked out again; nothing is ever invalidated
by hand, and a page never shows what the database no longer says. Each key holds one entry (the
value with the fingerprint it was worked out at), replaced when the fingerprint changes, so a busy
night's corrections do not fill the cache with values nobody will read again. A value may be kept
with its parts beside it (a player's row of the standings, their share of the ratings), each under
its own key, written when the value is worked out: a page that shows one part reads a few kilobytes,
not the whole (a big club's ratings are megabytes).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TypeVar

from django.core.cache import cache

KEPT_FOR = 24 * 60 * 60  # seconds an entry stays in the cache unread, at most

T = TypeVar("T")
P = TypeVar("P")


def kept(
    key: str, fingerprint: str, work: Callable[[], T], parts: Callable[[T], Mapping[str, object]] | None = None
) -> T:
    """The value kept under ``key`` if it was worked out at ``fingerprint``; else ``work()``, kept.

    With ``parts``, each of ``parts(value)`` (name → part) is kept beside it when it is worked out,
    under its own key (``part_key``) at the same fingerprint: a page that shows one player's share
    of a big value then reads that share alone (``kept_part``), not the whole."""
    entry = cache.get(key)
    if entry is not None and entry[0] == fingerprint:
        return entry[1]
    value = work()
    cache.set(key, (fingerprint, value), KEPT_FOR)
    if parts is not None:
        cache.set_many({part_key(key, name): (fingerprint, part) for name, part in parts(value).items()}, KEPT_FOR)
    return value


def kept_part(key: str, fingerprint: str, name: str, whole: Callable[[], T], part: Callable[[T], P]) -> P:
    """The part ``name`` of the value kept under ``key`` (``kept`` with ``parts``), read alone when it
    was kept at ``fingerprint``; else taken from ``whole()`` (which keeps the value and every part
    it names when it works them out) and kept, so that a part the whole does not name (a player
    with no row) is read alone the next time too."""
    entry = cache.get(part_key(key, name))
    if entry is not None and entry[0] == fingerprint:
        return entry[1]
    value = part(whole())
    cache.set(part_key(key, name), (fingerprint, value), KEPT_FOR)
    return value


def part_key(key: str, name: str) -> str:
    """The key of the part ``name`` of the value kept under ``key``."""
    return f"{key}:{name}"


def code_version(modules: Iterable[str], *extra: str) -> str:
    """The code a value is worked out by, as a short text: a new release that works it out
    differently does not read the values the old one kept."""
    text = b"".join(Path(module).read_bytes() for module in modules) + "".join(extra).encode()
    return hashlib.sha256(text).hexdigest()[:16]


def fingerprint(code: str, values: Mapping[str, object]) -> str:
    """``values`` (what a fingerprint query read) and the code, as one short text."""
    text = ";".join(f"{name}={value}" for name, value in sorted(values.items()))
    return f"{code}:{hashlib.sha256(text.encode()).hexdigest()}"
