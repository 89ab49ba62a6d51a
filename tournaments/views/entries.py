"""Players and entries: add, CSV import, start numbers, withdrawals, absences and byes, prohibited pairs."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.tokens import default_token_generator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.access import LoginRequired, tournament_for
from tournaments.forms import (
    AbsenceForm,
    CsvUploadForm,
    PlayerForm,
    ProhibitedPairForm,
    RatingListForm,
    StartNumbersForm,
    WithdrawForm,
)
from tournaments.models import (
    Absence,
    AccountLinkRequest,
    Entry,
    ProhibitedPair,
    RatingList,
    RatingListPlayer,
    Round,
    TaskRun,
    Tournament,
)
from tournaments.services import rating_lists as rating_list_service
from tournaments.services import registration
from tournaments.services.csv_import import MAX_BYTES
from tournaments.services.errors import ServiceError
from tournaments.services.site_address import base_url
from tournaments.tasks import CSV_IMPORT, start_csv_import

from .common import attempt, refuse

PERM = "tournaments.manage_tournament"
_ADDED_KEY = "player-added"  # the last registration, said beside the add form


def players(request: HttpRequest, slug: str) -> HttpResponse:
    """The entry list with the add form (POST), the CSV upload and start-number forms."""
    tournament = tournament_for(request, slug, PERM)
    if request.method == "POST" and request.POST.get("action") in ACCOUNT_ACTIONS:
        return _account_action(request, tournament)
    if request.method == "POST" and request.POST.get("action") == "register_from_list":
        return _register_from_list(request, tournament)
    rounds_exist = tournament.rounds.exists()
    ask_missed = registration.asks_missed_rounds(tournament)
    form = PlayerForm(request.POST or None, late=rounds_exist and ask_missed)
    if request.GET.get("next") == "player" or request.method == "POST":  # back with the cursor in the name
        form.fields["name"].widget.attrs["autofocus"] = True
    if request.method == "POST" and form.is_valid():
        try:
            missed = form.cleaned_data.get("missed_rounds") or None
            entry = registration.register_player(request.user, tournament, form.cleaned_data, missed_rounds=missed)
        except ServiceError as exc:
            refuse(request, exc)
        else:
            # Said beside the form, where the cursor goes back (the page's top is out of view then).
            if entry.joined_in_round > 1:
                request.session[_ADDED_KEY] = (
                    _("%(name)s entered late: paired from round %(n)s, start number %(sn)s; a bye for each "
                      "round before.")
                    % {"name": entry.name, "n": entry.joined_in_round, "sn": entry.start_number}
                )
            else:
                request.session[_ADDED_KEY] = _("%(name)s registered.") % {"name": entry.name}
            # Back to an empty form with the cursor in the name field: the next player. No #add-player:
            # a URL fragment makes the browser skip autofocus; focusing the field scrolls it into view.
            return redirect(reverse("tournaments:players", args=[slug]) + "?next=player")
    entries = (
        Entry.objects.filter(tournament=tournament).select_related("user", "account_request")
        .order_by("start_number", "id")
    )
    context = {
        "tournament": tournament,
        "entries": entries,
        "form": form,
        "csv_form": CsvUploadForm(),
        "numbers_form": StartNumbersForm(initial={"method": tournament.start_number_order}),
        "rounds_exist": rounds_exist,
        "ask_missed": ask_missed,
        "missed_rule": _missed_rule(tournament),
        "find": request.GET.get("find", "")[:100],
        "found": rating_list_service.find_players(request.GET.get("find", "")[:100]),
        "have_lists": RatingList.objects.filter(complete=True).exists(),
        "report": request.session.pop(f"csv-report-{tournament.pk}", None) or _run_report(request, tournament),
        "added": request.session.pop(_ADDED_KEY, ""),
    }
    return render(request, "tournaments/manage/players.html", context)


def _missed_rule(tournament: Tournament) -> str:
    """The tournament's rule for a late entry's missed rounds, in words (with its limit, if any)."""
    text = str(tournament.get_late_entry_byes_display())
    if tournament.late_entry_byes == Tournament.LateEntryByes.HALF and tournament.late_entry_half_rounds:
        text += " " + _("(at most %(n)s; zero points for the rounds after)") % {"n": tournament.late_entry_half_rounds}
    return text


@require_POST
def answer_link_request(request: HttpRequest, pk: int) -> HttpResponse:
    """The account's owner accepts (``accept``) or declines a request to link their account to an
    entry (shown on their home page). A request addressed to another account is 404."""
    if not request.user.is_authenticated:
        raise LoginRequired
    req = get_object_or_404(AccountLinkRequest.objects.select_related("entry", "entry__tournament"),
                            pk=pk, user=request.user)
    accept = request.POST.get("answer") == "accept"
    name, event = req.entry.name, req.entry.tournament.name
    try:
        registration.answer_link_request(request.user, req, accept=accept)
    except ServiceError as exc:
        refuse(request, exc)
    else:
        if accept:
            messages.success(request, _("Your account is now linked to %(name)s in %(event)s.")
                             % {"name": name, "event": event})
        else:
            messages.success(request, _("You declined the request of %(event)s.") % {"event": event})
    return redirect("home")


def _register_from_list(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Register the player of a rating-list line picked from the search on the players page."""
    row_id = request.POST.get("row", "")
    row = RatingListPlayer.objects.select_related("rating_list").filter(pk=int(row_id)).first() \
        if row_id.isdigit() else None
    if row is None:
        messages.error(request, _("Choose a player from the list."))
    else:
        try:
            entry = rating_list_service.register_from_list(
                request.user, tournament, row, request.POST.get("missed_rounds") or None)
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("%(name)s registered from the list “%(list)s”.")
                             % {"name": entry.name, "list": row.rating_list.name})
    return redirect(reverse("tournaments:players", args=[tournament.slug]) + "#find-player")


def _run_report(request: HttpRequest, tournament: Tournament) -> dict[str, object] | None:
    """The report of a background CSV import (``?csv_run=<id>`` from its progress page)."""
    run_id = request.GET.get("csv_run", "")
    if not run_id.isdigit():
        return None
    run = TaskRun.objects.filter(pk=int(run_id), tournament=tournament, kind=CSV_IMPORT).first()
    report = run.report.get("csv") if run is not None else None
    return report if isinstance(report, dict) else None


ACCOUNT_ACTIONS = ("link_account", "unlink_account", "invite_account", "withdraw_link")


def _account_action(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Link an entry's player to a user account by username, or unlink it (POSTed to the players page).

    Dispatched on the ``action`` field so the players URL keeps its one permission rule.
    """
    try:
        entry_id = int(request.POST.get("entry", ""))
    except ValueError:
        messages.error(request, _("Choose a player."))
        return redirect("tournaments:players", slug=tournament.slug)
    entry = get_object_or_404(Entry.objects.select_related("tournament"), pk=entry_id, tournament=tournament)
    if request.POST["action"] == "invite_account":
        try:
            user = registration.invite_player(request.user, entry)
        except ServiceError as exc:
            refuse(request, exc)
        else:
            token = default_token_generator.make_token(user)
            path = reverse("invitation", args=[urlsafe_base64_encode(force_bytes(user.pk)), token])
            messages.success(request, _(
                "Account “%(username)s” created for %(name)s. Send the player this link to choose a password "
                "(it works once, for %(days)s days): %(link)s") % {
                    "username": user.get_username(), "name": entry.name,
                    "days": settings.PASSWORD_RESET_TIMEOUT // 86400, "link": base_url(request).rstrip("/") + path})
        return redirect("tournaments:players", slug=tournament.slug)
    if request.POST["action"] == "link_account":
        username = request.POST.get("username", "").strip()
        try:
            linked = registration.link_account(request.user, entry, username).user_id is not None
        except ServiceError as exc:
            refuse(request, exc)
        else:
            if linked:
                messages.success(request, _("%(name)s is now linked to the account “%(username)s”.")
                                 % {"name": entry.name, "username": username})
            else:
                # The same words whether or not the account exists: the page reveals no account.
                messages.success(request, _(
                    "Request sent: if there is an account “%(username)s”, its owner sees the request on their "
                    "home page and links it to %(name)s by accepting it.")
                    % {"name": entry.name, "username": username})
    elif request.POST["action"] == "withdraw_link":
        attempt(
            request,
            lambda: registration.withdraw_link_request(request.user, entry),
            _("The request for %(name)s was withdrawn.") % {"name": entry.name},
        )
    else:
        attempt(
            request,
            lambda: registration.unlink_account(request.user, entry),
            _("%(name)s is no longer linked to a user account.") % {"name": entry.name},
        )
    return redirect("tournaments:players", slug=tournament.slug)


@require_POST
def import_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """Register the players of an uploaded CSV file; the report is shown on the players page."""
    tournament = tournament_for(request, slug, PERM)
    form = CsvUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, _("Choose a CSV file to upload."))
        return redirect("tournaments:players", slug=slug)
    upload = form.cleaned_data["file"]
    try:
        # Read at most one byte past the limit: the service refuses an oversized file, and a huge
        # upload is never pulled into memory whole.
        outcome = start_csv_import(tournament, request.user, upload.read(MAX_BYTES + 1), upload.name or "")
    except ServiceError as exc:
        refuse(request, exc)
        return redirect("tournaments:players", slug=slug)
    if isinstance(outcome, TaskRun):
        return redirect("tournaments:task", slug=slug, task_id=outcome.pk)
    report = outcome
    request.session[f"csv-report-{tournament.pk}"] = report.as_dict()
    level = messages.warning if report.rejected else messages.success
    level(
        request,
        _("Players imported: %(ok)s. Lines rejected: %(bad)s.")
        % {"ok": len(report.imported), "bad": len(report.rejected)},
    )
    return redirect("tournaments:players", slug=slug)


@require_POST
def start_numbers(request: HttpRequest, slug: str) -> HttpResponse:
    """Freeze the start numbers: by rating (then title, then name) or by lot with a logged seed."""
    tournament = tournament_for(request, slug, PERM)
    form = StartNumbersForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose how to number the players."))
        return redirect("tournaments:players", slug=slug)
    try:
        seed = registration.freeze_start_numbers(
            request.user, tournament, form.cleaned_data["method"], form.cleaned_data["seed"]
        )
    except ServiceError as exc:
        refuse(request, exc)
    else:
        if form.cleaned_data["method"] == "lot":
            messages.success(request, _("Start numbers drawn by lot (seed %(seed)s).") % {"seed": seed})
        else:
            messages.success(request, _("Start numbers assigned by rating, title and name."))
    return redirect("tournaments:players", slug=slug)


def edit_player(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """Correct a player's data (name, title, federation, club, ids, rating, birth year) for this
    tournament; remove a player who never played (a confirmation box)."""
    tournament = tournament_for(request, slug, PERM)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    form = PlayerForm(request.POST or None, instance=entry)
    if request.method == "POST" and form.is_valid():
        try:
            registration.update_player(request.user, entry, form.cleaned_data)
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("%(name)s saved.") % {"name": form.cleaned_data["name"]})
            return redirect("tournaments:players", slug=slug)
    return render(request, "tournaments/manage/player_edit.html", {
        "tournament": tournament, "entry": entry, "form": form,
        "may_delete": not registration.has_played(entry), "title": entry.name})


@require_POST
def delete_player(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """Remove a player who never played (the form's confirmation box must be ticked)."""
    tournament = tournament_for(request, slug, PERM)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to confirm the removal."))
        return redirect("tournaments:edit_player", slug=slug, entry_id=entry.pk)
    name = entry.name
    if attempt(request, lambda: registration.delete_entry(request.user, entry),
               _("%(name)s removed from the tournament.") % {"name": name}):
        return redirect("tournaments:players", slug=slug)
    return redirect("tournaments:edit_player", slug=slug, entry_id=entry.pk)


def withdraw(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """Withdraw a player from a round on (GET: the form with the next round proposed)."""
    tournament = tournament_for(request, slug, PERM)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    next_round = registration.last_round_number(tournament) + 1
    form = WithdrawForm(request.POST or None, initial={"from_round": next_round})
    if request.method == "POST" and form.is_valid():
        try:
            registration.withdraw(request.user, entry, form.cleaned_data["from_round"])
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("%(name)s withdrawn.") % {"name": entry.name})
            return redirect("tournaments:players", slug=slug)
    # The rule of round robins, or the early-withdrawal setting of the others (tournaments.history).
    if tournament.is_round_robin:
        rule = tournament.get_withdrawal_rule_display()
    elif tournament.annul_early_withdrawals:
        rule = _("Results annulled if the player played not more than half the rounds (FMJD opens); "
                 "undoing the withdrawal restores them")
    else:
        rule = _("Always keep results (the games played count; only round robins may remove them)")
    return render(
        request,
        "tournaments/manage/withdraw.html",
        {"tournament": tournament, "entry": entry, "form": form, "rule": rule},
    )


@require_POST
def reinstate(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    tournament = tournament_for(request, slug, PERM)
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    registration.reinstate(request.user, entry)
    messages.success(request, _("Withdrawal undone."))
    return redirect("tournaments:players", slug=slug)


def absences(request: HttpRequest, slug: str) -> HttpResponse:
    """Absences and requested half/zero-point byes per round (POST adds or replaces one)."""
    tournament = tournament_for(request, slug, PERM)
    next_round = registration.last_round_number(tournament) + 1
    form = AbsenceForm(tournament, request.POST or None, initial={"round_number": next_round})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            registration.set_absence(request.user, data["entry"], data["round_number"], data["kind"], data["note"])
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("Saved."))
            draft = tournament.rounds.filter(number=data["round_number"], status="draft").exists()
            if draft:
                messages.warning(request, _("That round is already paired as a draft: unpair and pair it again."))
            return redirect("tournaments:absences", slug=slug)
    rows = (
        Absence.objects.filter(entry__tournament=tournament)
        .select_related("entry")
        .order_by("round_number", "entry__start_number")
    )
    return render(
        request, "tournaments/manage/absences.html", {"tournament": tournament, "form": form, "absences": rows}
    )


def rating_lists(request: HttpRequest, slug: str) -> HttpResponse:
    """The rating lists players are looked up in (shared by every tournament), each with its owner and
    whether the arbiter may replace it, and the upload (POST).

    An upload is shown first as a preview (which column became which field, the first players as
    they would be stored); "Save the list" stores it, "Preview again" reads it with other columns.
    """
    tournament = tournament_for(request, slug, PERM)
    form = RatingListForm(request.POST or None, request.FILES or None)
    report = preview = None
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            token = d["upload"]
            if d["file"]:
                token = rating_list_service.keep_upload(d["file"].read(rating_list_service.MAX_BYTES + 1))
            data = rating_list_service.kept_upload(token)
            if request.POST.get("action") == "save" and not d["file"]:
                report = rating_list_service.import_rating_list(request.user, tournament, d["name"], d["kind"], data,
                                                                form.mapping())
                rating_list_service.drop_upload(token)
            else:
                preview = rating_list_service.preview_rating_list(data, form.mapping())
        except ServiceError as exc:
            refuse(request, exc)
        else:
            if report is not None:
                messages.success(request, _("List “%(name)s”: %(n)s players stored, %(bad)s lines skipped.")
                                 % {"name": report.name, "n": report.rows, "bad": report.skipped_count})
                form = RatingListForm()
            elif preview is not None:
                form = RatingListForm(initial={**d, "upload": token, "file": None,
                                               **{f"col_{f}": h for f, h in preview.columns.items()
                                                  if f"col_{f}" in form.fields}})
    lists = list(RatingList.objects.filter(complete=True).select_related("imported_by", "owner"))
    return render(request, "tournaments/manage/rating_lists.html", {
        "tournament": tournament, "form": form, "report": report, "preview": preview,
        "columns": rating_list_service.columns_text(report.columns if report else preview.columns if preview else {}),
        "lists": [(lst, rating_list_service.may_replace(request.user, lst)) for lst in lists]})


def roll_call(request: HttpRequest, slug: str) -> HttpResponse:
    """The roll call before the next round: tick who is present; the others are not paired (POST saves)."""
    tournament = tournament_for(request, slug, PERM)
    round_number = registration.last_round_number(tournament) + 1
    draft = tournament.rounds.filter(number=round_number - 1, status=Round.Status.DRAFT).first()
    if draft is not None:  # the latest round is still a draft: its roll call is still open
        round_number = draft.number
    if request.method == "POST":
        present = {int(v) for v in request.POST.getlist("present") if v.isdigit()}
        try:
            absent, back = registration.roll_call(request.user, tournament, round_number, present)
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("Roll call for round %(n)s saved: %(absent)s marked absent, %(back)s "
                                        "present again.") % {"n": round_number, "absent": absent, "back": back})
            if draft is not None and (absent or back):
                messages.warning(request, _("That round is already paired as a draft: unpair and pair it again."))
        return redirect("tournaments:roll_call", slug=slug)
    absences = {a.entry_id: a for a in Absence.objects.filter(entry__tournament=tournament, round_number=round_number)}
    rows = [
        {"entry": e, "absence": absences.get(e.pk),
         "requested": e.pk in absences and absences[e.pk].kind != Absence.Kind.ABSENT}
        for e in Entry.objects.filter(tournament=tournament).order_by("start_number", "id")
        if e.is_available_for(round_number)
    ]
    return render(request, "tournaments/manage/roll_call.html", {
        "tournament": tournament, "round_number": round_number, "rows": rows,
        "present_count": sum(1 for r in rows if r["absence"] is None),
        "published": tournament.rounds.filter(number=round_number).exclude(status=Round.Status.DRAFT).exists(),
    })


@require_POST
def absence_delete(request: HttpRequest, slug: str, absence_id: int) -> HttpResponse:
    tournament = tournament_for(request, slug, PERM)
    absence = get_object_or_404(Absence, pk=absence_id, entry__tournament=tournament)
    attempt(request, lambda: registration.remove_absence(request.user, absence), _("Removed."))
    return redirect("tournaments:absences", slug=slug)


def prohibited(request: HttpRequest, slug: str) -> HttpResponse:
    """Pairs of players who must not meet (same family or club)."""
    tournament = tournament_for(request, slug, PERM)
    form = ProhibitedPairForm(tournament, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            registration.add_prohibited_pair(request.user, tournament, data["first"], data["second"], data["reason"])
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("Saved."))
            return redirect("tournaments:prohibited", slug=slug)
    pairs = ProhibitedPair.objects.filter(tournament=tournament).select_related("first", "second")
    return render(
        request, "tournaments/manage/prohibited.html", {"tournament": tournament, "form": form, "pairs": pairs}
    )


@require_POST
def prohibited_delete(request: HttpRequest, slug: str, pair_id: int) -> HttpResponse:
    tournament = tournament_for(request, slug, PERM)
    pair = get_object_or_404(ProhibitedPair, pk=pair_id, tournament=tournament)
    registration.remove_prohibited_pair(request.user, pair)
    messages.success(request, _("Removed."))
    return redirect("tournaments:prohibited", slug=slug)
