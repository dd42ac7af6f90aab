"""``minibridge lessons``, ``verify`` and ``check``: the MiniLessons, their answers, and a pupil's answers."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import click

from minibridge.cli.common import json_option, lesson_from, lessons_folder_option, print_json, reports_errors
from minibridge.errors import MiniBridgeError


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


def _show_lesson(lesson: Any) -> str:
    out = [f"{lesson.name}: {lesson.title}", f"({lesson.path})", "", "Objectives: the pupils will be able to"]
    out += [textwrap.fill(o, 96, initial_indent="  - ", subsequent_indent="    ") for o in lesson.objectives]
    out += ["", "Rules in force"] + [f"  - {line}" for line in lesson.rules.describe()]
    if lesson.variants:
        out.append(f"  Variants a teacher may turn on: {', '.join(lesson.variants)}")
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
    out += ["", "Exercises"]
    for e in lesson.exercises:
        board = f", board {e.board}" if e.board is not None else ""
        out.append(
            textwrap.fill(f"{e.id}. ({e.kind}{board}) {e.question}", 96, initial_indent="  ", subsequent_indent="     ")
        )
    return "\n".join(out)


# --- verify ----------------------------------------------------------------------------------------------------


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@lessons_folder_option
@json_option
def verify(paths: tuple[Path, ...], lessons_folder: Path | None, as_json: bool) -> None:
    """Replay every lesson deal under its lesson's rules and check every stated answer.

    PATHS are lesson files or folders of them (default: the lessons that come with minibridge).
    Exit status 1 if any answer is wrong or any file has a problem.

    \b
    Examples:
        minibridge verify
        minibridge verify lessons/five.yaml my-lessons/
    """
    from minibridge.lessons import lesson_files, load_lesson
    from minibridge.lessons import verify as verify_lesson

    try:
        targets = [p for path in paths for p in (lesson_files(path) if path.is_dir() else [path])]
        targets = targets if paths else lesson_files(lessons_folder)
    except MiniBridgeError as err:
        raise click.ClickException(str(err)) from None
    if not targets:
        raise click.ClickException("no lesson files found: give a lesson file or a folder that holds some")
    report = []
    bad = 0
    for path in targets:
        try:
            lesson = load_lesson(path)
        except MiniBridgeError as err:
            bad += 1
            report.append({"file": str(path), "lesson": None, "problems": [str(err)], "failures": []})
            continue
        failures = verify_lesson(lesson)
        bad += bool(failures)
        shown = [
            {
                "lesson": f.lesson,
                "board": f.board,
                "exercise": f.exercise,
                "expected": f.expected,
                "found": f.found,
                "reason": f.reason,
                "where": f.where,
            }
            for f in failures
        ]
        report.append(
            {
                "file": str(path),
                "lesson": lesson.number,
                "problems": [],
                "exercises": len(lesson.exercises),
                "deals": len(lesson.deals),
                "failures": shown,
            }
        )
        if not as_json:
            if failures:
                for failure in failures:
                    click.echo(failure.describe())
            else:
                click.echo(
                    f"{path}: {lesson.name}: {len(lesson.deals)} deals replayed, "
                    f"all {len(lesson.exercises)} answers hold."
                )
    if as_json:
        print_json(report)
    else:
        for entry in report:
            for problem in entry["problems"]:
                click.echo(f"Error: {problem}")
    if bad:
        raise SystemExit(1)


# --- check -----------------------------------------------------------------------------------------------------


@click.command()
@click.argument("answers", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--template", "template_ref", metavar="N|FILE", help="Write an empty answers file for lesson N.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Where to write the template.")
@click.option("--force", is_flag=True, help="Replace the template file if it exists.")
@lessons_folder_option
@json_option
@reports_errors
def check(
    answers: Path | None,
    template_ref: str | None,
    output: Path | None,
    force: bool,
    lessons_folder: Path | None,
    as_json: bool,
) -> None:
    """Mark a pupil's answers to a lesson's exercises, one by one.

    ANSWERS is a YAML file that names the lesson and gives an answer for each exercise;
    `--template N` writes an empty one to fill in.

    \b
    Examples:
        minibridge check --template 3 -o sam.yaml
        minibridge check sam.yaml
    """
    if template_ref is not None:
        if answers is not None:
            raise click.UsageError("give either ANSWERS to mark or --template N, not both")
        from minibridge.files import write_atomic
        from minibridge.lessons.answers import answers_template

        lesson = lesson_from(template_ref, lessons_folder)
        text = answers_template(lesson, template_ref)
        target = output or Path(f"answers-lesson-{lesson.number}.yaml")
        write_atomic(target, text, overwrite=force)
        click.echo(f"Wrote {target}: fill in each answer, then run 'minibridge check {target}'.")
        return
    if answers is None:
        raise click.UsageError("give the ANSWERS file to mark, or --template N to write an empty one")
    from minibridge.lessons.answers import mark_answers, read_answers

    sheet = read_answers(answers, lessons_folder)
    lesson, pupil = sheet.lesson, sheet.pupil
    marks = mark_answers(lesson, sheet.given)
    right = sum(m.right for m in marks)
    if as_json:
        shown = [
            {
                "exercise": m.exercise,
                "board": m.board,
                "given": m.given,
                "right": m.right,
                "answer": m.answer,
                "answer_text": m.answer_text,
                "reason": m.reason,
            }
            for m in marks
        ]
        print_json({"lesson": lesson.number, "pupil": pupil, "marks": shown, "right": right, "exercises": len(marks)})
        return
    click.echo(f"{lesson.name}: {lesson.title}{f' for {pupil}' if pupil else ''}")
    for m in marks:
        head = f"Exercise {m.exercise}{f', board {m.board}' if m.board is not None else ''}"
        if m.right:
            click.echo(f"{head}: right.")
        else:
            click.echo(
                f"{head}: {'not answered' if m.given is None else 'wrong'}. The answer is {m.answer_text}: {m.reason}."
            )
    click.echo(f"{right} of {len(marks)} right.")
