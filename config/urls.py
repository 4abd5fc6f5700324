from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    # Django's own sign in, sign out and password views, under their standard names ("login" …).
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("league.urls")),
    path("", include("scoresheet.urls")),
    path("", include("league.house_rules_urls")),
    path("t/", include("league.table_link_urls")),  # a night's table links  # a club's house rules (helper houserules)
]
