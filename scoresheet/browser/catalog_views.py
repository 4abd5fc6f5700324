"""The JavaScript's strings in a language (Django's ``JavaScriptCatalog``), at an address of their own
per language and catalogue version: ``/i18n/js/<language>/?v=<version>``.

Each page asks for the catalogue of the language it is shown in (``{% catalog_script %}``), so a
browser keeps one copy per language for as long as the catalogue is the same (a year, marked
immutable: a release with new strings has a new version, so a new address) instead of asking again
on every page, and a page switched to another language never reads the other language's copy. The
service worker keeps it with the game's pages (templates/scoresheet/service_worker.js): offline, a
French round form still speaks French.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.utils import translation
from django.views.decorators.http import require_safe
from django.views.i18n import JavaScriptCatalog

from scoresheet.browser.catalog import version

KEPT_FOR = 365 * 24 * 60 * 60  # seconds a browser keeps a catalogue at its versioned address


@require_safe
def javascript_catalog(request, language: str):
    if language not in {code for code, _name in settings.LANGUAGES}:
        raise Http404("no such language")
    with translation.override(language):
        response = JavaScriptCatalog.as_view()(request)
    if request.GET.get("v") == version():
        response["Cache-Control"] = f"public, max-age={KEPT_FOR}, immutable"
    else:  # an old page's address: the catalogue as it is now, not kept under it
        response["Cache-Control"] = "no-cache"
    return response
