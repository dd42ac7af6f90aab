"""``minibridge serve``: the classroom in a browser, served from the teacher's computer to the class's network."""

from __future__ import annotations

from pathlib import Path

import click

from minibridge.cli.common import WholeNumber, language_options, reports_errors
from minibridge.language import N_, gettext


@click.command()
@click.option(
    "--host",
    default="0.0.0.0",
    show_default=True,
    help="The address to listen on (0.0.0.0: the school's network; 127.0.0.1: this computer only).",
)
@click.option("--port", type=WholeNumber(1, 65535), default=8000, show_default=True, help="The port to listen on.")
@click.option(
    "--data",
    "data",
    type=click.Path(file_okay=False, path_type=Path),
    help="The folder for the classroom's database (default: this user's data folder for minibridge).",
)
@click.option(
    "--class-code",
    help="The code pupils type to start a game (default: a new one each day, kept for the day; none with "
    "--host 127.0.0.1).",
)
@click.option("--teacher-token", help="The secret of the teacher's link (default: the one kept in the data folder).")
@click.option(
    "--new-teacher-link", is_flag=True, help="Make a new teacher's link and keep it (the old bookmark stops working)."
)
@click.option(
    "--restore",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Start from a copy of the class's data (the .zip the teacher's room downloads), put into a new --data folder.",
)
@click.option("--no-open", is_flag=True, help="Do not open a browser.")
@language_options
@reports_errors
def serve(
    host: str,
    port: int,
    data: Path | None,
    class_code: str | None,
    teacher_token: str | None,
    new_teacher_link: bool,
    restore: Path | None,
    no_open: bool,
) -> None:
    """Serve the classroom: pupils play against the computer and do their lessons' exercises in a browser.

    The class's tablets and laptops reach it over the school's network: it prints their address, the class code
    (a new one each day) and a QR code that opens the address with the code filled in; the browser opened here shows
    the teacher's room. The teacher's link stays the same from one start to the next (--new-teacher-link makes a new
    one). --host 127.0.0.1 keeps it to this computer, without a class code. Stop it with Ctrl-C.
    --lang is the language of the lines printed here; each page of the classroom speaks its browser's language
    (Dutch, Danish or English), and offers a switch. One server at a time uses a --data folder. --restore starts
    from a copy of the class's data (downloaded in the teacher's room) in a new, empty --data folder.

    \b
    Examples:
        minibridge serve
        minibridge serve --host 127.0.0.1 --port 8080
        minibridge serve --data ./classroom --class-code OWL42 --no-open
        minibridge serve --restore minibridge-class-2026-11-27.zip --data ./classroom-copy
    """
    import platformdirs

    from minibridge.classroom.data_folder import hold
    from minibridge.classroom.data_folder import restore as restore_copy

    folder = data or Path(platformdirs.user_data_dir("minibridge"))
    with hold(folder):
        if restore is not None:
            restore_copy(restore, folder)
        _serve(
            folder,
            host=host,
            port=port,
            class_code=class_code,
            teacher_token=teacher_token,
            new_teacher_link=new_teacher_link,
            no_open=no_open,
        )


def _serve(
    folder: Path,
    *,
    host: str,
    port: int,
    class_code: str | None,
    teacher_token: str | None,
    new_teacher_link: bool,
    no_open: bool,
) -> None:
    """Serve the classroom over the data folder, held by this server."""
    import webbrowser

    from minibridge.classroom.joining import class_code_of_the_day, qr_text, teacher_token_kept
    from minibridge.web.app import create_app
    from minibridge.web.join_link import join_address
    from minibridge.web.server import is_loopback, local_address, run
    from minibridge.web.urls import url

    loopback = is_loopback(host)
    token = teacher_token or teacher_token_kept(folder, new=new_teacher_link)
    if class_code is None and not loopback:
        class_code = class_code_of_the_day(folder)
    app = create_app(data=folder, class_code=class_code, teacher_token=token, loopback=loopback, prepare=True)
    address = local_address(host)
    shown = f"[{address}]" if ":" in address else address
    here = "127.0.0.1" if host in ("0.0.0.0", "::") else shown
    teacher = f"http://{here}:{port}" + url("teacher", token=token)
    click.echo(gettext("Pupils: %(address)s") % {"address": f"http://{shown}:{port}/"})
    if app.state.class_code is not None:
        click.echo(gettext("Class code: %(code)s") % {"code": app.state.class_code})
    if not loopback:
        click.echo(gettext("Or scan this with a tablet: it opens the address with the class code filled in."))
        # Drawn light on dark whatever the terminal's colours, so a phone reads it the right way round (click
        # drops the colours where the output is not a terminal).
        for line in qr_text(join_address(f"http://{shown}:{port}", app.state.class_code)).splitlines():
            click.echo(click.style(line, fg="bright_white", bg="black"))
    click.echo(gettext("Teacher: %(address)s") % {"address": teacher})
    if not loopback:
        allow = N_("If this computer asks whether Python may accept connections, choose Allow (private networks only).")
        click.echo(gettext(allow))
    click.echo(gettext("Games and progress are kept in %(folder)s. Stop the server with Ctrl-C.") % {"folder": folder})
    opener = None if no_open else (lambda: webbrowser.open(teacher))
    try:
        run(app, host=host, port=port, on_ready=opener)
    except OSError as error:
        raise click.ClickException(
            gettext("cannot listen on %(address)s (%(error)s): choose another --port")
            % {"address": f"{host}:{port}", "error": error.strerror or error}
        ) from None
    click.echo(gettext("The server has stopped."))
