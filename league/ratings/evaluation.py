"""How well ratings foretell games they did not learn from (``ratings --evaluate``). Plain Python.

The games, in date order, are cut at 80 %: the ratings learn from the first part, then each
later game is foretold from the ratings as they stood at the cut, and scored by the log-loss of
the chance given to the team that won (−ln p: 0 for a certain right call, 0.693 for a coin's
½ at a 2-team table). Beside it, two baselines scored the same way:

- a coin: every team at the table equally likely, ½ at 2 teams and ⅓ at 3 (ln 3 = 1.099 for a
  3-team game), so a mix of tables gives the mean of those;
- the players' win rates over the first part: each player's (wins + ½) ÷ (games + 1), so a
  newcomer has ½; a team's strength is its players' mean, and its chance is its strength over
  the sum of the table's strengths.

A held-out game with a tie on top has no single winner and is not scored.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from league.ratings.learning import RatedGame, chances, fit_beta, learn

TRAINED = Fraction(4, 5)
FLOOR = 1e-9  # a chance of 0 would give an infinite loss


@dataclass(frozen=True)
class Evaluation:
    held_out_games: int
    log_loss: float
    coin_log_loss: float
    win_rate_log_loss: float
    beta: float = 0.0  # the performance spread learnt from the first part

    def as_json(self) -> dict:
        return {
            "held_out_games": self.held_out_games,
            "log_loss": round(self.log_loss, 3),
            "coin_log_loss": round(self.coin_log_loss, 3),
            "win_rate_log_loss": round(self.win_rate_log_loss, 3),
            "beta": round(self.beta, 2),
        }


def evaluate(games: Sequence[RatedGame], *, margins: bool = False) -> Evaluation:
    """Learn from the first 80 % of ``games`` (in date order) and score the rest (see above)."""
    cut = math.floor(len(games) * TRAINED)
    trained, held_out = games[:cut], games[cut:]
    beta = fit_beta(trained, margins=margins)  # the luck learnt from the first part alone
    ratings = learn(trained, margins=margins, beta=beta)
    rates = win_rates(trained)
    losses, coins, by_rate = [], [], []
    for game in held_out:
        shares = game.win_shares()
        if len(game.teams) < 2 or shares.count(max(shares)) > 1:
            continue
        winner = shares.index(max(shares))
        losses.append(_loss(chances(ratings, game.teams)[winner]))
        coins.append(math.log(len(game.teams)))
        strengths = [sum(rates.get(pk, 0.5) for pk in team) / len(team) for team in game.teams]
        by_rate.append(_loss(strengths[winner] / sum(strengths)))
    return Evaluation(len(losses), _mean(losses), _mean(coins), _mean(by_rate), beta)


def win_rates(games: Sequence[RatedGame]) -> dict[int, float]:
    """Each player's win rate over ``games``, pulled towards ½: (wins + ½) ÷ (games + 1)."""
    wins: dict[int, Fraction] = {}
    played: dict[int, int] = {}
    for game in games:
        for team, share in zip(game.teams, game.win_shares()):
            for pk in team:
                wins[pk] = wins.get(pk, Fraction(0)) + share
                played[pk] = played.get(pk, 0) + 1
    return {pk: float((wins[pk] + Fraction(1, 2)) / (played[pk] + 1)) for pk in played}


def _loss(chance: float) -> float:
    return -math.log(max(chance, FLOOR))


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


# --- how good the predictions are, for the club's ratings page ------------------------------

BINS = ((0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.0001))


@dataclass(frozen=True)
class Bin:
    """The games whose favourite was given a chance in [low, high), and how often it won."""

    low: float
    high: float
    games: int
    won: int

    @property
    def happened(self) -> float | None:
        return self.won / self.games if self.games else None


def calibration(games: Sequence[RatedGame], expected: dict[int, dict[int, float]]) -> list[Bin]:
    """Each 2-team game with one winner, by the chance its favourite was given before it
    (``Ratings.expected``: foretold from the games before it only), in bins of ten points."""
    counts = {bounds: [0, 0] for bounds in BINS}
    for game in games:
        shares = game.win_shares()
        if len(game.teams) != 2 or shares[0] == shares[1] or game.game not in expected:
            continue
        given = [expected[game.game][team[0]] for team in game.teams]
        favourite = given.index(max(given))
        for low, high in BINS:
            if low <= given[favourite] < high:
                counts[(low, high)][0] += 1
                counts[(low, high)][1] += shares[favourite] == 1
                break
    return [Bin(low, high, games, won) for (low, high), (games, won) in counts.items()]
