"""Take a season's results out as a workbook: the Results sheet import_results reads, and the
Game log of every round entered (PRODUCT.md, "The league" → "Spreadsheets")."""

from django.core.management.base import BaseCommand, CommandError

from league.exchange import exports as export_selectors
from league.models import Club, Season
from scoresheet.management.output import out_path, printable


class Command(BaseCommand):
    requires_system_checks = []  # as score_game: the checks import every view, most of its start-up
    help = "Write a season's results (sheets Results and Game log) to an xlsx file."

    def add_arguments(self, parser):
        parser.add_argument("--club", required=True, help="the club's slug")
        parser.add_argument("--season", required=True, help="the season's name")
        parser.add_argument("--out", required=True, help="the .xlsx file to write")

    def handle(self, *args, **options):
        out = out_path(options["out"])
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"--club: there is no club {printable(options['club'])}.", returncode=2)
        season = Season.objects.filter(club=club, name=options["season"]).first()
        if season is None:
            names = ", ".join(club.seasons.values_list("name", flat=True)) or "none yet"
            raise CommandError(
                f"--season: {club.name} has no season {printable(options['season'])} (its seasons: {names}).",
                returncode=2,
            )
        content = export_selectors.results_workbook(season=season)
        try:
            out.write_bytes(content)
        except OSError as exc:
            raise CommandError(f"--out: cannot write {printable(out)}: {exc.strerror or exc}.", returncode=2) from None
        self.stdout.write(printable(f"Wrote {out}."))
