"""The ``minibridge`` command line: a thin shell over the library that turns its errors into plain messages."""

from __future__ import annotations

import click

from minibridge import __version__

__all__ = ["main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="minibridge")
def main() -> None:
    """MiniBridge for the classroom: lessons, printed packs, scoring, play and leagues by the rule books.

    \b
    Examples:
        minibridge pack --lesson 3
        minibridge score 4S 10
        minibridge play --lesson 5
    """


# Each module adds its command to ``main``.
from minibridge.cli import (  # noqa: E402, F401
    announce,
    deal,
    duplicate,
    league,
    lessons,
    pack,
    play,
    records,
    replay,
    score,
    scoresheet,
    tricks_chart,
)
