"""The house-rules editor: every value of a rules document in one long form, checked by ``load_rules``.

The form builds a rules document from what was typed and hands it to ``rules.load_rules``, the
same check as a preset's; each ``Problem`` goes back next to the box it is about (its path,
"meld_schedule.bands[1].from", names the box), the ones no box shows at the top. Nothing is
saved while anything is wrong. Lists (book kinds, extras, red-three set bonuses, the meld
schedule, the piles, going out at some tables) are formsets: a row can be removed, and "Add a
row" adds one without JS.

Every value is said once, in ``house_rules_table.RULES_FIELDS``: where it sits in the document, its box, and
what an empty box means. The form's boxes, the values the page starts with, the document
written back and the box a problem goes to are all read from that table.

An empty number box means the rule's "none" (``NONE``): red threes that cannot be laid, never
held, no concealed bonus, a card that cannot be melded, no limit, no lower or upper bound; or
the value left out of the document (``LEFT_OUT``): for the rules of issue 11, red threes that
count whatever the books, no number of books that wins at once, so that a document without
them is saved back without them.
"""

from __future__ import annotations

import copy
import re

from django import forms
from django.forms import formset_factory
from django.utils.translation import gettext, gettext_noop

from scoresheet.display import fmt
from scoresheet.rules.house_rules_table import (
    BOXES,
    DEFAULT,
    LEFT_OUT,
    LISTS,
    PATH_FIELDS,
    REBUILT,
    RULES_FIELDS,
    UNCHANGED,
    Box,
    RowList,
    kind_names,
)
from scoresheet.rules.loading import load_rules
from scoresheet.rules.schema import RulesError


def _get(document: dict, path: str, default=None):
    """The value at a dotted ``path``, or ``default`` where the document leaves it out."""
    value = document
    for key in path.split("."):
        if not isinstance(value, dict) or key not in value:
            return default
        value = value[key]
    return value


def _put(document: dict, path: str, value) -> None:
    *sections, key = path.split(".")
    for section in sections:
        document = document.setdefault(section, {})
    document[key] = value


def _leave_out(document: dict, path: str) -> None:
    *sections, key = path.split(".")
    for section in sections:
        document = document.get(section)
        if not isinstance(document, dict):
            return
    document.pop(key, None)


class RulesForm(forms.Form):
    """The values that are not lists: a box for each of ``BOXES``."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for box in BOXES:
            self.fields[box.name] = copy.deepcopy(box.field)


def initial_values(document: dict) -> tuple[dict, dict[str, list[dict]]]:
    """The form's and the formsets' initial values from a rules document."""
    values = {box.name: box.read(_get(document, box.path, box.default)) for box in BOXES}
    lists = {
        prefix: [rows.read(item, document) for item in _get(document, rows.path) or []]
        for prefix, rows in LISTS.items()
    }
    return values, lists


class HouseRulesEditor:
    """The form and its formsets for one variant's document; ``save_document()`` after ``is_valid()``."""

    def __init__(self, document: dict, data=None):
        self.base = document
        values, lists = initial_values(document)
        self.data = data
        if data is not None and data.get("more") in LISTS:
            data = _with_one_more_row(data, data["more"])
        self.form = RulesForm(data, initial=values)
        self.lists = {}
        for prefix, rows in LISTS.items():
            formset_class = formset_factory(rows.form, extra=1, can_delete=True)
            self.lists[prefix] = formset_class(data, initial=lists[prefix], prefix=prefix)
        self.top_errors: list[str] = []
        self.document: dict | None = None

    @property
    def adding(self) -> bool:
        """ "Add a row" was pressed: show the form again with the new row, save nothing."""
        return self.data is not None and self.data.get("more") in LISTS

    @property
    def failed(self) -> bool:
        """Sent, not saved, and not for adding a row: something is wrong."""
        return self.data is not None and not self.adding and self.document is None

    def formsets(self):
        return [(prefix, LISTS[prefix].title, formset) for prefix, formset in self.lists.items()]

    def is_valid(self) -> bool:
        forms_ok = self.form.is_valid() & all([fs.is_valid() for fs in self.lists.values()])  # every box checked
        document, self.rows = self._document()
        self.names = kind_names(document.get("book_kinds"))  # for a message naming the book kinds
        try:
            load_rules(document)
        except RulesError as exc:
            for problem in exc.errors:
                self._place(problem.field or "", problem.message)
            return False
        if not forms_ok or self.adding:
            return False
        self.document = document
        return True

    # --- the document from the boxes ------------------------------------------------------

    def _rows(self, prefix: str) -> list[tuple[int, dict]]:
        """(form index, values) of the rows kept: not ticked for removal, not left empty."""
        rows = []
        for index, form in enumerate(self.lists[prefix].forms):
            data = getattr(form, "cleaned_data", None) or {}
            if data.get("DELETE"):
                continue
            # a select always says something ("natural"): a row with nothing typed is still empty
            values = {k: v for k, v in data.items() if k not in ("DELETE", "key", "cards")}
            if all(v in (None, "", [], {}) for v in values.values()):
                continue
            rows.append((index, data))
        return rows

    def _document(self) -> tuple[dict, dict[str, list[int]]]:
        """The rules document the boxes say (a box that did not read leaves its value out, and
        ``load_rules`` then names it too), and for each list which form each document row came from."""
        values = self.form.cleaned_data if hasattr(self.form, "cleaned_data") else {}
        document = copy.deepcopy(self.base)
        rows: dict[str, list[int]] = {}
        started = set()
        for entry in RULES_FIELDS:
            section = entry.path.split(".")[0]
            if section in REBUILT and section not in started:
                document[section] = {}
                started.add(section)
            if not entry.when(values, document):
                _leave_out(document, entry.path)
            elif isinstance(entry, RowList):
                kept = self._rows(entry.prefix)
                rows[entry.prefix] = [index for index, _ in kept]
                items = entry.write([data for _, data in kept], document, self.base)
                if items or not entry.left_out_when_empty:
                    _put(document, entry.path, items)
                else:
                    _leave_out(document, entry.path)
            else:
                _write_box(entry, values, document, self.base)
        return document, rows

    # --- problems back to their boxes -------------------------------------------------------

    def _place(self, path: str, message: str) -> None:
        """Put a problem of ``load_rules`` next to its box; one no box shows goes to the top."""
        message = _plain(path, message, self.names)
        for prefix, entry in LISTS.items():
            list_path, renames = entry.path, entry.renames
            match = re.fullmatch(re.escape(list_path) + r"\[(\d+)\](?:\.([\w.]+))?.*", path)
            if match and int(match[1]) < len(self.rows.get(prefix, [])):
                form = self.lists[prefix].forms[self.rows[prefix][int(match[1])]]
                inner = match[2] or ""  # "replaces_round_score.caller", "books.clean", "players"
                first = inner.split(".")[0]
                box = renames.get(inner) or renames.get(first) or first or _first_box(form)
                if box not in form.fields:
                    box = _first_box(form)
                if not form.has_error(box):
                    form.add_error(box, message)
                return
            if path == list_path:
                self.lists[prefix]._non_form_errors = self.lists[prefix].non_form_errors() + [message]
                return
        for prefix_path in sorted(PATH_FIELDS, key=len, reverse=True):
            if path == prefix_path or path.startswith(prefix_path + ".") or path.startswith(prefix_path + "["):
                box = PATH_FIELDS[prefix_path]
                if not self.form.has_error(box):
                    self.form.add_error(box, message)
                return
        self.top_errors.append(f"{path}: {message}" if path else message)


def _write_box(box: Box, values: dict, document: dict, base: dict) -> None:
    """Write one box's value into ``document`` as its table entry says (see ``NONE`` …)."""
    value = values.get(box.name)
    missing = box.name not in values  # the box did not read
    if box.empty == UNCHANGED and (missing or value in (None, "")):
        value, missing = box.read(_get(base, box.path, box.default)), False
    if box.empty == DEFAULT and (missing or value in (None, "", [], {})):
        _put(document, box.path, copy.deepcopy(box.default))
        return
    value = None if missing else box.write(value)
    if missing or (value is None and box.empty == LEFT_OUT):
        _leave_out(document, box.path)
    else:
        _put(document, box.path, value)


# load_rules's messages that name the document's keys, in the words of the boxes.
PLAIN = [
    (
        r"red_threes\.negative_when_not_melded",
        r"leave it out with positive_with_books.*",
        gettext_noop(
            "Leave it unticked when red threes count only with enough books: "
            "the choice for a side with fewer books says how they count."
        ),
    ),
    (
        r"extras\[\d+\]\.amount",
        r"leave it out for a special hand.*",
        gettext_noop("Leave it empty for a special hand: it scores what the “Replaces the round” boxes say."),
    ),
    (
        r"going_out_by_players\[\d+\]",
        r"needs 'players'.*",
        gettext_noop("Say which tables: the numbers of players, or with or without partners."),
    ),
]


def _plain(path: str, message: str, names: dict[str, str]) -> str:
    for path_pattern, message_pattern, plain in PLAIN:
        if re.fullmatch(path_pattern, path) and re.fullmatch(message_pattern, message):
            return gettext(plain)
    match = re.fullmatch(r"going_out_by_players\[\d+\]\.books\.(.+)", path)
    if match and message.startswith("is not a book kind"):
        said = {"name": match[1], "names": ", ".join(names.values())}
        return gettext("“%(name)s” is not one of the book kinds: write one of %(names)s.") % said
    return _checked(message)


# The checks of a value's type and bounds (rules.checking), as the loader words them in English
# (its own contract, the score_game command's too), said again in the page's language.
CHECKED = [
    (r"is required", gettext_noop("is required")),
    (r"must be a list of numbers", gettext_noop("must be a list of numbers")),
    (r"must be between 2 and 8", gettext_noop("must be between 2 and 8")),
    (r"must be a whole number, not (?P<value>.+)", gettext_noop("must be a whole number, not %(value)s")),
    (
        r"must be a whole number of 0 or more, not (?P<value>.+)",
        gettext_noop("must be a whole number of 0 or more, not %(value)s"),
    ),
    (
        r"must be a number of points or a text, not (?P<value>.+)",
        gettext_noop("must be a number of points or a text, not %(value)s"),
    ),
    (r"must be at most (?P<most>[\d,]+), not (?P<value>.+)", gettext_noop("must be at most %(most)s, not %(value)s")),
    (
        r"must be between (?P<least>-?[\d,]+) and (?P<most>[\d,]+), not (?P<value>.+)",
        gettext_noop("must be between %(least)s and %(most)s, not %(value)s"),
    ),
]


def _checked(message: str) -> str:
    """A type or bounds problem in the page's language, its numbers as the language writes them."""
    for pattern, words in CHECKED:
        match = re.fullmatch(pattern, message)
        if match and gettext(words) == words:  # a language with no words of its own: as the loader said it
            return message
        if match:
            said = {
                key: fmt(int(value.replace(",", ""))) if key in ("least", "most") else value
                for key, value in match.groupdict().items()
            }
            return gettext(words) % said
    return message


def _first_box(form) -> str:
    return next(name for name, field in form.fields.items() if not field.widget.is_hidden)


def _with_one_more_row(data, prefix: str):
    data = data.copy()
    total = f"{prefix}-TOTAL_FORMS"
    if str(data.get(total, "")).isdigit():
        data[total] = str(int(data[total]) + 1)
    return data
