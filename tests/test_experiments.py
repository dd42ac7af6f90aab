"""The classroom experiment of teaching tip 4 (seed 000): how many tricks a number of combined points takes."""

from __future__ import annotations

from pathlib import Path

import pytest

from minibridge.experiments import PointsRow, tricks_by_points, tricks_chart_rows


def test_results_are_grouped_by_points_fewest_first_keeping_each_deals_order():
    rows = tricks_by_points([(25, 9, 10), (21, 7, 7), (25, 8, 9), (30, 11, 12), (25, 10, 9)])
    assert rows == [
        PointsRow(points=21, played=(7,), double_dummy=(7,)),
        PointsRow(points=25, played=(9, 8, 10), double_dummy=(10, 9, 9)),
        PointsRow(points=30, played=(11,), double_dummy=(12,)),
    ]
    assert [row.deals for row in rows] == [1, 3, 1]
    assert PointsRow.average(rows[1].played) == 9.0 and PointsRow.average(rows[1].double_dummy) == 28 / 3


def test_no_results_no_rows():
    assert tricks_by_points([]) == []


def test_the_chart_of_two_deals_is_the_same_for_the_same_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    told: list[int] = []
    rows = tricks_chart_rows(2, seed=3, samples=2, progress=told.append)
    assert told == [1, 1]
    assert rows == [
        PointsRow(points=24, played=(9,), double_dummy=(8,)),
        PointsRow(points=30, played=(12,), double_dummy=(12,)),
    ]
    assert tricks_chart_rows(2, seed=3, samples=2) == rows
