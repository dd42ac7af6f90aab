"""Double-dummy analysis: the only door to DDS, for hand records and the computer players alike.

DDS (Bo Haglund's double-dummy solver) comes as ``libdds.so`` with endplay's small ctypes bindings,
``endplay/_dds/__init__.py``. This module loads that one file on the first solve, never the rest of endplay
(whose package import pulls in plotting), and no other module reaches DDS. DDS solves one position per thread
slot at a time, a slot per core, so the positions take turns at the slots (:mod:`minibridge.turns`), the lightest
waiting call first: a classroom server thinking for several games at once answers a card in the play between two
positions of a contract weighed from the first trick, though no call waits for ever.

A table gives, for each seat as declarer and each strain, the tricks declarer takes with best play
all round, cached on disk. From it follows the best MiniBridge contract for the announced declarer.
:func:`solve_positions` solves positions in the middle of the play for the computer players, and
:func:`double_dummy_card` and :func:`double_dummy_tricks` give perfect play.

Every position solved is remembered (the most recent :data:`POSITIONS_KEPT`), and solved once however many games
meet it: the class plays the same boards, and the computer thinks ahead. Inside :func:`thinking_ahead` the solver
is asked ahead (:mod:`minibridge.turns`): only when no game waits for it, and a whole deal's table is then solved
lead by lead, so that a pupil's call can go between two of its positions.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import importlib.util
import json
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from minibridge.announce import Announcement, announce
from minibridge.board import Board
from minibridge.cards import Card, Seat, Strain, Suit
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import MiniBridgeError, RuleError
from minibridge.files import write_atomic
from minibridge.language import gettext
from minibridge.once import Once
from minibridge.play import Play
from minibridge.rules import RuleSet, allowed_contracts
from minibridge.scoring import Score, score
from minibridge.turns import Need, Turns

__all__ = [
    "DDTable",
    "Position",
    "BestContract",
    "BoardAnalysis",
    "dd_tables",
    "cache_folder",
    "solve_positions",
    "double_dummy_card",
    "double_dummy_tricks",
    "best_contract",
    "analyse_boards",
    "POSITIONS_KEPT",
    "thinking_ahead",
]

DDTable = dict[Seat, dict[Strain, int]]
"""Tricks for each declaring seat and strain."""

_CACHE_VERSION = 1
_BATCH = 8
"""Deals solved in one call of DDS while a progress bar shows: small enough for the bar to move, big enough to
keep every core busy."""
_MAX_BATCH = 40
"""The most deals DDS solves in one call (all five denominations)."""
_PATIENCE = 2.0
"""Seconds a call waits for lighter ones before it goes first: a heavy call (a contract weighed from the first
trick) waits while cards in the play are answered, but not for ever."""
_MOST_SLOTS = 16
"""DDS keeps memory for at most this many threads."""
_DDS = "endplay._dds"
"""The name endplay's DDS bindings are known by, in ``sys.modules`` too."""
_LOADING = threading.Lock()
"""Held while DDS's bindings are loaded."""
_SOLVER: list[Turns] = []
"""The turns at DDS's thread slots, made on the first solve."""

Position = tuple[list[int], Suit | None, Seat, list[Card]]
"""A position in the play: the remaining hands as card masks by seat, trumps (None: no-trumps), the leader of
the trick in progress and the cards played to it in order."""

POSITIONS_KEPT = 40_000
"""The positions whose solutions are remembered (about a kilobyte each)."""
_SOLVED: Once[dict[int, int]] = Once(size=POSITIONS_KEPT)
"""The positions solved, by position and the solutions asked (:func:`_position_key`)."""
_AHEAD: contextvars.ContextVar[Need] = contextvars.ContextVar("thinking_ahead", default=Need.NOW)
"""How soon the thread's calls on the solver are needed (:func:`thinking_ahead`)."""


@contextlib.contextmanager
def thinking_ahead(*, likely: bool = False) -> Iterator[None]:
    """Within the block, this thread's calls on the solver are thought out ahead: after every call a game waits
    for, never keeping one waiting; the ``likely`` ones before the others. What they solve is remembered for the
    game that needs it next."""
    token = _AHEAD.set(Need.SOON if likely else Need.MAYBE)
    try:
        yield
    finally:
        _AHEAD.reset(token)


def _dds() -> ModuleType:
    """DDS's ctypes bindings (endplay's ``_dds``), loaded on first use from their own file, beside ``libdds.so``.

    ``importlib.util.find_spec`` finds endplay's folder without running its ``__init__``; the bindings are then
    registered under their own name, so that endplay's package, if something imports it later, shares them.
    """
    with _LOADING:
        return sys.modules.get(_DDS) or _load_dds()


def _turns() -> Turns:
    """The turns at DDS's thread slots (as many as DDS keeps memory for: one per core)."""
    dds = _dds()
    with _LOADING:
        if not _SOLVER:
            _SOLVER.append(Turns(slots=_slots(dds), patience=_PATIENCE))
        return _SOLVER[0]


def _slots(dds: ModuleType) -> int:
    """How many thread slots DDS has: a one-card position is solved with slot 0, 1, … until DDS refuses one."""
    one_card = ([1 << 12, 1 << 25, 1 << 38, 1 << 51], None, Seat.NORTH, [])
    for slot in range(1, _MOST_SLOTS):
        try:
            _solve_position(dds, one_card, 1, slot)
        except dds.DDSError:
            return slot
    return _MOST_SLOTS


def _load_dds() -> ModuleType:
    package = importlib.util.find_spec("endplay")
    if package is None or not package.submodule_search_locations:
        raise ModuleNotFoundError("endplay, which brings the double-dummy solver DDS, is not installed", name="endplay")
    path = Path(next(iter(package.submodule_search_locations))) / "_dds" / "__init__.py"
    spec = importlib.util.spec_from_file_location(_DDS, path, submodule_search_locations=[str(path.parent)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[_DDS] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[_DDS]
        raise
    return module


def _holdings(mask: int) -> list[int]:
    """A hand's card mask as DDS holds it: by suit spades first, the ace as bit 14 and the two as bit 2."""
    return [(mask >> (13 * suit) & 0x1FFF) << 2 for suit in reversed(Suit)]


def _denomination(strain: Strain) -> int:
    """DDS's number of a strain: spades 0, hearts 1, diamonds 2, clubs 3, no-trumps 4."""
    return 4 if strain is Strain.NO_TRUMPS else 3 - int(strain)


def _solve_tables(deals: Sequence[Deal]) -> list[DDTable]:
    """The double-dummy tables of up to :data:`_MAX_BATCH` deals, solved together on every core: whole deals by
    DDS's tables, short deals (whose tricks DDS's tables miscount) lead by lead."""
    ahead = _AHEAD.get() is not Need.NOW
    tables = {deal: _solve_short_table(deal) for deal in deals if deal.cards_per_hand < 13 or ahead}
    whole = [deal for deal in deals if deal not in tables]
    if whole:
        tables.update(zip(whole, _solve_whole_tables(whole), strict=True))
    return [tables[deal] for deal in deals]


def _solve_whole_tables(deals: Sequence[Deal]) -> list[DDTable]:
    """The tables of deals of thirteen cards a hand, by DDS's own tables."""
    dds = _dds()
    wanted = dds.ddTableDeals()
    wanted.noOfTables = len(deals)
    for i, deal in enumerate(deals):
        for seat in Seat:
            wanted.ddTableDeal[i].cards[seat][:] = _holdings(deal[seat].mask)
    solved = dds.ddTablesRes()
    _turns().whole(52 * 20 * len(deals), lambda: dds.CalcAllTables(wanted, -1, [0] * 5, solved, dds.allParResults()))
    return [
        {
            seat: {strain: int(solved.results[i].resTable[_denomination(strain)][seat]) for strain in Strain}
            for seat in Seat
        }
        for i in range(len(deals))
    ]


def _solve_short_table(deal: Deal) -> DDTable:
    """The table of a short deal (or of a deal thought about ahead): each declarer in each strain, from the opening
    lead."""
    hands = [deal[seat].mask for seat in Seat]
    pairs = [(seat, strain) for seat in Seat for strain in Strain]
    solved = solve_positions([(hands, strain.trumps, seat.lho, []) for seat, strain in pairs], all_cards=False)
    table: DDTable = {seat: {} for seat in Seat}
    for (seat, strain), row in zip(pairs, solved, strict=True):
        table[seat][strain] = deal.cards_per_hand - next(iter(row.values()))
    return table


def solve_positions(positions: Sequence[Position], *, all_cards: bool) -> list[dict[int, int]]:
    """Solve positions double dummy: for each, the tricks the side to play takes from here on.

    With ``all_cards`` the dict gives the tricks after each card the player to play may play, by card index;
    otherwise only after a best card and the cards equal to it. The positions are solved on every core, and a
    lighter call from another thread goes between two of them. A position solved before (by any game) is not
    solved again, nor one another thread is solving now: that one is waited for.
    """
    if not positions:
        return []
    solutions = 3 if all_cards else 1
    keys = [_position_key(position, solutions) for position in positions]
    found = {key: row for key in keys if (row := _SOLVED.recall(key)) is not None}
    missing = {key: position for key, position in zip(keys, positions, strict=True) if key not in found}
    if missing:
        dds = _dds()

        def job(key: tuple[object, ...], position: Position) -> Callable[[int], dict[int, int]]:
            return lambda slot: _SOLVED.get(key, lambda: _solve_position(dds, position, solutions, slot))

        weight = sum(sum(mask.bit_count() for mask in hands) for hands, *_ in missing.values())
        jobs = [job(key, position) for key, position in missing.items()]
        found.update(zip(missing, _turns().map(weight, jobs, need=_AHEAD.get()), strict=True))
    return [found[key] for key in keys]


def _position_key(position: Position, solutions: int) -> tuple[object, ...]:
    """What tells a position and the solutions asked from any other."""
    hands, trumps, leader, trick = position
    return (*hands, trumps, leader, *(card.index for card in trick), solutions)


def _solve_position(dds: ModuleType, position: Position, solutions: int, slot: int) -> dict[int, int]:
    """One position solved with DDS's thread slot ``slot``: the tricks after each card DDS reports."""
    hands, trumps, leader, trick = position
    board = dds.deal()
    board.trump = 4 if trumps is None else 3 - int(trumps)
    board.first = int(leader)
    for k, card in enumerate(trick[:3]):
        board.currentTrickSuit[k] = 3 - int(card.suit)
        board.currentTrickRank[k] = int(card.rank)
    for seat in range(4):
        board.remainCards[seat][:] = _holdings(hands[seat])
    future = dds.futureTricks()
    dds.SolveBoard(board, -1, solutions, 1, future, slot)
    row: dict[int, int] = {}
    for k in range(future.cards):
        suit = 3 - future.suit[k]
        bits = (1 << future.rank[k]) | future.equals[k]
        for rank in range(2, 15):
            if bits >> rank & 1:
                row[13 * suit + rank - 2] = future.score[k]
    return row


def double_dummy_card(play: Play) -> Card:
    """The card a player who sees all four hands plays: the one that takes most tricks (the lowest of equals)."""
    legal = play.legal_cards()
    if not legal:
        raise RuleError(gettext("the play is over: there is no card to choose"))
    if len(legal) == 1:
        return legal[0]
    assert play.leader is not None
    current = play.current_trick
    trick = [current[s] for s in play.leader.clockwise() if s in current]
    hands = [sum(1 << card.index for card in play.hand(s)) for s in Seat]
    row = solve_positions([(hands, play.trumps, play.leader, trick)], all_cards=True)[0]
    return max(legal, key=lambda c: (row[c.index], -c.rank, -c.suit))


def double_dummy_tricks(deal: Deal, declarer: Seat, trumps: Suit | None) -> int:
    """The tricks declarer takes with best play all round, from the opening lead."""
    hands = [deal[s].mask for s in Seat]
    row = solve_positions([(hands, trumps, declarer.lho, [])], all_cards=False)[0]
    return deal.cards_per_hand - next(iter(row.values()))


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
) -> list[DDTable]:
    """The double-dummy table of each deal, short deals (fewer than 13 cards a hand) too.

    With ``cache`` results are read from and written to :func:`cache_folder`; ``progress`` is called with
    the number of deals done: first those found in the cache, then each batch solved.
    A deal that appears twice is solved once.
    """
    folder = cache_folder()
    tables: list[DDTable] = [{}] * len(deals)
    to_solve: dict[Deal, list[int]] = {}
    for index, deal in enumerate(deals):
        cached = _read_cached(folder, deal) if cache and deal not in to_solve else None
        if cached is not None:
            tables[index] = cached
        else:
            to_solve.setdefault(deal, []).append(index)
    if progress is not None:
        progress(len(deals) - sum(len(places) for places in to_solve.values()))
    if to_solve:
        unique = list(to_solve)
        batch = _BATCH if progress is not None else _MAX_BATCH
        for start in range(0, len(unique), batch):
            chunk = unique[start : start + batch]
            for deal, table in zip(chunk, _solve_tables(chunk), strict=True):
                for index in to_solve[deal]:
                    tables[index] = table
                if cache:
                    _write_cached(folder, deal, table)
            if progress is not None:
                progress(sum(len(to_solve[deal]) for deal in chunk))
    return tables


@dataclass(frozen=True, kw_only=True)
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
        candidate = BestContract(contract=contract, tricks=tricks, result=result)
        if best is None or candidate.side_score > best.side_score:
            best = candidate
    return best


@dataclass(frozen=True, kw_only=True)
class BoardAnalysis:
    """A board with its announcement and double-dummy analysis under a rule set."""

    board: Board
    announcement: Announcement
    table: DDTable | None
    best: BestContract | None
    declarer: Seat | None = None
    """The declarer analysed: the announced one, or, where the partners may choose, the one who does better."""

    @property
    def number(self) -> int:
        """The board's number."""
        return self.board.number if self.board.number is not None else 0

    @property
    def dealer(self) -> Seat:
        """The board's dealer."""
        return self.board.dealer if self.board.dealer is not None else Seat.NORTH

    @property
    def deal(self) -> Deal:
        """The board's deal."""
        assert self.board.deal is not None
        return self.board.deal

    @property
    def declarer_tricks(self) -> dict[Strain, int] | None:
        """Double-dummy tricks for the MiniBridge declarer in each strain."""
        if self.table is None or self.declarer is None:
            return None
        return self.table[self.declarer]


def analyse_boards(
    boards: Sequence[Board],
    rules: RuleSet,
    *,
    cache: bool = True,
    progress: Callable[[int], None] | None = None,
) -> list[BoardAnalysis]:
    """Announcement, double-dummy table and best contract of each board (each with a number, dealer and deal)."""
    deals = []
    for board in boards:
        if board.deal is None or board.dealer is None:
            raise MiniBridgeError(gettext("board %(board)s has no complete deal to analyse") % {"board": board.number})
        deals.append(board.deal)
    tables = dd_tables(deals, cache=cache, progress=progress)
    analysed = []
    for board, deal, table in zip(boards, deals, tables, strict=True):
        assert board.dealer is not None
        announced = announce(deal, board.dealer, tie_rule=rules.tie_rule)
        declarer, best = announced.declarer, None
        if table is not None and announced.declarer is not None:
            for seat in announced.may_declare or (announced.declarer,):
                found = best_contract(table, seat, rules, deal=deal)
                if found is not None and (best is None or found.side_score > best.side_score):
                    declarer, best = seat, found
        analysed.append(BoardAnalysis(board=board, announcement=announced, table=table, best=best, declarer=declarer))
    return analysed
