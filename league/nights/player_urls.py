"""A night's "where do I sit" page for its players, no account: n/<token>/ (from league.urls)."""

from django.urls import path

from league.nights import player_views

urlpatterns = [
    path("", player_views.seat_finder, name="seat-finder"),
    path("live/", player_views.seat_finder_live, name="seat-finder-live"),
]
