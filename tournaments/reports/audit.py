"""The audit log in plain words: "Henk Scholten changed the start date from 4 Sep 2026 to (empty)".

The audit entries keep what the services wrote: an action code, the object's type and id, and
before/after as ``key=value; ...`` (or, in entries written by older versions, a sentence). This read
model turns them into what an arbiter reads, in the active language: the action in words, the object
as it is now ("Round 5, board 14: Ngom – Vermeulen", looked up once per page and type), each value
by its translated name with its old and new value (choices by their labels, dates in the language's
format, empty values said so). Nothing stored changes. A text that is not ``key=value`` pairs is
shown as stored, its board lists (``3: 5-12; 9: 7 bye(pab)``) with the bye named in words.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.models import DrawMark, Game, Result, ResultSubmission, Termination
from tournaments.models import (
    Absence,
    AuditEntry,
    Board,
    Entry,
    Player,
    PlayOff,
    ProhibitedPair,
    RatingList,
    Role,
    Round,
    StageTransition,
    Tournament,
)

ACTIONS = {
    "tournament.create": gettext_lazy("created the tournament"),
    "tournament.update": gettext_lazy("changed the settings"),
    "tournament.finish": gettext_lazy("finished the tournament"),
    "tournament.import_trf": gettext_lazy("imported the tournament from TRF"),
    "tournament.import_team_trf": gettext_lazy("imported the team event from a TRF team file"),
    "import_archive": gettext_lazy("imported a tournament archive"),
    "mirror_received": gettext_lazy("received the hall laptop's changes (mirror)"),
    "mirror_token.create": gettext_lazy("created a mirror key for the hall laptop"),
    "mirror_token.revoke": gettext_lazy("revoked a mirror key"),
    "archive.export_with_email": gettext_lazy("exported the archive with e-mail addresses"),
    "entry.add": gettext_lazy("registered a player"),
    "entry.late": gettext_lazy("registered a late entry"),
    "entry.edit": gettext_lazy("changed a player's data"),
    "entry.delete": gettext_lazy("removed a player"),
    "entry.withdraw": gettext_lazy("withdrew a player"),
    "entry.reinstate": gettext_lazy("undid a withdrawal"),
    "entry.start_numbers": gettext_lazy("assigned the start numbers"),
    "entry.link_account": gettext_lazy("linked a player to an account"),
    "entry.request_link": gettext_lazy("asked an account's owner to link it to a player"),
    "entry.decline_link": gettext_lazy("declined to link their account to a player"),
    "entry.withdraw_link": gettext_lazy("withdrew a request to link an account"),
    "entry.invite": gettext_lazy("created an account for a player"),
    "entry.csv_import": gettext_lazy("imported players from a CSV file"),
    "ratinglist.import": gettext_lazy("imported a rating list"),
    "ratinglist.replace": gettext_lazy("replaced a rating list"),
    "ratinglist.refused": gettext_lazy("tried to replace a rating list (refused)"),
    "entry.unlink_account": gettext_lazy("unlinked a player's account"),
    "player.claim": gettext_lazy("linked their account to their player record"),
    "player.link_account": gettext_lazy("changed the account of a player record"),
    "absence.set": gettext_lazy("recorded an absence or bye request"),
    "absence.remove": gettext_lazy("removed an absence"),
    "prohibited.add": gettext_lazy("prohibited a pairing"),
    "prohibited.remove": gettext_lazy("allowed a pairing again"),
    "team.create": gettext_lazy("created a team"),
    "team.update": gettext_lazy("changed a team"),
    "team.delete": gettext_lazy("removed a team"),
    "team.roster": gettext_lazy("set a team's roster"),
    "team.numbers": gettext_lazy("numbered the teams for round 1"),
    "team.withdraw": gettext_lazy("withdrew a team"),
    "team.reinstate": gettext_lazy("undid a team's withdrawal"),
    "team.bye": gettext_lazy("gave a team a bye"),
    "team.bye_remove": gettext_lazy("took back a team's bye"),
    "round.start_time": gettext_lazy("set the start time of a round"),
    "lineup.submit": gettext_lazy("handed in a line-up"),
    "lineup.default": gettext_lazy("made a line-up from the roster (none handed in)"),
    "round.pair": gettext_lazy("paired a round"),
    "round.publish": gettext_lazy("published a round"),
    "round.draw_openings": gettext_lazy("drew the openings of a round"),
    "round.unpair": gettext_lazy("unpaired a round"),
    "round.finish": gettext_lazy("finished a round"),
    "board.swap_colours": gettext_lazy("swapped the colours of a board"),
    "board.swap_players": gettext_lazy("exchanged two players"),
    "result.enter": gettext_lazy("entered a result"),
    "result.confirm": gettext_lazy("confirmed a result"),
    "result.reject": gettext_lazy("rejected a result"),
    "result.default_time": gettext_lazy("applied the default time (a late player loses by forfeit)"),
    "result.replace_own": gettext_lazy("replaced a waiting result"),
    "result.request_correction": gettext_lazy("asked for a correction"),
    "result.correction_accepted": gettext_lazy("accepted a correction request"),
    "result.correction_refused": gettext_lazy("refused a correction request"),
    "draw_claim": gettext_lazy("claimed a draw"),
    "draw_claim.rule": gettext_lazy("ruled on a draw claim"),
    "irregularity_ruling": gettext_lazy("ruled on an irregular move"),
    "create_submission_link": gettext_lazy("made a private link"),
    "revoke_submission_link": gettext_lazy("revoked a private link"),
    "appoint_arbiter": gettext_lazy("appointed an arbiter"),
    "remove_arbiter": gettext_lazy("removed an arbiter"),
    "import_pdn_game": gettext_lazy("imported a game from PDN"),
    "stage.create": gettext_lazy("made a stage of the event"),
    "stage.transition": gettext_lazy("made the next stage of the event"),
    "prizes.update": gettext_lazy("changed the prizes"),
    "ratings.update": gettext_lazy("changed the rating settings"),
    "event.ranking_order": gettext_lazy("changed the order of the groups in the event's final ranking"),
    "game.moves": gettext_lazy("entered the moves of a game so far"),
    "playoff.record": gettext_lazy("recorded a play-off"),
    "playoff.remove": gettext_lazy("removed a play-off"),
    "admin.add": gettext_lazy("added a record in the admin site"),
    "admin.change": gettext_lazy("changed a record in the admin site"),
    "admin.delete": gettext_lazy("deleted a record in the admin site"),
}

# Names of the keys the services write that are not (or not well) named by a model field.
KEYS: dict[str, Promise] = {
    "round": gettext_lazy("round"),
    "kind": gettext_lazy("kind"),
    "note": gettext_lazy("note"),
    "user": gettext_lazy("account"),
    "method": gettext_lazy("order"),
    "seed": gettext_lazy("seed of the lot"),
    "version": gettext_lazy("version"),
    "result": gettext_lazy("result"),
    "termination": gettext_lazy("termination"),
    "status": gettext_lazy("status"),
    "words": gettext_lazy("words of moves"),
    "set_aside": gettext_lazy("waiting versions set aside"),
    "replaced_by": gettext_lazy("replaced by the version of"),
    "reason": gettext_lazy("reason"),
    "requested_for": gettext_lazy("asked by"),
    "confirmed_result": gettext_lazy("confirmed result"),
    "requested_result": gettext_lazy("result asked for"),
    "numbers": gettext_lazy("start numbers"),
    "missed_rounds": gettext_lazy("rounds missed"),
    "bye_kind": gettext_lazy("bye"),
    "imported": gettext_lazy("players imported"),
    "rejected_lines": gettext_lazy("lines rejected"),
    "players": gettext_lazy("players"),
    "rounds": gettext_lazy("rounds"),
    "list": gettext_lazy("rating list"),
    "skipped": gettext_lazy("lines skipped"),
    "ply": gettext_lazy("half-move"),
    "plies": gettext_lazy("half-moves"),
    "rule": gettext_lazy("rule"),
    "upheld": gettext_lazy("upheld"),
    "decision": gettext_lazy("decision"),
    "corrected_move": gettext_lazy("corrected move"),
    "comment": gettext_lazy("comment"),
    "role": gettext_lazy("role"),
    "revoked": gettext_lazy("revoked"),
    "pending": gettext_lazy("games still waiting (paired anyway)"),
    "draw_mark": gettext_lazy("plus-draw"),
    "late": gettext_lazy("late"),
    "minutes": gettext_lazy("minutes after the start"),
    "byes": gettext_lazy("bye seats"),
    "from": gettext_lazy("made from"),
    "transition": gettext_lazy("transition"),
    "made": gettext_lazy("stages made"),
    "carry": gettext_lazy("points carried into the new stage"),
    "carried": gettext_lazy("starting points"),
    "groups_order": gettext_lazy("order of the groups in the final ranking"),
    "preset": gettext_lazy("rating system"),
    "norms": gettext_lazy("norm table"),
    "performance": gettext_lazy("performance"),
    "lists": gettext_lazy("prizes"),
    "unit": gettext_lazy("round down to (cents)"),
    "one_prize_per_player": gettext_lazy("one prize per player"),
    "currency": gettext_lazy("currency"),
    "team": gettext_lazy("team"),
    "team_number": gettext_lazy("team number"),
    "captain": gettext_lazy("captain"),
    "contact": gettext_lazy("contact"),
    "roster": gettext_lazy("roster (board order)"),
    "line_up": gettext_lazy("line-up (board order)"),
    "team_numbers": gettext_lazy("team numbers (average rating of the first players of the roster)"),
    "openings": gettext_lazy("openings by board"),
    "typed_for": gettext_lazy("entered through the private link of"),
    "places": gettext_lazy("places"),
    "order": gettext_lazy("finishing order"),
    "games": gettext_lazy("games or score"),
    # The import of a TRF team file (``games.services.trf_teams.store_team_event``).
    "teams": gettext_lazy("teams"),
    "matches": gettext_lazy("matches"),
    "board_games": gettext_lazy("board games"),
    "team_byes": gettext_lazy("team byes"),
    "withdrawn": gettext_lazy("withdrawn teams: from round (results kept)"),
}
# Who was late when the default time was applied (``games.services.results.apply_default_time``).
LATE_CHOICES = {"w": gettext_lazy("White"), "b": gettext_lazy("Black"), "both": gettext_lazy("White and Black")}
# Values given by their labels: choices that are not those of a field of the entry's object.
CHOICES: dict[str, Mapping[str, object]] = {
    "result": dict(Result.choices),
    "confirmed_result": dict(Result.choices),
    "requested_result": dict(Result.choices),
    "termination": dict(Termination.choices),
    "kind": dict(Absence.Kind.choices),
    "bye_kind": dict(Board.ByeKind.choices),
    "role": dict(Role.Kind.choices),
    "method": dict(Tournament.StartNumberOrder.choices),
    "draw_mark": dict(DrawMark.choices),
    "late": LATE_CHOICES,
    "transition": dict(StageTransition.Kind.choices),
    "carry": {"none": gettext_lazy("None: everyone starts on 0"), "all": gettext_lazy("All points of this stage"),
              "among": gettext_lazy("Only the points scored against players who qualified to the same group")},
    "performance": {"preset": gettext_lazy("As the preset says"), "table": gettext_lazy("Table method"),
                    "formula": gettext_lazy("Formula method")},
}
RESULT_KEYS = frozenset({"result", "confirmed_result", "requested_result"})  # shown with their code: Draw (1-1)
# Values that are English messages of the catalog (a draw rule's name): translated as they are read.
MESSAGE_VALUES = frozenset({"rule"})
_FIELD_MODELS: tuple[type[models.Model], ...] = (Tournament, Player, Entry)
_BYE = re.compile(r"(\d+) bye\((\w*)\)")
_PENDING = re.compile(r"^override: (\d+) pending game\(s\); ")


@dataclass(frozen=True)
class Change:
    """A field's old and new value (``before`` None: the entry records only the new state)."""

    field: str
    before: str | None
    after: str


@dataclass(frozen=True)
class AuditLine:
    """One entry as read: who, the action in words, its object, the changed fields (or the raw texts)."""

    entry: AuditEntry
    who: str
    action: str
    changes: tuple[Change, ...]
    before: str
    after: str
    subject: str = ""
    state: str = ""  # the changes on one line, when the entry records only a new state


def action_label(code: str) -> str:
    return str(ACTIONS.get(code, code))


def _pairs(text: str) -> dict[str, str] | None:
    """``k=v; k=v`` as a dict, or None when the text is a sentence."""
    if not text.strip():
        return {}
    parts = [p.strip() for p in text.split("; ")]
    if not all("=" in p and p.split("=", 1)[0].replace("_", "").isalnum() for p in parts):
        return None
    return dict(p.split("=", 1) for p in parts)


def _model(object_type: str) -> type[models.Model] | None:
    try:
        return apps.get_model(object_type) if "." in object_type else None
    except (LookupError, ValueError):
        return None


def _field(models_: Sequence[type[models.Model]], key: str) -> models.Field[object, object] | None:
    for model in models_:
        try:
            field = model._meta.get_field(key)
        except FieldDoesNotExist:
            continue
        if isinstance(field, models.Field):
            return field
    return None


def _label(key: str, field: models.Field[object, object] | None) -> str:
    if key in KEYS:
        return str(KEYS[key])
    if field is not None:
        return str(field.verbose_name)
    return key.replace("_", " ")


def _value(key: str, text: str, field: models.Field[object, object] | None) -> str:
    if text in ("", "None"):
        return _("(empty)")
    if text in ("True", "False"):
        return _("yes") if text == "True" else _("no")
    choices = CHOICES.get(key) or _choices_of(key) or (dict(field.flatchoices) if field is not None and field.choices
                                                        else {})
    if text in choices:
        return f"{choices[text]} ({text})" if key in RESULT_KEYS else str(choices[text])
    if key in MESSAGE_VALUES:
        return _(text)
    try:
        return date_format(datetime.date.fromisoformat(text), "DATE_FORMAT")
    except ValueError:
        return text


def _choices_of(key: str) -> Mapping[str, object]:
    """Choices of the games app's models (looked up, not imported: the games app builds on this one)."""
    if key == "decision":
        return dict(apps.get_model("games", "IrregularityRuling").Decision.choices)
    return {}


def _sentence(text: str) -> str:
    """A stored text that is not ``key=value`` pairs: a board list's byes named in words."""
    bye_kinds = dict(Board.ByeKind.choices)
    text = _BYE.sub(lambda m: f"{m[1]} ({bye_kinds.get(m[2], m[2])})", text)
    m = _PENDING.match(text)
    if m:
        n = int(m[1])
        text = ngettext("paired with %(n)s game still waiting; ", "paired with %(n)s games still waiting; ",
                        n) % {"n": n} + text[m.end():]
    return text


def _plain(text: str, pairs: dict[str, str] | None, field_models: Sequence[type[models.Model]]) -> str:
    """One side of an entry on its own: its values by name, or the stored sentence."""
    if pairs is None:
        return _sentence(text)
    shown = []
    for key, value in pairs.items():
        field = _field(field_models, key)
        shown.append(_("%(field)s: %(value)s") % {"field": _label(key, field), "value": _value(key, value, field)})
    return "; ".join(shown)


def _changes(before: dict[str, str], after: dict[str, str],
             field_models: Sequence[type[models.Model]]) -> tuple[Change, ...]:
    changes: list[Change] = []
    for key in dict.fromkeys([*after, *before]):
        field = _field(field_models, key)
        label = _label(key, field)
        if not before or key not in before:
            changes.append(Change(label, None, _value(key, after[key], field)))
        elif key not in after:
            changes.append(Change(label, _value(key, before[key], field), _("(empty)")))
        elif before[key] != after[key]:
            changes.append(Change(label, _value(key, before[key], field), _value(key, after[key], field)))
    return tuple(changes)


def read(entry: AuditEntry, subject: str = "") -> AuditLine:
    """``entry`` in plain words (see the module docstring); ``subject``: its object as described now
    (``subjects``), else the description stored with it."""
    if entry.imported:
        who = _("%(name)s (imported from another server)") % {"name": entry.imported_actor or _("unknown")}
    else:
        who = (entry.actor.get_full_name() or entry.actor.get_username()) if entry.actor else _("the system")
    found = _model(entry.object_type)
    field_models = ((found,) if found is not None else ()) + _FIELD_MODELS
    before, after = _pairs(entry.before), _pairs(entry.after)
    if before is not None and after is not None:
        changes, plain_before, plain_after = _changes(before, after, field_models), "", ""
    else:
        changes = ()
        plain_before, plain_after = _plain(entry.before, before, field_models), _plain(entry.after, after, field_models)
    state = "; ".join(_("%(field)s: %(value)s") % {"field": capfirst(c.field), "value": c.after} for c in changes) if (
        changes and all(c.before is None for c in changes)) else ""
    return AuditLine(entry, who, action_label(entry.action), changes, plain_before, plain_after,
                     subject or _stored_subject(entry), state)


# -- the objects, as they are now --------------------------------------------------------------------


def _board_words(board: Board) -> str:
    params = {"round": board.round.number, "board": board.number, "white": board.white.player.name
              if board.white else "–", "black": board.black.player.name if board.black else "–"}
    if board.bye_kind:
        params["bye"] = board.get_bye_kind_display()
        return _("round %(round)s, board %(board)s: %(white)s (%(bye)s)") % params
    return _("round %(round)s, board %(board)s: %(white)s – %(black)s") % params


def _game_words(game: Game) -> str:
    """A game as the audit log names it: its board's words; a team match's board (issue 27) by its match and
    board number with the game's own players (the match's board row has no players of its own)."""
    board = game.board
    if board.white_team_id is None and board.black_team_id is None:
        return _board_words(board)
    params = {"round": board.round.number, "home": board.white_team.name if board.white_team else "–",
              "away": board.black_team.name if board.black_team else "–", "board": game.number,
              "white": game.white.player.name if game.white else "–",
              "black": game.black.player.name if game.black else "–"}
    return _("round %(round)s, %(home)s – %(away)s, board %(board)s: %(white)s – %(black)s") % params


_BOARD = ("round", "white__player", "black__player", "white_team", "black_team")
_GAME = tuple(f"board__{p}" for p in _BOARD) + ("white__player", "black__player")
_GAME_BOARD = tuple(f"game__{p}" for p in _GAME) + ("game__board",)


def _describers() -> dict[str, tuple[type[models.Model], tuple[str, ...], object]]:
    """Per object type: its model, what to load with it, how to word it."""
    draw_claim = apps.get_model("games", "DrawClaim")
    correction = apps.get_model("games", "CorrectionRequest")
    link = apps.get_model("games", "SubmissionLink")
    game = apps.get_model("games", "Game")
    describers: dict[str, tuple[type[models.Model], tuple[str, ...], object]] = {
        "tournaments.Tournament": (Tournament, (), lambda t: t.name),
        "tournaments.Round": (Round, (), lambda r: _("round %(n)s") % {"n": r.number}),
        "tournaments.Board": (Board, _BOARD, _board_words),
        "games.Game": (game, _GAME, _game_words),
        "games.ResultSubmission": (ResultSubmission, _GAME_BOARD, lambda s: _("%(board)s, version %(n)s") % {
            "board": _game_words(s.game), "n": s.version}),
        "games.DrawClaim": (draw_claim, _GAME_BOARD, lambda c: _game_words(c.game)),
        "games.CorrectionRequest": (correction, _GAME_BOARD, lambda c: _game_words(c.game)),
        "games.SubmissionLink": (link, ("entry__player",), lambda x: str(x.entry)),
        "tournaments.Entry": (Entry, ("player",), str),
        "tournaments.ProhibitedPair": (ProhibitedPair, ("first__player", "second__player"),
                                       lambda p: f"{p.first} / {p.second}"),
        "tournaments.Role": (Role, ("user",), lambda r: f"{r.user.get_full_name() or r.user.get_username()} – "
                                                        f"{r.get_kind_display()}"),
        "tournaments.RatingList": (RatingList, (), lambda x: x.name),
        "tournaments.PlayOff": (PlayOff, (), lambda p: _("play-off from place %(n)s") % {"n": p.first_place}),
    }
    # Archives written before games and results moved to the games app (issue 25.7) name them so.
    describers["tournaments.Game"] = describers["games.Game"]
    describers["tournaments.ResultSubmission"] = describers["games.ResultSubmission"]
    return describers


def subjects(entries: Iterable[AuditEntry]) -> dict[int, str]:
    """What each entry is about, worded in the active language from the object as it is now (one
    query per object type); entries whose object is gone keep the description stored with them."""
    by_type: dict[str, set[str]] = {}
    entries = list(entries)
    for e in entries:
        if e.object_id:
            by_type.setdefault(e.object_type, set()).add(e.object_id)
    describers = _describers()
    words: dict[tuple[str, str], str] = {}
    for object_type, ids in by_type.items():
        if object_type not in describers:
            continue
        model, related, describe = describers[object_type]
        pks = [int(i) for i in ids if i.isdigit()]
        for obj in model._default_manager.filter(pk__in=pks).select_related(*related):
            words[(object_type, str(obj.pk))] = describe(obj)  # type: ignore[operator]
    return {e.pk: words.get((e.object_type, e.object_id), "") for e in entries}


_STORED_SUBMISSION = re.compile(r"^(.*) v(\d+): (\S+) \((\w+)\)$")
_STORED_ROUND = re.compile(r"^(.*) – round (\d+)$")


def _stored_subject(entry: AuditEntry) -> str:
    """The description stored with an entry whose object is gone, its English words translated."""
    text = entry.object_repr
    m = _STORED_SUBMISSION.match(text)
    if m:
        return _("%(board)s, version %(n)s") % {"board": m[1], "n": m[2]}
    m = _STORED_ROUND.match(text)
    if m:
        return _("round %(n)s") % {"n": m[2]}
    return _sentence(text)
