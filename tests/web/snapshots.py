"""Look at the pupils' pages: render the sample views to HTML files and photograph them with headless Chromium
at phone, tablet and laptop sizes.

    python tests/web/snapshots.py OUT_DIR

writes OUT_DIR/<sample>.html (with the static folder copied beside) and OUT_DIR/<sample>-<width>x<height>.png.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from importlib.resources import files
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sample_views import SAMPLES, sample
from test_browser import CHROMIUM, FLAGS

from minibridge.web.pages import render_page, render_start

SIZES = ((375, 667), (768, 1024), (1280, 800), (1920, 1080))
SELECTED = {"defending": "D9", "refused": "SQ"}


def _write(out: Path, name: str, html: str) -> Path:
    page = out / f"{name}.html"
    page.write_text(html.replace('"/static/', '"static/'), encoding="utf-8")
    return page


def _photograph(page: Path, width: int, height: int) -> Path:
    picture = page.with_name(f"{page.stem}-{width}x{height}.png")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--hide-scrollbars",
                *FLAGS,
                f"--user-data-dir={profile}",
                f"--screenshot={picture}",
                f"--window-size={width},{height}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )
    return picture


def main(out: Path, names: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(Path(str(files("minibridge.web").joinpath("static"))), out / "static", dirs_exist_ok=True)
    pages = [
        _write(out, name, render_page(sample(name), selected=SELECTED.get(name)))
        for name in names or SAMPLES
        if name in SAMPLES
    ]
    if not names or "start" in names:
        pages.append(_write(out, "start", render_start({"class_code": True})))
    for page in pages:
        for width, height in SIZES:
            print(_photograph(page, width, height))


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
