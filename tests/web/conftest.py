"""A classroom server over a fresh data folder, reached through Starlette's test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom_client import SAMPLES, make_client, without_counting
from starlette.testclient import TestClient

from minibridge.web.app import create_app
from minibridge.web.server import running


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as test_client:
        yield test_client


@pytest.fixture(autouse=True)
def solver_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Double-dummy results of the tests' deals are kept in a folder of the test run, not the user's cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.fixture
def address(tmp_path: Path) -> Iterator[str]:
    """A classroom server running on a free loopback port over a fresh data folder (for the browser tests)."""
    app = create_app(
        data=without_counting(tmp_path), class_code=None, teacher_token="teacher", loopback=True, samples=SAMPLES
    )
    with running(app) as url:
        yield url
