"""What one team entered in a round, and what its counted cards are worth.

The lowest piece of the scoring engine: ``scoring`` scores entries and ``plausibility`` checks
them against the table's cards, and both build on these. Nothing here touches the database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scoresheet.rules.schema import Rules


@dataclass(frozen=True)
class Adjustment:
    label: str
    points: int


@dataclass(frozen=True)
class Entry:
    """What the scorekeeper enters for one team in one round."""

    books: Mapping[str, int] = field(default_factory=dict)
    red_threes: int = 0
    red_threes_held: int = 0
    black_threes_held: int = 0
    melded_points: int = 0
    hand_points: int = 0
    went_out: bool = False
    concealed: bool = False
    extras: Mapping[str, int] = field(default_factory=dict)
    adjustments: Sequence[Adjustment] = ()
    melded_cards: Mapping[str, int] | None = None  # instead of melded_points
    hand_cards: Mapping[str, int] | None = None  # instead of hand_points


def card_points(rules: Rules, cards: Mapping[str, int], *, melded: bool) -> int:
    """Points of counted cards. Held black threes are not here: they have their own line."""
    total = 0
    for key, count in cards.items():
        if key == "black_threes" and not melded:
            continue
        total += count * (rules.card_values.get(key) or 0)
    return total


def melded_points(rules: Rules, entry: Entry) -> int:
    if entry.melded_cards is not None:
        return card_points(rules, entry.melded_cards, melded=True)
    return entry.melded_points


def hand_points(rules: Rules, entry: Entry) -> int:
    if entry.hand_cards is not None:
        return card_points(rules, entry.hand_cards, melded=False)
    return entry.hand_points
