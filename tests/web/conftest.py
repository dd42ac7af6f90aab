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
