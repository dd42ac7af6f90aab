"""A table of pupils: up to four children at one table, each on their own tablet, the computer in the empty seats,
the teacher steering.

A :class:`ClassTable` is a :class:`~minibridge.table.Table` whose places are held by pupils or by the computer.
A pupil holds a place by a secret key (only its digest is kept); the person who decides at the table for that place
is the place's letter. A place nobody holds is the computer's, or, when the teacher hands seats to the computer
herself (``robots="teacher"``), it waits for a pupil or for the teacher. With four players the places are the four
seats; with three (RULES §7) they are the three players, South, West and East as they sit down, who announce
from the seats :func:`~minibridge.table.seating` gives for each dealer.

Every decision a pupil or the teacher takes is checked by the table like any other; a refused one changes nothing.
The table is kept as plain data (:meth:`ClassTable.to_data`): its setup, who holds each place, and every decision,
so that it survives a restart and is rebuilt without the computer thinking again.

>>> table = ClassTable.new(GameSetup(lesson=5, deals=2, seed=7, samples=2), number=1)
>>> key = table.sit("N", "Ann")
>>> table.place_of(key), table.seats_data()["N"], table.seats_data()["E"]
('N', {'name': 'Ann', 'robot': False}, {'name': None, 'robot': True})
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Literal

from minibridge.card_reasons import CardAdvice
from minibridge.cards import Card, Seat
from minibridge.classroom.setup import GameSetup
from minibridge.classroom.view import table_view
from minibridge.contract import Contract
from minibridge.errors import MiniBridgeError, RuleError
from minibridge.language import gettext
from minibridge.table import THREE_SEATS, Seating, Table, seating, take_back
from minibridge.table.claims import claim_rest
from minibridge.table.hints import hint_for

__all__ = ["Robots", "Undo", "ClassTable", "TableRefused", "places_of", "place_of_key", "seats_of"]

Robots = Literal["now", "teacher"]
"""Who gives the computer a place nobody holds: the table at once, or only the teacher."""
Undo = Literal["card", "trick"]
"""What the teacher takes back: the last card a pupil played (with the computer's after it), or the last trick."""

_FOUR = tuple(seat.letter for seat in Seat)


def places_of(setup: GameSetup) -> tuple[str, ...]:
    """The places at a table: the four seats, or the three players' (South, West, East) in three-handed play."""
    if setup.three_handed is not None:
        return tuple(seat.letter for seat in THREE_SEATS)
    return _FOUR


class TableRefused(MiniBridgeError):
    """An action the table refuses, with its kind: ``moment`` (not now, 409) or ``value`` (never, 422)."""

    def __init__(self, message: str, *, kind: Literal["moment", "value"] = "moment") -> None:
        super().__init__(message)
        self.kind = kind


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def seats_of(places: dict[str, dict[str, Any] | None], robots: Robots) -> dict[str, dict[str, Any] | None]:
    """Who sits at each of a table's ``places`` (as kept in its data), read without dealing the table again:
    ``{"name": …, "robot": false}`` for a pupil, ``{"name": null, "robot": true}`` for the computer, or null for a
    place that waits for a pupil."""
    seats: dict[str, dict[str, Any] | None] = {}
    for place, holder in places.items():
        if holder is not None and not holder.get("robot"):
            seats[place] = {"name": holder["name"], "robot": False}
        elif holder is not None or robots == "now":
            seats[place] = {"name": None, "robot": True}
        else:
            seats[place] = None
    return seats


def place_of_key(places: dict[str, dict[str, Any] | None], key: str) -> str | None:
    """The place of a table's ``places`` (as kept in its data) that ``key`` opens, or None."""
    digest = _digest(key)
    for place, holder in places.items():
        if holder is not None and secrets.compare_digest(str(holder.get("key", "")), digest):
            return place
    return None


class ClassTable:
    """A table of pupils: its number, its setup, who holds each place, whether it is paused, and the game."""

    def __init__(
        self,
        setup: GameSetup,
        *,
        number: int,
        robots: Robots = "now",
        event: str | None = None,
        places: dict[str, dict[str, Any] | None] | None = None,
        paused: bool = False,
        shown: bool = False,
        ready: Sequence[str] = (),
        lockstep: bool = False,
    ) -> None:
        self.setup = setup
        self.number = number
        self.robots: Robots = robots
        self.event = event
        self.places: dict[str, dict[str, Any] | None] = {p: None for p in places_of(setup)}
        self.places.update({p: h for p, h in (places or {}).items() if p in self.places})
        self.paused = paused
        self.shown = shown
        """The teacher shows the four hands to this table's players until the next deal."""
        self.ready = set(ready)
        """The places whose pupil has tapped "next" after the deal."""
        self.lockstep = lockstep
        """The tables move to the next board together, when the teacher says."""
        self.table = setup.table(Seating(), robot_seed=setup.seed + number)

    @classmethod
    def new(
        cls,
        setup: GameSetup,
        *,
        number: int,
        robots: Robots = "now",
        event: str | None = None,
        lockstep: bool = False,
    ) -> ClassTable:
        """A new table at its first deal; nobody sits at it yet."""
        if setup.deals is None and setup.target is None:
            setup = GameSetup(**{**setup.as_data(), "deals": len(setup.boards) or 4})
        table = cls(setup, number=number, robots=robots, event=event, lockstep=lockstep)
        table.table.start()
        table._seat_people()
        return table

    # --- who sits where ----------------------------------------------------------------------------------------

    def _seat_people(self) -> None:
        """Tell the table who decides for each place this deal: a pupil, nobody yet (the table waits), or the
        computer (left out)."""
        people: dict[Seat, str] = {}
        dealt = self._dealt_seats()
        for place, holder in self.places.items():
            waiting = holder is None and self.robots == "teacher"
            if (holder is not None and not holder.get("robot")) or waiting:
                people[dealt[place]] = place
        self.table.seating = Seating(people=people)
        self.table.counters = {place for place in self.places if self.pupil(place) is not None}

    def _dealt_seats(self) -> dict[str, Seat]:
        """The seat each place is dealt at this deal (three-handed: as the dealer says)."""
        if self.setup.three_handed is None:
            return {place: Seat.from_str(place) for place in self.places}
        return dict(zip(self.places, seating(self.table.game.dealer), strict=True))

    def pupil(self, place: str) -> str | None:
        """The name of the pupil at ``place`` (None: the computer or nobody)."""
        holder = self.places.get(place)
        return holder["name"] if holder is not None and not holder.get("robot") else None

    def robot_plays(self, place: str) -> bool:
        """The computer plays ``place``."""
        holder = self.places[place]
        return (holder is not None and bool(holder.get("robot"))) or (holder is None and self.robots == "now")

    def seats_data(self) -> dict[str, dict[str, Any] | None]:
        """Each place: ``{"name": …, "robot": false}`` for a pupil, ``{"name": null, "robot": true}`` for the
        computer, or null for a place that waits for a pupil."""
        return seats_of(self.places, self.robots)

    def place_of(self, key: str) -> str | None:
        """The place the key opens (None: no place of this table)."""
        return place_of_key(self.places, key)

    def sit(self, place: str, name: str) -> str:
        """A pupil called ``name`` takes ``place`` (free, or the computer's); the pupil's key, a secret."""
        if place not in self.places:
            raise TableRefused(
                gettext("there is no seat '%(seat)s' at this table: choose %(seats)s")
                % {"seat": place, "seats": ", ".join(self.places)},
                kind="value",
            )
        taken = self.pupil(place)
        if taken is not None:
            raise TableRefused(gettext("%(name)s already sits there: choose a free seat") % {"name": taken})
        key = secrets.token_urlsafe(24)
        self.places[place] = {"name": name, "key": _digest(key)}
        self._seat_people()
        return key

    def leave(self, place: str) -> None:
        """The pupil at ``place`` leaves: the computer takes the seat, or it waits for the teacher."""
        self.places[place] = None
        self.ready.discard(place)
        self._seat_people()
        self._move_on_when_ready()

    # --- the teacher's hand-overs --------------------------------------------------------------------------------

    def give_to_computer(self, place: str) -> None:
        """The teacher hands ``place`` to the computer (its pupil, if any, gets up)."""
        self._check_place(place)
        if self.robot_plays(place) and self.pupil(place) is None:
            raise TableRefused(gettext("the computer already plays that seat"))
        self.places[place] = {"robot": True}
        self.ready.discard(place)
        self._seat_people()
        self._move_on_when_ready()

    def free(self, place: str) -> None:
        """The teacher frees ``place`` for a pupil (its pupil, if any, gets up)."""
        self._check_place(place)
        if self.places[place] is None:
            raise TableRefused(gettext("that seat is already free"))
        self.places[place] = None
        self.ready.discard(place)
        self._seat_people()
        self._move_on_when_ready()

    def _check_place(self, place: str) -> None:
        if place not in self.places:
            raise TableRefused(
                gettext("there is no seat '%(seat)s' at this table: choose %(seats)s")
                % {"seat": place, "seats": ", ".join(self.places)},
                kind="value",
            )

    # --- the pupils' decisions ----------------------------------------------------------------------------------

    def choose_declarer(self, place: str, seat: Seat) -> None:
        """The pupil at ``place`` chooses who declares (equal points, where the lesson lets the partners choose)."""
        self._check_turn(place, "declarer", gettext("there is no declarer for you to choose now"))
        self.table.choose_declarer(place, seat)

    def choose_contract(self, place: str, contract: Contract) -> None:
        """The pupil at ``place``, as declarer, chooses the contract."""
        self._check_turn(place, "contract", gettext("it is not the moment for you to choose a contract"))
        self.table.choose_contract(place, contract)

    def play_card(self, place: str, card: Card) -> None:
        """The pupil at ``place`` plays a card (their own, or dummy's as declarer)."""
        self._check_turn(place, "play", gettext("there is no card to play now"))
        self.table.play_card(place, card)

    def count_points(self, place: str, points: int) -> bool:
        """The pupil at ``place`` says how many points their own hand holds, before the announcement; True when
        right."""
        if self.paused:
            raise TableRefused(gettext("the teacher has stopped the table for a moment: wait"))
        try:
            return self.table.count_points(place, points)
        except RuleError as refusal:
            raise TableRefused(str(refusal)) from None

    def hint(self, place: str) -> CardAdvice:
        """A card for the pupil at ``place`` to play now, with its reason (refused when hints are off, or it is not
        their turn); nothing is played."""
        if not self.setup.hints:
            raise TableRefused(gettext("your teacher has turned hints off for this game"))
        self._check_turn(place, "play", gettext("you can ask for a hint when it is your turn to play"))
        return hint_for(self.table, place)

    def claim(self, place: str) -> None:
        """The pupil at ``place`` claims the rest of the tricks for their side: accepted when no defence can stop
        it (double dummy), the deal then played out; refused in words otherwise, nothing changed."""
        if not self.setup.claims:
            raise TableRefused(gettext("your teacher has turned claiming off for this game"))
        self._check_turn(place, "play", gettext("you can claim the rest of the tricks when it is your turn to play"))
        try:
            claim_rest(self.table, place)
        except RuleError as refusal:
            raise TableRefused(str(refusal)) from None

    def next_deal(self, place: str) -> None:
        """The pupil at ``place`` is ready for the next deal; the table moves on when every pupil is (not while the
        teacher has stopped it)."""
        if self.paused:
            raise TableRefused(gettext("the teacher has stopped the table for a moment: wait"))
        if self.table.phase == "game_over":
            raise TableRefused(gettext("the game is over: well played!"))
        if self.table.phase != "deal_over":
            raise TableRefused(gettext("the deal is not over yet"))
        self.ready.add(place)
        self._move_on_when_ready()

    def _move_on_when_ready(self) -> None:
        """Deal the next deal once every pupil at the table has tapped "next" (the teacher decides when tables
        move together; not while the table is stopped)."""
        if self.table.phase != "deal_over" or self.lockstep or self.paused:
            return
        pupils = {place for place in self.places if self.pupil(place) is not None}
        if pupils and pupils <= self.ready:
            self.deal_next()

    def deal_next(self) -> None:
        """On to the next deal (the teacher's, for every table; or every pupil is ready)."""
        if self.table.phase != "deal_over":
            raise TableRefused(
                gettext("the deal is not over yet") if self.table.phase != "game_over" else gettext("the game is over")
            )
        self.table.next_deal()
        self.ready.clear()
        self.shown = False
        self._seat_people()

    def _check_turn(self, place: str, phase: str, not_now: str) -> None:
        """Refuse (the moment) a decision while the table is stopped, at another phase, or on another's turn."""
        if self.paused:
            raise TableRefused(gettext("the teacher has stopped the table for a moment: wait"))
        if self.table.phase != phase:
            raise TableRefused(not_now)
        decider = self.table.decider
        if decider == place:
            return
        name = self.pupil(decider) if decider is not None else None
        if name is not None:
            raise TableRefused(gettext("it is %(name)s's turn, not yours") % {"name": name})
        if decider is None:
            raise TableRefused(gettext("wait: it is the computer's turn"))
        raise TableRefused(gettext("wait: nobody sits in the seat whose turn it is yet"))

    # --- the teacher steers --------------------------------------------------------------------------------------

    def pause(self, paused: bool) -> None:
        """Stop the table for a moment, or let it go on (to the next deal, when every pupil was ready)."""
        if paused == self.paused:
            already = gettext("the table is already stopped") if paused else gettext("the table is not stopped")
            raise TableRefused(already)
        self.paused = paused
        self._move_on_when_ready()

    def show(self, shown: bool) -> None:
        """Show the four hands to the table's players (until the next deal), or hide them again."""
        if shown == self.shown:
            raise TableRefused(
                gettext("the table already sees every hand") if shown else gettext("the hands are not shown")
            )
        self.shown = shown

    def undo(self, what: Undo) -> None:
        """Take back the last card a pupil played (with the computer's cards after it; the last card of all when no
        pupil has played), or the last trick (the trick being played, or the last one finished): the position
        before it, exactly."""
        played = self.table.game.card_seats
        if not played:
            raise TableRefused(gettext("no card has been played in this deal yet"))
        if what == "card":
            by_pupil = [i for i, seat in enumerate(played) if self._pupil_decides(seat)]
            keep = by_pupil[-1] if by_pupil else len(played) - 1
        else:
            size = len(played) % 4 or 4
            keep = len(played) - size
        self._rebuild(lambda deal: take_back(deal, cards=deal["cards"][:keep]))

    def restart(self) -> None:
        """Deal the same deal again from its start: the contract and every card taken back, the hands hidden again
        (refused when the deal has only just begun)."""
        rebuilt = self._rebuilt(lambda deal: take_back(deal, declarer=None, contract=None, cards=[]))
        if rebuilt.decisions_data() == self.table.decisions_data():
            raise TableRefused(gettext("the deal has only just begun: there is nothing to take back"))
        self.table = rebuilt
        self.ready.clear()
        self.shown = False

    def _pupil_decides(self, seat: Seat) -> bool:
        place = self.table.seating.player_of(self.table.game, seat)
        return place is not None and self.pupil(place) is not None

    def _rebuild(self, change: Callable[[dict[str, Any]], None]) -> None:
        """Rebuild the table with the current deal's decisions changed by ``change`` (a deal's data, in place)."""
        self.table = self._rebuilt(change)
        self.ready.clear()

    def _rebuilt(self, change: Callable[[dict[str, Any]], None]) -> Table:
        """The table as it would be with the current deal's decisions changed by ``change``."""
        data = self.to_data()
        change(data["deals"][-1])
        return ClassTable.from_data(data).table

    # --- the views -----------------------------------------------------------------------------------------------

    def names(self) -> tuple[str, ...]:
        """The players' names in three-handed play (a pupil's, or the computer's)."""
        return tuple(self.pupil(place) or gettext("Computer") for place in self.places)

    def view(self, place: str | None, *, every_hand: bool = False) -> dict[str, Any]:
        """What the pupil at ``place`` may see now (without a place: what everyone may see; with ``every_hand``
        the teacher's view), with the table's ``number``, the viewer's ``seat``, the ``seats`` and ``paused``."""
        if place is not None and self.pupil(place) is None:
            place = None  # nobody sits there now: what everyone at the table may see
        every_hand = every_hand or (self.shown and place is not None)
        view = table_view(self.table, self.setup, place, names=self.names(), every_hand=every_hand)
        phase = self.table.phase
        view.update(
            table=self.number,
            seat=place,
            seats=self.seats_data(),
            paused=self.paused,
            shown=self.shown,
            robots=self.robots,
            lockstep=self.lockstep,
            ready=sorted(self.ready),
            computer_next=self.computer_to_act(),
            waiting_for=self._waiting_for() if phase in ("declarer", "contract", "play") else None,
            event=self.event,
            can_undo=False,  # at a table of pupils the teacher takes back cards
            try_again_from=[],  # and the table plays every deal once
        )
        return view

    def _waiting_for(self) -> str | None:
        """Whose decision the table waits for: a pupil's name, ``computer``, or ``nobody`` (a free seat)."""
        place = self.table.decider
        if place is None:
            return "computer"
        return self.pupil(place) or "nobody"

    # --- the computer -------------------------------------------------------------------------------------------

    def computer_to_act(self) -> bool:
        """The computer takes the next decision: not while the table is stopped, nor before a pupil sits down."""
        seated = any(self.pupil(place) is not None for place in self.places)
        return seated and not self.paused and self.table.computer_to_act()

    def step(self) -> bool:
        """Let the computer take one decision; False when it is not the computer's (or the table is stopped)."""
        return self.computer_to_act() and self.table.step()

    # --- kept as data --------------------------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The table as plain data."""
        return {
            "setup": self.setup.as_data(),
            "number": self.number,
            "robots": self.robots,
            "event": self.event,
            "places": self.places,
            "paused": self.paused,
            "shown": self.shown,
            "ready": sorted(self.ready),
            "lockstep": self.lockstep,
            "deals": self.table.decisions_data(),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> ClassTable:
        """The table of :meth:`to_data`, rebuilt by dealing again and taking the same decisions."""
        table = cls(
            GameSetup(**data["setup"]),
            number=data["number"],
            robots=data["robots"],
            event=data.get("event"),
            places=data["places"],
            paused=data["paused"],
            shown=data.get("shown", False),
            ready=data.get("ready", ()),
            lockstep=data.get("lockstep", False),
        )
        table.table.take_again(data["deals"])
        table._seat_people()
        return table
