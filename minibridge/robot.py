"""The computer players: they choose a contract and play cards as a careful player would at the table.

A computer player sees only what a player sees: its own hand, dummy once it is exposed, the cards played
(and so the suits a player has shown out of), and the points every player announced. For each decision it
deals the unseen cards at random in layouts consistent with all of that, solves each layout double dummy
(through :func:`minibridge.analysis.solve_positions`: DDS lives in ``analysis.py`` only) and takes the card,
or the contract, that does best on average under the rules in force. From MiniLesson Six the defenders
signal as the lesson teaches (top of a sequence, a high small card encourages, the lowest discourages) and
read each other's signals by trusting the layouts that agree with them more. The same seed gives the same
play.

>>> robot = Robot(find_rules("ebu"), samples=2, seed=1)
>>> robot.samples, robot.seed
(2, 1)
"""

from __future__ import annotations

import itertools
import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import comb

from minibridge.analysis import solve_positions
from minibridge.cards import CARDS, HCP, Card, Seat, Strain
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.knowledge import Knowledge
from minibridge.language import gettext
from minibridge.play import Play
from minibridge.rules import RuleSet, allowed_contracts, find_rules
from minibridge.scoring import find_scheme, score
from minibridge.signals import Played, lead_card, signal_card, signal_weight

__all__ = [
    "DEFAULT_SAMPLES",
    "Layout",
    "Robot",
]

DEFAULT_SAMPLES = 20
"""Layouts dealt and solved for each decision: more play better and take longer."""

FIRST_LOOK = 8
"""Layouts solved before the rest: a decision these already settle is not thought about further."""

TRUMP_FIT = 7
"""The fewest trumps between declarer and dummy the computer considers: double dummy, on 200 random deals, the
best contract was never in a shorter suit (with eight, it was on 14 of them)."""

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

    def __init__(self, rules: RuleSet | None = None, *, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> None:
        if samples < 1:
            raise RuleError(
                gettext("the computer needs at least one layout to think about, not %(samples)s") % {"samples": samples}
            )
        self.rules = rules or find_rules("ebu")
        self.samples = samples
        self.seed = seed

    # --- the contract --------------------------------------------------------------------------------------

    def choose_contract(self, deal: Deal, declarer: Seat, hcp: Mapping[Seat, int]) -> Contract:
        """The contract with the best expected score, looking only at declarer's and dummy's hands.

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
        points = {seat: hcp[seat] for seat in unseen} if self.rules.announcement else None
        rng = random.Random(f"contract|{self.seed}|{known[declarer]}|{known[dummy]}")
        layouts = _deal_layouts(known, unseen, need, {}, points, self._pool(known, deal, []), self.samples, rng)
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

    def choose_card(self, play: Play, knowledge: Knowledge) -> Card:
        """The card for the seat to play (declarer chooses dummy's cards too)."""
        seat, legal = _next_to_play(play)
        if len(legal) == 1:
            return legal[0]
        events = _events(play)
        if _all_equal(legal, events):
            return self._tie_break(legal, play, knowledge, seat, events)
        layouts = self.layouts(play, knowledge)
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

    def layouts(self, play: Play, knowledge: Knowledge) -> list[Layout]:
        """The layouts of the unseen cards the player to play thinks about (declarer for dummy too).

        Only what that player sees is used: their hand, dummy, the cards played, the suits players have shown
        out of and the points announced; from MiniLesson Six each layout is weighted by how far it agrees
        with the defenders' signals.
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
        if knowledge.hcp is not None:
            points = {s: knowledge.hcp[s] - _hcp(played[s]) for s in unseen}
        rng = random.Random(
            f"card|{self.seed}|{viewer.letter}|{known[viewer]}|{_mask(play.deal[viewer])}|"
            + " ".join(f"{e.seat.letter}{e.card}" for e in events)
        )
        layouts = _deal_layouts(
            known, unseen, need, voids, points, self._pool(known, play.deal, events), self.samples, rng
        )
        if self.rules.signals:
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
