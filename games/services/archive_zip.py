"""The zip of a tournament archive (``games.services.archive``), read within bounds.

At most ``MAX_ZIP_BYTES`` in, at most ``MAX_MEMBERS`` members, only the archive's own member names,
each member's and the total uncompressed size capped (read in chunks, never trusting the sizes the
zip declares), a compression ratio above ``MAX_RATIO`` refused as a zip bomb. Every failure is an
``ArchiveError`` naming what is wrong; nothing here knows what the members mean.
"""

from __future__ import annotations

import io
import zipfile
import zlib

from django.utils.translation import gettext as _

FORMAT = "draughts-arbiter/tournament"
VERSION = 1
JSON_NAME = "tournament.json"
PDN_NAME = "games.pdn"
MEMBERS = (JSON_NAME, PDN_NAME)

MAX_ZIP_BYTES = 64 * 1024 * 1024  # the uploaded or given file
MAX_MEMBERS = 8
MAX_MEMBER_BYTES = 256 * 1024 * 1024  # one member, uncompressed
MAX_TOTAL_BYTES = 320 * 1024 * 1024  # all members, uncompressed
MAX_RATIO = 200  # uncompressed / compressed; JSON of a tournament compresses about 10-20 times
CHUNK = 1024 * 1024


class ArchiveError(Exception):
    """The archive cannot be exported or imported; the message says what and where."""


def _read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, budget: int) -> bytes:
    """The member's bytes, read in chunks and stopped at its cap, whatever the zip declares."""
    cap = min(MAX_MEMBER_BYTES, budget)
    out = bytearray()
    with zf.open(info) as fh:
        while True:
            chunk = fh.read(CHUNK)
            if not chunk:
                break
            out += chunk
            if len(out) > cap:
                raise ArchiveError(_("%(name)s is larger than %(mb)s MB uncompressed: refused (a zip bomb?)")
                                   % {"name": info.filename, "mb": cap // (1024 * 1024)})
            if len(out) > MAX_RATIO * max(info.compress_size, 1) + CHUNK:
                raise ArchiveError(_("%(name)s expands more than %(ratio)s times: refused as a zip bomb")
                                   % {"name": info.filename, "ratio": MAX_RATIO})
    return bytes(out)


def json_member(raw: bytes) -> bytes:
    """The bytes of ``JSON_NAME`` in the zip ``raw`` (all members read within the bounds)."""
    if len(raw) > MAX_ZIP_BYTES:
        raise ArchiveError(_("The file is larger than %(mb)s MB.") % {"mb": MAX_ZIP_BYTES // (1024 * 1024)})
    try:
        zf = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError, NotImplementedError):
        raise ArchiveError(_("This is not a tournament archive: not a readable zip file "
                             "(damaged or truncated?).")) from None
    with zf:
        infos = zf.infolist()
        if len(infos) > MAX_MEMBERS:
            raise ArchiveError(_("The zip holds %(n)s files; a tournament archive holds at most %(max)s.")
                               % {"n": len(infos), "max": MAX_MEMBERS})
        names = [i.filename for i in infos]
        if JSON_NAME not in names:
            raise ArchiveError(_("This zip is not a tournament archive: it has no %(name)s.") % {"name": JSON_NAME})
        unknown = [n for n in names if n not in MEMBERS]
        if unknown or len(set(names)) != len(names):
            raise ArchiveError(_("Unexpected files in the archive: %(names)s") % {"names": ", ".join(unknown or names)})
        declared = sum(i.file_size for i in infos)
        if declared > MAX_TOTAL_BYTES:
            raise ArchiveError(_("The archive would expand to %(mb)s MB: refused (a zip bomb?)")
                               % {"mb": declared // (1024 * 1024)})
        budget = MAX_TOTAL_BYTES
        data: dict[str, bytes] = {}
        for info in infos:
            try:
                data[info.filename] = _read_member(zf, info, budget)
            except ArchiveError:
                raise
            except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError,
                    RuntimeError) as exc:  # RuntimeError: a member marked encrypted (a damaged flag bit)
                raise ArchiveError(_("%(name)s in the archive is damaged: %(error)s")
                                   % {"name": info.filename, "error": exc}) from None
            budget -= len(data[info.filename])
    return data[JSON_NAME]
