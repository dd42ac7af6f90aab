"""``minibridge league pair``: the pairs of a league changed in mid-term: a pair added, withdrawn or renamed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from minibridge.cli.common import language_options, reports_errors
from minibridge.cli.league import LEAGUE_FILE
from minibridge.language import gettext

if TYPE_CHECKING:
    from collections.abc import Callable

    from minibridge.league import Change, League

__all__ = ["pair"]


@click.group()
def pair() -> None:
    """Change the pairs in mid-term: add a pair, withdraw one, or rename one. Results are kept; the rounds not
    yet under way (after the last round with a result) are drawn again, byes included; the table and the
    standings say what changed.

    \b
    Examples:
        minibridge league pair add spring.yaml "Mary-Jane & Tom"
        minibridge league pair withdraw spring.yaml IV
        minibridge league pair rename spring.yaml "Cara & Dan" "Cara & Dev"
    """


@pair.command("add")
@LEAGUE_FILE
@click.argument("name")
@language_options
@reports_errors
def add_pair(file: Path, name: str) -> None:
    """Add a pair: it meets every pair still playing in the rounds still to play.

    \b
    Example:
        minibridge league pair add spring.yaml "Mary-Jane & Tom"
    """
    said = gettext("%(pair)s joined the league") % {"pair": " ".join(name.split())}
    _change_pairs(file, lambda league: league.add_pair(name), said)


@pair.command("withdraw")
@LEAGUE_FILE
@click.argument("name")
@language_options
@reports_errors
def withdraw_pair(file: Path, name: str) -> None:
    """Withdraw a pair: its results stand, its mini-matches still to play are taken out.

    \b
    Example:
        minibridge league pair withdraw spring.yaml IV
    """
    said = gettext("%(pair)s left the league") % {"pair": " ".join(name.split())}
    _change_pairs(file, lambda league: league.withdraw_pair(name), said)


@pair.command("rename")
@LEAGUE_FILE
@click.argument("old")
@click.argument("new")
@language_options
@reports_errors
def rename_pair(file: Path, old: str, new: str) -> None:
    """Rename a pair everywhere, its results included.

    \b
    Example:
        minibridge league pair rename spring.yaml "Cara & Dan" "Cara & Dev"
    """
    said = gettext("%(old)s is now %(new)s") % {"old": " ".join(old.split()), "new": " ".join(new.split())}
    _change_pairs(file, lambda league: league.rename_pair(old, new), said)


def _change_pairs(file: Path, change: Callable[[League], Change | None], done: str) -> None:
    """Change the pairs of the league file under its lock, and say what changed and the schedule now."""
    from minibridge.cli.league_text import change_text
    from minibridge.league import update_league

    updated, made = update_league(file, change)
    click.echo(f"{file}: {change_text(updated, made, done)}")
