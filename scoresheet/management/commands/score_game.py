"""Score a game given as JSON (shared/design/PRODUCT.md, "The score_game command").

Whatever the input, the answer is JSON on standard output: the scored game (exit 0) or
``{"errors": [...]}`` (exit 2). No input ends in a traceback.
"""

import json
import sys

from django.core.management.base import BaseCommand
from django.utils import translation

from scoresheet.games import selectors
from scoresheet.games.formfields import MAX_DIGITS
from scoresheet.management.output import is_text, to_json
from scoresheet.problems import Problem
from scoresheet.scoring import game_json

MAX_INPUT_BYTES = 10_000_000  # a 100-round game of 4 teams is well under 1 MB
# A game is nested 6 deep (game, rounds, round, entry, adjustments, adjustment); deeper
# input is junk, refused before anything walks it recursively.
MAX_DEPTH = 20


class Command(BaseCommand):
    # No system checks: they import every URLconf and so every view (reportlab, openpyxl, tables2),
    # most of the start-up time of a command that needs none of them (issue 21).
    requires_system_checks = []
    help = "Score a game read as JSON from FILE or standard input; print the scored game as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="the game as JSON (default: standard input)")
        parser.add_argument("--variant", help='variant slug; overrides the game\'s "variant"')

    def handle(self, *args, **options):
        with translation.override("en"):  # a public contract: its messages and breakdown lines are English
            self.answer(options)

    def answer(self, options):
        text, error = read_input(options["file"])
        data, error = parse(text) if error is None else (None, error)
        if error is not None:
            output, status = game_json.errors_json([Problem(error)], None), 2
        elif broken := broken_text(data):
            output, status = game_json.errors_json(broken, team_names(data)), 2
        else:
            output, status = game_json.score_game_document(
                data, variant=options["variant"], find_rules=selectors.rules_for_slug
            )
        self.stdout.write(to_json(output, getattr(self.stdout, "encoding", None)))
        if status:
            sys.exit(status)


def read_input(path: str | None) -> tuple[str | None, str | None]:
    """The input's text, or a message saying why it cannot be read."""
    name = path if path and path != "-" else "The input"
    try:
        if path and path != "-":
            with open(path, "rb") as f:
                raw = f.read(MAX_INPUT_BYTES + 1)
        elif hasattr(sys.stdin, "buffer"):
            raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:  # a text stream put in place of standard input (tests, embedding)
            return sys.stdin.read(MAX_INPUT_BYTES + 1).removeprefix("\ufeff"), None
    except OSError as exc:
        return None, f"Cannot read {path or 'standard input'}: {exc.strerror or exc}."
    if len(raw) > MAX_INPUT_BYTES:
        return None, f"{name} is larger than {MAX_INPUT_BYTES:,} bytes; a game is far smaller."
    try:
        return raw.decode("utf-8-sig"), None  # a byte-order mark from Windows editors is fine
    except UnicodeDecodeError:
        return None, f"{name} is not UTF-8 text."


def parse(text: str) -> tuple[object, str | None]:
    """The JSON value in ``text``, or a message saying why it is not one a game can be."""
    try:
        data = json.loads(text, parse_int=whole_number)
    except json.JSONDecodeError as exc:
        return None, f"The input is not valid JSON: {exc}."
    except RecursionError:  # json.loads recurses once per nested [ or {
        return None, f"The input is nested too deeply: a game is at most {MAX_DEPTH} levels deep."
    except ValueError:  # from whole_number
        return None, f"The input holds a number with far too many digits ({MAX_DIGITS} at most)."
    if depth(data) > MAX_DEPTH:
        return None, f"The input is nested too deeply: a game is at most {MAX_DEPTH} levels deep."
    return data, None


def whole_number(text: str) -> int:
    """A JSON whole number; ValueError past ``MAX_DIGITS`` digits (no count or score has more)."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(text[:20])
    return int(text)


def depth(value: object) -> int:
    """How deeply lists and objects nest in ``value`` (walked without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack and deepest <= MAX_DEPTH:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def team_names(data: object) -> list[str]:
    """The game's team names, when they are all text (a problem names its team by them)."""
    teams = data.get("teams") if isinstance(data, dict) else None
    return teams if isinstance(teams, list) and all(isinstance(t, str) and is_text(t) for t in teams) else []


def broken_text(data: object) -> list[Problem]:
    """Each place where the game holds a lone surrogate (JSON "\\ud800"), as a problem.

    Such a string is no text: no terminal, PDF or database can hold it, so it is refused
    as input, named by round, team and field as the contract names any problem.
    """
    names = team_names(data)
    problems = []
    for path in _surrogate_paths(data):
        number = team = None
        if len(path) >= 2 and path[0] == "rounds" and isinstance(path[1], int):  # in a round's entry
            number = path[1] + 1
            if len(path) >= 3 and isinstance(path[2], int) and path[2] < len(names):
                team = names.index(names[path[2]])  # the answer names a team by its name: the first of it
            path = path[3:]
        field = path[0] if path and isinstance(path[0], str) and is_text(path[0]) else None
        what = "A team name" if field == "teams" and number is None else "This text"
        message = f"{what} holds a broken character: a lone UTF-16 surrogate (\\ud800 to \\udfff)."
        problems.append(Problem(message, round=number, team=team, field=field))
    return list(dict.fromkeys(problems))  # each place once, in the order first found


def _surrogate_paths(value: object):
    """The path (keys and indexes) to each string or key that is not text, in the order they are
    written, walked without recursion."""
    stack = [(value, ())]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if not is_text(item):
                yield path
        elif isinstance(item, dict):
            # a key that is not text is reported itself; otherwise its value is looked into
            children = [(key if not is_text(key) else child, (*path, key)) for key, child in item.items()]
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(reversed([(child, (*path, index)) for index, child in enumerate(item)]))
