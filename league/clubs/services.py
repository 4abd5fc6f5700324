"""Every write of the league: keyword-only functions, each in one transaction.

A refused write raises ``LeagueError`` with a message for the person who asked, and
changes nothing. A value the model cannot hold (a name too long, an unknown role) is refused
here, by the model's own limits (``scoresheet.games.limits``), with the field it is about.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.text import slugify
from django.utils.translation import gettext

from league.clubs.names import clean_name
from league.models import Club, Invite, Membership, Player, Role, Season, default_blowout
from league.results.version import results_changed
from scoresheet.games import history, limits
from scoresheet.problems import Problem, Refused

INVITE_LIFETIME = timedelta(days=7)
# Addresses under clubs/ that are not clubs.
RESERVED_SLUGS = {"new"}


class LeagueError(Refused):
    """A write refused for a reason the person asking can act on (the message says it; ``problems``
    name the field where one is known)."""


# What a caller gives of each, checked against the model's limits before a write.
CLUB_GIVEN = ("name",)
CLUB_SETTINGS = ("name", "time_zone", "language")
PLAYER_GIVEN = ("name", "email", "phone")
SEASON_GIVEN = (
    "name",
    "start",
    "end",
    "ranking",
    "min_nights",
    "best_nights",
    "blowout_margin",
    "early_games",
    "table_shapes",
)


# Accounts


EMAIL_TAKEN = "Another account has this email address: use another one, or sign in to that account."


def email_taken(email: str, *, by: User | None = None) -> bool:
    """Does an account other than ``by`` have ``email`` (in any case)? A reset link goes to the one
    account of its address, so no two share one."""
    others = User.objects.filter(email__iexact=email.strip())
    return (others.exclude(pk=by.pk) if by is not None else others).exists()


def _check_email(email: str, *, user: User | None) -> str:
    email = email.strip()
    if email and email_taken(email, by=user):
        raise LeagueError([Problem(EMAIL_TAKEN, field="email")])
    return email


@transaction.atomic
def user_create(*, username: str, password: str, email: str = "") -> User:
    """A new account (the form has already run Django's password validators); ``email``, optional,
    is where a link to choose a new password goes."""
    email = _check_email(email, user=None)
    return User.objects.create_user(username=username, password=password, email=email)


@transaction.atomic
def user_email_set(*, user: User, email: str) -> User:
    """Change (or, empty, remove) the account's email address."""
    user.email = _check_email(email, user=user)
    user.save(update_fields=["email"])
    return user


def member_password_reset_send(*, membership: Membership, by: User, site_url: str) -> None:
    """Email the member a link to choose a new password (Django's reset link and token, as
    "Forgot your password?" sends), saying which organiser sent it; ``site_url``: the site's
    address the link starts with ("https://scores.example.org"). Refused for a member with no
    email address: the organiser never sees the link."""
    user = membership.user
    if not user.email:
        raise LeagueError(
            gettext(
                "%(user)s has no email address on their account, so no link can be sent. "
                "They can add one on their account page."
            )
            % {"user": user.username}
        )
    protocol, _, domain = site_url.rstrip("/").partition("://")
    context = {
        "email": user.email,
        "domain": domain,
        "site_name": "Bookkeeper",
        "uid": urlsafe_base64_encode(force_bytes(user.pk)),
        "user": user,
        "token": default_token_generator.make_token(user),
        "protocol": protocol,
        "club": membership.club,
        "by": by,
    }
    PasswordResetForm().send_mail(
        "registration/password_reset_subject.txt",
        "registration/member_password_reset_email.html",
        context,
        None,  # settings.DEFAULT_FROM_EMAIL
        user.email,
    )


# Clubs


@transaction.atomic
def club_create(*, name: str, by: User, language: str = "") -> Club:
    """A new club named ``name`` with ``by`` as its organiser; its slug is unique (tuesday, tuesday-2 …);
    its ``language`` for what it prints and sends (the default's, English, if not given)."""
    name = name.strip()
    base = slugify(name)[:50] or "club"
    slug, n = base, 1
    while slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    club = Club(slug=slug, name=name, **({"language": language} if language else {}))
    limits.check(club, CLUB_GIVEN, refuse=LeagueError)
    club.save()
    Membership.objects.create(club=club, user=by, role=Role.ORGANISER)
    return club


@transaction.atomic
def club_settings_save(*, club: Club, name: str, time_zone: str, language: str | None = None) -> Club:
    """The club's name, the time zone its pages show times in and the language of what it prints
    and sends (its address stays)."""
    club.name, club.time_zone = name.strip(), time_zone
    club.language = language or club.language
    limits.check(club, CLUB_SETTINGS, refuse=LeagueError)
    club.save(update_fields=list(CLUB_SETTINGS))
    return club


# Members


def _check_organisers_left(*, membership: Membership, new_role: str | None) -> None:
    """Refuse a change that would leave the club without an organiser.

    The club's organiser rows are locked, so two organisers demoting each other at the same
    moment cannot both succeed.
    """
    if membership.role != Role.ORGANISER or new_role == Role.ORGANISER:
        return
    organisers = list(
        Membership.objects.select_for_update()
        .filter(club_id=membership.club_id, role=Role.ORGANISER)
        .values_list("id", flat=True)
    )
    if organisers == [membership.id]:
        raise LeagueError(
            gettext("%(user)s is the club's only organiser: make another member an organiser first.")
            % {"user": membership.user.username}
        )


@transaction.atomic
def member_role_change(*, membership: Membership, role: str) -> Membership:
    _check_role(role)
    _check_organisers_left(membership=membership, new_role=role)
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def member_remove(*, membership: Membership) -> None:
    """Remove a member (or a member leaving): their "this is me" link goes too, the player stays."""
    _check_organisers_left(membership=membership, new_role=None)
    Player.objects.filter(club_id=membership.club_id, user_id=membership.user_id).update(user=None)
    membership.delete()


# Invites


def _check_role(role: str) -> None:
    if role not in Role.values:
        raise LeagueError([Problem(gettext("“%(role)s” is not a role.") % {"role": role}, field="role")])


def invite_token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@transaction.atomic
def invite_create(*, club: Club, role: str, by: User) -> tuple[Invite, str]:
    """A new invite and its token (the only time the token is known: only its hash is stored)."""
    _check_role(role)
    token = secrets.token_urlsafe(32)
    invite = Invite.objects.create(
        club=club,
        role=role,
        token_hash=invite_token_hash(token),
        created_by=by,
        expires_at=timezone.now() + INVITE_LIFETIME,
    )
    return invite, token


def invite_problem(invite: Invite) -> str:
    """Why this invite can no longer be used, or "" when it can."""
    if invite.used_by_id is not None:
        return "This invite has already been used. Ask the organiser for a new link."
    if invite.expires_at <= timezone.now():
        return "This invite has expired. Ask the organiser for a new link."
    return ""


@transaction.atomic
def invite_accept(*, invite: Invite, user: User) -> Membership:
    """Join the invite's club with its role; the invite is used up.

    A member already in the club keeps the higher of their role and the invite's. The invite
    row is locked, so one link opened twice at the same moment joins one person.
    """
    invite = Invite.objects.select_for_update().get(pk=invite.pk)
    problem = invite_problem(invite)
    if problem:
        raise LeagueError(problem)
    membership, created = Membership.objects.get_or_create(
        club_id=invite.club_id, user=user, defaults={"role": invite.role}
    )
    if not created and Role.rank(invite.role) > Role.rank(membership.role):
        membership.role = invite.role
        membership.save(update_fields=["role"])
    invite.used_by = user
    invite.used_at = timezone.now()
    invite.save(update_fields=["used_by", "used_at"])
    return membership


# The roster


@transaction.atomic
@history.records("player_added")
def player_create(*, club: Club, name: str, email: str = "", phone: str = "") -> Player:
    player = Player(club=club, name=clean_name(name), email=email.strip(), phone=phone.strip())
    limits.check(player, PLAYER_GIVEN, refuse=LeagueError)
    player.save(force_insert=True)
    return player


@transaction.atomic
@history.records("players_added")
def players_create(*, players: list[Player]) -> list[Player]:
    """Add many players at once (an import), each with its history row; all of them or none."""
    _check_players(players, PLAYER_GIVEN)
    return history.bulk_create(Player, players)


@transaction.atomic
@history.records("player_changed")
def player_update(*, player: Player, name: str, email: str = "", phone: str = "") -> Player:
    player.name, player.email, player.phone = clean_name(name), email.strip(), phone.strip()
    limits.check(player, PLAYER_GIVEN, refuse=LeagueError)
    player.save(update_fields=["name", "email", "phone"])
    results_changed(player.club_id)  # the standings and their page show the name
    return player


@transaction.atomic
@history.records("players_changed")
def players_update(*, players: list[Player], fields: list[str]) -> list[Player]:
    """Save ``fields`` of many players at once (a roster import), each with its history row."""
    _check_players(players, fields)
    history.bulk_update(Player, players, fields)
    for club_id in {player.club_id for player in players}:
        results_changed(club_id)  # a name changed
    return players


def _check_players(players: list[Player], fields) -> None:
    """Refuse the lot if any player holds a value the model cannot, each problem with its player's name."""
    found = [
        Problem(f"{player.name}: {problem.message}", field=problem.field)
        for player in players
        for problem in limits.problems(player, fields)
    ]
    if found:
        raise LeagueError(found)


@transaction.atomic
@history.records("player_changed")
def player_set_active(*, player: Player, active: bool) -> Player:
    player.active = active
    player.save(update_fields=["active"])
    return player


@transaction.atomic
@history.records("player_changed")
def player_email_opt_out_set(*, player: Player, opted_out: bool) -> Player:
    """ "No more results by email" (the player's one-tap link), or back in (the organiser, on the roster)."""
    player.email_opt_out = opted_out
    player.save(update_fields=["email_opt_out"])
    return player


@transaction.atomic
@history.records("player_deleted")
def player_delete(*, player: Player) -> Player:
    """Take a player off the roster, restorable from "Recently deleted" (their games keep them)."""
    player = Player.objects.set_deleted(player.pk, True)
    results_changed(player.club_id)
    return player


@transaction.atomic
@history.records("player_restored")
def player_restore(*, player: Player) -> Player:
    player = Player.objects.set_deleted(player.pk, False)
    results_changed(player.club_id)
    return player


@transaction.atomic
def player_link_user(*, player: Player, user: User) -> Player:
    """ "This is me": link ``user`` to ``player``, moving their link from any other player of the club."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.user_id not in (None, user.id):
        raise LeagueError(gettext("%(player)s is already linked to another member.") % {"player": player.name})
    Player.objects.filter(club_id=player.club_id, user=user).exclude(pk=player.pk).update(user=None)
    player.user = user
    player.save(update_fields=["user"])
    return player


@transaction.atomic
def player_unlink_user(*, player: Player, user: User) -> Player:
    if player.user_id != user.id:
        raise LeagueError(gettext("%(player)s is not linked to you.") % {"player": player.name})
    player.user = None
    player.save(update_fields=["user"])
    return player


def player_merge(*, keep: Player, merge: Player) -> Player:
    """Merge ``merge`` into ``keep`` (two roster entries for one person) and delete ``merge``.

    Every row pointing at ``merge`` is re-pointed at ``keep``, found through Django's
    relations rather than listed here, so models added later (seats, results) follow too.
    Blank email, phone and account link are filled from ``merge``, and its "no more emails" is kept.
    """
    if keep.pk == merge.pk:
        raise LeagueError(gettext("Choose two different players to merge."))
    if keep.club_id != merge.club_id:
        raise LeagueError(gettext("Only players of the same club can be merged."))
    if keep.user_id and merge.user_id and keep.user_id != merge.user_id:
        raise LeagueError(
            gettext("%(keep)s and %(merge)s are linked to two different members: unlink one first.")
            % {"keep": keep.name, "merge": merge.name}
        )
    try:
        with transaction.atomic(), history.change("players_merged"):
            return _player_merge(keep=keep, merge=merge)
    except IntegrityError as exc:
        # e.g. both in one seat of one game: the two cannot be the same person.
        raise LeagueError(
            gettext("%(keep)s and %(merge)s cannot be merged: %(why)s")
            % {"keep": keep.name, "merge": merge.name, "why": exc}
        ) from exc


def _relations_to_player():
    """Every relation pointing at Player, the hidden ones too (``related_name="+"``): those
    ``_meta.related_objects`` leaves out, and the delete below would cascade through them.
    A many-to-many field is reached through its table's foreign key, which is one of these."""
    return [
        f
        for f in Player._meta.get_fields(include_hidden=True)
        if f.auto_created and not f.concrete and not f.many_to_many and not _is_history(f.related_model)
    ]


def _is_history(model) -> bool:
    """A history table (django-simple-history): it keeps who played as it was, never re-pointed."""
    return hasattr(model, "history_change_id")


def _player_merge(*, keep: Player, merge: Player) -> Player:
    keep = Player.objects.select_for_update().get(pk=keep.pk)
    merge = Player.objects.select_for_update().get(pk=merge.pk)
    for relation in _relations_to_player():
        relation.related_model._base_manager.filter(**{relation.field.name: merge}).update(
            **{relation.field.name: keep}
        )
    keep.email = keep.email or merge.email
    keep.phone = keep.phone or merge.phone
    keep.active = keep.active or merge.active
    keep.email_opt_out = keep.email_opt_out or merge.email_opt_out  # either entry's "no more emails" holds
    user = keep.user_id or merge.user_id
    merge.delete()  # before the link moves: one account links to one player per club
    keep.user_id = user
    keep.save(update_fields=["email", "phone", "active", "email_opt_out", "user"])
    results_changed(keep.club_id)  # the merged player's games and byes are the kept one's
    return keep


# Seasons


@transaction.atomic
def season_save(*, club: Club, season: Season | None = None, **fields) -> Season:
    """Create a season of ``club`` (or change ``season``); an empty blowout margin takes the
    usual one of the variant's family. The club's ratings count each season's games by its rules."""
    if not fields.get("blowout_margin"):
        fields["blowout_margin"] = default_blowout(fields["variant"].family)
    season = season or Season(club=club)
    for name, value in fields.items():
        setattr(season, name, value)
    # Its constraints too (the last day after the first …): a season is saved now and then.
    limits.check(season, [name for name in SEASON_GIVEN if name in fields], refuse=LeagueError, constraints=True)
    season.save()
    results_changed(club.pk)
    return season


def season_publish(*, season: Season, public: bool) -> None:
    """Show the season's standings to anyone at its public address, or stop showing them."""
    season.public = public
    season.save(update_fields=["public"])
