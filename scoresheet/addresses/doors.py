"""The doors into a game: each address a game is opened at (its "door"), who comes in by it and
the most it lets them do. The score sheet registers its own two (scoresheet.addresses.token_doors: the
play link /g/<token>/ and the share link /s/<token>/); the league registers the club's
(league.doors: a member at /games/<id>/, the players at a night's table at /t/<token>/), so
this app never imports the league.

A door only finds the game for its key and says what its visitor may do at most; what they may
do now (a deleted game, a closed night) is decided once, for every door, in scoresheet.addresses.access.
The game's pages are the same under every door (scoresheet.addresses.game_urls).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

# What a visitor may do with a game.
READ = "read"  # the score sheet
PRINT = "print"  # the filled sheet as a PDF
# Enter the next round or correct an earlier one (a late correction says why:
# access.GameAccess.needs_reason), and see it scored as it is typed.
ENTER = "enter"
FINISH = "finish"
REOPEN = "reopen"
UNDO = "undo"
DELETE = "delete"
RESTORE = "restore"  # a deleted game, while it is kept
RENEW = "renew"  # new play and share tokens: the old addresses stop working
AGREE = "agree"  # a team at a night's table agrees with the finished result

# The changes to the game itself, deleting and restoring it included (it leaves or rejoins the
# night's results): on a closed night, its organisers' only.
CHANGES = frozenset({ENTER, FINISH, REOPEN, UNDO, DELETE, RESTORE})

# What only a club's organisers do with a club's game, whichever the door (its results count in
# the club's standings; its play token may have been handed to someone who has since left).
ORGANISERS_ONLY = frozenset({DELETE, RESTORE, RENEW})

# Who came in.
MEMBER = "member"
TABLE_LINK = "table link"
SHARE_LINK = "share link"
PLAY_LINK = "play link"


@dataclass(frozen=True)
class Opened:
    """What a door found for its key: the game (read with ``select_related("club",
    "table__sitting__night__club")``), the most this visitor may do with it, and for a table
    link its night table."""

    game: Any
    offers: frozenset[str]
    table: Any = None


@contextmanager
def _hold_nothing(request, opened: Opened):
    yield opened


@dataclass(frozen=True)
class Door:
    name: str  # the URL namespace of its pages: "play", "share", "games", "tables"
    route: str  # where its pages are, with the key: "g/<str:key>/"
    visitor: str  # who comes in by it (MEMBER, PLAY_LINK …)
    offers: frozenset[str]  # the most it lets anyone do (the links a list shows)
    # (request, key) -> Opened, or None for no such game (404). May raise Http404 itself.
    open: Callable[[Any, Any], Opened | None]
    # (request, opened) -> a context manager yielding the Opened the page runs inside: a table
    # link holds its night's row while a POST saves, and records the changes as the table's.
    hold: Callable[[Any, Opened], Any] = _hold_nothing
    # A link that stops working when its night closes: (request, opened) -> the answer it gives
    # then. None: a closed night's game stays open, its changes for the club's organisers.
    closed_page: Callable[[Any, Opened], Any] | None = None
    pages: tuple = ()  # URL patterns only this door has (a table's "agree")


_doors: dict[str, Door] = {}


def register(door: Door) -> None:
    """Add a door (at start: an app's ``ready()``); its pages are mounted by scoresheet.addresses.game_urls."""
    _doors[door.name] = door


def get(name: str) -> Door:
    return _doors[name]


def every() -> list[Door]:
    return list(_doors.values())
