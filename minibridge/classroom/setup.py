"""How a pupil's game is set up: a lesson or free play under named rules, how long, which deals, and whether the
pupil practises declaring or defending.

A setup is plain data (:meth:`GameSetup.as_data`), kept with the game so that the game can be rebuilt after a
restart; it is checked when made, and a setup that cannot be played is refused in words.

>>> GameSetup(lesson=5, deals=2).rule_set().title
'MiniLesson Five'
>>> cards_per_hand(find_lesson(1).rules, find_lesson(1))
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.language import gettext, ngettext
from minibridge.lessons import Lesson, find_lesson, lesson_numbers, no_such_lesson
from minibridge.robot import DEFAULT_SAMPLES, LEVELS, Robot, no_such_level
from minibridge.rules import RuleSet, ThreeHandedVariant, find_rules, free_play_rules
from minibridge.table import ComputerPlayer, Practice, Seating, Table, check_practice

__all__ = ["LESSON_ROBOTS", "SHORT_DEAL", "GameSetup", "cards_per_hand", "choices_allowed", "lesson_robots"]

SHORT_DEAL = 5
"""Cards per hand in MiniLessons One and Two when the lesson file has no deal to copy the size from."""


LESSON_ROBOTS: dict[int | None, str] = {1: "beginner", 2: "beginner", 3: "beginner", 4: "club", 5: "club", 6: "expert"}
"""How strong the computer plays in each lesson unless the pupil or the teacher chooses (None: free play).

MiniLessons One to Three (tricks, then no-trumps contracts) get the ``beginner``: a first-year pupil should be able to
beat it, and it plays by exactly the rules those lessons teach (second hand low, third hand high, the top of a
sequence), so what the pupil sees the computer do is what the lesson says. MiniLessons Four and Five (trumps, then
games) get the ``club`` player: it plays sensibly enough that choosing the right trump suit and game pays off, and
it does not read the points announced or the signals the pupils have not learnt. MiniLesson Six teaches the
defenders' signals, which only the ``expert`` gives meaning to by reading them, and free play keeps the ``expert``
it always had."""


def lesson_robots(lesson: int | None) -> str:
    """The level of the computer players in ``lesson`` (None: free play) when nobody chooses one."""
    return LESSON_ROBOTS.get(lesson, "expert")


def choices_allowed(lesson: int | None, rules: str = "ebu") -> dict[str, bool]:
    """What a game of ``lesson`` (None: free play by ``rules``) can be played with: ``target`` (to a score, only
    under rules with contracts), ``three_handed`` (three players), ``practice`` (declaring or defending every deal)
    and ``slam`` (slams, in free play under rules that have them).

    >>> choices_allowed(1), choices_allowed(3)["three_handed"], choices_allowed(None, "nbb")["slam"]
    ({'target': False, 'three_handed': False, 'practice': False, 'slam': False}, True, False)
    """
    rule_set = find_lesson(lesson).rules if lesson is not None else find_rules(rules)
    try:
        rule_set.replace(three_handed="simple")
        three = True
    except RuleError:
        three = False
    return {
        "target": rule_set.has_contract,
        "three_handed": three,
        "practice": bool(rule_set.announcement and rule_set.has_contract),
        "slam": lesson is None and rule_set.scheme.no_slams is None,
    }


def cards_per_hand(rules: RuleSet, lesson: Lesson | None) -> int:
    """How many cards each player is dealt: 13, or in a lesson of short deals as many as its own deals (else
    :data:`SHORT_DEAL`)."""
    if rules.cards_per_hand is not None:
        return rules.cards_per_hand
    deals = lesson.deals if lesson is not None else ()
    return deals[0].deal.cards_per_hand if deals and deals[0].deal is not None else SHORT_DEAL


@dataclass(frozen=True, kw_only=True)
class GameSetup:
    """How a pupil's game is played: a lesson (one of :func:`~minibridge.lessons.lesson_numbers`) or free play
    under named rules, how long, which deals, and how strong the computer plays."""

    lesson: int | None = None
    rules: str = "ebu"
    """Free play: the name of a rule set offered for free play (``ebu``, ``nbb`` or ``targets``; see
    :func:`~minibridge.rules.free_play_rules`), ignored with a lesson."""
    slam: bool = False
    deals: int | None = None
    target: int | None = None
    seed: int = 1
    samples: int = DEFAULT_SAMPLES
    """Layouts the computer thinks about for each decision."""
    auto_single: bool = False
    """Play the pupil's card by itself when only one card may be played."""
    three_handed: ThreeHandedVariant | None = None
    """Three players, the pupil and two computer players, and a dummy hand: ``simple`` or ``normal``."""
    boards: tuple[tuple[int, str, str], ...] = ()
    """The teacher's boards, played once each in this order instead of random deals (everyone on the same
    deals): each board's number, its dealer's letter and its deal (``N:AK2.… … … …``)."""
    practice: Practice | None = None
    """``declarer``: North–South, the pupil's side, declare every deal; ``defender``: they defend every deal. The
    deals are turned round the table where needed (see :class:`~minibridge.table.Table`); None plays them as dealt."""
    robots: str | None = None
    """How strong the computer plays: ``beginner``, ``club`` or ``expert`` (see :data:`~minibridge.robot.LEVELS`);
    None, as the lesson says (:data:`LESSON_ROBOTS`: Lessons One to Three ``beginner``, Four and Five ``club``, Six
    and free play ``expert``), which is also how a setup kept before there were levels is read. Kept as chosen."""
    count_points: bool = False
    """Each pupil counts the points of their own hand before the announcement (under rules that announce points:
    from MiniLesson Three). Off when not said, as a setup kept before pupils counted is read; the classroom turns it
    on unless the teacher turns it off."""
    hints: bool = True
    """A pupil may ask for a hint: a card, with a reason."""
    undo: bool = True
    """A pupil alone against the computer may take back their last card."""
    claims: bool = True
    """A pupil may claim the rest of the tricks."""

    def __post_init__(self) -> None:
        if self.robots is None:
            object.__setattr__(self, "robots", lesson_robots(self.lesson))
        elif self.robots not in LEVELS:
            raise RuleError(no_such_level(self.robots))
        object.__setattr__(self, "boards", tuple((int(n), str(d), str(deal)) for n, d, deal in self.boards))
        if self.boards and (self.target is not None or (self.deals or 0) > len(self.boards)):
            count = len(self.boards)
            raise RuleError(
                ngettext(
                    "the teacher's %(count)s board is played once: give no target, at most %(count)s deal",
                    "the teacher's %(count)s boards are played once each: give no target, at most %(count)s deals",
                    count,
                )
                % {"count": count}
            )
        if self.lesson is not None and self.lesson not in lesson_numbers():
            raise RuleError(no_such_lesson(self.lesson))
        free = [rules.name for rules in free_play_rules()]
        if self.rules not in free:
            raise RuleError(
                # TRANSLATORS: %(names)s are the names of the rules to send, like "ebu, nbb or targets".
                gettext("free play is by the rules %(names)s, not '%(rules)s'")
                % {"names": ", ".join(free[:-1]) + gettext(" or ") + free[-1], "rules": self.rules}
            )
        if self.deals is not None and not 1 <= self.deals <= 52:
            raise RuleError(gettext("a game has 1 to 52 deals, not %(deals)s") % {"deals": self.deals})
        if self.target is not None and self.target < 1:
            raise RuleError(gettext("a target score is above 0, not %(target)s") % {"target": self.target})
        if self.deals is not None and self.target is not None:
            raise RuleError(gettext("give either a number of deals or a target, not both"))
        if self.target is not None and not self.rule_set().has_contract:
            raise RuleError(
                gettext("%(rules)s has no score to reach: give a number of deals")
                % {"rules": self.rule_set().title_in_words}
            )
        check_practice(self.rule_set(), self.practice)  # the rules and the practice can be played: else refused

    def rule_set(self) -> RuleSet:
        """The rules in force."""
        rules = find_lesson(self.lesson).rules if self.lesson is not None else find_rules(self.rules)
        if self.lesson is None and self.slam:
            rules = rules.with_slam()
        return rules.replace(three_handed=self.three_handed) if self.three_handed is not None else rules

    def cards_per_hand(self) -> int:
        """13, or in MiniLessons One and Two as many as the lesson's own deals."""
        return cards_per_hand(self.rule_set(), find_lesson(self.lesson) if self.lesson is not None else None)

    def table(self, seating: Seating, *, robot_seed: int | None = None) -> Table:
        """The table this setup plays at, with ``seating`` and the computer in every other seat (thinking from
        ``robot_seed``, by default the setup's seed); each deal's best contract is found once it is over."""
        rules = self.rule_set()
        seed = self.seed if robot_seed is None else robot_seed
        return Table(
            rules,
            seating=seating,
            computer=ComputerPlayer(robot=Robot(rules, samples=self.samples, seed=seed, level=self.level)),
            deals=self.deals,
            target=self.target,
            seed=self.seed,
            cards_per_hand=self.cards_per_hand(),
            boards=self.teachers_boards(),
            auto_single=self.auto_single,
            find_best=True,
            practice=self.practice,
            count_points=self.count_points,
        )

    @property
    def level(self) -> str:
        """How strong the computer plays: ``beginner``, ``club`` or ``expert``."""
        assert self.robots is not None  # chosen when the setup is made
        return self.robots

    def teachers_boards(self) -> tuple[Board, ...]:
        """The teacher's boards as boards."""
        return tuple(
            Board(number=number, dealer=Seat.from_str(dealer), deal=Deal.from_pbn(deal))
            for number, dealer, deal in self.boards
        )

    def as_data(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "lesson": self.lesson,
            "rules": self.rules,
            "slam": self.slam,
            "deals": self.deals,
            "target": self.target,
            "seed": self.seed,
            "samples": self.samples,
            "auto_single": self.auto_single,
            "three_handed": self.three_handed,
            "boards": [list(board) for board in self.boards],
            "practice": self.practice,
            "robots": self.robots,
            "count_points": self.count_points,
            "hints": self.hints,
            "undo": self.undo,
            "claims": self.claims,
        }
