"""Write a blank score sheet PDF for a variant."""

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from scoresheet.games import forms
from scoresheet.management.output import add_language, is_text, language, out_path, printable, write_pdf
from scoresheet.paper import pdf, sheets


class Command(BaseCommand):
    requires_system_checks = []  # as score_game: the checks import every view, most of its start-up
    help = "Write a blank score sheet (PDF) for a variant, with its rules card."

    def add_arguments(self, parser):
        parser.add_argument("--variant", required=True, help="variant slug (see `manage.py variants`)")
        parser.add_argument("--teams", help="2 to 4 (default: the number of --names, else 2)")
        parser.add_argument("--names", default="", help='team names, comma-separated: "Us,Them"')
        parser.add_argument("--paper", default="letter", help="letter or a4")
        parser.add_argument("--large-print", action="store_true", help="bigger type, fewer rounds a page")
        parser.add_argument("--copies", default="1", help="copies in the one PDF, 1 to 50")
        parser.add_argument(
            "--rules-card", default="same", help="where the rules card prints: same (page), back or none"
        )
        parser.add_argument("--out", required=True, help="the PDF file to write")
        add_language(parser)

    def handle(self, *args, **options):
        code = language(options)
        if not is_text(options["names"]):
            # bytes that are not UTF-8 reach Python as lone surrogates, which no PDF can print
            raise CommandError("--names: the names are not UTF-8 text.", returncode=2)
        names = [n.strip() for n in options["names"].split(",")] if options["names"] else []
        if len(names) > 4:
            raise CommandError(f"--names: at most 4 names, not {len(names)}.", returncode=2)
        data = {
            "variant": options["variant"],
            "teams": options["teams"] if options["teams"] is not None else str(max(len(names), 2)),
            "paper": options["paper"],
            "copies": options["copies"],
            "rules_card": options["rules_card"],
            **({"large_print": "on"} if options["large_print"] else {}),
            **{f"name_{i}": name for i, name in enumerate(names, start=1)},
        }
        form = forms.PrintSheetForm(data)
        if not form.is_valid():
            raise CommandError(one_line(form), returncode=2)
        out = out_path(options["out"])
        d = form.cleaned_data
        options = pdf.Options(
            paper=d["paper"], large_print=d["large_print"], copies=d["copies"], rules_card=d["rules_card"]
        )
        with translation.override(code):
            content = sheets.score_sheet(d["rules"], pdf.SheetData(teams=d["names"]), options)
        write_pdf(out, content)
        self.stdout.write(
            f"Wrote {printable(out)}: {d['rules'].name}, {d['teams']} teams, {d['copies']} "
            f"{'copy' if d['copies'] == 1 else 'copies'}, {len(content):,} bytes."
        )


OPTION_NAMES = {
    "variant": "--variant",
    "teams": "--teams",
    "paper": "--paper",
    "copies": "--copies",
    "rules_card": "--rules-card",
    "large_print": "--large-print",
}


def one_line(form) -> str:
    """Every form error in one line, named by its command-line option."""
    parts = []
    for field, errors in form.errors.items():
        option = OPTION_NAMES.get(field, "--names" if field.startswith("name_") else field)
        parts.append(f"{option}: {' '.join(e.rstrip('.') for e in errors)}")
    return "; ".join(parts) + "."
