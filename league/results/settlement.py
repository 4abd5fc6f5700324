"""How a table's result was settled, in the four words the club's record uses wherever a result is
shown (night page, results PDF, results workbook, player page, table link, history):

- **agreed**: every team tapped agree, each on its own phone;
- **confirmed by the organiser**: on the table's behalf, with a reason;
- **finished as it stands**: an unfinished game ended by the organiser (rounds played of rounds
  due), with a reason;
- **left out**: not counted in the standings, with a reason.

A game entered as totals by a results import is **imported**. A table still playing, or finished
and waiting for an agreement, is **not settled** yet.

``settlement`` decides from what a page read already (the table, its game, each team with its
``agreement``): plain Python, no query; ``settlement_of`` decides the same from columns a list of
games read (``querysets.settlement_columns``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, pgettext

from league.results.querysets import is_agreed

AGREED = "agreed"
CONFIRMED = "confirmed"
FINISHED = "finished"
LEFT_OUT = "left_out"
IMPORTED = "imported"
NOT_SETTLED = "not_settled"
NOT_AT_A_TABLE = ""  # a game played at no night's table: nothing to settle


@dataclass(frozen=True)
class Settlement:
    how: str
    reason: str = ""
    rounds: int | None = None  # finished as it stands: the rounds played …
    rounds_due: int | None = None  # … of the rounds due

    @property
    def settled(self) -> bool:
        return self.how != NOT_SETTLED

    @property
    def word(self) -> str:
        """The short word: "Agreed", "Confirmed by the organiser", "Finished as it stands", "Left out"."""
        return {
            AGREED: pgettext("a result", "Agreed"),
            CONFIRMED: pgettext("a result", "Confirmed by the organiser"),
            FINISHED: pgettext("a result", "Finished as it stands"),
            LEFT_OUT: pgettext("a result", "Left out"),
            IMPORTED: pgettext("a result", "Imported"),
            NOT_SETTLED: pgettext("a result", "Not agreed yet"),
            NOT_AT_A_TABLE: "",
        }[self.how]

    @property
    def detail(self) -> str:
        """What goes with the word: the rounds played of the rounds due, the organiser's reason."""
        parts = []
        if self.how == FINISHED and self.rounds is not None:
            if self.rounds_due:
                parts.append(gettext("round %(n)s of %(of)s") % {"n": self.rounds, "of": self.rounds_due})
            else:
                parts.append(gettext("after round %(n)s") % {"n": self.rounds})
        if self.reason:
            parts.append(self.reason)
        return "; ".join(parts)

    @property
    def words(self) -> str:
        """The word with its detail, as one line: "Finished as it stands (round 3 of 4; time ran out)"."""
        detail = self.detail
        return f"{self.word} ({detail})" if detail else self.word


def settlement(table, game, teams) -> Settlement:
    """How the result of ``table`` (a night's Table; None for a game played at no night's table)
    was settled, from its ``game`` and ``teams`` (each read with its ``agreement``)."""
    if table is None:
        return Settlement(IMPORTED if game.entered_as_totals else NOT_AT_A_TABLE)
    agreements = [getattr(team, "agreement", None) for team in teams]
    return settlement_of(
        left_out=table.left_out,
        agreed=is_agreed(table, game, teams),
        every_team=bool(agreements) and all(a is not None for a in agreements),
        by_organiser=any(a is not None and a.by_id is not None for a in agreements),
        imported=game.entered_as_totals,
        table=table,
    )


def settlement_of(*, left_out, agreed, every_team, by_organiser, imported, table) -> Settlement:
    """The same decision from its parts (as ``agreed_value`` and ``SETTLEMENT_COLUMNS`` read them
    along with a list of games): left out by the organiser; not yet agreed (``querysets.agreed``:
    an open night's table waits for every team's agreement since the game last changed); settled
    by the organiser on the table's behalf (confirmed, or finished as it stands: ``table``'s
    ``settled_how``); every team agreed on its own phone; imported. ``table`` is anything with the
    Table's ``settled_*`` attributes."""
    if left_out:
        return Settlement(LEFT_OUT, table.settled_reason)
    if not agreed:
        return Settlement(NOT_SETTLED)
    if by_organiser:
        if table.settled_how == FINISHED:
            return Settlement(FINISHED, table.settled_reason, table.settled_rounds, table.settled_rounds_due)
        return Settlement(CONFIRMED, table.settled_reason)
    if every_team:
        return Settlement(AGREED)
    if imported:
        return Settlement(IMPORTED)
    # A closed night's table that no agreement settled was closed before tables were agreed at
    # all: the organiser vouched for it by closing the night.
    return Settlement(CONFIRMED, table.settled_reason)
