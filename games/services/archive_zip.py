"""The zip of a tournament archive (``games.services.archive``), opened within bounds.

Every bound is checked before the document is parsed, from what the zip's directory declares, and
again while the member inflates (its declared sizes are never trusted):

* the file: at most ``MAX_ZIP_BYTES``;
* members: at most ``MAX_MEMBERS``, only ``tournament.json`` and ``games.pdn``, each once;
* ``tournament.json``: at most ``MAX_JSON_BYTES`` uncompressed, and at most ``MAX_RATIO`` times its
  compressed size (more is a zip bomb);
* ``games.pdn`` is for people and other programs: the import never inflates it (its declared size
  is bounded by ``MAX_PDN_BYTES`` all the same).

The document's own bounds (rows per section, bytes per row, moves per game) are ``games.services
.archive``'s. Every failure is an ``ArchiveError`` naming what is wrong; nothing here knows what the
members mean.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import zipfile
import zlib
from collections.abc import Iterator
from typing import IO

from django.utils.translation import gettext as _

FORMAT = "draughts-arbiter/tournament"
VERSION = 1
JSON_NAME = "tournament.json"
PDN_NAME = "games.pdn"
MEMBERS = (JSON_NAME, PDN_NAME)

MB = 1024 * 1024
MAX_ZIP_BYTES = 64 * MB  # the uploaded or given file
MAX_MEMBERS = len(MEMBERS)
MAX_JSON_BYTES = 64 * MB  # tournament.json, uncompressed
MAX_PDN_BYTES = 256 * MB  # games.pdn, uncompressed as declared (never inflated by the import)
MAX_RATIO = 200  # uncompressed / compressed; JSON of a tournament compresses about 5-20 times
CHUNK = 64 * 1024

Source = bytes | str | os.PathLike[str] | IO[bytes]


class ArchiveError(Exception):
    """The archive cannot be exported or imported; the message says what and where."""


class _Bounded(io.RawIOBase):
    """The inflating member, stopped at its cap and at ``MAX_RATIO`` times its compressed size, with
    the SHA-256 of what was read."""

    def __init__(self, fh: IO[bytes], info: zipfile.ZipInfo) -> None:
        self.fh = fh
        self.info = info
        self.read_bytes = 0
        self.sha256 = hashlib.sha256()
        self.cap = min(MAX_JSON_BYTES, MAX_RATIO * max(info.compress_size, 1) + CHUNK)

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        try:
            data = self.fh.read(CHUNK if size is None or size < 0 else min(size, CHUNK))
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError) as exc:
            raise ArchiveError(_("%(name)s in the archive is damaged: %(error)s")
                               % {"name": self.info.filename, "error": exc}) from None
        self.read_bytes += len(data)
        if self.read_bytes > MAX_JSON_BYTES:
            raise ArchiveError(_("%(name)s is larger than %(mb)s MB uncompressed: refused")
                               % {"name": self.info.filename, "mb": MAX_JSON_BYTES // MB})
        if self.read_bytes > self.cap:
            raise ArchiveError(_("%(name)s expands more than %(ratio)s times: refused as a zip bomb")
                               % {"name": self.info.filename, "ratio": MAX_RATIO})
        self.sha256.update(data)
        return data


def _size(source: Source) -> int:
    if isinstance(source, bytes):
        return len(source)
    if isinstance(source, str | os.PathLike):
        return os.stat(source).st_size
    position = source.tell()
    size = source.seek(0, io.SEEK_END)
    source.seek(position)
    return size


def _members(zf: zipfile.ZipFile) -> zipfile.ZipInfo:
    """The JSON member's entry, after every check that needs only the zip's directory."""
    infos = zf.infolist()
    names = [i.filename for i in infos]
    unknown = [n for n in names if n not in MEMBERS]
    if len(infos) > MAX_MEMBERS and not unknown:
        raise ArchiveError(_("The zip holds %(n)s files; a tournament archive holds at most %(max)s.")
                           % {"n": len(infos), "max": MAX_MEMBERS})
    if unknown or len(set(names)) != len(names):
        shown = ", ".join(unknown[:10] or names[:10]) + (" …" if len(unknown or names) > 10 else "")
        raise ArchiveError(_("Unexpected files in the archive: %(names)s (a tournament archive holds %(members)s, "
                             "at most %(max)s files).")
                           % {"names": shown, "members": " and ".join(MEMBERS), "max": MAX_MEMBERS})
    if JSON_NAME not in names:
        raise ArchiveError(_("This zip is not a tournament archive: it has no %(name)s.") % {"name": JSON_NAME})
    for info in infos:
        if info.filename == JSON_NAME and info.file_size > MAX_RATIO * max(info.compress_size, 1) + CHUNK:
            raise ArchiveError(_("%(name)s would expand more than %(ratio)s times: refused as a zip bomb")
                               % {"name": info.filename, "ratio": MAX_RATIO})
        cap = MAX_JSON_BYTES if info.filename == JSON_NAME else MAX_PDN_BYTES
        if info.file_size > cap:
            raise ArchiveError(_("%(name)s would expand to %(size)s bytes; at most %(max)s are read: refused")
                               % {"name": info.filename, "size": info.file_size, "max": cap})
    return next(i for i in infos if i.filename == JSON_NAME)


def check_zip(source: Source) -> None:
    """Every bound that the zip's size and directory show, without inflating anything (the upload
    page's immediate answer; ``open_json`` checks them again)."""
    with open_json(source, inflate=False):
        pass


@contextlib.contextmanager
def open_json(source: Source, *, inflate: bool = True) -> Iterator[_Bounded]:
    """The inflating ``tournament.json`` of the zip ``source`` (bytes, a path or a binary file), bounded;
    its ``sha256`` and ``read_bytes`` count what was read."""
    try:
        size = _size(source)
    except OSError as exc:
        raise ArchiveError(_("The file cannot be read: %(error)s") % {"error": exc.strerror or exc}) from None
    if size > MAX_ZIP_BYTES:
        raise ArchiveError(_("The file is larger than %(mb)s MB.") % {"mb": MAX_ZIP_BYTES // MB})
    try:
        zf = zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError, NotImplementedError):
        raise ArchiveError(_("This is not a tournament archive: not a readable zip file "
                             "(damaged or truncated?).")) from None
    with zf:
        info = _members(zf)
        if not inflate:
            yield _Bounded(io.BytesIO(), info)
            return
        try:
            fh = zf.open(info)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError,
                RuntimeError) as exc:
            raise ArchiveError(_("%(name)s in the archive is damaged: %(error)s")
                               % {"name": info.filename, "error": exc}) from None
        with fh:
            yield _Bounded(fh, info)
