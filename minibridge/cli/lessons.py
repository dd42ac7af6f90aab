"""``minibridge lessons`` and ``lessons show``: the six MiniLessons with the rules in force, one in full."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import click

from minibridge.cli.common import json_option, lesson_from, lessons_folder_option, print_json, reports_errors


def _lesson_summary(lesson: Any) -> dict[str, Any]:
    return {
        "number": lesson.number,
        "title": lesson.title,
        "file": str(lesson.path),
        "rules": lesson.rules.describe(),
        "variants": list(lesson.variants),
        "deals": len(lesson.deals),
        "exercises": len(lesson.exercises),
    }


@click.group(invoke_without_command=True)
@lessons_folder_option
@json_option
@click.pass_context
@reports_errors
def lessons(ctx: click.Context, lessons_folder: Path | None, as_json: bool) -> None:
    """The six MiniLessons: number, title and the rules in force.

    \b
    Examples:
        minibridge lessons
        minibridge lessons show 3
        minibridge lessons --lessons my-lessons/ --json
    """
    ctx.obj = lessons_folder
    if ctx.invoked_subcommand is not None:
        return
    from minibridge.lessons import lesson_files, load_lesson

    found = [load_lesson(path) for path in lesson_files(lessons_folder)]
    if as_json:
        print_json([_lesson_summary(lesson) for lesson in found])
        return
    for lesson in found:
        click.echo(f"{lesson.number}. {lesson.name}: {lesson.title}")
        click.echo(f"   {'; '.join(lesson.rules.describe())}")


@lessons.command()
@click.argument("lesson_ref", metavar="N|FILE")
@json_option
@click.pass_obj
@reports_errors
def show(lessons_folder: Path | None, lesson_ref: str, as_json: bool) -> None:
    """Objectives, rules, deals and exercises of lesson N (or of a lesson file).

    \b
    Examples:
        minibridge lessons show 3
        minibridge lessons show my-five.yaml
    """
    lesson = lesson_from(lesson_ref, lessons_folder)
    if as_json:
        data = _lesson_summary(lesson) | {
            "objectives": list(lesson.objectives),
            "teacher_notes": lesson.teacher_notes,
            "tips": list(lesson.tips),
            "deal_list": [
                {
                    "board": d.number,
                    "dealer": d.dealer.letter,
                    "deal": d.deal.to_pbn(d.dealer),
                    "declarer": d.declarer.letter if d.declarer is not None else None,
                    "contract": str(d.contract) if d.contract else None,
                    "note": d.note,
                }
                for d in lesson.deals
            ],
            "exercise_list": [
                {"id": e.id, "kind": e.kind, "board": e.board, "question": e.question, "answer": e.answer}
                for e in lesson.exercises
            ],
        }
        print_json(data)
        return
    click.echo(_show_lesson(lesson))


def _wrap(text: str, indent: str = "  ") -> str:
    paragraphs = [p for p in text.strip().split("\n\n") if p.strip()]
    return "\n\n".join(
        textwrap.fill(" ".join(p.split()), 96, initial_indent=indent, subsequent_indent=indent) for p in paragraphs
    )


def _card(card: Any) -> str:
    """``♥10``: a card as the printed packs write it."""
    return card.suit.symbol + ("10" if card.rank.letter == "T" else card.rank.letter)


def _played_lines(board: Any) -> list[str]:
    """A board's recorded play, trick by trick: who led, the cards in the order played (the winning card in
    brackets) and who won."""
    from minibridge.play import Play

    play = Play.from_record(board)
    lines = [f"      {'Trick':<6}{'Led by':<8}{'Cards in the order played':<36}Won by"]
    for number, trick in enumerate(play.tricks, start=1):
        cards = "".join(
            (f"[{seat.letter} {_card(card)}]" if seat is trick.winner else f" {seat.letter} {_card(card)} ").ljust(9)
            for seat, card in trick.in_order()
        )
        lines.append(f"      {number:<6}{trick.leader.title:<8}{cards:<36}{trick.winner.title}")
    if play.claimed is not None:
        side, taken = play.claimed
        rest = play.total_tricks - len(play.tricks)
        lines.append(f"      Then {side.title} claimed {taken} of the last {rest} trick{'s' if rest != 1 else ''}.")
    lines += [f"      Irregularity: {irregularity.describe()}." for irregularity in play.irregularities]
    return lines


def _show_lesson(lesson: Any) -> str:
    from minibridge.lessons.lesson import VARIANTS

    out = [f"{lesson.name}: {lesson.title}", f"({lesson.path})", "", "Objectives: the pupils will be able to"]
    out += [textwrap.fill(o, 96, initial_indent="  - ", subsequent_indent="    ") for o in lesson.objectives]
    out += ["", "Rules in force"] + [f"  - {line}" for line in lesson.rules.describe()]
    if lesson.variants:
        out.append("  Variants a teacher may turn on:")
        out += [
            textwrap.fill(f"{name}: {VARIANTS[name]}", 96, initial_indent="  - ", subsequent_indent="    ")
            for name in lesson.variants
        ]
    out += ["", "Teacher notes", _wrap(lesson.teacher_notes)]
    if lesson.tips:
        out += ["", "Teaching tips"]
        out += [textwrap.fill(t, 96, initial_indent="  - ", subsequent_indent="    ") for t in lesson.tips]
    out += ["", "Deals"]
    for d in lesson.deals:
        played = f"; {d.contract} by {d.declarer.title}" if d.contract and d.declarer is not None else ""
        out.append(f"  Board {d.number}, dealer {d.dealer.title}{played}: {d.deal.to_pbn(d.dealer)}")
        if d.note:
            out.append(textwrap.fill(d.note, 96, initial_indent="      ", subsequent_indent="      "))
        if d.play is not None:
            out += _played_lines(d)
    out += ["", "Exercises"]
    for e in lesson.exercises:
        board = f", board {e.board}" if e.board is not None else ""
        out.append(
            textwrap.fill(f"{e.id}. ({e.kind}{board}) {e.question}", 96, initial_indent="  ", subsequent_indent="     ")
        )
    return "\n".join(out)


# --- verify ----------------------------------------------------------------------------------------------------
