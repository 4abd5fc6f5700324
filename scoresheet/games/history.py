"""The audit trail: who changed what, when, and the values before and after.

django-simple-history keeps a history table per model (a row per create, change and delete,
with every value and the signed-in user, ``HistoryRequestMiddleware``). This module adds the
grouping a page needs: every service opens a ``change`` (an action such as "round_corrected",
the reason given, whether it is an undo), and each history row written inside it carries the
change's id, so "Round 2 corrected" is one entry with the round's totals before and after. Who
made it is the signed-in member or, for the players at a night table, the table link
(``via_table``). Writes that do not send Django's signals (``bulk_create``, ``update``) are
not recorded: the services save row by row, or through ``bulk_create`` / ``bulk_update`` here.

``game_history`` reads a game's history in plain words; scoresheet.games.undoing finds in it what
"Undo" and "Redo" take back (``undoing.game_undo``, ``undoing.game_redo``).
"""

from __future__ import annotations

import re
import uuid
from collections import defaultdict
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from functools import wraps

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_noop

from scoresheet.display import fmt as pts


@dataclass(frozen=True)
class _Change:
    id: uuid.UUID
    action: str
    reason: str
    undoes: uuid.UUID | None


_current: ContextVar[_Change | None] = ContextVar("history_change", default=None)
_via: ContextVar[str] = ContextVar("history_via", default="")


@contextmanager
def change(action: str, *, reason: str = "", undoes: uuid.UUID | None = None):
    """Every history row written inside is one change: ``action`` (what the page calls it),
    with its ``reason``. A service called by another is part of the outer change."""
    if _current.get() is not None:
        yield
        return
    token = _current.set(_Change(uuid.uuid4(), action, " ".join(reason.split()), undoes))
    try:
        yield
    finally:
        _current.reset(token)


def records(action: str):
    """A service whose writes are one change called ``action``."""

    def decorate(service):
        @wraps(service)
        def recorded(*args, **kwargs):
            with change(action):
                return service(*args, **kwargs)

        return recorded

    return decorate


def table_label(table) -> str:
    """What the history keeps of a change made through a table's link: "table 1 2" (its table and
    sitting, language-neutral), said in the reader's language when shown (``via_words``)."""
    return f"table {table.number} {table.sitting.number}"


# Kept before the history said it when shown: the English words.
_KEPT_IN_ENGLISH = re.compile(r"the table link of Table (\d+), sitting (\d+)")


def via_words(via: str) -> str:
    """ "the table link of Table 1, sitting 2" in the reader's language, from what ``table_label`` kept."""
    found = re.fullmatch(r"table (\d+) (\d+)", via) or _KEPT_IN_ENGLISH.fullmatch(via)
    if found is None:
        return via
    return gettext("the table link of Table %(table)s, sitting %(sitting)s") % {
        "table": found.group(1),
        "sitting": found.group(2),
    }


@contextmanager
def via_table(table):
    """The changes made inside are the table link's (the players at ``table``, with no account)."""
    token = _via.set(table_label(table))
    try:
        yield
    finally:
        _via.reset(token)


def bulk_create(model, objs) -> list:
    """``model.objects.bulk_create(objs)`` with a history row each, as saving them one by one would
    write (bulk creates send no signals): in the open change, by the signed-in member.

    The rows and their history rows go in as plain inserts (``plain_inserts``): built by Django's
    bulk helpers, value by value, 220,000 rows of an import took most of its time and memory."""
    from scoresheet.games import plain_inserts

    known: dict = {}  # the values converted for the rows, used again for their history rows
    objs = plain_inserts.create(model, list(objs), known)
    options = _bulk_history()
    user = options["default_user"]
    extras = {
        "history_date": timezone.now(),
        "history_type": "+",
        "history_change_reason": None,
        "history_user_id": user.pk if user is not None else None,
        **options["custom_historical_attrs"],
    }
    _insert_history(model.history.model, objs, extras, known)
    return objs


def _insert_history(history_model, objs, extras: dict, known: dict | None = None) -> None:
    """One history row a row of ``objs``: its fields' values, and ``extras`` for the history's own."""
    from django.db import connections, router

    from scoresheet.games import plain_inserts

    connection = connections[router.db_for_write(history_model)]
    fields = [f for f in history_model._meta.concrete_fields if not f.primary_key]
    own = {f.attname: f.get_default() for f in fields if f.attname.startswith("history_")}
    for start in range(0, len(objs), HISTORY_BATCH):  # a batch's rows built at a time: memory bounded
        batch = objs[start : start + HISTORY_BATCH]
        rows = plain_inserts.values(fields, batch, connection, fixed=own | extras, known=known)
        plain_inserts.insert(history_model, rows, fields)


HISTORY_BATCH = 2000  # history rows a plain insert writes at a time


def create_each(model, objs) -> list:
    """Insert ``objs`` and their history rows exactly as ``obj.save(force_insert=True)`` each would
    (same values, user, change, action, reason and undo), in two inserts instead of two a row:
    ``fill_history_row`` puts the reason and the undo on a row saved alone, so they are given here
    too. The rows must need nothing ``save`` does besides the insert (no ``save`` of their own, no
    signal but history's)."""
    from simple_history.utils import bulk_create_with_history

    options = _bulk_history()
    current = _current.get()
    if current is not None:
        options["custom_historical_attrs"]["history_undoes"] = current.undoes
        if current.reason:
            options["default_change_reason"] = current.reason[:100]
    return bulk_create_with_history(list(objs), model, **options)


def bulk_update(model, objs, fields: list[str]) -> None:
    """``model.objects.bulk_update(objs, fields)`` with a history row each (a change "~"), as
    ``bulk_create`` does for new rows."""
    from simple_history.utils import bulk_update_with_history

    bulk_update_with_history(list(objs), model, fields, **_bulk_history())


def _bulk_history() -> dict:
    """The history rows' change, link and user, for simple-history's bulk helpers."""
    from simple_history.models import HistoricalRecords

    current = _current.get()
    attrs = {"history_change_id": current.id if current else uuid.uuid4(), "history_via": _via.get()}
    if current is not None:
        attrs["history_action"] = current.action
    request = getattr(HistoricalRecords.context, "request", None)
    user = getattr(request, "user", None)
    return {
        "default_user": user if user is not None and user.is_authenticated else None,
        "custom_historical_attrs": attrs,
    }


def fill_history_row(sender, history_instance, **kwargs) -> None:
    """pre_create_historical_record: put the open change's id, action, reason and the table link
    on the row (a row written outside any service is a change of its own)."""
    if not hasattr(history_instance, "history_change_id"):
        return
    current = _current.get()
    history_instance.history_change_id = current.id if current else uuid.uuid4()
    history_instance.history_via = _via.get()
    if current is not None:
        history_instance.history_action = current.action
        history_instance.history_undoes = current.undoes
        if current.reason:
            history_instance.history_change_reason = current.reason[:100]


# Reading a game's history


@dataclass(frozen=True)
class HistoryEntry:
    when: datetime
    text: str  # "Round 2 corrected by the table link of Table 1, sitting 1 at 21:14"
    details: list[str] = field(default_factory=list)  # "Ann & Bob 2,205 → 2,305"
    reason: str = ""


# What a change of the game itself (no round in it) is called on its page.
# The words are marked here and translated where they are shown (``gettext``).
GAME_ACTIONS = {
    "game_started": gettext_noop("Game started"),
    "sitting_drawn": gettext_noop("Game drawn"),
    "game_finished": gettext_noop("Game finished"),
    "game_reopened": gettext_noop("Game reopened"),
    "game_deleted": gettext_noop("Game deleted"),
    "game_restored": gettext_noop("Game restored"),
    "seats_swapped": gettext_noop("Seats swapped"),
    "seat_substituted": gettext_noop("A substitute took a seat"),
    "night_closed": gettext_noop("Night closed"),
}
ROUND_PHRASES = {
    "+": gettext_noop("Round %(n)s entered"),
    "~": gettext_noop("Round %(n)s corrected"),
    "-": gettext_noop("Round %(n)s removed"),
}


def game_changes(*, game, teams) -> dict[uuid.UUID, list]:
    """The game's history rows (its own, its rounds' and their entries'), grouped by change:
    ``{change id: [(model, row), …]}``; three queries however long the game."""
    from scoresheet.models import Game, Round, TeamRound

    team_ids = [team.pk for team in teams]
    changes: dict[uuid.UUID, list] = defaultdict(list)
    for model, rows in (
        (Game, Game.history.filter(id=game.pk)),
        (Round, Round.history.filter(game_id=game.pk)),
        (TeamRound, TeamRound.history.filter(team_id__in=team_ids)),
    ):
        for row in rows.select_related("history_user") if model is not TeamRound else rows:
            changes[row.history_change_id].append((model, row))
    return changes


def game_history(*, game, teams, changes: dict | None = None, redos=frozenset()) -> list[HistoryEntry]:
    """The game's changes in plain words, newest first (``changes``: from ``game_changes``, read
    here unless given); the changes in ``redos`` are called redos (scoresheet.games.undoing)."""
    from scoresheet.models import Game

    if changes is None:
        changes = game_changes(game=game, teams=teams)
    names = {team.pk: team.name for team in teams}
    order = {team.pk: i for i, team in enumerate(teams)}
    game_rows = sorted(
        (row for rows in changes.values() for model, row in rows if model is Game),
        key=lambda row: (row.history_date, row.history_id),
    )
    finishing = finishing_changes((row.history_change_id, row.status) for row in game_rows)
    entries = [
        _entry(rows, names, order, redo=change_id in redos, ends=change_id in finishing)
        for change_id, rows in changes.items()
    ]
    entries = [e for e in entries if e is not None]
    return sorted(entries, key=lambda e: e.when, reverse=True)


def describe(rows, teams) -> str:
    """One change in plain words, whether or not it was an undo: "Round 3 entered by olga at 21:14"."""
    names = {team.pk: team.name for team in teams}
    entry = _entry(rows, names, {}, plain=True)
    return entry.text if entry is not None else gettext("a change")


def _entry(rows, names, order, *, redo: bool = False, plain: bool = False, ends: bool = False) -> HistoryEntry | None:
    """One change in words; ``ends``: a round that ended the game by its rules (finished with it)."""
    from scoresheet.models import Game, Round, TeamRound

    round_rows = [row for model, row in rows if model is Round]
    game_rows = [row for model, row in rows if model is Game]
    lead = (round_rows or game_rows or [None])[0]
    if lead is None:
        return None  # entries without their round: not a change of its own
    when = max(row.history_date for _, row in rows)
    details = []
    if round_rows:
        phrase = gettext(ROUND_PHRASES[lead.history_type]) % {"n": lead.number}
        entries = [row for model, row in rows if model is TeamRound]
        details = _totals(entries, names, order)
        if ends:
            phrase = gettext("%(phrase)s: game finished") % {"phrase": phrase}
    else:
        phrase = gettext(
            GAME_ACTIONS.get(lead.history_action)
            or (gettext_noop("Game started") if lead.history_type == "+" else gettext_noop("Game changed"))
        )
    who, at = _who(lead), _at(when)
    text = undo_text(phrase, who, at, redo=redo) if lead.history_undoes and not plain else f"{phrase}{who} {at}"
    return HistoryEntry(when=when, text=text, details=details, reason=lead.history_change_reason or "")


def _totals(rows, names, order) -> list[str]:
    """Each team's round total before and after the change ("Ann & Bob 2,205 → 2,305"): the
    entries deleted by the change hold the values before, those created the values after."""
    before = {row.team_id: row.total for row in rows if row.history_type == "-"}
    after = {row.team_id: row.total for row in rows if row.history_type != "-"}
    texts = []
    for team_id in sorted(set(before) | set(after), key=lambda pk: order.get(pk, 0)):
        name = names.get(team_id) or gettext("A team")
        if team_id in before and team_id in after:
            if before[team_id] != after[team_id]:
                texts.append(f"{name} {pts(before[team_id])} → {pts(after[team_id])}")
        elif team_id in after:
            texts.append(f"{name} {pts(after[team_id])}")
        else:
            texts.append(gettext("%(team)s %(total)s taken off") % {"team": name, "total": pts(before[team_id])})
    if before and after and not texts:
        texts.append(gettext("Totals unchanged"))
    return texts


def round_entered_by(*, game, number: int) -> str:
    """Who entered round ``number`` of ``game`` and when, as the history says it: " by the table
    link of Table 2, sitting 1 at 21:14"; "" when the history does not have it."""
    from scoresheet.models import Round

    row = (
        Round.history.filter(game_id=game.pk, number=number, history_type="+")
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
        .first()
    )
    return f"{_who(row)} {_at(row.history_date)}" if row is not None else ""


def _who(row) -> str:
    """ " by olga", " by the table link of Table 2, sitting 1", both, or nothing (a casual game)."""
    user = row.history_user.get_username() if row.history_user_id else ""
    via = via_words(row.history_via) if row.history_via else ""
    if user and via:
        return gettext(" by %(user)s through %(via)s") % {"user": user, "via": via}
    if user or via:
        return gettext(" by %(who)s") % {"who": user or via}
    return ""


def undo_text(phrase: str, who: str, at: str, *, redo: bool = False) -> str:
    """ "Undo by olga at 21:14: round 3 entered"."""
    words = gettext("Redo%(who)s %(at)s: %(what)s") if redo else gettext("Undo%(who)s %(at)s: %(what)s")
    return words % {"who": who, "at": at, "what": f"{phrase[0].lower()}{phrase[1:]}"}


def _at(when: datetime) -> str:
    local = timezone.localtime(when)
    if local.date() == timezone.localdate():
        return gettext("at %(time)s") % {"time": f"{local:%H:%M}"}
    return gettext("on %(date)s at %(time)s") % {"date": date_format(local, "j F Y"), "time": f"{local:%H:%M}"}


def finishing_changes(rows) -> set:
    """The changes that took the game from in progress to finished, of its history rows
    (``history_change_id``, ``status``) in the order they were written."""
    finishing, before = set(), None
    for change_id, status in rows:
        if status == "finished" and before not in (None, "finished"):
            finishing.add(change_id)
        before = status
    return finishing
