"""The computer players: they choose a contract and play cards as a careful player would at the table.

A computer player sees only what a player sees: its own hand, dummy once it is exposed, the cards played
(and so the suits a player has shown out of), and the points every player announced. For each decision it
deals the unseen cards at random in layouts consistent with all of that, solves each layout double dummy
(through :func:`minibridge.analysis.solve_positions`: DDS lives in ``analysis.py`` only) and takes the card,
or the contract, that does best on average under the rules in force. From MiniLesson Six the defenders
signal as the lesson teaches (top of a sequence, a high small card encourages, the lowest discourages) and
read each other's signals by trusting the layouts that agree with them more. The same seed gives the same
play.

That is the ``expert``. Three levels are offered (:data:`LEVELS`, each level owning its name, its words and how it
chooses a contract and a card): ``beginner`` plays by the simple rules a first-year pupil knows (second hand low,
third hand high, win cheaply, the top of a sequence or the fourth highest led, trumps drawn only when it is obvious)
and makes a pupil's mistakes (it counts nothing, leads away from honours, reads no signal); it declares the contract
the lessons teach and thinks about no layout at all. ``club`` thinks like the expert about a few layouts only, and
reads neither the points announced nor the defenders' signals.

>>> robot = Robot(find_rules("ebu"), samples=2, seed=1)
>>> robot.samples, robot.seed, robot.level.name
(2, 1, 'expert')
>>> robot_for("beginner", find_rules("ebu"), seed=1).level.name
'beginner'
"""

from __future__ import annotations

import itertools
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import comb

from minibridge.analysis import solve_positions
from minibridge.cards import CARDS, HCP, Card, Seat, Strain, Suit
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.knowledge import Knowledge
from minibridge.language import N_, gettext
from minibridge.play import Play
from minibridge.rules import RuleSet, allowed_contracts, find_rules, trumps_held
from minibridge.scoring import find_scheme, score
from minibridge.signals import Played, lead_card, signal_card, signal_weight

__all__ = [
    "CLUB_SAMPLES",
    "DEFAULT_LEVEL",
    "DEFAULT_SAMPLES",
    "LEVELS",
    "Layout",
    "Level",
    "Robot",
    "card_beats",
    "cheapest_of_top",
    "find_level",
    "no_such_level",
    "robot_for",
    "taught_contract",
    "winning_seat",
]

DEFAULT_SAMPLES = 20
"""Layouts dealt and solved for each decision: more play better and take longer."""

FIRST_LOOK = 8
"""Layouts solved before the rest: a decision these already settle is not thought about further."""

TRUMP_FIT = 7
"""The fewest trumps between declarer and dummy the computer considers: double dummy, on 200 random deals, the
best contract was never in a shorter suit (with eight, it was on 14 of them)."""

CLUB_SAMPLES = 3
"""The most layouts the ``club`` computer thinks about for each decision."""

DEFAULT_LEVEL = "expert"
"""The level of a computer player when none is named: the careful player described above."""

_TRIES_PER_LAYOUT = 400  # random deals tried before giving up on voids that cannot be kept
_HCP_BY_INDEX = tuple(HCP[c.rank] for c in CARDS)


@dataclass(kw_only=True)
class Layout:
    """One way the unseen cards may lie, and how much it counts."""

    hands: list[int]
    """Remaining cards of all four seats as card masks, by seat (the trick in progress not included)."""
    weight: float


class Robot:
    """A computer player for any seat: ``choose_contract`` as declarer, ``choose_card`` at its turn."""

    def __init__(
        self,
        rules: RuleSet | None = None,
        *,
        samples: int = DEFAULT_SAMPLES,
        seed: int = 0,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        if samples < 1:
            raise RuleError(
                gettext("the computer needs at least one layout to think about, not %(samples)s") % {"samples": samples}
            )
        self.rules = rules or find_rules("ebu")
        self.samples = samples
        self.seed = seed
        self.level = find_level(level)

    def choose_contract(self, deal: Deal, declarer: Seat, hcp: Mapping[Seat, int]) -> Contract:
        """The contract declarer chooses, as the computer's level does (looking at declarer's and dummy's hands)."""
        return self.level.contract(self, deal, declarer, hcp)

    def choose_card(self, play: Play, knowledge: Knowledge) -> Card:
        """The card for the seat to play (declarer chooses dummy's cards too), as the computer's level does."""
        return self.level.card(self, play, knowledge)

    # --- the contract --------------------------------------------------------------------------------------

    def best_contract(
        self, deal: Deal, declarer: Seat, hcp: Mapping[Seat, int], *, samples: int | None = None, reading: bool = True
    ) -> Contract:
        """The contract with the best expected score, looking only at declarer's and dummy's hands, over
        ``samples`` layouts (by default :attr:`samples`); without ``reading`` the points announced are not used.

        Trump suits with fewer than :data:`TRUMP_FIT` cards between the two hands are not considered (unless
        the rules leave nothing else). The first :data:`FIRST_LOOK` layouts are solved in every strain left;
        a strain whose best contract then trails the leader by more than the layouts' spread explains is
        dropped, and the other layouts are solved in the strains still in the race.
        """
        allowed = allowed_contracts(self.rules, deal, declarer)
        if not allowed:
            raise RuleError(
                gettext("%(rules)s allows no contract for this declarer") % {"rules": self.rules.title_in_words}
            )
        dummy = declarer.partner
        known = {declarer: deal[declarer].mask, dummy: deal[dummy].mask}
        fits = [c for c in allowed if _fit(c, known[declarer] | known[dummy]) >= TRUMP_FIT]
        allowed = fits or allowed
        unseen = [declarer.lho, declarer.rho]
        need = {seat: deal.cards_per_hand for seat in unseen}
        points = {seat: hcp[seat] for seat in unseen} if self.rules.announcement and reading else None
        rng = random.Random(f"contract|{self.seed}|{known[declarer]}|{known[dummy]}")
        count = self.samples if samples is None else samples
        layouts = _deal_layouts(known, unseen, need, {}, points, self._pool(known, deal, []), count, rng)
        side_points = hcp[declarer] + hcp[dummy]

        def tricks_in(strains: list[Strain], hands: list[Layout]) -> dict[Strain, list[int]]:
            solved = solve_positions(
                [(layout.hands, strain.trumps, declarer.lho, []) for strain in strains for layout in hands],
                all_cards=False,
            )
            rows = iter(solved)
            return {
                strain: [deal.cards_per_hand - next(iter(next(rows).values())) for _ in hands] for strain in strains
            }

        first, rest = layouts[:FIRST_LOOK], layouts[FIRST_LOOK:]
        tricks = tricks_in(sorted({c.strain for c in allowed}, reverse=True), first)
        values = {c: [_value(c, t, self.rules, side_points) for t in tricks[c.strain]] for c in allowed}
        leader = max(allowed, key=lambda c: statistics.fmean(values[c]))
        racing = sorted({c.strain for c in allowed if _in_the_race(values[leader], values[c])}, reverse=True)
        if rest:
            for strain, more in tricks_in(racing, rest).items():
                tricks[strain] += more
        weights = [layout.weight for layout in layouts]
        best: tuple[float, float, int] | None = None
        choice = leader
        for order, contract in enumerate(allowed):
            if contract.strain not in racing:
                continue
            taken = tricks[contract.strain]
            value = _mean([_value(contract, t, self.rules, side_points) for t in taken], weights)
            key = (value, _mean(taken, weights), -order)
            if best is None or key > best:
                best, choice = key, contract
        return choice

    # --- the play ------------------------------------------------------------------------------------------

    def best_card(self, play: Play, knowledge: Knowledge, *, samples: int | None = None, reading: bool = True) -> Card:
        """The card that does best on average over ``samples`` layouts (by default :attr:`samples`) of what the
        player to play has seen; without ``reading`` the points announced and the signals are not used."""
        seat, legal = _next_to_play(play)
        if len(legal) == 1:
            return legal[0]
        events = _events(play)
        if _all_equal(legal, events):
            return self._tie_break(legal, play, knowledge, seat, events)
        layouts = self.layouts(play, knowledge, samples=samples, reading=reading)
        current = play.current_trick
        leader = play.leader
        assert leader is not None
        in_trick = [current[s] for s in leader.clockwise() if s in current]
        trumps = play.trumps
        positions = [(layout.hands, trumps, leader, in_trick) for layout in layouts]
        solved = solve_positions(positions[:FIRST_LOOK], all_cards=True)
        values = self._values(play, knowledge, seat)
        settled = _settled(legal, solved, values)
        if settled and (len(settled) == 1 or _all_equal(settled, events)):
            return self._tie_break(settled, play, knowledge, seat, events)
        solved += solve_positions(positions[FIRST_LOOK:], all_cards=True)
        weights = [layout.weight for layout in layouts]
        scored: dict[Card, tuple[float, float]] = {}
        for card in legal:
            tricks = [row[card.index] for row in solved]
            scored[card] = (_mean([values[t] for t in tricks], weights), _mean(tricks, weights))
        top = max(scored.values())
        candidates = [c for c in legal if top[0] - scored[c][0] < 1e-6 and top[1] - scored[c][1] < 1e-6]
        return self._tie_break(candidates, play, knowledge, seat, events)

    def layouts(
        self, play: Play, knowledge: Knowledge, *, samples: int | None = None, reading: bool = True
    ) -> list[Layout]:
        """The layouts of the unseen cards the player to play thinks about (declarer for dummy too): ``samples`` of
        them, by default :attr:`samples`.

        Only what that player sees is used: their hand, dummy, the cards played, the suits players have shown
        out of and (with ``reading``) the points announced; from MiniLesson Six, with ``reading``, each layout is
        weighted by how far it agrees with the defenders' signals.
        """
        seat = play.to_play
        if seat is None:
            raise RuleError(gettext("the play is over: there is nobody to think"))
        viewer = knowledge.player_for(seat)
        events = _events(play)
        known = {s: _mask(play.hand(s)) for s in knowledge.seen_by(viewer)}
        unseen = [s for s in Seat if s not in known]
        played = {s: 0 for s in Seat}
        for event in events:
            played[event.seat] |= 1 << event.card.index
        current = play.current_trick
        need = {s: play.total_tricks - len(play.tricks) - (1 if s in current else 0) for s in unseen}
        voids = {s: _voids(events, s) for s in unseen}
        points = None
        if knowledge.hcp is not None and reading:
            points = {s: knowledge.hcp[s] - _hcp(played[s]) for s in unseen}
        rng = random.Random(
            f"card|{self.seed}|{viewer.letter}|{known[viewer]}|{_mask(play.deal[viewer])}|"
            + " ".join(f"{e.seat.letter}{e.card}" for e in events)
        )
        count = self.samples if samples is None else samples
        layouts = _deal_layouts(known, unseen, need, voids, points, self._pool(known, play.deal, events), count, rng)
        if self.rules.signals and reading:
            readers = [d for d in knowledge.defenders if d is not viewer and d in unseen]
            for layout in layouts:
                layout.weight *= signal_weight({s: layout.hands[s] | played[s] for s in readers}, events)
        return layouts

    def _values(self, play: Play, knowledge: Knowledge, seat: Seat) -> list[float]:
        """What each number of future tricks for the side to play is worth to that side."""
        remaining = play.total_tricks - len(play.tricks)
        side = seat.side
        won = play.tricks_won(side)
        if knowledge.contract is None or knowledge.declarer is None:
            return [float(won + f) for f in range(remaining + 1)]
        declaring = knowledge.declarer.side
        points = None
        if knowledge.hcp is not None:
            points = knowledge.hcp[knowledge.declarer] + knowledge.hcp[knowledge.declarer.partner]
        values = []
        for future in range(remaining + 1):
            ours = won + future
            declarer_tricks = ours if side is declaring else play.total_tricks - ours
            value = _value(knowledge.contract, declarer_tricks, self.rules, points)
            values.append(value if side is declaring else -value)
        return values

    def _tie_break(
        self, candidates: list[Card], play: Play, knowledge: Knowledge, seat: Seat, events: list[Played]
    ) -> Card:
        """Among cards that do equally well: lead the top of a sequence, follow with the lowest; from MiniLesson
        Six a defender plays the card that signals (:mod:`minibridge.signals`)."""
        if len(candidates) == 1:
            return candidates[0]
        held = _mask(play.hand(seat))
        current = play.current_trick
        if not current:
            return lead_card(candidates, held)
        assert play.leader is not None
        if seat in knowledge.defenders and self.rules.signals:
            return signal_card(candidates, held, led=current[play.leader].suit, partner_led=play.leader is seat.partner)
        return min(candidates, key=lambda c: (c.rank, c.suit))

    @staticmethod
    def _pool(known: Mapping[Seat, int], deal: Deal, events: Sequence[Played]) -> int:
        """The cards that may lie in the unseen hands: every card not seen (in a short deal, undealt ones too)."""
        seen = 0
        for mask in known.values():
            seen |= mask
        for event in events:
            seen |= 1 << event.card.index
        return ((1 << 52) - 1) & ~seen


def _next_to_play(play: Play) -> tuple[Seat, list[Card]]:
    """The seat to play next and its legal cards."""
    seat = play.to_play
    if seat is None:
        raise RuleError(gettext("the play is over: there is no card to choose"))
    return seat, play.legal_cards(seat)


# --- what the table has seen ------------------------------------------------------------------------------


def _mask(cards: Sequence[Card] | object) -> int:
    if hasattr(cards, "mask"):
        return int(cards.mask)  # type: ignore[attr-defined]
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << card.index
    return mask


def _hcp(mask: int) -> int:
    return sum(_HCP_BY_INDEX[i] for i in range(52) if mask >> i & 1)


def _events(play: Play) -> list[Played]:
    """Every card played so far, in order, with the suit led to its trick."""
    tricks: list[tuple[Seat, Mapping[Seat, Card]]] = [
        (t.leader, dict(zip(Seat, t.cards, strict=True))) for t in play.tricks
    ]
    current = play.current_trick
    if current and play.leader is not None:
        tricks.append((play.leader, current))
    events = []
    for leader, cards in tricks:
        led = None
        for seat in leader.clockwise():
            if seat not in cards:
                break
            card = cards[seat]
            events.append(Played(seat=seat, card=card, led=led, partner_led=leader is seat.partner))
            if led is None:
                led = card.suit
    return events


def _all_equal(cards: Sequence[Card], events: Sequence[Played]) -> bool:
    """The cards are of one suit and touch once the cards already played are left out: any of them does as well."""
    if len({c.suit for c in cards}) != 1:
        return False
    gone = 0
    for event in events:
        gone |= 1 << event.card.index
    ranks = sorted(c.index for c in cards)
    return all(gone >> between & 1 for low, high in itertools.pairwise(ranks) for between in range(low + 1, high))


def _voids(events: Sequence[Played], seat: Seat) -> int:
    """The suits ``seat`` has shown out of, as bits by suit."""
    voids = 0
    for event in events:
        if event.seat is seat and event.led is not None and event.card.suit is not event.led:
            voids |= 1 << event.led
    return voids


# --- dealing the unseen cards -----------------------------------------------------------------------------


def _deal_layouts(
    known: Mapping[Seat, int],
    unseen: Sequence[Seat],
    need: Mapping[Seat, int],
    voids: Mapping[Seat, int],
    points: Mapping[Seat, int] | None,
    pool: int,
    count: int,
    rng: random.Random,
) -> list[Layout]:
    """``count`` random layouts of the unseen cards: each unseen seat gets as many cards as it holds, none of a
    suit it has shown out of, and (when announced) exactly the points it has left."""
    cards = [i for i in range(52) if pool >> i & 1]
    spare = len(cards) - sum(need[s] for s in unseen)  # undealt cards of a short deal
    exact = None
    if points is not None and len(unseen) == 2 and spare == 0:
        exact = _PointsDealer(cards, unseen, need, voids, points)
    layouts = []
    for _ in range(count):
        dealt = exact.deal(rng) if exact is not None and exact.possible else None
        for _try in range(_TRIES_PER_LAYOUT):
            if dealt is not None:
                break
            dealt = _deal_once(cards, unseen, need, voids, spare, rng)
        if dealt is None:
            raise RuleError(gettext("the cards seen so far cannot be dealt to the unseen hands"))  # pragma: no cover
        hands = [0, 0, 0, 0]
        for seat, mask in known.items():
            hands[seat] = mask
        for seat, mask in zip(unseen, dealt, strict=True):
            hands[seat] = mask
        layouts.append(Layout(hands=hands, weight=1.0))
    return layouts


class _PointsDealer:
    """Deals the unseen cards between two hands, uniformly among the deals that give the first hand exactly its
    points: the honours are chosen by counting (dynamic programming), the small cards at random."""

    def __init__(
        self,
        cards: list[int],
        unseen: Sequence[Seat],
        need: Mapping[Seat, int],
        voids: Mapping[Seat, int],
        points: Mapping[Seat, int],
    ) -> None:
        first, second = unseen
        self.possible = False
        self.forced = [0, 0]
        honours: list[int] = []
        self.spots: list[int] = []
        for index in cards:
            suit = index // 13
            may = [not voids.get(first, 0) >> suit & 1, not voids.get(second, 0) >> suit & 1]
            if may[0] and may[1]:
                (honours if _HCP_BY_INDEX[index] else self.spots).append(index)
            elif may[0] or may[1]:
                self.forced[0 if may[0] else 1] |= 1 << index
            else:
                return
        self.honours = honours
        self.room = need[first] - self.forced[0].bit_count()
        wanted = points[first] - _hcp(self.forced[0])
        if self.room < 0 or need[second] < self.forced[1].bit_count() or wanted < 0:
            return
        # ways[i][(taken, points)]: how many ways to take ``taken`` honours worth ``points`` from honours[i:]
        ways: list[dict[tuple[int, int], int]] = [{} for _ in range(len(honours) + 1)]
        ways[-1][(0, 0)] = 1
        for i in range(len(honours) - 1, -1, -1):
            value = _HCP_BY_INDEX[honours[i]]
            row = dict(ways[i + 1])
            for (taken, got), n in ways[i + 1].items():
                row[(taken + 1, got + value)] = row.get((taken + 1, got + value), 0) + n
            ways[i] = row
        self.ways = ways
        self.wanted = wanted
        self.sizes = [
            (taken, ways[0].get((taken, wanted), 0) * comb(len(self.spots), self.room - taken))
            for taken in range(min(len(honours), self.room) + 1)
        ]
        self.possible = any(n for _, n in self.sizes)

    def deal(self, rng: random.Random) -> list[int]:
        """One deal: the masks of the two hands."""
        pick = rng.randrange(sum(n for _, n in self.sizes))
        taken = next(t for t, n in self.sizes if (pick := pick - n) < 0)
        first = self.forced[0]
        got = self.wanted
        for i, index in enumerate(self.honours):
            if not taken:
                break
            value = _HCP_BY_INDEX[index]
            with_it = self.ways[i + 1].get((taken - 1, got - value), 0)
            if rng.randrange(self.ways[i][(taken, got)]) < with_it:
                first |= 1 << index
                taken -= 1
                got -= value
        for index in rng.sample(self.spots, self.room - (first & ~self.forced[0]).bit_count()):
            first |= 1 << index
        every = self.forced[0] | self.forced[1]
        for index in self.honours + self.spots:
            every |= 1 << index
        return [first, every & ~first]


def _deal_once(
    cards: list[int],
    unseen: Sequence[Seat],
    need: Mapping[Seat, int],
    voids: Mapping[Seat, int],
    spare: int,
    rng: random.Random,
) -> list[int] | None:
    """One random deal of ``cards``: each card goes to a seat that may hold it, in proportion to room left."""
    room = [need[s] for s in unseen] + [spare]
    blocked = [voids.get(s, 0) for s in unseen] + [0]
    hands = [0] * len(room)
    order = cards[:]
    rng.shuffle(order)
    for index in order:
        suit = index // 13
        open_room = [r if r and not blocked[i] >> suit & 1 else 0 for i, r in enumerate(room)]
        total = sum(open_room)
        if not total:
            return None
        pick = rng.randrange(total)
        for i, r in enumerate(open_room):
            if pick < r:
                hands[i] |= 1 << index
                room[i] -= 1
                break
            pick -= r
    return hands[:-1]


def _fit(contract: Contract, hands: int) -> int:
    """The trumps a contract's declaring side holds between ``hands`` (a card mask); 13 in no-trumps."""
    trumps = contract.strain.trumps
    return 13 if trumps is None else (hands >> 13 * trumps & 0x1FFF).bit_count()


def _in_the_race(leader: Sequence[float], other: Sequence[float]) -> bool:
    """Whether a contract's values on the first layouts may still prove better than the leader's: the leader is
    not ahead by more than twice the standard error of the differences, layout by layout."""
    differences = [a - b for a, b in zip(leader, other, strict=True)]
    if len(differences) < 2:
        return True
    spread = statistics.stdev(differences) / len(differences) ** 0.5
    return statistics.fmean(differences) <= 2 * spread + 1e-9


def _settled(legal: Sequence[Card], solved: Sequence[Mapping[int, int]], values: Sequence[float]) -> list[Card]:
    """The cards that do at least as well as every other legal card on every layout solved (value, then tricks),
    when some card does: any of them settles the decision. Empty when the layouts disagree."""
    outcome = {card: [(values[row[card.index]], row[card.index]) for row in solved] for card in legal}
    best = [max(outcome[card][i] for card in legal) for i in range(len(solved))]
    return [card for card in legal if outcome[card] == best]


def _value(contract: Contract, tricks: int, rules: RuleSet, points: int | None) -> float:
    """What declarer's tricks are worth to the declaring side: its score less the defenders'."""
    if find_scheme(rules.scoring).needs_points and points is None:
        return float(tricks)
    result = score(contract, tricks, rules, points=points)
    return float(result.declarers_score - result.defenders_score)


def _mean(values: Sequence[float], weights: Sequence[float]) -> float:
    total = sum(weights)
    return sum(v * w for v, w in zip(values, weights, strict=True)) / total


# --- the levels -------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Level:
    """How strong a computer player is: everything about one level lives here."""

    name: str
    """The level's name, as sent and kept: ``beginner``, ``club`` or ``expert``."""
    label: str
    """A word or two for a child choosing it (marked for translation: show it through ``gettext``)."""
    words: str
    """One sentence on how it plays (marked for translation: show it through ``gettext``)."""
    contract: Callable[[Robot, Deal, Seat, Mapping[Seat, int]], Contract]
    """How it chooses a contract as declarer."""
    card: Callable[[Robot, Play, Knowledge], Card]
    """How it chooses a card at its turn."""


def _expert_contract(robot: Robot, deal: Deal, declarer: Seat, hcp: Mapping[Seat, int]) -> Contract:
    return robot.best_contract(deal, declarer, hcp)


def _expert_card(robot: Robot, play: Play, knowledge: Knowledge) -> Card:
    return robot.best_card(play, knowledge)


def _club_contract(robot: Robot, deal: Deal, declarer: Seat, hcp: Mapping[Seat, int]) -> Contract:
    return robot.best_contract(deal, declarer, hcp, samples=min(robot.samples, CLUB_SAMPLES), reading=False)


def _club_card(robot: Robot, play: Play, knowledge: Knowledge) -> Card:
    return robot.best_card(play, knowledge, samples=min(robot.samples, CLUB_SAMPLES), reading=False)


GAME_POINTS = 25
"""The points between declarer and dummy with which the lessons teach to bid a game (and a beginner does)."""

SLAM_POINTS = 33
"""The points between declarer and dummy with which a beginner bids a slam, when slams are played."""

TAUGHT_FIT = 8
"""The cards between declarer and dummy that make a trump suit, as the lessons teach."""


def taught_contract(rules: RuleSet, deal: Deal, declarer: Seat) -> Contract:
    """The contract the lessons teach: trumps in the longest suit with :data:`TAUGHT_FIT` cards or more between
    declarer and dummy (the higher-ranking of two as long), else no-trumps; a game with :data:`GAME_POINTS` points
    between the two hands (a slam with :data:`SLAM_POINTS` when slams are played), else a part-score; the nearest
    contract the rules allow when they refuse that one.

    >>> deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
    >>> str(taught_contract(find_rules("ebu"), deal, Seat.NORTH))
    '3NT'
    """
    allowed = allowed_contracts(rules, deal, declarer)
    if not allowed:
        raise RuleError(gettext("%(rules)s allows no contract for this declarer") % {"rules": rules.title_in_words})
    points = deal[declarer].hcp + deal[declarer.partner].hcp
    strains = {c.strain for c in allowed}
    fits = [(trumps_held(deal, declarer, s) or 0, s) for s in strains if s.trumps is not None]
    long_enough = [(held, s) for held, s in fits if held >= TAUGHT_FIT]
    strain = max(long_enough)[1] if long_enough else Strain.NO_TRUMPS
    if strain not in strains:
        strain = max(fits)[1] if fits else max(strains)
    kind = "slam" if points >= SLAM_POINTS else "game" if points >= GAME_POINTS else "part-score"
    wanted = _KIND_ORDER.index(kind)
    in_strain = [c for c in allowed if c.strain is strain]

    def nearness(contract: Contract) -> tuple[bool, int]:  # the kind wanted, else the nearest below, else above
        rank = _KIND_ORDER.index(contract.kind)
        return rank > wanted, abs(rank - wanted)

    return min(in_strain, key=nearness)


_KIND_ORDER = ("part-score", "game", "slam", "grand slam")


def _beginner_contract(robot: Robot, deal: Deal, declarer: Seat, hcp: Mapping[Seat, int]) -> Contract:
    return taught_contract(robot.rules, deal, declarer)


COVER_SOMETIMES = 0.5
"""How often a beginner second in hand covers an honour led (when it can)."""

SAFE_RANK = 13
"""The lowest card of partner's that a beginner trusts to win the trick: below it (a queen, say), third hand
plays high all the same, and a hand out of the suit trumps it "to be sure"."""


def _beginner_card(robot: Robot, play: Play, knowledge: Knowledge) -> Card:
    """A first-year pupil's card: simple rules, no counting and no reading of signals."""
    seat, legal = _next_to_play(play)
    if len(legal) == 1:
        return legal[0]
    current = play.current_trick
    trumps = play.trumps
    if not current:
        declaring = knowledge.declarer is not None and seat.side is knowledge.declarer.side
        return _beginner_lead(play.hand(seat), trumps, declaring=declaring)
    leader = play.leader
    assert leader is not None
    led = current[leader].suit
    winner = winning_seat(current, leader, trumps)
    partner_winning = winner is seat.partner
    following = [c for c in legal if c.suit is led]
    top = current[winner]
    if following:
        beats = [c for c in following if card_beats(c, top, trumps)]
        lowest = min(following, key=lambda c: c.rank)
        if len(current) == 1:  # second hand low, but cover an honour sometimes
            honour = current[leader].rank >= 11 and beats
            rng = random.Random(f"beginner|{robot.seed}|{seat.letter}|{' '.join(map(str, _trick_cards(play)))}")
            if honour and rng.random() < COVER_SOMETIMES:
                return min(beats, key=lambda c: c.rank)
            return lowest
        if not beats or (partner_winning and (len(current) == 3 or top.rank >= SAFE_RANK)):
            return lowest
        if len(current) == 2:  # third hand high (the lowest of touching top cards), over partner's queen too
            return cheapest_of_top(following, play)
        return min(beats, key=lambda c: c.rank)  # fourth hand wins as cheaply as it can
    ruffs = [c for c in legal if trumps is not None and c.suit is trumps and card_beats(c, top, trumps)]
    if ruffs and (not partner_winning or top.rank < SAFE_RANK):  # trumps partner's trick "to be sure"
        return min(ruffs, key=lambda c: c.rank)
    return _discard(legal, trumps)


def _trick_cards(play: Play) -> list[Card]:
    cards = [card for trick in play.tricks for card in trick.cards]
    return cards + list(play.current_trick.values())


def card_beats(card: Card, top: Card, trumps: Suit | None) -> bool:
    """Whether ``card`` beats ``top``, the card winning the trick so far."""
    if card.suit is top.suit:
        return card.rank > top.rank
    return trumps is not None and card.suit is trumps


def winning_seat(current: Mapping[Seat, Card], leader: Seat, trumps: Suit | None) -> Seat:
    """The seat whose card wins the trick so far."""
    best = leader
    for seat in leader.clockwise():
        if seat in current and card_beats(current[seat], current[best], trumps):
            best = seat
    return best


def cheapest_of_top(cards: Sequence[Card], play: Play) -> Card:
    """The highest of ``cards`` (one suit), or the lowest card touching it (cards played between count as
    touching): third hand high, but with the king and the queen the queen."""
    gone = 0
    for card in _trick_cards(play):
        gone |= 1 << card.index
    held = 0
    for card in cards:
        held |= 1 << card.index
    chosen = max(cards, key=lambda c: c.rank)
    index = chosen.index - 1
    while index >= chosen.suit * 13 and (held | gone) >> index & 1:
        if held >> index & 1:
            chosen = CARDS[index]
        index -= 1
    return chosen


def _suit_cards(hand: Sequence[Card], suit: Suit) -> list[Card]:
    return sorted((c for c in hand if c.suit is suit), key=lambda c: c.rank, reverse=True)


def _beginner_lead(hand: Sequence[Card], trumps: Suit | None, *, declaring: bool) -> Card:
    """The lead of a first-year pupil: declarer draws trumps when it holds the two top trumps, else cashes an
    ace; else (and a defender always) from the longest suit (not trumps), the top of a sequence of honours or
    else the fourth highest (leading away from its honours, even an ace), the top of a doubleton, the lowest of
    three."""
    suits = sorted({c.suit for c in hand}, key=lambda s: (len(_suit_cards(hand, s)), s), reverse=True)
    if declaring and trumps is not None:
        held = _suit_cards(hand, trumps)
        if len(held) >= 2 and held[0].rank == 14 and held[1].rank == 13:
            return held[0]
    side = [s for s in suits if s is not trumps] or suits
    aces = [c for c in hand if c.rank == 14 and c.suit in side]
    if aces and declaring:
        return max(aces, key=lambda c: len(_suit_cards(hand, c.suit)))
    cards = _suit_cards(hand, side[0])
    if len(cards) >= 2 and cards[0].rank >= 10 and cards[1].rank == cards[0].rank - 1:
        return cards[0]  # top of a sequence
    if len(cards) >= 4:
        return cards[3]  # fourth highest
    if len(cards) == 2:
        return cards[0]
    return cards[-1]


def _discard(legal: Sequence[Card], trumps: Suit | None) -> Card:
    """A pupil's discard: the lowest card of the longest suit that is not trumps, a long suit seeming to have
    cards to spare (counting nothing, it may throw away the winners of that suit)."""
    side = [c for c in legal if c.suit is not trumps] or list(legal)
    return min(side, key=lambda c: (-sum(1 for d in legal if d.suit is c.suit), c.rank, c.suit))


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level(
            name="beginner",
            label=N_("Learning, like me"),
            words=N_("plays like a pupil in the first year: second hand low, third hand high, and it makes mistakes"),
            contract=_beginner_contract,
            card=_beginner_card,
        ),
        Level(
            name="club",
            label=N_("Good"),
            words=N_("plays like a club player: it thinks, but not very far"),
            contract=_club_contract,
            card=_club_card,
        ),
        Level(
            name="expert",
            label=N_("Very good"),
            words=N_("plays as well as it can: it thinks about the cards it cannot see and reads the signals"),
            contract=_expert_contract,
            card=_expert_card,
        ),
    )
}
"""The levels of the computer players, weakest first."""


def no_such_level(name: object) -> str:
    """Why ``name`` is not a level of the computer players, in words."""
    names = list(LEVELS)
    # TRANSLATORS: %(names)s are the levels, like "beginner, club or expert".
    return gettext("the computer plays at the level %(names)s, not '%(level)s'") % {
        "names": ", ".join(names[:-1]) + gettext(" or ") + names[-1],
        "level": name,
    }


def find_level(name: str) -> Level:
    """The level of that name (refused in words when there is none)."""
    level = LEVELS.get(name) if isinstance(name, str) else None
    if level is None:
        raise RuleError(no_such_level(name))
    return level


def robot_for(level: str, rules: RuleSet | None = None, *, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> Robot:
    """A computer player at ``level`` (``beginner``, ``club`` or ``expert``)."""
    return Robot(rules, samples=samples, seed=seed, level=level)
