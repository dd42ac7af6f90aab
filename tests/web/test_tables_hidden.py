"""Hidden information at the tables of pupils, at the HTTP level: over random tables (MiniLessons Three to Six and
free play, four players and three, pupils and the computer in a random mix) and random goings-on (the pupils'
decisions and wrong taps, the teacher's undo, restart, stop and show, pupils leaving and others sitting down,
reloads), no response, page or Server-Sent Event sent to a pupil's key holds a card that seat may not see at
that moment.

What a seat may see is worked out here from the table's stored data (rebuilt with the library) and the rules of
the table, not from the view that built the response: the hand it plays, dummy's once declarer is known, every
card played, and every hand once the deal is over or while the teacher shows them. The computer plays between
the requests, so the table's data at each version is rebuilt from the data once the computer has nothing left
to do: its decisions come after the change of the request, one version each.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from tables_client import TEACHER, events, open_tables, player, pupil_action, settle, tables_client

from minibridge.cards import Seat
from minibridge.classroom.class_table import ClassTable, places_of
from minibridge.classroom.setup import GameSetup
from minibridge.table import seating

CARD = re.compile(r"\b[SHDC][AKQJT2-9]\b")
SHOWN = re.compile(r"([♠♥♦♣])(10|[AKQJ2-9])")
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
NAMES = ("Amy", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivy", "Jo")
EVERY_CARD = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]

SETUPS = st.sampled_from(
    [
        *({"lesson": lesson} for lesson in (3, 4, 5, 6)),
        *({"rules": rules} for rules in ("ebu", "nbb", "targets")),
        {"three_handed": "simple"},
        {"three_handed": "normal"},
        {"lesson": 4, "three_handed": "normal"},
    ]
)

OPS = [
    *["act"] * 5,
    "tap",
    "finish",
    "finish",
    "streamed",
    "streamed",
    "wrong card",
    "undo card",
    "undo trick",
    "restart",
    "leave",
    "sit",
    "reload",
    "show",
    "pause",
    "next",
]


def cards_in(text: str, unrelated: Iterable[str]) -> set[str]:
    """Every card named in ``text``, as a code or with its suit symbol (``♥10`` is ``HT``), once the ``unrelated``
    strings (ids and keys, which may hold two letters like a card's) are taken out."""
    for secret in unrelated:
        text = text.replace(secret, " ")
    found = set(CARD.findall(text))
    return found | {SUITS[suit] + ("T" if rank == "10" else rank) for suit, rank in SHOWN.findall(text)}


def may_see(data: dict[str, Any], place: str | None, table: ClassTable | None = None) -> set[str]:
    """The cards the pupil at ``place`` (None: someone who is not at the table) may see in a table kept as
    ``data`` (``table``: the same, rebuilt): the hand they play, dummy's once declarer is known, every card
    played to this deal; every card once the deal is over, and while the teacher shows the hands to the
    table's players."""
    table = table if table is not None else ClassTable.from_data(data)
    game = table.table.game
    dealt = {seat: {str(card) for card in game.deal[seat]} for seat in Seat}
    if game.stage == "over" or (data["shown"] and place is not None):
        return set().union(*dealt.values())
    if table.table.phase == "count":  # the pupils count their points: each sees the hand dealt to them alone
        counted = table.table.counted_at(place) if place is not None else None
        return dealt[counted] if counted is not None else set()
    seats: set[Seat] = set()
    if place is not None:
        if table.setup.three_handed is None:
            seats.add(Seat.from_str(place))
        else:
            dealt_at = seating(game.dealer)[places_of(table.setup).index(place)]
            seats.add(game.players.get(dealt_at, dealt_at))
    rules = game.rules
    if game.declarer is not None and rules.dummy and rules.has_contract:
        seats.add(game.declarer.partner)
    return set(data["deals"][-1]["cards"]).union(*(dealt[seat] for seat in seats))


def rewind(data: dict[str, Any], steps: int) -> dict[str, Any]:
    """The table's data ``steps`` of the computer's decisions earlier: its last cards in this deal, then the
    contract, then the declarer it chose."""
    if steps == 0:
        return data
    deal = dict(data["deals"][-1])
    taken = min(steps, len(deal["cards"]))
    deal["cards"] = deal["cards"][: len(deal["cards"]) - taken]
    steps -= taken
    for decision in ("contract", "declarer"):
        if steps and deal[decision] is not None:
            deal[decision] = None
            steps -= 1
    assert steps == 0, "the computer took more decisions than the deal holds"
    deal["best"] = None
    return {**data, "deals": [*data["deals"][:-1], deal]}


class Watched:
    """One table of pupils on the server, each of its versions known, every answer to a pupil checked."""

    def __init__(self, client: TestClient, table_id: str) -> None:
        self.client = client
        self.id = table_id
        self.keys: dict[str, str] = {}
        """The key of the pupil at each place."""
        self.gone: list[str] = []
        """The keys of pupils who left or were made to get up."""
        self.history: dict[int, dict[str, Any]] = {}
        """The table's data at each version."""
        self.rebuilt: dict[int, ClassTable] = {}
        self.version, self.data = self._settle()
        self.at = self.version
        """The version the last answer to a change was made from."""
        self.checked = 0
        self.hidden = 0
        """How many answers were checked while some card was hidden from the seat."""
        self.names = iter(NAMES)

    # --- the table's versions -----------------------------------------------------------------------------

    def _settle(self) -> tuple[int, dict[str, Any]]:
        """The table once the computer has nothing left to do: its version and data."""
        settle(self.client, self.id, TEACHER)
        data = self.client.app.state.store.table(self.id)  # type: ignore[attr-defined]
        version = int(data.get("version", 0))
        self.history[version] = data
        return version, data

    def table(self, version: int | None = None) -> ClassTable:
        """The table at ``version`` (now, by default), rebuilt from its data."""
        version = self.version if version is None else version
        if version not in self.rebuilt:
            self.rebuilt[version] = ClassTable.from_data(self.history[version])
        return self.rebuilt[version]

    def change(self, send: Callable[[], Any], *, key: str | None = None, sent: str = "") -> Any:
        """Send a change, then wait for the computer: the versions between are rebuilt from the data at the end
        (the change is one version, each of the computer's decisions after it one more). The answer is checked
        for ``key`` (a pupil's) at the version it was made from, ``self.at``."""
        before = self.version
        response = send()
        self.version, self.data = self._settle()
        if response.status_code < 400:
            assert self.version > before, response.text
            for version in range(before + 1, self.version + 1):
                self.history[version] = rewind(self.data, self.version - version)
            self.at = before + 1
        else:
            assert self.version == before, "a refused change changed the table"
            self.at = before
        if key is not None:
            self.check(response.text, self.at, key, extra={sent} if sent else set())
        return response

    # --- the checks -------------------------------------------------------------------------------------------

    def check(self, text: str, version: int, key: str | None, *, extra: Iterable[str] = ()) -> None:
        """No card in ``text`` that the pupil of ``key`` may not see at ``version`` (besides ``extra``, a card the
        pupil named themselves)."""
        table = self.table(version)
        place = table.place_of(key) if key is not None else None
        allowed = may_see(self.history[version], place, table) | set(extra)
        shown = cards_in(text, [self.id, *self.keys.values(), *self.gone])
        assert shown <= allowed, f"{sorted(shown - allowed)} shown to {place} at version {version}: {text[:3000]}"
        self.checked += 1
        self.hidden += len(allowed) < 52 and len(shown) > 0

    def check_event(self, message: dict[str, Any], key: str) -> None:
        """A Server-Sent Event sent to ``key``: the seat's view at the event's version, or "left" once the key
        opens the seat no more."""
        version = int(message["id"])
        place = self.table(version).place_of(key)
        if message["event"] == "left":
            assert place is None and message["data"] == {}
            return
        assert message["event"] == "view" and place is not None and message["data"]["seat"] == place
        self.check(json.dumps(message["data"], ensure_ascii=False), version, key)

    def get(self, key: str) -> dict[str, Any] | None:
        """The pupil's view (the table is settled), checked; None when the key opens no seat."""
        response = self.client.get(f"/api/tables/{self.id}", headers=player(key))
        self.check(response.text, self.version, key)
        assert response.status_code == (200 if self.table().place_of(key) is not None else 403), response.text
        return response.json() if response.status_code == 200 else None

    def reload(self) -> None:
        """Every pupil (and one who left) reloads the view and the page; the class's overview of the tables."""
        for key in [*self.keys.values(), *self.gone[-1:]]:
            view = self.get(key)
            cookie = {"Cookie": f"minibridge_seat_{self.id}={key}"}
            page = self.client.get(f"/tables/{self.id}", headers=cookie)
            self.check(page.text, self.version, key)
            if view is not None and view["phase"] in ("deal_over", "game_over"):
                for number in range(len(view["tricks"]) + 2):
                    replay = self.client.get(f"/tables/{self.id}?trick={number}", headers=cookie)
                    self.check(replay.text, self.version, key)
        self.check(self.client.get("/api/tables").text, self.version, None)
        self.check(self.client.get("/tables").text, self.version, None)

    # --- what happens at the table -----------------------------------------------------------------------

    def sit(self, place: str) -> None:
        """A new pupil sits down at ``place``."""
        name = next(self.names, "Kim")
        seat = {"seat": place, "name": name}
        response = self.change(lambda: self.client.post(f"/api/tables/{self.id}/seats", json=seat))
        assert response.status_code == 201, response.text
        self.keys[place] = response.json()["player"]
        self.check(response.text, self.at, self.keys[place])

    def pupil(self, key: str, body: dict[str, Any], *, stream: str | None = None, form: bool = False) -> Any:
        """A pupil's action on the API (or with ``form``, tapped on the table's page), while the stream of
        ``stream`` (a key) is followed, if given."""
        sent = str(body.get("card", ""))
        if form:
            fields = {name: "1" if value is True else value for name, value in body.items()}
            cookie = {"Cookie": f"minibridge_seat_{self.id}={key}", "HX-Request": "true"}

            def send() -> Any:
                return self.client.post(f"/tables/{self.id}/actions", data=fields, headers=cookie)

        else:

            def send() -> Any:
                return self.client.post(f"/api/tables/{self.id}/actions", json=body, headers=player(key))

        if stream is None:
            return self.change(send, key=key, sent=sent)
        return self.streamed(stream, lambda: self.change(send, key=key, sent=sent))

    def teacher(self, body: dict[str, Any], *, stream: str | None = None) -> Any:
        """One of the teacher's actions, while the stream of ``stream`` (a pupil's key) is followed, if given."""

        def send() -> Any:
            return self.client.post(f"/api/tables/{self.id}/teacher", json=body, headers=TEACHER)

        if stream is None:
            return self.change(send)
        return self.streamed(stream, lambda: self.change(send))

    def streamed(self, key: str, change: Callable[[], Any]) -> Any:
        """``change`` made while the pupil of ``key`` follows the table: every event until the table settles is
        checked at its version."""
        with self.client.stream("GET", f"/api/tables/{self.id}/stream?player={key}") as response:
            assert response.status_code == 200
            found = events(response)
            first = next(message for message in found if message["event"] != "comment")
            assert int(first["id"]) == self.version
            self.check_event(first, key)
            answer = change()
            if self.version == int(first["id"]):
                return answer
            for message in found:
                assert message["event"] != "comment", "the stream did not send the last change"
                self.check_event(message, key)
                if message["event"] == "left" or int(message["id"]) == self.version:
                    return answer
        raise AssertionError("the stream ended")

    def act(self, choice: int, *, stream: str | None = None, form: bool = False) -> bool:
        """The next decision at the table: the pupil's whose turn it is (their ``choice``), every pupil's
        "next" after the deal, a pupil sitting down where the table waits for somebody; False once the game is
        over."""
        table = self.table()
        phase = table.table.phase
        if phase == "game_over":
            return False
        if table.paused:  # a pupil's decision is refused while the teacher has stopped the table
            decider = table.table.decider
            if decider in self.keys and phase != "deal_over":
                view = self.get(self.keys[decider])
                assert view is not None and view["paused"]
                refused = self.pupil(self.keys[decider], pupil_action(view, choice), stream=stream)
                assert refused.status_code == 409, refused.text
            elif phase == "deal_over" and self.keys:
                refused = self.pupil(next(iter(self.keys.values())), {"next": True}, stream=stream)
                assert refused.status_code == 409, refused.text
            self.teacher({"pause": False}, stream=stream)
            return True
        if phase == "count":  # every pupil still counting counts, rightly or (an odd choice) one too many
            for place, key in list(self.keys.items()):
                if table.table.counted_at(place) in table.table.seats_counting():
                    view = self.get(key)
                    assert view is not None and view["phase"] == "count" and (not view["hcp"] or table.shown), view
                    self.pupil(key, pupil_action(view, choice), stream=stream, form=form)
                    choice += 1
            return True
        if phase == "deal_over":
            for key in list(self.keys.values()):
                self.pupil(key, {"next": True}, stream=stream)
            if not self.keys:
                self.teacher({"next": True}, stream=stream)
            return True
        decider = table.table.decider
        if decider is None or decider not in self.keys:  # nobody sits at the table, or a free seat's turn
            free = [place for place in table.places if place not in self.keys]
            if decider is not None and choice % 3 == 0:
                self.teacher({"robot": decider}, stream=stream)
            else:
                self.sit(decider or free[choice % len(free)])
            return True
        key = self.keys[decider]
        view = self.get(key)
        assert view is not None and view["pupil_to_act"], view
        self.pupil(key, pupil_action(view, choice), stream=stream, form=form)
        return True

    def finish(self, choice: int) -> None:
        """Decisions until the deal (or the game) is over."""
        for _ in range(300):
            if self.table().table.phase in ("deal_over", "game_over") or not self.act(choice):
                return
            choice += 1
        raise AssertionError("the deal did not end")


def _run(watched: Watched, op: str, draw: Callable[[Any], Any]) -> None:
    """One thing happening at the table."""
    choice = draw(st.integers(0, 51))
    table = watched.table()
    places = list(table.places)
    if op == "act":
        watched.act(choice)
    elif op == "tap":
        watched.act(choice, form=True)
    elif op == "finish":
        watched.finish(choice)
    elif op == "streamed":
        followers = [*watched.keys.values()]
        if followers:
            watched.act(choice, stream=followers[choice % len(followers)])
        else:
            watched.act(choice)
    elif op == "wrong card":  # a pupil taps any card at all: refused or played, the answer holds no secret
        if watched.keys:
            key = list(watched.keys.values())[choice % len(watched.keys)]
            watched.pupil(key, {"card": EVERY_CARD[draw(st.integers(0, 51))]}, form=choice % 2 == 1)
    elif op in ("undo card", "undo trick"):
        watched.teacher({"undo": op.split()[1]}, stream=_follower(watched, choice))
    elif op == "restart":
        watched.teacher({"restart": True}, stream=_follower(watched, choice))
    elif op == "leave":
        if watched.keys:
            place = list(watched.keys)[choice % len(watched.keys)]
            key = watched.keys.pop(place)
            watched.gone.append(key)
            if choice % 2:
                watched.pupil(key, {"leave": True}, stream=key if choice % 4 == 1 else None, form=choice % 8 == 3)
            else:
                watched.teacher({"free": place} if choice % 4 == 0 else {"robot": place})
    elif op == "sit":
        free = [place for place in places if place not in watched.keys]
        if free:
            watched.sit(free[choice % len(free)])
    elif op == "reload":
        watched.reload()
    elif op == "show":
        watched.teacher({"show": not table.shown}, stream=_follower(watched, choice))
    elif op == "pause":
        watched.teacher({"pause": not table.paused}, stream=_follower(watched, choice))
    elif op == "next":
        watched.teacher({"next": True})
    else:  # pragma: no cover
        raise AssertionError(op)


def _follower(watched: Watched, choice: int) -> str | None:
    """A pupil who follows the table while the teacher steers, now and then."""
    keys = list(watched.keys.values())
    return keys[choice % len(keys)] if keys and choice % 3 == 0 else None


@settings(
    max_examples=20,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    setup=SETUPS,
    seed=st.integers(1, 100_000),
    robots=st.sampled_from(["now", "teacher"]),
    data=st.data(),
)
def test_no_answer_to_a_pupil_holds_a_card_the_seat_may_not_see(
    setup: dict[str, Any], seed: int, robots: str, data: st.DataObject
):
    places = list(places_of(GameSetup(**setup)))
    pupils = data.draw(st.lists(st.sampled_from(places), min_size=1, max_size=len(places), unique=True))
    others = [place for place in places if place not in pupils]
    computer = data.draw(st.lists(st.sampled_from(others), unique=True)) if others else []
    ops = data.draw(st.lists(st.sampled_from(OPS), min_size=4, max_size=14))
    counting = data.draw(st.booleans())  # the pupils count their own points first, or the teacher turned it off
    with tempfile.TemporaryDirectory() as folder, tables_client(Path(folder), counting=counting) as client:
        (table_id,) = open_tables(client, tables=1, deals=2, seed=seed, robots=robots, **setup)
        watched = Watched(client, table_id)
        for place in computer:
            if robots == "teacher":
                watched.teacher({"robot": place})
        for place in pupils:
            watched.sit(place)
        watched.reload()
        for op in [*ops, "finish", "act", "finish", "reload"]:
            _run(watched, op, data.draw)
        assert watched.checked and watched.hidden  # the scan found the cards of the answers, some hidden
