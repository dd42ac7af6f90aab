"""MiniBridge for the classroom: the engine, the lessons and the printed material."""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
