"""What the printing commands share: paper, templates and output files."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.documents import PAPER, PAPERS
from minibridge.files import already_exists

__all__ = ["OUTPUT", "paper_option", "templates_option", "force_option", "refuse_existing"]

OUTPUT = Path("output")
"""Where generated files go unless told otherwise."""

paper_option = click.option(
    "--paper",
    type=click.Choice(list(PAPERS), case_sensitive=False),
    default=PAPER,
    show_default=True,
    help="Paper size.",
)
templates_option = click.option(
    "--templates",
    "templates_folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="A folder of wording templates (*.j2) to use instead of the ones that come with minibridge.",
)
force_option = click.option("--force", is_flag=True, help="Replace the output file if it exists.")


def refuse_existing(path: Path, force: bool) -> None:
    """Stop before any work when the output file exists and ``--force`` was not given."""
    if path.exists() and not force:
        raise already_exists(path)
