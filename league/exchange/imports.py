"""Importing the results and roster workbooks: check everything, then write a clean file in one
transaction (PRODUCT.md, "Spreadsheets"; two phases as pretix's import does).

``results_plan`` / ``roster_plan`` are the first phase: they read the workbook and the club and say
what an import would create, or every problem. ``results_import`` / ``roster_import`` make the plan
again inside their transaction (so what is written is what was checked, even if the club changed
since the preview) and write it, or raise ``Refused`` and write nothing.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date as Date

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext, pgettext

from league.clubs.services import RESERVED_SLUGS, players_create, players_update
from league.exchange import workbooks as xlsx
from league.exchange.workbooks import RESULTS, ResultRow, RosterRow, name_key, problem
from league.models import Club, Night, Player, Season, Seat, SeatingMode, Sitting, Table, default_blowout
from league.results.version import results_changed
from scoresheet.addresses.tokens import new_token
from scoresheet.display import IMPORTED_SCORE, TABLE_GAME, said
from scoresheet.games import history, plain_inserts, services
from scoresheet.models import Game, Round, TeamRound, Variant
from scoresheet.problems import Problem, Refused

DEFAULT_VARIANT = "hand-and-foot"
IMPORTED = IMPORTED_SCORE  # shown in the reader's language (scoresheet.display.adjustment_label)


# The results workbook


@dataclass
class PlannedNight:
    date: Date
    variant: Variant
    games: list[list[ResultRow]]  # each game's rows (one per team), by sitting then table
    replaces: Night | None = None

    @property
    def sittings(self) -> int:
        return max(rows[0].game for rows in self.games)


@dataclass
class ResultsPlan:
    club_slug: str
    season_name: str
    club: Club | None
    season: Season | None
    season_variant: Variant | None
    nights: list[PlannedNight] = field(default_factory=list)
    players: dict[str, Player] = field(default_factory=dict)  # name_key → roster player
    new_players: list[str] = field(default_factory=list)  # names as first written in the file

    @property
    def games(self) -> int:
        return sum(len(night.games) for night in self.nights)

    @property
    def replaced(self) -> list[Night]:
        return [night.replaces for night in self.nights if night.replaces is not None]

    def summary(self) -> str:
        """ "Imported 4 games on 2 nights, 10 new players: …", in the reader's language."""
        nights = ngettext("%(n)s night", "%(n)s nights", len(self.nights)) % {"n": len(self.nights)}
        games = ngettext("%(n)s game", "%(n)s games", self.games) % {"n": self.games}
        count = len(self.new_players)
        new = ngettext("%(n)s new player", "%(n)s new players", count) % {"n": count} if count else ""
        new = said(new, ", ".join(self.new_players)) if count else gettext("no new players")
        replaced = len(self.replaced)
        gone = " " + ngettext("(replacing %(n)s night)", "(replacing %(n)s nights)", replaced) % {"n": replaced}
        words = {"games": games, "nights": nights, "new": new, "replaced": gone if replaced else ""}
        return gettext("Imported %(games)s on %(nights)s, %(new)s%(replaced)s.") % words


def results_plan(
    *, data: bytes, club_slug: str, season_name: str, variant_slug: str | None = None, replace: bool = False
) -> ResultsPlan:
    """What importing ``data`` into the season would create, or Refused naming every problem.

    The club and the season need not exist yet (the command creates them): the season then runs
    from the first to the last date of the file and plays ``variant_slug`` (hand-and-foot if none).
    """
    club = Club.objects.filter(slug=club_slug).first()
    season = Season.objects.select_related("variant").filter(club=club, name=season_name).first() if club else None
    file_problems = _club_and_season_problems(club_slug, season_name)
    season_variant = season.variant if season else _variant(variant_slug or DEFAULT_VARIANT, club)
    if season_variant is None:
        message = gettext(
            "There are no rules called %(slug)s for the season: give a variant's short name, such as canasta."
        ) % {"slug": variant_slug}
        file_problems.append(problem(None, None, None, message))
    if file_problems:
        raise Refused(file_problems)
    rows, problems = xlsx.read_results(data)
    plan = ResultsPlan(club_slug, season_name, club, season, season_variant)
    problems += _plan_nights(plan, rows, replace)
    _plan_players(plan, rows)
    if problems:
        raise Refused(sorted(problems, key=lambda p: p.row or 0))
    return plan


def _club_and_season_problems(club_slug: str, season_name: str) -> list[Problem]:
    problems = []
    too_long = len(club_slug) > Club._meta.get_field("slug").max_length
    if not club_slug or slugify(club_slug) != club_slug or club_slug in RESERVED_SLUGS or too_long:
        message = gettext('"%(slug)s" cannot be a club\'s address: use lower-case letters, digits and hyphens.') % {
            "slug": club_slug
        }
        problems.append(problem(None, None, None, message))
    most = Season._meta.get_field("name").max_length
    if not season_name.strip() or len(season_name) > most:
        message = gettext("Give the season's name (%(most)s characters at most).") % {"most": most}
        problems.append(problem(None, None, None, message))
    return problems


def _variant(slug: str, club: Club | None) -> Variant | None:
    """A preset, or one of the club's own house variants."""
    found = Variant.objects.filter(slug=slug).first()
    if found is None or found.club_id not in (None, club.pk if club else None):
        return None
    return found


def _plan_nights(plan: ResultsPlan, rows: list[ResultRow], replace: bool) -> list[Problem]:
    """Group the rows into nights and games, and check what needs the database: variants,
    dates within an existing season, dates that already have a night."""
    problems = []
    slugs = {row.variant for row in rows if row.variant}
    variants = {v.slug: v for v in Variant.objects.filter(slug__in=slugs)}
    by_date: dict[Date, list[ResultRow]] = defaultdict(list)
    for row in rows:
        by_date[row.date].append(row)
    existing = {}
    if plan.season is not None:
        for night in Night.objects.filter(season=plan.season, date__in=list(by_date)).order_by("id"):
            existing.setdefault(night.date, night)
    for date in sorted(by_date):
        night_rows = by_date[date]
        variant, variant_problems = _night_variant(plan, night_rows, variants)
        problems += variant_problems
        first = night_rows[0].row
        season = plan.season
        if season is not None and not season.contains(date):
            problems.append(problem(RESULTS, first, "Date", _outside(season, date)))
        replaces = existing.get(date)
        if replaces is not None and not replace:
            message = gettext("%(season)s already has a night on %(date)s: import with replace to replace it.") % {
                "season": season.name,
                "date": date.isoformat(),
            }
            problems.append(problem(RESULTS, first, "Date", message))
        games = defaultdict(list)
        for row in night_rows:
            games[(row.game, row.table)].append(row)
        plan.nights.append(PlannedNight(date, variant, [games[key] for key in sorted(games)], replaces))
    return problems


def _night_variant(plan: ResultsPlan, rows: list[ResultRow], variants: dict) -> tuple[Variant | None, list[Problem]]:
    problems, chosen, first_row = [], None, None
    for row in rows:
        variant = plan.season_variant if not row.variant else variants.get(row.variant)
        if variant is not None and variant.club_id not in (None, plan.club.pk if plan.club else None):
            variant = None
        if variant is None:
            message = gettext(
                "There are no rules called %(slug)s: give a variant's short name, such as hand-and-foot."
            ) % {"slug": row.variant}
            problems.append(problem(RESULTS, row.row, "Variant", message))
        elif chosen is None:
            chosen, first_row = variant, row
        elif variant.pk != chosen.pk:
            message = gettext("A night plays one variant: %(date)s has %(here)s here and %(there)s in row %(row)s.") % {
                "date": row.date.isoformat(),
                "here": variant.slug,
                "there": chosen.slug,
                "row": first_row.row,
            }
            problems.append(problem(RESULTS, row.row, "Variant", message))
    return chosen, problems


def _plan_players(plan: ResultsPlan, rows: list[ResultRow]) -> None:
    """Match every name to the roster (ignoring case and repeated spaces); the others are new."""
    if plan.club is not None:
        for player in Player.objects.filter(club=plan.club).order_by("id"):
            plan.players.setdefault(name_key(player.name), player)
    new = {}
    for row in rows:
        for name in row.players:
            if name_key(name) not in plan.players:
                new.setdefault(name_key(name), name)
    plan.new_players = list(new.values())


@transaction.atomic
def results_import(
    *, data: bytes, club_slug: str, season_name: str, variant_slug: str | None = None, replace: bool = False
) -> ResultsPlan:
    """Import the results workbook: every game of it, or nothing (Refused).

    Each date becomes a closed league night (mode manual: the seats were not drawn here), each
    Game number a sitting, each Table a table with its score-sheet game; a game's final scores
    are its one round, an adjustment per team, so its total is the sum of its rounds as for any
    game. The club and the season are created if they do not exist.
    """
    plan = results_plan(
        data=data, club_slug=club_slug, season_name=season_name, variant_slug=variant_slug, replace=replace
    )
    club = plan.club or Club.objects.create(slug=club_slug, name=club_slug)
    season = plan.season or _season_create(club, plan)
    if plan.replaced:
        Game.objects.filter(table__sitting__night__in=plan.replaced).delete()
        Night.objects.filter(pk__in=[night.pk for night in plan.replaced]).delete()
    players = dict(plan.players)
    created = players_create(players=[Player(club=club, name=name) for name in plan.new_players])
    players.update((name_key(player.name), player) for player in created)
    with history.change("results_imported"):  # one change, whatever the batches
        for start in range(0, len(plan.nights), NIGHTS_A_BATCH):  # memory bounded by a batch, not the file
            _write_nights(club, season, plan.nights[start : start + NIGHTS_A_BATCH], players)
    results_changed(club.pk)  # its standings and ratings count the nights imported (and not those replaced)
    plan.club, plan.season = club, season
    return plan


def _outside(season: Season, date) -> str:
    """Why a night's date cannot go into ``season``, and how to make it fit."""
    if date < season.start:
        return gettext(
            "%(date)s is before the season %(season)s, which starts on %(start)s: give the season an earlier "
            "first day on its settings page, or import into another season."
        ) % {"date": date.isoformat(), "season": season.name, "start": season.start.isoformat()}
    return gettext(
        "%(date)s is after the season %(season)s, which ends on %(end)s: give the season a later last day (or "
        "none, while it goes on) on its settings page, then import again."
    ) % {"date": date.isoformat(), "season": season.name, "end": season.end.isoformat()}


def _season_create(club: Club, plan: ResultsPlan) -> Season:
    """A new season for the import: from its first night, open at its end (no last day) so that the
    next night's workbook goes into it too, until the organiser gives it a last day."""
    dates = [night.date for night in plan.nights]
    variant = plan.season_variant
    return Season.objects.create(
        club=club,
        name=plan.season_name.strip(),
        start=min(dates),
        end=None,
        variant=variant,
        blowout_margin=default_blowout(variant.family),
    )


NIGHTS_A_BATCH = 50  # nights written at a time (with their history), all in the import's one transaction


def _write_nights(club: Club, season: Season, planned: list[PlannedNight], players: dict[str, Player]) -> None:
    """Bulk-create the nights and everything below them: a few queries a level, not one a row,
    each row with its history (one change: "results imported")."""
    now = timezone.now()
    nights = history.bulk_create(
        Night,
        [
            Night(
                club=club,
                season=season,
                date=p.date,
                variant=p.variant,
                mode=SeatingMode.MANUAL,
                sittings_planned=p.sittings,
                seed=secrets.token_hex(8),
                closed_at=now,  # history: no table links to hand out
            )
            for p in planned
        ],
    )
    sittings = history.bulk_create(
        Sitting,
        [
            plain_inserts.new(Sitting, night_id=night.pk, number=number)
            for night, p in zip(nights, planned)
            for number in sorted({rows[0].game for rows in p.games})
        ],
    )
    sitting_of = {(s.night_id, s.number): s for s in sittings}
    games_rows = [(night, rows) for night, p in zip(nights, planned) for rows in p.games]
    tables = history.bulk_create(
        Table,
        [
            plain_inserts.new(
                Table, sitting_id=sitting_of[(night.pk, rows[0].game)].pk, number=rows[0].table, token=new_token()
            )
            for night, rows in games_rows
        ],
    )
    started = services.games_create(
        games=[_game(club, night, table, rows, players, now) for (night, rows), table in zip(games_rows, tables)]
    )
    games = [game for game, _ in started]
    teams = [team for _, game_teams in started for team in game_teams]
    rows_in_order = [row for _, rows in games_rows for row in rows]
    history.bulk_create(
        Seat,
        [
            plain_inserts.new(Seat, team_id=team.pk, position=k, player_id=players[name_key(name)].pk)
            for team, row in zip(teams, rows_in_order)
            for k, name in enumerate(row.players)
        ],
    )
    rounds = history.bulk_create(Round, (plain_inserts.new(Round, game_id=game.pk, number=1) for game in games))
    round_of = {r.game_id: r for r in rounds}
    history.bulk_create(
        TeamRound,
        [
            plain_inserts.new(
                TeamRound,
                round_id=round_of[team.game_id].pk,
                team_id=team.pk,
                adjustments=[{"label": IMPORTED, "points": row.score}],
                total=row.score,
            )
            for team, row in zip(teams, rows_in_order)
        ],
    )


def _game(club, night, table, rows, players, now) -> services.GameData:
    individual = all(len(row.players) == 1 for row in rows)
    return services.GameData(
        variant=night.variant,
        mode=Game.Mode.INDIVIDUALS if individual else Game.Mode.TEAMS,
        teams=[services.TeamData(name=row.team, players=_players_text(row, players)) for row in rows],
        name=TABLE_GAME.format(table=table.number, sitting=rows[0].game),  # shown translated
        club=club,
        table=table,
        finished_at=now,
        entered_as_totals=True,
    )


def _players_text(row: ResultRow, players: dict[str, Player]) -> str:
    """ "Ann & Bob" as the roster spells them; empty for one player named like the team (as a
    drawn table's teams)."""
    if len(row.players) == 1 and name_key(row.players[0]) == name_key(row.team):
        return ""
    return " & ".join(players[name_key(name)].name for name in row.players)


# The roster workbook


@dataclass
class RosterPlan:
    new: list[RosterRow] = field(default_factory=list)
    changed: list[tuple[Player, RosterRow, list[str]]] = field(default_factory=list)  # what changes, in words
    unchanged: int = 0

    def summary(self) -> str:
        """ "3 new players, 1 changed, 20 unchanged.", in the reader's language."""
        new, changed, unchanged = len(self.new), len(self.changed), self.unchanged
        return gettext("%(new)s, %(changed)s, %(unchanged)s.") % {
            "new": ngettext("%(n)s new player", "%(n)s new players", new) % {"n": new},
            "changed": ngettext("%(n)s changed", "%(n)s changed", changed) % {"n": changed},
            "unchanged": ngettext("%(n)s unchanged", "%(n)s unchanged", unchanged) % {"n": unchanged},
        }


def roster_plan(*, club: Club, data: bytes) -> RosterPlan:
    """What importing the roster workbook would do: players new by name, or changed (a blank cell
    keeps what the roster has; a name matched ignoring case keeps the roster's spelling).
    Refused naming every problem."""
    rows = xlsx.read_roster(data)
    by_key, twice = {}, set()
    for player in Player.objects.filter(club=club).order_by("id"):
        key = name_key(player.name)
        if key in by_key:
            twice.add(key)
        by_key.setdefault(key, player)
    problems, plan = [], RosterPlan()
    for row in rows:
        key = name_key(row.name)
        if key in twice:
            message = gettext("Two players on the roster are called %(name)s: merge them first.") % {"name": row.name}
            problems.append(problem(ROSTER_SHEET, row.row, "Name", message))
            continue
        player = by_key.get(key)
        if player is None:
            plan.new.append(row)
            continue
        changes = _changes(player, row)
        if changes:
            plan.changed.append((player, row, changes))
        else:
            plan.unchanged += 1
    if problems:
        raise Refused(problems)
    return plan


ROSTER_SHEET = xlsx.ROSTER


def _changes(player: Player, row: RosterRow) -> list[str]:
    changes = []
    if row.email is not None and row.email != player.email:
        changes.append(gettext("email %(email)s") % {"email": row.email})
    if row.phone is not None and row.phone != player.phone:
        changes.append(gettext("phone %(phone)s") % {"phone": row.phone})
    if row.active is not None and row.active != player.active:
        changes.append(pgettext("a player on the roster", "active") if row.active else gettext("not active"))
    return changes


@transaction.atomic
def roster_import(*, club: Club, data: bytes) -> RosterPlan:
    plan = roster_plan(club=club, data=data)
    players_create(
        players=[
            Player(
                club=club,
                name=row.name,
                email=row.email or "",
                phone=row.phone or "",
                active=True if row.active is None else row.active,
            )
            for row in plan.new
        ],
    )
    changed = []
    for player, row, _ in plan.changed:
        player.email = player.email if row.email is None else row.email
        player.phone = player.phone if row.phone is None else row.phone
        player.active = player.active if row.active is None else row.active
        changed.append(player)
    players_update(players=changed, fields=["email", "phone", "active"])
    return plan
