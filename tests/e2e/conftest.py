"""Browser harness: Debian's Chromium through pytest-playwright against pytest-django's live server.

Never downloads a browser: Chromium is launched from ``/usr/bin/chromium`` (``CHROMIUM`` overrides).
Screenshots go to ``test-artifacts/e2e/`` (gitignored); ``shot(page, name)`` numbers them in order.
Every test here is marked ``browser`` (deselected by default; run with ``-m browser``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still
# synchronous and safe, so let Django allow them.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "e2e"


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """The browser tests' SQLite database is a file, never the in-memory default.

    With an in-memory database Django hands the live server the test's own connection, and every
    request thread shares it: two requests at once (a page polling for news while a form is sent)
    fail with "database table is locked". On a file each thread opens its own connection, and the
    app's own SQLite settings (WAL, IMMEDIATE transactions, a 20 s busy timeout) serialise the
    writers as they do in the hall. PostgreSQL (``DATABASE_URL``) is left as it is.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("browser-db")
        database.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (install Debian's chromium; never `playwright install`)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}, "locale": "en-GB"}


@pytest.fixture(autouse=True)
def _close_contexts_after_each_test(request):
    """Close every browser context a test opened with ``browser.new_context()``.

    The browser lives for the whole session; an open page of an earlier test would go on polling the
    (session-wide) live server for games the database flush removed, between and during later tests.
    """
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    if browser is not None:
        for context in list(browser.contexts):
            context.close()


@pytest.fixture
def shot(request):
    """``shot(page, name)``: a full-page screenshot ``<module>-NN-name.png`` in test-artifacts/e2e/."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    counter = {"n": 0}
    prefix = request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_")

    def take(page, name: str) -> Path:
        counter["n"] += 1
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        path = ARTIFACTS / f"{prefix}-{counter['n']:02d}-{slug}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


def click_through(page, locator) -> None:
    """Click ``locator`` (a form's submit button) and wait for the page the form leads to.

    ``click()`` then ``wait_for_load_state()`` can return before the POST has even started; the
    next ``goto`` would then cancel it (the server sees the browser hang up mid-request).
    """
    with page.expect_navigation():
        locator.click()


def sign_in(page, url: str, username: str, password: str | None = None) -> None:
    """Sign ``page`` in through the login page (the shared test password unless ``password``)."""
    from tests.conftest import PASSWORD

    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password or PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_load_state()
    assert "/accounts/login/" not in page.url, f"{username} could not sign in"
