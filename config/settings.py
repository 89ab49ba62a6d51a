"""One settings file, driven by the environment.

With no environment variables set the app runs on the *embedded default*:
SQLite (WAL, busy timeout), Celery tasks executed inline, a local-memory cache.
``DATABASE_URL`` switches to PostgreSQL (psycopg 3), ``CELERY_BROKER_URL`` to a
Redis broker with real workers, ``REDIS_URL`` to a Redis cache.
Every variable is listed in ``deploy/env.example``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from tournaments.venue import address as venue

# Django's generic classes (ModelAdmin, ModelForm, ...) accept type arguments at run time, as
# django-stubs declares them: ``class PlayerAdmin(admin.ModelAdmin[Player])``.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env(name: str, default: str = "") -> str:
    """A string variable; ``NAME_FILE`` (a container secret) is read when set."""
    file_path = os.environ.get(f"{name}_FILE")
    if file_path:
        try:
            return Path(file_path).read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise ImproperlyConfigured(f"{name}_FILE={file_path!r} cannot be read: {exc}") from exc
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    """A boolean variable: only a few spellings are accepted, anything else stops start-up."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use one of: 1/0, true/false, yes/no, on/off)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from exc


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


SQLITE_PATH = Path(env("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")))

# Venue mode (``python manage.py venue`` sets VENUE=1): the embedded default served to the phones
# in the hall by waitress, DEBUG off, a secret key kept beside the database, the laptop's own
# addresses as ALLOWED_HOSTS, plain HTTP on the local network (no HTTPS redirect, no secure cookies).
VENUE = env_bool("VENUE", False)
if VENUE:
    if env("DATABASE_URL"):
        raise ImproperlyConfigured("Venue mode runs on the embedded SQLite database: unset DATABASE_URL")
    DEBUG = False
    SECRET_KEY = env("SECRET_KEY", "") or venue.secret_key(SQLITE_PATH)
    ALLOWED_HOSTS = venue.allowed_hosts(env_list("ALLOWED_HOSTS"))
else:
    DEBUG = env_bool("DEBUG", default=not os.environ.get("SECRET_KEY") and not os.environ.get("SECRET_KEY_FILE"))
    SECRET_KEY = env("SECRET_KEY", "")
    if not SECRET_KEY:
        if not DEBUG:
            raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
        SECRET_KEY = "embedded-default-insecure-key-only-for-local-use-" + "x" * 20
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver" if DEBUG else "")

# The site's own address (``https://arbiter.example.org/``) for printed QR codes and links made
# outside a request (``board_cards``); empty: the request's address, or in venue mode the announced one.
SITE_URL = env("SITE_URL", "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
SITE_NAME = env("SITE_NAME", "Draughts Arbiter")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "django_tables2",
    "rules",
    "tournaments",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.middleware.RejectNulInPath",
    "config.middleware.ContentSecurityPolicy",
    "config.middleware.PrivateByDefault",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tournaments.access.AccessMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.site",
                "config.context_processors.shared_page_token",
            ],
        },
    },
]

AUTHENTICATION_BACKENDS = [
    "rules.permissions.ObjectPermissionBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# --- Database -------------------------------------------------------------
DATABASE_URL = env("DATABASE_URL")
DATABASES: dict[str, Any]  # a dj-database-url DBConfig, or the SQLite settings (NAME a Path)
if DATABASE_URL:
    import dj_database_url

    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("DB_CONN_MAX_AGE", 60))}
    if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_URL must point to PostgreSQL (postgres://...)")
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": SQLITE_PATH,
            "OPTIONS": {
                # Several phones at once (tests/venue/test_concurrent_submitters.py: 30 at a time):
                # WAL lets readers and one writer work at once; every transaction starts IMMEDIATE,
                # so a writer waits for the lock at BEGIN (the busy timeout, in seconds) instead of
                # failing when it upgrades a read (SQLite cannot retry that); the busy timeout is the
                # retry: SQLite itself retries the lock until it is free or 20 s have passed.
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
            },
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache ----------------------------------------------------------------
REDIS_URL = env("REDIS_URL")
if REDIS_URL:
    # Redis unreachable: every read a miss, every write dropped, the site served from the database
    # (config/cache.py; issue 23, fault 1).
    CACHES = {"default": {"BACKEND": "config.cache.ResilientRedisCache", "LOCATION": REDIS_URL}}
    # Sessions are read from the shared cache and written to both (the database keeps them): a
    # signed-in request saves its session query. Only with a shared cache: per-process caches
    # would let one worker keep a session another has ended.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "draughts"}}

# --- Celery ---------------------------------------------------------------
CELERY_BROKER_URL = env("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or "cache+memory://")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Redis going away must not stop a worker (issue 23, fault 2): reconnect for ever, and a transport
# whose channel survives failing to hand back the tasks it held (config/broker.py).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_TRANSPORT = "config.broker:Transport" if CELERY_BROKER_URL.startswith("redis") else None
# A task whose worker died unacknowledged goes back to the queue after this many seconds (kombu's
# default is an hour; a lost document rebuild must come back within minutes, fault 3). It must stay
# longer than any task runs (and than a delayed task's countdown), or a running task is delivered
# twice: CELERY_TASK_TIME_LIMIT stops any task before it.
CELERY_VISIBILITY_TIMEOUT = env_int("CELERY_VISIBILITY_TIMEOUT", 15 * 60)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT,
    # Look for tasks past their visibility timeout every 10 s (kombu: every 10 x 10 s by default).
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": 2,
    "socket_timeout": 10,
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT}
CELERY_TASK_TIME_LIMIT = max(CELERY_VISIBILITY_TIMEOUT - 60, 60)
CELERY_TASK_SOFT_TIME_LIMIT = max(CELERY_VISIBILITY_TIMEOUT - 120, 30)
# The beat (``celery -A config worker --beat`` on one worker) sweeps documents left outdated by a
# rebuild that was lost or could not be queued (tournaments.tasks.sweep_outdated_documents).
CELERY_BEAT_SCHEDULE = {
    "sweep-outdated-documents": {"task": "tournaments.tasks.sweep_outdated_documents", "schedule": 120.0},
}
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]

# --- Auth -----------------------------------------------------------------
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Failed sign-in attempts allowed for one username from one address within the window (seconds).
LOGIN_RATE_LIMIT = env_int("LOGIN_RATE_LIMIT", 10)
LOGIN_RATE_WINDOW = env_int("LOGIN_RATE_WINDOW", 15 * 60)
# Per address, whatever the usernames (a club hall shares one address: keep it well above the other).
LOGIN_RATE_LIMIT_ADDRESS = env_int("LOGIN_RATE_LIMIT_ADDRESS", 100)
# Unknown or revoked private-link tokens with the same first characters (LINK_LOOKUP_LIMIT), or from
# one address (LINK_LOOKUP_LIMIT_ADDRESS: far higher, a hall's phones share one address), asked for
# within the window (seconds) before an unknown token is answered 429. A valid link is never refused.
LINK_LOOKUP_LIMIT = env_int("LINK_LOOKUP_LIMIT", 30)
LINK_LOOKUP_LIMIT_ADDRESS = env_int("LINK_LOOKUP_LIMIT_ADDRESS", 300)
LINK_LOOKUP_WINDOW = env_int("LINK_LOOKUP_WINDOW", 15 * 60)
# Arbiters of any tournament may create new tournaments (becoming their chief arbiter); off: staff only.
ARBITERS_MAY_CREATE_TOURNAMENTS = env_bool("ARBITERS_MAY_CREATE_TOURNAMENTS", True)
# The hall laptop's mirror (issue 30.3): the public server and its key, the defaults of ``manage.py mirror``.
MIRROR_TO = env("MIRROR_TO")
MIRROR_TOKEN = env("MIRROR_TOKEN")
# Seconds a browser or nginx may reuse a public page without asking again (the public pages are
# cached per tournament version in the app; see tournaments/public/page_cache.py).
PUBLIC_MAX_AGE = env_int("PUBLIC_MAX_AGE", 2)
# Seconds a rendered public page is reused for all anonymous visitors while only results and entries
# change (a hall's results may change the tournament several times a second); 0: a render per change.
PUBLIC_PAGE_REUSE = env_int("PUBLIC_PAGE_REUSE", 2)
# Behind a reverse proxy every request comes from the proxy: name the META key of the header
# that carries the client address (nginx site in deploy/ sets X-Real-IP -> "HTTP_X_REAL_IP").
REAL_IP_HEADER = env("REAL_IP_HEADER", "")

# --- i18n -----------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German")), ("nl", _("Dutch")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

# --- Static and media -----------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = Path(env("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env("MEDIA_ROOT", str(BASE_DIR / "media")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Serve files from static/ directly while developing; production serves the collected files.
WHITENOISE_AUTOREFRESH = DEBUG

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# --- Security (production) --------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
X_FRAME_OPTIONS = "DENY"
# Scripts and styles from the site's own files only (no 'unsafe-inline', no eval); images may be
# data: URLs. CSP_ENABLED=false leaves the header out (e.g. when a proxy sets its own).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
) if env_bool("CSP_ENABLED", True) else ""
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG and not VENUE:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # The health check is probed over plain HTTP from inside the container or host.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)

# --- E-mail (password resets, notices); the console backend prints mails to the log --------
EMAIL_BACKEND = env("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "arbiter@localhost")
SERVER_EMAIL = env("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
EMAIL_HOST = env("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "INFO").upper()},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}
