"""The league's addresses: accounts, clubs and everything inside a club.

Every page under ``clubs/<slug>/`` goes through ``league.access.club_member`` with the role
it needs. Each part of a club has its own list in its package (clubs, nights, standings,
exchange), included here with one line.
"""

from django.urls import include, path

from league.clubs import views
from league.clubs.urls import account_patterns, member_patterns, player_patterns
from league.exchange.urls import import_patterns
from league.nights.urls import night_patterns
from league.recently_deleted import history_patterns
from league.seasons.urls import season_patterns
from league.standings.player_link_urls import player_link_patterns
from league.standings.urls import (
    night_standings_patterns,
    player_record_patterns,
    public_standings_patterns,
    season_standings_patterns,
)

app_name = "league"

# Inside one club: clubs/<slug>/…
club_patterns = [
    path("", views.club_detail, name="club-detail"),
    path("settings/", views.club_settings, name="club-settings"),
    path("games/new/", views.club_game_new, name="club-game-new"),
    path("members/", include(member_patterns)),
    path("players/", include(player_patterns)),
    path("seasons/", include(season_patterns)),
    path("nights/", include(night_patterns)),
    path("", include(import_patterns)),
    path("seasons/<int:season_id>/", include(season_standings_patterns)),
    path("nights/<int:night_id>/", include(night_standings_patterns)),
    path("players/<int:player_id>/", include(player_record_patterns)),
    path("", include(history_patterns)),  # deleting and restoring nights and players, "Recently deleted"
]

urlpatterns = [
    path("accounts/", include(account_patterns)),
    path("clubs/", views.club_list, name="club-list"),
    path("clubs/new/", views.club_new, name="club-new"),
    path("clubs/<slug:slug>/", include(club_patterns)),
    path("invites/<str:token>/", views.invite_accept, name="invite-accept"),
    path("standings/", include(public_standings_patterns)),
    path("p/", include(player_link_patterns)),  # a player's own page, from their results email
    path("n/<str:token>/", include("league.nights.player_urls")),  # a night's "where do I sit", no account
]
