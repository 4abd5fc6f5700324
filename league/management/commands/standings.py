"""python manage.py standings --club SLUG --season NAME [--night YYYY-MM-DD] [--by vp|wins|points|average]
[--min-nights N] [--json | --xlsx FILE | --pdf FILE] — a season's (or a night's) standings (PRODUCT.md)."""

from __future__ import annotations

import json
from datetime import date

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from league.models import Club, Night, Season
from league.rankings import RANKINGS
from league.standings.selectors import Standings, night_standings, season_standings
from scoresheet import database
from scoresheet.management.output import add_language, language


def fail(message: str):
    raise CommandError(message, returncode=2)


class Command(BaseCommand):
    # No system checks: they import every URLconf and so every view (reportlab, openpyxl, tables2),
    # most of the start-up time of a command that needs none of them (issue 21).
    requires_system_checks = []
    help = "Print a season's or a night's standings (as text, JSON, or to an xlsx or PDF file)."

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's slug")
        parser.add_argument("--season", required=True, help="the season's name")
        parser.add_argument("--night", help="one night's standings: its date, YYYY-MM-DD")
        parser.add_argument("--by", help="the ranking rule: vp, wins, points or average (default: the season's)")
        parser.add_argument("--min-nights", help="nights to be ranked (default: the season's)")
        out = parser.add_mutually_exclusive_group()
        out.add_argument("--json", action="store_true", help="print JSON")
        out.add_argument("--xlsx", metavar="FILE", help="write an xlsx workbook")
        out.add_argument("--pdf", metavar="FILE", help="write a PDF")
        add_language(parser)

    def handle(self, *args, **options):
        code = language(options)  # the PDF's; text, JSON and the workbook stay English
        problem = database.problem()
        if problem:
            fail(problem)
        result = self._standings(options)
        if options["json"]:
            self.stdout.write(json.dumps(result.as_json(), indent=2, ensure_ascii=False))
        elif options["xlsx"]:
            from league.standings.xlsx import standings_workbook

            _write(options["xlsx"], standings_workbook(result))
        elif options["pdf"]:
            from league.standings.pdf import standings_pdf

            with translation.override(code):
                content = standings_pdf(result)
            _write(options["pdf"], content)
        else:
            self.stdout.write(as_text(result))

    def _standings(self, options) -> Standings:
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            fail(f"--club: No club {options['club']!r}.")
        season = Season.objects.filter(club=club, name=options["season"]).select_related("club").first()
        if season is None:
            fail(f"--season: No season {options['season']!r} in {club.name}.")
        by = options["by"]
        if by is not None and by not in RANKINGS:
            fail(f"--by: {by!r} is not a ranking rule: {', '.join(RANKINGS)}.")
        if options["night"]:
            return night_standings(night=self._night(season, options["night"]), by=by)
        min_nights = options["min_nights"]
        if min_nights is not None:
            if not (min_nights.isascii() and min_nights.isdigit()) or len(min_nights) > 4:
                fail(f"--min-nights: {min_nights!r} is not a whole number of nights (0 or more).")
            min_nights = int(min_nights)
        return season_standings(season=season, by=by, min_nights=min_nights)

    def _night(self, season: Season, text: str) -> Night:
        try:
            day = date.fromisoformat(text)
        except ValueError:
            fail(f"--night: {text!r} is not a date like 2026-11-24.")
        night = Night.objects.live().filter(season=season, date=day).select_related("season__club", "club").first()
        if night is None:
            fail(f"--night: No night on {day.isoformat()} in {season.name}.")
        return night


def _write(path: str, content: bytes) -> None:
    try:
        with open(path, "wb") as out:
            out.write(content)
    except OSError as exc:
        fail(f"Cannot write {path}: {exc.strerror}.")


def as_text(result: Standings) -> str:
    """The standings as a plain table for a terminal."""
    metrics = result.metrics
    header = ["Rank", "Player", *[metric.abbr for metric in metrics]]
    lines = [header]
    for row in result.rows + result.unranked:
        cells = ["" if row.rank is None else str(row.rank), row.name]
        for metric in metrics:
            value = row.values[metric.key]
            cells.append("" if value is None else f"{value:,}")
        lines.append(cells)
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    title = f"{result.club.name} · {result.season.name}"
    if result.night:
        title += f" · night of {result.night.date.isoformat()}"
    text = [title, f"Ranked by {result.ranked_by}", ""]
    for line in lines:
        text.append(
            "  ".join(cell.ljust(w) if i < 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths)))
        )
    return "\n".join(text)
