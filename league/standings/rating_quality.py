"""How good the club's ratings are at foretelling its games, in words a club understands and a
chart (the rating view of the standings): "the favourite won 64 % of the 31 games it was given
60–70 %", and the held-out log-loss beside a coin's and the players' win rates'."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from league.standings.charts import calibration_chart, number


def rating_quality(quality) -> dict | None:
    """What the page shows of ``quality`` (league.ratings.selectors.Quality); None before any game."""
    if quality is None or not quality.scored:
        return None
    lines = []
    for b in quality.calibration:
        if not b.games:
            continue
        words = {
            "won": number(100 * b.won / b.games),
            "low": number(100 * b.low),
            "high": number(100 * min(b.high, 1)),
            "n": number(b.games),
        }
        lines.append(
            ngettext(
                "Given %(low)s–%(high)s %%, the favourite won %(won)s %% of the time (%(n)s game).",
                "Given %(low)s–%(high)s %%, the favourite won %(won)s %% of the time (%(n)s games).",
                b.games,
            )
            % words
        )
    evaluation = quality.evaluation
    held_out = ""
    if evaluation.held_out_games:
        held_out = gettext(
            "Foretelling the latest fifth of the club's games from the games before them: a score of "
            "%(model)s, against %(coin)s for a coin toss and %(rates)s for the players' win rates "
            "(log-loss over %(n)s games: lower is better)."
        ) % {
            "model": number(evaluation.log_loss, 2),
            "coin": number(evaluation.coin_log_loss, 2),
            "rates": number(evaluation.win_rate_log_loss, 2),
            "n": number(evaluation.held_out_games),
        }
    title = gettext("How often the favourite won, by the chance the ratings gave it")
    chart = calibration_chart(quality.calibration, title, " ".join(lines))
    return {"chart": chart, "lines": lines, "held_out": held_out, "title": title}
