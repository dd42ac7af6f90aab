"""``minibridge serve``: the classroom in a browser, served from the teacher's computer to the class's network."""

from __future__ import annotations

import secrets
from pathlib import Path

import click

from minibridge.cli.common import language_options, reports_errors
from minibridge.language import gettext


@click.command()
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="The address to listen on (0.0.0.0: every network)."
)
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="The port to listen on.")
@click.option(
    "--data",
    "data",
    type=click.Path(file_okay=False, path_type=Path),
    help="The folder for the classroom's database (default: this user's data folder for minibridge).",
)
@click.option(
    "--class-code",
    help="The code pupils type to start a game (default: none on this computer only, else a random one).",
)
@click.option("--teacher-token", help="The secret of the teacher's link (default: a random one).")
@click.option("--no-open", is_flag=True, help="Do not open a browser.")
@language_options
@reports_errors
def serve(
    host: str, port: int, data: Path | None, class_code: str | None, teacher_token: str | None, no_open: bool
) -> None:
    """Serve the classroom: pupils play against the computer and do their lessons' exercises in a browser.

    By default only this computer can reach it; with --host 0.0.0.0 the class's tablets and laptops reach it
    over the school's network, and pupils need the class code printed here. Stop it with Ctrl-C.
    --lang is the language of the lines printed here; each page of the classroom speaks its browser's language
    (Dutch, Danish or English), and offers a switch.

    \b
    Examples:
        minibridge serve
        minibridge serve --host 0.0.0.0 --port 8080
        minibridge serve --data ./classroom --class-code OWL42 --no-open
    """
    import webbrowser

    import platformdirs

    from minibridge.web.app import create_app
    from minibridge.web.server import is_loopback, local_address, run

    folder = data or Path(platformdirs.user_data_dir("minibridge"))
    token = teacher_token or secrets.token_urlsafe(16)
    loopback = is_loopback(host)
    app = create_app(data=folder, class_code=class_code, teacher_token=token, loopback=loopback)
    address = local_address(host)
    shown = f"[{address}]" if ":" in address else address
    here = "127.0.0.1" if host in ("0.0.0.0", "::") else shown
    click.echo(gettext("Pupils: %(address)s") % {"address": f"http://{shown}:{port}/"})
    if app.state.class_code is not None:
        click.echo(gettext("Class code: %(code)s") % {"code": app.state.class_code})
    click.echo(gettext("Teacher: %(address)s") % {"address": f"http://{here}:{port}/teacher?token={token}"})
    click.echo(gettext("Games and progress are kept in %(folder)s. Stop the server with Ctrl-C.") % {"folder": folder})
    opener = None if no_open else (lambda: webbrowser.open(f"http://{here}:{port}/"))
    try:
        run(app, host=host, port=port, on_ready=opener)
    except OSError as error:
        raise click.ClickException(
            gettext("cannot listen on %(address)s (%(error)s): choose another --port")
            % {"address": f"{host}:{port}", "error": error.strerror or error}
        ) from None
    click.echo(gettext("The server has stopped."))
