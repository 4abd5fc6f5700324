"""Try a night's seating before it happens (PRODUCT.md, "The league" → "Seating")."""

from django.core.management.base import BaseCommand, CommandError

from league.nights import seating
from scoresheet.games import selectors
from scoresheet.management.output import is_text, printable, to_json

MOST_PLAYERS = 200  # a club night is 8 to 60; more than this is a typo, and the search grows with the square


class Command(BaseCommand):
    requires_system_checks = []  # as score_game: the checks import every view, most of its start-up
    help = "Draw a night's seating for a variant and mode, with no history before the night."

    def add_arguments(self, parser):
        # Everything is checked in handle, so that every bad value exits 2 with one line naming it.
        parser.add_argument("--variant", help="variant slug (see `manage.py variants`)")
        parser.add_argument("--mode", help="fixed (partnerships of sitting 1 stay) or rotating (new partners)")
        parser.add_argument("--sittings", help=f"how many sittings (games) the night has, 1 to {seating.MOST_SITTINGS}")
        parser.add_argument("--players", help="a number of players, named P1 … PN")
        parser.add_argument("--names", help='the players\' names, comma-separated: "Ann,Bob,Cleo"')
        parser.add_argument(
            "--shapes", help="allowed tables as TEAMSxPLAYERS, e.g. 2x2,3x2 (3x1: on their own), or all"
        )
        parser.add_argument("--avoid", help='pairs never seated at one table: "Ann+Bob,Cleo+Dan"')
        parser.add_argument("--seed", help="any text or number: the same seed draws the same night")
        parser.add_argument("--json", action="store_true", help="print the seating as JSON")

    def handle(self, *args, **options):
        rules = self._rules(options["variant"])
        mode = options["mode"]
        if mode not in ("fixed", "rotating"):
            raise CommandError(f"--mode: {_shown(mode)} is not a mode: fixed or rotating.", returncode=2)
        sittings = _whole_number("--sittings", options["sittings"], least=1, most=seating.MOST_SITTINGS)
        players = _players(options["players"], options["names"])
        shapes = _shapes(options["shapes"], rules)
        apart = _apart(options["avoid"], players)
        smallest = min((s.size for s in shapes), default=0)
        if not shapes or len(players) < smallest:
            raise CommandError(
                f"{len(players)} players cannot fill a table of {rules.name}: the smallest seats {smallest}"
                + (" (--shapes all allows smaller ones)." if len(players) >= _smallest_of(rules) else "."),
                returncode=2,
            )
        seed = options["seed"]
        if seed is not None and not is_text(seed):
            raise CommandError("--seed: the seed is not UTF-8 text.", returncode=2)
        try:
            night = seating.draw_night(mode, players, shapes, sittings, seed=seed, apart=apart)
        except ValueError as error:
            raise CommandError(f"{error}.", returncode=2) from None
        output = night_json(night, seating.bound(len(players), shapes, sittings))
        output["repeats"] |= {
            "most_opponents": night.history.most_opponents,
            "most_opponents_bound": seating.most_opponents_bound(len(players), shapes, sittings),
        }
        if options["json"]:
            self.stdout.write(to_json(output, getattr(self.stdout, "encoding", None)))
        else:
            self.stdout.write(printable(night_text(night, rules.name, mode)))

    def _rules(self, slug):
        if not slug:
            raise CommandError("--variant: give a variant slug (see `manage.py variants`).", returncode=2)
        rules = selectors.rules_for_slug(slug) if is_text(slug) else None
        if rules is None:
            raise CommandError(f"--variant: no variant {_shown(slug)} (see `manage.py variants`).", returncode=2)
        return rules


def night_json(night: seating.Night, bound: dict | None = None) -> dict:
    """PRODUCT.md's shape: the sittings with their tables and byes, and the night's repeats (with
    the fewest any seating could have beside them, ``bound``)."""
    return {
        "sittings": [
            {
                "number": sitting.number,
                "tables": [
                    {"table": table.number, "teams": [list(team) for team in table.teams]} for table in sitting.tables
                ],
                "byes": list(sitting.byes),
            }
            for sitting in night.sittings
        ],
        "repeats": night.history.repeats() | ({"bound": bound} if bound is not None else {}),
    }


def night_text(night: seating.Night, variant: str, mode: str) -> str:
    lines = [f"{variant}, {mode} seating, {len(night.sittings)} sittings"]
    for sitting in night.sittings:
        lines += ["", f"Sitting {sitting.number}"]
        for table in sitting.tables:
            teams = " v ".join(" & ".join(team) for team in table.teams)
            lines.append(f"  Table {table.number} ({table.shape}): {teams}")
        if sitting.byes:
            lines.append(f"  Bye: {', '.join(sitting.byes)}")
        lines += [f"  ! {flag}" for flag in sitting.flags]
    repeats = night.history.repeats()
    lines += ["", f"Repeats over the night: partners {repeats['partners']}, opponents {repeats['opponents']}"]
    lines += [f"The most two players meet as opponents: {night.history.most_opponents} times"]
    return "\n".join(lines)


def _shown(value) -> str:
    return repr(printable(value, 40)) if value is not None else "(none)"


def _whole_number(option: str, value, *, least: int, most: int | None = None) -> int:
    text = (value or "").strip()
    if not text.isascii() or not text.isdigit():
        raise CommandError(f"{option}: {_shown(value)} is not a whole number.", returncode=2)
    number = int(text)
    if number < least:
        raise CommandError(f"{option}: at least {least}, not {number}.", returncode=2)
    if most is not None and number > most:
        raise CommandError(f"{option}: at most {most}, not {number}.", returncode=2)
    return number


def _smallest_of(rules) -> int:
    return min((s.size for s in seating.table_shapes(rules)), default=0)


def _shapes(text, rules) -> list[seating.Shape]:
    shapes = seating.table_shapes(rules)
    if text is not None and not is_text(text):
        raise CommandError("--shapes: the shapes are not UTF-8 text.", returncode=2)
    try:
        return seating.parse_shapes(text or "", shapes)
    except ValueError as error:
        raise CommandError(f"--shapes: {printable(str(error), 200)}.", returncode=2) from None


def _apart(text, players: list[str]) -> list[tuple[str, str]]:
    """``--avoid "A+B,C+D"``: pairs of the night's players, matched ignoring case."""
    if text is None:
        return []
    if not is_text(text):
        raise CommandError("--avoid: the pairs are not UTF-8 text.", returncode=2)
    by_name = {name.casefold(): name for name in players}
    pairs = []
    for part in text.split(","):
        names = [name.strip() for name in part.split("+")]
        if len(names) != 2 or not all(names):
            raise CommandError(f"--avoid: {_shown(part.strip())} is not a pair like Ann+Bob.", returncode=2)
        for name in names:
            if name.casefold() not in by_name:
                raise CommandError(f"--avoid: {printable(name, 40)} is not one of the players.", returncode=2)
        if names[0].casefold() == names[1].casefold():
            raise CommandError(f"--avoid: {printable(names[0], 40)} is paired with themselves.", returncode=2)
        pairs.append((by_name[names[0].casefold()], by_name[names[1].casefold()]))
    return pairs


def _players(count, names) -> list[str]:
    if (count is None) == (names is None):
        raise CommandError('Give either --players N or --names "Ann,Bob,…" (one of the two).', returncode=2)
    if count is not None:
        return [f"P{i}" for i in range(1, _whole_number("--players", count, least=1, most=MOST_PLAYERS) + 1)]
    if not is_text(names):
        raise CommandError("--names: the names are not UTF-8 text.", returncode=2)
    listed = [name.strip() for name in names.split(",")]
    if any(not name for name in listed):
        raise CommandError("--names: an empty name (two commas in a row, or one at an end).", returncode=2)
    seen = set()
    for name in listed:
        if name.casefold() in seen:
            raise CommandError(f"--names: {printable(name, 40)} is listed twice.", returncode=2)
        seen.add(name.casefold())
    if len(listed) > MOST_PLAYERS:
        raise CommandError(f"--names: at most {MOST_PLAYERS} players, not {len(listed)}.", returncode=2)
    return listed
