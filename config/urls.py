"""Site URLs. Tournament pages live under ``t/`` (arbiter pages in ``tournaments.urls``,
public pages in ``tournaments.public_urls``), games under ``g/``."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, reverse_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import RedirectView
from django.views.i18n import set_language

from tournaments import views_roles
from tournaments.public.views import player_history

from . import views
from .accounts import RateLimitedLoginView, claim_player

handler403 = "config.views.permission_denied"

urlpatterns = [
    path("", views.home, name="home"),
    path("status/", views.status, name="status"),
    path("status/selftest/", views.status_selftest, name="status_selftest"),
    path("status/selftest/<int:pk>/", views.status_selftest_detail, name="status_selftest_detail"),
    path("healthz", views.healthz, name="healthz"),
    # No CSRF token needed: the public pages, rendered once for everyone, carry none (changing the
    # language is all a forged request could do).
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    # Accounts
    path("accounts/login/", RateLimitedLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/player/<int:entry_id>/", claim_player, name="claim_player"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    # An invitation an arbiter created (tournaments.services.registration.invite_player): the
    # player chooses a password once; Django's reset token, so the link dies once it is used.
    path("accounts/invitation/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(
        template_name="registration/invitation.html", success_url=reverse_lazy("invitation_done")),
        name="invitation"),
    path("accounts/invitation/done/", auth_views.PasswordResetCompleteView.as_view(
        template_name="registration/invitation_done.html"), name="invitation_done"),
    # The admin signs in through the same rate-limited page as everybody else.
    path("admin/login/", RedirectView.as_view(url=reverse_lazy("login"), query_string=True)),
    path("admin/", admin.site.urls),
    # Roles and audit log of one tournament (before the t/ includes: their slug patterns are greedy).
    path("t/<slug:slug>/arbiters/", views_roles.arbiters, name="tournament_arbiters"),
    path("t/<slug:slug>/audit/", views_roles.audit_log, name="tournament_audit"),
    # A person's public events across tournaments (by FMJD id): read from each event's entry.
    path("players/<str:fmjd_id>/", player_history, name="player_history"),
    path("t/", include("tournaments.urls")),
    path("t/", include("tournaments.public_urls")),
    path("g/", include("games.urls")),
]
