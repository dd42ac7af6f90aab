"""Test settings for the whole suite: property tests have no deadline, so a busy machine never fails them."""

from __future__ import annotations

import pytest
from hypothesis import settings

settings.register_profile("minibridge", deadline=None)
settings.load_profile("minibridge")


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts in English whatever the locale of the machine (``--lang`` and LANG are tested on purpose)."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


@pytest.fixture
def own_cache(tmp_path: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache folder of the test's own, so no solved deal is shared between tests or with the user's cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
