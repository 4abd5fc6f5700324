"""What the scoring engine reads of a variant on every round, worked out once per rules object.

Scoring a round is a few sums. Looking the same numbers up in the rules on every round (the
smallest book, the special hands, what going out needs in round n, the cheapest cards a book can
hold) cost more than the sums, so ``engine_tables(rules)`` works them out the first time a rules
object is scored and keeps them on it: ``Rules`` is frozen, so they never change; it holds dicts,
so it cannot key a ``functools.cache`` (the entry fields are kept the same way, ``fields._kept_fields``).
Nothing here is in words: the words are looked up only when a line or a warning is shown.

Nothing here touches the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoresheet.rules.schema import Extra, Rules

_KEPT = "_engine_tables"


@dataclass(frozen=True)
class EngineTables:
    book_bonuses: tuple[tuple[str, int], ...]  # (book kind, its bonus), in the rules' order
    # (book kind, the fewest card points one book of it holds: smallest book × cheapest card that fits)
    least_book_points: tuple[tuple[str, int], ...]
    special_hands: tuple[Extra, ...]  # the extras that replace the round's score
    counted_extras: tuple[tuple[str, int], ...]  # (extra, amount) of the extras that add to the score
    smallest_book: int
    # What going out needs, by (sides, round, partners): see ``going_out_needs``.
    needs: dict = field(default_factory=dict, compare=False, repr=False)


def engine_tables(rules: Rules) -> EngineTables:
    """The tables of ``rules``, built the first time and kept on the rules object."""
    kept = rules.__dict__.get(_KEPT)
    if kept is None:
        kept = rules.__dict__[_KEPT] = _build(rules)
    return kept


def _build(rules: Rules) -> EngineTables:
    smallest = min([rules.book_size, *rules.book_size_by_players.values()])  # Rules.smallest_book
    values = rules.card_values
    # Black threes count where they can be melded (Brouillette's black-three stacks, −5 each), and no
    # card counts below 0: a book of cards that take points off sets no least.
    naturals = [v for v in (values["fours_to_sevens"], values["black_threes"]) if v is not None]
    cheapest_natural = max(min(naturals, default=0), 0)
    cheapest_wild = min((v for v in (values["twos"], values["jokers"]) if v is not None), default=0)
    return EngineTables(
        book_bonuses=tuple((kind.key, kind.bonus) for kind in rules.book_kinds),
        least_book_points=tuple(
            (kind.key, smallest * (cheapest_wild if kind.cards == "wild" else cheapest_natural))
            for kind in rules.book_kinds
        ),
        special_hands=tuple(e for e in rules.extras if e.replaces_round_score is not None),
        counted_extras=tuple((e.key, e.amount) for e in rules.extras if e.replaces_round_score is None),
        smallest_book=smallest,
    )


def going_out_needs(rules: Rules, sides: int, number: int, partners: bool | None) -> tuple[dict[str, int], int]:
    """What going out needs in round ``number`` at a table of ``sides`` (``round_problems.going_out_needs``),
    worked out once for each. The books by kind are shared: read them, never change them."""
    kept = engine_tables(rules).needs
    key = (sides, number, partners)
    needs = kept.get(key)
    if needs is None:
        if partners is None:
            partners = rules.setup.partners_at(sides)
        players = rules.setup.players_at(sides, partners)
        needs = kept[key] = rules.going_out_books(number, players=players, partners=partners)
    return needs
