"""A game's secret addresses (scoresheet.token_views): g/<token>/… to play it, s/<token>/ to read it."""

from django.urls import path

from scoresheet import token_views as views

# Included under g/ with the namespace "play".
play_patterns = [
    path("<str:token>/", views.game, name="game"),
    path("<str:token>/rounds/<int:number>/", views.round_edit, name="round-edit"),
    path("<str:token>/rounds/<int:number>/preview/", views.round_preview, name="round-preview"),
    path("<str:token>/finish/", views.finish, name="finish"),
    path("<str:token>/reopen/", views.reopen, name="reopen"),
    path("<str:token>/undo/", views.undo, name="undo"),
    path("<str:token>/delete/", views.delete, name="delete"),
    path("<str:token>/restore/", views.restore, name="restore"),
    path("<str:token>/renew/", views.renew, name="renew"),
    path("<str:token>/sheet.pdf", views.pdf, name="pdf"),
]

# Included under s/ with the namespace "share": the score sheet and nothing else.
share_patterns = [
    path("<str:token>/", views.shared, name="game"),
]
