"""The permission matrix: every named URL pattern of the project -> how to call it, and the
expected answer for every persona.

A row is ``Case(kwargs, method, expected, data)``: ``kwargs(world)`` builds the URL kwargs,
``expected`` maps persona -> ``OK`` (200), ``LOGIN`` (302 to the login page), ``DONE`` (302
anywhere else: the action ran or was refused with a message), or an HTTP status (403, 404, ...).
A pattern may have several cases (e.g. GET and POST). Patterns are keyed ``namespace:name``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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
class Case:
    kwargs: Callable[[World], dict[str, Any]]
    method: str
    expected: Expect
    data: Callable[[World], dict[str, Any]] = field(default=lambda w: {})


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


def correction(w: World) -> dict[str, Any]:
    """The opponent's request for a correction of board 1's arbiter-entered result."""
    from games.services.results import enter_result, request_correction

    enter_result(w.game, "1-1", w.users["arbiter"])
    return {"pk": request_correction(w.game, "0-2", "he resigned", user=w.users["opponent"]).pk}


def link_game(w: World) -> dict[str, Any]:
    """The private link of entry 4 and its own game (board 2)."""
    return {"token": w.link.token, "game_id": w.game2.pk}


def none(w: World) -> dict[str, Any]:
    return {}


def archive_run(w: World) -> dict[str, Any]:
    """A finished archive import started by the staff member."""
    from tournaments.models import TaskRun

    run = TaskRun.objects.create(kind="archive_import", created_by=w.users["staff"], status="done",
                                 report={"file": "event.zip", "lines": ["Tournament x created."]})
    return {"task_id": run.pk}


TABLE: dict[str, list[Case]] = {
    # --- site (config/urls.py) ---
    "home": [Case(none, "GET", everyone(OK))],
    "healthz": [Case(none, "GET", everyone(OK))],
    "status": [Case(none, "GET", only(("staff",)))],
    "status_selftest": [Case(none, "POST", only(("staff",), DONE))],
    "status_selftest_detail": [Case(lambda w: {"pk": w.selftest.pk}, "GET", only(("staff",)))],
    "set_language": [Case(none, "POST", everyone(DONE), lambda w: {"language": "nl", "next": "/"})],
    "login": [Case(none, "GET", everyone(OK))],
    "logout": [Case(none, "POST", everyone(DONE)), Case(none, "GET", everyone(405))],
    "password_change": [Case(none, "GET", signed_in(OK))],
    "password_change_done": [Case(none, "GET", signed_in(OK))],
    # An invitation with a wrong token shows "no longer valid" to anyone (200); it grants nothing.
    "invitation": [Case(lambda w: {"uidb64": "MQ", "token": "set-password"}, "GET", everyone(OK))],
    "invitation_done": [Case(none, "GET", everyone(OK))],
    "tournament_arbiters": [
        Case(slug, "GET", only(ARBITERS)),
        # Only the chief arbiter appoints; an arbiter may look but not act.
        Case(slug, "POST", {**only(("chief",), DONE), "arbiter": 403},
             lambda w: {"action": "appoint", "username": "outsider", "kind": "arbiter"}),
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
    "public:crosstable": [Case(slug, "GET", everyone(OK))],
    "public:player": [Case(lambda w: {"slug": w.tournament.slug, "start_number": 1}, "GET", everyone(OK))],
    "public:projector": [Case(slug, "GET", everyone(OK))],
    "public:projector_live": [Case(slug, "GET", everyone(OK))],
    "public:document": [
        Case(lambda w: {"slug": w.tournament.slug, "kind": "crosstable"}, "GET", everyone(OK)),
        Case(lambda w: {"slug": w.tournament.slug, "kind": "nonsense"}, "GET", everyone(404)),
    ],
    "public:round_document": [
        Case(lambda w: {"slug": w.tournament.slug, "kind": "pairings", "number": 1}, "GET", everyone(OK)),
        Case(lambda w: {"slug": w.tournament.slug, "kind": "scoresheets", "number": 1}, "GET", only(ARBITERS)),
    ],
    # --- games (games/urls.py) ---
    "games:game": [Case(game, "GET", only(GAME_PEOPLE))],
    "games:submit": [
        Case(game, "POST", only(GAME_PEOPLE, DONE), lambda w: {"result": "1-1"}),
        Case(confirmed_game, "POST", only(GAME_PEOPLE, DONE), lambda w: {"result": "2-0"}),
    ],
    "games:forfeit": [Case(game, "POST", only(ARBITERS, DONE), lambda w: {"result": "+-"})],
    # After confirmation the players' submit is refused with a message (only an arbiter changes it);
    # they ask for a correction instead, which only the tournament's arbiters decide.
    "games:correction": [
        Case(confirmed_game, "POST", only(GAME_PEOPLE, DONE), lambda w: {"result": "2-0", "reason": "typo"}),
    ],
    "games:decide_correction": [
        Case(correction, "POST", only(ARBITERS, DONE), lambda w: {"decision": "accept"}),
    ],
    "games:check_moves": [Case(game, "POST", only(GAME_PEOPLE), lambda w: {"moves": "32-28 19-23"})],
    "games:board": [
        Case(game, "GET", everyone(OK)),  # public games of published rounds
        Case(game, "POST", only(GAME_PEOPLE), lambda w: {"moves": "32-28", "ply": "1"}),
    ],
    "games:claim": [Case(game, "POST", only(GAME_PEOPLE, DONE), lambda w: {"ply": "2", "rule": "threefold"})],
    "games:ruling": [Case(game, "POST", only(ARBITERS, DONE), lambda w: {"ply": "1", "decision": "stands"})],
    "games:view": [Case(game, "GET", everyone(OK))],
    # The submitter may not confirm or reject their own submission; the opponent and arbiters may.
    "games:confirm": [Case(submission, "POST", only(("opponent", "arbiter", "chief"), DONE))],
    "games:reject": [Case(submission, "POST", only(("opponent", "arbiter", "chief"), DONE))],
    "games:my_games": [Case(slug, "GET", only(TOURNAMENT_PEOPLE))],
    "games:results": [Case(slug, "GET", only(ARBITERS))],
    "games:typed_results": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "POST", only(ARBITERS, DONE),
                                 lambda w: {"typed": "99 2-0"})],
    "games:links": [Case(slug, "GET", only(ARBITERS))],
    "games:link_create": [Case(slug, "POST", only(ARBITERS, DONE), lambda w: {"entry": w.entries[2].pk})],
    "games:link_revoke": [Case(lambda w: {"slug": w.tournament.slug, "pk": w.link.pk}, "POST",
                               only(ARBITERS, DONE))],
    "games:links_print": [Case(slug, "GET", only(ARBITERS))],
    "games:links_pdf": [Case(slug, "GET", only(ARBITERS))],
    "games:links_create_missing": [Case(slug, "POST", only(ARBITERS, DONE))],
    # A board card's QR code: the players of the game and its arbiters are sent to the game page,
    # everyone else sees the board read-only (the pairings are public).
    "games:board_result": [Case(lambda w: {"slug": w.tournament.slug, "number": 1, "board": 1}, "GET",
                                {**everyone(OK), **dict.fromkeys(GAME_PEOPLE, DONE)})],
    "games:archive_export": [
        Case(slug, "GET", only(ARBITERS)),
        # With the accounts' e-mail addresses: the chief arbiter only, for a reason that is audited.
        Case(slug, "POST", only(("chief",)), lambda w: {"include_email": "on", "reason": "federation report"}),
    ],
    # An archive import's progress and report: whoever started it (staff here), and staff.
    "games:archive_import_status": [Case(archive_run, "GET", only(("staff",)))],
    # Whoever may create tournaments may bring one in (an update still needs its chief arbiter).
    "games:archive_import": [Case(none, "GET", only(("chief", "staff", *ARBITERS, "foreign_arbiter")))],
    # The token is the credential: whoever holds it may use it, signed in or not.
    "games:link_home": [Case(lambda w: {"token": w.link.token}, "GET", everyone(OK))],
    "games:link_submit": [
        Case(link_game, "GET", everyone(OK)),
        Case(link_game, "POST", everyone(DONE), lambda w: {"result": "0-2"}),
        # Another player's game (board 1) through this link: not found for everyone.
        Case(lambda w: {"token": w.link.token, "game_id": w.game.pk}, "GET", everyone(404)),
        Case(lambda w: {"token": w.link.token, "game_id": w.game.pk}, "POST", everyone(404),
             lambda w: {"result": "0-2"}),
    ],
    "games:link_check": [Case(link_game, "POST", everyone(OK), lambda w: {"moves": "32-28 19-23"})],
    "games:link_board": [Case(link_game, "POST", everyone(OK), lambda w: {"moves": "32-28 19-23", "ply": "1"})],
    "games:import": [
        Case(slug, "GET", only(ARBITERS)),
        Case(slug, "POST", only(ARBITERS), lambda w: {}),  # no file: the form again with its error
    ],
    "games:import_status": [Case(lambda w: {"slug": w.tournament.slug, "task_id": w.extra["pdn_task"].pk}, "GET",
                                 only(ARBITERS))],
    "games:import_resolve": [Case(lambda w: {"slug": w.tournament.slug, "task_id": w.extra["pdn_task"].pk}, "POST",
                                  only(ARBITERS, DONE), lambda w: {"index": "1", "board": "x"})],
    # Games are public by default: exports are open to everyone.
    "games:export_tournament": [Case(slug, "GET", everyone(OK))],
    "games:export_round": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", everyone(OK))],
    "games:export_game": [Case(game, "GET", everyone(OK))],
    # --- arbiter pages (tournaments/urls.py) ---
    # Staff, and arbiters of any tournament (ARBITERS_MAY_CREATE_TOURNAMENTS, on by default).
    "tournaments:create": [
        Case(none, "GET", only(("staff", *ARBITERS, "foreign_arbiter"))),
        Case(none, "POST", only(("staff", *ARBITERS, "foreign_arbiter")), lambda w: {}),  # invalid: shown again
    ],
    "tournaments:dashboard": [Case(none, "GET", signed_in(OK))],
    "tournaments:manage": [Case(slug, "GET", only(ARBITERS))],
    "tournaments:settings": [Case(slug, "GET", only(ARBITERS)), Case(slug, "POST", only(ARBITERS))],
    "tournaments:players": [
        Case(slug, "GET", only(ARBITERS)),
        Case(slug, "POST", only(ARBITERS), lambda w: {}),  # invalid form: shown again
    ],
    "tournaments:import_csv": [Case(slug, "POST", only(ARBITERS, DONE))],
    "tournaments:start_numbers": [Case(slug, "POST", only(ARBITERS, DONE), lambda w: {"method": "rating"})],
    "tournaments:edit_player": [
        Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "GET", only(ARBITERS)),
        Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "POST", only(ARBITERS)),
    ],
    # Without the confirmation box ticked: back to the edit page, nothing removed.
    "tournaments:delete_player": [Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "POST",
                                       only(ARBITERS, DONE))],
    "tournaments:withdraw": [
        Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "GET", only(ARBITERS)),
        Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "POST", only(ARBITERS)),
    ],
    "tournaments:reinstate": [Case(lambda w: {"slug": w.tournament.slug, "entry_id": w.entries[2].pk}, "POST",
                                   only(ARBITERS, DONE))],
    "tournaments:absences": [Case(slug, "GET", only(ARBITERS)), Case(slug, "POST", only(ARBITERS))],
    "tournaments:roll_call": [Case(slug, "GET", only(ARBITERS)), Case(slug, "POST", only(ARBITERS, DONE))],
    "tournaments:rating_lists": [Case(slug, "GET", only(ARBITERS)), Case(slug, "POST", only(ARBITERS))],
    "tournaments:absence_delete": [Case(lambda w: {"slug": w.tournament.slug, "absence_id": w.extra["absence"].pk},
                                        "POST", only(ARBITERS, DONE))],
    "tournaments:prohibited": [Case(slug, "GET", only(ARBITERS)), Case(slug, "POST", only(ARBITERS))],
    "tournaments:prohibited_delete": [Case(lambda w: {"slug": w.tournament.slug, "pair_id": w.extra["prohibited"].pk},
                                           "POST", only(ARBITERS, DONE))],
    "tournaments:rounds": [Case(slug, "GET", only(ARBITERS))],
    "tournaments:pair": [Case(slug, "POST", only(ARBITERS, DONE))],
    "tournaments:unpair": [Case(slug, "POST", only(ARBITERS, DONE))],
    "tournaments:round": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", only(ARBITERS))],
    "tournaments:board_cards": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "GET", only(ARBITERS))],
    "tournaments:publish": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "POST", only(ARBITERS, DONE))],
    "tournaments:swap_players": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "POST",
                                      only(ARBITERS, DONE), lambda w: {"first": "1", "second": "3"})],
    "tournaments:swap_colours": [Case(lambda w: {"slug": w.tournament.slug, "number": 1, "board": 1}, "POST",
                                      only(ARBITERS, DONE))],
    # A TRF file carries FMJD ids and birth years: arbiters only; an unknown flavour is 404.
    "tournaments:export_trf": [
        Case(lambda w: {"slug": w.tournament.slug, "flavour": "trf26"}, "GET", only(ARBITERS)),
        Case(lambda w: {"slug": w.tournament.slug, "flavour": "trf16"}, "GET", only(ARBITERS)),
        Case(lambda w: {"slug": w.tournament.slug, "flavour": "nonsense"}, "GET", only(ARBITERS, 404)),
    ],
    "tournaments:finish_round": [Case(lambda w: {"slug": w.tournament.slug, "number": 1}, "POST",
                                      only(ARBITERS, DONE))],
    "tournaments:task": [Case(lambda w: {"slug": w.tournament.slug, "task_id": w.extra["pair_task"].pk}, "GET",
                              only(ARBITERS))],
}
