"""The JavaScript's strings: one address per language and catalogue version, which a browser keeps
(a page no longer asks for them again on every load) and the page's language chooses, not the
browser's (a page switched to French never reads a kept English copy)."""

import re

import pytest
from django.test import override_settings

from scoresheet.browser import catalog

pytestmark = pytest.mark.django_db

FRENCH = "Mis \\u00e0 jour \\u00e0 %s"  # "Updated %s" in locale/fr/LC_MESSAGES/djangojs.po, as JSON writes it


def test_the_catalogue_is_in_the_language_of_its_address_whatever_the_browser_says(client):
    version = catalog.version()

    french = client.get(f"/i18n/js/fr/?v={version}", HTTP_ACCEPT_LANGUAGE="en")
    english = client.get(f"/i18n/js/en/?v={version}", HTTP_ACCEPT_LANGUAGE="fr")

    assert french.status_code == english.status_code == 200
    assert french["Content-Type"].startswith("text/javascript")
    assert FRENCH in french.content.decode() and "Mis \\u00e0 jour" not in english.content.decode()
    for response in (french, english):  # kept by the browser: its address changes with the catalogue
        assert response["Cache-Control"] == "public, max-age=31536000, immutable"


def test_an_address_of_another_version_is_answered_but_not_kept(client):
    response = client.get("/i18n/js/fr/?v=old", HTTP_ACCEPT_LANGUAGE="fr")

    assert response.status_code == 200 and FRENCH in response.content.decode()
    assert response["Cache-Control"] == "no-cache"


def test_a_language_bookkeeper_does_not_speak_is_not_found_and_the_catalogue_is_only_read(client):
    assert client.get("/i18n/js/de/").status_code == 404
    assert client.post("/i18n/js/fr/").status_code == 405


@pytest.mark.parametrize(("language", "path"), [("fr", "/"), ("en", "/"), ("fr", "/games/new/")])
def test_a_page_asks_for_the_catalogue_of_its_own_language(client, presets, language, path):
    page = client.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert re.findall(r'<script src="(/i18n/js/[^"]*)"', page) == [f"/i18n/js/{language}/?v={catalog.version()}"]


def test_the_version_changes_with_the_compiled_strings(tmp_path):
    catalogue = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "djangojs.mo"
    catalogue.parent.mkdir(parents=True)
    versions = []
    for content in (b"one", b"two"):
        catalogue.write_bytes(content)
        catalog.version.cache_clear()
        with override_settings(BASE_DIR=tmp_path):
            versions.append(catalog.version())
    catalog.version.cache_clear()

    assert versions[0] != versions[1] and catalog.version() not in versions
