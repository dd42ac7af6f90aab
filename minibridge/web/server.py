"""Running the classroom server on uvicorn: in the foreground for ``minibridge serve``, or in a thread.

Its connections are bounded and timed (:mod:`minibridge.web.connections`), and its log written at most one line a
minute of each kind (:mod:`minibridge.web.quiet_log`), so that a flood of connections or of bad requests neither
locks the class out nor fills the log.

>>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
(True, True, False)
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
import time
from collections.abc import Callable, Iterator

import uvicorn
from starlette.applications import Starlette

from minibridge.web.connections import BACKLOG, Limits, fitted, guarded_protocol, raise_open_files
from minibridge.web.quiet_log import QuietLog

__all__ = ["is_loopback", "local_address", "free_port", "run", "running"]

_WILDCARDS = ("0.0.0.0", "::", "")


def is_loopback(host: str) -> bool:
    """True when ``host`` is this machine only (``127.0.0.1``, ``::1``, ``localhost``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def local_address(host: str) -> str:
    """The address others on the network reach a server bound to ``host`` at: the host itself, or for a
    wildcard (``0.0.0.0``) this machine's address on its network (no packet is sent to find it)."""
    if host not in _WILDCARDS:
        return host
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def free_port(host: str = "127.0.0.1") -> int:
    """A port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


class _Server(uvicorn.Server):
    """uvicorn's server, with a quiet log while it serves, which first ends the classroom's live streams
    (``app.state.hub``) when it stops: they would otherwise hold the stop up until they were cut off."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.quiet_log = QuietLog()

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        with self.quiet_log.installed():
            await super().serve(sockets)

    async def on_tick(self, counter: int) -> bool:
        if counter % 10 == 0:
            self.quiet_log.tell()
        return await super().on_tick(counter)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.config.app.state.hub.close()
        await super().shutdown(sockets)


def _server(app: Starlette, host: str, port: int, limits: Limits) -> uvicorn.Server:
    limits = fitted(limits, raise_open_files())
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=2,
        http=guarded_protocol(limits),
        timeout_keep_alive=limits.keep_alive,
        backlog=BACKLOG,
    )
    return _Server(config)


def run(app: Starlette, *, host: str, port: int, on_ready: Callable[[], None] | None = None) -> None:
    """Serve until Ctrl-C (uvicorn finishes the requests under way, then gives the Ctrl-C back: it ends the
    serving here); ``on_ready`` is called (in another thread) once the server listens. A port already taken
    raises OSError before anything starts."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        # as uvicorn binds: the port of a server just stopped is free at once, not after its closed connections wait
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))
    server = _server(app, host, port, Limits())
    if on_ready is not None:
        threading.Thread(target=_when_started, args=(server, on_ready), daemon=True).start()
    with contextlib.suppress(KeyboardInterrupt):
        server.run()


def _when_started(server: uvicorn.Server, action: Callable[[], None]) -> None:
    while not server.started:
        if server.should_exit:
            return
        time.sleep(0.05)
    action()


@contextlib.contextmanager
def running(
    app: Starlette, *, host: str = "127.0.0.1", port: int | None = None, limits: Limits | None = None
) -> Iterator[str]:
    """The server running in a thread while the block runs (its connections bound by ``limits``, the defaults
    when None); yields its address (``http://127.0.0.1:PORT``)."""
    port = port or free_port(host)
    server = _server(app, host, port, limits or Limits())
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise OSError(f"the server could not start on {host}:{port}")
        time.sleep(0.02)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
