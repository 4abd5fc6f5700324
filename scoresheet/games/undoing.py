"""What "Undo" and "Redo" take back, read from the game's history (scoresheet.games.history).

The changes Undo can take back (rounds entered, corrected or removed; the game finished or
reopened) are replayed in order, as an editor's undo and redo stacks:

- a change of its own goes on the done stack and empties the redo stack (a new change after
  an undo drops the redo);
- an undo (its ``history_undoes`` the change on top of the done stack) moves to the redo stack;
- a redo (its ``history_undoes`` the undo on top of the redo stack) goes back on the done stack.

Undo takes back the top of the done stack, Redo the top of the redo stack: both are "take back
that change" (services.game_undo, services.game_redo). Each form carries the id of the change
it takes back, so a second tap, or another phone's, finds it gone and changes nothing.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from scoresheet.games import history

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
