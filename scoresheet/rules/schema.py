"""The rules schema: a variant is data, loaded from a JSON document and checked.

Presets live in ``scoresheet/rules/presets/<slug>.json``; a game keeps a snapshot of the
document it was started with. ``load_rules(document)`` validates a document and
returns a frozen ``Rules``; every bad field is named in ``RulesError.errors``, a
``problems.Problem`` each, whose ``field`` is the path ("meld_schedule.bands[1].from").

The model follows shared/rules/VARIANTS.md §4, trimmed to what scoring needs:
card values, threes, book kinds, going-out bonuses, extras, the opening-meld
schedule, game end and the table setup (used for the red-three limit).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from django.utils import translation

from scoresheet.problems import Problem, problem_line

PRESETS_DIR = Path(__file__).resolve().parent / "presets"

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


# --- loading and validation ------------------------------------------------------------
#
# One function per section of the document. Each takes its section (an empty one when it is
# missing or of the wrong type: that is already reported, and the keys it requires are
# reported missing too) and ``check``, which collects every problem instead of stopping at
# the first, and returns what it built. Sections whose keys sit at the top of the document
# (the name, the book size, going out, sources) take the document.

REQUIRED = ...  # Check.get's default: the key must be present
TYPE_NAMES = {str: "a text", bool: "true or false", list: "a list", dict: "an object"}
KEY_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_")
DOCUMENT_KEYS = (
    "slug",
    "name",
    "family",
    "summary",
    "card_values",
    "red_threes",
    "black_threes",
    "book_size",
    "book_size_by_players",
    "book_kinds",
    "required_any_books",
    "going_out_bonus",
    "concealed_bonus",
    "extras",
    "meld_schedule",
    "game_end",
    "setup",
    "sources",
    "not_stated",
    "notes",
    "player_notes",
    "melded_against_without_books",
    "going_out_by_players",
    "translations",
)


def inside(path: str, key: str | int) -> str:
    """The path of a key or list index within ``path``: "red_threes" + "laid_value", "extras" + 0."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class Check:
    """The problems found in a rules document so far, each with its path as the field."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, path: str, message: str) -> None:
        self.problems.append(Problem(message, field=path))

    def get(self, section: Any, key: str, kind, *, path: str = "", default: Any = REQUIRED, nullable: bool = False):
        """``section[key]`` if it is of ``kind``; otherwise report it and give None (or the default)."""
        if not isinstance(section, dict):
            return None if default is REQUIRED else default
        if key not in section:
            if default is REQUIRED:
                self.fail(inside(path, key), "is required")
                return None
            return default
        value = section[key]
        if value is None and nullable:
            return None
        return self.typed(value, inside(path, key), kind)

    def typed(self, value: Any, path: str, kind):
        """``value`` if it is of ``kind`` (a type, "count", "points" or "requirement") and within its
        bounds; otherwise report it, None. An int is points, and may be negative."""
        whole = isinstance(value, int) and not isinstance(value, bool)
        if kind is int:
            if not whole:
                self.fail(path, f"must be a whole number, not {json.dumps(value)}")
                return None
            return self.bounded(value, path, -MAX_RULE_POINTS, MAX_RULE_POINTS)
        if kind in ("count", "points"):  # a number of books, cards …; points that only count against
            if not whole or value < 0:
                self.fail(path, f"must be a whole number of 0 or more, not {_shown(value)}")
                return None
            return self.bounded(value, path, 0, MAX_RULE_COUNT if kind == "count" else MAX_RULE_POINTS)
        if kind == "requirement":  # an opening-meld requirement: a number or a short text
            if not (whole or isinstance(value, str)) or value == "":
                self.fail(path, f"must be a number of points or a text, not {json.dumps(value)}")
                return None
            return self.bounded(value, path, -MAX_RULE_POINTS, MAX_RULE_POINTS) if whole else value
        if not isinstance(value, kind):
            self.fail(path, f"must be {TYPE_NAMES.get(kind, kind.__name__)}")
            return None
        return value

    def bounded(self, value: int, path: str, least: int, most: int) -> int | None:
        """``value`` if it is from ``least`` to ``most``; otherwise report it, None."""
        if least <= value <= most:
            return value
        if least == 0:
            self.fail(path, f"must be at most {most:,}, not {_shown(value)}")
        else:
            self.fail(path, f"must be between {least:,} and {most:,}, not {_shown(value)}")
        return None

    def valid_key(self, key: Any, path: str) -> bool:
        """Is ``key`` a usable key for a book kind or extra? Reports it when not."""
        if not isinstance(key, str) or not key or not set(key) <= KEY_CHARS:
            self.fail(path, f"must be a lower-case key such as 'clean', not {json.dumps(key)}")
            return False
        return True

    def objects(self, items: list, path: str, what: str = ""):
        """(path, item) for each object in the list at ``path``; an item that is not one is reported."""
        for index, item in enumerate(items):
            if isinstance(item, dict):
                yield inside(path, index), item
            else:
                self.fail(inside(path, index), f"must be an object{what}")

    def counts(self, value: Any, path: str) -> tuple[int, ...]:
        """A list of allowed numbers of teams or players (2 to 8); None = none allowed."""
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(path, "must be a list of numbers")
            return ()
        counts = []
        for index, item in enumerate(value):
            count = self.typed(item, inside(path, index), "count")
            if count is not None:
                if not MIN_TEAMS <= count <= 8:
                    self.fail(inside(path, index), "must be between 2 and 8")
                counts.append(count)
        return tuple(counts)

    def players_map(self, section: Any, key: str, *, path: str = "", low: int, high: int, what: str) -> dict[int, int]:
        """An object such as {"3": 7}: a player count → a whole number from low to high."""
        mapping = {}
        for players, number in (self.get(section, key, dict, path=path, default={}) or {}).items():
            if (
                _small_number(players)
                and isinstance(number, int)
                and not isinstance(number, bool)
                and low <= number <= high
            ):
                mapping[int(players)] = number
            else:
                self.fail(inside(inside(path, key), players), f"must map a player count to {what}")
        return mapping


def _shown(value: Any) -> str:
    """A value for a message: a number of far too many digits is not spelt out."""
    text = json.dumps(value)
    if isinstance(value, int) and len(text) > 20:
        return f"a number of {len(text.lstrip('-')):,} digits"
    return text


def _small_number(key: Any) -> bool:
    """Is ``key`` (an object's key: a number of players, a round) written as a number of 1 to 4 digits?"""
    text = str(key)
    return text.isascii() and text.isdigit() and len(text) <= 4


def load_rules(document: Any) -> Rules:
    """Validate a rules document and build ``Rules``; raise ``RulesError`` naming every bad field."""
    if not isinstance(document, dict):
        raise RulesError([Problem("a rules document must be a JSON object")])
    check = Check()

    def section(key: str) -> dict:
        return check.get(document, key, dict) or {}

    identity = _identity(document, check)
    card_values = _card_values(section("card_values"), check)
    red_threes = _red_threes(section("red_threes"), check)
    black_three_penalty = _black_threes(section("black_threes"), check)
    book_size = _book_size(document, check)
    book_kinds = _book_kinds(check.get(document, "book_kinds", list), check)
    extras = _extras(
        check.get(document, "extras", list, default=[]) or [], check, taken={kind.key for kind in book_kinds}
    )
    going_out = _going_out(document, check)
    meld_schedule = _meld_schedule(section("meld_schedule"), check)
    game_end = _game_end(document, check)
    setup = _setup(section("setup"), check)
    sources_and_notes = _sources_and_notes(document, check)
    melded_against = _melded_against(document, check)
    by_players = _going_out_by_players(document, check, kinds={kind.key for kind in book_kinds})
    translations = _translations(document, check)
    _unknown_keys(document, check)
    if check.problems:
        raise RulesError(check.problems)
    return Rules(
        **identity,
        card_values=card_values,
        red_threes=red_threes,
        black_three_penalty=black_three_penalty,
        **book_size,
        book_kinds=book_kinds,
        **going_out,
        extras=extras,
        meld_schedule=meld_schedule,
        game_end=game_end,
        setup=setup,
        **sources_and_notes,
        document=document,
        melded_against_without_books=melded_against,
        going_out_by_players=by_players,
        translations=translations,
    )


def _identity(document: dict, check: Check) -> dict:
    """slug, name, family and summary."""
    slug = check.get(document, "slug", str)
    if slug is not None and (not slug or not set(slug) <= KEY_CHARS | {"-"}):
        check.fail("slug", "must be lower-case letters, digits and dashes")
    name = check.get(document, "name", str)
    if name is not None and not name.strip():
        check.fail("name", "must not be empty")
    family = check.get(document, "family", str)
    if family is not None and family not in FAMILIES:
        check.fail("family", f"must be one of {', '.join(FAMILIES)}")
    summary = check.get(document, "summary", str, default="")
    return {"slug": slug, "name": name.strip() if name else name, "family": family, "summary": summary}


def _card_values(section: dict, check: Check) -> dict[str, int | None]:
    """The melded value of each card class; null = cannot be melded."""
    for key in section:
        if key not in CARD_CLASSES:
            check.fail(inside("card_values", key), f"is not a card class ({', '.join(CARD_CLASSES)})")
    return {key: check.get(section, key, int, path="card_values", nullable=True) for key in CARD_CLASSES}


def _red_threes(section: dict, check: Check) -> RedThrees:
    path = "red_threes"
    set_bonuses = []
    items = check.get(section, "set_bonuses", list, path=path, default=[]) or []
    for bonus_path, item in check.objects(items, "red_threes.set_bonuses", " with min_count and bonus"):
        min_count = check.get(item, "min_count", "count", path=bonus_path)
        bonus = check.get(item, "bonus", int, path=bonus_path)
        if min_count is not None and bonus is not None:
            set_bonuses.append(SetBonus(min_count, bonus))
    laid_value = check.get(section, "laid_value", int, path=path, nullable=True)
    held_penalty = check.get(section, "held_penalty", "points", path=path, nullable=True)
    negative = check.get(section, "negative_when_not_melded", bool, path=path, default=False)
    if set_bonuses and laid_value is None:
        check.fail("red_threes.set_bonuses", "needs red threes that can be laid (laid_value)")
    needs_books, below = _positive_with_books(section, check)
    if needs_books is not None and laid_value is None:
        check.fail("red_threes.positive_with_books", "needs red threes that can be laid (laid_value)")
    if needs_books is not None and negative:
        check.fail(
            "red_threes.negative_when_not_melded",
            "leave it out with positive_with_books, whose 'otherwise' says how the red threes of a side "
            "with fewer books count",
        )
    return RedThrees(
        laid_value=laid_value,
        held_penalty=held_penalty,
        negative_when_not_melded=bool(negative),
        set_bonuses=tuple(set_bonuses),
        positive_with_books=needs_books,
        below=below,
    )


RED_THREES_BELOW = ("nothing", "against")


def _positive_with_books(section: dict, check: Check) -> tuple[int | None, str]:
    """Red threes that count only for a side with enough books (Bolivian CN-4, Cuban CN-6).

    Sketch::

        "red_threes": {"laid_value": 100, "held_penalty": 100,
                       "positive_with_books": {"books": 2, "otherwise": "against"}}

    ``books``: the books (of any kind, made in the round) a side needs for its laid red threes,
    and their set bonuses, to count positively. ``otherwise``: how they count for a side with
    fewer — "nothing" (0, the default) or "against" (negative, as Classic's no-meld rule).
    Cuban "Threes are only scored if canastas are made" (000 L445) is {"books": 1, "otherwise":
    "nothing"}. Bolivian "Red threes count positive only when two or more canastas have been
    fused" (000 L437) does not say what happens below two (VARIANTS §4.2, §3 is silent); we read
    "count positive only when" as "count negative otherwise" — the plain contrast, and the
    Classic parent's treatment of red threes that a side has not earned: {"books": 2,
    "otherwise": "against"}, with the "otherwise" in the preset's not_stated.
    """
    path = "red_threes.positive_with_books"
    item = check.get(section, "positive_with_books", dict, path="red_threes", default=None, nullable=True)
    if item is None:
        return None, "nothing"
    books = check.get(item, "books", "count", path=path)
    if books is not None and not 1 <= books <= 20:
        check.fail(inside(path, "books"), f"must be between 1 and 20 books, not {books}")
        books = None
    below = check.get(item, "otherwise", str, path=path, default="nothing")
    if below is not None and below not in RED_THREES_BELOW:
        check.fail(inside(path, "otherwise"), f"must be one of {', '.join(RED_THREES_BELOW)}, not {json.dumps(below)}")
    for key in item:
        if key not in ("books", "otherwise"):
            check.fail(inside(path, key), "is not a field of positive_with_books (books, otherwise)")
    return books, below if below in RED_THREES_BELOW else "nothing"


def _black_threes(section: dict, check: Check) -> int | None:
    """The penalty for each black three caught in hand."""
    return check.get(section, "held_penalty", "points", path="black_threes")


def _book_size(document: dict, check: Check) -> dict:
    """book_size, and book_size_by_players where the size depends on the table."""
    book_size = check.get(document, "book_size", "count", default=7)
    if book_size is not None and not 3 <= book_size <= 20:
        check.fail("book_size", "must be between 3 and 20 cards")
    by_players = check.players_map(
        document, "book_size_by_players", low=3, high=20, what="a book size of 3 to 20 cards"
    )
    return {"book_size": book_size, "book_size_by_players": by_players}


def _book_kinds(section: list | None, check: Check) -> tuple[BookKind, ...]:
    """The kinds of book and their bonuses. ``section`` is None when it is missing or not a list (reported)."""
    if section == []:
        check.fail("book_kinds", "needs at least one book kind")
    kinds: list[BookKind] = []
    for path, item in check.objects(section or [], "book_kinds"):
        key = item.get("key")
        if not check.valid_key(key, inside(path, "key")):
            continue
        if any(kind.key == key for kind in kinds):
            check.fail(inside(path, "key"), f"'{key}' is listed twice")
        cards = check.get(item, "cards", str, path=path, default="natural")
        if cards not in BOOK_CARDS:
            check.fail(inside(path, "cards"), f"must be one of {', '.join(BOOK_CARDS)}")
        kinds.append(
            BookKind(
                key=key,
                label=check.get(item, "label", str, path=path) or key,
                bonus=check.get(item, "bonus", int, path=path) or 0,
                cards=cards if cards in BOOK_CARDS else "natural",
                required_to_go_out=check.get(item, "required_to_go_out", "count", path=path, default=0) or 0,
                required_by_round=_required_by_round(item, check, path),
            )
        )
    return tuple(kinds)


def _required_by_round(kind: dict, check: Check, path: str) -> dict[int, int]:
    """A book kind's {"round number": books required to go out} where it differs from round to round."""
    required = {}
    path = inside(path, "required_by_round")
    for number, count in (check.get(kind, "required_by_round", dict, default={}) or {}).items():
        if not _small_number(number) or int(number) < 1:
            check.fail(inside(path, number), "must be keyed by a round number")
            continue
        count = check.typed(count, inside(path, number), "count")
        if count is not None:
            required[int(number)] = count
    return required


def _extras(section: list, check: Check, *, taken: set[str]) -> tuple[Extra, ...]:
    """Counted per-round events; ``taken`` are the book kinds' keys, which an extra cannot reuse."""
    extras: list[Extra] = []
    taken = set(taken)
    for path, item in check.objects(section, "extras"):
        key = item.get("key")
        if not check.valid_key(key, inside(path, "key")):
            continue
        if key in taken:
            check.fail(inside(path, "key"), f"'{key}' is already used by a book kind or extra")
        taken.add(key)
        special = _special_hand(item, check, path)
        max_per_round = check.get(item, "max_per_round", "count", path=path, default=None, nullable=True)
        if special is not None and max_per_round not in (None, 1):
            check.fail(inside(path, "max_per_round"), "must be 1 for a special hand: it is called once")
        extras.append(
            Extra(
                key=key,
                label=check.get(item, "label", str, path=path) or key,
                amount=0 if special else check.get(item, "amount", int, path=path) or 0,
                max_per_round=1 if special else max_per_round,
                note=check.get(item, "note", str, path=path, default="") or "",
                replaces_round_score=special,
            )
        )
    return tuple(extras)


def _special_hand(item: dict, check: Check, path: str) -> SpecialHand | None:
    """An extra that replaces the round's score for every side (British Acaba CN-7, American special hands CN-2).

    Sketch::

        {"key": "acaba", "label": "Acaba called",
         "replaces_round_score": {"caller": 0, "others": 1500}}

    The side that calls or shows the hand enters the extra (count 1, at most one a round); the
    round then scores ``caller`` for that side and ``others`` for every other side, and nothing
    else entered that round counts. No ``amount`` (the caller's score is ``caller``).
    Acaba "immediately loses the round, giving the opposing player or team 1,500 points and
    gaining 0 points" (000 L441): caller 0, others 1500. American "The team only gets the points
    for the special hand" (000 L428): e.g. the straight is caller 3000, others 0 (the others'
    score is not stated; the hand "ends immediately", so they score nothing).
    """
    special = check.get(item, "replaces_round_score", dict, path=path, default=None, nullable=True)
    if special is None:
        return None
    where = inside(path, "replaces_round_score")
    caller = check.get(special, "caller", int, path=where)
    others = check.get(special, "others", int, path=where)
    for key in special:
        if key not in ("caller", "others"):
            check.fail(inside(where, key), "is not a field of replaces_round_score (caller, others)")
    if "amount" in item:
        check.fail(inside(path, "amount"), "leave it out for a special hand: replaces_round_score says what it scores")
    for name, value in (("caller", caller), ("others", others)):
        if value is not None and abs(value) > 100_000:
            check.fail(inside(where, name), f"must be between -100,000 and 100,000, not {value}")
    if caller is None or others is None:
        return None
    return SpecialHand(caller=caller, others=others)


def _meld_schedule(section: dict, check: Check) -> MeldSchedule:
    path = "meld_schedule"
    basis = check.get(section, "basis", str, path=path)
    if basis == "round":
        return MeldSchedule(basis=basis, by_round=_meld_by_round(section, check))
    if basis == "score":
        return MeldSchedule(basis=basis, bands=_meld_bands(section, check))
    if basis is not None:
        check.fail("meld_schedule.basis", "must be 'round' or 'score'")
    return MeldSchedule(basis=basis)


def _meld_by_round(schedule: dict, check: Check) -> tuple[int | str, ...]:
    requirements = check.get(schedule, "by_round", list, path="meld_schedule")
    if requirements == []:
        check.fail("meld_schedule.by_round", "needs a requirement for round 1")
    return tuple(
        check.typed(requirement, inside("meld_schedule.by_round", index), "requirement")
        for index, requirement in enumerate(requirements or [])
    )


def _meld_bands(schedule: dict, check: Check) -> tuple[MeldBand, ...]:
    """Bands of the score before the round, [from, to), that must tile the whole score line."""
    if schedule.get("bands") == []:
        check.fail("meld_schedule.bands", "needs at least one band")
    bands: list[MeldBand] = []
    items = check.get(schedule, "bands", list, path="meld_schedule") or []
    for path, item in check.objects(items, "meld_schedule.bands", " with from, to and requirement"):
        bands.append(
            MeldBand(
                low=check.get(item, "from", int, path=path, nullable=True),
                high=check.get(item, "to", int, path=path, nullable=True),
                requirement=check.get(item, "requirement", "requirement", path=path),
            )
        )
    for index in range(1, len(bands)):
        before = bands[index - 1]
        if before.high is None or before.high != bands[index].low:
            check.fail(f"meld_schedule.bands[{index}].from", "must equal the previous band's 'to'")
    if bands and bands[0].low is not None:
        check.fail("meld_schedule.bands[0].from", "must be null so that every score has a band")
    if bands and bands[-1].high is not None:
        check.fail(f"meld_schedule.bands[{len(bands) - 1}].to", "must be null so that every score has a band")
    return tuple(bands)


def _game_end(document: dict, check: Check) -> GameEnd:
    """A number of rounds or a target score. It takes the document: a missing section and an empty one
    are different errors ("game_end is required", "game_end needs either 'rounds' or 'target_score'")."""
    path = "game_end"
    section = check.get(document, "game_end", dict)
    rounds = check.get(section, "rounds", "count", path=path, default=None, nullable=True)
    target = check.get(section, "target_score", "points", path=path, default=None, nullable=True)
    extra_rounds = check.get(section, "optional_extra_rounds", "count", path=path, default=0) or 0
    if section is not None and (rounds is None) == (target is None):
        check.fail("game_end", "needs either 'rounds' or 'target_score'")
    if rounds is not None and not 1 <= rounds <= 50:
        check.fail("game_end.rounds", "must be between 1 and 50")
    return GameEnd(
        rounds=rounds,
        optional_extra_rounds=extra_rounds,
        target_score=target,
        books_to_win=_books_to_win(section, check),
    )


def _books_to_win(section: dict | None, check: Check) -> BooksToWin | None:
    """A number of books in one round that wins the game at once (HF-5's seven canastas).

    Sketch::

        "game_end": {"rounds": 4, "books_to_win": {"books": 7, "bonus": 5000}}

    "any player/team that manages to meld 7 canastas in a hand (natural or mixed) will
    automatically receive 5000 points and thus win the game" (000 L476). A side whose entry
    has ``books`` books or more (of any kind) in a round scores ``bonus`` on top of its round,
    and the game ends with that round; that side wins (of several that did it in the same
    round, the higher total), whatever the other totals.
    """
    path = "game_end.books_to_win"
    item = check.get(section, "books_to_win", dict, path="game_end", default=None, nullable=True)
    if item is None:
        return None
    books = check.get(item, "books", "count", path=path)
    bonus = check.get(item, "bonus", int, path=path, default=0)
    if books is not None and not 1 <= books <= 50:
        check.fail(inside(path, "books"), f"must be between 1 and 50 books, not {books}")
        books = None
    for key in item:
        if key not in ("books", "bonus"):
            check.fail(inside(path, key), "is not a field of books_to_win (books, bonus)")
    if books is None or bonus is None:
        return None
    return BooksToWin(books=books, bonus=bonus)


def _setup(section: dict, check: Check) -> Setup:
    """The table: allowed numbers of teams or players, decks and the piles each player is dealt."""
    decks = check.get(section, "decks", dict, path="setup") or {}
    piles = []
    items = check.get(section, "piles", list, path="setup", default=[]) or []
    for path, pile in check.objects(items, "setup.piles", " with name and cards"):
        name, cards = check.get(pile, "name", str, path=path), check.get(pile, "cards", "count", path=path)
        if name and cards is not None:
            piles.append((name, cards))
    setup = Setup(
        team_counts=check.counts(section.get("team_counts"), "setup.team_counts"),
        individual_counts=check.counts(section.get("individual_counts"), "setup.individual_counts"),
        players_per_team=check.counts(section.get("players_per_team", [2]), "setup.players_per_team") or (2,),
        decks_fixed=check.get(decks, "fixed", "count", path="setup.decks", default=None),
        decks_players_plus_one=bool(check.get(decks, "players_plus_one", bool, path="setup.decks", default=False)),
        decks_by_players=check.players_map(
            decks, "by_players", path="setup.decks", low=1, high=20, what="a number of decks"
        ),
        piles=tuple(piles),
    )
    if section and not (setup.team_counts or setup.individual_counts):
        check.fail("setup.team_counts", "the variant needs at least one allowed number of teams or players")
    if decks and not (setup.decks_fixed or setup.decks_players_plus_one or setup.decks_by_players):
        check.fail("setup.decks", "needs 'fixed', 'players_plus_one' or 'by_players'")
    return setup


def _melded_against(document: dict, check: Check) -> bool:
    """``melded_against_without_books`` (American CN-2).

    Sketch::

        "melded_against_without_books": true

    "If a team does not have complete canastas at the end of the game, any cards that have been
    fused will count against that team … A team with at least one canasta gets bonus points for
    these cards as usual" (000 L432). We read "the end of the game" as the end of each hand (the
    round is what is scored; the same line says "in addition to the above penalties", which are
    per hand): a side with no book in the round scores its melded card points negative.
    """
    return bool(check.get(document, "melded_against_without_books", bool, default=False))


def _sources_and_notes(document: dict, check: Check) -> dict:
    """Where each rule comes from and what the sources leave unsaid (for maintainers), and the
    plain-words notes players see on the rules card."""
    sources = []
    items = check.get(document, "sources", list, default=[]) or []
    for path, item in check.objects(items, "sources", " with seed, lines and what"):
        sources.append(
            Source(
                seed=check.get(item, "seed", str, path=path) or "",
                lines=check.get(item, "lines", str, path=path, default="") or "",
                what=check.get(item, "what", str, path=path, default="") or "",
            )
        )
    texts = {}
    for key in ("not_stated", "notes", "player_notes"):
        texts[key] = tuple(check.get(document, key, list, default=[]) or [])
        for index, text in enumerate(texts[key]):
            check.typed(text, inside(key, index), str)
    return {"sources": tuple(sources), **texts}


def _going_out_by_players(document: dict, check: Check, *, kinds: set[str]) -> tuple[TableRequirement, ...]:
    """Going-out requirements that depend on the table (HF-5).

    Sketch::

        "going_out_by_players": [
          {"partners": true,  "books": {"clean": 3, "dirty": 4}},
          {"partners": false, "books": {"clean": 1, "dirty": 2}}
        ]
        "going_out_by_players": [{"players": [4], "books": {"clean": 2}},
                                 {"players": [6], "any_books": 3}]

    Each item says which tables it is for — ``players`` (the numbers of players at the table:
    teams × players per team, or the individual players) and/or ``partners`` (true: teams,
    false: everyone on their own) — and what going out needs there: ``books`` (book kind →
    count) and ``any_books`` (books of any kind). The first item that matches the game's table
    replaces the book kinds' required_to_go_out / required_by_round and required_any_books;
    at a table no item matches, those apply. HF-5: "three red … and four black … canastas. If
    playing a single game (i.e. no partners), one red canasta and two black canasta are
    required" (000 L456): the two items above.
    """
    items = check.get(document, "going_out_by_players", list, default=[]) or []
    requirements = []
    for path, item in check.objects(items, "going_out_by_players", " with players or partners, and books"):
        players = check.counts(item.get("players"), inside(path, "players")) if "players" in item else ()
        partners = check.get(item, "partners", bool, path=path, default=None)
        if not players and partners is None:
            check.fail(path, "needs 'players' (a list of numbers of players) or 'partners' (true or false)")
        books = {}
        for key, count in (check.get(item, "books", dict, path=path, default={}) or {}).items():
            if key not in kinds:
                check.fail(inside(inside(path, "books"), key), f"is not a book kind ({', '.join(sorted(kinds))})")
                continue
            count = check.typed(count, inside(inside(path, "books"), key), "count")
            if count is not None:
                books[key] = count
        any_books = check.get(item, "any_books", "count", path=path, default=0) or 0
        for key in item:
            if key not in ("players", "partners", "books", "any_books"):
                check.fail(inside(path, key), "is not a field here (players, partners, books, any_books)")
        requirements.append(TableRequirement(players=players, partners=partners, books=books, any_books=any_books))
    return tuple(requirements)


def said(translations: dict[str, dict[str, str]], text: str) -> str:
    """``text`` in the page's language when ``translations`` (a rules document's) has it; else as written."""
    by_text = translations.get(translation.get_language() or "", {})
    return by_text.get(text, text) if isinstance(by_text, dict) else text


def _translations(document: dict, check: Check) -> dict[str, dict[str, str]]:
    """The document's own sentences in other languages, each keyed by the sentence as written:
    {"fr": {"Four deals.": "Quatre donnes."}}. A sentence changed since keeps its own words."""
    languages = check.get(document, "translations", dict, default={}) or {}
    for code, by_text in languages.items():
        path = inside("translations", code)
        if not isinstance(by_text, dict):
            check.fail(path, "must map each sentence to its translation")
            continue
        for text, said_so in by_text.items():
            check.typed(said_so, inside(path, text), str)
    return languages


def _unknown_keys(document: dict, check: Check) -> None:
    for key in document:
        if key not in DOCUMENT_KEYS:
            check.fail(key, "is not a rules field")


def _going_out(document: dict, check: Check) -> dict:
    """What going out needs (books of any kind) and pays (the bonus, and for going out concealed)."""
    return {
        "required_any_books": check.get(document, "required_any_books", "count", default=0) or 0,
        "going_out_bonus": check.get(document, "going_out_bonus", int),
        "concealed_bonus": check.get(document, "concealed_bonus", int, default=None, nullable=True),
    }


# --- presets ------------------------------------------------------------------------------

PRESET_SLUGS = (
    "hand-and-foot",
    "hand-and-foot-6-deck",
    "hand-and-foot-canasta",
    "hand-and-foot-11-card",
    "hand-and-foot-individual",
    "hand-knee-and-foot",
    "hand-knee-and-foot-by-round",
    "canasta",
    # issue 11: the rest of the sources' rule sets (PRODUCT.md "More presets")
    "hand-and-foot-earl",
    "hand-and-foot-basic",
    "hand-and-foot-saskatchewan",
    "hand-and-foot-brouillette",
    "hand-and-foot-brouillette-partners",
    "hand-and-foot-brouillette-partners-low",
    "hand-and-foot-gocc",
    "hand-and-foot-3-red-4-black",
    "canasta-modern-american",
    "samba",
    "bolivian-canasta",
    "brazilian-canasta",
    "cuban-canasta",
    "british-canasta",
)


def preset_document(slug: str) -> dict:
    """The JSON document of a preset (a fresh copy); KeyError for an unknown slug."""
    if slug not in PRESET_SLUGS:
        raise KeyError(slug)
    return json.loads((PRESETS_DIR / f"{slug}.json").read_text(encoding="utf-8"))


@cache
def preset(slug: str) -> Rules:
    """A preset's validated rules; KeyError for an unknown slug."""
    return load_rules(preset_document(slug))


def presets() -> list[Rules]:
    return [preset(slug) for slug in PRESET_SLUGS]
