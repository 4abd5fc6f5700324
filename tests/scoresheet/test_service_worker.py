"""The service worker is served from the site's root, so it may look after every game's door,
as a script the site's own policy lets run; a new version is seen on the next visit."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_service_worker_is_served_at_the_root_for_every_door(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    assert 'var CACHE = "bookkeeper-offline-2";' in script  # the template's {{ version }} filled in
    for door in ("g|s|t", "games"):
        assert door in script
    assert 'path.indexOf("/i18n/js/") === 0' in script  # the JavaScript's strings are kept for offline
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "worker-src" not in policy  # a worker falls back to 'self'


def test_the_service_worker_is_only_read(client):
    assert client.post("/sw.js").status_code == 405
