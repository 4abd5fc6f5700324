"""Who played which rounds of a seat, and whom a game counts for. Plain Python, no database.

A substitute takes a seat from the next round to be entered: the player who left keeps the
rounds already saved, the substitute plays the rest. The standings count whole games, so a
seat's game goes to one player — **the one who played more of its rounds; on a tie, the player
who left** (the draw seated them, and a half-game stand-in does not take the game from them).
That player gets the team's whole result (points, win share, VP) as for any game; the other gets
no game (their rounds are named on the game log and the game's pages). So a game counts once per
seat, every number stays a whole game's, and the Results sheet names the players it counts for:
it imports back to the same standings.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatRounds:
    """A seat of a finished game: who sits there now, who left (if anyone) and the rounds of each."""

    player: tuple[int, str]  # (player id, name) of who sits there now
    replaced: tuple[int, str] | None  # who left, if a substitute took the seat
    before: int  # rounds played before the substitute came: the player who left played them
    after: int  # rounds played since: the substitute's

    @property
    def counts_for(self) -> tuple[int, str]:
        """The player the game counts for: more rounds played, the player who left on a tie."""
        if self.replaced is None or self.after > self.before:
            return self.player
        return self.replaced

    @property
    def split(self) -> str:
        """Who played which rounds, when two players shared the seat: "Bob rounds 1–2, Cleo rounds 3–4";
        empty when one player played every round."""
        if self.replaced is None or not self.before or not self.after:
            return ""
        total = self.before + self.after
        return (
            f"{self.replaced[1]} {rounds_text(1, self.before)}, {self.player[1]} {rounds_text(self.before + 1, total)}"
        )


def rounds_text(first: int, last: int) -> str:
    """ "round 3", "rounds 1–2"."""
    return f"round {first}" if first == last else f"rounds {first}–{last}"


def player_in_round(player: str, replaced: str | None, from_round: int, number: int) -> str:
    """Who sat in a seat in round ``number``: the player who left before ``from_round``, then the substitute."""
    return replaced if replaced is not None and number < from_round else player
