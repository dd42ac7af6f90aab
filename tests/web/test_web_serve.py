"""``minibridge serve``: prints the pupils' address, the class code off loopback and the teacher's link, serves
the API, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

from minibridge.web.server import free_port

MINIBRIDGE = str(Path(sys.executable).with_name("minibridge"))


def _serve(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    command = [MINIBRIDGE, "serve", "--port", str(port), "--no-open", "--data"]
    process = subprocess.Popen([*command, str(tmp_path), *args], stdout=subprocess.PIPE, text=True)
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
    [((), None), (("--class-code", "OWL42"), "OWL42"), (("--host", "0.0.0.0"), "")],
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
            [MINIBRIDGE, "serve", "--port", str(port), "--no-open", "--data", str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert second.returncode != 0 and "choose another --port" in second.stderr
        assert "Traceback" not in second.stderr
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
