"""What "Undo" and "Redo" take back, read from the game's history (scoresheet.games.history), and
taking it back (``game_undo``, ``game_redo``).

The changes Undo can take back (rounds entered, corrected or removed; the game finished or
reopened) are replayed in order, as an editor's undo and redo stacks:

- a change of its own goes on the done stack and empties the redo stack (a new change after
  an undo drops the redo);
- an undo (its ``history_undoes`` the change on top of the done stack) moves to the redo stack;
- a redo (its ``history_undoes`` the undo on top of the redo stack) goes back on the done stack.

Undo takes back the top of the done stack, Redo the top of the redo stack: both are "take back
that change" (``game_undo``, ``game_redo`` below). Each form carries the id of the change
it takes back, so a second tap, or another phone's, finds it gone and changes nothing.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from scoresheet.addresses import clubs
from scoresheet.games import history, selectors
from scoresheet.games.services import RoundInvalid, game_finish, game_reopen, round_record
from scoresheet.models import Game, Round
from scoresheet.problems import Refused
from scoresheet.scoring.entries import entry_from_values

UNDOABLE = ("round_entered", "round_corrected", "round_removed", "game_finished", "game_reopened")


@dataclass(frozen=True)
class Offer:
    change: uuid.UUID  # the change taken back: the form carries it
    text: str  # what the button's question names: "round 3 entered by olga at 21:14"


@dataclass(frozen=True)
class Undoing:
    undo: Offer | None  # the change Undo takes back
    redo: Offer | None  # the undo Redo takes back (its text: the change it puts back)
    redos: frozenset[uuid.UUID]  # the changes that were redos (the history calls them so)


def undoing(*, changes: dict, teams) -> Undoing:
    """Undo's and Redo's offers from the game's changes (history.game_changes): no query."""
    done: list[uuid.UUID] = []
    undone: list[uuid.UUID] = []
    undoes: dict[uuid.UUID, uuid.UUID] = {}
    redos = set()
    for _when, change_id, taken_back in sorted(_undoable(changes)):
        if taken_back is None:
            done.append(change_id)
            undone.clear()
        elif undone and undone[-1] == taken_back:
            undone.pop()
            done.append(change_id)
            redos.add(change_id)
        elif taken_back in done:  # the top of the stack, but for an older history
            done.remove(taken_back)
            undone.append(change_id)
        undoes[change_id] = taken_back
    undo = Offer(done[-1], _phrase(changes[done[-1]], teams)) if done else None
    redo = None
    if undone:
        put_back = undoes[undone[-1]]
        redo = Offer(undone[-1], _phrase(changes[put_back], teams))
    return Undoing(undo=undo, redo=redo, redos=frozenset(redos))


def _phrase(rows, teams) -> str:
    text = history.describe(rows, teams)
    return text[:1].lower() + text[1:]


def _undoable(changes: dict):
    """(when, change id, the change it took back or None) for each change Undo can take back."""
    from scoresheet.models import Game, Round

    for change_id, rows in changes.items():
        leads = [row for model, row in rows if model in (Game, Round)]
        actions = [row for row in leads if row.history_action in UNDOABLE]
        if actions:
            yield min(row.history_date for row in leads), change_id, actions[0].history_undoes


def game_undoing(*, game, teams) -> Undoing:
    """Undo's and Redo's offers for ``game`` (three queries: history.game_changes)."""
    return undoing(changes=history.game_changes(game=game, teams=teams), teams=teams)


@dataclass(frozen=True)
class TakeBack:
    """What taking back one change needs."""

    id: uuid.UUID
    action: str
    round_number: int | None
    before: dict  # team id -> the entry's values before the change (round corrections and removals)
    confirmed: list  # the plausibility codes the round had before
    finished_game: bool = False  # the round saved ended the game by its rules (services.round_record)


def take_back(change_id: uuid.UUID) -> TakeBack:
    """The change ``change_id`` as taking it back needs it: its action, its round, the entries
    it replaced or removed and the warnings the round had been confirmed with."""
    from scoresheet.models import Game, Round, TeamRound
    from scoresheet.scoring.entries import ENTRY_FIELDS

    round_row = Round.history.filter(history_change_id=change_id).first()
    if round_row is None:
        game_row = Game.history.filter(history_change_id=change_id, history_action__in=UNDOABLE).first()
        return TakeBack(change_id, game_row.history_action, None, {}, [])
    removed = TeamRound.history.filter(history_change_id=change_id, history_type="-")
    before = {row.team_id: {name: getattr(row, name) for name in ENTRY_FIELDS} for row in removed}
    previous = (
        Round.history.filter(id=round_row.id, history_date__lt=round_row.history_date)
        .order_by("-history_date", "-history_id")
        .first()
    )
    confirmed = [record["code"] for record in (previous.confirmed_warnings if previous else [])]
    statuses = Game.history.filter(id=round_row.game_id).order_by("history_date", "history_id")
    finished = change_id in history.finishing_changes(statuses.values_list("history_change_id", "status"))
    return TakeBack(change_id, round_row.history_action, round_row.number, before, confirmed, finished)


# --- taking a change back (the services) ---------------------------------------------------


class UndoRefused(Refused):
    """Nothing to undo or redo, or the change cannot be taken back any more (the message says why)."""


@transaction.atomic
def game_undo(*, game: Game, change: str | None = None) -> str:
    """Take back the game's last change (a round entered, corrected or removed; finishing or
    reopening), recorded in the history as an undo; what was undone, in words. ``change``: the id
    of the change the asker saw as the last (their form's); another last change is refused.
    Totals are computed again by ``round_record``, as for any save."""
    game, offer = _offered(game, "undo", change)
    return _take_back(game=game, change=offer.change)


@transaction.atomic
def game_redo(*, game: Game, change: str | None = None) -> str:
    """Put back exactly what the last undo took back (Redo), recorded in the history; what was
    redone, in words. Only right after an undo: a change made since drops it. ``change``: the id
    of the undo the asker saw, as for ``game_undo``."""
    game, offer = _offered(game, "redo", change)
    _take_back(game=game, change=offer.change)
    return gettext("Put back: %(what)s.") % {"what": offer.text}


def _offered(game: Game, which: str, change: str | None) -> tuple[Game, Offer]:
    """The game, locked, and what its Undo (or Redo, ``which``) takes back now; refused when that
    is not ``change``, the one the asker's form named (a second tap, another phone's change)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    offer = getattr(game_undoing(game=game, teams=selectors.game_teams(game=game)), which)
    if offer is None:
        raise UndoRefused(
            gettext("There is nothing to undo.") if which == "undo" else gettext("There is nothing to redo.")
        )
    if change is not None and change != str(offer.change):
        raise UndoRefused(
            gettext(
                "Nothing was undone: the change you saw was taken back already, or another came after it. "
                "Look at the history."
            )
            if which == "undo"
            else gettext(
                "Nothing was redone: the change you saw was taken back already, or another came after it. "
                "Look at the history."
            )
        )
    return game, offer


def _take_back(*, game: Game, change) -> str:
    """Take back the change ``change`` (an undo's, to redo it), recorded as taking it back."""
    last = take_back(change)
    if last.action == "game_finished":
        with history.change("game_reopened", undoes=last.id):
            game_reopen(game=game)
        return gettext("The game is open again.")
    if last.action == "game_reopened":
        with history.change("game_finished", undoes=last.id):
            game_finish(game=game)
        return gettext("The game is finished again.")
    number = last.round_number
    words = {"number": number}
    # A round that ended the game (services.round_record) takes the finish back with it.
    reopened = " " + gettext("The game is open again.") if last.finished_game else ""
    if last.action == "round_entered":
        with history.change("round_removed", undoes=last.id):
            _round_remove(game=game, number=number)
            if last.finished_game:  # a game that its last round finished is not finished without it
                game_reopen(game=game)
        return gettext("Round %(number)s taken off.") % words + reopened
    teams = selectors.game_teams(game=game)
    if set(last.before) != {team.pk for team in teams}:
        raise UndoRefused(
            gettext("Round %(number)s's earlier values are not all in the history: correct it instead.") % words
        )
    entries = [entry_from_values(last.before[team.pk]) for team in teams]
    try:
        with history.change("round_corrected" if last.action == "round_corrected" else "round_entered", undoes=last.id):
            round_record(game=game, number=number, entries=entries, confirmed=last.confirmed, undoes=last.id)
            if last.finished_game:
                game_reopen(game=game)
    except RoundInvalid as exc:
        raise UndoRefused(gettext("Round %(number)s cannot be put back: %(why)s") % {**words, "why": exc}) from exc
    back = (
        gettext("Round %(number)s is back as it was.")
        if last.action == "round_corrected"
        else gettext("Round %(number)s is back.")
    )
    return back % words + reopened


def _round_remove(*, game: Game, number: int) -> None:
    """Take off the last round (its entries go with it, each into the history)."""
    last_number = game.rounds.order_by("-number").values_list("number", flat=True).first()
    if last_number != number:
        raise UndoRefused(gettext("Round %(number)s is not the last round any more.") % {"number": number})
    Round.objects.get(game=game, number=number).delete()
    game.save(update_fields=["updated_at"])
    clubs.game_changed(game)
