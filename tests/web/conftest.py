"""A classroom server over a fresh data folder, reached through Starlette's test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom_client import make_client
from starlette.testclient import TestClient


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as test_client:
        yield test_client


@pytest.fixture(autouse=True)
def solver_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Double-dummy results of the tests' deals are kept in a folder of the test run, not the user's cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))
