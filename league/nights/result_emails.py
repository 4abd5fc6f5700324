"""A night's results by email: queued when the organiser closes the night, sent in the background.

Closing a night (``services.night_close``) only writes one ``ResultEmail`` row for each player of
the night who has an address on the roster and has not opted out: closing stays instant. The
rows are the queue and the night page's log. ``manage.py send_emails`` (from cron every minute,
or ``--every 60`` as a small worker of its own) sends what is queued: it claims a night's rows in
one update, so two senders at once never send the same row, builds every player's results from
one read of the night and the season (a fixed number of queries, however many players) and
marks each row sent or failed with the error.

Each email says the player's games of the night (partners, opponents, scores, VP), their place
on the night and in the season's standings with the change the night made, and carries two
signed links (league.clubs.player_links): their own page, and "no more emails" (also in the
List-Unsubscribe header, with one-click POST, RFC 8058). It speaks the club's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from league.clubs import player_links
from league.models import EmailStatus, Night, Player, ResultEmail
from league.results.metrics import Row
from league.standings.selectors import PlayerGame, night_player_games, night_standings, season_standings

ERROR_LENGTH = 1000  # of an SMTP error kept in the log


def results_emails_queue(*, night: Night, site_url: str = "") -> int:
    """Queue the results email of every player of ``night`` (checked in) with an address and not
    opted out; a player already queued for it is left as is. Returns how many were queued now."""
    players = (
        Player.objects.live()
        .filter(attendances__night=night, email_opt_out=False)
        .exclude(email="")
        .distinct()
        .values_list("pk", "email")
    )
    base = (site_url or settings.SITE_URL).rstrip("/")
    rows = [ResultEmail(night=night, player_id=pk, address=email, site_url=base) for pk, email in players]
    before = ResultEmail.objects.filter(night=night).count()
    ResultEmail.objects.bulk_create(rows, ignore_conflicts=True)  # once a player a night
    return ResultEmail.objects.filter(night=night).count() - before


@dataclass
class SendCount:
    sent: int = 0
    failed: int = 0


def results_emails_send() -> SendCount:
    """Send every queued results email, night by night; each is sent once whoever else runs this."""
    count = SendCount()
    nights = ResultEmail.objects.filter(status=EmailStatus.QUEUED, claimed_at__isnull=True).values("night_id")
    for night in Night.objects.filter(pk__in=nights).select_related("club", "season__club", "variant"):
        night_count = _send_night(night)
        count.sent += night_count.sent
        count.failed += night_count.failed
    return count


def _claim(night: Night) -> list[ResultEmail]:
    """Take the night's queued rows for this sender: one update stamps them with this moment, and
    only the rows with that stamp are read back (another sender's update finds none left)."""
    stamp = timezone.now()
    with transaction.atomic():
        ResultEmail.objects.filter(night=night, status=EmailStatus.QUEUED, claimed_at__isnull=True).update(
            claimed_at=stamp
        )
    return list(
        ResultEmail.objects.filter(night=night, status=EmailStatus.QUEUED, claimed_at=stamp).select_related(
            "player__user__preferences"
        )
    )


def _send_night(night: Night) -> SendCount:
    rows = _claim(night)
    if not rows:
        return SendCount()
    results = night_results(night=night)
    count = SendCount()
    with get_connection() as connection:
        for row in rows:
            message = results_message(row=row, results=results.get(row.player_id) or PlayerResults(night))
            message.connection = connection
            try:
                message.send()
            except Exception as exc:  # noqa: BLE001 — any failure of the mail server is logged on the row
                _done(row, EmailStatus.FAILED, f"{type(exc).__name__}: {exc}"[:ERROR_LENGTH])
                count.failed += 1
            else:
                _done(row, EmailStatus.SENT)
                count.sent += 1
    return count


def _done(row: ResultEmail, status: str, error: str = "") -> None:
    """Mark one email sent (or failed) the moment the mail server has taken it, in its own write:
    a sender killed between two messages has marked every one it handed over, and the next run
    (once ``stale_claims`` gives the rest back) sends only those it had not, so a crash repeats at
    most the one message in flight."""
    row.status, row.error, row.done_at = status, error, timezone.now()
    ResultEmail.objects.filter(pk=row.pk).update(status=row.status, error=row.error, done_at=row.done_at)


# --- what each email says ----------------------------------------------------------------------


@dataclass
class PlayerResults:
    """One player's night: their games, their night row, and their season place before and after it."""

    night: Night
    games: list[PlayerGame] | None = None
    night_row: Row | None = None
    season_row: Row | None = None
    place_before: int | None = None
    night_players: int = 0  # ranked on the night

    @property
    def night_place(self) -> int | None:
        return self.night_row.rank if self.night_row else None

    @property
    def place(self) -> int | None:
        return self.season_row.rank if self.season_row else None

    @property
    def change(self) -> int | None:
        """Places gained (positive) or lost (negative) in the season's standings; None when the player
        was not ranked before the night (or is not now)."""
        if self.place is None or self.place_before is None:
            return None
        return self.place_before - self.place

    @property
    def up(self) -> int:
        return max(self.change or 0, 0)

    @property
    def down(self) -> int:
        return max(-(self.change or 0), 0)

    @property
    def new(self) -> bool:
        """Ranked in the season's standings now, and not before the night."""
        return self.place is not None and self.place_before is None

    @property
    def vp(self):
        return self.night_row.values["vp"] if self.night_row else None


def _by_player(rows: list[Row]) -> dict[int, Row]:
    return {row.player_ids[0]: row for row in rows if len(row.player_ids) == 1}


def night_results(*, night: Night) -> dict[int, PlayerResults]:
    """Every player's results of ``night``, by player id: one read of the night's games, its
    standings and the season's standings before and after it, whatever the number of players."""
    games = night_player_games(night=night)
    ranked = night_standings(night=night).rows
    night_rows = _by_player(ranked)
    after = season_standings(season=night.season)
    before = season_standings(season=night.season, before=night.date)
    season_rows = _by_player(after.rows)
    places_before = {pk: row.rank for pk, row in _by_player(before.rows).items()}
    return {
        pk: PlayerResults(
            night, games.get(pk, []), night_rows.get(pk), season_rows.get(pk), places_before.get(pk), len(ranked)
        )
        for pk in set(games) | set(night_rows) | set(season_rows)
    }


def _links(row: ResultEmail) -> dict[str, str]:
    base = row.site_url or settings.SITE_URL
    page = reverse("league:player-own", args=[player_links.page_token(row.player)])
    stop = reverse("league:player-email-stop", args=[player_links.opt_out_token(row.player)])
    return {"page_url": base + page, "stop_url": base + stop}


def results_message(*, row: ResultEmail, results: PlayerResults) -> EmailMultiAlternatives:
    """The email of ``row``: plain text and HTML from templates/league/email/, and List-Unsubscribe;
    in the player's language: their account's (a roster entry linked to an account that chose one),
    else the club's (``Club.language``), whatever the language of the page that closed the night."""
    with translation.override(player_language(row.player) or results.night.club.language or settings.LANGUAGE_CODE):
        return _message(row, results)


def player_language(player) -> str:
    """The language the player's account chose (``Preferences``), or empty."""
    user = player.user if player.user_id else None
    preferences = getattr(user, "preferences", None) if user is not None else None
    return preferences.language if preferences is not None else ""


def _message(row: ResultEmail, results: PlayerResults) -> EmailMultiAlternatives:
    night = results.night
    links = _links(row)
    context = {
        "player": row.player,
        "night": night,
        "club": night.club,
        "season": night.season,
        "results": results,
        "link_days": settings.PLAYER_LINK_DAYS,
        **links,
    }
    subject = " ".join(render_to_string("league/email/night_results_subject.txt", context).split())
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string("league/email/night_results.txt", context),
        to=[row.address],
        headers={"List-Unsubscribe": f"<{links['stop_url']}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.attach_alternative(render_to_string("league/email/night_results.html", context), "text/html")
    return message


def stale_claims(*, older_than: timedelta) -> int:
    """Give back rows claimed by a sender that stopped before sending them (a crash, a restart),
    so the next run sends them: those still queued and claimed longer ago than ``older_than``."""
    since = timezone.now() - older_than
    return ResultEmail.objects.filter(status=EmailStatus.QUEUED, claimed_at__lt=since).update(claimed_at=None)
