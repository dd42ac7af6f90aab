"""Test settings for the whole suite: property tests have no deadline, so a busy machine never fails them."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("minibridge", deadline=None)
settings.load_profile("minibridge")
