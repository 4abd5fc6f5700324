"""A night table's game under its table link (t/<token>/…): the players at the table, with no
account, play it on the score sheet's own pages (scoresheet.views, with the link's addresses),
and agree with the finished result.

The link works until the night is closed; a wrong or renewed link answers 404.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from league import night_selectors, night_services
from league.services import LeagueError
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
        if table.sitting.night.is_closed:
            # The holder did nothing wrong: say why the link stopped working, and whom to ask.
            return render(request, "league/table_link_closed.html", {"table": table}, status=404)
        with history.via_table(table):  # what the players at the table change is recorded as theirs
            return view(request, table, *args, **kwargs)

    return with_table


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
