"""A night's results PDF: clubs/<slug>/nights/<night_id>/results.pdf (from league.night_urls)."""

from django.urls import path

from league import results_views

urlpatterns = [
    path("results.pdf", results_views.night_results, name="night-results-pdf"),
]
