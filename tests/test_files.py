"""Writing files: all or nothing, never over a user's file unless asked, with ordinary permissions."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from minibridge.errors import AlreadyExistsError, MiniBridgeError
from minibridge.files import already_exists, write_atomic
from minibridge.language import speaking


def test_a_new_file_is_readable_by_all_as_the_umask_allows(tmp_path: Path):
    old = os.umask(0o022)
    try:
        path = write_atomic(tmp_path / "deep" / "pack.pdf", b"%PDF")
    finally:
        os.umask(old)
    assert path.read_bytes() == b"%PDF" and path.stat().st_mode & 0o777 == 0o644
    assert [p.name for p in path.parent.iterdir()] == ["pack.pdf"]  # no temporary file left behind


def test_an_existing_file_is_kept_unless_asked(tmp_path: Path):
    path = tmp_path / "league.yaml"
    path.write_text("mine", encoding="utf-8")
    path.chmod(0o600)
    with pytest.raises(MiniBridgeError, match="already exists"):
        write_atomic(path, "theirs")
    assert path.read_text(encoding="utf-8") == "mine"
    write_atomic(path, "theirs", overwrite=True)
    assert path.read_text(encoding="utf-8") == "theirs" and path.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["league.yaml"]


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "'a.pdf' already exists: choose another name, or use --force to replace it"),
        ("nl", "'a.pdf' bestaat al: kies een andere naam, of gebruik --force om het te vervangen"),
        ("da", "'a.pdf' findes allerede: vælg et andet navn, eller brug --force for at erstatte den"),
    ],
)
def test_a_file_already_there_is_said_in_the_language_in_use_where_it_is_refused(tmp_path: Path, code, said):
    path = tmp_path / "a.pdf"
    path.write_bytes(b"mine")
    with speaking(code), pytest.raises(AlreadyExistsError) as caught:
        write_atomic(path, b"theirs")
    assert str(caught.value) == said.replace("'a.pdf'", f"'{path}'")
    with speaking(code):
        assert str(already_exists("a.pdf")) == said


def test_a_folder_that_cannot_be_written_is_a_plain_error(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(MiniBridgeError, match="cannot write in"):
        write_atomic(blocker / "pack.pdf", b"x")
