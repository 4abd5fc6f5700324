"""A night's results PDF: clubs/<slug>/nights/<night_id>/results.pdf (from league.nights.urls)."""

from django.urls import path

from league.nights import results_views

urlpatterns = [
    path("results.pdf", results_views.night_results, name="night-results-pdf"),
]
