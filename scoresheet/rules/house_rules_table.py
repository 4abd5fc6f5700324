"""Every value of a rules document said once, in ``RULES_FIELDS``, for the house-rules editor
(``house_rules.py``): where it sits in the document, its box, what an empty box means (``NONE``,
``LEFT_OUT`` …), and how a list's rows are read from and written back to the document. The form's
boxes, the values the page starts with, the document written back and the box a problem goes to
are all read from this table.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheet.games.formfields import OnOffField
from scoresheet.games.limits import max_length
from scoresheet.models import Variant
from scoresheet.rules.house_rules_forms import (
    ExtraForm,
    KindForm,
    MeldBandForm,
    MeldRoundForm,
    NumberListField,
    NumberMapField,
    PileForm,
    SetBonusForm,
    TableForm,
    map_text,
    number,
    requirement_value,
)
from scoresheet.rules.schema import CARD_CLASS_LABELS, CARD_CLASSES

# What an empty box writes into the document.
NONE = "none"  # the value null: the rule's "none"
LEFT_OUT = "left out"  # nothing: the value is left out of the document
DEFAULT = "default"  # the box's default (a box that did not read too)
UNCHANGED = "unchanged"  # the document's value as it was (a box that did not read too)
# The parts of the document the editor writes afresh from its boxes (a value no box holds goes).
REBUILT = ("card_values", "red_threes", "black_threes", "meld_schedule", "game_end", "setup")


def _same(value):
    return value


def _always(values: dict, document: dict) -> bool:
    return True


def _chosen(box: str, choice: str, *, chosen: bool = True) -> Callable[[dict, dict], bool]:
    """Only when the radio box ``box`` is (or, ``chosen=False``, is not) on ``choice``."""
    return lambda values, document: (values.get(box) == choice) == chosen


def _numbers_text(numbers) -> str:
    return ", ".join(map(str, numbers or []))


@dataclass(frozen=True)
class Box:
    """A box of the editor's main form and the value of the document it holds."""

    name: str  # the form field's name
    path: str  # where the value sits in the document: "red_threes.laid_value"
    field: forms.Field
    empty: str = NONE  # what an empty box writes
    default: object = None  # what the box shows when the document leaves the value out
    read: Callable = _same  # the document's value → the box's
    write: Callable = _same  # the box's value → the document's (None for an empty box)
    when: Callable[[dict, dict], bool] = _always  # (boxes, document): written at all? If not, left out
    place: str = ""  # the problems of this path and below go to the box (the path itself if empty)


@dataclass(frozen=True)
class RowList:
    """A list of the document edited as rows (a formset), one row an item."""

    prefix: str  # the formset's prefix
    path: str
    form: type[forms.Form]
    title: str
    read: Callable[[dict, dict], dict]  # (item, document) → the row's initial values
    write: Callable[[list[dict], dict, dict], list]  # (rows kept, document so far, base) → the items
    renames: dict[str, str] = field(default_factory=dict)  # an item's key → the row's box, for problems
    when: Callable[[dict, dict], bool] = _always
    left_out_when_empty: bool = False


def _extra_row(extra: dict, document: dict) -> dict:
    special = extra.get("replaces_round_score") or {}
    return {
        **{k: v for k, v in extra.items() if k != "replaces_round_score"},
        "replaces_caller": special.get("caller"),
        "replaces_others": special.get("others"),
    }


PARTNERS = {True: "yes", False: "no", None: ""}


def _table_row(item: dict, document: dict) -> dict:
    """A going-out-at-some-tables row: its book kinds by the names the page shows."""
    kinds = kind_names(document.get("book_kinds"))
    books = item.get("books") or {}
    return {
        "players": ", ".join(map(str, item.get("players") or [])),
        "partners": PARTNERS.get(item.get("partners"), ""),
        "books": ", ".join(f"{kinds.get(key, key)}: {count}" for key, count in books.items()),
        "any_books": item.get("any_books"),
    }


def _kind(d: dict) -> dict:
    kind = {"label": d.get("label"), "bonus": d.get("bonus"), "cards": d.get("cards") or "natural"}
    if d.get("required_to_go_out"):
        kind["required_to_go_out"] = d["required_to_go_out"]
    if d.get("required_by_round"):
        kind["required_by_round"] = d["required_by_round"]
    return kind


def _extra(d: dict) -> dict:
    caller, others = d.get("replaces_caller"), d.get("replaces_others")
    if caller is None and others is None:
        return {
            "label": d.get("label"),
            "amount": d.get("amount"),
            "max_per_round": d.get("max_per_round"),
            "note": d.get("note") or "",
        }
    # A special hand: no amount (a typed one is left in, for load_rules to refuse), at most once a round.
    extra = {"label": d.get("label"), "replaces_round_score": {"caller": caller or 0, "others": others or 0}}
    for key in ("amount", "max_per_round"):
        if d.get(key) is not None:
            extra[key] = d[key]
    extra["note"] = d.get("note") or ""
    return extra


def _keyed(rows: list[dict], taken: set[str], build) -> list[dict]:
    """The items of a list whose items have a key (book kinds, extras): a row keeps its key; a new
    row's key is made from its label, different from every other key."""
    items = []
    for data in rows:
        key = data.get("key") or _new_key(data.get("label") or "", taken)
        taken.add(key)
        items.append({"key": key, **build(data)})
    return items


def _meld_basis(document: dict) -> str:
    return document["meld_schedule"]["basis"]


# Every value of a rules document, in the order the document is written.
RULES_FIELDS: tuple[Box | RowList, ...] = (
    Box(
        "name",
        "name",
        forms.CharField(label=_("Name"), max_length=max_length(Variant, "name"), required=False),
        default="",
    ),
    Box(
        "summary",
        "summary",
        forms.CharField(label=_("Summary"), required=False, widget=forms.Textarea(attrs={"rows": 3})),
        default="",
    ),
    Box(
        "player_notes",
        "player_notes",
        forms.CharField(
            label=_("Good to know (one note a line)"), required=False, widget=forms.Textarea(attrs={"rows": 3})
        ),
        default=[],
        read="\n".join,
        write=lambda text: [line.strip() for line in text.splitlines() if line.strip()],
    ),
    Box("book_size", "book_size", number(_("Cards in a book")), LEFT_OUT, default=7),
    Box(
        "book_size_by_players",
        "book_size_by_players",
        NumberMapField(
            label=_("Book size by players (optional)"), required=False, help_text=_("Such as 3: 7 (players: cards).")
        ),
        read=map_text,
    ),
    Box(
        "required_any_books", "required_any_books", number(_("Books of any kind needed to go out")), LEFT_OUT, default=0
    ),
    Box("going_out_bonus", "going_out_bonus", number(_("Going out")), LEFT_OUT),
    Box(
        "concealed_bonus",
        "concealed_bonus",
        number(_("Going out concealed, more"), _("Empty: no concealed going out.")),
    ),
    *(
        Box(
            f"card_{key}",
            f"card_values.{key}",
            number(
                _("Black three melded") if key == "black_threes" else pgettext_lazy("rules", CARD_CLASS_LABELS[key]),
                _("Empty: cannot be melded."),
            ),
        )
        for key in CARD_CLASSES
    ),
    Box(
        "red_laid_value",
        "red_threes.laid_value",
        number(_("Red three laid, each"), _("Empty: red threes cannot be laid.")),
    ),
    Box(
        "red_held_penalty",
        "red_threes.held_penalty",
        number(_("Red three caught in hand, each against"), _("Empty: red threes are never held.")),
    ),
    Box(
        "red_negative_when_not_melded",
        "red_threes.negative_when_not_melded",
        OnOffField(label=_("Red threes count against a team that has not melded")),
        read=bool,
    ),
    RowList(
        "setbonus",
        "red_threes.set_bonuses",
        SetBonusForm,
        "Red-three set bonuses",
        read=lambda bonus, document: dict(bonus),
        write=lambda rows, document, base: [{"min_count": d.get("min_count"), "bonus": d.get("bonus")} for d in rows],
    ),
    Box(
        "red_positive_with_books",
        "red_threes.positive_with_books.books",
        number(
            _("Red threes count only for a side with at least this many books"),
            _("Books of any kind made in the round. Empty: red threes count whatever the books."),
        ),
        LEFT_OUT,
        place="red_threes.positive_with_books",
    ),
    Box(
        "red_below",
        "red_threes.positive_with_books.otherwise",
        forms.ChoiceField(
            label=_("Red threes of a side with fewer books"),
            choices=[("nothing", _("Count nothing")), ("against", _("Count against the side"))],
            widget=forms.RadioSelect,
            required=False,
            help_text=_("Only when the box above has a number."),
        ),
        DEFAULT,
        default="nothing",
        when=lambda values, document: values.get("red_positive_with_books") is not None,
    ),
    Box(
        "black_held_penalty",
        "black_threes.held_penalty",
        number(_("Black three caught in hand, each against")),
        LEFT_OUT,
    ),
    RowList(
        "kinds",
        "book_kinds",
        KindForm,
        "Book kinds",
        read=lambda kind, document: {**kind, "required_by_round": map_text(kind.get("required_by_round"))},
        write=lambda rows, document, base: _keyed(rows, set(), _kind),
        renames={"key": "label"},
    ),
    RowList(
        "extras",
        "extras",
        ExtraForm,
        "Extras",
        read=_extra_row,
        write=lambda rows, document, base: _keyed(rows, {kind["key"] for kind in document["book_kinds"]}, _extra),
        renames={
            "key": "label",
            "replaces_round_score": "replaces_caller",
            "replaces_round_score.caller": "replaces_caller",
            "replaces_round_score.others": "replaces_others",
        },
    ),
    Box(
        "melded_against_without_books",
        "melded_against_without_books",
        OnOffField(label=_("Melded cards count against a side that made no book in the round")),
        LEFT_OUT,
        read=bool,
        write=lambda on: True if on else None,
    ),
    Box(
        "meld_basis",
        "meld_schedule.basis",
        forms.ChoiceField(
            label=_("Opening meld depends on"),
            choices=[("round", _("The round")), ("score", _("The team's score before the round"))],
            widget=forms.RadioSelect,
            required=False,
        ),
        UNCHANGED,
        default="round",
        write=lambda basis: "score" if basis == "score" else "round",
    ),
    RowList(
        "meldround",
        "meld_schedule.by_round",
        MeldRoundForm,
        "Opening meld by round",
        read=lambda requirement, document: {"requirement": requirement},
        write=lambda rows, document, base: [requirement_value(d.get("requirement")) for d in rows],
        when=lambda values, document: _meld_basis(document) == "round",
    ),
    RowList(
        "meldband",
        "meld_schedule.bands",
        MeldBandForm,
        "Opening meld by score",
        read=lambda band, document: {
            "low": band.get("from"),
            "high": band.get("to"),
            "requirement": band.get("requirement"),
        },
        write=lambda rows, document, base: [
            {"from": d.get("low"), "to": d.get("high"), "requirement": requirement_value(d.get("requirement"))}
            for d in rows
        ],
        renames={"from": "low", "to": "high"},
        when=lambda values, document: _meld_basis(document) == "score",
    ),
    Box(
        "end_by",
        "game_end",
        forms.ChoiceField(
            label=_("The game ends"),
            choices=[("rounds", _("After a number of rounds")), ("score", _("When a team reaches a score"))],
            widget=forms.RadioSelect,
            required=False,
        ),
        DEFAULT,
        default={},
        read=lambda end: "score" if end.get("target_score") is not None else "rounds",
        write=lambda choice: {},  # it chooses which boxes below are written
    ),
    Box("rounds", "game_end.rounds", number(_("Rounds")), LEFT_OUT, when=_chosen("end_by", "score", chosen=False)),
    Box(
        "optional_extra_rounds",
        "game_end.optional_extra_rounds",
        number(_("Optional extra rounds")),
        LEFT_OUT,
        default=0,
        write=lambda rounds: rounds or None,
        when=_chosen("end_by", "score", chosen=False),
    ),
    Box("target_score", "game_end.target_score", number(_("Target score")), LEFT_OUT, when=_chosen("end_by", "score")),
    Box(
        "books_to_win",
        "game_end.books_to_win.books",
        number(_("Books in one round that win the game at once"), _("Books of any kind. Empty: no such win.")),
        LEFT_OUT,
        place="game_end.books_to_win",
    ),
    Box(
        "books_to_win_bonus",
        "game_end.books_to_win.bonus",
        number(_("Bonus for them"), _("Scored on top of the round. Empty: none.")),
        LEFT_OUT,
        when=lambda values, document: values.get("books_to_win") is not None,
    ),
    Box(
        "team_counts",
        "setup.team_counts",
        NumberListField(label=_("Numbers of teams"), required=False, help_text=_("Such as 2, 3. Empty: none.")),
        read=_numbers_text,
    ),
    Box(
        "individual_counts",
        "setup.individual_counts",
        NumberListField(
            label=_("Numbers of players on their own"), required=False, help_text=_("Such as 2, 3. Empty: none.")
        ),
        read=_numbers_text,
    ),
    Box(
        "players_per_team",
        "setup.players_per_team",
        NumberListField(label=_("Players in a team"), required=False),
        default=[2],
        read=_numbers_text,
    ),
    Box(
        "decks_by",
        "setup.decks",
        forms.ChoiceField(
            label=_("Decks"),
            choices=[
                ("fixed", _("A fixed number")),
                ("players_plus_one", _("One more than the players")),
                ("by_players", _("By the number of players")),
            ],
            widget=forms.RadioSelect,
            required=False,
        ),
        DEFAULT,
        default={},
        read=lambda decks: next((k for k in ("fixed", "players_plus_one", "by_players") if decks.get(k)), "fixed"),
        write=lambda choice: {"players_plus_one": True} if choice == "players_plus_one" else {},
    ),
    Box(
        "decks_fixed",
        "setup.decks.fixed",
        number(_("Number of decks")),
        LEFT_OUT,
        when=lambda values, document: values.get("decks_by") not in ("players_plus_one", "by_players"),
    ),
    Box(
        "decks_by_players",
        "setup.decks.by_players",
        NumberMapField(
            label=_("Decks by players"), required=False, help_text=_("Such as 4: 6, 6: 7 (players: decks).")
        ),
        DEFAULT,
        default={},
        read=map_text,
        when=_chosen("decks_by", "by_players"),
    ),
    RowList(
        "piles",
        "setup.piles",
        PileForm,
        "Piles dealt",
        read=lambda pile, document: dict(pile),
        write=lambda rows, document, base: [{"name": d.get("name"), "cards": d.get("cards")} for d in rows],
    ),
    RowList(
        "tables",
        "going_out_by_players",
        TableForm,
        "Going out at some tables",
        read=_table_row,
        write=lambda rows, document, base: [
            _table(d, {**_by_name(base.get("book_kinds")), **_by_name(document["book_kinds"])}) for d in rows
        ],
        left_out_when_empty=True,
    ),
)
BOXES = tuple(entry for entry in RULES_FIELDS if isinstance(entry, Box))
LISTS = {entry.prefix: entry for entry in RULES_FIELDS if isinstance(entry, RowList)}
# Problem paths of the single values → their box (the longest matching prefix wins).
PATH_FIELDS = {box.place or box.path: box.name for box in BOXES}


def kind_names(book_kinds: list) -> dict[str, str]:
    """Book kind key → the name a club player types for it: its label, or its key where the label
    would not read back (a comma or colon in it, or two kinds with the same label)."""
    kinds = [k for k in book_kinds or [] if isinstance(k, dict) and isinstance(k.get("key"), str)]
    labels = [str(k.get("label") or "").strip().lower() for k in kinds]
    names = {}
    for kind, label in zip(kinds, labels, strict=True):
        usable = label and not set(label) & set(",:") and labels.count(label) == 1
        names[kind["key"]] = str(kind["label"]).strip() if usable else kind["key"]
    return names


def _by_name(book_kinds) -> dict[str, str]:
    """What a club player may type for a book kind (its label or its key, in any case) → its key."""
    names = {}
    for kind in book_kinds or []:
        if isinstance(kind, dict) and isinstance(kind.get("key"), str):
            names[str(kind.get("label") or "").strip().lower()] = kind["key"]
            names[kind["key"].lower()] = kind["key"]
    names.pop("", None)
    return names


def _table(d: dict, names: dict[str, str]) -> dict:
    """A going_out_by_players item from its row. A book kind the row names that no kind has goes in
    as typed, for load_rules to refuse next to the box."""
    item = {}
    if d.get("players"):
        item["players"] = d["players"]
    if d.get("partners") in ("yes", "no"):
        item["partners"] = d["partners"] == "yes"
    books = {names.get(name.strip().lower(), name.strip()): count for name, count in d.get("books") or []}
    if books:
        item["books"] = books
    if d.get("any_books") is not None:
        item["any_books"] = d["any_books"]
    return item


def _new_key(label: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_") or "item"
    key, n = base, 1
    while key in taken:
        n += 1
        key = f"{base}_{n}"
    return key
