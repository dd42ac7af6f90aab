"""The round-robin schedule of a league: every pair meets every other once, in rounds in which a pair plays at
most once (circle method, as in Berger tables), and the mini-matches still to play drawn into rounds again when
the pairs change in mid-term.

>>> [[list(m) for m in r] for r in berger_rounds(["I", "II", "III"])]
[[['I', None], ['II', 'III']], [[None, 'III'], ['I', 'II']], [['II', None], ['III', 'I']]]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

__all__ = ["berger_rounds", "draw_rounds"]


def berger_rounds(pairs: Sequence[str]) -> list[list[tuple[str | None, str | None]]]:
    """The round-robin by the circle method, as in Berger tables; None stands for the pair that sits out.

    With an even number the last pair stays put and the others move round the circle by half a turn each
    round; with an odd number a bye is added and its opponent sits out. Every pair meets every other once.
    """
    players: list[str | None] = list(pairs)
    if len(players) % 2:
        players.append(None)
    count = len(players)
    fixed, circle = players[-1], players[:-1]
    rounds = []
    for number in range(count - 1):
        shift = (number * count // 2) % (count - 1)
        order = circle[shift:] + circle[:shift]
        first = (fixed, order[0]) if number % 2 else (order[0], fixed)
        rounds.append([first] + [(order[k], order[count - 1 - k]) for k in range(1, count // 2)])
    return rounds


def draw_rounds(
    meetings: Sequence[tuple[str, str]], *, start: Sequence[Sequence[tuple[str, str]]] = ()
) -> list[list[tuple[str, str]]]:
    """The mini-matches still to play put into rounds, each pair at most once a round. ``start`` holds rounds to
    begin from (an old schedule: its empty rounds are left out); each other mini-match goes into the first of
    them where both pairs are free, the busiest pairs first; the rest make new rounds, in which the pairs with
    the most mini-matches left are paired first.

    >>> draw_rounds([("I", "II"), ("I", "III"), ("II", "III"), ("I", "IV")])
    [[('I', 'II')], [('I', 'III')], [('I', 'IV'), ('II', 'III')]]
    >>> draw_rounds([("I", "II"), ("III", "IV"), ("I", "III")], start=[[("I", "II")], []])
    [[('I', 'II'), ('III', 'IV')], [('I', 'III')]]
    """
    rounds = [list(r) for r in start if r]
    placed = {frozenset(m) for r in rounds for m in r}
    left = [m for m in meetings if frozenset(m) not in placed]
    while left:
        count = Counter(pair for meeting in left for pair in meeting)
        left.sort(key=lambda m: (-max(count[m[0]], count[m[1]]), -min(count[m[0]], count[m[1]])))
        still = []
        for meeting in left:
            home = next((r for r in rounds if all(p not in m for m in r for p in meeting)), None)
            if home is None:
                still.append(meeting)
            else:
                home.append(meeting)
        if still:
            rounds.append([])
        left = still
    return rounds
