"""Plausibility: numbers a round may hold by the rules but hardly by the cards — most likely a typo.

"22 clean books" for 2, or "10,450" on the table for 1,045, pass every rule; the cards on the
table say otherwise. Each check here compares what was entered with what the table's cards
allow, computed from the variant (decks, piles, card values, book size) and the number of
teams. A check that fails is a warning, never an error: the round page asks for one
confirmation tap, and the round is saved with a note that it was checked.

The table. A game records its teams, not how many players sit at each, so every seating the
variant allows for that many teams is considered (teams of each allowed size, or individual
players) and a check fails only if it fails for all of them: a warning must not fire on a
real round at any legal table.

- A deck has 54 cards (52 and 2 jokers): "Five decks of cards are used, including two jokers
  per deck" (HF-1, 002 L9); Canasta's "2 decks plus jokers (108 cards)" (CN-1, 000 L372).
- Each player is dealt every pile of the setup (hand 13 and foot 13 in HF-1; hand 15, knee 13
  and foot 11 in HKF-1); what is left is the stock.
- After the deal a side's cards grow only from the stock: by drawing, or by picking up what
  the others drew and then discarded. In Hand and Foot and Hand Knee and Foot a player draws
  2 cards a turn and discards 1 ("At the start of a turn, a player draws 2 cards from the
  supply pile", 000 L271; HKF-1 004 L25), so the side's own turns take about 1/sides of the
  stock and at most half of what the others draw comes back through the discard pile: either
  way about half the stock. In Canasta a player draws 1 and discards 1 (000 L377), so the
  discards can carry the whole stock. A side's cards in a round are then at most about

      its players' deal + stock ÷ cards drawn a turn

  which for Hand and Foot with 2 teams of 2 is 2 × 26 + (270 − 4 × 26) ÷ 2 = 52 + 83 = 135
  cards: 19 books of 7, or at most 2,150 points of cards (the best 135 of 5 decks: 10 jokers
  × 50 + 40 twos and aces × 20 + 85 eights to kings × 10). Real big rounds stay well below:
  the worked games in tests/scoresheet/test_scoring_examples.py raise none of these.

Nothing here touches the database.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

from scoresheet.display import fmt, join_and
from scoresheet.problems import Problem
from scoresheet.rules.fields import books_word, count_of, fields_by_key, piles_text, rules_word
from scoresheet.rules.schema import CARD_CLASS_LABELS, CARD_CLASSES, Rules
from scoresheet.scoring.team_entry import Entry, hand_points, melded_points

# The cards of one deck by class (52 + 2 jokers); the 2 red threes are counted by their own
# fields and checked as errors (round_problems.round_errors).
CARDS_PER_DECK = {
    "jokers": 2,
    "twos": 4,
    "aces": 4,
    "eights_to_kings": 24,  # 8, 9, 10, J, Q, K × 4 suits
    "fours_to_sevens": 16,  # 4, 5, 6, 7 × 4 suits
    "black_threes": 2,
}
DECK_SIZE = 54
WILD_CLASSES = ("jokers", "twos")
# Cards a player draws from the stock each turn (see the module docstring for the sources).
DRAWN_PER_TURN = {"hand-and-foot": 2, "hand-knee-and-foot": 2, "canasta": 1}


@dataclass(frozen=True)
class Table:
    """One way to seat a game: its sides (teams or players), the decks and the cards dealt."""

    sides: int
    players_per_side: int
    decks: int
    dealt_per_player: int  # every pile together: hand + (knee +) foot
    drawn_per_turn: int

    @property
    def dealt_per_side(self) -> int:
        return self.players_per_side * self.dealt_per_player

    @property
    def stock(self) -> int:
        """The cards left after the deal."""
        return max(self.decks * DECK_SIZE - self.sides * self.dealt_per_side, 0)

    @property
    def drawn_per_side(self) -> int:
        """About the most a side gets from the stock in a round, by drawing or picking up discards."""
        return self.stock // self.drawn_per_turn

    @property
    def side_cards(self) -> int:
        """About the most cards a side can have had in a round."""
        return self.dealt_per_side + self.drawn_per_side

    @property
    def side(self) -> str:
        if self.players_per_side > 1:
            return gettext("a team of %(n)s") % {"n": self.players_per_side}
        return gettext("a player")

    def explain(self) -> str:
        """``side_cards`` and where it comes from: "about 135: 52 dealt and up to 83 more of the 166 left …"."""
        return gettext(
            "about %(cards)s: %(dealt)s dealt and up to %(drawn)s more "
            "of the %(stock)s left after dealing %(decks)s decks"
        ) % {
            "cards": self.side_cards,
            "dealt": self.dealt_per_side,
            "drawn": self.drawn_per_side,
            "stock": self.stock,
            "decks": self.decks,
        }


def tables(rules: Rules, sides: int) -> list[Table]:
    """Every seating the variant allows for ``sides`` teams or players; none if it names no decks or piles.

    A number of sides the variant does not list (score_game scores any 2 to 4 teams) may be
    teams of any allowed size or individual players.
    """
    setup = rules.setup
    per_side: list[int] = []
    if sides in setup.team_counts:
        per_side += setup.players_per_team
    if sides in setup.individual_counts:
        per_side.append(1)
    if not per_side:
        per_side = [*setup.players_per_team, 1]
    dealt = sum(cards for _, cards in setup.piles)
    drawn = DRAWN_PER_TURN.get(rules.family, 1)  # 1: the most generous
    seatings = [Table(sides, n, setup.decks_for(sides * n), dealt, drawn) for n in sorted(set(per_side))]
    return [t for t in seatings if t.decks and t.dealt_per_player]


def best_cards_value(rules: Rules, decks: int, count: int) -> int:
    """What the ``count`` most valuable cards of ``decks`` decks are worth by the variant's card values."""
    by_value = sorted(
        ((value, CARDS_PER_DECK[key] * decks) for key, value in rules.card_values.items() if value and value > 0),
        reverse=True,
    )
    total = 0
    for value, available in by_value:
        taken = min(count, available)
        total += taken * value
        count -= taken
    return total


@dataclass(frozen=True)
class Check:
    """A warning that asks for confirmation, and the few words the game page notes once it is confirmed."""

    problem: Problem
    subject: str  # "22 clean books", "10,450 on the table"
    # Which check it is and the numbers it found ("side_books", 22, 154): in no language, so that
    # a warning confirmed on a French page is the same warning on an English one.
    names: tuple[str | int, ...]

    @property
    def code(self) -> str:
        """Names this very warning (its check, round, team, field and numbers), so that a confirmation
        given for it does not cover a different one typed afterwards."""
        p = self.problem
        text = "|".join(str(part) for part in (p.round, p.team, p.field, p.key, *self.names))
        return hashlib.sha256(text.encode()).hexdigest()[:12]


def plausibility_checks(rules: Rules, entries: Sequence[Entry], *, number: int, team_count: int) -> list[Check]:
    """Every implausible number of a round, as warnings to confirm."""
    limits = _limits(rules, team_count)
    if limits is None or _well_within(limits, entries):
        return []
    checks: list[Check] = []
    for team, entry in enumerate(entries):
        checks += _side_books(rules, entry, limits, number=number, team=team)
        checks += _side_points(rules, entry, limits, number=number, team=team)
        if entry.melded_cards is not None or entry.hand_cards is not None:
            checks += _side_counted_cards(entry, limits.roomiest, number=number, team=team)
    checks += _round_books(rules, entries, limits, number=number)
    checks += _round_card_classes(entries, limits.most_decks, number=number)
    return checks


def _well_within(limits: _Limits, entries: Sequence[Entry]) -> bool:
    """Is the round within every limit, at a glance? Points typed (no card counted one by one), each
    side's books and points within a side's, all the books, the wild books and the black threes
    within the decks': what nearly every round is, and then none of the checks below can fail."""
    size, side_cards, richest = limits.smallest_book, limits.side_cards, limits.richest_points
    books = black_threes = 0
    for entry in entries:
        if entry.melded_cards is not None or entry.hand_cards is not None:
            return False
        side_books = sum(n for n in entry.books.values() if n > 0)
        if side_books * size > side_cards or entry.melded_points > richest or entry.hand_points > richest:
            return False
        books += side_books
        black_threes += entry.black_threes_held
    if books * size > limits.bookable or black_threes > CARDS_PER_DECK["black_threes"] * limits.most_decks:
        return False
    if books * size <= limits.wild_cards:
        return True  # not even every book of the round, were they all wild, is too many
    return all(
        sum(max(entry.books.get(kind.key, 0), 0) for entry in entries) * size <= limits.wild_cards
        for kind in limits.wild_kinds
    )


@dataclass(frozen=True)
class _Limits:
    """The most generous seating for each check, so that no legal table would have made it fail,
    and the numbers the checks compare with, worked out once (see ``_limits``)."""

    roomiest: Table  # the most cards a side can have had
    richest: Table  # the most points of cards a side can have had
    most_decks: int
    side_cards: int  # roomiest.side_cards
    richest_points: int  # what the best cards of the richest seating are worth
    smallest_book: int
    bookable: int  # the cards of the most decks that can make books (all but the threes)
    wild_cards: int  # the twos and jokers of the most decks
    wild_kinds: tuple  # the book kinds made of wild cards only


def _limits(rules: Rules, team_count: int) -> _Limits | None:
    """The limits for ``team_count`` sides (None when the variant names no decks or piles). Worked
    out once per rules object and number of sides, and kept on it as its entry fields are
    (``fields._kept_fields``): every round of every game asks."""
    where = f"_plausibility_limits_{team_count}"
    if where not in rules.__dict__:
        seatings = tables(rules, team_count)
        limits = None
        if seatings:
            roomiest = max(seatings, key=lambda t: t.side_cards)
            richest = max(seatings, key=lambda t: best_cards_value(rules, t.decks, t.side_cards))
            decks = max(t.decks for t in seatings)
            limits = _Limits(
                roomiest=roomiest,
                richest=richest,
                most_decks=decks,
                side_cards=roomiest.side_cards,
                richest_points=best_cards_value(rules, richest.decks, richest.side_cards),
                smallest_book=rules.smallest_book,
                # Books are made of every card but the threes (black threes too where they cannot be melded).
                bookable=decks * (DECK_SIZE - 2 - (0 if rules.card_values["black_threes"] else 2)),
                wild_cards=decks * sum(CARDS_PER_DECK[key] for key in WILD_CLASSES),
                wild_kinds=tuple(kind for kind in rules.book_kinds if kind.cards == "wild"),
            )
        rules.__dict__[where] = limits
    return rules.__dict__[where]


def plausibility_warnings(rules: Rules, entries: Sequence[Entry], *, number: int, team_count: int) -> list[Problem]:
    """Every implausible number of a round: legal to record, but most likely a typo."""
    return [check.problem for check in plausibility_checks(rules, entries, number=number, team_count=team_count)]


def confirmation_record(checks: Iterable[Check]) -> list[dict]:
    """What a round keeps of the warnings confirmed when it was saved (JSON)."""
    return [
        {
            "code": check.code,
            "team": check.problem.team,
            "field": check.problem.field,
            "key": check.problem.key,
            "message": check.problem.message,
            "subject": check.subject,
        }
        for check in checks
    ]


# --- one side ------------------------------------------------------------------------------
#
# Each message starts with the number as typed and ends with the field to check, in the entry
# fields' words ("Check Clean books."); the page puts the team's name in front. Each is a template
# of the catalogue, with the numbers and the rules' words (``rules_word``) put in.


def _side_books(rules: Rules, entry: Entry, limits: _Limits, *, number: int, team: int) -> list[Check]:
    """More books than a side's cards: each book holds at least the smallest book's cards."""
    if sum(n for n in entry.books.values() if n > 0) * limits.smallest_book <= limits.side_cards:
        return []  # at most the books below: the usual round, with no list to build
    table = limits.roomiest
    books = [(kind, entry.books[kind.key]) for kind in rules.book_kinds if entry.books.get(kind.key, 0) > 0]
    cards = sum(n for _, n in books) * limits.smallest_book
    if cards <= table.side_cards:
        return []
    labels = fields_by_key(rules)
    typed = join_and([count_of(n, kind.label) for kind, n in books])
    fields = join_and([labels[f"books.{kind.key}"].label for kind, _ in books])
    largest = max(books, key=lambda book: book[1])[0]
    return [
        Check(
            Problem(
                gettext(
                    "%(typed)s hold at least %(cards)s cards, more than %(side)s has in a round (%(why)s). "
                    "Check %(fields)s."
                )
                % {"typed": typed, "cards": fmt(cards), "side": table.side, "why": table.explain(), "fields": fields},
                round=number,
                team=team,
                field="books",
                key=largest.key,
            ),
            typed,
            ("side_books", *(f"{kind.key}={n}" for kind, n in books), table.side_cards),
        )
    ]


def _side_points(rules: Rules, entry: Entry, limits: _Limits, *, number: int, team: int) -> list[Check]:
    """Card points above what a side's cards can be worth. Counted cards are checked by count
    (``_side_counted_cards``, ``_round_card_classes``), which bounds their points as well."""
    table, richest = limits.richest, limits.richest_points
    if entry.melded_points <= richest and entry.hand_points <= richest:
        if entry.melded_cards is None and entry.hand_cards is None:
            return []  # points as typed, both within the richest
    checks = []
    for field, points, counted in (
        ("melded_points", melded_points(rules, entry), entry.melded_cards),
        ("hand_points", hand_points(rules, entry), entry.hand_cards),
    ):
        if counted is not None or points <= richest:
            continue
        # The words only when it warns: they are looked up in the page's language.
        if field == "melded_points":
            where = gettext("on the table")
        else:
            where = gettext("left in %(piles)s") % {"piles": piles_text(rules)}
        typed = gettext("%(points)s points %(where)s") % {"points": fmt(points), "where": where}
        checks.append(
            Check(
                Problem(
                    gettext(
                        "%(typed)s: more than the cards %(side)s has in a round can be worth (%(why)s; "
                        "the best %(cards)s are worth %(richest)s). Check %(field)s."
                    )
                    % {
                        "typed": typed,
                        "side": table.side,
                        "why": table.explain(),
                        "cards": table.side_cards,
                        "richest": fmt(richest),
                        "field": fields_by_key(rules)[field].label,
                    },
                    round=number,
                    team=team,
                    field=field,
                ),
                typed,
                ("side_points", points, richest),
            )
        )
    return checks


def _side_counted_cards(entry: Entry, table: Table, *, number: int, team: int) -> list[Check]:
    """More cards counted (on the table and left in hand) than a side can have had."""
    melded = sum((entry.melded_cards or {}).values())
    left = sum((entry.hand_cards or {}).values())
    if melded + left <= table.side_cards:
        return []
    typed = gettext("%(n)s cards counted") % {"n": melded + left}
    return [
        Check(
            Problem(
                gettext(
                    "%(typed)s on the table and in hand: more than %(side)s has in a round (%(why)s). Check the counts."
                )
                % {"typed": typed, "side": table.side, "why": table.explain()},
                round=number,
                team=team,
                field="melded_cards" if melded >= left else "hand_cards",
            ),
            typed,
            ("side_counted_cards", melded, left, table.side_cards),
        )
    ]


# --- the whole round (the decks are shared) ------------------------------------------------


def _only_team(counts: Sequence[int]) -> int | None:
    """The one team with any of something, or None when several (or none) have some."""
    having = [i for i, n in enumerate(counts) if n > 0]
    return having[0] if len(having) == 1 else None


def _round_books(rules: Rules, entries: Sequence[Entry], limits: _Limits, *, number: int) -> list[Check]:
    """All teams' books against the decks: every book, and books of wild cards only."""
    checks = []
    size, decks, bookable = limits.smallest_book, limits.most_decks, limits.bookable
    per_team = [sum(max(n, 0) for n in entry.books.values()) for entry in entries]
    if sum(per_team) * size > bookable:
        word = books_word(rules, 2)
        typed = f"{sum(per_team)} {word}"
        checks.append(
            Check(
                Problem(
                    gettext(
                        "%(typed)s this round hold at least %(cards)s cards, more than the %(bookable)s of %(decks)s "
                        "decks that can make %(books)s (all but the threes). Check the %(books)s."
                    )
                    % {
                        "typed": typed,
                        "cards": fmt(sum(per_team) * size),
                        "bookable": fmt(bookable),
                        "decks": decks,
                        "books": word,
                    },
                    round=number,
                    team=_only_team(per_team),
                    field="books",
                ),
                typed,
                ("round_books", *per_team, bookable),
            )
        )
    wild_cards = limits.wild_cards
    for kind in limits.wild_kinds:
        per_team = [max(entry.books.get(kind.key, 0), 0) for entry in entries]
        if sum(per_team) * size > wild_cards:
            labels = fields_by_key(rules)
            typed = count_of(sum(per_team), kind.label)
            checks.append(
                Check(
                    Problem(
                        gettext(
                            "%(typed)s this round hold at least %(cards)s wild cards, more than the %(wild)s twos "
                            "and jokers of %(decks)s decks. Check %(field)s."
                        )
                        % {
                            "typed": typed,
                            "cards": sum(per_team) * size,
                            "wild": wild_cards,
                            "decks": decks,
                            "field": labels[f"books.{kind.key}"].label,
                        },
                        round=number,
                        team=_only_team(per_team),
                        field="books",
                        key=kind.key,
                    ),
                    typed,
                    ("round_wild_books", *per_team, wild_cards),
                )
            )
    return checks


def _round_card_classes(entries: Sequence[Entry], decks: int, *, number: int) -> list[Check]:
    """More cards of a kind counted this round, by all teams together, than the decks have."""
    if all(entry.melded_cards is None and entry.hand_cards is None for entry in entries):
        # No card counted one by one: only the black threes caught can be too many.
        if sum(entry.black_threes_held for entry in entries) <= CARDS_PER_DECK["black_threes"] * decks:
            return []
    checks = []
    for key in CARD_CLASSES:
        by_field = {
            "melded_cards": [(entry.melded_cards or {}).get(key, 0) for entry in entries],
            "hand_cards": [(entry.hand_cards or {}).get(key, 0) for entry in entries],
        }
        if key == "black_threes":  # caught in hand, entered as a count
            by_field["black_threes_held"] = [entry.black_threes_held for entry in entries]
        per_team = [sum(counts) for counts in zip(*by_field.values())]
        available = CARDS_PER_DECK[key] * decks
        if sum(per_team) <= available:
            continue
        field = max(by_field, key=lambda name: sum(by_field[name]))
        label = gettext("Black threes caught") if field == "black_threes_held" else rules_word(CARD_CLASS_LABELS[key])
        typed = f"{sum(per_team)} {rules_word(CARD_CLASS_LABELS[key]).lower()}"
        checks.append(
            Check(
                Problem(
                    gettext(
                        "%(typed)s counted this round, on the table and in hand: more than the %(available)s of "
                        "%(decks)s decks. Check %(label)s."
                    )
                    % {"typed": typed, "available": available, "decks": decks, "label": label},
                    round=number,
                    team=_only_team(per_team),
                    field=field,
                    key=None if field == "black_threes_held" else key,
                ),
                typed,
                ("round_card_class", key, *per_team, available),
            )
        )
    return checks
