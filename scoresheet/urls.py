"""The score sheet's own pages: the game list, variants, starting a game, blank sheets. A game's
pages are under its doors (scoresheet.addresses.game_urls)."""

from django.urls import path

from scoresheet.browser import offline_views
from scoresheet.games import views

app_name = "scoresheet"

urlpatterns = [
    path("", views.home, name="home"),
    path("variants/", views.variant_list, name="variant-list"),
    path("variants/<slug:slug>/", views.variant_detail, name="variant-detail"),
    path("games/new/", views.game_new, name="game-new"),
    path("games/deleted/", views.games_deleted, name="games-deleted"),
    path("print/", views.print_sheets, name="print-sheets"),
    path("sw.js", offline_views.service_worker, name="service-worker"),
]
