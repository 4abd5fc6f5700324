"""A game's pages, the same under each of its doors (scoresheet.addresses.doors): /g/<token>/…,
/s/<token>/…, /games/<id>/…, /t/<token>/…. Each door's pages have its name as their namespace
("play:finish", "games:round-edit" …) and are called with the door's name and key;
scoresheet.addresses.access decides what each visitor may do there (the rest is 404).
"""

from django.urls import include, path

from scoresheet.addresses import doors
from scoresheet.games import views

game_patterns = [
    path("", views.game, name="game"),
    path("rounds/<int:number>/", views.round_edit, name="round-edit"),
    path("rounds/<int:number>/preview/", views.round_preview, name="round-preview"),
    path("finish/", views.finish, name="finish"),
    path("reopen/", views.reopen, name="reopen"),
    path("undo/", views.undo, name="undo"),
    path("redo/", views.redo, name="redo"),
    path("delete/", views.delete, name="delete"),
    path("restore/", views.restore, name="restore"),
    path("renew/", views.renew, name="renew"),
    path("sheet.pdf", views.pdf_sheet, name="pdf"),
]


def door_patterns() -> list:
    """Every registered door's pages under its address (config/urls.py)."""
    return [
        path(door.route, include(([*game_patterns, *door.pages], door.name)), {"door": door.name})
        for door in doors.every()
    ]
