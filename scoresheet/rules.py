"""The rules schema: a variant is data, loaded from a JSON document and checked.

Presets live in ``scoresheet/presets/<slug>.json``; a game keeps a snapshot of the
document it was started with. ``load_rules(document)`` validates a document and
returns a frozen ``Rules``; every bad field is named in ``RulesError.errors``.

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


class RulesError(ValueError):
    """A rules document that cannot be used; ``errors`` is a list of (path, message)."""

    def __init__(self, errors: list[tuple[str, str]]):
        self.errors = errors
        super().__init__("; ".join(f"{path}: {message}" for path, message in errors))


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
class Extra:
    """A counted per-round event: perfect cut, exact draw, knee penalty …"""

    key: str
    label: str
    amount: int  # signed
    max_per_round: int | None = None
    note: str = ""


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
class GameEnd:
    rounds: int | None = None
    optional_extra_rounds: int = 0
    target_score: int | None = None

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

    def max_decks(self, side_count: int) -> int:
        """The most decks a table with ``side_count`` teams or players can use."""
        player_counts = []
        if side_count in self.team_counts:
            player_counts += [side_count * n for n in self.players_per_team]
        if side_count in self.individual_counts or not player_counts:
            player_counts.append(side_count)
        return max(self.decks_for(p) for p in player_counts)


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
    notes: tuple[str, ...]
    document: dict = field(compare=False, repr=False)

    @property
    def family_name(self) -> str:
        return FAMILIES[self.family]

    def book_kind(self, key: str) -> BookKind | None:
        return next((k for k in self.book_kinds if k.key == key), None)

    def extra(self, key: str) -> Extra | None:
        return next((e for e in self.extras if e.key == key), None)

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

    @property
    def is_stated_going_out(self) -> bool:
        return self.is_stated("going_out_bonus")

    @property
    def piles_text(self) -> str:
        """"hand, knee and foot": where cards are left at the end of a round."""
        names = [name for name, _ in self.setup.piles] or ["hand"]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --- loading and validation ------------------------------------------------------------


class _Checker:
    """Collects every problem in a document instead of stopping at the first."""

    def __init__(self) -> None:
        self.errors: list[tuple[str, str]] = []

    def fail(self, path: str, message: str) -> None:
        self.errors.append((path, message))

    def get(self, obj: Any, key: str, path: str, kind, *, default=..., nullable=False):
        if not isinstance(obj, dict):
            return None if default is ... else default
        if key not in obj:
            if default is ...:
                self.fail(f"{path}{key}", "is required")
                return None
            return default
        value = obj[key]
        if value is None and nullable:
            return None
        return self.check_type(value, f"{path}{key}", kind)

    def check_type(self, value: Any, path: str, kind):
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                self.fail(path, f"must be a whole number, not {json.dumps(value)}")
                return None
        elif kind == "count":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                self.fail(path, f"must be a whole number of 0 or more, not {json.dumps(value)}")
                return None
        elif kind == "req":  # an opening-meld requirement: a number or a short text
            if isinstance(value, bool) or not isinstance(value, (int, str)) or value == "":
                self.fail(path, f"must be a number of points or a text, not {json.dumps(value)}")
                return None
        elif not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.fail(path, f"must be {_TYPE_NAMES.get(kind, kind.__name__)}")
            return None
        return value


_TYPE_NAMES = {str: "a text", bool: "true or false", list: "a list", dict: "an object"}
_KEY_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_")


def _check_key(c: _Checker, key: Any, path: str) -> bool:
    if not isinstance(key, str) or not key or not set(key) <= _KEY_CHARS:
        c.fail(path, f"must be a lower-case key such as 'clean', not {json.dumps(key)}")
        return False
    return True


def _counts(c: _Checker, value: Any, path: str) -> tuple[int, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        c.fail(path, "must be a list of numbers")
        return ()
    out = []
    for i, n in enumerate(value):
        n = c.check_type(n, f"{path}[{i}]", "count")
        if n is not None:
            if not MIN_TEAMS <= n <= 8:
                c.fail(f"{path}[{i}]", "must be between 2 and 8")
            out.append(n)
    return tuple(out)


def _players_map(c: _Checker, obj: Any, key: str, path: str, low: int, high: int, what: str) -> dict[int, int]:
    """An object such as {"3": 7}: player count → a whole number from low to high."""
    out = {}
    for players, n in (c.get(obj, key, path, dict, default={}) or {}).items():
        if str(players).isdigit() and isinstance(n, int) and not isinstance(n, bool) and low <= n <= high:
            out[int(players)] = n
        else:
            c.fail(f"{path}{key}.{players}", f"must map a player count to {what}")
    return out


def load_rules(document: Any) -> Rules:
    """Validate a rules document and build ``Rules``; raise ``RulesError`` naming every bad field."""
    c = _Checker()
    if not isinstance(document, dict):
        raise RulesError([("", "a rules document must be a JSON object")])
    d = document

    slug = c.get(d, "slug", "", str)
    if slug is not None and (not slug or not set(slug) <= _KEY_CHARS | {"-"}):
        c.fail("slug", "must be lower-case letters, digits and dashes")
    name = c.get(d, "name", "", str)
    if name is not None and not name.strip():
        c.fail("name", "must not be empty")
    family = c.get(d, "family", "", str)
    if family is not None and family not in FAMILIES:
        c.fail("family", f"must be one of {', '.join(FAMILIES)}")
    summary = c.get(d, "summary", "", str, default="")

    # Card values: melded value per card class; null = cannot be melded.
    raw_values = c.get(d, "card_values", "", dict) or {}
    card_values: dict[str, int | None] = {}
    for key in raw_values:
        if key not in CARD_CLASSES:
            c.fail(f"card_values.{key}", f"is not a card class ({', '.join(CARD_CLASSES)})")
    for key in CARD_CLASSES:
        card_values[key] = c.get(raw_values, key, "card_values.", int, nullable=True)

    rt = c.get(d, "red_threes", "", dict) or {}
    set_bonuses = []
    for i, b in enumerate(c.get(rt, "set_bonuses", "red_threes.", list, default=[]) or []):
        p = f"red_threes.set_bonuses[{i}]."
        if not isinstance(b, dict):
            c.fail(p[:-1], "must be an object with min_count and bonus")
            continue
        mc, bonus = c.get(b, "min_count", p, "count"), c.get(b, "bonus", p, int)
        if mc is not None and bonus is not None:
            set_bonuses.append(SetBonus(mc, bonus))
    laid_value = c.get(rt, "laid_value", "red_threes.", int, nullable=True)
    held_penalty = c.get(rt, "held_penalty", "red_threes.", "count", nullable=True)
    red_threes = RedThrees(
        laid_value=laid_value,
        held_penalty=held_penalty,
        negative_when_not_melded=bool(c.get(rt, "negative_when_not_melded", "red_threes.", bool, default=False)),
        set_bonuses=tuple(set_bonuses),
    )
    if set_bonuses and laid_value is None:
        c.fail("red_threes.set_bonuses", "needs red threes that can be laid (laid_value)")
    bt = c.get(d, "black_threes", "", dict) or {}
    black_penalty = c.get(bt, "held_penalty", "black_threes.", "count")

    book_size = c.get(d, "book_size", "", "count", default=7)
    if book_size is not None and not 3 <= book_size <= 20:
        c.fail("book_size", "must be between 3 and 20 cards")
    book_size_by_players = _players_map(c, d, "book_size_by_players", "", 3, 20, "a book size of 3 to 20 cards")

    kinds: list[BookKind] = []
    raw_kinds = c.get(d, "book_kinds", "", list) or []
    if isinstance(d.get("book_kinds"), list) and not raw_kinds:
        c.fail("book_kinds", "needs at least one book kind")
    seen: set[str] = set()
    for i, k in enumerate(raw_kinds):
        p = f"book_kinds[{i}]."
        if not isinstance(k, dict):
            c.fail(p[:-1], "must be an object")
            continue
        key = k.get("key")
        if not _check_key(c, key, p + "key"):
            continue
        if key in seen:
            c.fail(p + "key", f"'{key}' is listed twice")
        seen.add(key)
        cards = c.get(k, "cards", p, str, default="natural")
        if cards not in BOOK_CARDS:
            c.fail(p + "cards", f"must be one of {', '.join(BOOK_CARDS)}")
        by_round_raw = c.get(k, "required_by_round", p, dict, default={}) or {}
        by_round = {}
        for rnd, n in by_round_raw.items():
            if not str(rnd).isdigit() or int(rnd) < 1:
                c.fail(f"{p}required_by_round.{rnd}", "must be keyed by a round number")
                continue
            n = c.check_type(n, f"{p}required_by_round.{rnd}", "count")
            if n is not None:
                by_round[int(rnd)] = n
        kinds.append(
            BookKind(
                key=key,
                label=c.get(k, "label", p, str) or key,
                bonus=c.get(k, "bonus", p, int) or 0,
                cards=cards if cards in BOOK_CARDS else "natural",
                required_to_go_out=c.get(k, "required_to_go_out", p, "count", default=0) or 0,
                required_by_round=by_round,
            )
        )

    extras: list[Extra] = []
    for i, e in enumerate(c.get(d, "extras", "", list, default=[]) or []):
        p = f"extras[{i}]."
        if not isinstance(e, dict):
            c.fail(p[:-1], "must be an object")
            continue
        key = e.get("key")
        if not _check_key(c, key, p + "key"):
            continue
        if key in seen:
            c.fail(p + "key", f"'{key}' is already used by a book kind or extra")
        seen.add(key)
        max_per_round = c.get(e, "max_per_round", p, "count", default=None, nullable=True)
        extras.append(
            Extra(
                key=key,
                label=c.get(e, "label", p, str) or key,
                amount=c.get(e, "amount", p, int) or 0,
                max_per_round=max_per_round,
                note=c.get(e, "note", p, str, default="") or "",
            )
        )

    ms = c.get(d, "meld_schedule", "", dict) or {}
    basis = c.get(ms, "basis", "meld_schedule.", str)
    by_round: tuple = ()
    bands: list[MeldBand] = []
    if basis == "round":
        raw = c.get(ms, "by_round", "meld_schedule.", list) or []
        if isinstance(ms.get("by_round"), list) and not raw:
            c.fail("meld_schedule.by_round", "needs a requirement for round 1")
        by_round = tuple(c.check_type(r, f"meld_schedule.by_round[{i}]", "req") for i, r in enumerate(raw))
    elif basis == "score":
        raw = c.get(ms, "bands", "meld_schedule.", list) or []
        if isinstance(ms.get("bands"), list) and not raw:
            c.fail("meld_schedule.bands", "needs at least one band")
        for i, b in enumerate(raw):
            p = f"meld_schedule.bands[{i}]."
            if not isinstance(b, dict):
                c.fail(p[:-1], "must be an object with from, to and requirement")
                continue
            low = c.get(b, "from", p, int, nullable=True)
            high = c.get(b, "to", p, int, nullable=True)
            req = c.get(b, "requirement", p, "req")
            bands.append(MeldBand(low, high, req))
        for i in range(1, len(bands)):  # bands must tile the score line: [from, to) in order
            if bands[i - 1].high is None or bands[i - 1].high != bands[i].low:
                c.fail(f"meld_schedule.bands[{i}].from", "must equal the previous band's 'to'")
        if bands and bands[0].low is not None:
            c.fail("meld_schedule.bands[0].from", "must be null so that every score has a band")
        if bands and bands[-1].high is not None:
            c.fail(f"meld_schedule.bands[{len(bands) - 1}].to", "must be null so that every score has a band")
    elif basis is not None:
        c.fail("meld_schedule.basis", "must be 'round' or 'score'")

    ge = c.get(d, "game_end", "", dict) or {}
    rounds = c.get(ge, "rounds", "game_end.", "count", default=None, nullable=True)
    target = c.get(ge, "target_score", "game_end.", "count", default=None, nullable=True)
    extra_rounds = c.get(ge, "optional_extra_rounds", "game_end.", "count", default=0) or 0
    if isinstance(d.get("game_end"), dict) and (rounds is None) == (target is None):
        c.fail("game_end", "needs either 'rounds' or 'target_score'")
    if rounds is not None and not 1 <= rounds <= 50:
        c.fail("game_end.rounds", "must be between 1 and 50")

    su = c.get(d, "setup", "", dict) or {}
    decks = c.get(su, "decks", "setup.", dict) or {}
    by_players = _players_map(c, decks, "by_players", "setup.decks.", 1, 20, "a number of decks")
    piles = []
    for i, pile in enumerate(c.get(su, "piles", "setup.", list, default=[]) or []):
        if not isinstance(pile, dict):
            c.fail(f"setup.piles[{i}]", "must be an object with name and cards")
            continue
        pn, cards = c.get(pile, "name", f"setup.piles[{i}].", str), c.get(pile, "cards", f"setup.piles[{i}].", "count")
        if pn and cards is not None:
            piles.append((pn, cards))
    setup = Setup(
        team_counts=_counts(c, su.get("team_counts"), "setup.team_counts"),
        individual_counts=_counts(c, su.get("individual_counts"), "setup.individual_counts"),
        players_per_team=_counts(c, su.get("players_per_team", [2]), "setup.players_per_team") or (2,),
        decks_fixed=c.get(decks, "fixed", "setup.decks.", "count", default=None),
        decks_players_plus_one=bool(c.get(decks, "players_plus_one", "setup.decks.", bool, default=False)),
        decks_by_players=by_players,
        piles=tuple(piles),
    )
    if isinstance(su, dict) and su and not (setup.team_counts or setup.individual_counts):
        c.fail("setup.team_counts", "the variant needs at least one allowed number of teams or players")
    if isinstance(decks, dict) and decks and not (setup.decks_fixed or setup.decks_players_plus_one or by_players):
        c.fail("setup.decks", "needs 'fixed', 'players_plus_one' or 'by_players'")

    sources = []
    for i, s in enumerate(c.get(d, "sources", "", list, default=[]) or []):
        p = f"sources[{i}]."
        if not isinstance(s, dict):
            c.fail(p[:-1], "must be an object with seed, lines and what")
            continue
        sources.append(Source(c.get(s, "seed", p, str) or "", c.get(s, "lines", p, str, default="") or "",
                              c.get(s, "what", p, str, default="") or ""))
    not_stated = tuple(c.get(d, "not_stated", "", list, default=[]) or [])
    for i, ns in enumerate(not_stated):
        c.check_type(ns, f"not_stated[{i}]", str)
    notes = tuple(c.get(d, "notes", "", list, default=[]) or [])
    for i, n in enumerate(notes):
        c.check_type(n, f"notes[{i}]", str)

    known = {
        "slug", "name", "family", "summary", "card_values", "red_threes", "black_threes", "book_size",
        "book_size_by_players",
        "book_kinds", "required_any_books", "going_out_bonus", "concealed_bonus", "extras",
        "meld_schedule", "game_end", "setup", "sources", "not_stated", "notes",
    }
    for key in d:
        if key not in known:
            c.fail(key, "is not a rules field")

    required_any = c.get(d, "required_any_books", "", "count", default=0) or 0
    going_out = c.get(d, "going_out_bonus", "", int)
    concealed = c.get(d, "concealed_bonus", "", int, default=None, nullable=True)

    if c.errors:
        raise RulesError(c.errors)
    return Rules(
        slug=slug,
        name=name.strip(),
        family=family,
        summary=summary,
        card_values=card_values,
        red_threes=red_threes,
        black_three_penalty=black_penalty,
        book_size=book_size,
        book_size_by_players=book_size_by_players,
        book_kinds=tuple(kinds),
        required_any_books=required_any,
        going_out_bonus=going_out,
        concealed_bonus=concealed,
        extras=tuple(extras),
        meld_schedule=MeldSchedule(basis=basis, by_round=by_round, bands=tuple(bands)),
        game_end=GameEnd(rounds=rounds, optional_extra_rounds=extra_rounds, target_score=target),
        setup=setup,
        sources=tuple(sources),
        not_stated=not_stated,
        notes=notes,
        document=document,
    )


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
