"""The entry fields of a variant: the one description of what a scorekeeper enters.

``entry_fields(rules)`` lists every field of one team's round entry in the order the
sheet shows them, each with its words and its value per unit. The round form, the
breakdown lines, the error messages, the printed sheets and the rules card all read
these, so a field has the same name everywhere ("Black threes caught" on the phone and
on paper) in the variant's own words (book, canasta or stack; hand, knee and foot).

Keys follow the entry's shape and the breakdown lines: ``books.clean``, ``red_threes``,
``melded_points``, ``melded_cards.jokers``, ``extras.perfect_cut`` …
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from django.utils.translation import get_language, gettext, pgettext

from scoresheet.display import fmt, join_and, plural, signed, typed
from scoresheet.rules.schema import CARD_CLASS_LABELS, CARD_CLASSES, Rules

MAX_COUNT = 1000  # no count on a score sheet comes near this: a typo, not a game
MAX_THREES = 99
MAX_POINTS = 1_000_000

# Sections, in the order the form and the sheet show them.
BOOKS, THREES, CARDS, TABLE_CARDS, HAND_CARDS, GOING_OUT, EXTRAS, ADJUSTMENTS = (
    "books",
    "threes",
    "cards",
    "table_cards",
    "hand_cards",
    "going_out",
    "extras",
    "adjustments",
)

# Kinds of field.
COUNT, POINTS, FLAG = "count", "points", "flag"
SIGNS = {1: "+", -1: "−", 0: "±"}  # points added, deducted, or either


@dataclass(frozen=True)
class EntryField:
    key: str  # "books.clean", "red_threes", "hand_points", "extras.knee_penalty" …
    label: str  # "Clean books", "Cards left in hand, knee and foot"
    section: str  # BOOKS, THREES, …
    kind: str  # COUNT, POINTS or FLAG
    value: int | None = None  # points per unit as it scores (signed); None for points fields
    sign: int = 1  # POINTS: +1 added, −1 deducted, 0 either way (adjustments)
    max_value: int = MAX_COUNT
    step: int = 1  # POINTS: entered points are a multiple of this
    note: str = ""  # a bonus that goes with the count, printed beside it: "+300 for 7 or more"
    special: bool = False  # a special hand (FLAG): it replaces the round's score, its note says how

    @property
    def titled_note(self) -> str:
        """The title with its note: "Red threes laid × 100 (+300 for 7 or more)"."""
        return f"{self.title} ({self.note})" if self.note else self.title

    @property
    def form_name(self) -> str:
        """The round form's field name: "book_clean", "melded_jokers", "extra_perfect_cut", "red_threes"."""
        group, _, key = self.key.partition(".")
        prefix = {"books": "book", "extras": "extra", "melded_cards": "melded", "hand_cards": "hand"}.get(group)
        return f"{prefix}_{key}" if prefix else self.key

    @property
    def title(self) -> str:
        """The field with its value, as the form and the printed sheet label it: "Clean books × 500"."""
        if self.kind == COUNT:
            return f"{self.label} × {fmt(self.value)}"
        if self.special:
            return self.label
        if self.kind == FLAG:
            return (
                f"{self.label} {signed(self.value)}"
                if self.value
                else gettext("%(label)s (no bonus)") % {"label": self.label}
            )
        return f"{self.label} ({SIGNS[self.sign]})"

    def line_label(self, count: int = 1, value: int | None = None) -> str:
        """A breakdown line: "Clean books 2 × 500"; points and flags are just the label."""
        if self.kind == COUNT:
            return gettext("%(label)s %(count)s × %(value)s") % {
                "label": self.label,
                "count": typed(count),
                "value": fmt(self.value if value is None else value),
            }
        if self.kind == FLAG and not self.value and not self.special:
            return gettext("%(label)s (no bonus)") % {"label": self.label}
        return self.label


def piles_text(rules: Rules) -> str:
    """Where cards are left at the end of a round: "hand", "hand and foot", "hand, knee and foot"."""
    return join_and([rules_word(name, "pile") for name, _ in rules.setup.piles] or [pgettext("pile", "hand")])


def book_word(rules: Rules) -> str:
    """The variant's own word for a book: "book", "canasta" or "stack" (the last word of its labels)."""
    return rules.book_kinds[0].label.split()[-1].lower() if rules.book_kinds else "book"


def rules_word(text: str, context: str = "rules") -> str:
    """A word of a rules document (a book kind, an extra, a pile) in the page's language: the
    presets' words are in the catalogue (scoresheet/rules/words.py); a club's own words stay as typed."""
    return pgettext(context, text)


def books_word(rules: Rules, n: int) -> str:
    """The variant's book word for ``n`` books, in the page's language: "books", "canastas"."""
    return rules_word(plural(book_word(rules), n))


def count_of(n: int, label: str) -> str:
    """ "3 clean books": ``n`` of a rules word (its plural when ``n`` is not 1), in the page's language."""
    return f"{n} {rules_word(plural(label, n)).lower()}"


# Where a rules object keeps its fields once built (see ``entry_fields``), one set per language.
_FIELDS_KEPT = "_entry_fields"


def entry_fields(rules: Rules) -> tuple[EntryField, ...]:
    """Every field of one team's round entry for these rules, in the order the sheet shows them."""
    return _kept_fields(rules)[0]


def fields_by_key(rules: Rules) -> MappingProxyType[str, EntryField]:
    """The entry fields by key ("books.clean", "red_threes" …), read-only."""
    return _kept_fields(rules)[1]


def _kept_fields(rules: Rules) -> tuple[tuple[EntryField, ...], MappingProxyType[str, EntryField]]:
    """The fields of these rules, built once per rules object and kept on it.

    Scoring asks for them per side per round, and the plausibility checks several times more.
    ``Rules`` is frozen, so its fields never change; it holds dicts, so it cannot key a cache,
    and the fields are kept in the object's own ``__dict__`` (as ``functools.cached_property`` does).
    """
    where = f"{_FIELDS_KEPT}_{get_language()}"  # the labels are in the page's language
    kept = rules.__dict__.get(where)
    if kept is None:
        fields = _build_entry_fields(rules)
        kept = rules.__dict__[where] = (fields, MappingProxyType({f.key: f for f in fields}))
    return kept


def _build_entry_fields(rules: Rules) -> tuple[EntryField, ...]:
    """The fields in the order the round's form shows them: books, threes, points, cards, going
    out, extras, adjustments."""
    return (
        *_book_fields(rules),
        *_three_fields(rules),
        *_points_fields(rules),
        *_card_fields(rules),
        *_going_out_and_extra_fields(rules),
    )


def _book_fields(rules: Rules) -> list[EntryField]:
    return [
        EntryField(f"books.{kind.key}", rules_word(plural(kind.label, 2)), BOOKS, COUNT, kind.bonus)
        for kind in rules.book_kinds
    ]


def _three_fields(rules: Rules) -> list[EntryField]:
    fields = []
    red = rules.red_threes
    if red.laid_value is not None:
        bonuses = "; ".join(
            gettext("%(bonus)s for %(count)s or more") % {"bonus": signed(b.bonus), "count": b.min_count}
            for b in red.set_bonuses
        )
        if red.positive_with_books is not None:
            bonuses = "; ".join(filter(None, [bonuses, red_threes_books_text(rules)]))
        fields.append(
            EntryField(
                "red_threes",
                gettext("Red threes laid"),
                THREES,
                COUNT,
                red.laid_value,
                max_value=MAX_THREES,
                note=bonuses,
            )
        )
    if red.held_penalty is not None:
        fields.append(
            EntryField(
                "red_threes_held", gettext("Red threes caught"), THREES, COUNT, -red.held_penalty, max_value=MAX_THREES
            )
        )
    fields.append(
        EntryField(
            "black_threes_held",
            gettext("Black threes caught"),
            THREES,
            COUNT,
            -rules.black_three_penalty,
            max_value=MAX_THREES,
        )
    )
    return fields


def _points_fields(rules: Rules) -> list[EntryField]:
    fields = []
    step = rules.points_step
    against = (
        gettext("count against a side with no %(book)s") % {"book": rules_word(book_word(rules))}
        if rules.melded_against_without_books
        else ""
    )
    fields.append(
        EntryField(
            "melded_points",
            gettext("Cards on the table"),
            CARDS,
            POINTS,
            sign=1,
            max_value=MAX_POINTS,
            step=step,
            note=against,
        )
    )
    fields.append(
        EntryField(
            "hand_points",
            gettext("Cards left in %(piles)s") % {"piles": piles_text(rules)},
            CARDS,
            POINTS,
            sign=-1,
            max_value=MAX_POINTS,
            step=step,
        )
    )
    return fields


def _card_fields(rules: Rules) -> list[EntryField]:
    fields = []
    values = rules.card_values
    fields += [
        EntryField(f"melded_cards.{key}", rules_word(CARD_CLASS_LABELS[key]), TABLE_CARDS, COUNT, values[key])
        for key in CARD_CLASSES
        if values[key] is not None
    ]
    # A black three caught in hand is entered once, as "Black threes caught": no hand-card field.
    fields += [
        EntryField(f"hand_cards.{key}", rules_word(CARD_CLASS_LABELS[key]), HAND_CARDS, COUNT, -(values[key] or 0))
        for key in CARD_CLASSES
        if key != "black_threes"
    ]
    return fields


def _going_out_and_extra_fields(rules: Rules) -> list[EntryField]:
    fields = []
    fields.append(EntryField("went_out", gettext("Going out"), GOING_OUT, FLAG, rules.going_out_bonus, max_value=1))
    if rules.concealed_bonus is not None:
        fields.append(
            EntryField("concealed", gettext("Going out concealed"), GOING_OUT, FLAG, rules.concealed_bonus, max_value=1)
        )
    fields += [
        EntryField(
            f"extras.{extra.key}",
            rules_word(extra.label),
            EXTRAS,
            COUNT,
            extra.amount,
            max_value=extra.max_per_round or MAX_THREES,
        )
        if extra.replaces_round_score is None
        else EntryField(
            f"extras.{extra.key}",
            rules_word(extra.label),
            EXTRAS,
            FLAG,
            extra.replaces_round_score.caller,
            max_value=1,
            note=special_hand_text(extra),
            special=True,
        )
        for extra in rules.extras
    ]
    fields.append(
        EntryField("adjustments", gettext("Other adjustments"), ADJUSTMENTS, POINTS, sign=0, max_value=MAX_POINTS)
    )
    return fields


def red_threes_books_text(rules: Rules) -> str:
    """ "count only with 2 or more canastas, otherwise against": red threes that need books (Bolivian, Cuban)."""
    red = rules.red_threes
    n = red.positive_with_books
    otherwise = (
        gettext("otherwise they count against the side") if red.below == "against" else gettext("otherwise nothing")
    )
    books = books_word(rules, n)
    return gettext("count only with %(n)s or more %(books)s; %(otherwise)s") % {
        "n": n,
        "books": books,
        "otherwise": otherwise,
    }


def special_hand_text(extra) -> str:
    """ "replaces the round: 0 for this side, 1,500 for the other sides" (Acaba, the American special hands)."""
    hand = extra.replaces_round_score
    return gettext("replaces the round: %(caller)s for this side, %(others)s for the other sides") % {
        "caller": fmt(hand.caller),
        "others": fmt(hand.others),
    }


def entered_value(field: EntryField, values: dict):
    """The value of ``field`` in an entry's plain values (``entries.entry_to_values``): 0, off or empty if absent."""
    group, _, key = field.key.partition(".")
    if key:
        return (values.get(group) or {}).get(key, 0)
    return values.get(group)


def sheet_fields(rules: Rules) -> tuple[EntryField, ...]:
    """The fields a paper sheet has a row for: everything but the card-by-card counts."""
    return tuple(f for f in entry_fields(rules) if f.section not in (TABLE_CARDS, HAND_CARDS))
