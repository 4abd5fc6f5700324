"""Who deals: the seats round the table, in the order the deal passes to the left.

Partners sit opposite each other, so going left round the table the seats alternate
between the teams: each team's first-named player, then each team's second-named, and so
on ("Ann & Bob" against "Cléo & Søren" sit Ann, Cléo, Bob, Søren). The deal moves one
seat a round. It goes round the players when every team names the same number of them;
otherwise (only team names known, or individual players) it goes round the teams.

Pure functions: names in, seats out. static/js/dealer.js lists the same seats on the start
form, with the same way of splitting the players' names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

# "Ann & Bob", "Ann, Bob", "Ann and Bob", "Ann / Bob", "Ann + Bob"
PLAYER_SEPARATORS = re.compile(r"\s*(?:&|,|/|\+|\band\b)\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Seat:
    team: int  # the team's position on the sheet
    team_name: str
    player: str = ""  # empty when the deal goes round the teams

    @property
    def label(self) -> str:
        """ "Ann (Us)", or "Us" when the deal goes round the teams."""
        return f"{self.player} ({self.team_name})" if self.player else self.team_name

    @property
    def dealer(self) -> str:
        """Who picks up the cards: the player, or the team."""
        return self.player or self.team_name


def player_names(players: str) -> list[str]:
    """ "Ann & Bob" → ["Ann", "Bob"]; "" → []."""
    return [name for name in PLAYER_SEPARATORS.split(players.strip()) if name]


def seats(teams: Sequence[tuple[str, str]], *, by_players: bool = True) -> list[Seat]:
    """The seats in the order the deal goes round, from each team's (name, players).

    ``by_players`` is off for individual players, whose "team" is the player.
    """
    rosters = [player_names(players) if by_players else [] for _, players in teams]
    size = len(rosters[0]) if rosters else 0
    if size and all(len(roster) == size for roster in rosters):
        return [Seat(team, teams[team][0], rosters[team][k]) for k in range(size) for team in range(len(teams))]
    return [Seat(team, name) for team, (name, _) in enumerate(teams)]


def dealer(table: Sequence[Seat], first: int, number: int) -> Seat:
    """Who deals round ``number`` when seat ``first`` dealt round 1."""
    return table[(first + number - 1) % len(table)]
