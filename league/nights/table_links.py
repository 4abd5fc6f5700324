"""A night table's door into its game (scoresheet.addresses.doors): t/<token>/… lets the players at the
table, with no account, play it on the score sheet's own pages and agree with the finished
result, each team from its own phone. Registered with the club's door in league.doors.

The link works until the night is closed, and then shows the final sheet read only; a wrong or
renewed link answers 404. A save through the link and the closing of the night are taken one
after the other (both hold the night's row).
"""

from __future__ import annotations

from contextlib import contextmanager

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from league.clubs.services import LeagueError
from league.models import Night
from league.nights import selectors as night_selectors
from league.nights import services as night_services
from scoresheet.addresses import doors
from scoresheet.addresses.access import GameAccess, game_view
from scoresheet.browser import device
from scoresheet.games import history

# The players at the table play the game and agree with it. Finishing early and reopening are the
# organiser's, as are deleting, restoring and new addresses: the game finishes by itself when its
# last round is saved, and Undo takes back the players' own last change.
OFFERS = frozenset({doors.READ, doors.PRINT, doors.ENTER, doors.UNDO, doors.AGREE})


def open_table(request, token) -> doors.Opened | None:
    """The game of the table whose link this is; None for a wrong or renewed link."""
    table = night_selectors.table_by_token(token)
    return None if table is None else doors.Opened(game=table.game, offers=OFFERS, table=table)


@contextmanager
def hold(request, opened: doors.Opened):
    """What the players at the table change is recorded as theirs (history.via_table). A write
    holds the night's row while it saves, as closing the night does: a round sent in the instant
    the organiser closes the night lands before the close or is refused after it."""
    table = opened.table
    if request.method != "POST":
        with history.via_table(table):
            yield opened
        return
    with transaction.atomic():
        night = table.sitting.night
        # The night as it is now, under the lock (scoresheet.addresses.access reads it through the table).
        night.closed_at = Night.objects.select_for_update().values_list("closed_at", flat=True).get(pk=night.pk)
        with history.via_table(table):
            yield opened


def closed_page(request, opened: doors.Opened):
    """The holder did nothing wrong: say why the link no longer changes the game, and whom to ask."""
    return render(request, "league/table_link_closed.html", {"table": opened.table}, status=404)


@require_POST
@game_view(doors.AGREE)
def agree(request, access: GameAccess):
    """A team at the table agrees with the finished result, from its own phone (each team for itself)."""
    table = access.table
    team = _team_at(table, request.POST.get("team", ""))
    if team is None:
        messages.error(request, gettext("Choose the team that agrees."))
    else:
        try:
            night_services.table_agree(table=table, team=team, device=device.device_id(request))
        except LeagueError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, gettext("%(team)s agrees with the result.") % {"team": team.name})
    return redirect(access.links.game)


def _team_at(table, team_id: str):
    """The team of this table's game with that id; None for any other text."""
    if not team_id.isdigit():
        return None
    return table.game.teams.filter(pk=int(team_id)).first()


pages = (path("agree/", agree, name="agree"),)  # beside the game's own pages (scoresheet.addresses.game_urls)
