"""The version of the JavaScript's strings (``locale/*/LC_MESSAGES/djangojs.mo``): part of their
address (``scoresheet.browser.catalog_views``), so that a browser keeps them until a release changes them."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import django
from django.conf import settings


@cache
def version() -> str:
    """The catalogues' version: Django's and this project's compiled JavaScript strings, as a short
    text that changes when any of them does."""
    digest = hashlib.sha256(django.get_version().encode())
    for path in sorted(Path(settings.BASE_DIR, "locale").glob("*/LC_MESSAGES/djangojs.mo")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
