"""A game finished early: finished ("Finish the game early") before its rules' end was reached.

A game's rules end it after a number of rounds, or once a team reaches a target score (or at
once, when a side makes the books that win the game). A finished game whose rounds stop short
of that end was finished early: 2 rounds of 4, or nobody at 5,000. A game imported as final
totals has no rounds as played, so it is never early.

``shortfall`` decides it for values already read (pure); ``early_games`` reads what it needs for
many games at once (two or three queries whatever their number), for the lists that mark them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Count, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import ngettext

from scoresheet.display import fmt
from scoresheet.models import Game, Team, TeamRound
from scoresheet.scoring.engine import GameResult


@dataclass(frozen=True)
class Shortfall:
    """How a game finished early fell short: the rounds played, of the rules' rounds (None when the
    rules end at a target score instead)."""

    played: int
    of: int | None
    target: int | None = None

    @property
    def text(self) -> str:
        """ "2 of 4 rounds", or "3 rounds, nobody reached 5,000"."""
        if self.of is not None:
            # Counted by the rounds played, which the French noun follows ("1 manche sur 4"); the
            # English noun follows the rules' rounds, always more than one here: "rounds" in both.
            return ngettext("%(played)s of %(of)s rounds", "%(played)s of %(of)s rounds", self.played) % {
                "played": self.played,
                "of": self.of,
            }
        return ngettext(
            "%(played)s round, nobody reached %(target)s", "%(played)s rounds, nobody reached %(target)s", self.played
        ) % {"played": self.played, "target": fmt(self.target or 0)}


def shortfall(game_end: dict, *, played: int, totals: Sequence[int], books_won: bool = False) -> Shortfall | None:
    """How a finished game of ``played`` rounds fell short of its rules' end (``game_end``, the
    rules document's section), or None when it reached it. ``books_won``: a side made the books
    that win the game at once (``game_end.books_to_win``) in one of its rounds."""
    if books_won or played == 0:
        return None
    target = game_end.get("target_score")
    if target is not None:
        return None if max(totals, default=0) >= target else Shortfall(played, None, target)
    rounds = game_end.get("rounds")
    if rounds is None or played >= rounds:
        return None
    return Shortfall(played, rounds)


def game_shortfall(game: Game, result: GameResult) -> Shortfall | None:
    """``shortfall`` for a game already read and scored (its sheet): None unless finished early."""
    if not game.is_finished or game.entered_as_totals:
        return None
    end = (game.rules_document or {}).get("game_end") or {}
    books_won = any(round_result.wins_game for round_result in result.rounds)
    return shortfall(end, played=len(result.rounds), totals=result.totals, books_won=books_won)


def early_games(games, totals: dict[int, Sequence[int]] | None = None) -> dict[int, Shortfall]:
    """Of ``games`` (a queryset of games, or their ids), those finished early, by id, with their
    shortfall. One query for the games' ends and round counts, one for the totals of those that may
    be early (none when ``totals``, each game's team totals, are given), and one more only for rules
    where a side can win at once with books."""
    ends = (
        Game.objects.filter(id__in=games, status=Game.Status.FINISHED, entered_as_totals=False)
        .annotate(played=Count("rounds"))
        .values_list("id", "played", "rules_document__game_end")
    )
    candidates = {game: (played, end or {}) for game, played, end in ends if _may_be_early(end or {}, played)}
    if not candidates:
        return {}
    if totals is None:
        totals = {}
        teams = Team.objects.filter(game_id__in=candidates).annotate(final=Coalesce(Sum("entries__total"), 0))
        for game, final in teams.order_by("game_id", "position").values_list("game_id", "final"):
            totals.setdefault(game, []).append(final)
    won = _won_with_books({game: end for game, (_, end) in candidates.items() if end.get("books_to_win")})
    early = {}
    for game, (played, end) in candidates.items():
        short = shortfall(end, played=played, totals=totals.get(game, []), books_won=game in won)
        if short is not None:
            early[game] = short
    return early


def _may_be_early(end: dict, played: int) -> bool:
    """Before the totals are read: a game with a target score, or fewer rounds than its rules'."""
    return played > 0 and (end.get("target_score") is not None or played < (end.get("rounds") or 0))


def _won_with_books(ends: dict[int, dict]) -> set[int]:
    """Of these games (by id, with their rules' end), those where a side made the books that win at once."""
    if not ends:
        return set()
    won = set()
    for game, books in TeamRound.objects.filter(team__game_id__in=ends).values_list("team__game_id", "books"):
        if sum(max(n, 0) for n in (books or {}).values()) >= ends[game]["books_to_win"]["books"]:
            won.add(game)
    return won


def mark_early(games: Iterable[Game]) -> list[Game]:
    """Each game with ``early``: its ``Shortfall`` when it was finished early, else None. The games'
    teams come with their totals already read (``score``, as ``selectors.with_team_totals`` reads
    them), so this is one query (a second only for rules where a side can win at once with books)."""
    games = list(games)
    totals = {game.id: [team.score for team in game.teams.all()] for game in games}
    early = early_games([game.id for game in games], totals)
    for game in games:
        game.early = early.get(game.id)
    return games
