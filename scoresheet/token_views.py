"""A game at its secret addresses: /g/<token>/… (play: enter, correct, finish, reopen, delete,
print, renew) and /s/<share token>/ (the score sheet, read only). The pages are the score
sheet's own (scoresheet.views), given the addresses of the token they were opened at.

A wrong or renewed token answers 404, as for a game that does not exist. A casual game has
no other address; a club's game also has /games/<id>/ for its members.
"""

from __future__ import annotations

from functools import wraps

from django.http import Http404
from django.views.decorators.http import require_POST, require_safe

from scoresheet import device, selectors, views
from scoresheet.links import GameLinks


def play_token(view=None, *, deleted: bool = False):
    """Pass the view the game of the play token in the address, and its links; a deleted game
    only to the views that deal with one (``deleted``), and only while it can be restored."""

    def decorate(view):
        @wraps(view)
        def with_game(request, token, *args, **kwargs):
            game = selectors.game_by_token(token)
            if game is None:
                raise Http404("No such game")
            is_deleted = game.deleted_at is not None
            if is_deleted and (not deleted or game.deleted_at <= selectors.deleted_after()):
                raise Http404("No such game")
            return view(request, game, GameLinks.for_play(game), *args, **kwargs)

        return with_game

    return decorate(view) if view is not None else decorate


@play_token(deleted=True)
def game(request, game, links):
    # Whoever opens the play address holds the game: it joins this device's list.
    device.remember(request, game)
    if game.deleted_at is not None:
        return views.deleted_game_page(request, game, links)
    return views.game_page(request, game, links)


@play_token
def round_edit(request, game, links, number):
    return views.round_entry(request, game, number, links)


@require_POST
@play_token
def round_preview(request, game, links, number):
    return views.round_preview_answer(request, game, number)


@require_POST
@play_token
def finish(request, game, links):
    return views.finish(request, game, links)


@require_POST
@play_token
def reopen(request, game, links):
    return views.reopen(request, game, links)


@require_POST
@play_token
def undo(request, game, links):
    return views.undo(request, game, links)


@play_token
def delete(request, game, links):
    return views.delete(request, game, links)


@require_POST
@play_token(deleted=True)
def restore(request, game, links):
    if game.deleted_at is None:
        raise Http404("No such deleted game")
    return views.restore(request, game, links)


@require_POST
@play_token
def renew(request, game, links):
    """The holder of the play address renews both tokens: the old play and share links 404."""
    return views.renew(request, game, links)


@play_token
def pdf(request, game, links):
    return views.filled_sheet_pdf(request, game)


@require_safe
def shared(request, token):
    """The live score sheet, read only: no forms, no links to anything that changes it."""
    game = selectors.game_by_share_token(token)
    if game is None or game.deleted_at is not None:
        raise Http404("No such game")
    return views.game_page(request, game, GameLinks.for_share(game))
