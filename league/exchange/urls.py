"""The spreadsheets of a club (included from league.urls' ``club_patterns`` at clubs/<slug>/):
importing the results and roster workbooks, and exporting them."""

from django.urls import path

from league.exchange import views

import_patterns = [
    path("import/results/", views.results_import, name="import-results"),
    path("import/roster/", views.roster_import, name="import-roster"),
    path("seasons/<int:season_id>/results.xlsx", views.results_export, name="export-results"),
    path("players/roster.xlsx", views.roster_export, name="export-roster"),
]
