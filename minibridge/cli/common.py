"""What the commands share: error reporting, JSON output, options and the rules in force."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

from minibridge.cards import Seat
from minibridge.errors import MiniBridgeError
from minibridge.rules import RULE_SETS, RuleSet, find_rules

F = TypeVar("F", bound=Callable[..., Any])


def reports_errors(command: F) -> F:
    """Turn the library's errors into a one-line message and exit status 1."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except MiniBridgeError as err:
            raise click.ClickException(str(err)) from None

    return wrapper  # type: ignore[return-value]


def print_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def seat_option_value(value: str | None) -> Seat | None:
    if value is None:
        return None
    try:
        return Seat.from_str(value)
    except MiniBridgeError as err:
        raise click.BadParameter(err.message) from None


rules_option = click.option(
    "--rules",
    "rules_name",
    type=click.Choice(sorted(RULE_SETS), case_sensitive=False),
    default="ebu",
    show_default=True,
    help="Rule set: ebu (EBU MiniBridge), lesson (MiniLessons Three and Four), nbb (Dutch), targets.",
)
slam_option = click.option("--slam", is_flag=True, help="Allow slams (6 and 7 level, bonus 800).")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of words.")


def rules_in_force(rules_name: str, slam: bool) -> RuleSet:
    rules = find_rules(rules_name)
    return rules.with_slam() if slam else rules
