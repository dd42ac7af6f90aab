"""The classroom server stays reachable under a flood, on a real server over real sockets: idle and slow
connections are cut after a few seconds (short ones here), a computer keeps a bounded number of connections and
of live streams open, a full server makes room by closing idle connections or refuses in words, and a thousand
bad requests write two lines of log, not a thousand."""

from __future__ import annotations

import contextlib
import json
import logging
import selectors
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx2
import pytest
from classroom_client import SAMPLES, without_counting

from minibridge.web.app import create_app
from minibridge.web.connections import Limits
from minibridge.web.live import MOST_STREAMS
from minibridge.web.server import running

TEACHER = {"Authorization": "Bearer teacher"}
ANOTHER_TABLET = "127.0.0.2"
"""A second computer on the loopback network (Linux answers all of 127.0.0.0/8)."""
other_computers = pytest.mark.skipif(sys.platform != "linux", reason="needs more than one loopback address")


@contextlib.contextmanager
def _serving(tmp_path: Path, limits: Limits) -> Iterator[int]:
    """A classroom server bound by ``limits``; yields its port."""
    app = create_app(
        data=without_counting(tmp_path), class_code=None, teacher_token="teacher", loopback=True, samples=SAMPLES
    )
    with running(app, limits=limits) as address:
        yield int(urlsplit(address).port or 0)


def _connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    connection.setblocking(False)
    return connection


def _outcomes(connections: list[socket.socket], seconds: float) -> list[bytes | None]:
    """What each connection received until the server closed it, or None for those still open after ``seconds``."""
    received = {connection: b"" for connection in connections}
    closed: set[socket.socket] = set()
    with selectors.DefaultSelector() as selector:
        for connection in connections:
            selector.register(connection, selectors.EVENT_READ)
        deadline = time.monotonic() + seconds
        while len(closed) < len(connections) and (left := deadline - time.monotonic()) > 0:
            for key, _ in selector.select(left):
                connection = key.fileobj
                assert isinstance(connection, socket.socket)
                try:
                    chunk = connection.recv(65536)
                except ConnectionResetError:
                    chunk = b""
                received[connection] += chunk
                if not chunk:
                    closed.add(connection)
                    selector.unregister(connection)
    return [received[connection] if connection in closed else None for connection in connections]


def _health(port: int, source: str = "127.0.0.1") -> tuple[int, float]:
    """The status of ``/api/health`` asked on a new connection from ``source``, and the seconds it took."""
    start = time.perf_counter()
    with httpx2.Client(transport=httpx2.HTTPTransport(local_address=source), timeout=5) as client:
        status = client.get(f"http://127.0.0.1:{port}/api/health").status_code
    return status, time.perf_counter() - start


def _refusal(answer: bytes) -> dict[str, str]:
    """The JSON of a 503 answer given on connecting."""
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503 "), answer
    assert b"retry-after: " in head.lower()
    return json.loads(body)


@other_computers
def test_idle_connections_of_one_computer_are_bounded_and_cut_while_the_others_are_served(tmp_path: Path):
    with _serving(tmp_path, Limits(head=2.0, keep_alive=1)) as port:
        idle = [_connect(port) for _ in range(200)]
        at_once = _outcomes(idle, 1.0)
        refused = [answer for answer in at_once if answer is not None]
        assert len(refused) == 200 - Limits().per_client
        assert all(_refusal(answer)["error"].startswith("The server is too busy") for answer in refused)
        status, seconds = _health(port, ANOTHER_TABLET)
        assert status == 200 and seconds < 1.0
        kept = [connection for connection, answer in zip(idle, at_once, strict=True) if answer is None]
        assert _outcomes(kept, 3.0) == [b""] * len(kept)  # cut after two seconds, without an answer
        assert _health(port)[0] == 200
        for connection in idle:
            connection.close()


def test_a_server_full_of_idle_connections_closes_the_oldest_to_let_a_new_one_in(tmp_path: Path):
    with _serving(tmp_path, Limits(per_client=1000, in_all=50, head=5.0)) as port:
        idle = [_connect(port) for _ in range(100)]
        at_once = _outcomes(idle, 1.0)
        assert at_once[:50] == [b""] * 50 and at_once[50:] == [None] * 50
        status, seconds = _health(port)
        assert status == 200 and seconds < 1.0
        assert _outcomes(idle[50:], 0.3)[0] == b""  # the oldest waiting made room
        for connection in idle:
            connection.close()


def _open_stream(port: int, event: str, headers: dict[str, str] | None = None) -> tuple[socket.socket, bytes]:
    """A raw connection that asked for the event's live stream, and what it received first."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=5)
    extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    connection.sendall(f"GET /api/events/{event}/stream HTTP/1.1\r\nHost: test\r\n{extra}\r\n".encode())
    if not connection.recv(12, socket.MSG_PEEK).startswith(b"HTTP/1.1 200"):
        return connection, _answer(connection)
    received = b""
    while b"retry:" not in received:
        received += connection.recv(4096)
    return connection, received


def _event(port: int) -> str:
    answer = httpx2.post(f"http://127.0.0.1:{port}/api/events", json={"name": "Club", "boards": 2}, headers=TEACHER)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def test_a_server_full_of_busy_connections_refuses_in_words_without_a_line_of_log(tmp_path: Path, caplog):
    try:
        with _serving(tmp_path, Limits(in_all=5)) as port:
            logging.getLogger("uvicorn").addHandler(caplog.handler)
            event = _event(port)
            streams = [_open_stream(port, event) for _ in range(5)]
            assert all(received.startswith(b"HTTP/1.1 200") for _, received in streams)
            refused = [_outcomes([_connect(port)], 2.0)[0] for _ in range(20)]
            assert all(answer and "busy" in _refusal(answer)["error"] for answer in refused)
            for connection, _ in streams:
                connection.close()
            time.sleep(0.3)
            assert _health(port)[0] == 200
    finally:
        logging.getLogger("uvicorn").removeHandler(caplog.handler)
    assert caplog.records == []


@pytest.mark.parametrize("after_a_request", [False, True])
def test_a_request_head_sent_a_byte_at_a_time_is_cut(tmp_path: Path, after_a_request: bool):
    with _serving(tmp_path, Limits(head=1.0)) as port:
        connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        if after_a_request:
            connection.sendall(b"GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n")
            assert _answer(connection).startswith(b"HTTP/1.1 200")
        start = time.monotonic()
        connection.sendall(b"GET /api/health HTTP/1.1\r\nHost: test\r\n")
        received = _drip(connection, b"X-Slow: " + b"a" * 100, seconds=4.0)
        assert received == b""
        assert 0.9 < time.monotonic() - start < 2.5
        connection.close()


def test_a_request_body_sent_too_slowly_is_cut(tmp_path: Path):
    with _serving(tmp_path, Limits(body=1.0)) as port:
        connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        head = b"POST /api/games HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n"
        connection.sendall(head + b"\r\n{")
        start = time.monotonic()
        received = _drip(connection, b" " * 100, seconds=4.0)
        assert b"HTTP/1.1 200" not in received and b"HTTP/1.1 201" not in received
        assert 0.9 < time.monotonic() - start < 2.5
        connection.close()


def _answer(connection: socket.socket) -> bytes:
    """A whole answer read from ``connection`` (its head and its body of Content-Length bytes)."""
    received = b""
    while b"\r\n\r\n" not in received:
        received += connection.recv(4096)
    head, _, body = received.partition(b"\r\n\r\n")
    length = int(next(line for line in head.lower().split(b"\r\n") if line.startswith(b"content-length:"))[15:])
    while len(body) < length:
        body += connection.recv(4096)
    return head + b"\r\n\r\n" + body


def _drip(connection: socket.socket, text: bytes, *, seconds: float) -> bytes:
    """Send ``text`` a byte every tenth of a second until the server closes the connection; what it answered. Fails
    when the connection is still open after ``seconds``."""
    deadline = time.monotonic() + seconds
    connection.setblocking(False)
    received = b""
    for byte in text:
        assert time.monotonic() < deadline, "the slow connection was not cut"
        with contextlib.suppress(BlockingIOError):
            chunk = connection.recv(4096)
            if not chunk:
                return received
            received += chunk
        try:
            connection.send(bytes([byte]))
        except (BrokenPipeError, ConnectionResetError):
            return received
        time.sleep(0.1)
    raise AssertionError("the slow connection was not cut")


def test_a_computer_keeps_a_bounded_number_of_live_streams_the_teacher_more(tmp_path: Path):
    with _serving(tmp_path, Limits()) as port:
        event = _event(port)
        streams = [_open_stream(port, event) for _ in range(MOST_STREAMS)]
        assert all(received.startswith(b"HTTP/1.1 200") for _, received in streams)
        connection, refused = _open_stream(port, event)
        head, _, body = refused.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 429") and b"retry-after: 10" in head.lower()
        words = "Too many pages are open on this tablet. Close some of them, then try again."
        assert json.loads(body) == {"error": words}
        connection.close()
        teachers, received = _open_stream(port, event, TEACHER)
        assert received.startswith(b"HTTP/1.1 200")
        teachers.close()
        streams.pop()[0].close()  # a page closed: its stream ends on the server
        time.sleep(0.3)
        again, received = _open_stream(port, event)
        assert received.startswith(b"HTTP/1.1 200")
        for connection, _ in [*streams, (again, b"")]:
            connection.close()


def test_a_thousand_bad_requests_write_one_line_and_then_how_many_were_held_back(tmp_path: Path, caplog):
    try:
        with _serving(tmp_path, Limits()) as port:
            logging.getLogger("uvicorn").addHandler(caplog.handler)  # uvicorn's own lines do not reach the root
            for _ in range(1000):
                with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
                    connection.sendall(b"NOT HTTP AT ALL\r\n\r\n")
                    assert connection.recv(4096).startswith(b"HTTP/1.1 400")
            assert _health(port)[0] == 200
    finally:
        logging.getLogger("uvicorn").removeHandler(caplog.handler)
    assert [record.getMessage() for record in caplog.records] == [
        "Invalid HTTP request received.",
        "999 more lines like this were not written: Invalid HTTP request received.",
    ]
