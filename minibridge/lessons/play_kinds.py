"""The kinds of exercise about a board's recorded play, one class each: the tricks each side won, who won each
trick and the score, the first irregularity, a defender's signal (the kinds about a deal and a contract are in
:mod:`.kinds`).

Each is listed once in the registry (:data:`minibridge.lessons.exercises.KINDS`), and says how a page asks it,
how the pupils' sheet leaves room for it and how the answer key writes it out (the facts and methods of
:class:`~minibridge.lessons.exercise_kind.ExerciseKind`).

>>> [(part.key, part.form.value) for part in TricksKind.parts]
[('NS', 'tricks'), ('EW', 'tricks')]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from minibridge.board import Board
from minibridge.cards import Card, Seat, Side
from minibridge.deal import Hand
from minibridge.errors import LessonError, MiniBridgeError
from minibridge.language import N_, gettext, ngettext
from minibridge.lessons.exercise_board import (
    board_of,
    deal_of,
    recorded_play,
    score_of,
    scores,
    tricks_played,
)
from minibridge.lessons.exercise_kind import Blank, ExerciseKind, Problem
from minibridge.lessons.kind_parts import A_SEAT, DECLARER_TRICKS, DECLARERS, DEFENDERS
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.lessons.reading import Form, Part
from minibridge.play import Play
from minibridge.recorded import replay_record
from minibridge.signals import explain_signal, read_signal
from minibridge.trick import Irregularity, Settlement

__all__ = ["TricksKind", "ReplayKind", "IrregularityKind", "SignalKind"]


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


_TRICKS_FOR = {Side.NORTH_SOUTH: N_("Tricks for North–South"), Side.EAST_WEST: N_("Tricks for East–West")}
"""The name of each side's part of a ``tricks`` answer on the page."""

_WINNERS = Part(
    key="winners",
    form=Form.SEAT_EACH_TRICK,
    says=N_("the seat that won each trick, in order"),
    names=("winners", "winner", "won by", "who won"),
    label=N_("Who won each trick"),
    question=N_("Who won it?"),
)
"""The seat that won each trick of the recorded play."""


class TricksKind(ExerciseKind):
    """The tricks each side won in the recorded play."""

    name = "tricks"
    hint = N_("Go one trick at a time. The highest card of the suit led wins. Then count the wins of each pair.")
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

    def in_words(self, answer: Any) -> tuple[str, ...]:
        if not isinstance(answer, dict) or set(answer) != self.keys:
            return super().in_words(answer)
        return (gettext("North–South %(ns)s, East–West %(ew)s") % {"ns": answer["NS"], "ew": answer["EW"]},)

    def blanks(self, lesson: Lesson, exercise: Exercise) -> tuple[tuple[Blank, ...], ...]:
        return (_tricks_each_side(),)


class ReplayKind(ExerciseKind):
    """Who won each trick of the recorded play, declarer's tricks and the score."""

    name = "replay"
    hint = N_("Go one trick at a time. Who played the best card? A trump beats the suit led. Then count.")
    parts = (
        _WINNERS,
        DECLARER_TRICKS,
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
        DECLARERS,
        DEFENDERS,
    )
    needs_play = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        board, play = board_of(lesson, exercise), recorded_play(lesson, exercise)
        answer: dict[str, Any] = {"winners": [t.winner.letter for t in play.tricks]}
        if _declared(board):
            result = score_of(lesson, exercise, board.contract, play.declarer_tricks)
            answer["declarer_tricks"] = play.declarer_tricks
            answer["goal"] = "reached" if result.made else "missed"
            answer |= scores(result)
        return answer

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        board, play = board_of(lesson, exercise), recorded_play(lesson, exercise)
        if not _declared(board):
            return gettext("tricks won by %(winners)s") % {"winners": _winners(play)}
        return gettext("tricks won by %(winners)s: declarer and dummy %(tricks)s; %(score)s") % {
            "winners": _winners(play),
            "tricks": play.declarer_tricks,
            "score": score_of(lesson, exercise, board.contract, play.declarer_tricks).calculation_words,
        }

    def in_words(self, answer: Any) -> tuple[str, ...]:
        if not isinstance(answer, dict) or "winners" not in answer:
            return super().in_words(answer)
        said = self.parts_in_words(answer)
        phrases = [gettext("tricks won by %(winners)s") % {"winners": said["winners"]}]
        if "declarer_tricks" in answer:
            count = answer["declarer_tricks"]
            phrases.append(
                ngettext(
                    "declarer's side %(count)s trick, declaring side %(declarers)s, defenders %(defenders)s",
                    "declarer's side %(count)s tricks, declaring side %(declarers)s, defenders %(defenders)s",
                    count,
                )
                % {"count": count, "declarers": said["declarers"], "defenders": said["defenders"]}
            )
        return tuple(phrases)

    def blanks(self, lesson: Lesson, exercise: Exercise) -> tuple[tuple[Blank, ...], ...]:
        """Declarer's tricks and the score where the board has a contract, else the tricks each side won."""
        if not _declared(board_of(lesson, exercise)):
            return (_tricks_each_side(),)
        score, declaring_side = gettext("Score:"), gettext("declaring side")
        return ((_declarer_won(), Blank(f"{score} {declaring_side}", 6), Blank(gettext("defenders"), 6)),)


class IrregularityKind(ExerciseKind):
    """The first irregularity of the recorded play and how it was settled."""

    name = "irregularity"
    hint = N_("Look at each trick. Did a player lead when it was not their turn? Or not follow suit?")
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
            choice_written={
                "revoke": N_("revoke"),
                "lead out of turn": N_("lead out of turn"),
                "card out of rotation": N_("card out of rotation"),
            },
        ),
        Part(
            key="seat",
            form=Form.SEAT,
            says=A_SEAT,
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
            choice_written={
                "established": N_("established"),
                "not established": N_("not established"),
                "accepted": N_("accepted"),
                "put back": N_("put back"),
                "corrected": N_("corrected"),
                "stands": N_("stands"),
            },
        ),
        DECLARER_TRICKS,
    )
    alternatives: ClassVar[dict[str, tuple[str, ...]]] = {
        "none": ("none", "nothing", "no irregularity", "nothing went wrong")
    }
    written_alternatives: ClassVar[dict[str, str]] = {"none": N_("no irregularity")}
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

    def in_words(self, answer: Any) -> tuple[str, ...]:
        if not isinstance(answer, dict) or not {"kind", "seat", "trick", "settled"} <= set(answer):
            return super().in_words(answer)
        said = self.parts_in_words(answer)
        phrases = [
            gettext("%(what)s by %(seat)s at trick %(trick)s: %(settled)s")
            % {"what": said["kind"], "seat": said["seat"], "trick": said["trick"], "settled": said["settled"]}
        ]
        if "declarer_tricks" in answer:
            count = answer["declarer_tricks"]
            said_tricks = ngettext("declarer's side %(count)s trick", "declarer's side %(count)s tricks", count)
            phrases.append(said_tricks % {"count": count})
        return tuple(phrases)

    def blanks(self, lesson: Lesson, exercise: Exercise) -> tuple[tuple[Blank, ...], ...]:
        """What went wrong, who, at which trick and how it was settled; declarer's tricks where the board has a
        contract."""
        lines = [
            (Blank(gettext("What went wrong:"), 24), Blank(gettext("Who:"), 10), Blank(gettext("Trick:"), 6)),
            (Blank(gettext("How it was settled:"), 52),),
        ]
        if _declared(board_of(lesson, exercise)):
            lines.append((_declarer_won(),))
        return tuple(lines)


class SignalKind(ExerciseKind):
    """What a defender's card on a trick says."""

    name = "signal"
    hint = N_("Look at the cards next to it in that hand. Is it a high card or a low one? Is it the top of a sequence?")
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
            choice_written={
                "encourage": N_("encourage"),
                "discourage": N_("discourage"),
                "top of sequence": N_("top of sequence"),
                "no signal": N_("no signal"),
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

    def blanks(self, lesson: Lesson, exercise: Exercise) -> tuple[tuple[Blank, ...], ...]:
        return ((Blank(gettext("The card says:"), 48),),)

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


# --- what the kinds share ------------------------------------------------------------------------------------


def _declared(board: Board) -> bool:
    """Whether a board has a declarer and a contract, so that its play is scored."""
    return board.declarer is not None and board.contract is not None


def _winners(play: Play) -> str:
    """The winner of each trick, a seat letter each (``N E E S``; Dutch ``N O O Z``)."""
    return _WINNERS.in_words([t.winner.letter for t in play.tricks])


def _tricks_each_side() -> tuple[Blank, ...]:
    """Room on the pupils' sheet for the tricks each side won (``North–South ______ tricks``)."""
    tricks = gettext("______ tricks")
    return tuple(Blank(f"{side.in_words} {tricks}") for side in Side)


def _declarer_won() -> Blank:
    """Room on the pupils' sheet for the tricks declarer's side won."""
    return Blank(gettext("Declarer's side won ______ tricks."))


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
