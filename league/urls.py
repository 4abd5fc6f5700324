"""The league's addresses: accounts, clubs and everything inside a club.

Every page under ``clubs/<slug>/`` goes through ``league.access.club_member`` with the role
it needs. Each part of a club has its own list below; a helper adding a part (house rules,
seasons, nights) adds its module's patterns with one ``include`` line in ``club_patterns``.
"""

from django.urls import include, path

from league import views
from league.history_views import history_patterns
from league.import_urls import import_patterns
from league.night_urls import night_patterns
from league.season_urls import season_patterns
from league.standings_urls import (
    night_standings_patterns,
    player_record_patterns,
    public_standings_patterns,
    season_standings_patterns,
)

app_name = "league"

# Sign up; Django's own auth views (sign in and out, password change and reset) are
# included from config/urls.py under accounts/, with their standard names.
account_patterns = [
    path("signup/", views.signup, name="signup"),
]

# The roster: clubs/<slug>/players/…
player_patterns = [
    path("", views.player_list, name="player-list"),
    path("new/", views.player_new, name="player-new"),
    path("<int:player_id>/", views.player_edit, name="player-edit"),
    path("<int:player_id>/active/", views.player_active, name="player-active"),
    path("<int:player_id>/merge/", views.player_merge, name="player-merge"),
    path("<int:player_id>/me/", views.player_me, name="player-me"),
]

# Members and invites: clubs/<slug>/members/…
member_patterns = [
    path("", views.member_list, name="member-list"),
    path("<int:membership_id>/role/", views.member_role, name="member-role"),
    path("<int:membership_id>/remove/", views.member_remove, name="member-remove"),
    path("leave/", views.member_leave, name="member-leave"),
    path("invites/new/", views.invite_new, name="invite-new"),
]

# Inside one club: clubs/<slug>/…
club_patterns = [
    path("", views.club_detail, name="club-detail"),
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
    # Other parts of a club: one include line each, e.g.
    # path("rules/", include("league.urls_house_rules")),
]

urlpatterns = [
    path("accounts/", include(account_patterns)),
    path("clubs/", views.club_list, name="club-list"),
    path("clubs/new/", views.club_new, name="club-new"),
    path("clubs/<slug:slug>/", include(club_patterns)),
    path("invites/<str:token>/", views.invite_accept, name="invite-accept"),
    path("standings/", include(public_standings_patterns)),
]
