"""Score a game given as JSON (shared/design/PRODUCT.md, "The score_game command")."""

import json
import sys

from django.core.management.base import BaseCommand

from scoresheet import game_json, selectors


class Command(BaseCommand):
    help = "Score a game read as JSON from FILE or standard input; print the scored game as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="the game as JSON (default: standard input)")
        parser.add_argument("--variant", help="variant slug; overrides the game's \"variant\"")

    def handle(self, *args, **options):
        text, error = self._read(options["file"])
        if error is None:
            try:
                data = json.loads(text)
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                error = f"The input is not valid JSON: {exc}."
        if error is not None:
            output, status = {"errors": [{"round": None, "team": None, "field": None, "message": error}]}, 2
        else:
            output, status = game_json.score_game_document(
                data, variant=options["variant"], find_rules=selectors.rules_for_slug)
        self.stdout.write(json.dumps(output, indent=2, ensure_ascii=False))
        if status:
            sys.exit(status)

    def _read(self, path):
        try:
            if not path or path == "-":
                data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
                return data.decode("utf-8-sig"), None
            with open(path, encoding="utf-8-sig") as f:  # a byte-order mark from Windows editors is fine
                return f.read(), None
        except OSError as exc:
            return None, f"Cannot read {path}: {exc.strerror}."
        except UnicodeDecodeError:
            return None, f"{path or 'The input'} is not UTF-8 text."
