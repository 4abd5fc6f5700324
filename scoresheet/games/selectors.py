"""Reads: variants, the game list, a game's score sheet and a round's page, each in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.core.paginator import Page, Paginator
from django.core.validators import slug_re
from django.db.models import (
    Count,
    Prefetch,
    Q,
    QuerySet,
    Sum,
    prefetch_related_objects,
)
from django.db.models.functions import Coalesce
from django.utils import timezone

from scoresheet import database
from scoresheet.addresses import clubs, tokens
from scoresheet.display import said
from scoresheet.games import listing
from scoresheet.games.early import Shortfall, game_shortfall, mark_early
from scoresheet.models import KEEP_DELETED, Game, Round, Team, Variant, search_key
from scoresheet.querysets import not_deleted
from scoresheet.rules import preset_rules
from scoresheet.rules import schema as rules_module
from scoresheet.scoring import dealing, plausibility, round_problems
from scoresheet.scoring import engine as scoring
from scoresheet.scoring.entries import entry_from_values, entry_to_values


def rules_for_slug(slug: str) -> rules_module.Rules | None:
    """A variant's rules by slug: the database's copy first (house rules), then the preset files.

    Without a database (a fresh clone before ``migrate``) the preset files alone answer.
    """
    if not slug_re.fullmatch(slug):  # no variant has such a slug; and a NUL or lone surrogate breaks a query
        return None
    variant = Variant.objects.filter(slug=slug).first() if database.ready() else None
    if variant is not None:
        return variant.rules
    try:
        return preset_rules.preset(slug)
    except KeyError:
        return None


@dataclass(frozen=True)
class VariantChoice:
    slug: str
    name: str
    family: str


def variant_choices() -> list[VariantChoice]:
    """Every variant one can score or print: the presets in their published order, then the
    database's other variants (house rules). The database's copy of a preset is the one
    named, as ``rules_for_slug`` scores with it. Without a database, the preset files alone.
    """
    choices = {r.slug: VariantChoice(r.slug, r.name, r.family) for r in preset_rules.presets()}
    if database.ready():
        public = Variant.objects.filter(club__isnull=True).order_by("position", "name")
        for v in public.only("slug", "name", "family"):
            choices[v.slug] = VariantChoice(v.slug, v.name, v.family)  # a preset keeps its place
    return list(choices.values())


def public_variants():
    """The variants anyone sees (the presets): no club's house rules."""
    return Variant.objects.filter(club__isnull=True).order_by("position", "name")


def variants_list() -> list[Variant]:
    return list(public_variants())


@dataclass(frozen=True)
class VariantFamily:
    """A family of presets on the variants page, its most-played variants first."""

    key: str
    name: str
    variants: list[Variant]  # each with .games_played
    games_played: int


def variant_families() -> list[VariantFamily]:
    """The presets grouped by family, most-played first (games kept on this Bookkeeper, deleted
    ones left out); ties, and a fresh install with no games, keep the published order. One query."""
    played = Count("games", filter=not_deleted("games__"))
    variants = sorted(
        public_variants().annotate(games_played=played),
        key=lambda v: (-v.games_played, v.position, v.name),
    )
    groups: dict[str, list[Variant]] = {}
    for variant in variants:
        groups.setdefault(variant.family, []).append(variant)
    families = [
        VariantFamily(key, rules_module.FAMILIES.get(key, key), members, sum(v.games_played for v in members))
        for key, members in groups.items()
    ]
    first_seen = list(groups)  # the family of the most-played (or first published) variant leads a tie
    return sorted(families, key=lambda f: (-f.games_played, first_seen.index(f.key)))


def variants_for_club(club) -> list[Variant]:
    """What a club's scorekeepers pick from when starting a game: the presets, then the club's house rules."""
    house = Variant.objects.filter(club=club).order_by("name")
    return [*public_variants(), *house]


def club_house_variants(club):
    return Variant.objects.filter(club=club).select_related("based_on").order_by("name")


def usable_variants(variants=None) -> list[tuple[Variant, rules_module.Rules]]:
    """Variants whose rules load, with their rules; a broken house-rules document is left out.
    ``variants`` defaults to the public ones (a club's start page passes ``variants_for_club``)."""
    usable = []
    for variant in variants_list() if variants is None else variants:
        try:
            usable.append((variant, variant.rules))
        except rules_module.RulesError:
            continue
    return usable


@dataclass(frozen=True)
class SheetCell:
    """One team in one round: what it scored, its game total after, its opening meld."""

    team: Team
    score: scoring.TeamScore
    running: int
    requirement: int | str
    values: dict  # what was entered


@dataclass(frozen=True)
class SheetRound:
    number: int
    cells: list[SheetCell]
    warnings: list[str]  # with the team's name in front
    result: scoring.RoundResult
    version: str  # round_version of the saved round
    checked: list[str]  # the plausibility warnings confirmed when it was saved: "Us: 22 clean books"


def problem_text(problem: scoring.Problem, teams: list[Team]) -> str:
    return said(teams[problem.team].name, problem.message) if problem.team is not None else problem.message


def checked_texts(records: list[dict], teams: list[Team]) -> list[str]:
    """A round's confirmed plausibility warnings as the game page notes them, a line per team:
    "Us: 22 clean books, 10,450 points on the table"."""
    by_team: dict[int | None, list[str]] = {}
    for record in records:
        team = record.get("team")
        by_team.setdefault(team if team is not None and team < len(teams) else None, []).append(record["subject"])
    return [
        said(teams[team].name, ", ".join(subjects)) if team is not None else ", ".join(subjects)
        for team, subjects in by_team.items()
    ]


def round_version(rnd: Round | None) -> str:
    """A token for the state of a round a form was opened on: "new", or when it was last saved."""
    return "new" if rnd is None else rnd.updated_at.isoformat()


@dataclass(frozen=True)
class Standing:
    """A team's place at the top of the game page: its total, its next opening meld, how far from the target."""

    team: Team
    total: int
    requirement: int | str  # the opening meld of the next round
    leads: bool  # ahead of (or level with) every other team, once someone has scored
    needs: int | None  # points still to reach the target score (0: reached); None when the game has no target


@dataclass(frozen=True)
class GameSheet:
    game: Game
    rules: rules_module.Rules
    teams: list[Team]
    rounds: list[SheetRound]
    result: scoring.GameResult

    @property
    def next_number(self) -> int:
        return len(self.rounds) + 1

    @property
    def can_add_round(self) -> bool:
        return (
            not scoring.past_the_end(self.rules, self.next_number, self.result.totals, self.result.rounds)
            and not self.game.is_finished
        )

    def totals_before(self, number: int) -> tuple[int, ...]:
        """Each team's game total before round ``number``."""
        return self.rounds[number - 2].result.running_totals if number > 1 else (0,) * len(self.teams)

    @property
    def leaders(self) -> list[Team]:
        """The leading teams by total, whether or not the game is over."""
        if not self.rounds:
            return []
        if self.result.winners:  # the game's end is reached: a side that won at once may trail on points
            return [self.teams[i] for i in self.result.winners]
        best = max(self.result.totals)
        return [t for t, total in zip(self.teams, self.result.totals) if total == best]

    @property
    def team_totals(self):
        return list(zip(self.teams, self.result.totals, self.result.next_meld_requirements))

    @property
    def top_total(self) -> int:
        return max(self.result.totals)

    @property
    def margin(self) -> int:
        """How far the leader is ahead of the next team; 0 when the lead is shared (a tie)."""
        best, second = sorted(self.result.totals, reverse=True)[:2]
        return best - second

    @property
    def standings(self) -> list[Standing]:
        target = self.rules.game_end.target_score
        totals = self.result.totals
        # Nobody leads while every team has the same total (before round 1, or level after it).
        level = len(set(totals)) == 1
        return [
            Standing(
                team=team,
                total=total,
                requirement=requirement,
                leads=not level and total == max(totals),
                needs=None if target is None else max(target - total, 0),
            )
            for team, total, requirement in self.team_totals
        ]

    @property
    def seats(self) -> list[dealing.Seat]:
        """The seats the deal goes round (see ``dealing.seats``)."""
        teams = [(team.name, team.players) for team in self.teams]
        return dealing.seats(teams, by_players=self.game.mode == Game.Mode.TEAMS)

    @property
    def early(self) -> Shortfall | None:
        """How the game fell short of its rules' end when it was finished early, else None."""
        return game_shortfall(self.game, self.result)

    @property
    def next_dealer(self) -> dealing.Seat | None:
        """Who deals the next round; None when nobody chose a first dealer or no round is to come."""
        first = self.game.first_dealer
        seats = self.seats
        if first is None or first >= len(seats) or not self.can_add_round:
            return None
        return dealing.dealer(seats, first, self.next_number)


def game_teams(*, game: Game) -> list[Team]:
    """A game's teams in their order on the sheet (one query)."""
    return list(game.teams.order_by("position"))


def game_rounds(*, game: Game, teams: list[Team]) -> tuple[list[Round], list[list[scoring.Entry]]]:
    """A game's rounds in order, and each round's entries in the teams' order (two queries)."""
    rounds = list(Round.objects.filter(game=game).order_by("number").prefetch_related("entries"))
    rows = []
    for rnd in rounds:
        by_team = {teamround.team_id: teamround for teamround in rnd.entries.all()}
        rows.append([entry_from_values(by_team[team.id].entered_values()) for team in teams])
    return rounds, rows


def game_sheet(*, game: Game) -> GameSheet:
    """The whole score sheet of a game, scored from its rules snapshot (three queries)."""
    rules = game.rules
    teams = game_teams(game=game)
    rounds, entry_rows = game_rounds(game=game, teams=teams)
    result = scoring.score_game(rules, entry_rows, team_count=len(teams), partners=game.mode == Game.Mode.TEAMS)
    sheet_rounds = [
        SheetRound(
            number=rnd.number,
            cells=[
                SheetCell(team, score, running, requirement, entry_to_values(entry))
                for team, score, running, requirement, entry in zip(
                    teams, res.scores, res.running_totals, res.meld_requirements, entries
                )
            ],
            warnings=[problem_text(w, teams) for w in res.warnings],
            result=res,
            version=round_version(rnd),
            checked=checked_texts(rnd.confirmed_warnings, teams),
        )
        for rnd, res, entries in zip(rounds, result.rounds, entry_rows)
    ]
    return GameSheet(game=game, rules=rules, teams=teams, rounds=sheet_rounds, result=result)


@dataclass(frozen=True)
class RoundPage:
    """What the form for round ``number`` shows, and its live preview."""

    sheet: GameSheet
    number: int
    version: str  # round_version of the round as saved now, for round_record's conflict check
    totals_before: tuple[int, ...]
    requirements: tuple[int | str, ...]  # each team's opening meld this round
    saved: list[dict] | None  # a round being corrected: each team's values as saved
    preview: scoring.RoundResult | None  # the entries typed so far, scored
    warnings: list[str]  # the preview's warnings but the checks, with the team's name in front
    checks: list[str]  # the preview's plausibility warnings, which Save asks to confirm
    confirm_codes: str  # their codes, sent by the "Save anyway" button

    @property
    def is_new(self) -> bool:
        return self.number == self.sheet.next_number

    @property
    def is_open(self) -> bool:
        """Can the round be entered? An earlier round can always be corrected, even in a finished game."""
        return not self.is_new or self.sheet.can_add_round

    @property
    def went_out(self) -> int | None:
        """The team that went out in the saved round."""
        return next((i for i, values in enumerate(self.saved or []) if values["went_out"]), None)


def round_page(
    *, sheet: GameSheet, number: int, entries: list[scoring.Entry] | None = None, went_out_chosen: bool = True
) -> RoundPage | None:
    """Round ``number`` of a game (an earlier one or the next), with ``entries`` scored when given
    (``went_out_chosen`` False: a preview before anyone chose who went out, which warns of nothing
    about going out).

    None when the game has no such round to enter. No queries: everything comes from ``sheet``.
    """
    if not 1 <= number <= sheet.next_number:
        return None
    saved = sheet.rounds[number - 1] if number < sheet.next_number else None
    totals_before = sheet.totals_before(number)
    preview = None
    checks: list[plausibility.Check] = []
    if entries is not None:
        preview = scoring.score_round(
            sheet.rules,
            entries,
            number=number,
            totals_before=totals_before,
            partners=sheet.game.mode == Game.Mode.TEAMS,
        )
        checks = round_problems.round_checks(
            sheet.rules, entries, number=number, partners=sheet.game.mode == Game.Mode.TEAMS
        )
    to_confirm = {check.problem for check in checks}
    # Who went out not chosen yet (a round still being typed): "Nobody went out" waits until it is.
    shown = [w for w in preview.warnings if w not in to_confirm] if preview else []
    if not went_out_chosen:
        shown = [w for w in shown if w.field != "went_out"]
    return RoundPage(
        sheet=sheet,
        number=number,
        version=saved.version if saved else round_version(None),
        totals_before=totals_before,
        requirements=saved.result.meld_requirements if saved else sheet.result.next_meld_requirements,
        saved=[cell.values for cell in saved.cells] if saved else None,
        preview=preview,
        warnings=[problem_text(w, sheet.teams) for w in shown] if preview else [],
        checks=[problem_text(check.problem, sheet.teams) for check in checks],
        confirm_codes=" ".join(check.code for check in checks),
    )


GAMES_PER_PAGE = 20


def visible_games(*, device_ids: list[int], user, role: str = clubs.VIEWER) -> QuerySet[Game]:
    """The games a visitor may list: this device's own (scoresheet.browser.device) and, for a signed-in
    member, the games of the clubs where their role includes ``role`` (scoresheet.addresses.clubs). Never
    every game."""
    scope = Q(id__in=list(device_ids))
    if user.is_authenticated:
        scope |= Q(club_id__in=clubs.club_ids(user, role))
    return Game.objects.filter(scope)


def restorable_games(*, device_ids: list[int], user) -> QuerySet[Game]:
    """The games a visitor may restore once deleted (their "Recently deleted"): this device's
    casual games and the games of the clubs they organise (a club's game is its organisers' to
    delete and restore, whoever holds its play link: scoresheet.addresses.access)."""
    scope = Q(id__in=list(device_ids), club__isnull=True)
    if user.is_authenticated:
        scope |= Q(club_id__in=clubs.club_ids(user, clubs.ORGANISER))
    return Game.objects.filter(scope)


def game_by_token(token: str) -> Game | None:
    """The game whose play token this is (deleted or not), with its club and night table; None
    for a wrong or renewed token."""
    return _by_token("token", token)


def game_by_share_token(token: str) -> Game | None:
    """The game whose read-only share token this is; None for a wrong or renewed one."""
    return _by_token("share_token", token)


def _by_token(field: str, token: str) -> Game | None:
    if not tokens.may_be_token(token):
        return None
    game = Game.objects.select_related("club", "table__sitting__night__club").filter(**{field: token}).first()
    # Found by the exact value; compared again in constant time (the one comparison, tokens.same_token).
    if game is None or not tokens.same_token(getattr(game, field), token):
        return None
    return game


def games_matching(*, games: QuerySet[Game], query: str = "", status: str = "") -> QuerySet[Game]:
    """Of ``games`` (visible_games), those not deleted whose name, team names or players contain
    ``query`` (in any case, with or without accents); of one status if given."""
    games = games.live()
    if status:
        games = games.filter(status=status)
    if query:
        games = games.filter(search_text__contains=search_key(query))
    return games


def with_team_totals(games: list[Game]) -> list[Game]:
    """Each game's teams in order, each with ``score``, its total over the rounds (one query for all)."""
    teams = Team.objects.annotate(score=Coalesce(Sum("entries__total"), 0)).order_by("position")
    prefetch_related_objects(games, Prefetch("teams", queryset=teams))
    return games


def games_page(
    *, games: QuerySet[Game], query: str = "", status: str = "", number: int | str | None = 1, parts=None
) -> Page:
    """One page of the game list of ``games`` (visible_games): games in progress first, then
    finished ones, the most recently played first; each game with its teams and their totals.
    ``parts``: the same games as disjoint querysets each read off an index in the list's order
    (visible_parts), so that the page reads 20 games, not every game of a ten-year club
    (scoresheet.games.listing).

    Four queries with one part, whatever the number of games (the count, which stops at 1,000,
    the page's games, their teams, which of them were finished early: ``early.mark_early``, a
    fifth when one may be), and one more a part past the first; no whole rules snapshot is read:
    the list shows the name stored beside it (``Game.variant_name``). A page number that is not
    one (junk, or past the end) gives the first or the last page.
    """
    matching = [games_matching(games=part, query=query, status=status) for part in (parts or [games])]
    whole = games_matching(games=games, query=query, status=status)
    page = listing.paginator(whole, matching, GAMES_PER_PAGE, number).get_page(number)
    games = Game.objects.filter(id__in=page.object_list).defer("rules_document").order_by(*listing.ORDER)
    page.object_list = mark_early(with_team_totals(list(games)))
    return page


def visible_parts(*, device_ids: list[int], user, role: str = clubs.VIEWER) -> list[QuerySet[Game]]:
    """``visible_games`` as disjoint parts each read off an index in the game list's order: each of
    the member's clubs' games, and this device's other games (one query: the clubs)."""
    club_ids = list(clubs.club_ids(user, role).values_list("club_id", flat=True)) if user.is_authenticated else []
    parts = [Game.objects.filter(club_id=pk) for pk in club_ids]
    if device_ids:
        parts.append(Game.objects.filter(id__in=list(device_ids)).exclude(club_id__in=club_ids))
    return parts or [Game.objects.none()]


def deleted_after() -> datetime:
    """Games deleted after this moment can still be restored (older ones are purged)."""
    return timezone.now() - KEEP_DELETED


def deleted_games_page(*, games: QuerySet[Game], number: int | str | None = 1) -> Page:
    """One page of "Recently deleted" of ``games`` (visible_games): the games still restorable,
    the latest deleted first (three queries)."""
    games = games.filter(deleted_at__gt=deleted_after()).defer("rules_document").order_by("-deleted_at", "-id")
    page = Paginator(games, GAMES_PER_PAGE).get_page(number)
    page.object_list = with_team_totals(list(page.object_list))
    return page


def deleted_games_count(*, games: QuerySet[Game]) -> int:
    return games.filter(deleted_at__gt=deleted_after()).count()


# The names a blank name field gets (forms.default_name): no use offering them.
DEFAULT_NAMES = ["Us", "Them", *(f"Team {i}" for i in range(1, 5)), *(f"Player {i}" for i in range(1, 5))]


# How far back the names offered on the start form go, in teams: the last 100 to 200 games.
NAMES_LOOKBACK = 400


@dataclass(frozen=True)
class NamesUsed:
    """Team names and players' texts typed before on this server, the latest first (at most 20 each)."""

    teams: list[str]
    players: list[str]
    lineups: list[tuple[str, str]]  # (team name, its players): choosing a name can fill in its players


def names_used(*, games: QuerySet[Game], limit: int = 20) -> NamesUsed:
    """The names typed in the latest of ``games`` (visible_games: a stranger is offered no one
    else's names) not deleted, each once whatever its case (one query, reading at most
    NAMES_LOOKBACK teams however many games there are)."""
    recent = (
        Team.objects.filter(game__in=games.live())
        .exclude(name__in=DEFAULT_NAMES, players="")  # a blank name's default, and no players: nothing typed
        .order_by("-id")
        .values_list("name", "players")[:NAMES_LOOKBACK]
    )
    lineups = _distinct(list(recent))
    return NamesUsed(
        teams=_distinct([name for name, _ in lineups if name not in DEFAULT_NAMES])[:limit],
        players=_distinct([players for _, players in lineups if players])[:limit],
        lineups=[(name, players) for name, players in lineups if players][: 2 * limit],
    )


def _distinct(items: list) -> list:
    """The items in order, each once: texts (or tuples of texts) compared whatever their case."""
    seen, kept = set(), []
    for item in items:
        key = item.casefold() if isinstance(item, str) else tuple(text.casefold() for text in item)
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept
