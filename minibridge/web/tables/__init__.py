"""The class's tables: a table's tablet that enters the results of real tables."""

from __future__ import annotations

from minibridge.web.tables import results

__all__ = ["routes"]

routes = [*results.routes]
"""Every address of the tables."""
