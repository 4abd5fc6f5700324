"""A game's secret addresses (scoresheet.addresses.doors): /g/<token>/ to play it, /s/<share token>/ to read
it. A casual game has no other address; a club's game also has its members' (league.doors).
A wrong or renewed token answers 404, as for a game that does not exist.
"""

from __future__ import annotations

from scoresheet.addresses import doors
from scoresheet.addresses.doors import Door, Opened
from scoresheet.games import selectors

# Whoever holds the play link plays the game, deletes and restores it, and renews its tokens.
PLAY = frozenset(
    {
        doors.READ,
        doors.PRINT,
        doors.ENTER,
        doors.FINISH,
        doors.REOPEN,
        doors.UNDO,
        doors.DELETE,
        doors.RESTORE,
        doors.RENEW,
    }
)
SHARE = frozenset({doors.READ})  # the score sheet and nothing else


def _found(game, offers: frozenset[str]) -> Opened | None:
    return None if game is None else Opened(game=game, offers=offers)


def register() -> None:
    doors.register(
        Door(
            name="play",
            route="g/<str:key>/",
            visitor=doors.PLAY_LINK,
            offers=PLAY,
            open=lambda request, token: _found(selectors.game_by_token(token), PLAY),
        )
    )
    doors.register(
        Door(
            name="share",
            route="s/<str:key>/",
            visitor=doors.SHARE_LINK,
            offers=SHARE,
            open=lambda request, token: _found(selectors.game_by_share_token(token), SHARE),
        )
    )
