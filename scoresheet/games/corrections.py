"""When a game may still change freely, and when a correction must say why: one rule, read by
the round form (asked up front) and enforced by services.round_record.

Both read the night through the game's table, so they make no query when the game was read with
``select_related("table__sitting__night")`` (a game not played at a night's table makes none).
"""

from __future__ import annotations


def night_closed(game) -> bool:
    """Played at a night's table, and that night is closed."""
    table = game.table
    return table is not None and table.sitting.night.closed_at is not None


def needs_reason(game) -> bool:
    """A finished game's rounds, or a closed night's, are corrected only with a reason."""
    return game.is_finished or night_closed(game)
