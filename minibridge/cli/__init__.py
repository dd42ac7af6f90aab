"""The ``minibridge`` command line: a thin shell over the library that turns its errors into plain messages.

Each command lives in its own module, imported only when the command is run (or listed by ``--help``).
"""

from __future__ import annotations

import click

from minibridge import __version__
from minibridge.cli.lazy import LazyGroup

__all__ = ["COMMANDS", "main"]

COMMANDS = {
    "announce": "minibridge.cli.announce:announce",
    "certificate": "minibridge.cli.certificate:certificate",
    "check": "minibridge.cli.check:check",
    "deal": "minibridge.cli.deal:deal",
    "duplicate": "minibridge.cli.duplicate:duplicate",
    "league": "minibridge.cli.league:league",
    "lessons": "minibridge.cli.lessons:lessons",
    "pack": "minibridge.cli.pack:pack",
    "play": "minibridge.cli.play:play",
    "records": "minibridge.cli.records:records",
    "replay": "minibridge.cli.replay:replay",
    "score": "minibridge.cli.score:score",
    "scoresheet": "minibridge.cli.scoresheet:scoresheet",
    "serve": "minibridge.cli.serve:serve",
    "sheet": "minibridge.cli.sheet:sheet",
    "tricks-chart": "minibridge.cli.tricks_chart:tricks_chart",
    "verify": "minibridge.cli.verify:verify",
}
"""Every command's name and where it is defined, as ``module:attribute``."""


@click.group(cls=LazyGroup, lazy_commands=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="minibridge")
def main() -> None:
    """MiniBridge for the classroom: lessons, printed packs, scoring, play and leagues by the rule books.

    \b
    Examples:
        minibridge pack --lesson 3
        minibridge score 4S 10
        minibridge play --lesson 5
    """
