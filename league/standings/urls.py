"""Standings addresses: a season's and a night's standings and a player's record (inside a club,
included from league.urls' ``club_patterns``) and a season's public standings page."""

from django.urls import path

from league.standings import views

# clubs/<slug>/seasons/<season_id>/…
season_standings_patterns = [
    path("standings/", views.season_standings_page, name="season-standings"),
    path("public/", views.season_public, name="season-public"),
]

# clubs/<slug>/nights/<night_id>/…
night_standings_patterns = [
    path("standings/", views.night_standings_page, name="night-standings"),
]

# clubs/<slug>/players/<player_id>/…
player_record_patterns = [
    path("record/", views.player_record, name="player-record"),
]

# standings/<club slug>/<season id>/: for anyone, while the season is public.
public_standings_patterns = [
    path("<slug:slug>/<int:season_id>/", views.public_standings, name="public-standings"),
]
