"""A player's own pages, opened from their results email without an account (league.clubs.player_links):
their record across every season, read only, with "Have an account? Link this player to it"; and
"no more emails" in one tap (a GET shows the one button; the mail program's one-click POST,
RFC 8058, comes without a CSRF token, the signed link standing for it).

A link that is too old or tampered with gets a page that says so (never a 500).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db.models import Q
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from league.clubs import claims, player_links, services
from league.models import Season
from league.standings.selectors import player_season


def _private(response):
    """The link is the key: no search engine keeps the page, no other site is told its address."""
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Referrer-Policy"] = "no-referrer"
    response["Cache-Control"] = "private, no-store"
    return response


def _problem(request, problem: player_links.LinkProblem):
    context = {"expired": problem.expired}
    return _private(render(request, "league/player_link_problem.html", context, status=410 if problem.expired else 404))


def player_own(request, token):
    """The player's record, season by season (those they played in), newest season first."""
    try:
        player = player_links.page_player(token)
    except player_links.LinkProblem as problem:
        return _problem(request, problem)
    played = Q(nights__sittings__tables__game__teams__seats__player=player) | Q(nights__sittings__byes__player=player)
    seasons = list(Season.objects.filter(club=player.club).filter(played).distinct().order_by("-start", "name"))
    for season in seasons:
        season.club = player.club  # read once for every season
    records = [(season, player_season(season=season, player_id=player.pk)) for season in seasons]
    waiting = claims.claim_waiting(player=player, user=request.user)
    context = {"player": player, "club": player.club, "records": records, "token": token, "claim_waiting": waiting}
    return _private(render(request, "league/player_own.html", context))


@require_POST
def player_own_claim(request, token):
    """ "This is me": link the roster entry to the signed-in account (sign in first, then back here),
    at once when the club can tell it is theirs, else once the organiser approves (``claims``)."""
    try:
        player = player_links.page_player(token)
    except player_links.LinkProblem as problem:
        return _problem(request, problem)
    if not request.user.is_authenticated:
        return redirect_to_login(request.path.removesuffix("claim/"))
    try:
        done = claims.player_claim(player=player, user=request.user)
    except services.LeagueError as exc:
        messages.error(request, str(exc))
    else:
        if done == claims.LINKED:
            words = _("%(player)s of %(club)s is linked to your account.")
        else:
            words = _(
                "Asked: %(club)s's organiser will check that you are %(player)s, then the entry is linked to "
                "your account."
            )
        messages.success(request, words % {"player": player.name, "club": player.club.name})
    return redirect("league:player-own", token)


@csrf_exempt
def player_email_stop(request, token):
    """GET: one button, "No more emails"; POST (the button, or the mail program's one click): done."""
    try:
        player = player_links.opt_out_player(token)
    except player_links.LinkProblem as problem:
        return _problem(request, problem)
    done = request.method == "POST"
    if done and not player.email_opt_out:
        services.player_email_opt_out_set(player=player, opted_out=True)
    context = {"player": player, "club": player.club, "done": done or player.email_opt_out}
    return _private(render(request, "league/player_email_stop.html", context))
