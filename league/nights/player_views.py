"""What a night's players see with no account, and the room's screen.

"Where do I sit?" (/n/<token>/): the night's players by name, searched accents aside; a player's
table, seat, partners and opponents for each sitting drawn so far and their night so far, in a
part static/js/live.js fetches again every few seconds; once the night is closed, its results.
The address opens that night only; a deleted night's, or a made-up one, answers 404.

The room's screen (clubs/<slug>/nights/<id>/screen/, for the club's members): seating by name,
table progress and the night's standings taking turns full screen (static/js/screen.js), its
views fetched again every 25 seconds; the organiser may hide the standings during the last sitting.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.access import club_night
from league.models import Night, Player, Role
from league.nights import player_view
from league.nights import services as night_services
from scoresheet.addresses import qrcode, site
from scoresheet.games.limits import max_length

SCREEN_TURN = 12  # seconds each view of the screen stays up, unless the address says (?every=)
SCREEN_REFRESH = 25  # seconds between two reads of the screen's views


def seat_link(request, night: Night) -> str:
    """The full address of the night's "where do I sit" page, as its QR codes carry it."""
    return site.absolute(request, reverse("league:seat-finder", args=[night.token]))


def seat_code(link: str):
    """The QR code of ``link`` (``seat_link``) for a page: the night page's, the room's screen's."""
    return qrcode.svg(link, title=_("Where do I sit? The night's seating for its players"))  # kept drawn per link


def _night(token: str) -> Night:
    night = player_view.night_by_token(token)
    if night is None:
        raise Http404("No such night")
    return night


def _player_id(request) -> int | None:
    chosen = request.GET.get("p", "")
    return int(chosen) if chosen.isdigit() and len(chosen) < 12 else None


def _seat_context(request, night: Night) -> dict:
    page = player_view.seat_page(night=night, player_id=_player_id(request))
    query = " ".join(request.GET.get("q", "").split())[: max_length(Player, "name")]
    shown = player_view.find(page.people, query) if query else page.people
    return {"night": night, "club": night.club, "page": page, "query": query, "shown": shown}


def seat_finder(request, token):
    night = _night(token)
    context = _seat_context(request, night)
    if context["page"].player is not None:
        live = reverse("league:seat-finder-live", args=[night.token])
        context["live_url"] = f"{live}?p={context['page'].player.pk}"
    response = render(request, "league/seat_finder.html", context)
    response["Cache-Control"] = "no-store"
    return response


def seat_finder_live(request, token):
    """The chosen player's part of the page alone: static/js/live.js swaps it in every few seconds."""
    night = _night(token)
    response = render(request, "league/seat_finder_live.html", _seat_context(request, night))
    response["Cache-Control"] = "no-store"
    return response


# The room's screen


def _seconds(request, name: str, default: int) -> int:
    given = request.GET.get(name, "")
    return max(1, min(int(given), 600)) if given.isdigit() and len(given) < 4 else default


def night_screen(request, slug, night_id):
    night = club_night(request, slug, night_id, Role.VIEWER)[0]
    link = seat_link(request, night)
    context = {
        "night": night,
        "club": night.club,
        "screen": player_view.screen(night=night),
        "every": _seconds(request, "every", SCREEN_TURN),
        "refresh": _seconds(request, "refresh", SCREEN_REFRESH),
        "seat_link": link,
        "seat_link_shown": link.split("://", 1)[-1],  # as a person types it: no "https://"
        "seat_qr": seat_code(link),
    }
    response = render(request, "league/night_screen.html", context)
    response["Cache-Control"] = "no-store"
    return response


def night_screen_live(request, slug, night_id):
    """The screen's views alone: static/js/screen.js puts them in place of the ones it shows."""
    night = club_night(request, slug, night_id, Role.VIEWER)[0]
    response = render(request, "league/night_screen_views.html", {"screen": player_view.screen(night=night)})
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def night_screen_set(request, slug, night_id):
    night = club_night(request, slug, night_id, Role.ORGANISER)[0]
    hides = request.POST.get("hides_last_standings") == "1"
    night_services.night_screen_set(night=night, hides_last_standings=hides)
    if hides:
        messages.success(request, _("The room's screen hides the standings during the last sitting."))
    else:
        messages.success(request, _("The room's screen shows the standings all night."))
    return redirect("league:night-detail", night.club.slug, night.pk)
