from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("scoresheet.urls")),
    path("", include("league.house_rules_urls")),  # a club's house rules (helper houserules)
]
