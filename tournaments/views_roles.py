"""The chief arbiter's arbiters page and the arbiters' audit log page.

``t/<slug>/arbiters/``: arbiters of the tournament see who arbitrates; only the chief
arbiter may appoint or remove (``tournaments.appoint_arbiter``).
``t/<slug>/audit/``: arbiters of the tournament read the audit log (``tournaments.view_audit``).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import roles
from .access import require, tournament_for
from .models import AuditEntry, Role
from .reports import audit as audit_words

AUDIT_PAGE_SIZE = 50


class AppointForm(forms.Form):
    """Who to appoint, by username or e-mail address, and as what."""

    username = forms.CharField(
        label=gettext_lazy("Username or e-mail address"),
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    kind = forms.ChoiceField(
        label=gettext_lazy("Role"),
        choices=[
            (Role.Kind.ARBITER, Role.Kind.ARBITER.label),
            (Role.Kind.CHIEF_ARBITER, Role.Kind.CHIEF_ARBITER.label),
        ],
        initial=Role.Kind.ARBITER,
    )

    def clean_username(self) -> User:
        value = self.cleaned_data["username"].strip()
        user_model = get_user_model()
        user = user_model.objects.filter(username__iexact=value).first()
        if user is None and "@" in value:
            matches = list(user_model.objects.filter(email__iexact=value)[:2])
            user = matches[0] if len(matches) == 1 else None
        if user is None:
            raise forms.ValidationError(
                _("No account with the username or e-mail address “%(value)s”.") % {"value": value}
            )
        return user


def arbiters(request: HttpRequest, slug: str) -> HttpResponse:
    """List the arbiters; the chief arbiter appoints (POST action=appoint) and removes (action=remove)."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    can_appoint = request.user.has_perm("tournaments.appoint_arbiter", tournament)
    form = AppointForm()
    if request.method == "POST":
        require(request, "tournaments.appoint_arbiter", tournament)
        action = request.POST.get("action")
        role: Role | None
        try:
            if action == "appoint":
                form = AppointForm(request.POST)
                if form.is_valid():
                    user = form.cleaned_data["username"]
                    role = roles.appoint_arbiter(request.user, tournament, user, form.cleaned_data["kind"])
                    messages.success(
                        request,
                        _("%(user)s now has the role “%(role)s”.")
                        % {"user": user.get_username(), "role": role.get_kind_display()},
                    )
                    return redirect("tournament_arbiters", slug=tournament.slug)
            elif action == "remove":
                role_id = request.POST.get("role", "")
                # A role id that is not a whole number (tampered form) is a role that does not exist.
                role = (
                    Role.objects.filter(pk=int(role_id), tournament=tournament, kind__in=roles.ARBITER_KINDS)
                    .select_related("user")
                    .first()
                    if role_id.isascii() and role_id.isdigit()
                    else None
                )
                if role is None:
                    messages.error(request, _("That role no longer exists."))
                else:
                    roles.remove_arbiter(request.user, tournament, role.user, role.kind)
                    messages.success(
                        request,
                        _("%(user)s no longer has the role “%(role)s”.")
                        % {"user": role.user.get_username(), "role": role.get_kind_display()},
                    )
                return redirect("tournament_arbiters", slug=tournament.slug)
            else:
                messages.error(request, _("Unknown action."))
                return redirect("tournament_arbiters", slug=tournament.slug)
        except roles.RoleError as exc:
            messages.error(request, str(exc))
            if action == "remove":
                return redirect("tournament_arbiters", slug=tournament.slug)
    arbiter_roles = roles.arbiters_of(tournament)
    return render(
        request,
        "roles/arbiters.html",
        {
            "tournament": tournament,
            "roles": arbiter_roles,
            "chief_count": sum(1 for role in arbiter_roles if role.kind == Role.Kind.CHIEF_ARBITER),
            "form": form,
            "can_appoint": can_appoint,
            "title": _("Arbiters"),
        },
        status=400 if form.is_bound and not form.is_valid() else 200,
    )


def audit_log(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's audit log, newest first, paginated; ``?action=`` narrows to one action."""
    tournament = tournament_for(request, slug, "tournaments.view_audit")
    entries = AuditEntry.objects.filter(tournament=tournament).select_related("actor")
    actions = list(
        AuditEntry.objects.filter(tournament=tournament).order_by("action").values_list("action", flat=True).distinct()
    )
    action = request.GET.get("action", "")
    if action:
        entries = entries.filter(action=action)
    page = Paginator(entries.order_by("-created_at", "-id"), AUDIT_PAGE_SIZE).get_page(request.GET.get("page"))
    about = audit_words.subjects(page)
    return render(
        request,
        "roles/audit.html",
        {
            "tournament": tournament,
            "page": page,
            "lines": [audit_words.read(e, about.get(e.pk, "")) for e in page],
            "actions": [(a, audit_words.action_label(a)) for a in actions],
            "action": action,
            "title": _("Audit log"),
        },
    )
