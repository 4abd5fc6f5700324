"""The addresses of a club's house rules (included once from the project's URLs)."""

from django.urls import path

from league.clubs import house_rules_views as views

app_name = "house_rules"

urlpatterns = [
    path("clubs/<slug:slug>/rules/", views.house_rules_list, name="list"),
    path("clubs/<slug:slug>/rules/copy/", views.house_rules_copy, name="copy"),
    path("clubs/<slug:slug>/rules/<slug:variant_slug>/", views.house_rules_detail, name="detail"),
    path("clubs/<slug:slug>/rules/<slug:variant_slug>/edit/", views.house_rules_edit, name="edit"),
]
