"""python manage.py ratings --club SLUG [--season NAME] [--evaluate] [--json] — every player's rating
learned from the club's counted games (or one season's), best first (PRODUCT.md, "Ratings")."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from league.models import Club, Player, Season
from league.ratings.evaluation import Evaluation, evaluate
from league.ratings.learning import learn
from league.ratings.selectors import club_games
from scoresheet import database


def fail(message: str):
    raise CommandError(message, returncode=2)


class Command(BaseCommand):
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
            for p in learn(games).ranked()
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
    period = season.name if season else "every season"
    lines = [f"Ratings of {club.name} ({period}), highest first:"]
    if not rows:
        lines.append("No counted games yet.")
    width = max((len(row["player"]) for row in rows), default=0)
    for place, row in enumerate(rows, start=1):
        games = "game" if row["games"] == 1 else "games"
        lines.append(
            f"{place:>3}. {row['player']:<{width}}  {row['rating']:5.1f} ± {row['uncertainty']:.1f}"
            f"  ({row['games']} {games})"
        )
    if evaluation is not None:
        lines += [
            "",
            f"Learned from the first 80% of the games, foretelling the {evaluation.held_out_games} after them:",
            f"  log-loss of the ratings    {evaluation.log_loss:.3f}",
            f"  a coin                     {evaluation.coin_log_loss:.3f}",
            f"  the players' win rates     {evaluation.win_rate_log_loss:.3f}",
            "Lower is better.",
        ]
    return "\n".join(lines) + "\n"
