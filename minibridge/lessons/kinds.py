"""The kinds of exercise, one class each: the parts of its answer and how the engine solves and explains it.

Each is listed once in the registry (:data:`minibridge.lessons.exercises.KINDS`), and says how a page asks it
(its parts' words and widgets, and the facts of :class:`~minibridge.lessons.exercise_kind.ExerciseKind`); what
the engine works out from an exercise's board is in :mod:`.exercise_board`, and the module ends with the words
the kinds share.

>>> HcpKind().keys == {seat.letter for seat in Seat}
True
>>> [(part.key, part.form.value) for part in TricksKind.parts]
[('NS', 'tricks'), ('EW', 'tricks')]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from minibridge import language
from minibridge.cards import Card, Seat, Side
from minibridge.deal import Deal, Hand
from minibridge.errors import LessonError, MiniBridgeError
from minibridge.language import N_, gettext
from minibridge.lessons.exercise_board import (
    announcement_of,
    board_of,
    contract_of,
    deal_of,
    declaring_points,
    recorded_play,
    score_of,
    scores,
    tricks_played,
)
from minibridge.lessons.exercise_kind import ExerciseKind, Offer, Problem
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.lessons.reading import Form, Part
from minibridge.play import Play
from minibridge.recorded import replay_record
from minibridge.scoring import Score, breakdown, goal
from minibridge.signals import explain_signal, read_signal
from minibridge.trick import Irregularity, Settlement

__all__ = [
    "HcpKind",
    "DeclarerKind",
    "GoalKind",
    "ScoreKind",
    "TricksKind",
    "ReplayKind",
    "IrregularityKind",
    "SignalKind",
]

# TRANSLATORS: what a part of a pupil's answer holds; keep the letters N, E, S and W: they are what the pupil types.
_A_SEAT = N_("N, E, S or W")
_POINTS = N_("the points each side scores")
_DECLARERS = Part(
    key="declarers",
    form=Form.POINTS,
    says=_POINTS,
    names=("declarers", "declarer side", "declaring side", "declarers side"),
    label=N_("Points for declarer's side"),
    most=3000,
    step=10,
)
_DEFENDERS = Part(
    key="defenders",
    form=Form.POINTS,
    says=_POINTS,
    names=("defenders", "defender", "defending side", "defence"),
    label=N_("Points for the defenders"),
    most=3000,
    step=10,
)
_DECLARER_TRICKS = Part(
    key="declarer_tricks",
    form=Form.TRICKS,
    says=N_("the tricks declarer's side took"),
    names=("declarer_tricks", "declarer tricks", "declarer took", "declarer side tricks", "tricks"),
    label=N_("Tricks for declarer's side"),
)


def _side_names(side: Side) -> tuple[str, ...]:
    """The words a pupil may name a side by: ``ns``, ``n-s``, ``n/s``, ``north-south``, ``north south``,
    ``northsouth``."""
    first, second = (seat.letter.lower() for seat in side.seats)
    one, other = (seat.title.lower() for seat in side.seats)
    return (
        f"{first}{second}",
        f"{first}-{second}",
        f"{first}/{second}",
        f"{one}-{other}",
        f"{one} {other}",
        one + other,
    )


class HcpKind(ExerciseKind):
    """Count the points in each hand."""

    name = "hcp"
    parts = tuple(
        Part(
            key=seat.letter,
            form=Form.POINTS,
            says=N_("the points in each hand"),
            names=(seat.letter.lower(), seat.title.lower()),
            label=seat.title,  # translated as the seat's name
            question=N_("%(seat)s's points"),
            seat=seat,
            most=40,
        )
        for seat in Seat
    )
    how = N_("Count the points in each hand: ace 4, king 3, queen 2, jack 1. Tap − and + to set each number.")
    hands_only = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        deal = deal_of(board_of(lesson, exercise))
        return {seat.letter: deal.hcp(seat) for seat in Seat}

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        deal = deal_of(board_of(lesson, exercise))
        return "; ".join(f"{seat.in_words} {_points_shown(deal, seat)}" for seat in Seat)

    def cue(self, lesson: Lesson, exercise: Exercise, given: Any) -> str | None:
        """Seed 000, Law 5: "If the total is not 40, something has gone wrong already and a re-count is
        necessary!" (a whole deal only: a short deal holds fewer points)."""
        if (
            not isinstance(given, dict)
            or set(given) != self.keys
            or deal_of(board_of(lesson, exercise)).cards_per_hand != 13
        ):
            return None
        total = sum(given.values())
        if total == 40:
            return None
        return gettext(
            "your four hands add up to %(total)s, not 40: if the total is not 40, something has gone wrong "
            "and a re-count is necessary"
        ) % {"total": total}


class DeclarerKind(ExerciseKind):
    """Who declares and who is dummy, or a redeal."""

    name = "declarer"
    parts = (
        Part(
            key="declarer",
            form=Form.SEAT,
            says=_A_SEAT,
            names=("declarer", "declares", "declare", "declaring"),
            label=N_("Declarer"),
            question=N_("Who is declarer?"),
        ),
        Part(
            key="dummy",
            form=Form.SEAT,
            says=_A_SEAT,
            names=("dummy",),
            label=N_("Dummy"),
            question=N_("Who is dummy?"),
        ),
    )
    alternatives: ClassVar[dict[str, tuple[str, ...]]] = {
        "redeal": ("redeal", "re-deal", "re deal", "a redeal", "deal again")
    }
    offers = (
        Offer(
            answer="redeal",
            question=N_("Or does nobody play it?"),
            words=N_("Redeal: deal the cards again"),
            said=N_("Redeal: nobody declares, the cards are dealt again"),
        ),
    )
    hands_only = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        result = announcement_of(lesson, exercise)
        if result.redeal:
            return "redeal"
        assert result.declarer is not None and result.dummy is not None
        return {"declarer": result.declarer.letter, "dummy": result.dummy.letter}

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        result = announcement_of(lesson, exercise)
        ns, ew = (result.side_hcp(side) for side in Side)
        if result.redeal:
            return gettext("North–South hold %(ns)s and East–West %(ew)s: a redeal") % {"ns": ns, "ew": ew}
        assert result.declaring_side is not None and result.declarer is not None and result.dummy is not None
        first, second = result.declaring_side.seats
        values = {
            "side": result.declaring_side.in_words,
            "more": max(ns, ew),
            "fewer": min(ns, ew),
            "first": first.in_words,
            "first_points": result.hcp[first],
            "second": second.in_words,
            "second_points": result.hcp[second],
            "lesson": lesson.name,
            "declarer": result.declarer.in_words,
            "dummy": result.dummy.in_words,
        }
        if result.tie and len(result.may_declare) > 1:
            text = gettext(
                "%(side)s hold %(more)s against %(fewer)s; %(first)s %(first_points)s, %(second)s "
                "%(second_points)s: equal, so in %(lesson)s the players choose who declares"
            )
        elif result.tie:
            text = gettext(
                "%(side)s hold %(more)s against %(fewer)s; %(first)s %(first_points)s, %(second)s "
                "%(second_points)s: equal, so %(declarer)s, who announced first, declares"
            )
        else:
            text = gettext(
                "%(side)s hold %(more)s against %(fewer)s; %(first)s %(first_points)s, %(second)s "
                "%(second_points)s: %(declarer)s has more and declares, %(dummy)s is dummy"
            )
        return text % values

    def rule_problems(self, lesson: Lesson, exercise: Exercise, boards: list[int]) -> Iterator[Problem]:
        if not lesson.rules.announcement:
            yield (
                ("kind",),
                gettext(
                    "%(lesson)s has no announcement (rules: announcement: false), so no declarer: "
                    "ask another kind of question"
                )
                % {"lesson": lesson.name},
            )

    def may_declare(self, lesson: Lesson, exercise: Exercise) -> tuple[Seat, ...]:
        return () if exercise.board is None else announcement_of(lesson, exercise).may_declare

    def matches(self, given: Any, found: Any, *, may_declare: tuple[Seat, ...] = ()) -> bool:
        if isinstance(given, dict) and isinstance(found, dict) and len(may_declare) > 1:
            letters = {s.letter for s in may_declare}
            declarer, dummy = given.get("declarer"), given.get("dummy")
            pair_ok = declarer is None or dummy is None or {declarer, dummy} == letters
            return pair_ok and all(v in letters for v in (declarer, dummy) if v is not None)
        return super().matches(given, found)


class GoalKind(ExerciseKind):
    """How many tricks declarer's side needs in a contract."""

    name = "goal"
    parts = (Part(key="", form=Form.TRICKS, says=N_("a number of tricks"), question=N_("How many tricks?"), pad=True),)
    needs = ("contract",)
    scored = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        return goal(contract_of(exercise), lesson.rules, points=declaring_points(lesson, exercise))

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        tricks = self.solve(lesson, exercise)
        scheme = lesson.rules.scheme
        points = declaring_points(lesson, exercise) if scheme.needs_points else None
        return scheme.goal_reason(contract_of(exercise), tricks, points=points, where=lesson.name)


class ScoreKind(ExerciseKind):
    """The score of a contract and the tricks taken."""

    name = "score"
    parts = (_DECLARERS, _DEFENDERS)
    needs = ("contract", "tricks")
    scored = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        return scores(self._score(lesson, exercise))

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        return breakdown(self._score(lesson, exercise))

    @staticmethod
    def _score(lesson: Lesson, exercise: Exercise) -> Score:
        assert exercise.tricks is not None
        return score_of(lesson, exercise, contract_of(exercise), exercise.tricks)


_TRICKS_FOR = {Side.NORTH_SOUTH: N_("Tricks for North–South"), Side.EAST_WEST: N_("Tricks for East–West")}
"""The name of each side's part of a ``tricks`` answer on the page."""


class TricksKind(ExerciseKind):
    """The tricks each side won in the recorded play."""

    name = "tricks"
    parts = tuple(
        Part(
            key=str(side),
            form=Form.TRICKS,
            says=N_("the tricks each side won"),
            names=_side_names(side),
            label=_TRICKS_FOR[side],
        )
        for side in Side
    )
    needs_play = True
    how = N_("Play the cards trick by trick. The highest card of the suit led wins the trick.")

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        play = recorded_play(lesson, exercise)
        return {str(side): play.tricks_won(side) for side in Side}

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        play = recorded_play(lesson, exercise)
        counts = ", ".join(f"{side.in_words} {play.tricks_won(side)}" for side in Side)
        return gettext("tricks won by %(winners)s: %(counts)s") % {"winners": _winners(play), "counts": counts}


class ReplayKind(ExerciseKind):
    """Who won each trick of the recorded play, declarer's tricks and the score."""

    name = "replay"
    parts = (
        Part(
            key="winners",
            form=Form.SEAT_EACH_TRICK,
            says=N_("the seat that won each trick, in order"),
            names=("winners", "winner", "won by", "who won"),
            label=N_("Who won each trick"),
            question=N_("Who won it?"),
        ),
        _DECLARER_TRICKS,
        Part(
            key="goal",
            form=Form.CHOICE,
            # TRANSLATORS: keep the English words of the choices: they are what the pupil types.
            says=N_("reached or missed"),
            names=("goal",),
            choices={
                "reached": ("reached", "reach", "reaches", "yes", "true"),
                "missed": ("missed", "miss", "misses", "not reached", "no", "false", "failed", "fails"),
            },
            label=N_("Declarer's goal"),
            question=N_("Did declarer reach the goal?"),
            choice_words={"reached": N_("Yes, reached"), "missed": N_("No, missed")},
        ),
        _DECLARERS,
        _DEFENDERS,
    )
    needs_play = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        board, play = board_of(lesson, exercise), recorded_play(lesson, exercise)
        answer: dict[str, Any] = {"winners": [t.winner.letter for t in play.tricks]}
        if board.declarer is not None and board.contract is not None:
            result = score_of(lesson, exercise, board.contract, play.declarer_tricks)
            answer["declarer_tricks"] = play.declarer_tricks
            answer["goal"] = "reached" if result.made else "missed"
            answer |= scores(result)
        return answer

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        board, play = board_of(lesson, exercise), recorded_play(lesson, exercise)
        if board.declarer is None or board.contract is None:
            return gettext("tricks won by %(winners)s") % {"winners": _winners(play)}
        return gettext("tricks won by %(winners)s: declarer's side %(tricks)s; %(score)s") % {
            "winners": _winners(play),
            "tricks": play.declarer_tricks,
            "score": breakdown(score_of(lesson, exercise, board.contract, play.declarer_tricks)),
        }


class IrregularityKind(ExerciseKind):
    """The first irregularity of the recorded play and how it was settled."""

    name = "irregularity"
    parts = (
        Part(
            key="kind",
            form=Form.CHOICE,
            # TRANSLATORS: keep the English words of the choices: they are what the pupil types.
            says=N_("revoke, lead out of turn or card out of rotation"),
            names=("kind", "what"),
            choices={
                "revoke": ("revoke", "revoked", "revokes", "a revoke", "did not follow suit"),
                "lead out of turn": ("lead out of turn", "led out of turn", "a lead out of turn"),
                "card out of rotation": ("card out of rotation", "card played out of turn", "played out of turn"),
            },
            label=N_("What went wrong"),
            question=N_("What went wrong?"),
            choice_words={
                "revoke": N_("A revoke: did not follow suit"),
                "lead out of turn": N_("A lead out of turn"),
                "card out of rotation": N_("A card played out of turn"),
            },
        ),
        Part(
            key="seat",
            form=Form.SEAT,
            says=_A_SEAT,
            names=("seat", "by", "who"),
            label=N_("Who did it"),
            question=N_("Who did it?"),
        ),
        Part(
            key="trick",
            form=Form.TRICKS,
            says=N_("the trick's number"),
            names=("trick", "at trick", "on trick"),
            label=N_("On which trick"),
            question=N_("On which trick?"),
            pad=True,
            of_the_play=True,
        ),
        Part(
            key="settled",
            form=Form.CHOICE,
            # TRANSLATORS: keep the English words of the choices: they are what the pupil types.
            says=N_("established, not established, accepted, put back, corrected or stands"),
            names=("settled", "settlement"),
            choices={
                "established": ("established",),
                "not established": ("not established",),
                "accepted": ("accepted", "accept", "accepts"),
                "put back": ("put back", "taken back"),
                "corrected": ("corrected", "correct"),
                "stands": ("stands", "stood", "stays"),
            },
            label=N_("What happened then"),
            question=N_("What happened then?"),
            choice_words={
                "established": N_("The revoke counts (established)"),
                "not established": N_("Put right in time (not established)"),
                "accepted": N_("Accepted: play goes on"),
                "put back": N_("The card is put back"),
                "corrected": N_("Put right (corrected)"),
                "stands": N_("The card stays (stands)"),
            },
        ),
        _DECLARER_TRICKS,
    )
    alternatives: ClassVar[dict[str, tuple[str, ...]]] = {
        "none": ("none", "nothing", "no irregularity", "nothing went wrong")
    }
    needs_play = True
    play_in_order = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        play = recorded_play(lesson, exercise)
        if not play.irregularities:
            return "none"
        first = play.irregularities[0]
        found = {"kind": first.kind, "seat": first.seat.letter, "trick": first.trick, "settled": _settled(first)}
        if board_of(lesson, exercise).declarer is not None:
            found["declarer_tricks"] = play.declarer_tricks
        return found

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        play = recorded_play(lesson, exercise)
        return play.irregularities[0].describe() if play.irregularities else gettext("the play holds no irregularity")


class SignalKind(ExerciseKind):
    """What a defender's card on a trick says."""

    name = "signal"
    parts = (
        Part(
            key="",
            form=Form.CHOICE,
            # TRANSLATORS: keep the English words of the choices: they are what the pupil types.
            says=N_("encourage, discourage, top of sequence or no signal"),
            choices={
                "encourage": ("encourage", "encourages", "encouraging"),
                "discourage": ("discourage", "discourages", "discouraging"),
                "top of sequence": ("top of sequence", "top of a sequence", "top of the sequence"),
                "no signal": ("no signal", "nothing", "says nothing"),
            },
            question=N_("Tap what %(seat)s's card says"),
            choice_words={
                "encourage": N_("Encourage"),
                "discourage": N_("Discourage"),
                "top of sequence": N_("Top of a sequence"),
                "no signal": N_("No signal"),
            },
            choice_hints={
                "encourage": N_("“Play this suit again!”"),
                "discourage": N_("“Please try another suit.”"),
                "top of sequence": N_("“I have the card just below this one too.”"),
                "no signal": N_("The card says nothing."),
            },
        ),
    )
    needs = ("board", "trick", "seat")
    needs_play = True
    play_up_to_trick = True
    one_tap = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        hand, card, leading = self._card(lesson, exercise)
        return read_signal(hand, card, leading=leading)

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        hand, card, leading = self._card(lesson, exercise)
        return explain_signal(hand, card, leading=leading)

    def rule_problems(self, lesson: Lesson, exercise: Exercise, boards: list[int]) -> Iterator[Problem]:
        if not lesson.rules.signals:
            yield (
                ("kind",),
                gettext("%(lesson)s has no signals (rules: signals: false): ask another kind of question")
                % {"lesson": lesson.name},
            )
            return
        if exercise.board not in boards:
            return
        board = lesson.board(exercise.board)
        seat, declarer = exercise.seat, board.declarer
        if seat is not None and declarer is not None and seat in (declarer, declarer.partner):
            text = (
                gettext(
                    "signals are read from a defender's cards, and %(seat)s is declarer on board %(board)s: "
                    "use %(defenders)s"
                )
                if seat is declarer
                else gettext(
                    "signals are read from a defender's cards, and %(seat)s is dummy on board %(board)s: "
                    "use %(defenders)s"
                )
            )
            defenders = gettext(" and ").join(s.in_words for s in Seat if s.side is not declarer.side)
            yield ("seat",), text % {"seat": seat.in_words, "board": board.number, "defenders": defenders}
        if exercise.trick is None or board.play is None:
            return
        try:
            played = len(replay_record(board).tricks)
        except MiniBridgeError:
            return  # the play's own problem is reported at the deal
        if exercise.trick > played:
            yield ("trick",), tricks_played(board, played, exercise.trick)

    @staticmethod
    def _card(lesson: Lesson, exercise: Exercise) -> tuple[Hand, Card, bool]:
        """The hand the seat held before the trick, the card it played to it, and whether it led."""
        assert exercise.trick is not None and exercise.seat is not None
        board, play = board_of(lesson, exercise), recorded_play(lesson, exercise)
        number, seat = exercise.trick, exercise.seat
        if number > len(play.tricks):
            raise LessonError(tricks_played(board, len(play.tricks), number))
        earlier = {t.cards[seat] for t in play.tricks[: number - 1]}
        hand = Hand(c for c in deal_of(board)[seat] if c not in earlier)
        trick = play.tricks[number - 1]
        return hand, trick.cards[seat], trick.leader is seat


# --- the words the kinds share -------------------------------------------------------------------------------


def _winners(play: Play) -> str:
    """The winner of each trick, a seat letter each (``N E E S``; Dutch ``N O O Z``)."""
    return " ".join(t.winner.letter_in_words for t in play.tricks)


def _settled(irregularity: Irregularity) -> str:
    """How an irregularity was settled, in the word a pupil answers with (one of the ``settled`` choices)."""
    return {
        Settlement.ESTABLISHED: "established",
        Settlement.NOT_ESTABLISHED: "not established",
        Settlement.NOT_CORRECTED: "corrected",
        Settlement.CORRECTED: "corrected",
        Settlement.ACCEPTED_IN_RECORD: "accepted",
        Settlement.ACCEPTED_IN_RECORD_ONE_OF: "accepted",
        Settlement.ACCEPTED_BY: "accepted",
        Settlement.ACCEPTED_BY_NEXT_PLAYER: "accepted",
        Settlement.PUT_BACK: "put back",
        Settlement.STANDS: "stands",
    }[irregularity.settled]


def _points_shown(deal: Deal, seat: Seat) -> str:
    """``10 (A♠ K♥ Q♦ J♣ …)``: a hand's points and the honours that make them (as the language prints them)."""
    honours = " ".join(language.rank(c.rank.letter) + c.suit.symbol for c in deal[seat] if c.hcp)
    return f"{deal.hcp(seat)} ({honours})" if honours else "0"
