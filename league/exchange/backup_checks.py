"""Checking a club backup's rows before anything of it is written (``backup.import_club``).

A backup is a file anyone may have edited, so nothing in it is trusted: every row is a JSON object
with a whole-number ``id`` of its own, and every field holds what its column takes (true or false,
a whole number in the column's range, a date, a date and time with its zone, a UUID, text no longer
than the column, one of the column's choices). Beyond the types:

- every rules document (a house variant's, a game's snapshot and its history's) is read by
  ``scoresheet.rules.loading.load_rules``, as house rules are when saved: a junk one is refused;
- every round total is scored again from its entries under its game's rules, and a total that
  disagrees is refused (a restore gives back the club as it was, or says why it cannot);
- a variant in a backup is one of the club's own house variants (presets are named by slug);
- an account is named as ``{"user": "username"}`` (or null where no one is named), never by id.

``problems(tables)`` gives each problem as one line naming the table, the row's id and the field.
"""

from __future__ import annotations

import json
import uuid
from collections import defaultdict

from django.apps import apps
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.dateparse import parse_date, parse_datetime

from scoresheet.rules.loading import load_rules
from scoresheet.rules.schema import RulesError
from scoresheet.scoring import engine as scoring
from scoresheet.scoring.entries import entry_from_values

MAX_PROBLEMS = 20  # a badly damaged file is refused with the first ones, not thousands of lines
RULES_FIELDS = {("scoresheet.Variant", "document"), ("scoresheet.Game", "rules_document")}
RULES_FIELDS |= {("scoresheet.HistoricalGame", "rules_document")}


def problems(tables: dict, labels: list[str]) -> list[str]:
    """Every problem of the backup's ``tables`` (of the models ``labels``, in that order), one line each."""
    found: list[str] = [f"{label}: no such table in a club backup." for label in tables if label not in labels]
    # export_club writes every table, an empty one as []: a table missing was taken out of the file.
    found += [
        f"{label}: the table is missing (a backup lists every table, [] when empty)."
        for label in labels
        if label not in tables
    ]
    if found:
        return found[:MAX_PROBLEMS]
    rules: dict[str, object] = {}  # each rules document read once: Rules, or the RulesError it raised
    for label in labels:
        rows = tables.get(label, [])
        if not isinstance(rows, list):
            found.append(f"{label}: the table is not a list of rows.")
            continue
        found += _table_problems(apps.get_model(label), label, rows, rules)
        if len(found) >= MAX_PROBLEMS:
            return found[:MAX_PROBLEMS]
    if not found:
        found = _total_problems(tables, rules)
    return found[:MAX_PROBLEMS]


def _table_problems(model, label: str, rows: list, rules: dict) -> list[str]:
    found, seen = [], set()
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    columns = {"id"} | {f.attname for f in fields}
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, dict) or not _whole(row.get("id")) or not _an_id(row["id"]):
            found.append(f"{label} row {number}: not a row with a whole-number id (1 to {MAX_ID:,}).")
            continue
        where = f"{label} #{row['id']}"
        if row["id"] in seen and not hasattr(model, "instance_type"):  # a history row's id is its object's
            found.append(f"{where}: a second row with this id.")
        seen.add(row["id"])
        found += [f"{where}, {name}: no such column in this table." for name in row if name not in columns][:3]
        for f in fields:
            if f.attname in row:
                message = _field_problem(label, f, row[f.attname], rules)
                if message:
                    found.append(f"{where}, {f.attname}: {message}")
        if label == "scoresheet.Variant" and (row.get("is_preset") is not False or row.get("club_id") is None):
            found.append(f"{where}: a backup holds only the club's own house rules (a preset is named by its slug).")
        if len(found) >= MAX_PROBLEMS:
            break
    return found + _unique_problems(model, label, rows)


MAX_ID = 2**63 - 1  # the largest id a table's key holds (a 64-bit integer, on every engine)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _an_id(value: int) -> bool:
    return 1 <= value <= MAX_ID


def _unique_problems(model, label: str, rows: list) -> list[str]:
    """A column that takes each value once (a game's tokens, a table's game): no value empty, none twice
    in the backup. (One taken here already by another club is given a fresh one by the restore; the
    club's own slug is the restore's to choose.)"""
    found = []
    for f in model._meta.concrete_fields:
        if f.primary_key or not f.unique or (label, f.name) == ("league.Club", "slug"):
            continue
        values = [row.get(f.attname) for row in rows if isinstance(row, dict)]
        given = [value for value in values if value is not None]
        if any(value == "" for value in given):
            found.append(f"{label}, {f.attname}: a row has it empty, and each row needs one of its own.")
        seen, twice = set(), set()
        for value in map(repr, given):  # repr: any JSON value, hashable
            (twice if value in seen else seen).add(value)
        if twice:
            found.append(f"{label}, {f.attname}: {len(twice)} value(s) given to more than one row.")
    return found


def _field_problem(label: str, f, raw, rules: dict) -> str | None:
    """What is wrong with ``raw`` as the value of field ``f`` (None: nothing)."""
    if raw is None:
        return None if f.null else "is empty, and this column needs a value."
    if f.is_relation:
        return _reference_problem(f, raw)
    if (label, f.name) in RULES_FIELDS:
        loaded = _rules(raw, rules)
        return f"not rules Bookkeeper can read ({loaded})." if isinstance(loaded, RulesError) else None
    if isinstance(f, models.JSONField):
        return None  # any JSON (the entries are checked by scoring them)
    value, message = _typed(f, raw)
    if message:
        return message
    try:
        f.run_validators(value)
    except ValidationError as exc:
        return " ".join(exc.messages)
    if f.choices and value not in {choice for choice, _ in f.flatchoices} and not (f.blank and value == ""):
        return f"{raw!r} is not one of {', '.join(repr(choice) for choice, _ in f.flatchoices)}."
    return None


def _typed(f, raw) -> tuple[object, str | None]:
    """``raw`` as the Python value of ``f``, or a message saying what the column takes."""
    if isinstance(f, models.BooleanField):
        return raw, None if isinstance(raw, bool) else f"{raw!r} is not true or false."
    if isinstance(f, models.IntegerField):
        return raw, None if _whole(raw) else f"{raw!r} is not a whole number."
    if not isinstance(raw, str):
        return raw, f"{raw!r} is not text."
    if "\x00" in raw:
        return raw, "holds a NUL character, which no text here holds."
    if isinstance(f, models.DateTimeField):
        value = _parsed(parse_datetime, raw)
        if value is None:
            return raw, f"{raw!r} is not a date and time (YYYY-MM-DDTHH:MM:SS+HH:MM)."
        if settings.USE_TZ and value.tzinfo is None:
            return raw, f"{raw!r} has no time zone."
        return value, None
    if isinstance(f, models.DateField):
        value = _parsed(parse_date, raw)
        return value, None if value is not None else f"{raw!r} is not a date (YYYY-MM-DD)."
    if isinstance(f, models.UUIDField):
        value = _parsed(uuid.UUID, raw)
        return value, None if value is not None else f"{raw!r} is not a UUID."
    return raw, None


def _rules(document, rules: dict):
    """``document`` read by ``load_rules`` (the Rules, or the RulesError it raised), once per document."""
    key = json.dumps(document, sort_keys=True)
    if key not in rules:
        try:
            rules[key] = load_rules(document)
        except RulesError as exc:
            rules[key] = exc
    return rules[key]


def _parsed(parse, raw: str):
    try:
        return parse(raw)
    except ValueError:
        return None


def _reference_problem(f, raw) -> str | None:
    target = f.related_model._meta.label_lower
    if target == settings.AUTH_USER_MODEL.lower():
        if not (
            isinstance(raw, dict) and set(raw) == {"user"} and (raw["user"] is None or isinstance(raw["user"], str))
        ):
            return f'{raw!r}: an account is named by its username, as {{"user": "name"}}.'
        return None if raw["user"] or f.null else "names no account, and this column needs one."
    if target == "scoresheet.variant" and isinstance(raw, dict):
        ok = set(raw) == {"preset"} and isinstance(raw["preset"], str)
        return None if ok else f'{raw!r}: a preset is named by its slug, as {{"preset": "slug"}}.'
    return None if _whole(raw) and _an_id(raw) else f"{raw!r} is not the id of a row."


def _total_problems(tables: dict, rules: dict) -> list[str]:
    """Each round total that its entries, scored under its game's rules, do not give."""
    documents = {
        row["id"]: row["rules_document"] for row in tables.get("scoresheet.Game", []) if "rules_document" in row
    }
    game_of = {row["id"]: row.get("game_id") for row in tables.get("scoresheet.Round", [])}
    position = {row["id"]: row.get("position") for row in tables.get("scoresheet.Team", [])}
    by_round = defaultdict(list)
    for row in tables.get("scoresheet.TeamRound", []):
        by_round[row.get("round_id")].append(row)
    found = []
    for round_id, rows in by_round.items():
        document = documents.get(game_of.get(round_id))
        if document is None:
            continue  # a round of no game in the backup: refused when its reference is looked up
        rows.sort(key=lambda row: position.get(row.get("team_id")) or 0)
        try:
            scores = scoring.score_entries(_rules(document, rules), [entry_from_values(row) for row in rows])
        except (KeyError, TypeError, ValueError, AttributeError):
            ids = ", ".join(f"#{row['id']}" for row in rows)
            found.append(f"scoresheet.TeamRound {ids}: the entries cannot be scored under their game's rules.")
            continue
        for row, score in zip(rows, scores):
            if row.get("total") != score.total:
                found.append(
                    f"scoresheet.TeamRound #{row['id']}, total: {row.get('total')!r}, but its entries score "
                    f"{score.total} under its game's rules."
                )
    return found
