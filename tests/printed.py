"""What the tests of printed material share: running a command and reading a PDF back as text."""

from __future__ import annotations

import io
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from minibridge.cli import main


def run(*args: str) -> tuple[int, str, str]:
    """A command through click's runner: its exit status, standard output and standard error (never a traceback)."""
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def pdf_text(source: Path | bytes) -> str:
    """Every page's text of a PDF file (or its bytes), whitespace made single spaces."""
    reader = PdfReader(io.BytesIO(source) if isinstance(source, bytes) else source)
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def flat(text: str) -> str:
    """Text with its whitespace made single spaces, as :func:`pdf_text` gives it."""
    return " ".join(text.split())
