"""The audit log in plain words: "Henk Scholten changed the start date from 4 Sep 2026 to (empty)".

The audit entries keep what the services wrote (an action code, and before/after as ``field=value;
...`` or a sentence); this read model turns them into what an arbiter reads: the action in words,
each changed field by its translated name with its old and new value (dates in the language's
format, empty values said so), in the active language. Nothing stored changes.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import AuditEntry, Entry, Player, Tournament

ACTIONS = {
    "tournament.create": gettext_lazy("created the tournament"),
    "tournament.update": gettext_lazy("changed the settings"),
    "tournament.finish": gettext_lazy("finished the tournament"),
    "tournament.import_trf": gettext_lazy("imported the tournament from TRF"),
    "import_archive": gettext_lazy("imported a tournament archive"),
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
    "round.pair": gettext_lazy("paired a round"),
    "round.publish": gettext_lazy("published a round"),
    "round.unpair": gettext_lazy("unpaired a round"),
    "round.finish": gettext_lazy("finished a round"),
    "board.swap_colours": gettext_lazy("swapped the colours of a board"),
    "board.swap_players": gettext_lazy("exchanged two players"),
    "result.enter": gettext_lazy("entered a result"),
    "result.confirm": gettext_lazy("confirmed a result"),
    "result.reject": gettext_lazy("rejected a result"),
    "result.replace_own": gettext_lazy("replaced a waiting result"),
    "result.request_correction": gettext_lazy("asked for a correction"),
    "draw_claim": gettext_lazy("claimed a draw"),
}
_MODELS: tuple[type[models.Model], ...] = (Tournament, Player, Entry)


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


def _label(key: str) -> str:
    for model in _MODELS:
        try:
            field = model._meta.get_field(key)
        except FieldDoesNotExist:
            continue
        if isinstance(field, models.Field):
            return str(field.verbose_name)
    return key.replace("_", " ")


def _value(text: str) -> str:
    if text in ("", "None"):
        return _("(empty)")
    if text in ("True", "False"):
        return _("yes") if text == "True" else _("no")
    try:
        return date_format(datetime.date.fromisoformat(text), "DATE_FORMAT")
    except ValueError:
        return text


def read(entry: AuditEntry) -> AuditLine:
    """``entry`` in plain words (see the module docstring)."""
    if entry.imported:
        who = _("%(name)s (imported from another server)") % {"name": entry.imported_actor or _("unknown")}
    else:
        who = (entry.actor.get_full_name() or entry.actor.get_username()) if entry.actor else _("the system")
    before, after = _pairs(entry.before), _pairs(entry.after)
    changes: tuple[Change, ...] = ()
    if before is not None and after is not None and (before or after):
        keys = list(dict.fromkeys([*after, *before]))
        changes = tuple(Change(_label(k), _value(before.get(k, "")) if before else None, _value(after.get(k, "")))
                        for k in keys if before.get(k) != after.get(k) or not before)
    return AuditLine(entry, who, action_label(entry.action), changes,
                     "" if changes else entry.before, "" if changes else entry.after)
