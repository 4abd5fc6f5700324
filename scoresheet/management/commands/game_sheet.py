"""Write a game's filled score sheet as a PDF."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoresheet import pdf, printing, selectors
from scoresheet.models import Game


class Command(BaseCommand):
    help = "Write the filled score sheet (PDF) of a game: its rounds so far, totals and winner."

    def add_arguments(self, parser):
        parser.add_argument("game_id", help="the game's number (in its address: /games/NUMBER/)")
        parser.add_argument("--out", required=True, help="the PDF file to write")
        parser.add_argument("--paper", default="letter", help="letter or a4")
        parser.add_argument("--large-print", action="store_true", help="bigger type, fewer rounds a page")

    def handle(self, *args, **options):
        if not options["game_id"].isdigit():
            raise CommandError(f"GAME_ID must be a number, not “{options['game_id']}”.", returncode=2)
        game = Game.objects.filter(pk=int(options["game_id"])).first()
        if game is None:
            raise CommandError(f"There is no game {options['game_id']}.", returncode=2)
        if options["paper"] not in pdf.PAPERS:
            raise CommandError(f"--paper: letter or a4, not “{options['paper']}”.", returncode=2)
        out = Path(options["out"])
        if not out.parent.is_dir():
            raise CommandError(f"--out: the folder {out.parent} does not exist.", returncode=2)
        sheet = selectors.game_sheet(game=game)
        content = pdf.score_sheet(sheet.rules, printing.game_sheet_data(sheet),
                                  pdf.Options(paper=options["paper"], large_print=options["large_print"]))
        out.write_bytes(content)
        self.stdout.write(f"Wrote {out}: {game}, {len(sheet.rounds)} rounds, {len(content):,} bytes.")
