"""Double-dummy analysis (DDS through endplay, imported only here and only when needed), cached on disk.

A table gives, for each seat as declarer and each strain, the tricks declarer takes with best play
all round. From it follows the best MiniBridge contract for the announced declarer.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from minibridge.announce import Announcement, announce
from minibridge.cards import Seat, Strain
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import MiniBridgeError
from minibridge.files import write_atomic
from minibridge.rules import RuleSet, allowed_contracts
from minibridge.scoring import Score, score

__all__ = ["DDTable", "BestContract", "BoardAnalysis", "dd_tables", "cache_folder", "best_contract", "analyse_boards"]

DDTable = dict[Seat, dict[Strain, int]]
"""Tricks for each declaring seat and strain."""

_CACHE_VERSION = 1
_BATCH = 8
"""Deals solved in one call of DDS while a progress bar shows: small enough for the bar to move, big enough to
keep every core busy."""
_MAX_BATCH = 40
"""The most deals DDS solves in one call (all five denominations)."""


def cache_folder() -> Path:
    """Where double-dummy results are kept: ``$XDG_CACHE_HOME/minibridge`` or ``~/.cache/minibridge``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "minibridge" / f"dd-v{_CACHE_VERSION}"


def _key(deal: Deal) -> str:
    return hashlib.sha256(deal.to_pbn().encode("ascii")).hexdigest()[:32]


def _read_cached(folder: Path, deal: Deal) -> DDTable | None:
    try:
        data = json.loads((folder / f"{_key(deal)}.json").read_text(encoding="ascii"))
        if data.get("deal") != deal.to_pbn():
            return None
        return {Seat.from_str(s): {Strain.from_str(t): n for t, n in row.items()} for s, row in data["tricks"].items()}
    except (OSError, ValueError, KeyError, AttributeError, MiniBridgeError):
        return None


def _write_cached(folder: Path, deal: Deal, table: DDTable) -> None:
    data = {
        "deal": deal.to_pbn(),
        "tricks": {seat.letter: {strain.letter: n for strain, n in row.items()} for seat, row in table.items()},
    }
    with contextlib.suppress(OSError, MiniBridgeError):  # a cache that cannot be written only costs time
        write_atomic(folder / f"{_key(deal)}.json", json.dumps(data), overwrite=True)


def dd_tables(
    deals: Sequence[Deal],
    *,
    cache: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[DDTable | None]:
    """The double-dummy table of each deal (None for a short deal, which DDS cannot solve).

    With ``cache`` results are read from and written to :func:`cache_folder`; ``progress`` is called with
    the number of deals done: first those found in the cache or too short to solve, then each batch solved.
    A deal that appears twice is solved once.
    """
    folder = cache_folder()
    tables: list[DDTable | None] = [None] * len(deals)
    to_solve: dict[Deal, list[int]] = {}
    for index, deal in enumerate(deals):
        if deal.cards_per_hand != 13:
            continue
        cached = _read_cached(folder, deal) if cache and deal not in to_solve else None
        if cached is not None:
            tables[index] = cached
        else:
            to_solve.setdefault(deal, []).append(index)
    if progress is not None:
        progress(len(deals) - sum(len(places) for places in to_solve.values()))
    if to_solve:
        from endplay.dds import calc_all_tables
        from endplay.types import Deal as EndplayDeal
        from endplay.types import Denom, Player

        denoms = {Strain.NO_TRUMPS: Denom.nt, Strain.SPADES: Denom.spades, Strain.HEARTS: Denom.hearts,
                  Strain.DIAMONDS: Denom.diamonds, Strain.CLUBS: Denom.clubs}  # fmt: skip
        players = {seat: Player.find(seat.letter) for seat in Seat}
        unique = list(to_solve)
        batch = _BATCH if progress is not None else _MAX_BATCH
        for start in range(0, len(unique), batch):
            chunk = unique[start : start + batch]
            solved = calc_all_tables([EndplayDeal.from_pbn(deal.to_pbn()) for deal in chunk])
            for deal, raw in zip(chunk, solved, strict=True):
                table = {seat: {strain: int(raw[denoms[strain], players[seat]]) for strain in Strain} for seat in Seat}
                for index in to_solve[deal]:
                    tables[index] = table
                if cache:
                    _write_cached(folder, deal, table)
            if progress is not None:
                progress(sum(len(to_solve[deal]) for deal in chunk))
    return tables


@dataclass(frozen=True)
class BestContract:
    """The contract that scores most for the declaring side, given double-dummy tricks."""

    contract: Contract
    tricks: int
    result: Score

    @property
    def side_score(self) -> int:
        """The declaring side's score, negative when the defenders score (the contract fails)."""
        return self.result.scheme.side_value(self.result)


def best_contract(table: DDTable, declarer: Seat, rules: RuleSet, *, deal: Deal) -> BestContract | None:
    """The best contract the rules allow for ``declarer``, from the double-dummy tricks (None without contracts)."""
    if not rules.has_contract:
        return None
    points = deal.side_hcp(declarer.side)
    best: BestContract | None = None
    for contract in allowed_contracts(rules, deal, declarer):
        tricks = table[declarer][contract.strain]
        result = score(contract, tricks, rules, points=points)
        candidate = BestContract(contract, tricks, result)
        if best is None or candidate.side_score > best.side_score:
            best = candidate
    return best


@dataclass(frozen=True)
class BoardAnalysis:
    """A board with its announcement and double-dummy analysis under a rule set."""

    number: int
    dealer: Seat
    deal: Deal
    announcement: Announcement
    table: DDTable | None
    best: BestContract | None
    declarer: Seat | None = None
    """The declarer analysed: the announced one, or, where the partners may choose, the one who does better."""

    @property
    def declarer_tricks(self) -> dict[Strain, int] | None:
        """Double-dummy tricks for the MiniBridge declarer in each strain."""
        if self.table is None or self.declarer is None:
            return None
        return self.table[self.declarer]

    def as_json(self) -> dict[str, object]:
        """The ``--json`` object of ``minibridge records``."""
        tricks = self.declarer_tricks
        declarer = self.declarer
        return {
            "board": self.number,
            "dealer": self.dealer.letter,
            "deal": self.deal.to_pbn(self.dealer),
            "hcp": {seat.letter: self.announcement.hcp[seat] for seat in Seat},
            "redeal": self.announcement.redeal,
            "declarer": declarer.letter if declarer is not None else None,
            "dummy": self.announcement.dummy.letter if self.announcement.dummy is not None else None,
            "dd": {strain.letter: tricks[strain] for strain in sorted(Strain, reverse=True)} if tricks else None,
            "dd_table": (
                {s.letter: {t.letter: self.table[s][t] for t in sorted(Strain, reverse=True)} for s in Seat}
                if self.table is not None
                else None
            ),
            "best_contract": str(self.best.contract) if self.best is not None else None,
            "best_score": self.best.side_score if self.best is not None else None,
        }


def analyse_boards(
    boards: Sequence[tuple[int, Seat, Deal]],
    rules: RuleSet,
    *,
    cache: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[BoardAnalysis]:
    """Announcement, double-dummy table and best contract of each (number, dealer, deal)."""
    tables = dd_tables([deal for _, _, deal in boards], cache=cache, progress=progress)
    analysed = []
    for (number, dealer, deal), table in zip(boards, tables, strict=True):
        announced = announce(deal, dealer, tie_rule=rules.tie_rule)
        declarer, best = announced.declarer, None
        if table is not None and announced.declarer is not None:
            for seat in announced.may_declare or (announced.declarer,):
                found = best_contract(table, seat, rules, deal=deal)
                if found is not None and (best is None or found.side_score > best.side_score):
                    declarer, best = seat, found
        analysed.append(BoardAnalysis(number, dealer, deal, announced, table, best, declarer))
    return analysed
