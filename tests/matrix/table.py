"""The permission matrix: every named URL pattern of the project -> how to call it, and the
expected answer for every persona.

A row is ``Case(kwargs, method, expected, data)``: ``kwargs(world)`` builds the URL kwargs,
``expected`` maps persona -> ``OK`` (200), ``LOGIN`` (302 to the login page), ``DONE`` (302
anywhere else: the action ran or was refused with a message), or an HTTP status (403, 404, ...).
A pattern may have several cases (e.g. GET and POST). Patterns are keyed ``namespace:name``.
Every POST case states its audit expectation (``Audit``: writes nothing, every write audited, or
which tables it writes without an audit entry and why).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.conftest import PASSWORD
from tests.matrix.world import PERSONAS, World

OK, LOGIN, DONE = 200, "login", "redirect"

Expect = dict[str, int | str]


def everyone(value: int | str) -> Expect:
    return dict.fromkeys(PERSONAS, value)


def signed_in(value: int | str, **overrides: int | str) -> Expect:
    """Anonymous goes to the login page; every signed-in persona gets ``value`` unless overridden."""
    return {**everyone(value), "anonymous": LOGIN, **overrides}


def only(allowed: tuple[str, ...], value: int | str = OK) -> Expect:
    """Anonymous -> login; ``allowed`` personas get ``value``; every other signed-in persona 403."""
    return signed_in(403, **dict.fromkeys(allowed, value))


ARBITERS = ("arbiter", "chief")
GAME_PEOPLE = ("player", "opponent", "arbiter", "chief")
TOURNAMENT_PEOPLE = ("player", "opponent", "other_player", "arbiter", "chief")


@dataclass(frozen=True)
class Audit:
    """A case's audit expectation (issue 23: no unaudited write path), checked for every persona by
    ``tests/matrix/test_write_audit.py``.

    ``writes`` False: the call writes nothing to the project's tables (a page, a check, a fragment, the
    language, input refused with a message). Otherwise every write comes with an audit entry whose
    actor is the persona, except writes to the tables named in ``unaudited`` (table -> why that write
    needs none), and at least one persona's call must really write (the case exercises the write).
    """

    writes: bool = True
    unaudited: tuple[tuple[str, str], ...] = ()
    # Acts through a private link: the token is the credential, so its audit entries name no account,
    # whoever is signed in on the phone.
    link: bool = False


AUDITED = Audit()
NO_WRITE = Audit(writes=False)
LINK_AUDITED = Audit(link=True)


def unaudited(**why: str) -> Audit:
    """Writes to these tables (``table=why``) need no audit entry; any other write does."""
    return Audit(unaudited=tuple(sorted(why.items())))


@dataclass(frozen=True)
class Case:
    kwargs: Callable[[World], dict[str, Any]]
    method: str
    expected: Expect
    data: Callable[[World], dict[str, Any]] = field(default=lambda w: {})
    # Required for POST (``test_every_post_case_states_its_audit``); a GET case writes nothing unless it says.
    audit: Audit | None = None


def slug(w: World) -> dict[str, Any]:
    return {"slug": w.tournament.slug}


def game(w: World) -> dict[str, Any]:
    return {"game_id": w.game.pk}


def submission(w: World) -> dict[str, Any]:
    return {"pk": w.submission.pk}


def confirmed_game(w: World) -> dict[str, Any]:
    """Board 1 after an arbiter entered its result: only arbiters change it now (players ask)."""
    from games.services.results import enter_result

    enter_result(w.game, "1-1", w.users["arbiter"])
    return {"game_id": w.game.pk}


def late_game(w: World) -> dict[str, Any]:
    """Board 1 in a tournament with a default time of 30 minutes (FMJD opens), no result confirmed."""
    w.tournament.default_time_minutes = 30
    w.tournament.save(update_fields=["default_time_minutes"])
    return {"game_id": w.game.pk}


def correction(w: World) -> dict[str, Any]:
    """The opponent's request for a correction of board 1's arbiter-entered result."""
    from games.services.results import enter_result, request_correction

    enter_result(w.game, "1-1", w.users["arbiter"])
    return {"pk": request_correction(w.game, "0-2", "he resigned", user=w.users["opponent"]).pk}


def link_game(w: World) -> dict[str, Any]:
    """The private link of entry 4 and its own game (board 2)."""
    return {"token": w.link.token, "game_id": w.game2.pk}


def claim(w: World) -> dict[str, Any]:
    """The player's (rejected) draw claim on board 1."""
    from games.services.claims import claim_draw

    return {"pk": claim_draw(w.game, None, w.users["player"], "threefold_repetition", moves="32-28 19-23").pk}


def link_submission(w: World) -> dict[str, Any]:
    """other_player's waiting result of board 2, which the link holder (the opponent) confirms or rejects."""
    from games.services.results import submit_result

    return {"token": w.link.token, "pk": submit_result(w.game2, "2-0", user=w.users["other_player"]).pk}


def none(w: World) -> dict[str, Any]:
    return {}


# --- states a write needs (each case runs in its own rolled-back transaction) -------------------------

def round_one(w: World) -> dict[str, Any]:
    return {"slug": w.tournament.slug, "number": 1}


def draft_round(w: World) -> dict[str, Any]:
    """Round 1 as a draft again (its waiting result gone): publish, swap and unpair act on it."""
    from games.models import ResultSubmission
    from tournaments.models import Round

    ResultSubmission.objects.filter(game__board__round=w.round).delete()
    Round.objects.filter(pk=w.round.pk).update(status=Round.Status.DRAFT)
    return round_one(w)


def draft_round_with_deck(w: World) -> dict[str, Any]:
    """Round 1 as a draft of a Russian tournament drawing its openings from the FMJD 64 table (issue 28)."""
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=w.tournament.pk).update(rule_profile="russian", opening_deck="fmjd64")
    return draft_round(w)


def draft_board(w: World) -> dict[str, Any]:
    return {**draft_round(w), "board": 1}


def no_round(w: World) -> dict[str, Any]:
    """No round yet: pairing round 1 writes it."""
    from tournaments.models import Round

    Round.objects.filter(tournament=w.tournament).delete()
    return slug(w)


def all_results(w: World) -> dict[str, Any]:
    """Both games of round 1 with an arbiter's result: the round can be finished."""
    from games.services.results import enter_result

    enter_result(w.game, "2-0", w.users["arbiter"])
    enter_result(w.game2, "1-1", w.users["arbiter"])
    return round_one(w)


def flagged_game(w: World) -> dict[str, Any]:
    """Board 1 with a missed capture at ply 3 (28x19 was compulsory): a ruling is stored on it."""
    from games.services.validation import validate_game

    w.game.moves = "32-28 19-23 33-29"
    w.game.validation = validate_game(w.game)
    w.game.save()
    return game(w)


def new_entry(w: World) -> dict[str, Any]:
    """A fifth player who never played: removable."""
    from tournaments.models import Entry, Player

    entry = Entry.objects.create(tournament=w.tournament, player=Player.objects.create(name="Neu, Nora"),
                                 start_number=5)
    return {"slug": w.tournament.slug, "entry_id": entry.pk}


def revoked_link(w: World) -> dict[str, Any]:
    """Entry 4's link revoked: "create missing links" makes it again."""
    from games.models import SubmissionLink

    SubmissionLink.objects.filter(pk=w.link.pk).update(revoked=True)
    return slug(w)


def kept_list(data: bytes) -> str:
    """A list file kept between its preview and "Save the list" (its token)."""
    from tournaments.services.rating_lists import keep_upload

    return keep_upload(data)


def chief_list(w: World) -> dict[str, Any]:
    """A rating list "FMJD" the chief arbiter owns: only the chief (or staff) replaces it."""
    from tournaments.services.rating_lists import import_rating_list

    import_rating_list(w.users["chief"], w.tournament, "FMJD", "fmjd", b"ID;Surname\n1;Alt\n")
    return slug(w)


def pdn_game_to_place(w: World) -> dict[str, Any]:
    """A PDN import whose one game (board 1, names misspelt) waits for the arbiter to place it."""
    from tournaments.models import TaskRun

    pdn = '[Round "1"]\n[White "Jansen, P."]\n[Black "Müller, Jürgen"]\n[Result "2-0"]\n\n1. 32-28 19-23 2-0\n'
    task = TaskRun.objects.create(tournament=w.tournament, kind="pdn_import", report={
        "total": 1, "stored": [], "unmatched": [], "errors": [],
        "doubtful": [{"index": 1, "line": 1, "white": "Jansen, P.", "black": "Müller, Jürgen", "round": "1",
                      "reason": "?", "candidates": [], "round_number": 1, "pdn": pdn}]})
    return {"slug": w.tournament.slug, "task_id": task.pk}


def upload(name: str, data: bytes) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, data)


def transition_data(w: World) -> dict[str, Any]:
    """Finals by rank blocks of 2 (refused: the stage is not finished)."""
    return {"kind": "rank_blocks", "system": "berger", "group_size": "2", "short_last": "fill",
            "snake_by": "ranking"}


def prizes_data(w: World) -> dict[str, Any]:
    return {"lists": "Main: 100, 50", "rule": "hort", "unit": "1", "one_prize_per_player": "on", "currency": "€"}


def rating_setup_data(w: World) -> dict[str, Any]:
    return {"preset": "fide", "performance": "formula"}


def settings_data(w: World) -> dict[str, Any]:
    """The settings form as the page fills it, with another time control."""
    from tournaments.forms import TournamentSettingsForm
    from tournaments.models import Tournament

    form = TournamentSettingsForm(instance=Tournament.objects.get(pk=w.tournament.pk))
    data: dict[str, Any] = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        data[name] = value if not isinstance(value, list | tuple) else list(value)
    return {**data, "time_control": "90 min + 30 s"}


def archive_of(w: World, *, new_event: bool) -> dict[str, Any]:
    """The tournament's archive with another place (an update), or as a new event (another id and slug)."""
    import io
    import json
    import uuid
    import zipfile

    from games.services import archive_zip
    from games.services.archive import export_archive

    with zipfile.ZipFile(io.BytesIO(export_archive(w.tournament))) as zf:
        doc = json.loads(zf.read(archive_zip.JSON_NAME))
    doc["tournament"]["place"] = "Zwolle"
    if new_event:  # a copy elsewhere: private links are unique on a server, so the copy has none
        doc["tournament"].update(uid=str(uuid.uuid4()), slug="club-open-copy")
        doc["links"] = []
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(archive_zip.JSON_NAME, json.dumps(doc))
        zf.writestr(archive_zip.PDN_NAME, "")
    return {"file": upload("event.zip", buf.getvalue())}


# Why some writes need no audit entry.
WAITING = ("a player's (or a private link's) waiting result: it counts only once confirmed, and the "
           "confirmation is audited")
JOB = "the record of a queued job; what the job changes is audited when it runs"
BUILT = "a PDF built from the data and kept for reuse; no data changes"


def archive_run(w: World) -> dict[str, Any]:
    """A finished archive import started by the staff member."""
    from tournaments.models import TaskRun

    run = TaskRun.objects.create(kind="archive_import", created_by=w.users["staff"], status="done",
                                 report={"file": "event.zip", "lines": ["Tournament x created."]})
    return {"task_id": run.pk}


def team_cup(w: World) -> dict[str, Any]:
    """A team event (issue 27) beside the world's tournament, with its public switches: the arbiter and
    the chief arbiter are its arbiters, ``player`` captains team 1 (``w.extra["team"]``), ``opponent``
    team 2; each team has two players (``w.extra["team_players"]``: team 1's)."""
    from tournaments.models import Entry, Player, Role, Team, TeamMember, Tournament

    if Tournament.objects.filter(slug="team-cup").exists():  # one world for many cases (the accessibility
        return {"slug": "team-cup"}                          # sweep): made once
    switches = {f: getattr(w.tournament, f) for f in ("is_public", "public_pairings", "public_standings",
                                                      "public_crosstable", "public_games", "public_players")}
    t = Tournament.objects.create(slug="team-cup", name="Team Cup", competitors="teams", boards_per_match=2,
                                  pairing_system="berger", rounds_planned=1, **switches)
    Role.objects.create(user=w.users["arbiter"], tournament=t, kind="arbiter")
    Role.objects.create(user=w.users["chief"], tournament=t, kind="chief_arbiter")
    for n, captain in ((1, "player"), (2, "opponent")):
        team = Team.objects.create(tournament=t, number=n, name=f"Team {n}", captain=w.users[captain])
        players = [Entry.objects.create(tournament=t, player=Player.objects.create(name=f"T{n} P{i}"),
                                        name=f"T{n} P{i}", start_number=2 * n + i - 2) for i in (1, 2)]
        for i, e in enumerate(players, start=1):
            TeamMember.objects.create(team=team, entry=e, order=i)
        if n == 1:
            w.extra["team"], w.extra["team_players"] = team, players
    return {"slug": t.slug}


def team_cup_team(w: World) -> dict[str, Any]:
    return {**team_cup(w), "team_id": w.extra["team"].pk}


def line_up_data(w: World) -> dict[str, Any]:
    first, second = w.extra["team_players"]
    return {"round": "1", "board1": str(first.pk), "board2": str(second.pk)}


def roster_data(w: World) -> dict[str, Any]:
    first, second = w.extra["team_players"]
    return {"action": "roster", "player": [str(second.pk), str(first.pk)]}


TABLE: dict[str, list[Case]] = {
    # --- site (config/urls.py) ---
    "home": [Case(none, "GET", everyone(OK))],
    "healthz": [Case(none, "GET", everyone(OK))],
    "status": [Case(none, "GET", only(("staff",)))],
    "status_selftest": [Case(none, "POST", only(("staff",), DONE),
                             audit=unaudited(tournaments_taskrun="the site's self-test job: no tournament data"))],
    "status_selftest_detail": [Case(lambda w: {"pk": w.selftest.pk}, "GET", only(("staff",)))],
    "set_language": [Case(none, "POST", everyone(DONE), lambda w: {"language": "nl", "next": "/"}, NO_WRITE)],
    "login": [Case(none, "GET", everyone(OK)),
              Case(none, "POST", everyone(OK), lambda w: {"username": "nobody", "password": "wrong"},
                   unaudited(tournaments_throttlecount="a failed sign-in counted for the lock-out (kept in the "
                                                       "database so that a Redis restart lifts none)"))],
    "logout": [Case(none, "POST", everyone(DONE), audit=NO_WRITE), Case(none, "GET", everyone(405))],
    "password_change": [
        Case(none, "GET", signed_in(OK)),
        Case(none, "POST", signed_in(DONE), lambda w: {"old_password": PASSWORD, "new_password1": "Draughts-2026-x",
                                                       "new_password2": "Draughts-2026-x"},
             unaudited(auth_user="the account's own password (Django's accounts): no tournament's data")),
    ],
    "password_change_done": [Case(none, "GET", signed_in(OK))],
    # An invitation with a wrong token shows "no longer valid" to anyone (200); it grants nothing.
    "invitation": [Case(lambda w: {"uidb64": "MQ", "token": "set-password"}, "GET", everyone(OK)),
                   Case(lambda w: {"uidb64": "MQ", "token": "set-password"}, "POST", everyone(OK),
                        lambda w: {"new_password1": "Draughts-2026-x", "new_password2": "Draughts-2026-x"}, NO_WRITE)],
    "invitation_done": [Case(none, "GET", everyone(OK))],
    # Only the account an arbiter linked to the entry says it is that player (issue 23); others: no such entry.
    "claim_player": [Case(lambda w: {"entry_id": w.entries[0].pk}, "POST", signed_in(404, player=DONE), audit=AUDITED),
                     Case(lambda w: {"entry_id": w.entries[0].pk}, "GET", signed_in(405))],
    # One person's public events across tournaments, by FMJD id (none in the world: 404 for everyone).
    "player_history": [Case(lambda w: {"fmjd_id": "16001"}, "GET", everyone(404))],
    "tournament_arbiters": [
        Case(slug, "GET", only(ARBITERS)),
        # Only the chief arbiter appoints; an arbiter may look but not act.
        Case(slug, "POST", {**only(("chief",), DONE), "arbiter": 403},
             lambda w: {"action": "appoint", "username": "outsider", "kind": "arbiter"}, AUDITED),
    ],
    "tournament_audit": [Case(slug, "GET", only(ARBITERS))],
    # --- public pages (tournaments/public_urls.py): no login ---
    "public:list": [Case(none, "GET", everyone(OK))],
    "public:tournament": [Case(slug, "GET", everyone(OK))],
    "public:standings": [Case(slug, "GET", everyone(OK))],
    "public:standings_live": [Case(slug, "GET", everyone(OK))],
    "public:pairings": [Case(slug, "GET", everyone(OK))],
    "public:round": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", everyone(OK))],
    "public:round_live": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", everyone(OK))],
    # Issue 30: the relay feed lidraughts polls, the live boards and a game's live fragment.
    "public:relay_pdn": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", everyone(OK))],
    "public:relay_json": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", everyone(OK))],
    "public:round_boards": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", everyone(OK))],
    "public:round_boards_live": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", everyone(OK))],
    "public:game_live": [Case(lambda w: {"slug": w.tournament.slug, "game_id": w.game.pk}, "GET", everyone(OK))],
    "public:crosstable": [Case(slug, "GET", everyone(OK))],
    # Team events (issue 27): the public team pages 404 for an individual event.
    "public:team_standings": [Case(slug, "GET", everyone(404)), Case(team_cup, "GET", everyone(OK))],
    "public:team_crosstable": [Case(slug, "GET", everyone(404)), Case(team_cup, "GET", everyone(OK))],
    # A team that did not show: on the world's individual tournament there is no team match (404).
    "games:team_no_show": [Case(lambda w: {"slug": w.tournament.slug, "number": 1, "board": 1}, "POST",
                                only(ARBITERS, 404), lambda w: {"side": "home"}, NO_WRITE)],
    "public:team_boards": [Case(slug, "GET", everyone(404)), Case(team_cup, "GET", everyone(OK))],
    "public:team_matches": [Case(slug, "GET", everyone(404)), Case(team_cup, "GET", everyone(OK))],
    "public:team_round": [Case(lambda w: {**team_cup(w), "number": 1}, "GET", everyone(404))],
    # A player of a team event (issue 27): the page of a player on a roster; none on an individual event.
    "public:team_player": [Case(lambda w: {**team_cup(w), "entry_id": w.extra["team_players"][0].pk}, "GET",
                                everyone(OK)),
                           Case(lambda w: {"slug": w.tournament.slug, "entry_id": 1}, "GET", everyone(404))],
    "tournaments:teams": [Case(team_cup, "GET", only(ARBITERS)),
                          Case(slug, "GET", only(ARBITERS, DONE)),
                          Case(team_cup, "POST", only(ARBITERS), audit=NO_WRITE),
                          Case(team_cup, "POST", only(ARBITERS, DONE), lambda w: {"name": "Team 3"}, AUDITED)],
    "tournaments:delete_team": [Case(team_cup_team, "POST", only(ARBITERS, DONE), audit=AUDITED)],
    # Withdrawing a team: the form (a POST without ``confirm``) shows the confirmation page and writes
    # nothing; the confirmed POST withdraws it (audited). Undoing a withdrawal that is none and a bye in the
    # round-robin cup are refused with a message (nothing written).
    "tournaments:withdraw_team": [Case(team_cup_team, "POST", only(ARBITERS), lambda w: {"round": "1"}, NO_WRITE),
                                  Case(team_cup_team, "POST", only(ARBITERS, DONE),
                                       lambda w: {"round": "1", "confirm": "yes"}, AUDITED)],
    "tournaments:reinstate_team": [Case(team_cup_team, "POST", only(ARBITERS, DONE), audit=NO_WRITE)],
    "tournaments:team_bye": [Case(team_cup_team, "POST", only(ARBITERS, DONE), lambda w: {"round": "1",
                                                                                        "kind": "half"}, NO_WRITE)],
    "tournaments:team": [Case(team_cup_team, "GET", only(ARBITERS)),
                         Case(team_cup_team, "POST", only(ARBITERS, DONE), roster_data, AUDITED)],
    # The captain (``player``) and the arbiters hand in team 1's line-up; the other captain may not.
    "tournaments:line_up": [Case(team_cup_team, "GET", only(("player", *ARBITERS))),
                            Case(team_cup_team, "POST", only(("player", *ARBITERS), DONE), line_up_data, AUDITED)],
    "tournaments:my_team": [Case(lambda w: {**team_cup(w)}, "GET", signed_in(404, player=DONE, opponent=DONE))],
    "public:player": [Case(lambda w: {"slug": w.tournament.slug, "start_number": 1}, "GET", everyone(OK))],
    "public:projector": [Case(slug, "GET", everyone(OK))],
    "public:projector_live": [Case(slug, "GET", everyone(OK))],
    "public:event": [Case(slug, "GET", everyone(OK))],
    "public:event_ranking_pdf": [Case(slug, "GET", everyone(404))],  # one stage: no ranking of an event
    # The prize list of a stage still running: its arbiters see it, others read that it comes later.
    "public:prizes": [Case(slug, "GET", everyone(OK))],
    "public:prizes_pdf": [Case(slug, "GET", everyone(404))],  # no prizes set (and, for the public, not finished)
    "public:ratings": [Case(slug, "GET", everyone(OK))],
    "public:ratings_csv": [Case(slug, "GET", everyone(OK))],
    "public:document": [
        Case(lambda w: {"slug": w.tournament.slug, "kind": "crosstable"}, "GET", everyone(OK),
             audit=unaudited(tournaments_document=BUILT)),
        Case(lambda w: {"slug": w.tournament.slug, "kind": "nonsense"}, "GET", everyone(404)),
    ],
    "public:round_document": [
        Case(lambda w: {"slug": w.tournament.slug, "kind": "pairings", "number": 1}, "GET", everyone(OK),
             audit=unaudited(tournaments_document=BUILT)),
        Case(lambda w: {"slug": w.tournament.slug, "kind": "scoresheets", "number": 1}, "GET", only(ARBITERS),
             audit=unaudited(tournaments_document=BUILT)),
    ],
    # --- games (games/urls.py) ---
    "games:game": [Case(game, "GET", only(GAME_PEOPLE))],
    "games:submit": [
        Case(game, "POST", only(GAME_PEOPLE, DONE), lambda w: {"result": "1-1"},
             unaudited(games_resultsubmission=WAITING)),
        Case(confirmed_game, "POST", only(GAME_PEOPLE, DONE), lambda w: {"result": "2-0"}, AUDITED),
    ],
    "games:forfeit": [Case(game, "POST", only(ARBITERS, DONE), lambda w: {"result": "+-"}, AUDITED)],
    # Issue 26: an arbiter marks a confirmed draw plus for White; applies the default time to a late Black.
    "games:draw_mark": [Case(confirmed_game, "POST", only(ARBITERS, DONE), lambda w: {"mark": "w"}, AUDITED)],
    "games:default_time": [Case(late_game, "POST", only(ARBITERS, DONE), lambda w: {"late": "b"}, AUDITED)],
    # After confirmation the players' submit is refused with a message (only an arbiter changes it);
    # they ask for a correction instead, which only the tournament's arbiters decide.
    "games:correction": [
        Case(confirmed_game, "POST", only(GAME_PEOPLE, DONE), lambda w: {"result": "2-0", "reason": "typo"},
             AUDITED),
    ],
    "games:decide_correction": [
        Case(correction, "POST", only(ARBITERS, DONE), lambda w: {"decision": "accept"}, AUDITED),
    ],
    "games:check_moves": [Case(game, "POST", only(GAME_PEOPLE), lambda w: {"moves": "32-28 19-23"}, NO_WRITE)],
    # Moves typed during play (issue 30): the game's players and arbiters; audited (no version bump).
    "games:save_moves": [Case(game, "POST", only(GAME_PEOPLE, DONE), lambda w: {"moves": "32-28 19-23 28x19"},
                              AUDITED)],
    "games:board": [
        Case(game, "GET", everyone(OK)),  # public games of published rounds
        Case(game, "POST", only(GAME_PEOPLE), lambda w: {"moves": "32-28", "ply": "1"}, NO_WRITE),
    ],
    # A claim is judged and stored (rejected here: no repetition after two plies), and audited.
    "games:claim": [Case(game, "POST", only(GAME_PEOPLE, DONE),
                         lambda w: {"ply": "2", "rule": "threefold_repetition", "moves": "32-28 19-23"}, AUDITED)],
    "games:ruling": [Case(game, "POST", only(ARBITERS, DONE), lambda w: {"ply": "1", "decision": "stands"},
                          NO_WRITE),  # no irregularity at ply 1: refused with a message
                     Case(flagged_game, "POST", only(ARBITERS, DONE), lambda w: {"ply": "3", "decision": "stands"},
                          AUDITED)],
    "games:claim_ruling": [Case(claim, "POST", only(ARBITERS, DONE),
                                lambda w: {"decision": "uphold", "reason": "seen at the board"}, AUDITED)],
    "games:view": [Case(game, "GET", everyone(OK))],
    # The submitter may not confirm or reject their own submission; the opponent and arbiters may.
    "games:confirm": [Case(submission, "POST", only(("opponent", "arbiter", "chief"), DONE), audit=AUDITED)],
    "games:reject": [Case(submission, "POST", only(("opponent", "arbiter", "chief"), DONE), audit=AUDITED)],
    "games:my_games": [Case(slug, "GET", only(TOURNAMENT_PEOPLE))],
    "games:results": [Case(slug, "GET", only(ARBITERS))],
    "games:typed_results": [Case(round_one, "POST", only(ARBITERS, DONE), lambda w: {"typed": "99 2-0"}, NO_WRITE),
                            Case(round_one, "POST", only(ARBITERS, DONE), lambda w: {"typed": "1 2-0"}, AUDITED)],
    "games:links": [Case(slug, "GET", only(ARBITERS))],
    "games:link_create": [Case(slug, "POST", only(ARBITERS, DONE), lambda w: {"entry": w.entries[2].pk}, AUDITED)],
    "games:link_revoke": [Case(lambda w: {"slug": w.tournament.slug, "pk": w.link.pk}, "POST",
                               only(ARBITERS, DONE), audit=AUDITED)],
    "games:links_print": [Case(slug, "GET", only(ARBITERS))],
    "games:links_pdf": [Case(slug, "GET", only(ARBITERS))],
    "games:links_create_missing": [Case(revoked_link, "POST", only(ARBITERS, DONE), audit=AUDITED)],
    # A board card's QR code: the players of the game and its arbiters are sent to the game page,
    # everyone else sees the board read-only (the pairings are public).
    "games:board_result": [Case(lambda w: {"slug": w.tournament.slug, "number": 1, "board": 1}, "GET",
                                {**everyone(OK), **dict.fromkeys(GAME_PEOPLE, DONE)})],
    "games:archive_export": [
        Case(slug, "GET", only(ARBITERS)),
        # With the accounts' e-mail addresses: the chief arbiter only, for a reason that is audited.
        # Writes nothing but its audit entry (the reason), which the audit test does not count as a write.
        Case(slug, "POST", only(("chief",)), lambda w: {"include_email": "on", "reason": "federation report"},
             audit=NO_WRITE),
    ],
    # An archive import's progress and report: whoever started it (staff here), and staff.
    "games:archive_import_status": [Case(archive_run, "GET", only(("staff",)))],
    # Whoever may create tournaments may bring one in (an update still needs its chief arbiter).
    "games:archive_import": [
        Case(none, "GET", only(("chief", "staff", *ARBITERS, "foreign_arbiter"))),
        # The upload is queued as a background job (its page shows the progress and the report); the job
        # checks who may import it (an update of the event: its chief arbiter or staff; a new event:
        # whoever may create tournaments) before anything is written (tests/games/test_archive.py).
        Case(none, "POST", only(("chief", "staff", *ARBITERS, "foreign_arbiter"), DONE),
             lambda w: archive_of(w, new_event=False), unaudited(tournaments_taskrun=JOB)),
        Case(none, "POST", only(("chief", "staff", *ARBITERS, "foreign_arbiter"), DONE),
             lambda w: archive_of(w, new_event=True), unaudited(tournaments_taskrun=JOB)),
    ],
    # The hall laptop's mirror (issue 30.3): the chief arbiter's keys; the push endpoint answers only to a key
    # (a session is not a key: everyone without one is refused, nothing written).
    "games:mirror_keys": [
        Case(slug, "GET", only(("chief",))),
        Case(slug, "POST", only(("chief",)), lambda w: {"action": "create", "label": "hall"}, AUDITED),
    ],
    "games:mirror_push": [Case(none, "POST", everyone(403), lambda w: {"x": "1"}, NO_WRITE)],
    # The token is the credential: whoever holds it may use it, signed in or not.
    "games:link_home": [Case(lambda w: {"token": w.link.token}, "GET", everyone(OK))],
    "games:link_submit": [
        Case(link_game, "GET", everyone(OK)),
        Case(link_game, "POST", everyone(DONE), lambda w: {"result": "0-2"},
             unaudited(games_resultsubmission=WAITING)),
        # Another player's game (board 1) through this link: not found for everyone.
        Case(lambda w: {"token": w.link.token, "game_id": w.game.pk}, "GET", everyone(404)),
        Case(lambda w: {"token": w.link.token, "game_id": w.game.pk}, "POST", everyone(404),
             lambda w: {"result": "0-2"}, NO_WRITE),
    ],
    "games:link_claim": [Case(link_game, "POST", everyone(DONE), lambda w: {"rule": "agreement"}, LINK_AUDITED)],
    "games:link_confirm": [Case(link_submission, "POST", everyone(DONE), audit=LINK_AUDITED)],
    "games:link_reject": [Case(link_submission, "POST", everyone(DONE), audit=LINK_AUDITED)],
    "games:link_check": [Case(link_game, "POST", everyone(OK), lambda w: {"moves": "32-28 19-23"}, NO_WRITE)],
    "games:link_save_moves": [Case(link_game, "POST", everyone(DONE), lambda w: {"moves": "32-28 19-23"},
                                   LINK_AUDITED)],
    "games:link_board": [Case(link_game, "POST", everyone(OK), lambda w: {"moves": "32-28 19-23", "ply": "1"},
                              NO_WRITE)],
    "games:import": [
        Case(slug, "GET", only(ARBITERS)),
        Case(slug, "POST", only(ARBITERS), lambda w: {}, NO_WRITE),  # no file: the form again with its error
        Case(slug, "POST", only(ARBITERS, DONE),
             lambda w: {"file": upload("r1.pdn", b'[Round "1"]\n[White "Jansen, Piet"]\n[Black "M\xc3\xbcller, '
                                                 b'J\xc3\xbcrgen"]\n[Result "2-0"]\n\n1. 32-28 2-0\n')},
             unaudited(tournaments_taskrun=JOB)),
    ],
    "games:import_status": [Case(lambda w: {"slug": w.tournament.slug, "task_id": w.extra["pdn_task"].pk}, "GET",
                                 only(ARBITERS))],
    "games:import_resolve": [
        Case(lambda w: {"slug": w.tournament.slug, "task_id": w.extra["pdn_task"].pk}, "POST",
             only(ARBITERS, DONE), lambda w: {"index": "1", "board": "x"}, NO_WRITE),
        # The kept report says where the game went (the task's record); the game stored is audited.
        Case(pdn_game_to_place, "POST", only(ARBITERS, DONE),
             lambda w: {"index": "1", "board": str(w.game.board_id)}, unaudited(tournaments_taskrun=JOB)),
    ],
    # Games are public by default: exports are open to everyone.
    "games:export_tournament": [Case(slug, "GET", everyone(OK))],
    "games:export_round": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", everyone(OK))],
    "games:export_game": [Case(game, "GET", everyone(OK))],
    # --- arbiter pages (tournaments/urls.py) ---
    # Staff, and arbiters of any tournament (ARBITERS_MAY_CREATE_TOURNAMENTS, on by default).
    "tournaments:create": [
        Case(none, "GET", only(("staff", *ARBITERS, "foreign_arbiter"))),
        Case(none, "POST", only(("staff", *ARBITERS, "foreign_arbiter")), lambda w: {}, NO_WRITE),  # shown again
        Case(none, "POST", only(("staff", *ARBITERS, "foreign_arbiter"), DONE),
             lambda w: {"slug": "spring-open", "name": "Spring Open", "pairing_system": "dutch",
                        "rounds_planned": "5", "rule_profile": "international", "start_date": "2027-04-01"},
             AUDITED),
    ],
    "tournaments:dashboard": [Case(none, "GET", signed_in(OK))],
    # Only the account a request is addressed to answers it; for everyone else it does not exist.
    "tournaments:answer_link_request": [Case(lambda w: {"pk": w.extra["link_request"].pk}, "POST",
                                             signed_in(404, outsider=DONE), lambda w: {"answer": "accept"}, AUDITED)],
    "tournaments:manage": [Case(slug, "GET", only(ARBITERS))],
    "tournaments:settings": [Case(slug, "GET", only(ARBITERS)), Case(slug, "POST", only(ARBITERS), audit=NO_WRITE),
                             Case(slug, "POST", only(ARBITERS, DONE), settings_data, AUDITED)],
    "tournaments:players": [
        Case(slug, "GET", only(ARBITERS)),
        Case(slug, "POST", only(ARBITERS), lambda w: {}, NO_WRITE),  # invalid form: shown again
        Case(slug, "POST", only(ARBITERS, DONE), lambda w: {"name": "Neu, Nora", "rating": "1500"}, AUDITED),
        # A request to an account's owner (the same whether or not the account exists), audited.
        Case(slug, "POST", only(ARBITERS, DONE),
             lambda w: {"action": "link_account", "entry": w.entries[3].pk, "username": "somebody"}, AUDITED),
    ],
    "tournaments:import_csv": [Case(slug, "POST", only(ARBITERS, DONE), audit=NO_WRITE),
                               Case(slug, "POST", only(ARBITERS, DONE),
                                    lambda w: {"file": upload("players.csv", b"name;rating\nNeu, Nora;1500\n")},
                                    AUDITED)],
    # Frozen once round 1 is paired (refused with a message); before, numbered by lot.
    "tournaments:start_numbers": [Case(slug, "POST", only(ARBITERS, DONE), lambda w: {"method": "rating"}, NO_WRITE),
                                  Case(no_round, "POST", only(ARBITERS, DONE), lambda w: {"method": "lot", "seed": "7"},
                                       AUDITED)],
    "tournaments:edit_player": [
        Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "GET", only(ARBITERS)),
        Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "POST", only(ARBITERS),
             audit=NO_WRITE),
        Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "POST", only(ARBITERS, DONE),
             lambda w: {"name": "Lefèvre, Amélie", "federation": "FRA", "rating": "1400"}, AUDITED),
    ],
    # Without the confirmation box ticked: back to the edit page, nothing removed.
    "tournaments:delete_player": [Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "POST",
                                       only(ARBITERS, DONE), audit=NO_WRITE),
                                  Case(new_entry, "POST", only(ARBITERS, DONE), lambda w: {"confirm": "yes"},
                                       AUDITED)],
    "tournaments:withdraw": [
        Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "GET", only(ARBITERS)),
        Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "POST", only(ARBITERS),
             audit=NO_WRITE),
        Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "POST", only(ARBITERS, DONE),
             lambda w: {"from_round": "2"}, AUDITED),
    ],
    "tournaments:reinstate": [Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "POST",
                                   only(ARBITERS, DONE), audit=AUDITED)],
    "tournaments:absences": [Case(slug, "GET", only(ARBITERS)), Case(slug, "POST", only(ARBITERS), audit=NO_WRITE),
                             Case(slug, "POST", only(ARBITERS, DONE),
                                  lambda w: {"entry": w.entries[1].pk, "round_number": "3", "kind": "absent"},
                                  AUDITED)],
    "tournaments:roll_call": [Case(slug, "GET", only(ARBITERS)),
                              Case(slug, "POST", only(ARBITERS, DONE), audit=AUDITED)],
    # The chief arbiter replaces their own list; another arbiter is refused, and the refusal is audited.
    "tournaments:rating_lists": [Case(slug, "GET", only(ARBITERS)),
                                 Case(slug, "POST", only(ARBITERS), audit=NO_WRITE),
                                 # An upload is previewed first (nothing stored)...
                                 Case(chief_list, "POST", only(ARBITERS),
                                      lambda w: {"name": "FMJD", "kind": "fmjd",
                                                 "file": upload("list.csv", b"ID;Surname\n1;Neu\n")}, NO_WRITE),
                                 # ... and stored by "Save the list": the owner replaces it, the other is refused.
                                 Case(chief_list, "POST", only(ARBITERS),
                                      lambda w: {"name": "FMJD", "kind": "fmjd", "action": "save",
                                                 "upload": kept_list(b"ID;Surname\n1;Neu\n")}, AUDITED)],
    "tournaments:absence_delete": [Case(lambda w: {"slug": w.tournament.slug, "absence_id": w.extra["absence"].pk},
                                        "POST", only(ARBITERS, DONE), audit=AUDITED)],
    "tournaments:prohibited": [Case(slug, "GET", only(ARBITERS)), Case(slug, "POST", only(ARBITERS), audit=NO_WRITE),
                               Case(slug, "POST", only(ARBITERS, DONE),
                                    lambda w: {"first": w.entries[1].pk, "second": w.entries[3].pk, "reason": "club"},
                                    AUDITED)],
    "tournaments:prohibited_delete": [Case(lambda w: {"slug": w.tournament.slug, "pair_id": w.extra["prohibited"].pk},
                                           "POST", only(ARBITERS, DONE), audit=AUDITED)],
    # Issue 26: record a play-off (an empty post is refused with a message: nothing written) or remove one.
    "tournaments:playoffs": [Case(slug, "GET", only(ARBITERS)),
                             Case(slug, "POST", only(ARBITERS, DONE), audit=NO_WRITE)],
    "tournaments:playoff_delete": [Case(lambda w: {"slug": w.tournament.slug, "playoff_id": w.extra["playoff"].pk},
                                        "POST", only(ARBITERS, DONE), audit=AUDITED)],
    "tournaments:rounds": [Case(slug, "GET", only(ARBITERS))],
    # Round 1 is published and unplayed: refused with a message; with no round yet, round 1 is paired.
    "tournaments:pair": [Case(slug, "POST", only(ARBITERS, DONE), audit=NO_WRITE),
                         Case(no_round, "POST", only(ARBITERS, DONE), audit=AUDITED)],
    "tournaments:unpair": [Case(slug, "POST", only(ARBITERS, DONE), audit=NO_WRITE),
                           Case(lambda w: {"slug": draft_round(w)["slug"]}, "POST", only(ARBITERS, DONE),
                                audit=AUDITED)],
    "tournaments:round": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", only(ARBITERS))],
    "tournaments:board_cards": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", only(ARBITERS))],
    "tournaments:ballot_sheet": [Case(round_one, "GET", only(ARBITERS))],
    "tournaments:ballot_sheet_pdf": [Case(round_one, "GET", only(ARBITERS))],
    # A published round's openings are not drawn again (refused with a message); a draft's are, audited.
    "tournaments:draw_openings": [Case(round_one, "POST", only(ARBITERS, DONE), audit=NO_WRITE),
                                  Case(draft_round_with_deck, "POST", only(ARBITERS, DONE), audit=AUDITED)],
    "tournaments:publish": [Case(round_one, "POST", only(ARBITERS, DONE), audit=NO_WRITE),
                            Case(draft_round, "POST", only(ARBITERS, DONE), audit=AUDITED)],
    "tournaments:swap_players": [Case(round_one, "POST", only(ARBITERS, DONE), lambda w: {"first": "1", "second": "3"},
                                      NO_WRITE),
                                 Case(draft_round, "POST", only(ARBITERS, DONE),
                                      lambda w: {"first": "1", "second": "3"}, AUDITED)],
    # Round 1 is published, not a draft: refused with a message (the arbiters' own page, no 403).
    "tournaments:pair_again": [Case(round_one, "POST", only(ARBITERS, DONE), audit=NO_WRITE),
                               Case(draft_round, "POST", only(ARBITERS, DONE), audit=AUDITED)],
    "tournaments:swap_colours": [Case(lambda w: {"slug": w.tournament.slug, "number": 1, "board": 1}, "POST",
                                      only(ARBITERS, DONE), audit=NO_WRITE),
                                 Case(draft_board, "POST", only(ARBITERS, DONE), audit=AUDITED)],
    # A TRF file carries FMJD ids and birth years: arbiters only; an unknown flavour is 404.
    "tournaments:export_trf": [
        Case(lambda w: {"slug": w.tournament.slug, "flavour": "trf26"}, "GET", only(ARBITERS)),
        Case(lambda w: {"slug": w.tournament.slug, "flavour": "trf16"}, "GET", only(ARBITERS)),
        Case(lambda w: {"slug": w.tournament.slug, "flavour": "nonsense"}, "GET", only(ARBITERS, 404)),
    ],
    # A round's start time (a team event's line-up deadline counts from it): set, audited; a bad value is
    # refused with a message.
    "tournaments:round_start": [Case(round_one, "POST", only(ARBITERS, DONE),
                                     lambda w: {"starts_at": "2026-11-28T19:30"}, AUDITED),
                                Case(round_one, "POST", only(ARBITERS, DONE), lambda w: {"starts_at": "tonight"},
                                     NO_WRITE)],
    "tournaments:finish_round": [Case(round_one, "POST", only(ARBITERS, DONE), audit=NO_WRITE),
                                 Case(all_results, "POST", only(ARBITERS, DONE), audit=AUDITED)],
    "tournaments:event": [
        Case(slug, "GET", only(ARBITERS)),
        # Stage 1 is still running: the transition is refused with a message on the page, nothing written.
        Case(slug, "POST", only(ARBITERS), transition_data, NO_WRITE),
    ],
    "tournaments:prizes": [
        Case(slug, "GET", only(ARBITERS)),
        Case(slug, "POST", only(ARBITERS), audit=NO_WRITE),
        Case(slug, "POST", only(ARBITERS, DONE), prizes_data, AUDITED),
    ],
    "tournaments:ranking_order": [
        Case(slug, "GET", only(ARBITERS, DONE)),
        # A one-stage event: no group "Z" in its last stage, refused with a message, nothing written
        # (the audited change of the order: tests/stages/test_event_extras.py).
        Case(slug, "POST", only(ARBITERS, DONE), lambda w: {"ranking_order": "Z"}, NO_WRITE),
    ],
    "tournaments:ratings": [
        Case(slug, "GET", only(ARBITERS)),
        Case(slug, "POST", only(ARBITERS), audit=NO_WRITE),
        Case(slug, "POST", only(ARBITERS, DONE), rating_setup_data, AUDITED),
    ],
    "tournaments:federation_report": [
        Case(slug, "GET", only(ARBITERS)),
        Case(slug, "GET", only(ARBITERS), lambda w: {"download": "1"}),
    ],
    "tournaments:task": [Case(lambda w: {"slug": w.tournament.slug, "task_id": w.extra["pair_task"].pk}, "GET",
                              only(ARBITERS))],
}
