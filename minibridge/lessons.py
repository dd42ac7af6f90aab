"""The six MiniLessons as YAML files: reading and validating them, their rules, and their exercises' answers.

The format is described in ``lessons/README.md``. Files are read with ``yaml.safe_load`` and validated
(a JSON schema, then the deals and answers against the engine) before anything uses them; every problem
is reported at once with its file, line and field.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from minibridge.announce import Announcement, announce
from minibridge.board import Board, PlayRecord
from minibridge.cards import Card, Seat, Side
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.dealing import DealSpec, generate
from minibridge.errors import LessonError, MiniBridgeError, problems_message
from minibridge.places import KeyLines, place, read_yaml_file
from minibridge.play import Irregularity, Play
from minibridge.rules import RuleSet, contract_problems, deal_problems, switches_schema, trumps_held
from minibridge.scoring import Score, breakdown, find_scheme, goal, score
from minibridge.signals import explain_signal, read_signal

__all__ = [
    "EXERCISE_KINDS",
    "Exercise",
    "Lesson",
    "LessonDeal",
    "Failure",
    "load_lesson",
    "lesson_files",
    "find_lesson",
    "solve",
    "explain",
    "answer_matches",
    "answer_form_problem",
    "is_right",
    "verify",
    "pupil_answer",
    "NUMBER_WORDS",
]

NUMBER_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
FILE_NAMES = {n: f"{word.lower()}.yaml" for n, word in NUMBER_WORDS.items()}

EXERCISE_KINDS: dict[str, str] = {
    "hcp": "{N: 10, E: 12, S: 8, W: 10}",
    "declarer": "{declarer: S, dummy: N} or redeal",
    "goal": "a number of tricks, like 9",
    "score": "{declarers: 130, defenders: 0}",
    "tricks": "{NS: 3, EW: 2}",
    "replay": "{winners: [W, N, S, S], declarer_tricks: 8, declarers: 130, defenders: 0}",
    "irregularity": "{kind: revoke, seat: E, trick: 3, settled: established, declarer_tricks: 8}",
    "signal": "encourage, discourage, top of sequence or no signal",
}
"""The kinds of exercise and the form of their answers."""

_BOOL = {"type": "boolean"}
_SEAT = {"enum": ["N", "E", "S", "W"]}
_COUNT = {"type": "integer", "minimum": 0, "maximum": 13}

SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["number", "title", "objectives", "teacher_notes", "rules", "exercises"],
    "properties": {
        "number": {"type": "integer", "minimum": 1, "maximum": 6},
        "title": {"type": "string", "minLength": 1},
        "objectives": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "teacher_notes": {"type": "string"},
        "tips": {"type": "array", "items": {"type": "string"}},
        "rules": switches_schema(),
        "variants": {"type": "array", "items": {"enum": ["slam", "targets", "nbb"]}, "uniqueItems": True},
        "deals": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["board", "deal"],
                "properties": {
                    "board": {"type": "integer", "minimum": 1},
                    "dealer": _SEAT,
                    "deal": {"type": "string"},
                    "note": {"type": "string"},
                    "contract": {"type": "string"},
                    "declarer": _SEAT,
                    "play": {"type": "array", "items": {"type": "string"}},
                    "claim": _COUNT,
                },
            },
        },
        "generate": {
            "type": "object",
            "additionalProperties": False,
            "required": ["seed", "count"],
            "properties": {
                "seed": {"type": "integer"},
                "count": {"type": "integer", "minimum": 1, "maximum": 64},
                "first_board": {"type": "integer", "minimum": 1},
                "cards_per_hand": {"type": "integer", "minimum": 1, "maximum": 13},
                "points": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
                "fit": _COUNT,
                "major_fit": _COUNT,
                "long_suit": _COUNT,
                "strong_short_trumps": _BOOL,
                "equal_partners": _BOOL,
                "sequence_lead": _BOOL,
            },
        },
        "exercises": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "kind", "question", "answer"],
                "properties": {
                    "id": {"type": ["integer", "string"]},
                    "kind": {"enum": list(EXERCISE_KINDS)},
                    "question": {"type": "string"},
                    "board": {"type": "integer", "minimum": 1},
                    "contract": {"type": "string"},
                    "tricks": _COUNT,
                    "trick": {"type": "integer", "minimum": 1, "maximum": 13},
                    "seat": _SEAT,
                    "answer": {},
                },
            },
        },
    },
}
"""The JSON schema of a lesson file (the engine checks the rest: deals, contracts, plays and answers)."""


@dataclass(frozen=True)
class LessonDeal:
    """A deal of a lesson: board, dealer, the hands, and what was played on it."""

    board: int
    dealer: Seat
    deal: Deal
    note: str = ""
    contract: Contract | None = None
    declarer: Seat | None = None
    play: tuple[Card, ...] = ()
    claim: int | None = None
    generated: bool = False


@dataclass(frozen=True)
class Exercise:
    """One exercise: its question and the answer the lesson states."""

    id: str
    kind: str
    question: str
    answer: Any
    board: int | None = None
    contract: Contract | None = None
    tricks: int | None = None
    trick: int | None = None
    seat: Seat | None = None


@dataclass(frozen=True)
class Lesson:
    """A MiniLesson: what it teaches, the rules in force, its deals and exercises."""

    number: int
    title: str
    objectives: tuple[str, ...]
    teacher_notes: str
    tips: tuple[str, ...]
    rules: RuleSet
    variants: tuple[str, ...]
    deals: tuple[LessonDeal, ...]
    exercises: tuple[Exercise, ...]
    path: Path
    generate_spec: DealSpec | None = None
    lines: Mapping[tuple[Any, ...], int] = field(default_factory=dict, repr=False, compare=False)

    @property
    def name(self) -> str:
        """``MiniLesson Three``."""
        return f"MiniLesson {NUMBER_WORDS[self.number]}"

    def deal(self, board: int) -> LessonDeal:
        """The lesson's deal of that board number."""
        for lesson_deal in self.deals:
            if lesson_deal.board == board:
                return lesson_deal
        raise LessonError(f"{self.name} has no board {board}", where=str(self.path))

    def where(self, *path: Any) -> str:
        """The file, line and field of a place in the lesson file."""
        return place(self.path, self.lines, path)


@dataclass(frozen=True)
class Failure:
    """An answer that the engine does not confirm."""

    lesson: str
    board: int | None
    exercise: str
    expected: Any
    found: Any
    reason: str
    where: str

    def describe(self) -> str:
        """One line: where, which exercise, what the file says and what the engine finds."""
        board = f", board {self.board}" if self.board is not None else ""
        return (
            f"{self.where}: {self.lesson}{board}, exercise {self.exercise}: the answer given is "
            f"{_show(self.expected)} but the deal gives {_show(self.found)} ({self.reason})"
        )


# --- finding and reading lesson files -------------------------------------------------------------------------


def lesson_files(directory: Path | None = None) -> list[Path]:
    """The lesson files of a folder (by default the lessons shipped with the toolkit), in lesson order."""
    folder = Path(str(files("minibridge.lesson_files"))) if directory is None else directory
    if not folder.is_dir():
        raise LessonError(f"'{folder}' is not a folder of lesson files")
    order = {name: number for number, name in FILE_NAMES.items()}
    return sorted(folder.glob("*.yaml"), key=lambda p: (order.get(p.name, 7), p.name))


def find_lesson(number: int, directory: Path | None = None) -> Lesson:
    """Lesson ``number`` (1 to 6) from a folder of lesson files (by default the lessons shipped)."""
    if number not in NUMBER_WORDS:
        raise LessonError(f"there are six MiniLessons, numbered 1 to 6, not {number}")
    folder = Path(str(files("minibridge.lesson_files"))) if directory is None else directory
    expected = folder / FILE_NAMES[number]
    if expected.is_file():
        return load_lesson(expected)
    for path in lesson_files(folder):
        lesson = load_lesson(path)
        if lesson.number == number:
            return lesson
    raise LessonError(f"there is no file for MiniLesson {NUMBER_WORDS[number]} in '{folder}'")


def load_lesson(path: str | Path) -> Lesson:
    """Read and validate a lesson file; every problem is reported at once (:class:`LessonError`)."""
    path = Path(path)
    data, lines = read_yaml_file(path, LessonError, "a lesson file")
    problems = _schema_problems(data, path, lines)
    if problems:
        raise LessonError(problems_message(problems))
    return _build(data, path, lines)


def _schema_problems(data: Any, path: Path, lines: Mapping[tuple[Any, ...], int]) -> list[str]:
    """Every way the data breaks the schema, in plain words with the place."""
    from jsonschema import Draft202012Validator

    if not isinstance(data, dict):
        return [f"{path}: a lesson file is a set of fields (number, title, rules …), not {type(data).__name__}"]
    validator = Draft202012Validator(SCHEMA)
    problems = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        keys = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            unknown = sorted(set(error.instance) - set(error.schema.get("properties", {})), key=str)
            keys = (*keys, *unknown[:1])  # the place of the unknown field itself
        problems.append(f"{place(path, lines, keys)}: {_plain(error)}")
    return problems


def _plain(error: Any) -> str:
    """A schema error in a teacher's words."""
    value = error.instance
    kind = error.validator
    if kind == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        unknown = sorted(set(value) - set(allowed))
        return f"unknown field '{unknown[0]}'; the fields here are {', '.join(allowed)}"
    if kind == "required":
        missing = [name for name in error.validator_value if name not in value]
        return f"'{missing[0]}' is missing"
    if kind == "type":
        wanted = error.validator_value
        words = {"boolean": "true or false", "integer": "a whole number", "string": "text", "array": "a list",
                 "object": "a set of fields"}  # fmt: skip
        want = " or ".join(words.get(w, w) for w in (wanted if isinstance(wanted, list) else [wanted]))
        return f"{_show(value)} should be {want}"
    if kind == "enum":
        return f"{_show(value)} is not allowed; use one of {', '.join(map(str, error.validator_value))}"
    if kind in ("minimum", "maximum"):
        return f"{value} is too {'small' if kind == 'minimum' else 'large'} (the limit is {error.validator_value})"
    if kind == "minItems":
        return f"needs at least {error.validator_value} item{'s' if error.validator_value != 1 else ''}"
    if kind == "maxItems":
        return f"has more than {error.validator_value} items"
    if kind == "uniqueItems":
        return "lists the same item twice"
    if kind == "anyOf":
        return f"{_show(value)} should be a number from 1 to 13, or short"
    return error.message


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{value}'"
    return str(value)


def _rules_of(number: int, switches: dict[str, Any]) -> RuleSet:
    return RuleSet.from_switches(name=f"lesson-{number}", title=f"MiniLesson {NUMBER_WORDS[number]}", switches=switches)


def _build(data: dict[str, Any], path: Path, lines: KeyLines) -> Lesson:
    """Turn validated data into a Lesson, checking deals, contracts, plays and answers against the engine."""
    problems: list[str] = []
    number = data["number"]
    rules = _rules_of(number, data["rules"])
    name = f"MiniLesson {NUMBER_WORDS[number]}"

    def problem(keys: tuple[Any, ...], err: MiniBridgeError | str) -> None:
        message = err.message if isinstance(err, MiniBridgeError) else err
        problems.append(f"{place(path, lines, keys)}: {message}")

    deals: list[LessonDeal] = []
    for index, item in enumerate(data.get("deals", [])):
        made = _lesson_deal(item, rules, name, lambda keys, err, i=index: problem(("deals", i, *keys), err))
        if made is not None:
            deals.append(made)
    spec = None
    if "generate" in data:
        try:
            spec = DealSpec.from_mapping(data["generate"])
            if rules.cards_per_hand is not None and spec.cards_per_hand != rules.cards_per_hand:
                problem(("generate",), f"{name} deals {rules.cards_per_hand} cards each; the generator deals "
                                       f"{spec.cards_per_hand}: set cards_per_hand to match")  # fmt: skip
            else:
                deals.extend(LessonDeal(b.board, b.dealer, b.deal, generated=True) for b in generate(spec))
        except MiniBridgeError as err:
            problem(("generate",), err)
    boards = [d.board for d in deals]
    for board in sorted({b for b in boards if boards.count(b) > 1}):
        problem(("deals",), f"board {board} appears twice; give every deal its own board number")
    if len(deals) < 6:
        problem(("deals",), f"a lesson needs at least six deals, and this one has {len(deals)}")
    exercises = []
    ids: set[str] = set()
    for index, item in enumerate(data["exercises"]):
        keys = ("exercises", index)
        exercise = _exercise(item)
        if exercise.id in ids:
            problem((*keys, "id"), f"exercise id {exercise.id} is used twice")
        ids.add(exercise.id)
        exercises.append(exercise)
    lesson = Lesson(
        number=number,
        title=data["title"],
        objectives=tuple(data["objectives"]),
        teacher_notes=data["teacher_notes"],
        tips=tuple(data.get("tips", [])),
        rules=rules,
        variants=tuple(data.get("variants", [])),
        deals=tuple(deals),
        exercises=tuple(exercises),
        path=path,
        generate_spec=spec,
        lines=lines,
    )
    for index, exercise in enumerate(exercises):
        for keys, message in _exercise_problems(lesson, exercise, boards):
            problem(("exercises", index, *keys), message)
    if problems:
        raise LessonError(problems_message(problems))
    return lesson


def _lesson_deal(item: dict[str, Any], rules: RuleSet, name: str, problem: Any) -> LessonDeal | None:
    try:
        deal = Deal.from_pbn(item["deal"])
    except MiniBridgeError as err:
        problem(("deal",), err)
        return None
    for wrong in deal_problems(rules, deal):
        problem(("deal",), wrong)
    if deal_problems(rules, deal):
        return None
    board = item["board"]
    dealer = Seat.from_str(item["dealer"]) if "dealer" in item else Seat.dealer_of_board(board)
    contract = None
    if "contract" in item:
        try:
            contract = Contract.from_str(item["contract"])
        except MiniBridgeError as err:
            problem(("contract",), err)
    declarer = Seat.from_str(item["declarer"]) if "declarer" in item else None
    result = announce(deal, dealer, tie_rule=rules.tie_rule)
    if rules.announcement:
        if result.redeal:
            problem(("deal",), "each side holds the same points: this deal would be dealt again; choose another")
            return None
        if declarer is not None and declarer not in result.may_declare:
            problem(("declarer",), f"the announcement makes {result.declarer.title} declarer, not "  # type: ignore[union-attr]
                                   f"{declarer.title}")  # fmt: skip
            declarer = result.declarer
        if declarer is None:
            declarer = result.declarer
    elif declarer is not None or contract is not None:
        key = "declarer" if declarer is not None else "contract"
        problem((key,), f"{name} has no declarer or contract: leave them out")
        declarer, contract = None, None
    if contract is not None and declarer is not None:
        held = trumps_held(deal, declarer, contract.strain)
        for wrong in contract_problems(contract, rules, points=deal.side_hcp(declarer.side), trumps_held=held):
            problem(("contract",), wrong)
    cards: list[Card] = []
    lines = item.get("play", [])
    whole = True
    for trick_index, line in enumerate(lines):
        count = len(line.split())
        if count > 4 or (count < 4 and trick_index < len(lines) - 1):
            problem(("play", trick_index), f"a trick is four cards, one from each player, led card first; "
                                           f"this line has {count}")  # fmt: skip
            whole = False
        try:
            cards.extend(Card.from_str(text) for text in line.split())
        except MiniBridgeError as err:
            problem(("play", trick_index), err)
    made = LessonDeal(board, dealer, deal, item.get("note", ""), contract, declarer, tuple(cards), item.get("claim"))
    if cards and whole:
        if rules.has_contract and contract is None:
            problem(("play",), "a play needs the contract it was played in: add 'contract'")
            return made
        try:
            _played(made)
        except MiniBridgeError as err:
            problem(("play",), err)
    return made


def _exercise(item: dict[str, Any]) -> Exercise:
    return Exercise(
        id=str(item["id"]),
        kind=item["kind"],
        question=item["question"],
        answer=item["answer"],
        board=item.get("board"),
        contract=_contract_or_none(item.get("contract")),
        tricks=item.get("tricks"),
        trick=item.get("trick"),
        seat=Seat.from_str(item["seat"]) if "seat" in item else None,
    )


def _contract_or_none(text: str | None) -> Contract | None:
    if text is None:
        return None
    try:
        return Contract.from_str(text)
    except MiniBridgeError:
        return None


_NEEDS: dict[str, tuple[str, ...]] = {
    "hcp": ("board",),
    "declarer": ("board",),
    "goal": ("contract",),
    "score": ("contract", "tricks"),
    "tricks": ("board",),
    "replay": ("board",),
    "irregularity": ("board",),
    "signal": ("board", "trick", "seat"),
}


def _exercise_problems(lesson: Lesson, exercise: Exercise, boards: list[int]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """What is wrong with an exercise's fields and the form of its answer."""
    for needed in _NEEDS[exercise.kind]:
        if getattr(exercise, needed) is None:
            yield (
                (needed,),
                f"a '{exercise.kind}' exercise needs '{needed}'"
                + (" (a contract like 1NT or 4S)" if needed == "contract" else ""),
            )
    scheme = find_scheme(lesson.rules.scoring)
    if exercise.kind in ("goal", "score") and scheme.needs_points and exercise.board is None:
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
    needs_play = exercise.kind in ("tricks", "replay", "irregularity", "signal")
    if needs_play and exercise.board in boards and not lesson.deal(exercise.board).play:
        yield ("board",), f"board {exercise.board} has no play to replay: add its 'play'"
    if exercise.kind == "declarer" and not lesson.rules.announcement:
        yield ("kind",), (f"{lesson.name} has no announcement (rules: announcement: false), so no declarer: "
                          "ask another kind of question")  # fmt: skip
    if exercise.kind == "signal" and not lesson.rules.signals:
        yield ("kind",), f"{lesson.name} has no signals (rules: signals: false): ask another kind of question"
    elif exercise.kind == "signal" and exercise.board in boards:
        yield from _signal_problems(lesson.deal(exercise.board), exercise)
    problem = answer_form_problem(exercise.kind, exercise.answer)
    if problem:
        yield ("answer",), problem


def _signal_problems(board: LessonDeal, exercise: Exercise) -> Iterator[tuple[tuple[Any, ...], str]]:
    """A signal is read from a defender's card on a trick that was played."""
    seat = exercise.seat
    if seat is not None and board.declarer is not None and seat in (board.declarer, board.declarer.partner):
        role = "declarer" if seat is board.declarer else "dummy"
        defenders = " and ".join(s.title for s in Seat if s.side is not board.declarer.side)
        yield (
            ("seat",),
            f"signals are read from a defender's cards, and {seat.title} is {role} on board {board.board}: "
            f"use {defenders}",
        )
    if exercise.trick is None or not board.play:
        return
    try:
        played = len(_played(board).tricks)
    except MiniBridgeError:
        return  # the play's own problem is reported at the deal
    if exercise.trick > played:
        yield ("trick",), f"board {board.board} has only {played} tricks played, not {exercise.trick}"


def answer_form_problem(kind: str, answer: Any) -> str | None:
    """Why an answer is not of the form its kind needs, or None."""
    form = f"write it like {EXERCISE_KINDS[kind]}"
    keys_of = {
        "hcp": {"N", "E", "S", "W"},
        "declarer": {"declarer", "dummy"},
        "score": {"declarers", "defenders"},
        "tricks": {"NS", "EW"},
        "replay": {"winners", "declarer_tricks", "declarers", "defenders"},
        "irregularity": {"kind", "seat", "trick", "settled", "declarer_tricks"},
    }
    if kind == "goal":
        return None if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer <= 13 else form
    if kind == "signal":
        return None if answer in ("encourage", "discourage", "top of sequence", "no signal") else form
    if kind == "declarer" and answer == "redeal":
        return None
    if not isinstance(answer, dict) or not answer or not set(answer) <= keys_of[kind]:
        return form
    for key, value in answer.items():
        if key in ("declarer", "dummy", "seat"):
            ok = value in ("N", "E", "S", "W")
        elif key == "winners":
            ok = isinstance(value, list) and all(v in ("N", "E", "S", "W") for v in value)
        elif key == "kind":
            ok = value in ("revoke", "lead out of turn", "card out of rotation")
        elif key == "settled":
            ok = value in _SETTLEMENTS
        else:
            ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok:
            return f"{key}: {_show(value)} is not of the right form; {form}"
    return None


_SETTLEMENTS = ("established", "not established", "accepted", "put back", "corrected", "stands")

_SEAT_WORDS = {word: seat.letter for seat in Seat for word in (seat.letter.lower(), seat.title.lower())}


def pupil_answer(kind: str, answer: Any) -> Any:
    """A pupil's answer in the form of the lesson files, whatever its spelling: ``'7'`` or ``7.0`` for 7,
    ``North`` or ``n`` for N, ``N-S`` for NS, ``Declarers`` for declarers, words in small letters."""

    def key_of(key: Any) -> Any:
        text = " ".join(str(key).split())
        if kind == "hcp":
            return _SEAT_WORDS.get(text.lower(), key)
        if kind == "tricks":
            return text.upper().replace("-", "").replace("–", "")
        return text.lower()

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
        tidied = {key_of(k): v for k, v in answer.items()}
        return {k: value_of(k, v) for k, v in tidied.items()}
    return value_of(None, answer)


# --- answers ---------------------------------------------------------------------------------------------------


def _played(lesson_deal: LessonDeal) -> Play:
    """The deal's play replayed under the Laws, with its claim."""
    board = Board(
        number=lesson_deal.board,
        dealer=lesson_deal.dealer,
        deal=lesson_deal.deal,
        declarer=lesson_deal.declarer,
        contract=lesson_deal.contract,
        play=PlayRecord.from_order(lesson_deal.play, lesson_deal.deal, claim=lesson_deal.claim),
    )
    return Play.from_record(board)


def _declaring_points(lesson: Lesson, exercise: Exercise) -> int | None:
    if exercise.board is None:
        return None
    lesson_deal = lesson.deal(exercise.board)
    result = announce(lesson_deal.deal, lesson_deal.dealer)
    return None if result.declaring_side is None else result.side_hcp(result.declaring_side)


def _score_of(lesson: Lesson, exercise: Exercise, contract: Contract, tricks: int) -> Score:
    return score(contract, tricks, lesson.rules, points=_declaring_points(lesson, exercise))


def _settled(irregularity: Irregularity) -> str:
    text = irregularity.settled
    for word in ("not established", "established", "accepted", "put back", "corrected", "stands"):
        if word in text:
            return word
    return text


def solve(lesson: Lesson, exercise: Exercise) -> Any:
    """The engine's answer to an exercise, in the form of the lesson files."""
    kind = exercise.kind
    board = lesson.deal(exercise.board) if exercise.board is not None else None
    if kind == "hcp":
        assert board is not None
        return {seat.letter: board.deal.hcp(seat) for seat in Seat}
    if kind == "declarer":
        assert board is not None
        result = announce(board.deal, board.dealer, tie_rule=lesson.rules.tie_rule)
        if result.redeal:
            return "redeal"
        assert result.declarer is not None and result.dummy is not None
        return {"declarer": result.declarer.letter, "dummy": result.dummy.letter}
    if kind == "goal":
        assert exercise.contract is not None
        return goal(exercise.contract, lesson.rules, points=_declaring_points(lesson, exercise))
    if kind == "score":
        assert exercise.contract is not None and exercise.tricks is not None
        result = _score_of(lesson, exercise, exercise.contract, exercise.tricks)
        return {"declarers": result.declarers_score, "defenders": result.defenders_score}
    assert board is not None
    play = _played(board)
    if kind == "tricks":
        return {str(side): play.tricks_won(side) for side in Side}
    if kind == "replay":
        answer: dict[str, Any] = {"winners": [t.winner.letter for t in play.tricks]}
        if board.declarer is not None and board.contract is not None:
            answer["declarer_tricks"] = play.declarer_tricks
            result = _score_of(lesson, exercise, board.contract, play.declarer_tricks)
            answer |= {"declarers": result.declarers_score, "defenders": result.defenders_score}
        return answer
    if kind == "irregularity":
        if not play.irregularities:
            return "none"
        first = play.irregularities[0]
        found = {"kind": first.kind, "seat": first.seat.letter, "trick": first.trick, "settled": _settled(first)}
        if board.declarer is not None:
            found["declarer_tricks"] = play.declarer_tricks
        return found
    assert exercise.trick is not None and exercise.seat is not None
    hand, card, leading = _signal_card(board, play, exercise.trick, exercise.seat)
    return read_signal(hand, card, leading=leading)


def _signal_card(board: LessonDeal, play: Play, number: int, seat: Seat) -> tuple[Any, Card, bool]:
    """The hand ``seat`` held before trick ``number``, the card it played to it, and whether it led."""
    from minibridge.deal import Hand

    if number > len(play.tricks):
        raise LessonError(f"board {board.board} has only {len(play.tricks)} tricks played, not {number}")
    earlier = {t.cards[seat] for t in play.tricks[: number - 1]}
    hand = Hand(c for c in board.deal[seat] if c not in earlier)
    trick = play.tricks[number - 1]
    return hand, trick.cards[seat], trick.leader is seat


def answer_matches(kind: str, given: Any, found: Any, *, may_declare: tuple[Seat, ...] = ()) -> bool:
    """True when the keys given in an answer agree with the engine's answer."""
    if kind == "declarer" and isinstance(given, dict) and isinstance(found, dict) and len(may_declare) > 1:
        letters = {s.letter for s in may_declare}
        declarer, dummy = given.get("declarer"), given.get("dummy")
        pair_ok = declarer is None or dummy is None or {declarer, dummy} == letters
        return pair_ok and all(v in letters for v in (declarer, dummy) if v is not None)
    if isinstance(given, dict) and isinstance(found, dict):
        return all(key in found and found[key] == value for key, value in given.items())
    return given == found


def _may_declare(lesson: Lesson, exercise: Exercise) -> tuple[Seat, ...]:
    if exercise.kind != "declarer" or exercise.board is None:
        return ()
    board = lesson.deal(exercise.board)
    return announce(board.deal, board.dealer, tie_rule=lesson.rules.tie_rule).may_declare


def is_right(lesson: Lesson, exercise: Exercise, given: Any) -> tuple[bool, Any]:
    """Whether an answer is right, and the engine's answer."""
    found = solve(lesson, exercise)
    return answer_matches(exercise.kind, given, found, may_declare=_may_declare(lesson, exercise)), found


def explain(lesson: Lesson, exercise: Exercise) -> str:
    """A one-line reason for the right answer, in a teacher's words."""
    kind = exercise.kind
    board = lesson.deal(exercise.board) if exercise.board is not None else None
    if kind == "hcp":
        assert board is not None
        return "; ".join(f"{seat.title} {_points_shown(board.deal, seat)}" for seat in Seat)
    if kind == "declarer":
        assert board is not None
        return _explain_announcement(announce(board.deal, board.dealer, tie_rule=lesson.rules.tie_rule), lesson)
    if kind in ("goal", "score"):
        assert exercise.contract is not None
        if kind == "goal":
            tricks = solve(lesson, exercise)
            scheme = find_scheme(lesson.rules.scoring)
            points = _declaring_points(lesson, exercise) if scheme.needs_points else None
            return scheme.goal_reason(exercise.contract, tricks, points=points, where=lesson.name)
        assert exercise.tricks is not None
        return breakdown(_score_of(lesson, exercise, exercise.contract, exercise.tricks))
    assert board is not None
    play = _played(board)
    if kind == "tricks":
        counts = ", ".join(f"{side.title} {play.tricks_won(side)}" for side in Side)
        return f"tricks won by {' '.join(t.winner.letter for t in play.tricks)}: {counts}"
    if kind == "replay":
        text = f"tricks won by {' '.join(t.winner.letter for t in play.tricks)}"
        if board.declarer is not None and board.contract is not None:
            text += f": declarer's side {play.declarer_tricks}; " + breakdown(
                _score_of(lesson, exercise, board.contract, play.declarer_tricks)
            )
        return text
    if kind == "irregularity":
        return play.irregularities[0].describe() if play.irregularities else "the play holds no irregularity"
    assert exercise.trick is not None and exercise.seat is not None
    hand, card, leading = _signal_card(board, play, exercise.trick, exercise.seat)
    return explain_signal(hand, card, leading=leading)


def _points_shown(deal: Deal, seat: Seat) -> str:
    """``10 (A♠ K♥ Q♦ J♣ …)``: a hand's points and the honours that make them."""
    honours = " ".join(c.rank.letter + c.suit.symbol for c in deal[seat] if c.hcp)
    return f"{deal.hcp(seat)} ({honours})" if honours else "0"


def _explain_announcement(result: Announcement, lesson: Lesson) -> str:
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


def verify(lesson: Lesson) -> list[Failure]:
    """Replay the lesson's deals and check every stated answer; the answers the engine does not confirm."""
    failures = []
    for index, exercise in enumerate(lesson.exercises):
        right, found = is_right(lesson, exercise, exercise.answer)
        if not right:
            failures.append(
                Failure(
                    lesson.name,
                    exercise.board,
                    exercise.id,
                    exercise.answer,
                    found,
                    explain(lesson, exercise),
                    lesson.where("exercises", index, "answer"),
                )
            )
    return failures
