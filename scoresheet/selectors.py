"""Reads: variants, the game list and a game's score sheet, each in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.validators import slug_re
from django.db.models import Prefetch, Sum

from scoresheet import database
from scoresheet import rules as rules_module
from scoresheet import scoring
from scoresheet.entries import entry_from_values, entry_to_values
from scoresheet.models import Game, Round, Team, Variant


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
        return rules_module.preset(slug)
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
    choices = {r.slug: VariantChoice(r.slug, r.name, r.family) for r in rules_module.presets()}
    if database.ready():
        for v in Variant.objects.order_by("position", "name").only("slug", "name", "family"):
            choices[v.slug] = VariantChoice(v.slug, v.name, v.family)  # a preset keeps its place
    return list(choices.values())


def variants_list() -> list[Variant]:
    return list(Variant.objects.order_by("position", "name"))


def usable_variants() -> list[tuple[Variant, rules_module.Rules]]:
    """Variants whose rules load, with their rules; a broken house-rules document is left out."""
    usable = []
    for variant in variants_list():
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


def problem_text(problem: scoring.Problem, teams: list[Team]) -> str:
    return f"{teams[problem.team].name}: {problem.message}" if problem.team is not None else problem.message


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
        return not scoring.past_the_end(self.rules, self.next_number, self.result.totals) \
            and not self.game.is_finished

    def totals_before(self, number: int) -> tuple[int, ...]:
        """Each team's game total before round ``number``."""
        return self.rounds[number - 2].result.running_totals if number > 1 else (0,) * len(self.teams)

    @property
    def leaders(self) -> list[Team]:
        """The leading teams by total, whether or not the game is over."""
        if not self.rounds:
            return []
        best = max(self.result.totals)
        return [t for t, total in zip(self.teams, self.result.totals) if total == best]

    @property
    def team_totals(self):
        return list(zip(self.teams, self.result.totals, self.result.next_meld_requirements))


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
    teams = list(game.teams.order_by("position"))
    rounds, entry_rows = game_rounds(game=game, teams=teams)
    result = scoring.score_game(rules, entry_rows, team_count=len(teams))
    sheet_rounds = [
        SheetRound(
            number=rnd.number,
            cells=[SheetCell(team, score, running, requirement, entry_to_values(entry))
                   for team, score, running, requirement, entry
                   in zip(teams, res.scores, res.running_totals, res.meld_requirements, entries)],
            warnings=[problem_text(w, teams) for w in res.warnings],
            result=res,
        )
        for rnd, res, entries in zip(rounds, result.rounds, entry_rows)
    ]
    return GameSheet(game=game, rules=rules, teams=teams, rounds=sheet_rounds, result=result)


def games_list() -> tuple[list[Game], list[Game]]:
    """Games in progress and finished, each with its teams and their totals (two queries)."""
    games = list(
        Game.objects.order_by("-updated_at", "-id").prefetch_related(
            Prefetch("teams", queryset=Team.objects.annotate(score=Sum("entries__total")).order_by("position"))
        )
    )
    for game in games:
        for team in game.teams.all():
            team.score = team.score or 0
    return ([g for g in games if not g.is_finished], [g for g in games if g.is_finished])
