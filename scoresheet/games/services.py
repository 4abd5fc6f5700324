"""Writes: create a game, record or correct a round, finish, delete and restore a game. Each in one transaction."""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from django.db import models, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_noop

from scoresheet.addresses import clubs, tokens
from scoresheet.games import corrections, history, limits, selectors
from scoresheet.games.selectors import round_version  # the token a round form carries; checked here
from scoresheet.models import KEEP_DELETED, Game, Round, RoundSave, Team, TeamRound, Variant, search_key
from scoresheet.problems import Problem, Refused
from scoresheet.rules.loading import load_rules
from scoresheet.scoring import dealing, plausibility, round_problems
from scoresheet.scoring import engine as scoring
from scoresheet.scoring.entries import entry_to_values


class GameInvalid(Refused):
    """The game cannot be started: ``problems`` names each value its models refuse (a team's name
    too long …), with the ``team`` it is about."""


class RoundInvalid(Refused):
    """The round cannot be recorded; ``problems`` says why, per team and field."""


class RoundConflict(RoundInvalid):
    """Someone else saved this round since the form was opened."""


class RoundTaken(RoundConflict):
    """A new round's form was saved, but that round was entered meanwhile (another phone, a stale
    "Enter round N" link): it is not replaced. Correcting it is a choice made on its Edit form."""


class RoundNeedsConfirmation(RoundInvalid):
    """The round holds numbers the cards hardly allow (plausibility warnings) that were not confirmed.

    ``problems`` are those warnings; saving again with their ``codes`` as ``confirmed`` records
    the round, and the warnings with it. A caller that does not ask the user still refuses the
    round, as for any RoundInvalid.
    """

    def __init__(self, checks: list[plausibility.Check]):
        self.codes = [check.code for check in checks]
        super().__init__([check.problem for check in checks])


@dataclass(frozen=True)
class TeamData:
    name: str
    players: str = ""


@dataclass(frozen=True)
class GameData:
    """A game to start: what ``game_create`` takes, and a few things only an import sets."""

    variant: Variant
    mode: str
    teams: list[TeamData]
    name: str = ""
    first_dealer: int | None = None
    club: object = None  # the league's Club, or None for a casual game
    table: object = None  # the league's night Table it is played at
    finished_at: datetime | None = None  # a game entered whole (an import) is finished already
    entered_as_totals: bool = False


@transaction.atomic
def game_create(
    *,
    variant: Variant,
    mode: str,
    teams: list[TeamData],
    name: str = "",
    first_dealer: int | None = None,
    club=None,
) -> Game:
    """Start a game; ``first_dealer`` is the seat that deals round 1 (an index into ``dealing.seats``);
    ``club`` the club it belongs to (none for a casual game)."""
    if first_dealer is not None and not 0 <= first_dealer < len(table_seats(mode, teams)):
        message = gettext("There is no seat %(n)s at this table to deal first.") % {"n": first_dealer}
        raise GameInvalid([Problem(message, field="first_dealer")])
    data = GameData(variant=variant, mode=mode, teams=teams, name=name, first_dealer=first_dealer, club=club)
    with history.change("game_started"):
        game, _ = games_create(games=[data])[0]
    return game


@transaction.atomic
def games_create(*, games: list[GameData]) -> list[tuple[Game, list[Team]]]:
    """Start many games at once (an import): each game and its teams, in the order given.

    A few queries whatever the number of games, and each row with its history row, in the open
    change (or one "games started"). A broken house-rules document starts no game; a value the
    models refuse (a name too long, an unknown mode) starts none either: GameInvalid.
    """
    rules, snapshots = {}, {}
    for data in games:
        if data.variant.pk not in rules:
            rules[data.variant.pk] = load_rules(data.variant.document)
            # One copy of the rules for the games of a variant: they are written, not changed here.
            snapshots[data.variant.pk] = copy.deepcopy(rules[data.variant.pk].document)
    new_games = [_new_game(rules[data.variant.pk], data, snapshots[data.variant.pk]) for data in games]
    new_teams = [
        [Team(position=i, name=t.name.strip(), players=t.players.strip()) for i, t in enumerate(data.teams)]
        for data in games
    ]
    found = [problem for game in new_games for problem in limits.problems(game, GAME_GIVEN)]
    for team in (team for game_teams in new_teams for team in game_teams):
        found += limits.problems(team, TEAM_GIVEN, team=team.position)
    if found:
        raise GameInvalid(found)
    with history.change("games_started"):
        created = history.bulk_create(Game, new_games)
        for game, game_teams in zip(created, new_teams):
            for team in game_teams:
                team.game = game
        teams = history.bulk_create(Team, [team for game_teams in new_teams for team in game_teams])
    by_game = defaultdict(list)
    for team in teams:
        by_game[team.game_id].append(team)
    return [(game, by_game[game.pk]) for game in created]


# What a caller gives of a game and of each team, checked against the models' limits.
GAME_GIVEN = ("name", "mode")
TEAM_GIVEN = ("name", "players")
# What a round stores that its model limits: the counts and the total (scoring checks the rest).
ROUND_NUMBERS = [
    f.name for f in TeamRound._meta.concrete_fields if isinstance(f, models.IntegerField) and not f.primary_key
]


def _new_game(rules, data: GameData, snapshot: dict) -> Game:
    # An unnamed game is called after its teams, which is how a table talks about it.
    name = data.name.strip() or _short(" vs ".join(t.name.strip() for t in data.teams), 120)
    teams = data.teams
    return Game(
        variant=data.variant,
        club=data.club,
        table=data.table,
        rules_document=snapshot,
        mode=data.mode,
        name=name,
        first_dealer=data.first_dealer,
        variant_name=rules.name,
        search_text=search_key(name, *(t.name for t in teams), *(t.players for t in teams if t.players.strip())),
        **({"status": Game.Status.FINISHED, "finished_at": data.finished_at} if data.finished_at else {}),
        entered_as_totals=data.entered_as_totals,
    )


def table_seats(mode: str, teams: list[TeamData]) -> list[dealing.Seat]:
    """The seats the deal goes round: the players of partnerships, or the teams (or individual players)."""
    return dealing.seats([(t.name.strip(), t.players) for t in teams], by_players=mode == Game.Mode.TEAMS)


def _short(text: str, limit: int) -> str:
    """Cut at a word boundary with an ellipsis, never mid-word."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"


@transaction.atomic
def round_record(
    *,
    game: Game,
    number: int,
    entries: list[scoring.Entry],
    version: str | None = None,
    confirmed: Collection[str] = (),
    reason: str = "",
    undoes=None,
    save_key: str = "",
) -> Round | None:
    """Record round ``number`` (the next one) or correct an earlier one.

    The whole game is checked with the new entries in place, so a correction that
    would leave a later round past the game's end is refused too. ``version`` (from
    ``round_version``) guards against overwriting what someone else saved meanwhile; a
    stale version with exactly the entries saved is the same save again, and succeeds.
    The game is read once, under a lock, and scored once: the pass that checks it gives
    the totals that are saved.

    A round with plausibility warnings is saved only once each is confirmed: its code is in
    ``confirmed``, or the round being corrected was saved with it confirmed already.
    Otherwise ``RoundNeedsConfirmation``. The round keeps the warnings it was saved with.

    Correcting a round once the game is finished or its night closed needs a ``reason`` (kept
    in the history with the change); an undo (``game_undo`` putting back earlier values, ``undoes`` the
    change it takes back) needs none.

    The save that reaches the game's end as its rules define it (``scoring.rules_ended``) finishes
    the game too, in the same change: nothing is left to tap. A finished game stays finished.

    ``save_key`` is the key the phone gave this save: a save whose key was saved already (its
    answer was lost, a queue kept offline was sent again) is done, and is not stored again nor
    checked against the round's version: the round it saved is returned (None once undone).
    """
    # Locked, and read with its night (for corrections.needs_reason): the game's row only is locked.
    game = Game.objects.select_for_update(of=("self",)).select_related("table__sitting__night").get(pk=game.pk)
    rules = game.rules
    teams = selectors.game_teams(game=game)
    if save_key:
        done = _save_done(game, number, save_key)
        if done is not None:
            return done.round
    rounds, all_rounds = selectors.game_rounds(game=game, teams=teams)
    _check_number(number, rounds)
    if version is not None:
        same = _same_save_again(number, version, rounds, all_rounds, entries)
        if same is not None:
            return same
    if number == len(rounds) + 1 and game.is_finished:
        raise RoundInvalid([scoring.Problem(gettext("The game is finished: reopen it to add a round."), round=number)])
    correcting = number <= len(rounds)
    if correcting and undoes is None and not reason.strip() and corrections.needs_reason(game):
        raise RoundInvalid([scoring.Problem(gettext(REASON_NEEDED), round=number, field="reason")])
    if correcting:
        all_rounds[number - 1] = entries
    else:
        all_rounds.append(entries)
    partners = game.mode == Game.Mode.TEAMS
    result = _game_scored(rules, all_rounds, team_count=len(teams), partners=partners)
    checks = _confirmed_checks(rules, number, entries, rounds, partners=partners, confirmed=confirmed, undoes=undoes)
    rows = _team_rounds(teams, number, entries, result)
    ends = not game.is_finished and scoring.rules_ended(rules, result)
    with history.change("round_corrected" if correcting else "round_entered", reason=reason, undoes=undoes):
        rnd = _round_save(game, number, rounds, rows, checks, ends=ends)
    if save_key:
        RoundSave.objects.create(key=save_key, game=game, number=number, round=rnd)
    return rnd


def _save_done(game: Game, number: int, save_key: str) -> RoundSave | None:
    """The save ``save_key`` made already, if it was made (its ``round`` is None once undone); a
    key is one save's: another round's key is refused, not mixed up."""
    done = RoundSave.objects.filter(key=save_key).select_related("round").first()
    if done is not None and done.game_id == game.pk and done.number == number:
        return done
    if done is not None:
        raise RoundInvalid([scoring.Problem(gettext("This save was made for another round."), round=number)])
    return None


def _check_number(number: int, rounds: list[Round]) -> None:
    """Refuse a round that is neither saved nor the next."""
    if not 1 <= number <= len(rounds) + 1:
        words = {"number": number, "next": len(rounds) + 1}
        message = gettext("Round %(number)s cannot be recorded: the next round is %(next)s.") % words
        raise RoundInvalid([scoring.Problem(message, round=number)])


def _same_save_again(
    number: int, version: str, rounds: list[Round], all_rounds: list, entries: list[scoring.Entry]
) -> Round | None:
    """The round already saved if this is the same save again; None if ``version`` is the saved
    one's; otherwise ``RoundTaken`` or ``RoundConflict`` (someone else saved it meanwhile)."""
    saved = rounds[number - 1] if number <= len(rounds) else None
    if round_version(saved) == version:
        return None
    if saved is not None and _same_entries(all_rounds[number - 1], entries):
        # The same save again (a double tap on Save, or Save pressed again after the answer
        # was lost): it is already done, nothing was overwritten.
        return saved
    if saved is not None and version == round_version(None):
        message = gettext("Round %(number)s was entered already.") % {"number": number}
        raise RoundTaken([scoring.Problem(message, round=number)])
    raise RoundConflict(
        [
            scoring.Problem(
                gettext(
                    "Round %(number)s was saved by someone else while this form was open. Your values are "
                    "still below: check them against the game page, then save again to replace theirs."
                )
                % {"number": number},
                round=number,
            )
        ]
    )


def _game_scored(rules, all_rounds: list, *, team_count: int, partners: bool) -> scoring.GameResult:
    """The whole game scored with the new entries in place, or ``RoundInvalid`` with its problems."""
    problems, result = scoring.check_and_score_game(rules, all_rounds, team_count=team_count, partners=partners)
    if problems:
        raise RoundInvalid(problems)
    return result


def _confirmed_checks(
    rules, number: int, entries: list[scoring.Entry], rounds: list[Round], *, partners: bool, confirmed, undoes
) -> list:
    """The round's plausibility warnings, every one confirmed, or ``RoundNeedsConfirmation``."""
    checks = round_problems.round_checks(rules, entries, number=number, partners=partners)
    accepted = set(confirmed)
    if number <= len(rounds):  # what was confirmed for the round before is not asked again
        before = rounds[number - 1].confirmed_warnings
        accepted |= {record["code"] for record in before}
        # A round saved while the codes were made of the warnings' words: its records match by those.
        said = {(r.get("team"), r.get("field"), r.get("key"), r.get("message")) for r in before}
        accepted |= {check.code for check in checks if _said(check) in said}
    if undoes is not None:  # an undo puts back values saved before: nothing is asked again
        accepted |= {check.code for check in checks}
    unconfirmed = [check for check in checks if check.code not in accepted]
    if unconfirmed:
        raise RoundNeedsConfirmation(unconfirmed)
    return checks


def _team_rounds(teams: list[Team], number: int, entries: list[scoring.Entry], result) -> list[TeamRound]:
    """Each team's row of the round, within the models' limits (or ``RoundInvalid``)."""
    rows = [
        TeamRound(team=team, total=score.total, **entry_to_values(entry))
        for team, entry, score in zip(teams, entries, result.rounds[number - 1].scores)
    ]
    found = [
        problem
        for position, row in enumerate(rows)
        for problem in limits.problems(row, ROUND_NUMBERS, round=number, team=position)
    ]
    if found:
        raise RoundInvalid(found)
    return rows


def _said(check) -> tuple:
    problem = check.problem
    return (problem.team, problem.field, problem.key, problem.message)


REASON_NEEDED = gettext_noop(
    "Say why you correct this round: the game is finished or its night closed, so the reason is recorded."
)


def _round_save(game, number, rounds, rows: list[TeamRound], checks, *, ends: bool = False) -> Round:
    """Write the round; ``ends``: the round ends the game by its rules, which is finished with it."""
    correcting = number <= len(rounds)
    if correcting:
        rnd = rounds[number - 1]
        rnd.confirmed_warnings = plausibility.confirmation_record(checks)
        rnd.save(update_fields=["updated_at", "confirmed_warnings"])
        # Deleted and written again: the history keeps the entries before (deleted) and after (created).
        TeamRound.objects.filter(round=rnd).delete()
    else:
        rnd = Round.objects.create(
            game=game, number=number, confirmed_warnings=plausibility.confirmation_record(checks)
        )
    for row in rows:
        row.round = rnd
    history.create_each(TeamRound, rows)  # one insert of the rows, one of their history rows
    if ends:
        game.status, game.finished_at = Game.Status.FINISHED, timezone.now()
        game.save(update_fields=["status", "finished_at", "updated_at"])
    else:
        game.save(update_fields=["updated_at"])
    clubs.game_changed(game)
    return rnd


def _same_entries(saved: list[scoring.Entry], entries: list[scoring.Entry]) -> bool:
    return [entry_to_values(e) for e in saved] == [entry_to_values(e) for e in entries]


@transaction.atomic
def game_finish(*, game: Game) -> Game:
    game = Game.objects.select_for_update().get(pk=game.pk)
    if not game.is_finished:
        with history.change("game_finished"):
            game.status = Game.Status.FINISHED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at", "updated_at"])
            clubs.game_changed(game)
    return game


@transaction.atomic
def game_reopen(*, game: Game) -> Game:
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.is_finished:
        with history.change("game_reopened"):
            game.status = Game.Status.IN_PROGRESS
            game.finished_at = None
            game.save(update_fields=["status", "finished_at", "updated_at"])
            clubs.game_changed(game)
    return game


@transaction.atomic
def game_delete(*, game: Game) -> Game:
    """Move a game to "Recently deleted": it leaves the list and can be restored for KEEP_DELETED.

    Games deleted longer ago than that are purged now, so they go even where no cron runs
    ``purge_deleted_games``.
    """
    games_purge()
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.deleted_at is None:  # deleting twice keeps the first date: the 30 days run from it
        with history.change("game_deleted"):
            game.deleted_at = timezone.now()
            game.save(update_fields=["deleted_at"])  # updated_at stays: the game was not played
            clubs.game_changed(game)
    return game


@transaction.atomic
def game_restore(*, game: Game) -> Game:
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.deleted_at is not None:
        with history.change("game_restored"):
            game.deleted_at = None
            game.save(update_fields=["deleted_at"])
            clubs.game_changed(game)
    return game


def game_tokens_renew(*, game: Game) -> Game:
    """New play and share tokens for ``game``: its old addresses (/g/…, /s/…) answer 404 from now
    on, for a link that went further than it should. Its club members keep /games/<id>/."""
    game.token = tokens.new_token()
    game.share_token = tokens.new_token()
    game.save(update_fields=["token", "share_token"])
    return game


def games_purge(*, now=None) -> int:
    """Remove for good the games deleted more than KEEP_DELETED ago, with their rounds; how many."""
    cutoff = (now or timezone.now()) - KEEP_DELETED
    _, deleted = Game.objects.filter(deleted_at__lt=cutoff).delete()  # teams, rounds and entries with them
    return deleted.get("scoresheet.Game", 0)


@transaction.atomic
def presets_load() -> tuple[int, int]:
    """Create or refresh the preset variants from scoresheet/rules/presets; (created, updated)."""
    from scoresheet.rules.preset_rules import presets

    created = updated = 0
    for position, rules in enumerate(presets()):
        _, was_created = Variant.objects.update_or_create(
            slug=rules.slug,
            defaults={
                "name": rules.name,
                "family": rules.family,
                "document": rules.document,
                "is_preset": True,
                "position": position,
            },
        )
        created += was_created
        updated += not was_created
    return created, updated


# --- house rules ----------------------------------------------------------------------------


@transaction.atomic
def house_rules_copy(*, club, source: Variant, name: str = "") -> Variant:
    """Copy a preset (or one of the club's house variants) into the club as a house variant.

    The copy's document is the source's with a new slug and name; its sources, notes and
    "not stated" values are kept for maintainers. Another club's house variant cannot be copied.
    """
    if source.club_id is not None and source.club_id != club.pk:
        raise ValueError("Only a preset or this club's own house rules can be copied")
    name = (name or "").strip() or f"{source} ({club.name})"  # a preset's name in the organiser's language
    slug = house_slug(club.slug, name)
    document = {**copy.deepcopy(source.document), "slug": slug, "name": name}
    load_rules(document)  # a broken source must not make a broken copy
    return Variant.objects.create(
        slug=slug, name=name, family=source.family, document=document, club=club, based_on=source
    )


def house_slug(club_slug: str, name: str) -> str:
    """ "<club slug>-<name slug>", made unique with -2, -3 … (a slug is unique among all variants)."""
    base = f"{club_slug}-{slugify(name) or 'rules'}"[:72].rstrip("-")
    slug, n = base, 1
    while Variant.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def house_rules_save(*, variant: Variant, document: dict) -> Variant:
    """Save an edited house-rules document (already checked by ``load_rules``).

    Its slug stays the variant's (addresses keep working); games already started keep their
    snapshot and do not change.
    """
    if variant.club_id is None:
        raise ValueError("Presets are read-only: copy one into a club to change it")
    document = {**document, "slug": variant.slug}
    rules = load_rules(document)
    variant.document = document
    variant.name = rules.name
    variant.save(update_fields=["document", "name", "updated_at"])
    return variant
