"""Ten tables entering their results at the same moment, each from its own thread against a real server on
loopback: none is lost, each is streamed once, a result sent twice at once is kept once, and the ranking is
the one ``minibridge duplicate score`` gives on the same results."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import httpx2
from events_client import TEACHER, cli_score, read_events

TABLES = 10
BOARDS = 4
CONTRACTS = ("3NT", "4S", "4H", "1NT", "1S", "5D", "1C")


def _table_results(table: int, rng: random.Random) -> list[dict[str, Any]]:
    """What table ``table`` played: every board, N–S pair ``table`` against E–W pair ``table + 10``."""
    results = []
    for board in range(1, BOARDS + 1):
        contract = rng.choice(CONTRACTS)
        results.append(
            {
                "board": board,
                "ns": str(table),
                "ew": str(table + 10),
                "contract": contract,
                "declarer": rng.choice("NESW"),
                "tricks": rng.randint(4, 13),
            }
        )
    return results


def _sorted(ranking: dict[str, Any]) -> dict[str, Any]:
    """The ranking with each traveller's results in pair order (the order tables entered them varies)."""
    boards = [
        {**b, "results": sorted(b["results"], key=lambda r: (int(r["ns"]), int(r["ew"])))} for b in ranking["boards"]
    ]
    return {**ranking, "boards": boards}


def test_ten_tables_at_the_same_moment_lose_nothing(address: str, tmp_path: Path):
    event = httpx2.post(f"{address}/api/events", json={"name": "Club", "boards": BOARDS}, headers=TEACHER).json()["id"]
    rng = random.Random(11)
    played = {table: _table_results(table, rng) for table in range(1, TABLES + 1)}
    answers: dict[int, list[int]] = {table: [] for table in played}
    twice: list[int] = []
    streamed: list[dict[str, Any]] = []
    listening = threading.Event()

    def table(number: int) -> None:
        with httpx2.Client(base_url=address, timeout=60) as client:
            start.wait(30)
            for result in played[number]:
                answers[number].append(client.post(f"/api/events/{event}/results", json=result).status_code)

    def second_tablet() -> None:
        """Table 1's result on board 1 sent again from another tablet at the same moment."""
        with httpx2.Client(base_url=address, timeout=60) as client:
            start.wait(30)
            twice.append(client.post(f"/api/events/{event}/results", json=played[1][0]).status_code)

    def listen() -> None:
        with httpx2.stream("GET", f"{address}/api/events/{event}/stream", timeout=60) as response:
            listening.set()
            streamed.extend(read_events(response, TABLES * BOARDS))

    listener = threading.Thread(target=listen)
    listener.start()
    assert listening.wait(30)
    threads = [threading.Thread(target=table, args=(n,)) for n in played]
    threads.append(threading.Thread(target=second_tablet))
    start = threading.Barrier(len(threads))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    listener.join(60)
    assert not listener.is_alive()

    accepted = [status for statuses in answers.values() for status in statuses] + twice
    assert sorted(accepted) == [201] * (TABLES * BOARDS) + [409]  # board 1 of table 1 kept once
    assert len({int(e["id"]) for e in streamed}) == TABLES * BOARDS
    assert {(e["data"]["board"], e["data"]["ns"]) for e in streamed} == {
        (r["board"], r["ns"]) for results in played.values() for r in results
    }

    ranking = httpx2.get(f"{address}/api/events/{event}/ranking").json()
    assert ranking["notes"]  # declarer sat N–S at some tables, E–W at others: the teacher is told, as by the command
    assert sum(len(board["results"]) for board in ranking["boards"]) == TABLES * BOARDS
    lines = [
        f"{r['board']} {r['ns']} {r['ew']} {r['contract']} {r['declarer']} {r['tricks']}"
        for results in played.values()
        for r in results
    ]
    assert _sorted(ranking) == _sorted(cli_score(tmp_path, "\n".join(lines)))
    exported = httpx2.get(f"{address}/api/events/{event}/results.txt").text
    assert cli_score(tmp_path, exported) == ranking
