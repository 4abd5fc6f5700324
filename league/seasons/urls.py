"""A club's seasons: clubs/<slug>/seasons/… (included from league.urls' ``club_patterns``)."""

from django.urls import path

from league.seasons import views

season_patterns = [
    path("", views.season_list, name="season-list"),
    path("new/", views.season_new, name="season-new"),
    path("<int:season_id>/", views.season_detail, name="season-detail"),
    path("<int:season_id>/edit/", views.season_edit, name="season-edit"),
]
