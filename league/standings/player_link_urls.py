"""The addresses a results email links to: p/<signed>/ (a player's own page) and p/stop/<signed>/."""

from django.urls import path

from league.standings import player_link_views as views

player_link_patterns = [
    path("stop/<str:token>/", views.player_email_stop, name="player-email-stop"),
    path("<str:token>/", views.player_own, name="player-own"),
    path("<str:token>/claim/", views.player_own_claim, name="player-own-claim"),
]
