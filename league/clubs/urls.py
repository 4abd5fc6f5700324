"""The addresses of accounts, a club's roster and its members (included from league.urls)."""

from django.urls import path

from league.clubs import kept_apart, views

# Sign up; Django's own auth views (sign in and out, password change and reset) are
# included from config/urls.py under accounts/, with their standard names.
account_patterns = [
    path("signup/", views.signup, name="signup"),
    path("me/", views.account, name="account"),
]

# The roster: clubs/<slug>/players/…
player_patterns = [
    path("", views.player_list, name="player-list"),
    path("new/", views.player_new, name="player-new"),
    path("<int:player_id>/", views.player_edit, name="player-edit"),
    path("<int:player_id>/active/", views.player_active, name="player-active"),
    path("<int:player_id>/merge/", views.player_merge, name="player-merge"),
    path("<int:player_id>/apart/", kept_apart.player_apart, name="player-apart"),
    path("<int:player_id>/me/", views.player_me, name="player-me"),
    path("<int:player_id>/claim/", views.player_claim, name="player-claim"),
]

# Members and invites: clubs/<slug>/members/…
member_patterns = [
    path("", views.member_list, name="member-list"),
    path("<int:membership_id>/role/", views.member_role, name="member-role"),
    path("<int:membership_id>/remove/", views.member_remove, name="member-remove"),
    path("<int:membership_id>/password-reset/", views.member_password_reset, name="member-password-reset"),
    path("leave/", views.member_leave, name="member-leave"),
    path("invites/new/", views.invite_new, name="invite-new"),
]
