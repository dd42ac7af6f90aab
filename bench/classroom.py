"""Two classes on one laptop: pupils alone against the computer and tables of pupils, all at once, against one
``minibridge serve`` started as its own process (as in class) on a free loopback port.

The scenario of the goal, by default: 30 pupils alone (lessons Three to Six in turn, every third pupil
three-handed), each starting within the first 10 s (``--start``) and playing ``--deals`` deals, and 8 tables of
pupils (lesson ``--table-lesson``, 30 pupils seated within the first 10 s: four at a table, the last tables
three with the computer in the fourth seat), together 60 pupils. Every pupil is a thread with its own HTTP client
and thinks 1 to 3 seconds (times ``--think``) before each decision: counts their points, chooses the declarer,
the contract (as the lessons teach, three times in four), a legal card at random, the next deal. A pupil at a
table has a second thread, the tablet, following the seat's Server-Sent Events, and acts on what it shows.

Prints, for the pupils alone and at the tables: the server's answer time per action (median, 95th percentile,
slowest; the start of a game and the sitting down included), at the tables the time from a pupil's card (its
POST answered) until each other tablet at the table holds it, the deals finished, the server's peak memory
(the process and its children), the wall time; then the goals met or not, and the computer's play beside them:
the expert declarer's tricks short of double dummy over ``--shortfall-deals`` deals, as ``bench/robot.py``
measures it (thinking faster must not make it grow).

``--busy`` runs the same with a second process keeping one core busy all along (a stand-in for the teacher's
other work: a browser, the class screen, printing).

    python bench/classroom.py [--pupils 30] [--tables 8] [--table-pupils 30] [--deals 1] [--busy]
    python bench/classroom.py --pupils 0 --tables 8 --deals 2      # the tables alone
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
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

TEACHER = "bench-teacher"
"""The teacher's token of the server under test."""
SEATS = "NESW"
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
ALONE_LESSONS = (3, 4, 5, 6)
"""The lessons the pupils alone play, in turn."""


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


def points(view: dict[str, Any]) -> int:
    """The high-card points of the hand the pupil counts."""
    return sum(HCP.get(card[1], 0) for card in view["hands"][view["count"]["seat"]])


def decision(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A pupil's decision: their points counted (wrong one time in ten), a legal card at random; three times in
    four the contract the lessons teach, else any contract the view offers."""
    phase = view["phase"]
    if phase == "count":
        return {"points": points(view) + (rng.random() < 0.1)}
    if phase == "declarer":
        return {"declarer": rng.choice(view["declarers"])}
    if phase == "contract":
        taught = taught_contract(view) if rng.random() < 0.75 else None
        return {"contract": taught or rng.choice(view["contracts"])}
    return {"card": rng.choice(view["legal"])}


class Pupil(threading.Thread):
    """One pupil alone against the computer: starts a lesson's game within the first seconds and plays it to the
    end. Keeps the server's answer time of each action (the start included), and how it ended."""

    def __init__(self, number: int, address: str, args: argparse.Namespace) -> None:
        super().__init__(name=f"pupil-{number}")
        self.number, self.address, self.think, self.start_within = number, address, args.think, args.start
        self.lesson = ALONE_LESSONS[number % len(ALONE_LESSONS)]
        self.three_handed = number % 3 == 0
        self.setup: dict[str, Any] = {"lesson": self.lesson, "deals": args.deals}
        if self.three_handed:
            self.setup["three_handed"] = "simple"
        self.actions: list[float] = []
        self.kinds: list[str] = []
        self.start_time = 0.0
        self.deals = 0
        self.finished = False
        self.error = ""

    def run(self) -> None:
        rng = random.Random(self.number)
        try:
            with tablet_client(self.address, self.number, 120) as client:
                time.sleep(rng.uniform(0, self.start_within))
                view = self.send(client, "/api/games", self.setup)
                self.start_time = self.actions[-1]
                while view["phase"] != "game_over":
                    time.sleep(rng.uniform(1, 3) * self.think)
                    action = {"next": True} if view["phase"] == "deal_over" else decision(view, rng)
                    self.deals += view["phase"] == "deal_over"
                    view = self.send(client, f"/api/games/{view['id']}/actions", action)
                self.deals += 1
                self.finished = True
        except (httpx2.HTTPError, KeyError, IndexError) as error:
            self.error = f"{type(error).__name__}: {error}"

    def send(self, client: httpx2.Client, path: str, body: dict[str, Any]) -> dict[str, Any]:
        """Post, timing the server's answer; the view answered."""
        began = time.perf_counter()
        response = client.post(path, json=body)
        self.actions.append(time.perf_counter() - began)
        self.kinds.append(f"lesson {self.lesson}{' three-handed' if self.three_handed else ''}: {body}")
        if response.is_error:
            raise httpx2.HTTPError(f"{path} {body}: {response.status_code} {response.text[:200]}")
        answer: dict[str, Any] = response.json()
        return answer


def tablet_client(address: str, number: int, timeout: httpx2.Timeout | float) -> httpx2.Client:
    """A tablet's HTTP client: each pupil's tablet comes from its own loopback address (``127.0.x.y``), as each
    tablet in class has its own address on the school's network."""
    local = f"127.0.{1 + number // 250}.{2 + number % 250}"
    # A connection idle for 2 s is not used again: the server closes one idle for 5 s, and a request sent on it
    # just then would meet the close (a browser sends such a request again by itself).
    transport = httpx2.HTTPTransport(local_address=local, limits=httpx2.Limits(keepalive_expiry=2))
    return httpx2.Client(base_url=address, timeout=timeout, transport=transport)


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

    def __init__(self, address: str, number: int, table_id: str, key: str, name: str) -> None:
        super().__init__(name=f"{name}-tablet", daemon=True)
        self.address, self.number, self.table_id, self.key = address, number, table_id, key
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
                tablet_client(self.address, self.number, timeout) as client,
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
    if view["phase"] == "count":
        counting = view["count"]
        waiting = counting is not None and counting["seat"] in counting["waiting"] and counting["right"] is not True
        return decision(view, rng) if waiting else None
    if view["phase"] in ("declarer", "contract", "play") and view["pupil_to_act"]:
        return decision(view, rng)
    return None


PHASES = ("count", "declarer", "contract", "play", "deal_over", "game_over")


def progress(view: dict[str, Any]) -> tuple[int, int, int, int, int]:
    """How far the table has gone in a view: the deal, the phase, the cards played, the pupils ready, the pupil's
    counts."""
    cards = len(view["trick"]) + 4 * len(view["tricks"])
    counts = len(view["count"]["tried"]) if view.get("count") else 0
    return view["deal"], PHASES.index(view["phase"]), cards, len(view["ready"]), counts


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

    def __init__(self, number: int, place: TableSeat, address: str, args: argparse.Namespace) -> None:
        super().__init__(name=f"table-{place.number}-{place.seat}")
        self.number, self.place, self.address, self.think = number, place, address, args.think
        self.start_within = args.start
        longest = args.deals * (60 + 240 * args.think)
        self.longest = longest
        self.patience = 20 + 10 * args.think
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
            with tablet_client(self.address, self.number, 120) as client:
                time.sleep(rng.uniform(0, self.start_within))
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
        began = time.perf_counter()
        response = client.post(f"/api/tables/{self.place.table_id}/seats", json=body)
        self.actions.append(time.perf_counter() - began)
        response.raise_for_status()
        self.key = response.json()["player"]
        self.tablet = Tablet(self.address, self.number, self.place.table_id, self.key, self.name)
        self.tablet.start()

    def play(self, client: httpx2.Client, rng: random.Random) -> None:
        """Act on each new view of the tablet until the game is over; a view the pupil's own last action has
        already gone past (the stream not there yet) is passed over."""
        version, reached, deadline = -1, (0, 0, 0, 0, 0), time.perf_counter() + self.longest
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


def table_places(table_ids: list[str], pupils: int) -> list[TableSeat]:
    """The pupils' seats: four at a table, but as many tables as it takes with three (the computer in the fourth
    seat) to seat ``pupils`` at all the tables; the computer's seat turns round the table from one to the next."""
    count = len(table_ids)
    threes = min(count, max(0, 4 * count - pupils))
    places = []
    for number, table_id in enumerate(table_ids, start=1):
        taken = 3 if number > count - threes else 4
        turned = SEATS[number % 4 :] + SEATS[: number % 4]
        places += [TableSeat(table_id, number, seat) for seat in turned[:taken]]
    return places


def open_class_tables(address: str, count: int, lesson: int, deals: int) -> list[str]:
    """The teacher sets up the class's tables (the same boards at every table): their ids, by number."""
    body = {"tables": count, "lesson": lesson, "deals": deals, "seed": 7}
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


class Server:
    """``minibridge serve`` as its own process on a free loopback port, over an empty data folder: its address, and
    the peak of its memory (resident, the process and its children together) sampled while it runs."""

    def __init__(self, folder: str) -> None:
        from minibridge.web.server import free_port

        self.address = f"http://127.0.0.1:{free_port()}"
        port = self.address.rsplit(":", 1)[1]
        serve = [sys.executable, "-c", "from minibridge.cli import main; main()", "serve", "--host", "127.0.0.1"]
        serve += ["--port", port, "--data", folder, "--teacher-token", TEACHER, "--no-open", "--lang", "en"]
        self.process = subprocess.Popen(serve, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.peak = 0
        self.cpu: list[tuple[float, float]] = []
        """(moment, seconds of CPU the server has used), every 0.2 s."""
        self.stopped = threading.Event()
        self.sampler = threading.Thread(target=self.sample, name="memory", daemon=True)
        self.wait_ready()
        self.sampler.start()

    def prepared(self, most: float) -> float:
        """Wait until the server has thought ahead about everything it prepares before the class comes (at most
        ``most`` seconds); the seconds waited."""
        began = time.perf_counter()
        while time.perf_counter() - began < most:
            if httpx2.get(f"{self.address}/api/health", timeout=5).json().get("thinking_ahead", 0) == 0:
                break
            time.sleep(0.5)
        return time.perf_counter() - began

    def wait_ready(self) -> None:
        """Wait until the server answers (or say why it stopped)."""
        for _ in range(300):
            if self.process.poll() is not None:
                raise SystemExit(f"the server stopped: {self.process.stderr.read() if self.process.stderr else ''}")
            with contextlib.suppress(httpx2.HTTPError):
                if httpx2.get(f"{self.address}/api/health", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)
        raise SystemExit("the server did not answer within 30 s")

    def sample(self) -> None:
        """Every 0.2 s, the resident memory of the server and its children; the highest kept."""
        ticks = os.sysconf("SC_CLK_TCK")
        while not self.stopped.wait(0.2):
            self.peak = max(self.peak, resident(self.process.pid))
            with contextlib.suppress(OSError):
                fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
                self.cpu.append((time.perf_counter(), (int(fields[11]) + int(fields[12])) / ticks))

    def busiest(self, window: float = 10.0) -> tuple[float, float]:
        """The cores the server kept busy on average over its busiest ``window`` seconds, and over the run."""
        if len(self.cpu) < 2:
            return 0.0, 0.0
        busiest, start = 0.0, 0
        for end in range(len(self.cpu)):
            while self.cpu[end][0] - self.cpu[start][0] > window:
                start += 1
            span = self.cpu[end][0] - self.cpu[start][0]
            if span >= window * 0.9:
                busiest = max(busiest, (self.cpu[end][1] - self.cpu[start][1]) / span)
        overall = (self.cpu[-1][1] - self.cpu[0][1]) / (self.cpu[-1][0] - self.cpu[0][0])
        return busiest, overall

    def stop(self) -> None:
        """Stop the sampler and the server."""
        self.stopped.set()
        self.sampler.join()
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def resident(pid: int) -> int:
    """Bytes of resident memory of a process and its descendants (0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0
    own = next((int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS:")), 0)
    return own + sum(resident(int(child)) for child in children)


@contextlib.contextmanager
def busy_core(busy: bool) -> Iterator[None]:
    """With ``busy``, a second process keeping one core busy until the block ends."""
    if not busy:
        yield
        return
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


@dataclass
class Class:
    """What one run of the class gave: the pupils alone and the tables' pupils, the wall time, the server's peak
    memory."""

    pupils: list[Pupil]
    table_pupils: list[TablePupil]
    prepared: float
    wall: float
    memory: int
    cores: tuple[float, float]


def arguments() -> argparse.Namespace:
    """The command's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30, help="pupils playing alone against the computer (0: none)")
    parser.add_argument("--tables", type=int, default=8, help="tables of pupils (0: none)")
    parser.add_argument("--table-pupils", type=int, default=30, help="pupils at the tables, at most four a table")
    parser.add_argument("--table-lesson", type=int, default=5, help="the lesson the tables play")
    parser.add_argument("--deals", type=int, default=1, help="deals each pupil alone, and each table, plays")
    parser.add_argument("--start", type=float, default=10, help="seconds within which every pupil starts")
    parser.add_argument("--think", type=float, default=1.0, help="scale of each pupil's 1-3 s thinking")
    parser.add_argument("--busy", action="store_true", help="a second process keeps one core busy all along")
    parser.add_argument(
        "--prepare", type=float, default=300, help="seconds the server may think before the class comes (0: none)"
    )
    parser.add_argument("--shortfall-deals", type=int, default=40, help="deals for the computer's shortfall (0: none)")
    args = parser.parse_args()
    if args.tables and not args.tables * 3 <= args.table_pupils <= args.tables * 4:
        parser.error(f"{args.tables} tables seat {args.tables * 3} to {args.tables * 4} pupils")
    return args


def run_class(args: argparse.Namespace) -> Class:
    """The server started, the pupils alone and the tables' pupils playing at once until all are done."""
    with tempfile.TemporaryDirectory() as folder, busy_core(args.busy):
        server = Server(folder)
        try:
            table_ids = (
                open_class_tables(server.address, args.tables, args.table_lesson, args.deals) if args.tables else []
            )
            prepared = server.prepared(args.prepare)
            began = time.perf_counter()
            pupils = [Pupil(n, server.address, args) for n in range(1, args.pupils + 1)]
            places = table_places(table_ids, args.table_pupils)
            first = args.pupils + 1
            table_pupils = [TablePupil(n, place, server.address, args) for n, place in enumerate(places, start=first)]
            for pupil in [*pupils, *table_pupils]:
                pupil.start()
            for pupil in [*pupils, *table_pupils]:
                pupil.join()
            wall = time.perf_counter() - began
            for table_pupil in table_pupils:
                if table_pupil.tablet is not None:
                    table_pupil.tablet.join(5)
        finally:
            server.stop()
    return Class(pupils, table_pupils, prepared, wall, server.peak, server.busiest())


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def milliseconds(label: str, values: list[float], goal: str = "") -> None:
    """One line of figures: the median, the 95th percentile and the slowest, in milliseconds."""
    if not values:
        print(f"{label:<27}: none")
        return
    median, p95, longest = statistics.median(values), percentile(values, 0.95), max(values)
    figures = f"median {median * 1000:5.0f}, 95th pct {p95 * 1000:5.0f}, slowest {longest * 1000:5.0f} ms"
    print(f"{label:<27}: {figures}{goal}")


def report_pupils(args: argparse.Namespace, pupils: list[Pupil]) -> None:
    """The pupils alone: answer times, the starts, the deals finished."""
    three = sum(pupil.three_handed for pupil in pupils)
    print(f"{len(pupils)} pupils alone (lessons 3-6 in turn, {three} three-handed), {args.deals} deal(s) each")
    times = [t for pupil in pupils for t in pupil.actions]
    print(f"actions answered           : {len(times)}")
    milliseconds("answer time", times)
    milliseconds("starting a game", [pupil.start_time for pupil in pupils if pupil.start_time])
    for lesson in ALONE_LESSONS:
        milliseconds(f"  lesson {lesson}", [t for p in pupils if p.lesson == lesson for t in p.actions])
    slowest = sorted(((t, kind) for p in pupils for t, kind in zip(p.actions, p.kinds, strict=True)), reverse=True)
    print("slowest answers            : " + "; ".join(f"{t:.1f} s {kind}" for t, kind in slowest[:5]))
    done = sum(pupil.deals for pupil in pupils if pupil.finished)
    print(f"deals finished             : {done} of {len(pupils) * args.deals}")
    for pupil in pupils:
        if pupil.error:
            print(f"  pupil {pupil.number}: {pupil.error}")


def report_tables(args: argparse.Namespace, table_pupils: list[TablePupil]) -> CardTimes:
    """The tables of pupils: answer times, a pupil's card to the other tablets, the tables finished, problems."""
    robots = 4 * args.tables - len(table_pupils)
    print(
        f"{args.tables} tables of pupils, lesson {args.table_lesson}: {len(table_pupils)} pupils and {robots} "
        f"computer seats, {args.deals} deal(s) each"
    )
    times = [t for pupil in table_pupils for t in pupil.actions]
    refused = [r for pupil in table_pupils for r in pupil.refused]
    print(f"actions answered           : {len(times)} ({len(refused)} refused)")
    milliseconds("answer time", times)
    found = card_times(table_pupils)
    pairs = f"{len(found.delays)} (card, other tablet) pairs, {found.first} there before the player's answer"
    print(f"pupils' cards seen         : {pairs}")
    milliseconds("card to the other tablets", found.delays)
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
    return found


def tables_finished(table_pupils: list[TablePupil]) -> int:
    """The tables whose every pupil saw the game over."""
    tables: dict[str, bool] = {}
    for pupil in table_pupils:
        tables[pupil.place.table_id] = tables.get(pupil.place.table_id, True) and pupil.finished
    return sum(tables.values())


def report_goals(args: argparse.Namespace, found: Class, cards: CardTimes) -> None:
    """The goals, each with the figure measured and whether it is met."""
    times = [t for pupil in [*found.pupils, *found.table_pupils] for t in pupil.actions]
    finished = all(p.finished for p in found.pupils) and tables_finished(found.table_pupils) == args.tables
    rows = [
        ("every deal finishes", "yes" if finished else "no", "yes", finished),
        ("answer time, 95th pct", f"{percentile(times, 0.95):.2f} s", "1.0 s", percentile(times, 0.95) <= 1.0),
        ("answer time, slowest", f"{max(times):.2f} s", "5.0 s", max(times) <= 5.0),
    ]
    if cards.delays:
        late = percentile(cards.delays, 0.95)
        rows.append(("card to other tablets, 95th pct", f"{late:.2f} s", "0.5 s", late <= 0.5))
    rows.append(("server's memory, peak", f"{found.memory / 2**20:.0f} MB", "1024 MB", found.memory <= 2**30))
    loaded = " with one core kept busy" if args.busy else ""
    pupils = len(found.pupils) + len(found.table_pupils)
    print(f"\ngoals: {pupils} pupils on {os.cpu_count()} cores{loaded}, in {found.wall:.0f} s")
    print(f"  (the server started {found.prepared:.0f} s before the class, thinking ahead about its first deals)")
    for goal, figure, wanted, met in rows:
        print(f"  {goal:<33} {figure:>9}   goal {wanted:>8}   {'met' if met else 'NOT MET'}")
    busiest, overall = found.cores
    print(f"  the server's cores busy: {busiest:.2f} over its busiest 10 s, {overall:.2f} over the run")


def main() -> None:
    args = arguments()
    found = run_class(args)
    if args.pupils:
        report_pupils(args, found.pupils)
    cards = report_tables(args, found.table_pupils) if args.tables else CardTimes()
    report_goals(args, found, cards)
    if args.shortfall_deals:
        short = shortfall(args.shortfall_deals)
        print(f"the computer's play beside it: the expert declarer {short:.2f} tricks short of double dummy", end="")
        print(f" on average over {args.shortfall_deals} deals (bench/robot.py)")


def shortfall(count: int, seed: int = 1) -> float:
    """The expert declarer's average shortfall against double-dummy defence, as ``bench/robot.py`` measures it
    (same deals, same computer player, its usual layouts)."""
    from robot import deals, play_deal  # bench/robot.py, beside this file

    robot = Robot(find_rules("ebu"), seed=seed)
    found = [play_deal(deal, dealer, robot, perfect_defence=True) for deal, dealer in deals(count, seed)]
    return statistics.mean(best - taken for _, taken, best in found)


if __name__ == "__main__":
    main()
