"""A click group whose commands are imported only when they are used, so that one command starts quickly."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import click

__all__ = ["LazyGroup"]


class LazyGroup(click.Group):
    """A group of commands named by ``"module:attribute"``: a module is imported when its command is run.

    ``minibridge score 3NT 9`` imports the score command's module and nothing of the others; ``--help``
    imports every module, because the short help line of a command is its docstring.
    """

    def __init__(self, *args: Any, lazy_commands: Mapping[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, the lazy ones and any added the usual way, in alphabetical order."""
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command of that name, its module imported on first use; None for a name that is no command."""
        if cmd_name not in self.lazy_commands:
            return super().get_command(ctx, cmd_name)
        module_name, attribute = self.lazy_commands[cmd_name].split(":")
        command = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{module_name}.{attribute} is not a click command")
        return command
