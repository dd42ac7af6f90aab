"""``minibridge lessons`` and ``lessons show``: the MiniLessons found with the rules in force, one in full."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import click

from minibridge.cli.common import (
    json_option,
    language_options,
    lesson_from,
    lessons_folder_option,
    print_json,
    reports_errors,
)
from minibridge.language import gettext, ngettext, strain_letters


def _lesson_summary(lesson: Any) -> dict[str, Any]:
    """The ``--json`` object of a lesson (its words, title and rules, in the language in use)."""
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
@language_options
@click.pass_context
@reports_errors
def lessons(ctx: click.Context, lessons_folder: Path | None, as_json: bool) -> None:
    """The MiniLessons (those that come with minibridge, or a folder's): number, title and the rules in force.

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

    found = [load_lesson(path).in_language() for path in lesson_files(lessons_folder)]
    if as_json:
        print_json([_lesson_summary(lesson) for lesson in found])
        return
    for lesson in found:
        click.echo(f"{lesson.number}. {lesson.name}: {lesson.title}")
        click.echo(f"   {'; '.join(lesson.rules.describe())}")


@lessons.command()
@click.argument("lesson_ref", metavar="N|FILE")
@json_option
@language_options
@click.pass_obj
@reports_errors
def show(lessons_folder: Path | None, lesson_ref: str, as_json: bool) -> None:
    """Objectives, rules, deals and exercises of lesson N (or of a lesson file).

    \b
    Examples:
        minibridge lessons show 3
        minibridge lessons show my-five.yaml
    """
    lesson = lesson_from(lesson_ref, lessons_folder).in_language()
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


def _contract(contract: Any) -> str:
    """``4S``, ``3NT``: a contract in the language's letters (Dutch ``3ZT``, Danish ``3UT``)."""
    return f"{contract.level}{strain_letters(contract.strain.letter)}"


def _played_lines(board: Any) -> list[str]:
    """A board's recorded play, trick by trick: who led, the cards in the order played (the winning card in
    brackets) and who won."""
    from minibridge.recorded import replay_record

    play = replay_record(board)
    rows = []
    for number, trick in enumerate(play.tricks, start=1):
        cards = "".join(
            (
                f"[{seat.letter_in_words} {card.shown}]"
                if seat is trick.winner
                else f" {seat.letter_in_words} {card.shown} "
            ).ljust(9)
            for seat, card in trick.in_order()
        )
        rows.append((str(number), trick.leader.in_words, cards, trick.winner.in_words))
    heads = (gettext("Trick"), gettext("Led by"), gettext("Cards in the order played"), gettext("Won by"))
    widths = [max(least, len(head) + 1) for head, least in zip(heads, (6, 8, 36), strict=False)]
    lines = [
        "      " + "".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)) + row[-1]
        for row in (heads, *rows)
    ]
    if play.claimed is not None:
        side, taken = play.claimed
        rest = play.total_tricks - len(play.tricks)
        claim = ngettext(
            "Then %(side)s claimed %(taken)s of the last %(count)s trick.",
            "Then %(side)s claimed %(taken)s of the last %(count)s tricks.",
            rest,
        )
        lines.append("      " + claim % {"side": side.in_words, "taken": taken, "count": rest})
    lines += [
        "      " + gettext("Irregularity: %(irregularity)s.") % {"irregularity": irregularity.describe()}
        for irregularity in play.irregularities
    ]
    return lines


def _show_lesson(lesson: Any) -> str:
    """A lesson in full: objectives, rules in force, variants, notes, tips, deals and exercises."""
    from minibridge.lessons.lesson import VARIANTS

    out = [f"{lesson.name}: {lesson.title}", f"({lesson.path})", "", gettext("Objectives: the pupils will be able to")]
    out += [textwrap.fill(o, 96, initial_indent="  - ", subsequent_indent="    ") for o in lesson.objectives]
    out += ["", gettext("Rules in force")] + [f"  - {line}" for line in lesson.rules.describe()]
    if lesson.variants:
        out.append("  " + gettext("Variants a teacher may turn on:"))
        out += [
            textwrap.fill(name + ": " + gettext(VARIANTS[name]), 96, initial_indent="  - ", subsequent_indent="    ")
            for name in lesson.variants
        ]
    out += ["", gettext("Teacher notes"), _wrap(lesson.teacher_notes)]
    if lesson.tips:
        out += ["", gettext("Teaching tips")]
        out += [textwrap.fill(t, 96, initial_indent="  - ", subsequent_indent="    ") for t in lesson.tips]
    out += ["", gettext("Deals")]
    for d in lesson.deals:
        values = {"board": d.number, "dealer": d.dealer.in_words, "deal": d.deal.to_pbn(d.dealer)}
        if d.contract and d.declarer is not None:
            values |= {"contract": _contract(d.contract), "declarer": d.declarer.in_words}
            line = gettext("Board %(board)s, dealer %(dealer)s; %(contract)s by %(declarer)s: %(deal)s")
        else:
            line = gettext("Board %(board)s, dealer %(dealer)s: %(deal)s")
        out.append("  " + line % values)
        if d.note:
            out.append(textwrap.fill(d.note, 96, initial_indent="      ", subsequent_indent="      "))
        if d.play is not None:
            out += _played_lines(d)
    out += ["", gettext("Exercises")]
    for e in lesson.exercises:
        values = {"id": e.id, "kind": e.kind, "board": e.board, "question": e.question}
        line = (
            gettext("%(id)s. (%(kind)s) %(question)s")
            if e.board is None
            else gettext("%(id)s. (%(kind)s, board %(board)s) %(question)s")
        )
        out.append(textwrap.fill(line % values, 96, initial_indent="  ", subsequent_indent="     "))
    return "\n".join(out)
