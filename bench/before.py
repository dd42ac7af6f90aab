"""The PBN reader as it was before it was made twice as fast, timed in turn with today's.

That reader is the package of commit :data:`BEFORE` (the main line when the speed-up was asked for), taken out of
the repository's history into a temporary folder and run in a child process of its own, so that its reading,
its boards and its replay are all as they were. The child reads the same texts as the bench and, each time it
is asked, times one round and answers with the seconds it took.
"""

from __future__ import annotations

import io
import pickle
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

BEFORE = "2f68f76deeed8b10de0fab84552a796c3c6884ac"
"""The commit whose reader is the reference."""

_CHILD = """
import pickle, sys, time
sys.path.insert(0, sys.argv[1])
import minibridge
assert minibridge.__file__.startswith(sys.argv[1]), minibridge.__file__
from minibridge.pbn import loads
from minibridge.play import Play
with open(sys.argv[2], "rb") as stream:
    texts = pickle.load(stream)
rounds = {
    "read": lambda: [loads(text) for text in texts],
    "replay": lambda: [Play.from_record(loads(text)[0]) for text in texts],  # that commit's own replay
}
for command in sys.stdin:
    start = time.process_time()
    rounds[command.strip()]()
    print(time.process_time() - start, flush=True)
"""


class BeforeReader:
    """The reader of :data:`BEFORE` in a child process, with ``texts`` to read; use it in a ``with`` block."""

    def __init__(self, texts: list[str]) -> None:
        self._folder = tempfile.TemporaryDirectory()
        folder = Path(self._folder.name)
        try:
            archive = subprocess.run(
                ["git", "-C", str(Path(__file__).parents[1]), "archive", BEFORE, "minibridge"],
                capture_output=True,
                check=True,
            ).stdout
        except (OSError, subprocess.CalledProcessError):
            self._folder.cleanup()
            raise SystemExit(
                f"the reader before (commit {BEFORE[:7]}) is not in this repository's history: run the bench in a "
                "full clone of the repository, with git"
            ) from None
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder / "package", filter="data")
        (folder / "texts.pickle").write_bytes(pickle.dumps(texts))
        self._child = subprocess.Popen(
            [sys.executable, "-c", _CHILD, str(folder / "package"), str(folder / "texts.pickle")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def seconds(self, what: str) -> float:
        """Seconds the reader of :data:`BEFORE` takes to ``read`` every text, or to read and ``replay`` each."""
        assert self._child.stdin is not None and self._child.stdout is not None
        self._child.stdin.write(what + "\n")
        self._child.stdin.flush()
        answer = self._child.stdout.readline()
        if not answer:
            raise RuntimeError(f"the reader of {BEFORE[:7]} stopped without timing '{what}'")
        return float(answer)

    def __enter__(self) -> BeforeReader:
        return self

    def __exit__(self, *_: object) -> None:
        assert self._child.stdin is not None
        self._child.stdin.close()
        self._child.wait()
        self._folder.cleanup()
