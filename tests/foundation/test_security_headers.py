"""Issue 14 item 14: the security headers on every page, and no inline script or style left to need
'unsafe-inline' (the policy allows the site's own files only)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=\s*[\"']", re.IGNORECASE)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/accounts/login/"])
def test_every_page_has_the_policy_and_the_other_headers(client, path):
    response = client.get(path)
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in policy
    assert response["X-Frame-Options"] == "DENY" and response["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
def test_the_public_pages_carry_the_policy_too(client, tournament):
    response = client.get(reverse("public:projector", args=[tournament.slug]))
    assert "script-src 'self'" in response["Content-Security-Policy"]


def test_no_template_has_an_inline_script_style_or_event_handler():
    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        if INLINE_SCRIPT.search(text) or "<style" in text or INLINE_HANDLER.search(text) or " style=" in text:
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_the_switch_leaves_the_header_out(client, settings, db):
    settings.CONTENT_SECURITY_POLICY = ""
    assert "Content-Security-Policy" not in client.get("/accounts/login/")
