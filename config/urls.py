from django.contrib import admin
from django.urls import include, path

from league.languages import language_switch
from scoresheet.addresses.game_urls import door_patterns
from scoresheet.browser.catalog_views import javascript_catalog

urlpatterns = [
    path("admin/", admin.site.urls),
    # Django's own sign in, sign out and password views, under their standard names ("login" …).
    path("accounts/", include("django.contrib.auth.urls")),
    # The language switch at the foot of every page, and the JavaScript's strings in the page's language.
    path("i18n/setlang/", language_switch, name="set_language"),
    path("i18n/js/<str:language>/", javascript_catalog, name="javascript-catalog"),
    path("", include("league.urls")),
    path("", include("scoresheet.urls")),
    path("", include("league.clubs.house_rules_urls")),  # a club's house rules
    # A game's doors, each with the game's pages: g/ (play), s/ (share), games/<id>/ (a club's
    # members), t/ (a night's table links).
    *door_patterns(),
]
