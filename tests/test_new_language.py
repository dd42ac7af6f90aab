"""Adding a language is one line in minibridge.language and its catalogue: done here for real with German."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from minibridge import language
from minibridge.language import LANGUAGES, Spoken, ngettext, number, speaking

GERMAN = """\
msgid ""
msgstr ""
"Language: de\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

#, python-format
msgid "%(count)s trick"
msgid_plural "%(count)s tricks"
msgstr[0] "%(count)s Stich"
msgstr[1] "%(count)s Stiche"

msgctxt "honours"
msgid "A K Q J"
msgstr "A K D B"
"""


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """German spoken: its line among the languages and its catalogue, nothing else."""
    catalogue = tmp_path / "de" / "LC_MESSAGES" / "messages.po"
    catalogue.parent.mkdir(parents=True)
    catalogue.write_text(GERMAN, encoding="utf-8")
    shipped = language.catalogue_path
    monkeypatch.setitem(LANGUAGES, "de", Spoken("Deutsch", "de_DE"))
    monkeypatch.setattr(language, "catalogue_path", lambda code: catalogue if code == "de" else shipped(code))
    language._translations.cache_clear()
    yield
    language._translations.cache_clear()


def test_a_new_language_speaks_its_words_numbers_and_honours(german: None):
    with speaking("de_DE.UTF-8"):
        assert ngettext("%(count)s trick", "%(count)s tricks", 2) % {"count": 2} == "2 Stiche"
        assert number(1020) == "1.020"
        assert language.rank("Q") == "D"
    assert language.from_accept_language("de-CH, en;q=0.5") == "de"


def test_the_classrooms_language_switch_offers_it(german: None):
    from minibridge.web.languages import language_links

    assert "Deutsch" in [link["name"] for link in language_links()]
