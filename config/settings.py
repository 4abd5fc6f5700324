"""Bookkeeper settings, read from the environment.

Safe defaults for local use: DEBUG on, SQLite under ./var/. Production (`make serve`) runs
with DEBUG off and needs SECRET_KEY; it sets ALLOWED_HOSTS and DATABASE_URL (PostgreSQL).
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


def envbool(name: str, default: str) -> bool:
    """A yes/no setting. Anything but the usual words is refused: a typo such as DEBUG=flase
    must not quietly leave debug pages on (an empty value counts as unset)."""
    value = (os.environ.get(name) or default).strip().lower()
    if value in TRUE_WORDS:
        return True
    if value in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={os.environ.get(name)!r} is not a yes/no value: use one of {', '.join(TRUE_WORDS + FALSE_WORDS)}"
    )


def envint(name: str, default: int) -> int:
    value = (os.environ.get(name) or str(default)).strip()
    if not (value.isascii() and value.isdigit()):
        raise ImproperlyConfigured(f"{name}={os.environ.get(name)!r} is not a whole number")
    return int(value)


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG", "1")
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set and DEBUG is off: set SECRET_KEY to a long random string, e.g. "
            "SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')"
        )
    SECRET_KEY = "dev-only-insecure-key-change-me-in-production"
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")


def envsite(name: str) -> str:
    """The address the site is opened at, "http://192.168.1.20:8000" or "https://scores.example.org"
    (no path, no trailing slash kept); empty when unset."""
    value = (os.environ.get(name) or "").strip().rstrip("/")
    if not value:
        return ""
    scheme, _, rest = value.partition("://")
    if scheme not in ("http", "https") or not rest or "/" in rest or " " in rest:
        raise ImproperlyConfigured(
            f"{name}={os.environ.get(name)!r} is not a site address: give the scheme and host only, "
            "e.g. http://192.168.1.20:8000 or https://scores.example.org"
        )
    return value


# The address phones open the site at, for every link that leaves the screen: the table pack's QR
# codes and links, the play address handed to another phone, invites (scoresheet.addresses.site). Unset,
# each link takes the address of the request that made it, which from the organiser's own computer
# may be http://127.0.0.1:8000, an address no phone can open (the night page then warns).
SITE_URL = envsite("SITE_URL")
# Where `make run` serves (HOST): on the network (0.0.0.0), a link made from the organiser's own
# computer at http://127.0.0.1:8000 takes this machine's network address instead, so that the
# printed QR codes open on the players' phones without SITE_URL.
SERVED_ON = (os.environ.get("SERVED_ON") or "").strip()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "csp",
    "axes",
    "simple_history",
    "scoresheet",
    "league",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language: the cookie the language switch sets, else the browser's (league.languages).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A sign-in puts the account's own language in the language cookie (league.languages).
    "league.languages.AccountLanguage",
    # The audit trail records the signed-in member as who made each change (scoresheet.games.history).
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Each request starts in the site's zone; a club's page switches to the club's (league/time_zones.py).
    "league.time_zones.SiteTimeZone",
    # A play, share or table link's pages are not kept by any cache (scoresheet/addresses/secret_addresses.py).
    "scoresheet.addresses.secret_addresses.NoStoreAtSecretAddresses",
    # Last, as its documentation asks: it answers a locked-out sign-in before the view runs.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# This server's own files: the SQLite database (unless DATABASE_URL names another). Nothing a
# request writes goes here: with several app servers, another server would not find it.
VAR_DIR = Path(os.environ.get("VAR_DIR") or BASE_DIR / "var")
DATABASES = {
    "default": dj_database_url.parse(os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'bookkeeper.sqlite3'}")
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(exist_ok=True)
    # Tests get a file too, not SQLite's in-memory database: the live server's threads then
    # open their own connections and lock the file as `make run` does (pytest-xdist suffixes
    # the name per worker).
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-bookkeeper.sqlite3")}
    # Tables save at the same time. By default a save's transaction starts as a reader and
    # fails at once with "database is locked" when it tries to write while another table's save
    # holds the lock (measured: 255 of 342 saves lost with 20 scorekeepers). IMMEDIATE takes the
    # write lock at BEGIN, so a save waits its turn instead (up to `timeout` seconds, below
    # gunicorn's 30 s); the write-ahead log lets the pages read while a save writes.
    # synchronous=FULL flushes each save to disk before answering, so a round the page called
    # saved survives a power cut too (NORMAL would skip that flush and could lose the last saves).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
    }
    # SQLite opens in microseconds, and runserver's thread per request would defeat
    # persistent connections anyway: keep Django's default of one connection per request.
    DATABASES["default"]["CONN_MAX_AGE"] = envint("CONN_MAX_AGE", 0)
else:
    # A new PostgreSQL connection costs about 10 ms (measured: a trivial view served 64-118
    # requests/s against 346-537 with persistent connections). Keep each for a minute,
    # checked before reuse so that a restarted database costs a reconnect, not an error page.
    DATABASES["default"]["CONN_MAX_AGE"] = envint("CONN_MAX_AGE", 60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True


def envcache(name: str) -> dict:
    """The cache from a CACHE_URL-style setting: locmem:// (each process its own, the default) or
    db://TABLE (Django's database cache, shared by every process and server on the database;
    `manage.py createcachetable` makes the table, `make serve` runs it)."""
    value = (os.environ.get(name) or "locmem://").strip()
    scheme, _, location = value.partition("://")
    # Room for every player's share of the standings and ratings beside the values (league.kept):
    # Django's default of 300 entries, full, drops a third of them, the values with the shares.
    options = {"MAX_ENTRIES": envint("CACHE_MAX_ENTRIES", 20_000)}
    if scheme == "locmem" and not location:
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": options}
    if scheme == "db" and location.isidentifier():
        return {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": location, "OPTIONS": options}
    raise ImproperlyConfigured(
        f"{name}={os.environ.get(name)!r} is not a cache: use locmem:// (one process) or db://TABLE, "
        "e.g. db://bookkeeper_cache (shared by several app servers)"
    )


# Anything kept between requests goes through Django's cache framework or the database, never a
# module's memory or a server's disk, so that several app servers on one database agree (README,
# "Running several app servers"). Only what is the same on every server is kept in memory: the
# presets' rules, the seating designs, the zone names (functools.cache on code, not on data).
CACHES = {"default": envcache("CACHE_URL")}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Sign-in is rate limited (django-axes, a well-kept library for exactly this): after 5 failed
# tries for one username from one address, that pair waits 15 minutes; every failure is logged
# and kept in the database (the admin lists them under "Axes"). A success resets the count.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = envint("SIGN_IN_FAILURES", 5)
AXES_COOLOFF_TIME = timedelta(minutes=envint("SIGN_IN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False  # one log line a failure, not axes' start-up banner

# Errors: a page that fails (a 500) is logged with its traceback, and the app's own warnings,
# to standard error, which `make serve` leaves to gunicorn's error log (the terminal, or the
# service's journal). Each line names its request (an X-Request-ID the proxy sends, the method,
# the path) with every token redacted (config.redaction). A page that is not found is no error.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "errors": {"()": "config.redaction.ErrorFormatter", "format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}
    },
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "errors"}},
    "loggers": {
        name: {"handlers": ["stderr"], "level": level, "propagate": False}
        for name, level in (("django.request", "ERROR"), ("scoresheet", "WARNING"), ("league", "WARNING"))
    },
}

# Accounts (Django's own auth): where sign in sends people and where it comes back to.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "league:club-list"
LOGOUT_REDIRECT_URL = "scoresheet:home"

# Mail (password reset): printed on the console unless an SMTP server is configured.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = envint("EMAIL_PORT", 587)
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", "1")
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "bookkeeper@localhost")
# How long the link to a player's own page in a night's results email opens it (league.clubs.player_links).
PLAYER_LINK_DAYS = envint("PLAYER_LINK_DAYS", 30)

# Bookkeeper speaks English and French (league.languages): every string a person reads is marked
# for translation; the French catalogue is locale/fr/LC_MESSAGES. Names are each language's own.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
# In development and tests static files are served straight from static/, so no
# collectstatic step is needed. With DEBUG off (`make serve`) whitenoise serves the
# collected files, compressed, under names that carry a hash of their content.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Headers every page carries. The pages load nothing but their own files: no inline script or
# style, no other site (django-csp). Nobody frames them, they send no referrer to other sites,
# and they ask for no camera, microphone or location (django-permissions-policy).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "object-src": [NONE],
    }
}
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
}

# In production (DEBUG off) the site is served over HTTPS: plain http is redirected, browsers are
# told to use HTTPS for a year (HSTS), cookies travel only over HTTPS. `manage.py check --deploy`
# passes without a warning (.ci/run checks it). A club serving its laptop on the local network
# without a certificate sets HTTPS=0 (README, "Running it for a club").
HTTPS = not DEBUG and envbool("HTTPS", "1")
if not DEBUG:
    SESSION_COOKIE_SECURE = envbool("SECURE_COOKIES", "1" if HTTPS else "0")
    CSRF_COOKIE_SECURE = envbool("SECURE_COOKIES", "1" if HTTPS else "0")
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = envint("HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("HSTS_INCLUDE_SUBDOMAINS", "1")
    SECURE_HSTS_PRELOAD = envbool("HSTS_PRELOAD", "1")
# Behind a reverse proxy that terminates HTTPS (see README, "Running it for a club"), trust
# its X-Forwarded-Proto header so that Django knows the request was secure (CSRF checks the
# https:// origin), and count sign-in failures by the visitor's address it adds to
# X-Forwarded-For, not by its own 127.0.0.1 (config/proxy.py). Only turn this on when the
# proxy sets both headers on every request.
if envbool("BEHIND_HTTPS_PROXY", "0"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    AXES_CLIENT_IP_CALLABLE = "config.proxy.client_address"
