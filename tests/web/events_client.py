"""Helpers of the events' tests: the teacher's header, the duplicate command run on a results file's text, and
a stream of Server-Sent Events read."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import httpx2
from click.testing import CliRunner

from minibridge.cli import main

TEACHER = {"Authorization": "Bearer teacher"}
"""The teacher's header (the test servers' token is ``teacher``)."""


def cli_score(folder: Path, text: str, *options: str) -> dict[str, Any]:
    """``minibridge duplicate score FILE --json`` on a results file's text (written in ``folder``); its notes
    without the file's name, which the classroom's results have not."""
    results = folder / "results.txt"
    results.write_text(text, encoding="utf-8")
    outcome = CliRunner().invoke(main, ["duplicate", "score", str(results), "--json", *options])
    assert outcome.exit_code == 0, outcome.output
    scored = json.loads(outcome.stdout)
    scored["notes"] = [note.removeprefix(f"{results}, ") for note in scored["notes"]]
    return scored


def read_events(response: httpx2.Response, count: int) -> list[dict[str, Any]]:
    """The first ``count`` events of a stream: ``id``, ``event`` and ``data`` (parsed)."""
    found: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    for line in response.iter_lines():
        if not line:
            if "data" in current:
                found.append(current)
                if len(found) == count:
                    return found
            current = {}
        elif not line.startswith(":") and ":" in line:
            key, _, value = line.partition(":")
            current[key] = json.loads(value) if key == "data" else value.strip()
    raise AssertionError(f"the stream ended after {len(found)} events")


def step_of(page: str) -> str:
    """The step a results tablet's page shows (``data-step``)."""
    found = re.search(r'data-step="([a-z]+)"', page)
    assert found is not None, page
    return found.group(1)


def alert_of(page: str) -> str | None:
    """The sentence a page says in its alert, or None."""
    found = re.search(r'role="alert">([^<]*)<', page)
    return html.unescape(found.group(1)) if found else None


def buttons(page: str, name: str) -> list[str]:
    """The values of the buttons named ``name`` on a page."""
    return re.findall(rf'name="{name}" value="([^"]+)"', page)
