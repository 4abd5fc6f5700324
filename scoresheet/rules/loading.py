"""A rules document loaded (plain Python, no database): ``load_rules(document)`` validates it and
returns a frozen ``schema.Rules``; every bad field is named in ``RulesError.errors``, a
``problems.Problem`` each, whose ``field`` is the path ("meld_schedule.bands[1].from").
"""

from __future__ import annotations

import json
from typing import Any

from scoresheet.problems import Problem
from scoresheet.rules.checking import KEY_CHARS, Check, inside, small_number
from scoresheet.rules.schema import (
    BOOK_CARDS,
    CARD_CLASSES,
    FAMILIES,
    BookKind,
    BooksToWin,
    Extra,
    GameEnd,
    MeldBand,
    MeldSchedule,
    RedThrees,
    Rules,
    RulesError,
    SetBonus,
    Setup,
    Source,
    SpecialHand,
    TableRequirement,
)

# --- loading and validation ------------------------------------------------------------
#
# One function per section of the document. Each takes its section (an empty one when it is
# missing or of the wrong type: that is already reported, and the keys it requires are
# reported missing too) and ``check``, which collects every problem instead of stopping at
# the first, and returns what it built. Sections whose keys sit at the top of the document
# (the name, the book size, going out, sources) take the document.


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
        if not small_number(number) or int(number) < 1:
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
