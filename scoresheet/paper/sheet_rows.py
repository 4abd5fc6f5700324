"""The rows of one round on a printed sheet: the entry fields, with the rare ones grouped.

Paper has one row per entry field (``fields.sheet_fields``), as the round form has, except
where a variant has several fields of one rare sort: then they share one row, as printed
score pads do, and the rules card beside the sheet gives each one's value. That keeps a
variant with many of them (Modern American Canasta: three wild canastas, five penalties,
four special hands) on one page with its rules card. The groups, each only when a variant
has two or more of its fields:

- wild books of different values: one count row;
- penalties (extras that take points off): one points row;
- special hands (they replace the round's score): one row to tick, with the round's score.

A group's row adds up its fields' breakdown lines (``printing.cells_for``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from scoresheet.display import plural
from scoresheet.rules.card import books_to_win_text
from scoresheet.rules.fields import BOOKS, COUNT, EXTRAS, FLAG, POINTS, EntryField, book_word, rules_word, sheet_fields
from scoresheet.rules.schema import Rules


@dataclass(frozen=True)
class Row:
    key: str  # a field's key ("books.clean"), a group's ("penalties"), or "total" / "running"
    label: str
    kind: str  # count | points | flag | total | running
    fields: tuple[str, ...] = ()  # the entry fields it holds: its own, or its group's
    short: str = ""  # the label without its note, for a narrow column heading ("Red threes laid × 100")
    note: str = ""  # what the label says after it: "+400 for 4 or more", "see the rules card"

    @property
    def heading(self) -> str:
        """The row's words in a column heading of the canasta pad: short, the note left to the rules card."""
        return self.short or self.label


WILD_BOOKS, PENALTIES, SPECIAL_HANDS = "wild_books", "penalties", "special_hands"
CARD = gettext_lazy("see the rules card")


def _group(rules: Rules, field: EntryField) -> str | None:
    """The sort of rare field ``field`` is, if any."""
    if field.special:
        return SPECIAL_HANDS
    if field.section == EXTRAS and field.kind == COUNT and field.value < 0:
        return PENALTIES
    if field.section == BOOKS:
        kind = next(k for k in rules.book_kinds if f"books.{k.key}" == field.key)
        return WILD_BOOKS if kind.cards == "wild" else None
    return None


def _group_row(rules: Rules, key: str, members: list[EntryField]) -> Row:
    fields = tuple(f.key for f in members)
    card = str(CARD)
    if key == WILD_BOOKS:  # "Wild canastas", a word of the rules ("Canastas de frimes")
        short, kind = rules_word(f"Wild {plural(book_word(rules), 2)}"), COUNT
    elif key == PENALTIES:
        short, kind = gettext("Penalties (−)"), POINTS
    else:
        short, kind = gettext("Special hand"), FLAG
    label = gettext("%(row)s: %(note)s") % {"row": short, "note": card}
    return Row(key, label, kind, fields, short=short, note=card)


def sheet_rows(rules: Rules) -> list[Row]:
    """The rows of one round: the variant's entry fields (the rare ones grouped), then the totals."""
    fields = sheet_fields(rules)
    groups: dict[str, list[EntryField]] = {}
    for field in fields:
        if (group := _group(rules, field)) is not None:
            groups.setdefault(group, []).append(field)
    rows: list[Row] = []
    for field in fields:
        group = _group(rules, field)
        if group is None or len(groups[group]) < 2:
            rows.append(Row(field.key, field.titled_note, field.kind, (field.key,), short=field.title, note=field.note))
        elif field is groups[group][0]:  # the group's row stands where its first field would
            rows.append(_group_row(rules, group, groups[group]))
    if rules.game_end.books_to_win is not None:  # HF-5: its breakdown line ("books_to_win") lands on this row
        rows.append(Row("books_to_win", books_to_win_text(rules), POINTS, ("books_to_win",)))
    totals = [Row("total", gettext("Round total"), "total"), Row("running", gettext("Running total"), "running")]
    return [*rows, *totals]


def row_of_field(rules: Rules) -> dict[str, str]:
    """Each entry field's key → the key of the printed row it lands on."""
    return {key: row.key for row in sheet_rows(rules) for key in row.fields}
