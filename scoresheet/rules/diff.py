"""What a house variant changes from the rules it was copied from, row by row of the rules card.

Pure: two ``Rules`` in, the changes out. The rules card is what players read, so a change is
said in its words ("Clean book: 700, was 500 in Hand and Foot"); a value that is not on the
card (a maintainer's note) is no change to players.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext

from scoresheet.rules.card import Row, Section, rules_card
from scoresheet.rules.schema import Rules


@dataclass(frozen=True)
class Change:
    section: str  # the section's key, in English whatever the language ("Good to know")
    label: str
    value: str  # now; "" when the row is gone
    was: str  # before; "" when the row is new
    title: str = ""  # the section's title in the page's language ("Bon à savoir")

    @property
    def text(self) -> str:
        """ "Clean book: 700, was 500" as a line of the "Differs from" list, in the page's language."""
        words = {"label": self.label or self.title or self.section, "value": self.value, "was": self.was}
        if not self.was:
            return gettext("%(label)s: %(value)s (new)") % words
        if not self.value:
            return gettext("%(label)s: no longer (%(was)s)") % words
        return gettext("%(label)s: %(value)s, was %(was)s") % words


def _section_key(title: str) -> str:
    # The meld section's title says its basis: a change of basis is a change of its rows, not a new section.
    return "Opening meld" if title.startswith("Opening meld") else title


def _section_title(section: Section) -> str:
    """The section as the "Differs from" list names it, in the page's language: "Opening meld" whatever its basis."""
    return gettext("Opening meld") if _section_key(section.name) == "Opening meld" else section.title


def _rows(card: list[Section]) -> dict[tuple[str, str], tuple[str, str]]:
    """(section, label) → (value, note); the notes of "Good to know" are keyed by their text."""
    return {
        (_section_key(section.name), row.label or row.value): (row.value, row.note)
        for section in card
        for row in section.rows
    }


def _words(row: tuple[str, str] | None, other: tuple[str, str] | None) -> str:
    """A row's value, with its note unless ``other`` has the same note ("700", or "500 (no wild cards)")."""
    if row is None:
        return ""
    value, note = row
    return f"{value} ({note})" if note and (other is None or other[1] != note) else value


def rules_changes(rules: Rules, base: Rules) -> list[Change]:
    """Every rules-card row of ``rules`` that differs from ``base``'s, then the rows it no longer has."""
    card, base_card = rules_card(rules), rules_card(base)
    now, before = _rows(card), _rows(base_card)
    titles = {_section_key(section.name): _section_title(section) for section in [*base_card, *card]}
    changes = []
    for key in [*now, *(key for key in before if key not in now)]:
        if now.get(key) != before.get(key):
            section, label = key
            shown = "" if section == "Good to know" else label
            now_words, was_words = _words(now.get(key), before.get(key)), _words(before.get(key), now.get(key))
            changes.append(Change(section, shown, now_words, was_words, titles[section]))
    return changes


@dataclass(frozen=True)
class MarkedRow(Row):
    was: str = ""  # the base's words for this row, when they differ ("500"); "new" for a new row


def marked_card(rules: Rules, base: Rules) -> list[Section]:
    """The rules card of ``rules`` with each row that differs from ``base`` marked with what it was."""
    before = _rows(rules_card(base))
    card = []
    for section in rules_card(rules):
        rows = []
        for row in section.rows:
            old = before.get((_section_key(section.name), row.label or row.value))
            was = "" if old == (row.value, row.note) else (_words(old, (row.value, row.note)) or "new")
            rows.append(MarkedRow(**vars(row), was=was))
        card.append(replace(section, rows=tuple(rows)))
    return card
