"""A sitting's printouts: clubs/<slug>/nights/<night_id>/sittings/<number>/… (from league.nights.urls)."""

from django.urls import path

from league.nights import pack_views

urlpatterns = [
    path("pack.pdf", pack_views.table_pack, name="table-pack"),
    path("chart.pdf", pack_views.seating_chart, name="seating-chart"),
]
