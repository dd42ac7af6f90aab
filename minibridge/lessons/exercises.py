"""The kinds of exercise, one entry each: what an exercise needs, the form of its answer, how the engine
solves and explains it, how a pupil's answer is tidied and marked.

Adding a kind means adding one class here and listing it in :data:`KINDS`; nothing else names a kind.

>>> find_kind("goal").form
'a number of tricks, like 9'
>>> pupil_answer("tricks", {"n-s": "3", "E-W": 2.0})
{'NS': 3, 'EW': 2}
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from minibridge.announce import Announcement, announce
from minibridge.board import Board
from minibridge.cards import Card, Seat, Side
from minibridge.contract import Contract
from minibridge.deal import Deal, Hand
from minibridge.errors import LessonError, MiniBridgeError
from minibridge.lessons.lesson import Exercise, Lesson, shown
from minibridge.play import Play
from minibridge.rules import contract_problems
from minibridge.scoring import Score, breakdown, find_scheme, goal, score
from minibridge.signals import explain_signal, read_signal
from minibridge.trick import Irregularity

__all__ = [
    "ExerciseKind",
    "KINDS",
    "EXERCISE_KINDS",
    "find_kind",
    "exercise_problems",
    "answer_form_problem",
    "pupil_answer",
    "solve",
    "explain",
    "may_declare",
    "answer_matches",
    "is_right",
]

Problem = tuple[tuple[Any, ...], str]
"""A problem with an exercise: the keys of its field under the exercise, and what is wrong."""

_SEATS = ("N", "E", "S", "W")
_SETTLEMENTS = ("established", "not established", "accepted", "put back", "corrected", "stands")
_SEAT_WORDS = {word: seat.letter for seat in Seat for word in (seat.letter.lower(), seat.title.lower())}


class ExerciseKind:
    """One kind of exercise. Subclasses set the class attributes and solve and explain."""

    name: ClassVar[str]
    form: ClassVar[str]
    """The form of an answer, as the template and the messages show it."""
    needs: ClassVar[tuple[str, ...]] = ("board",)
    """The exercise's fields this kind cannot do without."""
    keys: ClassVar[frozenset[str]] = frozenset()
    """The keys an answer written as a set of fields may give."""
    needs_play: ClassVar[bool] = False
    """Whether the board's recorded play is replayed."""
    scored: ClassVar[bool] = False
    """Whether the answer comes from the scoring, so that a scheme by points needs the board."""

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        """The engine's answer, in the form of the lesson files."""
        raise NotImplementedError

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        """A one-line reason for the right answer, in a teacher's words."""
        raise NotImplementedError

    def rule_problems(self, lesson: Lesson, exercise: Exercise, boards: list[int]) -> Iterator[Problem]:
        """What the lesson's rules refuse in an exercise of this kind."""
        return iter(())

    def form_problem(self, answer: Any) -> str | None:
        """Why an answer is not of this kind's form, or None."""
        form = f"write it like {self.form}"
        if not isinstance(answer, dict) or not answer or not set(answer) <= self.keys:
            return form
        for key, value in answer.items():
            if key in ("declarer", "dummy", "seat"):
                ok = value in _SEATS
            elif key == "winners":
                ok = isinstance(value, list) and all(v in _SEATS for v in value)
            elif key == "kind":
                ok = value in ("revoke", "lead out of turn", "card out of rotation")
            elif key == "settled":
                ok = value in _SETTLEMENTS
            else:
                ok = isinstance(value, int) and not isinstance(value, bool)
            if not ok:
                return f"{key}: {shown(value)} is not of the right form; {form}"
        return None

    def tidy_key(self, key: Any) -> Any:
        """A key of a pupil's answer in the form of the lesson files."""
        return _words(key).lower()

    def may_declare(self, lesson: Lesson, exercise: Exercise) -> tuple[Seat, ...]:
        """The seats that may declare where the answer is about who declares; empty otherwise."""
        return ()

    def matches(self, given: Any, found: Any, *, may_declare: tuple[Seat, ...] = ()) -> bool:
        """True when the keys given in an answer agree with the engine's answer."""
        if isinstance(given, dict) and isinstance(found, dict):
            return all(key in found and found[key] == value for key, value in given.items())
        return given == found


class HcpKind(ExerciseKind):
    """Count the points in each hand."""

    name = "hcp"
    form = "{N: 10, E: 12, S: 8, W: 10}"
    keys = frozenset(_SEATS)

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        deal = _deal(_board(lesson, exercise))
        return {seat.letter: deal.hcp(seat) for seat in Seat}

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        deal = _deal(_board(lesson, exercise))
        return "; ".join(f"{seat.title} {_points_shown(deal, seat)}" for seat in Seat)

    def tidy_key(self, key: Any) -> Any:
        return _SEAT_WORDS.get(_words(key).lower(), key)


class DeclarerKind(ExerciseKind):
    """Who declares and who is dummy, or a redeal."""

    name = "declarer"
    form = "{declarer: S, dummy: N} or redeal"
    keys = frozenset({"declarer", "dummy"})

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        result = _announcement(lesson, exercise)
        if result.redeal:
            return "redeal"
        assert result.declarer is not None and result.dummy is not None
        return {"declarer": result.declarer.letter, "dummy": result.dummy.letter}

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        result = _announcement(lesson, exercise)
        ns, ew = (result.side_hcp(side) for side in Side)
        if result.redeal:
            return f"North–South hold {ns} and East–West {ew}: a redeal"
        assert result.declaring_side is not None and result.declarer is not None and result.dummy is not None
        first, second = result.declaring_side.seats
        text = (
            f"{result.declaring_side.title} hold {max(ns, ew)} against {min(ns, ew)}; "
            f"{first.title} {result.hcp[first]}, {second.title} {result.hcp[second]}"
        )
        if result.tie and len(result.may_declare) > 1:
            return text + f": equal, so in {lesson.name} the players choose who declares"
        if result.tie:
            return text + f": equal, so {result.declarer.title}, who announced first, declares"
        return text + f": {result.declarer.title} has more and declares, {result.dummy.title} is dummy"

    def rule_problems(self, lesson: Lesson, exercise: Exercise, boards: list[int]) -> Iterator[Problem]:
        if not lesson.rules.announcement:
            yield (
                ("kind",),
                (
                    f"{lesson.name} has no announcement (rules: announcement: false), so no declarer: "
                    "ask another kind of question"
                ),
            )

    def form_problem(self, answer: Any) -> str | None:
        return None if answer == "redeal" else super().form_problem(answer)

    def may_declare(self, lesson: Lesson, exercise: Exercise) -> tuple[Seat, ...]:
        return () if exercise.board is None else _announcement(lesson, exercise).may_declare

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
    form = "a number of tricks, like 9"
    needs = ("contract",)
    scored = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        return goal(_contract(exercise), lesson.rules, points=_declaring_points(lesson, exercise))

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        tricks = self.solve(lesson, exercise)
        scheme = find_scheme(lesson.rules.scoring)
        points = _declaring_points(lesson, exercise) if scheme.needs_points else None
        return scheme.goal_reason(_contract(exercise), tricks, points=points, where=lesson.name)

    def form_problem(self, answer: Any) -> str | None:
        whole = isinstance(answer, int) and not isinstance(answer, bool)
        return None if whole and 0 <= answer <= 13 else f"write it like {self.form}"


class ScoreKind(ExerciseKind):
    """The score of a contract and the tricks taken."""

    name = "score"
    form = "{declarers: 130, defenders: 0}"
    needs = ("contract", "tricks")
    keys = frozenset({"declarers", "defenders"})
    scored = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        return _scores(self._score(lesson, exercise))

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        return breakdown(self._score(lesson, exercise))

    @staticmethod
    def _score(lesson: Lesson, exercise: Exercise) -> Score:
        assert exercise.tricks is not None
        return _score_of(lesson, exercise, _contract(exercise), exercise.tricks)


class TricksKind(ExerciseKind):
    """The tricks each side won in the recorded play."""

    name = "tricks"
    form = "{NS: 3, EW: 2}"
    keys = frozenset({"NS", "EW"})
    needs_play = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        play = _played(lesson, exercise)
        return {str(side): play.tricks_won(side) for side in Side}

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        play = _played(lesson, exercise)
        counts = ", ".join(f"{side.title} {play.tricks_won(side)}" for side in Side)
        return f"tricks won by {_winners(play)}: {counts}"

    def tidy_key(self, key: Any) -> Any:
        return _words(key).upper().replace("-", "").replace("–", "")


class ReplayKind(ExerciseKind):
    """Who won each trick of the recorded play, declarer's tricks and the score."""

    name = "replay"
    form = "{winners: [W, N, S, S], declarer_tricks: 8, declarers: 130, defenders: 0}"
    keys = frozenset({"winners", "declarer_tricks", "declarers", "defenders"})
    needs_play = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        board, play = _board(lesson, exercise), _played(lesson, exercise)
        answer: dict[str, Any] = {"winners": [t.winner.letter for t in play.tricks]}
        if board.declarer is not None and board.contract is not None:
            answer["declarer_tricks"] = play.declarer_tricks
            answer |= _scores(_score_of(lesson, exercise, board.contract, play.declarer_tricks))
        return answer

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        board, play = _board(lesson, exercise), _played(lesson, exercise)
        text = f"tricks won by {_winners(play)}"
        if board.declarer is not None and board.contract is not None:
            text += f": declarer's side {play.declarer_tricks}; " + breakdown(
                _score_of(lesson, exercise, board.contract, play.declarer_tricks)
            )
        return text


class IrregularityKind(ExerciseKind):
    """The first irregularity of the recorded play and how it was settled."""

    name = "irregularity"
    form = "{kind: revoke, seat: E, trick: 3, settled: established, declarer_tricks: 8}"
    keys = frozenset({"kind", "seat", "trick", "settled", "declarer_tricks"})
    needs_play = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        play = _played(lesson, exercise)
        if not play.irregularities:
            return "none"
        first = play.irregularities[0]
        found = {"kind": first.kind, "seat": first.seat.letter, "trick": first.trick, "settled": _settled(first)}
        if _board(lesson, exercise).declarer is not None:
            found["declarer_tricks"] = play.declarer_tricks
        return found

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        play = _played(lesson, exercise)
        return play.irregularities[0].describe() if play.irregularities else "the play holds no irregularity"


class SignalKind(ExerciseKind):
    """What a defender's card on a trick says."""

    name = "signal"
    form = "encourage, discourage, top of sequence or no signal"
    needs = ("board", "trick", "seat")
    needs_play = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        hand, card, leading = self._card(lesson, exercise)
        return read_signal(hand, card, leading=leading)

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        hand, card, leading = self._card(lesson, exercise)
        return explain_signal(hand, card, leading=leading)

    def rule_problems(self, lesson: Lesson, exercise: Exercise, boards: list[int]) -> Iterator[Problem]:
        if not lesson.rules.signals:
            yield ("kind",), f"{lesson.name} has no signals (rules: signals: false): ask another kind of question"
            return
        if exercise.board not in boards:
            return
        board = lesson.board(exercise.board)
        seat, declarer = exercise.seat, board.declarer
        if seat is not None and declarer is not None and seat in (declarer, declarer.partner):
            role = "declarer" if seat is declarer else "dummy"
            defenders = " and ".join(s.title for s in Seat if s.side is not declarer.side)
            yield (
                ("seat",),
                f"signals are read from a defender's cards, and {seat.title} is {role} on board {board.number}: "
                f"use {defenders}",
            )
        if exercise.trick is None or board.play is None:
            return
        try:
            played = len(Play.from_record(board).tricks)
        except MiniBridgeError:
            return  # the play's own problem is reported at the deal
        if exercise.trick > played:
            yield ("trick",), f"board {board.number} has only {played} tricks played, not {exercise.trick}"

    def form_problem(self, answer: Any) -> str | None:
        words = ("encourage", "discourage", "top of sequence", "no signal")
        return None if answer in words else f"write it like {self.form}"

    @staticmethod
    def _card(lesson: Lesson, exercise: Exercise) -> tuple[Hand, Card, bool]:
        """The hand the seat held before the trick, the card it played to it, and whether it led."""
        assert exercise.trick is not None and exercise.seat is not None
        board, play = _board(lesson, exercise), _played(lesson, exercise)
        number, seat = exercise.trick, exercise.seat
        if number > len(play.tricks):
            raise LessonError(f"board {board.number} has only {len(play.tricks)} tricks played, not {number}")
        earlier = {t.cards[seat] for t in play.tricks[: number - 1]}
        hand = Hand(c for c in _deal(board)[seat] if c not in earlier)
        trick = play.tricks[number - 1]
        return hand, trick.cards[seat], trick.leader is seat


KINDS: dict[str, ExerciseKind] = {
    kind.name: kind
    for kind in (
        HcpKind(),
        DeclarerKind(),
        GoalKind(),
        ScoreKind(),
        TricksKind(),
        ReplayKind(),
        IrregularityKind(),
        SignalKind(),
    )
}
"""Every kind of exercise by name, in the order the schema and the messages list them."""

EXERCISE_KINDS: dict[str, str] = {name: kind.form for name, kind in KINDS.items()}
"""The kinds of exercise and the form of their answers."""


def find_kind(name: str) -> ExerciseKind:
    """The kind of exercise of that name."""
    try:
        return KINDS[name]
    except KeyError:
        raise LessonError(f"there is no kind of exercise '{name}'; the kinds are {', '.join(KINDS)}") from None


# --- checking an exercise when a lesson is read ----------------------------------------------------------------


def exercise_problems(lesson: Lesson, exercise: Exercise, boards: list[int], given: set[str]) -> Iterator[Problem]:
    """What is wrong with an exercise's fields and the form of its answer; ``given`` names the fields the file
    gives (a field given but wrong is reported where it was read, not as missing here)."""
    kind = find_kind(exercise.kind)
    for needed in kind.needs:
        if needed not in given:
            yield (
                (needed,),
                f"a '{exercise.kind}' exercise needs '{needed}'"
                + (" (a contract like 1NT or 4S)" if needed == "contract" else ""),
            )
    scheme = find_scheme(lesson.rules.scoring)
    if kind.scored and scheme.needs_points and exercise.board is None:
        yield (
            ("board",),
            f"under {scheme.name} scoring a '{exercise.kind}' exercise needs 'board': "
            "the goal comes from the declaring side's points",
        )
    if exercise.board is not None and exercise.board not in boards:
        yield ("board",), f"there is no board {exercise.board} in this lesson"
        return
    if exercise.contract is not None:
        for wrong in contract_problems(exercise.contract, lesson.rules):
            yield ("contract",), wrong
    if kind.needs_play and exercise.board in boards and lesson.board(exercise.board).play is None:
        yield ("board",), f"board {exercise.board} has no play to replay: add its 'play'"
    yield from kind.rule_problems(lesson, exercise, boards)
    problem = kind.form_problem(exercise.answer)
    if problem:
        yield ("answer",), problem


def answer_form_problem(kind: str, answer: Any) -> str | None:
    """Why an answer is not of the form its kind needs, or None."""
    return find_kind(kind).form_problem(answer)


def pupil_answer(kind: str, answer: Any) -> Any:
    """A pupil's answer in the form of the lesson files, whatever its spelling: ``'7'`` or ``7.0`` for 7,
    ``North`` or ``n`` for N, ``N-S`` for NS, ``Declarers`` for declarers, words in small letters."""
    exercise_kind = find_kind(kind)

    def value_of(key: Any, value: Any) -> Any:
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, list) and key == "winners":
            return [value_of("seat", v) for v in value]
        if not isinstance(value, str):
            return value
        text = " ".join(value.split())
        if text.isdigit():
            return int(text)
        if key in ("declarer", "dummy", "seat"):
            return _SEAT_WORDS.get(text.lower(), value)
        return text.lower()

    if isinstance(answer, dict):
        tidied = {exercise_kind.tidy_key(k): v for k, v in answer.items()}
        return {k: value_of(k, v) for k, v in tidied.items()}
    return value_of(None, answer)


# --- solving, explaining and marking ---------------------------------------------------------------------------


def solve(lesson: Lesson, exercise: Exercise) -> Any:
    """The engine's answer to an exercise, in the form of the lesson files."""
    return find_kind(exercise.kind).solve(lesson, exercise)


def explain(lesson: Lesson, exercise: Exercise) -> str:
    """A one-line reason for the right answer, in a teacher's words."""
    return find_kind(exercise.kind).explain(lesson, exercise)


def may_declare(lesson: Lesson, exercise: Exercise) -> tuple[Seat, ...]:
    """The seats that may declare, for an exercise about who declares (empty for other kinds)."""
    return find_kind(exercise.kind).may_declare(lesson, exercise)


def answer_matches(kind: str, given: Any, found: Any, *, may_declare: tuple[Seat, ...] = ()) -> bool:
    """True when the keys given in an answer agree with the engine's answer."""
    return find_kind(kind).matches(given, found, may_declare=may_declare)


def is_right(lesson: Lesson, exercise: Exercise, given: Any) -> tuple[bool, Any]:
    """Whether an answer is right, and the engine's answer."""
    kind = find_kind(exercise.kind)
    found = kind.solve(lesson, exercise)
    return kind.matches(given, found, may_declare=kind.may_declare(lesson, exercise)), found


# --- what the kinds share ------------------------------------------------------------------------------------


def _words(key: Any) -> str:
    """A key of a pupil's answer with its spaces tidied."""
    return " ".join(str(key).split())


def _board(lesson: Lesson, exercise: Exercise) -> Board:
    if exercise.board is None:
        raise LessonError(f"exercise {exercise.id} of {lesson.name} names no board", where=str(lesson.path))
    return lesson.board(exercise.board)


def _deal(board: Board) -> Deal:
    assert board.deal is not None  # every lesson board has its deal
    return board.deal


def _contract(exercise: Exercise) -> Contract:
    assert exercise.contract is not None  # the kinds that need one are refused without it
    return exercise.contract


def _announcement(lesson: Lesson, exercise: Exercise) -> Announcement:
    board = _board(lesson, exercise)
    assert board.dealer is not None
    return announce(_deal(board), board.dealer, tie_rule=lesson.rules.tie_rule)


def _played(lesson: Lesson, exercise: Exercise) -> Play:
    """The board's recorded play replayed under the Laws, with its claim."""
    return Play.from_record(_board(lesson, exercise))


def _declaring_points(lesson: Lesson, exercise: Exercise) -> int | None:
    if exercise.board is None:
        return None
    board = lesson.board(exercise.board)
    assert board.dealer is not None
    result = announce(_deal(board), board.dealer)
    return None if result.declaring_side is None else result.side_hcp(result.declaring_side)


def _score_of(lesson: Lesson, exercise: Exercise, contract: Contract, tricks: int) -> Score:
    return score(contract, tricks, lesson.rules, points=_declaring_points(lesson, exercise))


def _scores(result: Score) -> dict[str, int]:
    return {"declarers": result.declarers_score, "defenders": result.defenders_score}


def _winners(play: Play) -> str:
    return " ".join(t.winner.letter for t in play.tricks)


def _settled(irregularity: Irregularity) -> str:
    text = irregularity.settled
    for word in ("not established", "established", "accepted", "put back", "corrected", "stands"):
        if word in text:
            return word
    return text


def _points_shown(deal: Deal, seat: Seat) -> str:
    """``10 (A♠ K♥ Q♦ J♣ …)``: a hand's points and the honours that make them."""
    honours = " ".join(c.rank.letter + c.suit.symbol for c in deal[seat] if c.hcp)
    return f"{deal.hcp(seat)} ({honours})" if honours else "0"
