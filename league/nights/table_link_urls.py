"""Table links: t/<token>/… lets whoever holds a table's link enter and correct its game, no account needed."""

from django.urls import path

from league.nights import table_links as views

app_name = "tables"

urlpatterns = [
    path("<str:token>/", views.game, name="game"),
    path("<str:token>/rounds/<int:number>/", views.round_edit, name="round-edit"),
    path("<str:token>/rounds/<int:number>/preview/", views.round_preview, name="round-preview"),
    path("<str:token>/finish/", views.finish, name="finish"),
    path("<str:token>/reopen/", views.reopen, name="reopen"),
    path("<str:token>/undo/", views.undo, name="undo"),
    path("<str:token>/agree/", views.agree, name="agree"),
    path("<str:token>/sheet.pdf", views.pdf, name="pdf"),
]
