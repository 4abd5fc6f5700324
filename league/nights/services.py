"""Every write of a club night: check-in, drawing sittings, seats, table links, closing.

Keyword-only functions, each in one transaction; a refused write raises ``LeagueError``
with a message for the organiser and changes nothing. The seating itself is drawn by
``league.nights.seating`` (plain Python); this module reads the history it needs, and writes what it
drew: a ``Sitting``, its ``Table``s, each table's score-sheet game with its ``Seat``s, and the byes.
"""

from __future__ import annotations

import secrets
from datetime import date as Date
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from league.clubs.names import clean_name
from league.clubs.services import LeagueError, player_create
from league.models import Agreement, Attendance, Bye, Club, Night, Player, Season, Seat, SeatingMode, Sitting, Table
from league.nights import result_emails, seating
from league.nights import selectors as night_selectors
from league.nights.seating import flags
from league.results.version import results_changed
from scoresheet.display import SUBSTITUTE, TABLE_GAME, elided
from scoresheet.games import history, limits
from scoresheet.games import services as scoresheet_services
from scoresheet.games.limits import max_length
from scoresheet.models import Game, Round, Team, Variant, search_key

if TYPE_CHECKING:
    from django.contrib.auth.models import User

NIGHT_GIVEN = ("date", "mode", "sittings_planned")  # what an organiser gives of a night, checked by its model
PARKED = 32000  # a seat position no table reaches, held for a moment while two seats swap


def new_token() -> str:
    """A table link's secret: 32 random bytes, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


# Nights


@history.records("night_created")
def night_create(
    *,
    club: Club,
    season: Season,
    date: Date,
    variant: Variant,
    mode: str,
    sittings_planned: int,
    table_shapes: str = "",
) -> Night:
    if season.club_id != club.pk:
        raise LeagueError(gettext("That season belongs to another club."))
    if variant.club_id not in (None, club.pk):
        raise LeagueError(gettext("Those rules belong to another club."))
    night = Night(
        club=club,
        season=season,
        date=date,
        variant=variant,
        mode=mode,
        sittings_planned=sittings_planned,
        table_shapes=table_shapes,
        seed=secrets.token_hex(8),
    )
    limits.check(night, NIGHT_GIVEN, refuse=LeagueError, constraints=True)
    night.save(force_insert=True)
    return night


@transaction.atomic
@history.records("night_closed")
def night_close(*, night: Night, site_url: str = "") -> Night:
    """Close the night once every table is settled (``night_selectors.unsettled``: each game agreed,
    confirmed by the organiser or left out, ``table_settle``). Its table links then show the final
    sheets only; organisers can still correct its games. Each player's results email is queued
    (``result_emails``; ``site_url`` starts its links), to be sent in the background."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    if night.closed_at is None:
        waiting = night_selectors.unsettled(night=night)
        if waiting:
            tables = ", ".join(
                gettext("table %(table)s of sitting %(sitting)s")
                % {"table": row.table.number, "sitting": row.table.sitting.number}
                for row in waiting
            )
            raise LeagueError(gettext("Settle every table before closing the night: %(tables)s.") % {"tables": tables})
        night.closed_at = timezone.now()
        night.save(update_fields=["closed_at"])
        result_emails.results_emails_queue(night=night, site_url=site_url)
        results_changed(night.club_id)  # its games are settled: none is marked "not yet agreed"
    return night


@transaction.atomic
@history.records("night_screen_set")
def night_screen_set(*, night: Night, hides_last_standings: bool) -> Night:
    """Whether the room's screen leaves out the night's standings while its last sitting is played."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    if night.screen_hides_last_standings != hides_last_standings:
        night.screen_hides_last_standings = hides_last_standings
        night.save(update_fields=["screen_hides_last_standings"])
    return night


@transaction.atomic
@history.records("night_deleted")
def night_delete(*, night: Night) -> Night:
    """Move a night to "Recently deleted": off the lists, its pages and the standings, restorable."""
    night = Night.objects.set_deleted(night.pk, True)
    results_changed(night.club_id)
    return night


@transaction.atomic
@history.records("night_restored")
def night_restore(*, night: Night) -> Night:
    night = Night.objects.set_deleted(night.pk, False)
    results_changed(night.club_id)
    return night


def _open_night(night: Night) -> Night:
    """The night, locked, if it is still open (two organisers' taps are taken one after the other)."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    if night.closed_at is not None:
        raise LeagueError(gettext("This night is closed."))
    return night


# Check-in


@transaction.atomic
@history.records("checked_in")
def check_in(*, night: Night, player: Player) -> Attendance:
    """Tick ``player`` present. Once a sitting is drawn, a new arrival plays from the next one."""
    night = _open_night(night)
    if player.club_id != night.club_id:
        raise LeagueError(gettext("That player is not on this club's roster."))
    if player.deleted_at is not None:
        raise LeagueError(
            gettext("%(player)s was deleted from the roster: restore them from Recently deleted first.")
            % {"player": player.name}
        )
    next_sitting = night.sittings.count() + 1
    attendance, created = Attendance.objects.get_or_create(
        night=night, player=player, defaults={"from_sitting": next_sitting}
    )
    if not created and not attendance.present:  # left, and came back: plays from the next sitting
        attendance.present = True
        attendance.from_sitting = max(attendance.from_sitting, next_sitting)
        attendance.save(update_fields=["present", "from_sitting"])
    if not player.active:  # someone who turns up is an active player again
        player.active = True
        player.save(update_fields=["active"])
    return attendance


@transaction.atomic
@history.records("checked_out")
def check_out(*, night: Night, player: Player) -> None:
    """Untick ``player``: forgotten if they never sat down or sat out, else marked as gone
    (they are not drawn again; the sittings they played keep them)."""
    night = _open_night(night)
    attendance = Attendance.objects.filter(night=night, player=player).first()
    if attendance is None:
        return
    played = (
        Seat.objects.filter(
            Q(player=player) | Q(replaced=player, from_round__gt=1), team__game__table__sitting__night=night
        ).exists()
        or Bye.objects.filter(player=player, sitting__night=night).exists()
    )
    if played:
        attendance.present = False
        attendance.save(update_fields=["present"])
    else:
        attendance.delete()


@transaction.atomic
@history.records("checked_in")
def add_and_check_in(*, night: Night, name: str, email: str = "", phone: str = "") -> Player:
    """A new player on the roster, checked in at once (someone who walks in for the first time)."""
    player = _new_player(night=night, name=name, email=email, phone=phone, pick="tick them in the list")
    check_in(night=night, player=player)
    return player


def _new_player(*, night: Night, name: str, email: str = "", phone: str = "", pick: str) -> Player:
    """A new player on the club's roster; refused for a name already there (``pick`` says what to do instead)."""
    name = clean_name(name)
    if not name:
        raise LeagueError(gettext("Give the new player's name."))
    if Player.objects.filter(club_id=night.club_id, name__iexact=name).exists():
        raise LeagueError(
            gettext("%(name)s is already on the roster: %(pick)s instead.") % {"name": name, "pick": pick}
        )
    return player_create(club=night.club, name=name, email=email, phone=phone)


# Sittings


@transaction.atomic
@history.records("sitting_drawn")
def sitting_draw(*, night: Night) -> Sitting:
    """Draw the next sitting by the night's mode, and start a game at every table.

    The previous sitting must be finished at every table. The players are those present who
    arrived by this sitting; their history (this night, then the season's other nights) steers
    the draw away from repeats; byes go to those with the fewest byes.
    """
    night = _open_night(night)
    previous = night.sittings.order_by("-number").first()
    playing = Game.objects.filter(table__sitting=previous, table__left_out=False, status=Game.Status.IN_PROGRESS)
    if previous is not None and playing.exists():
        raise LeagueError(
            gettext("Sitting %(number)s is still being played: finish every table's game first.")
            % {"number": previous.number}
        )
    number = previous.number + 1 if previous else 1
    players = night_selectors.players_for_sitting(night=night, number=number)
    shapes = night_selectors.night_shapes(night=night)
    if not shapes or len(players) < min(shape.size for shape in shapes):
        smallest = min((shape.size for shape in shapes), default=0)
        raise LeagueError(
            ngettext(
                "%(n)s player is checked in; a table needs at least %(smallest)s.",
                "%(n)s players are checked in; a table needs at least %(smallest)s.",
                len(players),
            )
            % {"n": len(players), "smallest": smallest}
        )
    history = night_selectors.night_history(night=night)
    past = night_selectors.season_history(night=night)
    seed = night.seed
    apart = night_selectors.kept_apart(players=players)
    try:
        drawn = _draw(night, previous, number, players, shapes, history, past, seed, apart)
    except ValueError as error:  # pairs kept apart that no seating keeps apart: the message says why
        raise LeagueError(f"{str(error)[0].upper()}{str(error)[1:]}.") from None
    return _save_sitting(night=night, drawn=drawn)


def _draw(night, previous, number, players, shapes, history, past, seed, apart) -> seating.Sitting:
    if night.mode == SeatingMode.PROGRESSIVE and previous is not None:
        drawn_previous = night_selectors.drawn_sitting(sitting=previous)
        winners = night_selectors.table_winners(sitting=previous)
        return seating.progressive_next(
            drawn_previous, winners, players, shapes, history, past=past, seed=seed, apart=apart
        )
    else:
        mode = night.mode if night.mode in (SeatingMode.FIXED, SeatingMode.PROGRESSIVE) else SeatingMode.ROTATING
        partnerships = night_selectors.first_partnerships(night=night) if night.mode == SeatingMode.FIXED else ()
        # Fixed partners whose partner has gone are drawn with the others again.
        partnerships = [team for team in partnerships if all(p in players for p in team)]
    return seating.draw(
        mode,
        players,
        shapes,
        history,
        past=past,
        partnerships=partnerships,
        number=number,
        seed=seed,
        apart=apart,
        planned=night.sittings_planned,
    )


def _save_sitting(*, night: Night, drawn: seating.Sitting) -> Sitting:
    """Write a drawn sitting (its players are ``night_selectors.Who``; its flags already name them)."""
    by_id = Player.objects.in_bulk([p.pk for table in drawn.tables for p in table.players] + [p.pk for p in drawn.byes])
    sitting = Sitting.objects.create(night=night, number=drawn.number, flags=list(map(flags.stored_flag, drawn.flags)))
    for drawn_table in drawn.tables:
        table = Table.objects.create(sitting=sitting, number=drawn_table.number, token=new_token())
        teams = [[by_id[p.pk] for p in team] for team in drawn_table.teams]
        _start_game(night=night, sitting=sitting, table=table, teams=teams)
    for p in drawn.byes:  # one by one: bulk_create would leave no history
        Bye.objects.create(sitting=sitting, player=by_id[p.pk])
    results_changed(night.club_id)  # its byes count in the standings at once
    return sitting


def _start_game(*, night: Night, sitting: Sitting, table: Table, teams: list[list[Player]]) -> Game:
    individual = all(len(team) == 1 for team in teams)
    mode = Game.Mode.INDIVIDUALS if individual else Game.Mode.TEAMS
    data = [scoresheet_services.TeamData(name=name, players=players) for name, players in _team_texts(teams)]
    game = scoresheet_services.game_create(
        variant=night.variant,
        mode=mode,
        teams=data,
        name=TABLE_GAME.format(table=table.number, sitting=sitting.number),  # shown translated
        club=night.club,
    )
    game.table = table
    game.save(update_fields=["table"])
    game_teams = list(game.teams.order_by("position"))
    for team, players in zip(game_teams, teams):  # one by one: bulk_create would leave no history
        for k, player in enumerate(players):
            Seat.objects.create(team=team, position=k, player=player)
    return game


def _team_texts(teams: list[list[Player]]) -> list[tuple[str, str]]:
    """Each team's name and players as the score sheet shows them: "Ann & Bob" (names kept
    unique at the table, and both short enough for what the sheet's model holds)."""
    texts, used = [], set()
    name_length, players_length = max_length(Team, "name"), max_length(Team, "players")
    for position, team in enumerate(teams):
        players = _cut(" & ".join(p.name for p in team), players_length)
        name = _cut(players, name_length)
        if name.casefold() in used:
            name = f"{name[: name_length - 4]} ({position + 1})"
        used.add(name.casefold())
        texts.append((name, players if len(team) > 1 else ""))
    return texts


def _cut(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


@transaction.atomic
@history.records("sitting_cancelled")
def sitting_cancel(*, sitting: Sitting) -> None:
    """Take back the last sitting drawn, before any table has entered a round (to draw it again,
    after a late arrival or a change of mind). The next draw uses a new seed."""
    night = _open_night(sitting.night)
    last = night.sittings.order_by("-number").first()
    if last is None or last.pk != sitting.pk:
        raise LeagueError(gettext("Only the last sitting drawn can be taken back."))
    _refuse_if_started(sitting)
    games = Game.objects.filter(table__sitting=sitting)
    Seat.objects.filter(team__game__in=games).delete()
    Team.objects.filter(game__in=games).delete()
    games.delete()
    sitting.delete()
    night.seed = secrets.token_hex(8)
    night.save(update_fields=["seed"])
    results_changed(night.club_id)  # its byes go


def _refuse_if_started(sitting: Sitting) -> None:
    if Round.objects.filter(game__table__sitting=sitting).exists():
        raise LeagueError(
            gettext("Sitting %(number)s has started: a table has entered a round.") % {"number": sitting.number}
        )


# Seats


@transaction.atomic
@history.records("seats_swapped")
def seats_swap(*, sitting: Sitting, first: str, second: str) -> None:
    """Swap two places of a sitting before it starts: two seats (at one table or two), or a
    seat and a bye (which moves the player sitting out to the table, and the seated one out).

    A place is "seat:<id>" or "bye:<player id>", as ``night_selectors.places`` names them.
    """
    _open_night(sitting.night)
    _refuse_if_started(sitting)
    if first == second:
        raise LeagueError(gettext("Choose two different places to swap."))
    a, b = _place(sitting, first), _place(sitting, second)
    if isinstance(a, Bye) and isinstance(b, Bye):
        raise LeagueError(gettext("Both are sitting out: choose at least one seat."))
    if isinstance(a, Seat) and isinstance(b, Seat) and a.team_id == b.team_id:
        # Partners changing chairs: only the order round the table (who deals after whom) changes.
        # Saved one by one (not update()) so that the history records each move.
        first_position, second_position = a.position, b.position
        _move(a, position=PARKED)
        _move(b, position=first_position)
        _move(a, position=second_position)
        _rename_teams({a.team_id})
    else:
        player_a, player_b = a.player, b.player
        for place, player in ((a, player_b), (b, player_a)):
            if isinstance(place, Seat):
                _move(place, player=player, replaced=None, from_round=1)
            else:
                _move(place, player=player)
        _rename_teams({place.team_id for place in (a, b) if isinstance(place, Seat)})
    results_changed(sitting.night.club_id)


def _move(place: Seat | Bye, **values) -> None:
    for name, value in values.items():
        setattr(place, name, value)
    place.save(update_fields=list(values))


def _place(sitting: Sitting, place: str) -> Seat | Bye:
    kind, _, pk = place.partition(":")
    found = None
    if pk.isdigit() and kind == "seat":
        found = Seat.objects.select_related("player").filter(pk=pk, team__game__table__sitting=sitting).first()
    elif pk.isdigit() and kind == "bye":
        found = Bye.objects.select_related("player").filter(player_id=pk, sitting=sitting).first()
    if found is None:
        raise LeagueError(gettext("That place is not in this sitting."))
    return found


@transaction.atomic
@history.records("seat_substituted")
def seat_substitute(*, seat: Seat, player: Player) -> Seat:
    """``player`` takes ``seat`` from the next round to be entered (someone who left mid-game).

    The rounds already saved stay the player's who left, who is checked out (not drawn again);
    the substitute is checked in as present from this sitting. Who the game then counts for is
    ``league.results.substitutes``. The substitute must be on the roster and not already at a
    table of this sitting. A seat takes one substitute a game once both have played rounds.
    """
    seat = Seat.objects.select_for_update(of=("self",)).select_related("team__game__table__sitting").get(pk=seat.pk)
    game = seat.team.game
    sitting = game.table.sitting
    night = _open_night(sitting.night)
    if player.club_id != night.club_id:
        raise LeagueError(gettext("That player is not on this club's roster."))
    if player.pk == seat.player_id:
        raise LeagueError(gettext("%(player)s already has this seat.") % {"player": player.name})
    if Seat.objects.filter(player=player, team__game__table__sitting=sitting).exists():
        raise LeagueError(
            gettext("%(player)s is already playing in sitting %(number)s.")
            % {"player": player.name, "number": sitting.number}
        )
    next_round = (game.rounds.aggregate(last=Max("number"))["last"] or 0) + 1
    if seat.replaced_id is not None and seat.from_round < next_round:
        said = gettext("%(player)s has played rounds in %(left)s's seat: a seat takes one substitute a game.")
        raise LeagueError(elided(said % {"player": seat.player.name, "left": seat.replaced.name}, seat.replaced.name))
    left = seat.player
    if seat.replaced_id is None:  # a stand-in who leaves before playing a round is simply changed
        seat.replaced, seat.from_round = left, next_round
    seat.player = player
    seat.save(update_fields=["player", "replaced", "from_round"])
    # A player sitting out who substitutes no longer sits out, nor does the draw's note say so.
    if Bye.objects.filter(sitting=sitting, player=player).delete()[0]:
        _forget_sitting_out(sitting, player)
    _check_in_from(night=night, player=player, sitting=sitting.number)
    for attendance in Attendance.objects.filter(night=night, player=left, present=True):  # saved: kept in history
        attendance.present = False
        attendance.save(update_fields=["present"])
    _rename_teams({seat.team_id})
    results_changed(night.club_id)
    return seat


@transaction.atomic
@history.records("seat_substituted")
def seat_substitute_new(*, seat: Seat, name: str) -> Seat:
    """A new player on the roster takes ``seat`` (someone who walks in to take over)."""
    night = seat.team.game.table.sitting.night
    player = _new_player(night=night, name=name, pick="choose them in the list")
    return seat_substitute(seat=seat, player=player)


def _forget_sitting_out(sitting: Sitting, player: Player) -> None:
    """The draw's notes to the organiser (``Sitting.flags``, league.nights.seating.flags) without
    the one that says ``player`` sits out: they play this sitting now."""
    kept = [flag for flag in sitting.flags if not flags.is_bye_of(flag, player.pk, player.name)]
    if kept != sitting.flags:
        sitting.flags = kept
        sitting.save(update_fields=["flags"])


def _check_in_from(*, night: Night, player: Player, sitting: int) -> None:
    """``player`` present from ``sitting`` on (a substitute plays the sitting they step into)."""
    attendance, created = Attendance.objects.get_or_create(
        night=night, player=player, defaults={"from_sitting": sitting}
    )
    if not created and (not attendance.present or attendance.from_sitting > sitting):
        attendance.present = True
        attendance.from_sitting = min(attendance.from_sitting, sitting)
        attendance.save(update_fields=["present", "from_sitting"])
    if not player.active:
        player.active = True
        player.save(update_fields=["active"])


def _rename_teams(team_ids) -> None:
    """Each team's players text (and the game's search text) follows its seats. A team keeps the
    name of the players who started the game; a substitute who came in mid-game is added to its
    players text: "Ann & Bob (Cleo from round 3, for Bob)"."""
    teams = (
        Team.objects.filter(pk__in=team_ids).select_related("game").prefetch_related("seats__player", "seats__replaced")
    )
    for team in teams:
        seats = sorted(team.seats.all(), key=lambda seat: seat.position)
        later = [seat for seat in seats if seat.replaced_id is not None and seat.from_round > 1]
        starters = [seat.replaced if seat in later else seat.player for seat in seats]
        ((team.name, team.players),) = _team_texts([starters])
        if later:
            came = "; ".join(  # shown in the reader's language (scoresheet.display.players_shown)
                SUBSTITUTE.format(player=s.player.name, round=s.from_round, left=s.replaced.name) for s in later
            )
            team.players = _cut(f"{' & '.join(p.name for p in starters)} ({came})", max_length(Team, "players"))
        team.save(update_fields=["name", "players"])
    games = {team.game for team in teams}
    for game in games:
        all_teams = list(game.teams.all())
        game.search_text = search_key(
            game.name, *(t.name for t in all_teams), *(t.players for t in all_teams if t.players)
        )
        game.save(update_fields=["search_text", "updated_at"])


# Table links and agreement


@transaction.atomic
@history.records("table_link_renewed")
def table_link_renew(*, table: Table) -> Table:
    """A new table link: the old one answers 404 from now on (a lost or shared pack)."""
    _open_night(table.sitting.night)
    table.token = new_token()
    table.save(update_fields=["token"])
    return table


@transaction.atomic
@history.records("result_agreed")
def table_agree(*, table: Table, team: Team, device: str) -> Agreement:
    """``team`` agrees with the finished result at the table (while the night is open), from the
    phone ``device`` (scoresheet.browser.device.device_id). Each team agrees for itself: a phone that
    agreed for one team of this game cannot agree for another."""
    _open_night(table.sitting.night)
    game = Game.objects.select_for_update().get(table=table)
    if not game.is_finished:
        raise LeagueError(gettext("The game is not finished: finish it before agreeing."))
    if team.game_id != game.pk:
        raise LeagueError(gettext("That team is not at this table."))
    other = Agreement.objects.filter(team__game=game, device=device).exclude(team=team).select_related("team").first()
    if not device or other is not None:
        name = other.team.name if other else gettext("another team")
        raise LeagueError(
            gettext("This phone agreed for %(name)s: each team agrees on its own phone.") % {"name": name}
        )
    agreement, _ = Agreement.objects.update_or_create(
        team=team, defaults={"at": timezone.now(), "device": device, "by": None}
    )
    results_changed(game.club_id)  # the game is no longer marked "not yet agreed" once every team has
    return agreement


SETTLE_ACTIONS = {"finish": "game_finished", "confirm": "result_confirmed", "leave_out": "table_left_out"}


@transaction.atomic
def table_settle(*, table: Table, action: str, reason: str, by: User) -> Table:
    """The organiser settles a table before closing the night, with a reason kept on the table and
    in the history: "finish" the game as it stands (said "finished as it stands", round n of m),
    "confirm" its result on every team's behalf ("confirmed by the organiser"; both count it as
    agreed), or "leave_out" the game from the standings ("left out";
    ``league.results.settlement``)."""
    _open_night(table.sitting.night)
    reason = " ".join(reason.split())
    if action not in SETTLE_ACTIONS:
        raise LeagueError(gettext("Choose how to settle the table."))
    if not reason:
        raise LeagueError(gettext("Say why: the reason is kept in the night's history."))
    table = Table.objects.select_for_update().get(pk=table.pk)
    game = Game.objects.select_for_update().get(table=table)
    with history.change(SETTLE_ACTIONS[action], reason=reason):
        table.settled_reason = reason[:500]
        if action == "leave_out":
            table.left_out = True
            table.settled_how = "left_out"
            table.save(update_fields=["left_out", "settled_how", "settled_reason"])
            results_changed(game.club_id)
            return table
        rounds = game.rounds.count()
        if action == "finish" and not rounds:
            raise LeagueError(gettext("No round was entered at that table: leave it out instead."))
        if action == "confirm" and not game.is_finished:
            raise LeagueError(gettext("The game is not finished: finish it as it stands instead."))
        if action == "finish" and not game.is_finished:
            table.settled_how, table.settled_rounds = "finished", rounds
            table.settled_rounds_due = game.rules.game_end.max_rounds
        else:  # a finished game's result, confirmed on the table's behalf
            table.settled_how, table.settled_rounds, table.settled_rounds_due = "confirmed", None, None
        table.save(update_fields=["settled_how", "settled_reason", "settled_rounds", "settled_rounds_due"])
        game = scoresheet_services.game_finish(game=game)
        now = timezone.now()
        for team in game.teams.all():  # one by one: the history keeps each
            Agreement.objects.update_or_create(team=team, defaults={"at": now, "device": "", "by": by})
        results_changed(game.club_id)
    return table
