"""``minibridge certificate``: certificates for pupils who have done a lesson, or the whole course, in one PDF."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

from minibridge.cli.common import Name, language_options, reports_errors
from minibridge.cli.printing import OUTPUT, force_option, paper_option, refuse_existing, templates_option
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext, ngettext

if TYPE_CHECKING:
    from minibridge.classroom.certificates import Certificate


@click.command()
@click.option("--lesson", type=click.IntRange(1, 6), help="The lesson done (1 to 6).")
@click.option("--course", is_flag=True, help="The certificate of the whole course (every lesson done).")
@click.option(
    "--class",
    "from_class",
    is_flag=True,
    help="Every pupil who has earned it, from the progress kept in the classroom's --data folder.",
)
@click.option(
    "--name",
    "names",
    type=Name(60),
    multiple=True,
    metavar="NAME",
    help="A pupil's name (give it once for each pupil).",
)
@click.option(
    "--data",
    type=click.Path(file_okay=False, path_type=Path),
    help="The classroom's data folder, as given to 'minibridge serve' (default: this user's data folder).",
)
@click.option("--school", type=Name(80, empty=True), default="", help="The school's name, printed on each certificate.")
@click.option(
    "--date",
    "day",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="The date printed, as YYYY-MM-DD (default: today).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The PDF to write (default: output/certificates-lesson-N.pdf, or certificate-NAME-lesson-N.pdf).",
)
@paper_option
@templates_option
@force_option
@language_options
@reports_errors
def certificate(
    lesson: int | None,
    course: bool,
    from_class: bool,
    names: tuple[str, ...],
    data: Path | None,
    school: str,
    day: datetime.datetime | None,
    output: Path | None,
    paper: str,
    templates_folder: Path | None,
    force: bool,
) -> None:
    """Certificates, one a page, for the pupils who have done a lesson (--lesson N) or the whole course (--course):
    with --class, every pupil who has answered every exercise of the lesson right, from the progress the classroom
    keeps (and, when the teacher asks it in the teacher's room, played its deals); or for the pupils named.

    \b
    Examples:
        minibridge certificate --lesson 3 --class --data ./classroom --school "Hill Primary"
        minibridge certificate --course --name Amy --name "Tom Lee" --paper letter
    """
    from minibridge.classroom.certificates import named_certificates
    from minibridge.documents import certificates, check_templates
    from minibridge.files import write_atomic

    if (lesson is not None) == course:
        raise click.UsageError(gettext("give either --lesson N or --course"))
    if from_class == bool(names):
        raise click.UsageError(gettext("give either --class or the pupils' names with --name"))
    check_templates(templates_folder)
    date = day.date() if day is not None else datetime.date.today()
    if from_class:
        printed = _class_certificates(data, lesson=lesson, date=date, school=school)
    else:
        printed = named_certificates(names, lesson=lesson, date=date, school=school)
    document = certificates(printed, paper=paper, templates=templates_folder)
    target = output or OUTPUT / document.name
    refuse_existing(target, force)
    write_atomic(target, document.pdf, overwrite=force)
    said = ngettext(
        "%(count)s certificate written to %(file)s", "%(count)s certificates written to %(file)s", document.count
    )
    click.echo(said % {"count": document.count, "file": target}, err=True)


def _class_certificates(
    data: Path | None, *, lesson: int | None, date: datetime.date, school: str
) -> list[Certificate]:
    """The certificates the class's pupils have earned, from the progress kept in the data folder (refused when
    the folder keeps none)."""
    import platformdirs

    from minibridge.classroom.certificates import class_certificates
    from minibridge.classroom.data_folder import DATABASE
    from minibridge.web.store import Store

    folder = data or Path(platformdirs.user_data_dir("minibridge"))
    if not (folder / DATABASE).is_file():
        raise MiniBridgeError(gettext("'%(folder)s' keeps no class's progress") % {"folder": folder})
    store = Store(folder)
    try:
        return class_certificates(
            store.all_progress(),
            lesson=lesson,
            date=date,
            school=school,
            deals=store.deals_played(),
            need_deals=store.certificates_need_deals(),
        )
    finally:
        store.close()
