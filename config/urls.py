from django.contrib import admin
from django.urls import include, path

from scoresheet.token_urls import play_patterns, share_patterns

urlpatterns = [
    path("admin/", admin.site.urls),
    # Django's own sign in, sign out and password views, under their standard names ("login" …).
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("league.urls")),
    path("", include("scoresheet.urls")),
    path("", include("league.clubs.house_rules_urls")),
    path("g/", include((play_patterns, "play"))),  # a game's play address (its token)
    path("s/", include((share_patterns, "share"))),  # a game's read-only share link
    path("t/", include("league.nights.table_link_urls")),  # a night's table links
]
