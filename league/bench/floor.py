"""The floor every page is measured against: one indexed query and a tiny template, served
through the same middleware as the pages (the bench swaps in this URLconf, the project's own
addresses plus the floor's)."""

from django.http import HttpResponse
from django.template import engines
from django.urls import path

from config.urls import urlpatterns as project_urlpatterns
from league.models import Club

TEMPLATE = engines["django"].from_string("<!doctype html><title>{{ club.name }}</title><p>{{ club.slug }}</p>")


def floor(request, slug: str) -> HttpResponse:
    """The club's name by its slug (unique, so indexed): the least a page can do."""
    club = Club.objects.get(slug=slug)
    return HttpResponse(TEMPLATE.render({"club": club}, request))


urlpatterns = [path("bench/floor/<slug:slug>/", floor), *project_urlpatterns]
