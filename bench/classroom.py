"""A class at the classroom server: N pupils each play one deal through the JSON API against one server, and
(with ``--tables``) the class's tables of pupils at the same time.

The server runs in this process on a free loopback port (uvicorn in a thread), with the computer thinking as
it does in class (the robot's usual samples). Each pupil is a thread with its own HTTP client that thinks 1 to
3 seconds (times ``--think``) before each move, starting the game included, then plays a legal card at random
and chooses the contract as the lessons teach three times in four (any contract offered otherwise).
Prints the median and the 95th percentile of the server's answer time per pupil action, the longest wait for
a game's start and for the computer's contract, and whether every game finished. Goal on a 2-core machine:
every game finishes, 95th percentile at most 2 s.

With ``--tables 8`` the teacher also sets up 8 tables of pupils (lesson 5, ``--deals`` deals each, 1 by default);
``--seats 3`` puts 3 pupils at every table and the computer in the fourth seat; without it the tables alternate
4 and 3 pupils. The computer's cards come ``--robot-pace`` seconds apart (0.7 s by default, as in class).
Every table-pupil is a thread with its own HTTP client and its own tablet, a second thread following the
seat's Server-Sent Events: the pupil sits down (within a second of the start), acts whenever the tablet's view
says it is the pupil's turn (the declarer, the contract, a card), thinking 1 to 3 s (times ``--think``) first,
and taps "next" when a deal is over. Prints the answer time of the pupils' actions at the tables, the time from
a pupil's card (the moment the POST that played it returned) until each other tablet at that table has
received a view holding it (0 when it got there first; goal: 95th percentile at most 0.5 s), whether every table
finished, and the wall time. Both scenarios run together when both are asked for; ``--pupils 0`` runs the
tables alone.

    python bench/classroom.py [--pupils 30] [--think 1.0] [--rules ebu]
    python bench/classroom.py --pupils 30 --tables 8 [--seats 3] [--deals 1] [--robot-pace 0.7]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2

from minibridge.robot import Robot
from minibridge.rules import find_rules
from minibridge.web.app import create_app
from minibridge.web.server import running
from minibridge.web.table_service import ROBOT_PACE

TEACHER = "bench"
"""The teacher's token of the server under test."""
TABLE_LESSON = 5
"""The lesson the tables play."""
SEATS = "NESW"


def taught_contract(view: dict[str, Any]) -> str | None:
    """The contract the lessons teach: trumps in the longest suit with eight cards between the hands, otherwise
    no-trumps; game with 25 points between them, otherwise a part-score (None if the view offers neither)."""
    side = partners(view)
    hands = [view["hands"][seat] for seat in side if seat in view["hands"]]
    lengths = {suit: sum(card[0] == suit for hand in hands for card in hand) for suit in "SHDC"}
    suit = max(lengths, key=lambda s: lengths[s])
    strain = suit if lengths[suit] >= 8 else "NT"
    offered = [c for c in view["contracts"] if c[1:] == strain]
    if not offered:
        return None
    game = sum(view["hcp"].get(seat) or 0 for seat in side) >= 25
    return max(offered) if game else min(offered)


def partners(view: dict[str, Any]) -> tuple[str, ...]:
    """The seats of the side choosing the contract: the declarer and dummy, North and South when not named."""
    side = tuple(seat for seat in (view.get("declarer"), view.get("dummy")) if seat)
    return side if len(side) == 2 else ("N", "S")


def decision(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A pupil's decision: a legal card at random; three times in four the contract the lessons teach, else any
    contract the view offers."""
    phase = view["phase"]
    if phase == "declarer":
        return {"declarer": rng.choice(view["declarers"])}
    if phase == "contract":
        taught = taught_contract(view) if rng.random() < 0.75 else None
        return {"contract": taught or rng.choice(view["contracts"])}
    return {"card": rng.choice(view["legal"])}


class Pupil(threading.Thread):
    """One pupil playing one deal: the server's answer time of each action, the start, and how it ended."""

    def __init__(self, number: int, address: str, think: float, rules: str) -> None:
        super().__init__(name=f"pupil-{number}")
        self.number, self.address, self.think, self.rules = number, address, think, rules
        self.actions: list[float] = []
        self.start_time = 0.0
        self.computer_contract = False
        self.finished = False
        self.error = ""

    def run(self) -> None:
        rng = random.Random(self.number)
        try:
            with httpx2.Client(base_url=self.address, timeout=120) as client:
                time.sleep(rng.uniform(1, 3) * self.think)
                began = time.perf_counter()
                response = client.post("/api/games", json={"rules": self.rules, "deals": 1, "seed": self.number})
                self.start_time = time.perf_counter() - began
                response.raise_for_status()
                view = response.json()
                self.computer_contract = view["declarer"] in ("E", "W")
                while view["phase"] not in ("deal_over", "game_over"):
                    time.sleep(rng.uniform(1, 3) * self.think)
                    began = time.perf_counter()
                    response = client.post(f"/api/games/{view['id']}/actions", json=decision(view, rng))
                    self.actions.append(time.perf_counter() - began)
                    response.raise_for_status()
                    view = response.json()
                self.finished = True
        except (httpx2.HTTPError, KeyError, IndexError) as error:
            self.error = f"{type(error).__name__}: {error}"


def cards_in(view: dict[str, Any]) -> Iterator[tuple[int, str]]:
    """Every card the view shows played in its deal (the trick under way and the tricks taken), with the deal."""
    for played in view["trick"]:
        yield view["deal"], played["card"]
    for trick in view["tricks"]:
        for card in trick["cards"].values():
            yield view["deal"], card


def events(lines: Iterable[str]) -> Iterator[tuple[dict[str, str], float]]:
    """The Server-Sent Events of a stream's lines: each one's fields and the moment its last line came."""
    fields: dict[str, str] = {}
    for line in lines:
        if line:
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
            continue
        if "event" in fields:
            yield fields, time.perf_counter()
        fields = {}


class Tablet(threading.Thread):
    """A pupil's tablet following the seat's view by Server-Sent Events: the newest view and its version, and
    the moment each card played first reached it."""

    def __init__(self, address: str, table_id: str, key: str, name: str) -> None:
        super().__init__(name=f"{name}-tablet", daemon=True)
        self.address, self.table_id, self.key = address, table_id, key
        self.changed = threading.Condition()
        self.version = -1
        self.view: dict[str, Any] = {}
        self.arrivals: dict[tuple[int, str], float] = {}
        self.views = 0
        self.ended = False
        self.error = ""
        self.stop = threading.Event()

    def run(self) -> None:
        timeout = httpx2.Timeout(10, read=60)
        try:
            with (
                httpx2.Client(base_url=self.address, timeout=timeout) as client,
                client.stream("GET", f"/api/tables/{self.table_id}/stream", params={"player": self.key}) as answer,
            ):
                answer.raise_for_status()
                self.follow(answer.iter_lines())
        except (httpx2.HTTPError, ValueError, KeyError) as error:
            self.error = f"{type(error).__name__}: {error}"
        finally:
            with self.changed:
                self.ended = True
                self.changed.notify_all()

    def follow(self, lines: Iterable[str]) -> None:
        """Take in the stream's views until the game is over, the seat is left, or the pupil stops."""
        for fields, arrived in events(lines):
            if fields["event"] != "view":
                self.error = f"stream event {fields['event']!r}"
                return
            self.receive(int(fields["id"]), json.loads(fields["data"]), arrived)
            if self.stop.is_set() or self.view["phase"] == "game_over":
                return

    def receive(self, version: int, view: dict[str, Any], arrived: float) -> None:
        """A view came: note the cards seen for the first time, and wake the pupil."""
        for card in cards_in(view):
            self.arrivals.setdefault(card, arrived)
        with self.changed:
            self.views += 1
            if version > self.version:
                self.version, self.view = version, view
            self.changed.notify_all()

    def newer(self, version: int, patience: float) -> tuple[int, dict[str, Any]] | None:
        """The newest view once its version is above ``version``; None after ``patience`` seconds without one or
        when the stream has ended."""
        with self.changed:
            self.changed.wait_for(lambda: self.version > version or self.ended, patience)
            if self.version > version:
                return self.version, self.view
            return None


@dataclass
class TableSeat:
    """A pupil's seat at a table: the table's id and number, and the seat."""

    table_id: str
    number: int
    seat: str


def table_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """What the pupil does on this view: decide on their turn, tap "next" once when the deal is over, or
    nothing (another's turn)."""
    if view["phase"] == "deal_over":
        return {"next": True} if view["seat"] not in view["ready"] else None
    if view["phase"] in ("declarer", "contract", "play") and view["pupil_to_act"]:
        return decision(view, rng)
    return None


PHASES = ("declarer", "contract", "play", "deal_over", "game_over")


def progress(view: dict[str, Any]) -> tuple[int, int, int, int]:
    """How far the table has gone in a view: the deal, the phase, the cards played, the pupils ready."""
    cards = len(view["trick"]) + 4 * len(view["tricks"])
    return view["deal"], PHASES.index(view["phase"]), cards, len(view["ready"])


@dataclass
class Stall:
    """A pupil's tablet got no new view for a long while during the game: the table as a GET then showed it."""

    number: int
    seat: str
    waited: float
    view: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        shown = {key: self.view.get(key) for key in ("phase", "pupil_to_act", "waiting_for", "computer_next")}
        return f"table {self.number} {self.seat}: no new view on the stream for {self.waited:.0f} s; GET: {shown}"


class TablePupil(threading.Thread):
    """One pupil at a table of pupils: sits down, plays on the tablet's views until the game is over. Keeps the
    answer time of each action, the moment each of the pupil's cards was answered, refusals and stalls."""

    def __init__(self, number: int, place: TableSeat, address: str, think: float, longest: float) -> None:
        super().__init__(name=f"table-{place.number}-{place.seat}")
        self.number, self.place, self.address, self.think = number, place, address, think
        self.longest = longest
        self.patience = 20 + 10 * think
        self.key = ""
        self.tablet: Tablet | None = None
        self.actions: list[float] = []
        self.played: dict[tuple[int, str], float] = {}
        self.refused: list[str] = []
        self.stalls: list[Stall] = []
        self.finished = False
        self.error = ""
        self.done_at = 0.0

    def run(self) -> None:
        rng = random.Random(1000 + self.number)
        try:
            with httpx2.Client(base_url=self.address, timeout=120) as client:
                time.sleep(rng.uniform(0, 1))
                self.sit(client)
                self.play(client, rng)
        except (httpx2.HTTPError, KeyError, IndexError, TimeoutError) as error:
            self.error = f"{type(error).__name__}: {error}"
        finally:
            self.done_at = time.perf_counter()
            if self.tablet is not None:
                self.tablet.stop.set()

    def sit(self, client: httpx2.Client) -> None:
        """Take the seat and start the tablet following it."""
        body = {"seat": self.place.seat, "name": f"Pupil {self.number}"}
        response = client.post(f"/api/tables/{self.place.table_id}/seats", json=body)
        response.raise_for_status()
        self.key = response.json()["player"]
        self.tablet = Tablet(self.address, self.place.table_id, self.key, self.name)
        self.tablet.start()

    def play(self, client: httpx2.Client, rng: random.Random) -> None:
        """Act on each new view of the tablet until the game is over; a view the pupil's own last action has
        already gone past (the stream not there yet) is passed over."""
        version, reached, deadline = -1, (0, 0, 0, 0), time.perf_counter() + self.longest
        while time.perf_counter() < deadline:
            version, view = self.next_view(client, version)
            if view["phase"] == "game_over":
                self.finished = True
                return
            action = table_action(view, rng) if progress(view) >= reached else None
            if action is not None:
                time.sleep(rng.uniform(1, 3) * self.think)
                answer = self.send(client, action, view["deal"])
                reached = progress(answer) if answer is not None else reached
        raise TimeoutError(f"the game was not over after {self.longest:.0f} s")

    def next_view(self, client: httpx2.Client, version: int) -> tuple[int, dict[str, Any]]:
        """The tablet's next view after ``version`` (a GET, noted as a stall, when the stream stays quiet)."""
        assert self.tablet is not None
        news = self.tablet.newer(version, self.patience)
        if news is not None:
            return news
        if self.tablet.ended:
            raise TimeoutError(f"the stream ended: {self.tablet.error or 'closed by the server'}")
        return version, self.look(client)

    def look(self, client: httpx2.Client) -> dict[str, Any]:
        """The table as a GET shows it, after the stream stayed quiet too long (noted as a stall)."""
        response = client.get(f"/api/tables/{self.place.table_id}", headers={"X-Player": self.key})
        response.raise_for_status()
        view: dict[str, Any] = response.json()
        self.stalls.append(Stall(self.place.number, self.place.seat, self.patience, view))
        return view

    def send(self, client: httpx2.Client, action: dict[str, Any], deal: int) -> dict[str, Any] | None:
        """Post the action, timing the answer; a card's moment is the answer's. The view answered (None, and
        noted, when refused)."""
        began = time.perf_counter()
        response = client.post(
            f"/api/tables/{self.place.table_id}/actions", json=action, headers={"X-Player": self.key}
        )
        answered = time.perf_counter()
        self.actions.append(answered - began)
        if response.status_code in (409, 422):
            self.refused.append(f"table {self.place.number} {self.place.seat} {action}: {response.json()['error']}")
            return None
        response.raise_for_status()
        if "card" in action:
            self.played[(deal, action["card"])] = answered
        answer: dict[str, Any] = response.json()
        return answer


def table_places(table_ids: list[str], seats: int | None) -> list[TableSeat]:
    """The pupils' seats: ``seats`` pupils a table, or 4 and 3 in turn; the computer's seats turn round the
    table from one table to the next."""
    places = []
    for number, table_id in enumerate(table_ids, start=1):
        taken = seats if seats is not None else (4 if number % 2 else 3)
        turned = SEATS[number % 4 :] + SEATS[: number % 4]
        places += [TableSeat(table_id, number, seat) for seat in turned[:taken]]
    return places


def open_class_tables(address: str, count: int, deals: int) -> list[str]:
    """The teacher sets up the class's tables: their ids, by number."""
    body = {"tables": count, "lesson": TABLE_LESSON, "deals": deals, "seed": 7}
    headers = {"Authorization": f"Bearer {TEACHER}"}
    response = httpx2.post(f"{address}/api/tables", json=body, headers=headers, timeout=120)
    response.raise_for_status()
    return [table["id"] for table in response.json()["tables"]]


@dataclass
class CardTimes:
    """From a pupil's card to the other tablets at the table: the delays, how many got there before the POST's
    answer (counted as 0), and how many never got there."""

    delays: list[float] = field(default_factory=list)
    first: int = 0
    missing: list[str] = field(default_factory=list)


def card_times(pupils: list[TablePupil]) -> CardTimes:
    """The delay from each pupil's card (its POST answered) to each other tablet at the table seeing it."""
    found = CardTimes()
    for pupil in pupils:
        others = [o for o in pupils if o.place.table_id == pupil.place.table_id and o is not pupil and o.tablet]
        for card, answered in pupil.played.items():
            for other in others:
                assert other.tablet is not None
                arrived = other.tablet.arrivals.get(card)
                if arrived is None:
                    found.missing.append(f"table {pupil.place.number}: {card} never reached {other.place.seat}")
                    continue
                found.first += arrived < answered
                found.delays.append(max(0.0, arrived - answered))
    return found


def spreads(pupils: list[TablePupil]) -> list[float]:
    """For every card played at a table with two tablets or more (the computer's included): from the first
    tablet that saw it to the last."""
    seen: dict[tuple[str, tuple[int, str]], list[float]] = {}
    for pupil in pupils:
        if pupil.tablet is not None:
            for card, arrived in pupil.tablet.arrivals.items():
                seen.setdefault((pupil.place.table_id, card), []).append(arrived)
    return [max(times) - min(times) for times in seen.values() if len(times) > 1]


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


@dataclass
class Class:
    """What one run of the class gave: the pupils alone and their wall time, the tables' pupils and theirs."""

    pupils: list[Pupil]
    pupils_wall: float
    table_pupils: list[TablePupil]
    tables_wall: float


def arguments() -> argparse.Namespace:
    """The command's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30, help="pupils playing alone at once (0: none)")
    parser.add_argument("--think", type=float, default=1.0, help="scale of each pupil's 1-3 s thinking")
    parser.add_argument("--rules", default="ebu", help="free play under these rules: ebu, nbb or targets")
    parser.add_argument(
        "--tables", type=int, nargs="?", const=8, default=0, help="tables of pupils at the same time (8 if no number)"
    )
    parser.add_argument(
        "--seats", type=int, choices=range(1, 5), help="pupils at each table (default: 4 and 3 in turn)"
    )
    parser.add_argument("--deals", type=int, default=1, help="deals each table plays")
    parser.add_argument(
        "--robot-pace", type=float, default=ROBOT_PACE, help=f"seconds between the computer's cards ({ROBOT_PACE})"
    )
    return parser.parse_args()


def run_class(args: argparse.Namespace) -> Class:
    """The server in a thread, the pupils alone and the tables' pupils playing at once until all are done."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            data=Path(folder), class_code=None, teacher_token=TEACHER, loopback=True, robot_pace=args.robot_pace
        )
        with running(app) as address:
            began = time.perf_counter()
            pupils = [Pupil(n, address, args.think, args.rules) for n in range(1, args.pupils + 1)]
            for pupil in pupils:
                pupil.start()
            table_pupils = start_tables(args, address)
            for pupil in pupils:
                pupil.join()
            pupils_wall = time.perf_counter() - began
            for table_pupil in table_pupils:
                table_pupil.join()
            tables_wall = max((p.done_at for p in table_pupils), default=began) - began
            for table_pupil in table_pupils:
                if table_pupil.tablet is not None:
                    table_pupil.tablet.join(5)
    return Class(pupils, pupils_wall, table_pupils, tables_wall)


def start_tables(args: argparse.Namespace, address: str) -> list[TablePupil]:
    """The teacher's tables set up and their pupils started (none without ``--tables``)."""
    if not args.tables:
        return []
    places = table_places(open_class_tables(address, args.tables, args.deals), args.seats)
    longest = args.deals * (60 + 240 * args.think)
    table_pupils = [TablePupil(n, place, address, args.think, longest) for n, place in enumerate(places, start=1)]
    for table_pupil in table_pupils:
        table_pupil.start()
    return table_pupils


def report_pupils(args: argparse.Namespace, pupils: list[Pupil], wall: float) -> None:
    """The pupils alone: answer times, the longest waits, the games finished."""
    times = [t for pupil in pupils for t in pupil.actions]
    starts = [pupil.start_time for pupil in pupils if pupil.start_time]
    contracts = [pupil.start_time for pupil in pupils if pupil.computer_contract]
    done = sum(pupil.finished for pupil in pupils)
    p95 = percentile(times, 0.95) if times else float("nan")
    print(f"{args.pupils} pupils, one deal each under {args.rules}, thinking 1-3 s x {args.think}: {wall:.1f} s")
    print(f"pupil actions answered     : {len(times)}")
    print(f"answer time, median        : {statistics.median(times) * 1000:7.0f} ms" if times else "no actions")
    print(f"answer time, 95th pct      : {p95 * 1000:7.0f} ms (goal: at most 2000)")
    print(f"answer time, longest       : {max(times, default=0) * 1000:7.0f} ms")
    print(f"game start, longest        : {max(starts, default=0) * 1000:7.0f} ms")
    print(f"computer's contract, longest wait: {max(contracts, default=0) * 1000:7.0f} ms ({len(contracts)} games)")
    print(f"games finished             : {done} of {args.pupils}")
    for pupil in pupils:
        if pupil.error:
            print(f"  pupil {pupil.number}: {pupil.error}")


def milliseconds(label: str, values: list[float], goal: str = "") -> None:
    """One line of figures: the median, the 95th percentile and the longest, in milliseconds."""
    if not values:
        print(f"{label:<27}: none")
        return
    median, p95, longest = statistics.median(values), percentile(values, 0.95), max(values)
    figures = f"median {median * 1000:5.0f}, 95th pct {p95 * 1000:5.0f}, longest {longest * 1000:5.0f} ms"
    print(f"{label:<27}: {figures}{goal}")


def report_tables(args: argparse.Namespace, table_pupils: list[TablePupil], wall: float) -> None:
    """The tables of pupils: answer times, a pupil's card to the other tablets, the tables finished, problems."""
    mix = f"{args.seats} pupils each" if args.seats else "4 and 3 pupils in turn"
    deals = f"{args.deals} deal{'s' * (args.deals != 1)} each"
    print(
        f"{args.tables} tables of pupils ({mix}: {len(table_pupils)} pupils, the computer's cards "
        f"{args.robot_pace} s apart), lesson {TABLE_LESSON}, {deals}, thinking 1-3 s x {args.think}: {wall:.1f} s"
    )
    times = [t for pupil in table_pupils for t in pupil.actions]
    refused = [r for pupil in table_pupils for r in pupil.refused]
    print(f"table actions answered     : {len(times)} ({len(refused)} refused)")
    milliseconds("answer time", times)
    found = card_times(table_pupils)
    pairs = f"{len(found.delays)} (card, other tablet) pairs, {found.first} there before the player's answer"
    print(f"pupils' cards seen         : {pairs}")
    milliseconds("card to the other tablets", found.delays, " (goal: 95th pct at most 500)")
    milliseconds("card first to last tablet", spreads(table_pupils))
    views = sum(pupil.tablet.views for pupil in table_pupils if pupil.tablet is not None)
    print(f"stream views received      : {views}")
    print(f"tables finished            : {tables_finished(table_pupils)} of {args.tables}")
    problems = [*refused, *found.missing, *(str(s) for pupil in table_pupils for s in pupil.stalls)]
    problems += [f"table {p.place.number} {p.place.seat}: {p.error}" for p in table_pupils if p.error]
    problems += [
        f"table {p.place.number} {p.place.seat} tablet: {p.tablet.error}"
        for p in table_pupils
        if p.tablet is not None and p.tablet.error
    ]
    for problem in problems:
        print(f"  {problem}")


def tables_finished(table_pupils: list[TablePupil]) -> int:
    """The tables whose every pupil saw the game over."""
    tables: dict[str, bool] = {}
    for pupil in table_pupils:
        tables[pupil.place.table_id] = tables.get(pupil.place.table_id, True) and pupil.finished
    return sum(tables.values())


def main() -> None:
    args = arguments()
    found = run_class(args)
    if args.pupils:
        report_pupils(args, found.pupils, found.pupils_wall)
    if args.tables:
        report_tables(args, found.table_pupils, found.tables_wall)
    print(f"the computer's play beside it (bench/robot.py): declarer {shortfall():.2f} tricks short of double dummy")


def shortfall(count: int = 4, seed: int = 1) -> float:
    """The computer declarer's average shortfall against double-dummy defence, as ``bench/robot.py`` measures it
    (same deals, same robot): thinking faster must not make it grow."""
    from robot import deals, play_deal  # bench/robot.py, beside this file

    robot = Robot(find_rules("ebu"), seed=seed)
    found = [play_deal(deal, dealer, robot, perfect_defence=True) for deal, dealer in deals(count, seed)]
    return statistics.mean(best - taken for _, taken, best in found)


if __name__ == "__main__":
    main()
