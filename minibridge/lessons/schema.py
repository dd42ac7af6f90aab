"""A lesson file read into a :class:`~minibridge.lessons.lesson.Lesson`: its JSON schema, then the deals,
contracts, plays and exercises checked against the engine, every problem reported at once with its file,
line and field.

The schema's ``rules:`` block is built from the rule switches, and its exercise kinds from the exercise
registry, so that neither is written twice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from minibridge.announce import announce
from minibridge.board import Board, PlayRecord
from minibridge.cards import Card, Seat
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.dealing import DealSpec, generate
from minibridge.errors import LessonError, MiniBridgeError
from minibridge.language import ENGLISH, LANGUAGES, N_, gettext, ngettext, problems_message
from minibridge.lessons.exercises import KINDS, exercise_problems
from minibridge.lessons.lesson import NUMBER_WORDS, VARIANTS, Exercise, Lesson, LessonTexts, lesson_name, shown
from minibridge.places import KeyLines, place, read_yaml_file, unknown_field
from minibridge.recorded import replay_record
from minibridge.rules import RuleSet, contract_problems, deal_problems, switches_schema, trumps_held

__all__ = ["SCHEMA", "load_lesson"]

Report = Callable[[tuple[Any, ...], "MiniBridgeError | str"], None]
"""Where a problem is reported: the keys of its field and what is wrong."""

_BOOL = {"type": "boolean"}
_SEAT = {"enum": [seat.letter for seat in Seat]}
_COUNT = {"type": "integer", "minimum": 0, "maximum": 13}
_TEXTS = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "title": {"type": "string", "minLength": 1},
        "objectives": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "teacher_notes": {"type": "string"},
        "tips": {"type": "array", "items": {"type": "string"}},
        "deals": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["board", "note"],
                "properties": {"board": {"type": "integer", "minimum": 1}, "note": {"type": "string"}},
            },
        },
        "exercises": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "question"],
                "properties": {
                    "id": {"type": ["integer", "string"]},
                    "question": {"type": "string"},
                    "hint": {"type": "string"},
                },
            },
        },
    },
}
"""A lesson's own texts in another language: the title, objectives, notes, tips, the deals' notes by board and
the exercises' questions by id, each one optional."""

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
        "variants": {"type": "array", "items": {"enum": list(VARIANTS)}, "uniqueItems": True},
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
                    "kind": {"enum": list(KINDS)},
                    "question": {"type": "string"},
                    "hint": {"type": "string"},
                    "board": {"type": "integer", "minimum": 1},
                    "contract": {"type": "string"},
                    "tricks": _COUNT,
                    "trick": {"type": "integer", "minimum": 1, "maximum": 13},
                    "seat": _SEAT,
                    "answer": {},
                },
            },
        },
        "translations": {
            "type": "object",
            "additionalProperties": False,
            "properties": {code: _TEXTS for code in LANGUAGES if code != ENGLISH},
        },
    },
}
"""The JSON schema of a lesson file (the engine checks the rest: deals, contracts, plays and answers)."""


def load_lesson(path: str | Path) -> Lesson:
    """Read and validate a lesson file; every problem is reported at once (:class:`LessonError`)."""
    path = Path(path)
    data, lines = read_yaml_file(path, LessonError, N_("a lesson file"))
    problems = _schema_problems(data, path, lines)
    if problems:
        raise LessonError(problems_message(problems))
    return _build(data, path, lines)


def _schema_problems(data: Any, path: Path, lines: Mapping[tuple[Any, ...], int]) -> list[str]:
    """Every way the data breaks the schema, in plain words with the place."""
    from jsonschema import Draft202012Validator

    if not isinstance(data, dict):
        what = gettext("a lesson file is a set of fields (number, title, rules …), not %(kind)s")
        return [f"{path}: {what % {'kind': type(data).__name__}}"]
    validator = Draft202012Validator(SCHEMA)
    problems = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        keys = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            unknown = sorted(set(error.instance) - set(error.schema.get("properties", {})), key=str)
            keys = (*keys, *unknown[:1])  # the place of the unknown field itself
        problems.append(f"{place(path, lines, keys)}: {_plain(error)}")
    return problems


_TYPE_WORDS = {
    # TRANSLATORS: the kinds of value a field of a lesson file holds; "true or false" are the words to type.
    "boolean": N_("true or false"),
    "integer": N_("a whole number"),
    "string": N_("text"),
    "array": N_("a list"),
    "object": N_("a set of fields"),
}
"""The kinds of value of the schema in a teacher's words."""


def _plain(error: Any) -> str:
    """A schema error in a teacher's words, in the language in use."""
    value = error.instance
    rule = error.validator
    limit = error.validator_value
    if rule == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        unknown = sorted(set(value) - set(allowed))
        return unknown_field(unknown[0], allowed)
    if rule == "required":
        missing = [name for name in limit if name not in value]
        return gettext("'%(field)s' is missing") % {"field": missing[0]}
    if rule == "type":
        kinds = limit if isinstance(limit, list) else [limit]
        want = gettext(" or ").join(gettext(_TYPE_WORDS[w]) if w in _TYPE_WORDS else w for w in kinds)
        return gettext("%(value)s should be %(want)s") % {"value": shown(value), "want": want}
    if rule == "enum":
        return gettext("%(value)s is not allowed; use one of %(choices)s") % {
            "value": shown(value),
            "choices": ", ".join(map(str, limit)),
        }
    if rule == "minimum":
        return gettext("%(value)s is too small (the limit is %(limit)s)") % {"value": value, "limit": limit}
    if rule == "maximum":
        return gettext("%(value)s is too large (the limit is %(limit)s)") % {"value": value, "limit": limit}
    if rule == "minItems":
        return ngettext("needs at least %(count)s item", "needs at least %(count)s items", limit) % {"count": limit}
    if rule == "maxItems":
        return ngettext("has more than %(count)s item", "has more than %(count)s items", limit) % {"count": limit}
    if rule == "uniqueItems":
        return gettext("lists the same item twice")
    if rule == "anyOf":
        return gettext("%(value)s should be a number from 1 to 13, or short") % {"value": shown(value)}
    return error.message


def _rules_of(number: int, switches: dict[str, Any]) -> RuleSet:
    return RuleSet.from_switches(name=f"lesson-{number}", title=f"MiniLesson {NUMBER_WORDS[number]}", switches=switches)


def _build(data: dict[str, Any], path: Path, lines: KeyLines) -> Lesson:
    """Turn validated data into a Lesson, checking deals, contracts, plays and answers against the engine."""
    problems: list[str] = []
    number = data["number"]
    try:
        rules = _rules_of(number, data["rules"])
    except MiniBridgeError as err:
        raise LessonError(f"{place(path, lines, ('rules',))}: {err.message}") from None
    name = lesson_name(number)

    def problem(keys: tuple[Any, ...], err: MiniBridgeError | str) -> None:
        message = err.message if isinstance(err, MiniBridgeError) else err
        problems.append(f"{place(path, lines, keys)}: {message}")

    deals: list[Board] = []
    for index, item in enumerate(data.get("deals", [])):
        made = _lesson_deal(item, rules, name, lambda keys, err, i=index: problem(("deals", i, *keys), err))
        if made is not None:
            deals.append(made)
    spec = None
    if "generate" in data:
        try:
            spec = DealSpec.from_mapping(data["generate"])
            if rules.cards_per_hand is not None and spec.cards_per_hand != rules.cards_per_hand:
                problem(
                    ("generate",),
                    gettext(
                        "%(lesson)s deals %(cards)s cards each; the generator deals %(generated)s: "
                        "set cards_per_hand to match"
                    )
                    % {"lesson": name, "cards": rules.cards_per_hand, "generated": spec.cards_per_hand},
                )
            else:
                deals.extend(generate(spec))
        except MiniBridgeError as err:
            problem(("generate",), err)
    boards = [d.number for d in deals if d.number is not None]
    for board in sorted({b for b in boards if boards.count(b) > 1}):
        problem(
            ("deals",),
            gettext("board %(board)s appears twice; give every deal its own board number") % {"board": board},
        )
    if len(deals) < 6:
        problem(
            ("deals",),
            gettext("a lesson needs at least six deals, and this one has %(count)s") % {"count": len(deals)},
        )
    exercises = []
    ids: set[str] = set()
    for index, item in enumerate(data["exercises"]):
        keys = ("exercises", index)
        exercise = _exercise(item, lambda keys, err, i=index: problem(("exercises", i, *keys), err))
        if exercise.id in ids:
            problem((*keys, "id"), gettext("exercise id %(id)s is used twice") % {"id": exercise.id})
        ids.add(exercise.id)
        exercises.append(exercise)
    translations = {
        code: _texts(texts, boards, ids, lambda keys, err, c=code: problem(("translations", c, *keys), err))
        for code, texts in data.get("translations", {}).items()
    }
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
        translations=translations,
    )
    for index, exercise in enumerate(exercises):
        for keys, message in exercise_problems(lesson, exercise, boards, set(data["exercises"][index])):
            problem(("exercises", index, *keys), message)
    if problems:
        raise LessonError(problems_message(problems))
    return lesson


def _lesson_deal(item: dict[str, Any], rules: RuleSet, name: str, problem: Report) -> Board | None:
    """A deal of the lesson file as a board, every problem with it reported; None when there is no deal to use."""
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
    contract = _contract_of(item, problem)
    declarer = Seat.from_str(item["declarer"]) if "declarer" in item else None
    result = announce(deal, dealer, tie_rule=rules.tie_rule)
    if rules.announcement:
        if result.redeal:
            problem(
                ("deal",), gettext("each side holds the same points: this deal would be dealt again; choose another")
            )
            return None
        if declarer is not None and declarer not in result.may_declare:
            problem(
                ("declarer",),
                gettext("the announcement makes %(declarer)s declarer, not %(given)s")
                % {"declarer": result.declarer.in_words, "given": declarer.in_words},  # type: ignore[union-attr]
            )
            declarer = result.declarer
        if declarer is None:
            declarer = result.declarer
    elif declarer is not None or contract is not None:
        key = "declarer" if declarer is not None else "contract"
        problem((key,), gettext("%(lesson)s has no declarer or contract: leave them out") % {"lesson": name})
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
            problem(
                ("play", trick_index),
                gettext("a trick is four cards, one from each player, led card first; this line has %(count)s")
                % {"count": count},
            )
            whole = False
        try:
            cards.extend(Card.from_str(text) for text in line.split())
        except MiniBridgeError as err:
            problem(("play", trick_index), err)
    made = Board(
        number=board, dealer=dealer, deal=deal, note=item.get("note", ""), declarer=declarer, contract=contract
    )
    if not cards:
        return made
    unplayable = whole and rules.has_contract and contract is None
    if unplayable:
        problem(("play",), gettext("a play needs the contract it was played in: add 'contract'"))
    try:
        made.play = PlayRecord.from_order(cards, deal, claim=item.get("claim"))
        if whole and not unplayable:
            replay_record(made)
    except MiniBridgeError as err:
        if whole and not unplayable:
            problem(("play",), err)
    return made


def _texts(data: dict[str, Any], boards: list[int], ids: set[str], problem: Report) -> LessonTexts:
    """A lesson's texts in another language; a note of a board or a question of an exercise the lesson does not
    have is reported at its field."""
    notes: dict[int, str] = {}
    for index, item in enumerate(data.get("deals", [])):
        if item["board"] not in boards:
            problem(
                ("deals", index, "board"),
                gettext("there is no board %(board)s in this lesson to translate") % {"board": item["board"]},
            )
        notes[item["board"]] = item["note"]
    questions: dict[str, str] = {}
    hints: dict[str, str] = {}
    for index, item in enumerate(data.get("exercises", [])):
        if str(item["id"]) not in ids:
            problem(
                ("exercises", index, "id"),
                gettext("there is no exercise %(id)s in this lesson to translate") % {"id": item["id"]},
            )
        questions[str(item["id"])] = item["question"]
        if "hint" in item:
            hints[str(item["id"])] = item["hint"]
    return LessonTexts(
        title=data.get("title"),
        objectives=tuple(data["objectives"]) if "objectives" in data else None,
        teacher_notes=data.get("teacher_notes"),
        tips=tuple(data["tips"]) if "tips" in data else None,
        notes=notes,
        questions=questions,
        hints=hints,
    )


def _exercise(item: dict[str, Any], problem: Report) -> Exercise:
    """An exercise of the lesson file; a contract that cannot be read is reported at its field."""
    contract = _contract_of(item, problem)
    return Exercise(
        id=str(item["id"]),
        kind=item["kind"],
        question=item["question"],
        answer=item["answer"],
        board=item.get("board"),
        contract=contract,
        tricks=item.get("tricks"),
        trick=item.get("trick"),
        seat=Seat.from_str(item["seat"]) if "seat" in item else None,
        hint=item.get("hint"),
    )


def _contract_of(item: dict[str, Any], problem: Report) -> Contract | None:
    """The contract of a deal or an exercise; one that cannot be read is reported at its field."""
    if "contract" not in item:
        return None
    try:
        return Contract.from_str(item["contract"])
    except MiniBridgeError as err:
        problem(("contract",), err)
        return None
