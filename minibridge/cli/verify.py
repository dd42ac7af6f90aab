"""``minibridge verify``: every lesson deal replayed and every stated answer checked."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.cli.common import json_option, lessons_folder_option, print_json
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext


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
        raise click.ClickException(gettext("no lesson files found: give a lesson file or a folder that holds some"))
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
