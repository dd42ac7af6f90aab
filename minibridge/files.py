"""Writing files so that nothing a user wrote is ever lost or half-written."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from minibridge.errors import AlreadyExistsError, MiniBridgeError
from minibridge.language import gettext

__all__ = ["write_atomic", "already_exists"]


def write_atomic(path: str | Path, data: str | bytes, *, overwrite: bool = False, mode: int | None = None) -> Path:
    """Write ``data`` to ``path`` through a temporary file in the same folder and ``os.replace``.

    An existing file is kept unless ``overwrite`` is set; a crash leaves either the old file or the new one. The file
    gets the permissions ``mode`` (``0o600``: the user's alone), else those of the file it replaces.
    """
    path = Path(path)
    if path.exists() and not overwrite:
        raise already_exists(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise MiniBridgeError(
            gettext("cannot write in '%(folder)s': %(reason)s") % {"folder": folder, "reason": err.strerror}
        ) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data.encode("utf-8") if isinstance(data, str) else data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(path) if mode is None else mode)
        if overwrite:
            os.replace(temporary, path)
        else:
            os.link(temporary, path)  # fails if another writer made the file meanwhile
    except FileExistsError:
        raise already_exists(path) from None
    except OSError as err:
        raise MiniBridgeError(
            gettext("cannot write '%(file)s': %(reason)s") % {"file": path, "reason": err.strerror}
        ) from None
    finally:
        Path(temporary).unlink(missing_ok=True)
    return path


def already_exists(path: str | Path) -> AlreadyExistsError:
    """The error for a file that would be replaced unasked, in the language in use: what to do instead.

    >>> print(already_exists("output/lesson-3.pdf"))
    'output/lesson-3.pdf' already exists: choose another name, or use --force to replace it
    """
    return AlreadyExistsError(
        gettext("'%(path)s' already exists: choose another name, or use --force to replace it") % {"path": path}
    )


def _mode_for(path: Path) -> int:
    """The permissions of the file being replaced, or those a new file gets (read for all, as the umask allows)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
