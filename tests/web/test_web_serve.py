"""``minibridge serve``: for the class by default (the tablets' address, the class code of the day, the QR code of the
address with the code filled in, the teacher's link kept from one start to the next, what to answer the firewall),
kept to this computer with ``--host 127.0.0.1``; serves the API, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest
import segno

from minibridge.classroom.joining import CODE_FILE, CODE_LETTERS, TOKEN_FILE
from minibridge.web.server import free_port

MINIBRIDGE = str(Path(sys.executable).with_name("minibridge"))


def _serve(
    tmp_path: Path, *args: str, opening: bool = False, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    command = [MINIBRIDGE, "serve", "--port", str(port), *([] if opening else ["--no-open"]), "--data"]
    process = subprocess.Popen([*command, str(tmp_path), *args], stdout=subprocess.PIPE, text=True, env=env)
    for _ in range(200):
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return process, port
        except httpx2.HTTPError:
            time.sleep(0.05)
    process.kill()
    pytest.fail("the server did not start")


@pytest.mark.parametrize(
    ("args", "code_shown"),
    [(("--host", "127.0.0.1"), None), (("--host", "127.0.0.1", "--class-code", "OWL42"), "OWL42"), ((), "")],
)
def test_serve_prints_its_links_and_stops_cleanly_on_ctrl_c(tmp_path: Path, args: tuple[str, ...], code_shown):
    process, port = _serve(tmp_path, "--teacher-token", "secret", *args)
    started = httpx2.post(f"http://127.0.0.1:{port}/api/games", json={"lesson": 3, "seed": 1})
    assert started.status_code == (201 if code_shown is None else 401)
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=20)
    assert process.returncode == 0, output
    assert f":{port}/" in output.splitlines()[0] and output.startswith("Pupils: http://")
    assert f"Teacher: http://127.0.0.1:{port}/teacher?token=secret" in output
    if code_shown is None:
        assert "Class code" not in output
    else:
        assert f"Class code: {code_shown}" in output
    assert (tmp_path / "classroom.sqlite3").exists()
    assert "stopped" in output


def test_a_port_already_taken_is_refused_in_words(tmp_path: Path):
    process, port = _serve(tmp_path)
    try:
        second = subprocess.run(
            [MINIBRIDGE, "serve", "--port", str(port), "--no-open", "--data", str(tmp_path / "another")],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert second.returncode != 0 and "choose another --port" in second.stderr
        assert "Traceback" not in second.stderr
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)


def _printed(tmp_path: Path, *args: str) -> str:
    """What ``minibridge serve`` prints once it listens, until Ctrl-C stops it."""
    process, _ = _serve(tmp_path, *args)
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=20)
    assert process.returncode == 0, output
    return output


_HALVES = {"█": (False, False), " ": (True, True), "▀": (False, True), "▄": (True, False)}
"""A character of the terminal's QR code: whether its top and its bottom module are dark (light text on a dark
terminal: a full block is two light modules)."""


def _terminal_modules(lines: list[str]) -> list[tuple[bool, ...]]:
    """The rows of modules a QR code printed with block characters shows, two rows a line."""
    rows: list[tuple[bool, ...]] = []
    for line in lines:
        halves = [_HALVES[char] for char in line]
        rows += [tuple(top for top, _ in halves), tuple(bottom for _, bottom in halves)]
    return rows


def _modules(address: str, border: int) -> list[tuple[bool, ...]]:
    """The modules of the QR code of ``address`` as a reader needs them, with a light border."""
    return [tuple(bool(m) for m in row) for row in segno.make_qr(address, error="m").matrix_iter(border=border)]


def test_serve_is_for_the_class_by_default_and_prints_what_the_teacher_needs_in_order(tmp_path: Path):
    output = _printed(tmp_path)
    lines = output.splitlines()
    pupils = re.fullmatch(r"Pupils: (http://[\d.]+:\d+/)", lines[0])
    assert pupils and not pupils.group(1).startswith("http://127."), lines[0]
    code = lines[1].removeprefix("Class code: ")
    assert lines[1].startswith("Class code: ") and len(code) == 5 and set(code) <= set(CODE_LETTERS)
    assert lines[2] == "Or scan this with a tablet: it opens the address with the class code filled in."
    drawn = [line for line in lines[3:] if line and set(line) <= set(_HALVES)]
    assert lines[3 : 3 + len(drawn)] == drawn and len(drawn) >= 12
    expected = _modules(f"{pupils.group(1)}?code={code}", border=2)
    assert _terminal_modules(drawn)[: len(expected)] == expected  # the QR code reads the join address
    after = lines[3 + len(drawn) :]
    assert after[0].startswith("Teacher: http://127.0.0.1:") and "/teacher?token=" in after[0]
    assert after[1] == (
        "If this computer asks whether Python may accept connections, choose Allow (private networks only)."
    )
    assert after[2] == f"Games and progress are kept in {tmp_path}. Stop the server with Ctrl-C."


def test_on_this_computer_only_there_is_no_class_code_no_qr_code_and_no_firewall(tmp_path: Path):
    lines = _printed(tmp_path, "--host", "127.0.0.1").splitlines()
    assert lines[0].startswith("Pupils: http://127.0.0.1:") and lines[1].startswith("Teacher: http://127.0.0.1:")
    assert lines[2].startswith("Games and progress are kept in") and lines[3] == "The server has stopped."
    assert not (tmp_path / CODE_FILE).exists()


def _code_and_token(output: str) -> tuple[str, str]:
    code = re.search(r"^Class code: (\w+)$", output, re.M)
    token = re.search(r"/teacher\?token=(\S+)$", output, re.M)
    assert code and token, output
    return code.group(1), token.group(1)


def test_the_class_code_is_kept_for_the_day_and_the_teachers_link_from_one_start_to_the_next(tmp_path: Path):
    code, token = _code_and_token(_printed(tmp_path))
    assert _code_and_token(_printed(tmp_path)) == (code, token)  # started again: the tablets and the bookmark work
    for name in (CODE_FILE, TOKEN_FILE):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
    kept = json.loads((tmp_path / CODE_FILE).read_text())
    assert kept["code"] == code
    (tmp_path / CODE_FILE).write_text(json.dumps({"day": "2000-01-01", "code": code}))
    new_code, same_token = _code_and_token(_printed(tmp_path))  # a new day, a new code
    assert new_code != code and same_token == token
    assert _code_and_token(_printed(tmp_path, "--class-code", "OWL42")) == ("OWL42", token)
    _, new_token = _code_and_token(_printed(tmp_path, "--new-teacher-link"))
    assert new_token != token
    assert _code_and_token(_printed(tmp_path)) == (new_code, new_token)  # the new link is kept
    assert _code_and_token(_printed(tmp_path, "--teacher-token", "secret")) == (new_code, "secret")
    assert (tmp_path / TOKEN_FILE).read_text().strip() == new_token


def test_the_browser_serve_opens_shows_the_teachers_room(tmp_path: Path):
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    browser.chmod(0o755)
    env = {**os.environ, "BROWSER": str(browser)}
    process, port = _serve(tmp_path / "data", "--teacher-token", "secret", opening=True, env=env)
    try:
        for _ in range(200):
            if opened.exists() and opened.read_text().strip():
                break
            time.sleep(0.05)
        assert opened.read_text().strip() == f"http://127.0.0.1:{port}/teacher?token=secret"
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
