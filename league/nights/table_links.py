"""A night table's game under its table link (t/<token>/…): the players at the table, with no
account, play it on the score sheet's own pages (scoresheet.views, with the link's addresses),
and agree with the finished result.

The link works until the night is closed; a wrong or renewed link answers 404. A save through
the link and the closing of the night are taken one after the other (both hold the night's row).
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from league.clubs.services import LeagueError
from league.models import Night
from league.nights import selectors as night_selectors
from league.nights import services as night_services
from scoresheet import history
from scoresheet import views as scoresheet_views
from scoresheet.links import GameLinks


def table_link(view):
    """Pass the view the table of the link in the address instead of its token."""

    @wraps(view)
    def with_table(request, token, *args, **kwargs):
        table = night_selectors.table_by_token(token)
        if table is None:
            raise Http404("No such table")
        if request.method != "POST":
            return _open(view, request, table, table.sitting.night.is_closed, *args, **kwargs)
        # A write holds the night's row while it saves, as closing the night does: a round sent in
        # the instant the organiser closes the night lands before the close or is refused after it.
        with transaction.atomic():
            closed_at = (
                Night.objects.select_for_update().values_list("closed_at", flat=True).get(pk=table.sitting.night_id)
            )
            return _open(view, request, table, closed_at is not None, *args, **kwargs)

    return with_table


def _open(view, request, table, closed: bool, *args, **kwargs):
    if closed:
        # The holder did nothing wrong: say why the link stopped working, and whom to ask.
        return render(request, "league/table_link_closed.html", {"table": table}, status=404)
    with history.via_table(table):  # what the players at the table change is recorded as theirs
        return view(request, table, *args, **kwargs)


@table_link
def game(request, table):
    return scoresheet_views.game_page(request, table.game, GameLinks.for_table(table))


@table_link
def round_edit(request, table, number):
    return scoresheet_views.round_entry(request, table.game, number, GameLinks.for_table(table))


@require_POST
@table_link
def round_preview(request, table, number):
    return scoresheet_views.round_preview_answer(request, table.game, number)


@require_POST
@table_link
def finish(request, table):
    return scoresheet_views.finish(request, table.game, GameLinks.for_table(table))


@require_POST
@table_link
def reopen(request, table):
    return scoresheet_views.reopen(request, table.game, GameLinks.for_table(table))


@require_POST
@table_link
def undo(request, table):
    return scoresheet_views.undo(request, table.game, GameLinks.for_table(table))


@table_link
def pdf(request, table):
    return scoresheet_views.filled_sheet_pdf(request, table.game)


@require_POST
@table_link
def agree(request, table):
    """A team at the table agrees with the finished result (the other team's check of the sheet)."""
    team = _team_at(table, request.POST.get("team", ""))
    if team is None:
        messages.error(request, "Choose the team that agrees.")
    else:
        try:
            night_services.table_agree(table=table, team=team)
        except LeagueError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, f"{team.name} agree with the result.")
    return redirect(GameLinks.for_table(table).game)


def _team_at(table, team_id: str):
    """The team of this table's game with that id; None for any other text."""
    if not team_id.isdigit():
        return None
    return table.game.teams.filter(pk=int(team_id)).first()
