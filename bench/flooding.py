"""Flooding: how fast ``minibridge serve`` answers a tablet while 1,100 idle connections are open, and how many
lines it logs, in one run.

Starts ``minibridge serve`` on this computer over a new data folder, then times ``/api/health`` asked by another
tablet on a new connection each time (the median of ``--rounds``):

1. normally;
2. while one computer holds 1,100 connections open that send nothing;
3. while 40 computers hold 1,100 such connections between them (more than the server keeps in all);

then sends 1,000 requests that are not HTTP; last, floods a second server that may open only 256 files (as on a
Mac by default), which runs out of them: asyncio cannot accept connections for a while. It prints each time, its
ratio to the normal one, what became of the idle connections (refused at once, closed to make room, cut once the
time for a request's head was over), and the lines of log the server wrote. The computers are addresses of the
loopback network (127.0.0.x: Linux only).

    python bench/flooding.py [--rounds 30] [--connections 1100]
"""

from __future__ import annotations

import argparse
import http.client
import math
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from minibridge.web.connections import Limits, raise_open_files
from minibridge.web.server import free_port

MINIBRIDGE = str(Path(sys.executable).with_name("minibridge"))
TABLET = "127.0.0.2"
"""The tablet whose requests are timed."""
FLOODERS = [f"127.0.0.{number}" for number in range(10, 50)]
"""The 40 computers of the third flood."""


class Server:
    """``minibridge serve`` in a process of its own, and the lines it logs (its standard error), counted."""

    def __init__(self, folder: Path, open_files: int | None = None) -> None:
        self.port = free_port()
        command = [MINIBRIDGE, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--no-open"]
        self.process = subprocess.Popen(
            [*command, "--data", str(folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=None if open_files is None else lambda: _limit_files(open_files),
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read_log, daemon=True).start()
        for _ in range(400):
            if health(self.port) is not None:
                return
            time.sleep(0.05)
        raise SystemExit("the server did not start")

    def _read_log(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line.rstrip("\n"))

    def stop(self) -> None:
        """Stop it as Ctrl-C does, and wait for its last lines."""
        self.process.send_signal(2)
        self.process.wait(20)
        time.sleep(0.2)


def _limit_files(count: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (count, count))


def health(port: int, source: str = TABLET) -> float | None:
    """Seconds to get ``/api/health`` (200) on a new connection from ``source``; None without an answer in 5 s."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(source, 0))
    try:
        connection.request("GET", "/api/health")
        answer = connection.getresponse()
        answer.read()
    except OSError:
        return None
    finally:
        connection.close()
    return time.perf_counter() - start if answer.status == 200 else None


def median_ms(port: int, rounds: int) -> float:
    """The median time of ``/api/health`` over ``rounds`` new connections, in milliseconds (infinite when fewer
    than half are answered)."""
    times = [health(port) for _ in range(rounds)]
    answered = [seconds for seconds in times if seconds is not None]
    if len(answered) < len(times) / 2:
        return math.inf
    return statistics.median(answered + [math.inf] * (len(times) - len(answered))) * 1000


def flood(port: int, sources: list[str], count: int) -> list[socket.socket]:
    """``count`` connections that send nothing, from ``sources`` in turn."""
    connections = []
    for number in range(count):
        connection = socket.create_connection(
            ("127.0.0.1", port), timeout=5, source_address=(sources[number % len(sources)], 0)
        )
        connection.setblocking(False)
        connections.append(connection)
    return connections


def closed(connections: list[socket.socket], seconds: float) -> tuple[int, int, list[socket.socket]]:
    """Of ``connections``, read until the server closes them or ``seconds`` are over: how many it closed after a
    503, how many without an answer, and those still open."""
    answered = silent = 0
    received = dict.fromkeys(connections, b"")
    with selectors.DefaultSelector() as selector:
        for connection in connections:
            selector.register(connection, selectors.EVENT_READ)
        deadline = time.monotonic() + seconds
        while selector.get_map() and (left := deadline - time.monotonic()) > 0:
            for key, _ in selector.select(left):
                connection = key.fileobj
                assert isinstance(connection, socket.socket)
                try:
                    chunk = connection.recv(4096)
                except ConnectionResetError:
                    chunk = b""
                received[connection] += chunk
                if not chunk:
                    selector.unregister(connection)
                    if received[connection].startswith(b"HTTP/1.1 503"):
                        answered += 1
                    else:
                        silent += 1
        still_open = [key.fileobj for key in selector.get_map().values()]
    return answered, silent, [connection for connection in still_open if isinstance(connection, socket.socket)]


def idle_flood(server: Server, sources: list[str], count: int, rounds: int, normal: float, title: str) -> None:
    """Time the tablet while ``count`` idle connections from ``sources`` are open; say what became of them."""
    logged = len(server.lines)
    connections = flood(server.port, sources, count)
    refused, made_room, kept = closed(connections, 1.0)
    flooded = median_ms(server.port, rounds)
    _, cut, still_open = closed(kept, Limits().head + 2)
    print(title)
    print(f"  /api/health from another tablet: {flooded:7.2f} ms median   ratio to normal: {flooded / normal:5.2f} x")
    print(f"  refused at once (503, in words)  : {refused:5d}")
    print(f"  closed to make room              : {made_room:5d}")
    print(f"  kept, then cut without a request : {cut:5d}")
    print(f"  still open                       : {len(still_open):5d}")
    print(f"  lines of log written             : {len(server.lines) - logged:5d}")
    for connection in connections:
        connection.close()


def bad_requests(server: Server, count: int) -> None:
    """Send ``count`` requests that are not HTTP; print the lines of log they wrote."""
    logged = len(server.lines)
    start = time.perf_counter()
    for _ in range(count):
        with socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=(TABLET, 0)) as bad:
            bad.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            bad.recv(4096)
    seconds = time.perf_counter() - start
    print(f"{count} requests that are not HTTP, in {seconds:.1f} s")
    print(f"  lines of log written while they came: {len(server.lines) - logged}")


def print_log(server: Server, logged: int) -> None:
    """The lines the server logged: how many in all and at its stop, then each (cut to 150 letters)."""
    print(f"lines of log in all: {len(server.lines)} ({len(server.lines) - logged} when the server stopped)")
    for line in server.lines:
        print(f"  | {line[:150]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="requests timed each time; the median counts")
    parser.add_argument("--connections", type=int, default=1100, help="idle connections of each flood")
    args = parser.parse_args()
    raise_open_files()  # this process holds the flood's connections
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            median_ms(server.port, 5)  # warm up
            normal = median_ms(server.port, args.rounds)
            print(f"normally: /api/health from a tablet: {normal:7.2f} ms median of {args.rounds}")
            idle_flood(server, ["127.0.0.1"], args.connections, args.rounds, normal, "one computer, idle connections")
            idle_flood(server, FLOODERS, args.connections, args.rounds, normal, "40 computers, idle connections")
            bad_requests(server, 1000)
            after = median_ms(server.port, args.rounds)
            print(f"afterwards: /api/health from a tablet: {after:7.2f} ms median ({after / normal:.2f} x normal)")
            logged = len(server.lines)
        finally:
            server.stop()
        print_log(server, logged)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder), open_files=256)
        try:
            normal = median_ms(server.port, args.rounds)
            print(f"a server that may open 256 files: /api/health {normal:7.2f} ms median")
            idle_flood(server, FLOODERS, args.connections, args.rounds, normal, "40 computers, idle connections")
            logged = len(server.lines)
        finally:
            server.stop()
        print_log(server, logged)


if __name__ == "__main__":
    main()
