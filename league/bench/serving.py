"""The settings of the server the bench loads (league.bench.load): the project's, with the floor's
address beside its own and plain static names (no collectstatic here), as the bench's own pages."""

from config.settings import *  # noqa: F403
from config.settings import STORAGES

ROOT_URLCONF = "league.bench.floor"
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
