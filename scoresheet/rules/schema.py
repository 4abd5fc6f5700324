"""The rules schema: a variant is data, a frozen ``Rules`` built from a JSON document (plain Python,
no database).

Presets live in ``scoresheet/rules/presets/<slug>.json`` (read by ``preset_rules.py``); a game keeps
a snapshot of the document it was started with. ``loading.load_rules(document)`` validates a
document and returns ``Rules``; every bad field is named in ``RulesError.errors``, a
``problems.Problem`` each, whose ``field`` is the path ("meld_schedule.bands[1].from").

The model follows shared/rules/VARIANTS.md §4, trimmed to what scoring needs:
card values, threes, book kinds, going-out bonuses, extras, the opening-meld
schedule, game end and the table setup (used for the red-three limit).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import translation

from scoresheet.problems import Problem, problem_line

FAMILIES = {
    "hand-and-foot": "Hand and Foot",
    "hand-knee-and-foot": "Hand Knee and Foot",
    "canasta": "Canasta",
}

# Card classes for the card-count helper, in the order a player sorts a hand.
CARD_CLASSES = ("jokers", "twos", "aces", "eights_to_kings", "fours_to_sevens", "black_threes")
CARD_CLASS_LABELS = {
    "jokers": "Jokers",
    "twos": "Twos",
    "aces": "Aces",
    "eights_to_kings": "Eights to kings",
    "fours_to_sevens": "Fours to sevens",
    "black_threes": "Black threes",
}
# What a book kind is made of, for the "melded points below what the books hold" check.
BOOK_CARDS = ("natural", "mixed", "wild")
MIN_TEAMS, MAX_TEAMS = 2, 4
# Every number of a rules document is bounded: a bonus of 10^100 is a typo, and its rounds' totals
# would not fit a database column. Points (bonuses, penalties, targets): ±1,000,000 (the presets'
# largest is 50,000); counts (books, cards, rounds, at most a round): 1,000.
MAX_RULE_POINTS = 1_000_000
MAX_RULE_COUNT = 1_000


class RulesError(ValueError):
    """A rules document that cannot be used; ``errors`` has a Problem per bad field, its path as ``field``."""

    def __init__(self, errors: list[Problem]):
        self.errors = errors
        super().__init__("; ".join(problem_line(problem) for problem in errors))


@dataclass(frozen=True)
class BookKind:
    key: str
    label: str  # "Clean book"
    bonus: int
    cards: str = "natural"  # natural | mixed | wild
    required_to_go_out: int = 0
    required_by_round: dict[int, int] = field(default_factory=dict)

    def required_in_round(self, number: int) -> int:
        return self.required_by_round.get(number, self.required_to_go_out)


@dataclass(frozen=True)
class SpecialHand:
    """What a round scores when a side calls or shows a special hand: it replaces everything else."""

    caller: int  # the side that called or showed it
    others: int  # every other side


@dataclass(frozen=True)
class Extra:
    """A counted per-round event: perfect cut, exact draw, knee penalty …"""

    key: str
    label: str
    amount: int  # signed
    max_per_round: int | None = None
    note: str = ""
    # A special hand (British Acaba, the American special hands): entered as this extra, once,
    # by the side that called or showed it; the round then scores these values and nothing else.
    replaces_round_score: SpecialHand | None = None


@dataclass(frozen=True)
class SetBonus:
    min_count: int
    bonus: int


@dataclass(frozen=True)
class RedThrees:
    laid_value: int | None  # None: red threes cannot be laid in this variant
    held_penalty: int | None  # None: red threes are never held (laid at once)
    negative_when_not_melded: bool = False  # Canasta: counts against a team with no meld
    set_bonuses: tuple[SetBonus, ...] = ()
    # Bolivian, Cuban: laid red threes count (positively) only for a side with at least this
    # many books in the round; below it they count nothing, or against the side (``below``).
    positive_with_books: int | None = None
    below: str = "nothing"  # "nothing" | "against"

    def sign(self, books: int, melded: bool) -> int:
        """+1, 0 or −1: how a side's laid red threes count, given its books and whether it melded."""
        if self.positive_with_books is not None:
            if books >= self.positive_with_books:
                return 1
            return -1 if self.below == "against" else 0
        return -1 if self.negative_when_not_melded and not melded else 1

    def set_bonus(self, count: int) -> SetBonus | None:
        """The one set bonus a count earns: the largest threshold reached."""
        reached = [b for b in self.set_bonuses if count >= b.min_count]
        return max(reached, key=lambda b: b.min_count) if reached else None


@dataclass(frozen=True)
class MeldBand:
    low: int | None  # inclusive; None = no lower bound
    high: int | None  # exclusive; None = no upper bound
    requirement: int | str

    def contains(self, score: int) -> bool:
        return (self.low is None or score >= self.low) and (self.high is None or score < self.high)


@dataclass(frozen=True)
class MeldSchedule:
    """Opening-meld requirement by round number or by the team's score before the round."""

    basis: str  # "round" | "score"
    by_round: tuple[int | str, ...] = ()
    bands: tuple[MeldBand, ...] = ()

    def requirement(self, number: int, score_before: int) -> int | str:
        if self.basis == "round":
            index = min(number, len(self.by_round)) - 1
            return self.by_round[max(index, 0)]
        for band in self.bands:
            if band.contains(score_before):
                return band.requirement
        return self.bands[-1].requirement


@dataclass(frozen=True)
class BooksToWin:
    """HF-5: a side that makes this many books in one round scores the bonus and wins at once."""

    books: int
    bonus: int = 0


@dataclass(frozen=True)
class GameEnd:
    rounds: int | None = None
    optional_extra_rounds: int = 0
    target_score: int | None = None
    books_to_win: BooksToWin | None = None

    @property
    def max_rounds(self) -> int | None:
        return None if self.rounds is None else self.rounds + self.optional_extra_rounds


@dataclass(frozen=True)
class Setup:
    team_counts: tuple[int, ...]  # allowed numbers of partnerships; () = no partnerships
    individual_counts: tuple[int, ...]  # allowed numbers of individual players; () = none
    players_per_team: tuple[int, ...] = (2,)
    decks_fixed: int | None = None
    decks_players_plus_one: bool = False
    decks_by_players: dict[int, int] = field(default_factory=dict)
    piles: tuple[tuple[str, int], ...] = ()

    def decks_for(self, players: int) -> int:
        if self.decks_by_players:
            if players in self.decks_by_players:
                return self.decks_by_players[players]
            return max(self.decks_by_players.values())
        if self.decks_players_plus_one:
            return players + 1
        return self.decks_fixed or 0

    def partners_at(self, side_count: int) -> bool:
        """Does a table of ``side_count`` sides play in partnerships, when nobody said? Yes where the
        variant allows that many teams (partnerships are the usual game), else no."""
        return side_count in self.team_counts or not self.individual_counts

    def players_at(self, side_count: int, partners: bool) -> int:
        """The players at a table: teams × the usual team size, or the individual players."""
        return side_count * self.players_per_team[0] if partners else side_count

    def max_decks(self, side_count: int) -> int:
        """The most decks a table with ``side_count`` teams or players can use."""
        player_counts = []
        if side_count in self.team_counts:
            player_counts += [side_count * n for n in self.players_per_team]
        if side_count in self.individual_counts or not player_counts:
            player_counts.append(side_count)
        return max(self.decks_for(p) for p in player_counts)


@dataclass(frozen=True)
class TableRequirement:
    """Going out at some tables only (HF-5: 3 clean and 4 dirty with partners, 1 and 2 without):
    it replaces the book kinds' own requirements at a table it matches."""

    players: tuple[int, ...] = ()  # () = any number of players
    partners: bool | None = None  # None = with or without partners
    books: dict[str, int] = field(default_factory=dict)
    any_books: int = 0

    def matches(self, players: int, partners: bool) -> bool:
        return (not self.players or players in self.players) and self.partners in (None, partners)


@dataclass(frozen=True)
class Source:
    seed: str
    lines: str
    what: str


@dataclass(frozen=True)
class Rules:
    slug: str
    name: str
    family: str
    summary: str
    card_values: dict[str, int | None]
    red_threes: RedThrees
    black_three_penalty: int
    book_size: int
    book_size_by_players: dict[int, int]
    book_kinds: tuple[BookKind, ...]
    required_any_books: int
    going_out_bonus: int
    concealed_bonus: int | None  # None: no concealed going out in this variant
    extras: tuple[Extra, ...]
    meld_schedule: MeldSchedule
    game_end: GameEnd
    setup: Setup
    sources: tuple[Source, ...]
    not_stated: tuple[str, ...]
    notes: tuple[str, ...]  # for maintainers: how we read the sources; never shown to players
    player_notes: tuple[str, ...]  # plain words for the rules card: "Good to know"
    document: dict = field(compare=False, repr=False)
    # American: a side with no book at the end of the round loses its melded card points.
    melded_against_without_books: bool = False
    going_out_by_players: tuple[TableRequirement, ...] = ()
    # The preset's own sentences in other languages: {"fr": {"the English sentence": "sa traduction"}}.
    translations: dict[str, dict[str, str]] = field(default_factory=dict, compare=False, repr=False)

    def said(self, text: str) -> str:
        """One of the document's own sentences (its summary, a note) in the page's language: from its
        translations, or as written (a club's own words, or a sentence changed since it was translated)."""
        return said(self.translations, text)

    @property
    def summary_shown(self) -> str:
        return self.said(self.summary)

    def book_kind(self, key: str) -> BookKind | None:
        return next((k for k in self.book_kinds if k.key == key), None)

    def extra(self, key: str) -> Extra | None:
        return next((e for e in self.extras if e.key == key), None)

    @property
    def special_hands(self) -> tuple[Extra, ...]:
        return tuple(e for e in self.extras if e.replaces_round_score is not None)

    def going_out_books(self, number: int, *, players: int, partners: bool) -> tuple[dict[str, int], int]:
        """What going out needs in round ``number`` at this table: books of each kind, and books of any kind."""
        for requirement in self.going_out_by_players:
            if requirement.matches(players, partners):
                return {k: n for k, n in requirement.books.items() if n}, requirement.any_books
        by_kind = {k.key: k.required_in_round(number) for k in self.book_kinds if k.required_in_round(number)}
        return by_kind, self.required_any_books

    @property
    def points_step(self) -> int:
        """Card points are a multiple of this (5 when every card value is)."""
        values = [v for v in self.card_values.values() if v is not None]
        return 5 if all(v % 5 == 0 for v in values) else 1

    def side_counts(self) -> tuple[int, ...]:
        return tuple(sorted(set(self.setup.team_counts) | set(self.setup.individual_counts)))

    @property
    def smallest_book(self) -> int:
        """The fewest cards a book can have at any table of this variant."""
        return min([self.book_size, *self.book_size_by_players.values()])

    def is_stated(self, path: str) -> bool:
        return path not in self.not_stated


def said(translations: dict[str, dict[str, str]], text: str) -> str:
    """``text`` in the page's language when ``translations`` (a rules document's) has it; else as written."""
    by_text = translations.get(translation.get_language() or "", {})
    return by_text.get(text, text) if isinstance(by_text, dict) else text
