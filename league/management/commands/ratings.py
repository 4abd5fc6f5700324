"""python manage.py ratings --club SLUG [--season NAME] [--evaluate] [--json] — every player's rating
learned from the club's counted games (or one season's), best first (PRODUCT.md, "Ratings")."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext, ngettext

from league.models import Club, Player, Season
from league.ratings.evaluation import Evaluation, evaluate
from league.ratings.learning import learn_fitted
from league.ratings.selectors import club_games
from scoresheet import database


def fail(message: str):
    raise CommandError(message, returncode=2)


class Command(BaseCommand):
    requires_system_checks = []  # as score_game: the checks import every view, most of its start-up
    help = "Print every player's rating, learned from the club's games (as text or JSON)."

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's slug")
        parser.add_argument("--season", help="only this season's games (its name; default: every season)")
        parser.add_argument(
            "--evaluate", action="store_true", help="learn from the first 80%% of the games, score the rest"
        )
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **options):
        problem = database.problem()
        if problem:
            fail(problem)
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            fail(f"--club: No club {options['club']!r}.")
        season = None
        if options["season"] is not None:
            season = Season.objects.filter(club=club, name=options["season"]).first()
            if season is None:
                fail(f"--season: No season {options['season']!r} in {club.name}.")
        games = club_games(club=club, season=season)
        names = dict(Player.objects.filter(club=club).values_list("pk", "name"))
        rows = [
            {
                "player": names[p.player],
                "rating": round(p.rating, 1),
                "uncertainty": round(p.uncertainty, 1),
                "games": p.games,
            }
            for p in learn_fitted(games).ranked()
        ]
        result = {"club": club.slug, "ratings": rows}
        evaluation = evaluate(games) if options["evaluate"] else None
        if evaluation is not None:
            result["evaluation"] = evaluation.as_json()
        if options["json"]:
            self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))
        else:
            self.stdout.write(as_text(club, season, rows, evaluation))


def as_text(club: Club, season: Season | None, rows: list[dict], evaluation: Evaluation | None) -> str:
    """The ratings for people: one line a player, then the evaluation's numbers in words."""
    period = season.name if season else gettext("every season")
    lines = [gettext("Ratings of %(club)s (%(period)s), highest first:") % {"club": club.name, "period": period}]
    if not rows:
        lines.append(gettext("No counted games yet."))
    width = max((len(row["player"]) for row in rows), default=0)
    for place, row in enumerate(rows, start=1):
        games = ngettext("%(count)d game", "%(count)d games", row["games"]) % {"count": row["games"]}
        lines.append(
            f"{place:>3}. {row['player']:<{width}}  {row['rating']:5.1f} ± {row['uncertainty']:.1f}  ({games})"
        )
    if evaluation is not None:
        scores = [
            (gettext("the ratings"), evaluation.log_loss),
            (gettext("a coin"), evaluation.coin_log_loss),
            (gettext("the players' win rates"), evaluation.win_rate_log_loss),
        ]
        lines += [
            "",
            gettext("Learned from the first 80%% of the games, foretelling the %(count)d after them (log-loss):")
            % {"count": evaluation.held_out_games},
            *(f"  {what:<26} {loss:.3f}" for what, loss in scores),
            gettext("Lower is better."),
        ]
    return "\n".join(lines) + "\n"
