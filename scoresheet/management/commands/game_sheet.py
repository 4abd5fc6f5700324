"""Write a game's filled score sheet as a PDF."""

import re

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import ngettext

from scoresheet import database
from scoresheet.games import selectors
from scoresheet.management.output import add_language, language, out_path, printable, write_pdf
from scoresheet.models import Game
from scoresheet.paper import pdf, printing, sheets

# A game number in plain digits 0-9 (not ١٢٣ or １２), short enough to be a database id.
GAME_ID = re.compile(r"[0-9]{1,18}")


class Command(BaseCommand):
    requires_system_checks = []  # as score_game: the checks import every view, most of its start-up
    help = "Write the filled score sheet (PDF) of a game: its rounds so far, totals and winner."

    def add_arguments(self, parser):
        parser.add_argument("game_id", help="the game's number (in its address: /games/NUMBER/)")
        parser.add_argument("--out", required=True, help="the PDF file to write")
        parser.add_argument("--paper", default="letter", help="letter or a4")
        parser.add_argument("--large-print", action="store_true", help="bigger type, fewer rounds a page")
        add_language(parser)

    def handle(self, *args, **options):
        code = language(options)
        game_id = str(options["game_id"])
        if not re.fullmatch(r"[0-9]+", game_id):
            raise CommandError(f"GAME_ID must be a number, not “{printable(game_id, limit=40)}”.", returncode=2)
        if options["paper"] not in pdf.PAPERS:
            raise CommandError(f"--paper: letter or a4, not “{printable(options['paper'], limit=40)}”.", returncode=2)
        out = out_path(options["out"])
        problem = database.problem()
        if problem is not None:
            raise CommandError(problem, returncode=2)
        game = Game.objects.filter(pk=int(game_id)).first() if GAME_ID.fullmatch(game_id) else None
        if game is None:
            raise CommandError(f"There is no game {printable(game_id, limit=40)}.", returncode=2)
        sheet = selectors.game_sheet(game=game)
        with translation.override(code):
            content = sheets.score_sheet(
                sheet.rules,
                printing.game_sheet_data(sheet),
                pdf.Options(paper=options["paper"], large_print=options["large_print"]),
            )
        write_pdf(out, content)
        rounds = ngettext("%(n)s round", "%(n)s rounds", len(sheet.rounds)) % {"n": len(sheet.rounds)}
        self.stdout.write(f"Wrote {printable(out)}: {game}, {rounds}, {len(content):,} bytes.")
