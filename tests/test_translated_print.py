"""Packs and lesson files in Dutch and Danish: no English words left, the honours and contracts of each
language, a lesson file's own translations, read back from the PDFs with pypdf."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from minibridge.cli import main
from minibridge.errors import LessonError
from minibridge.language import speaking
from minibridge.lessons import find_lesson, load_lesson

LESSONS = Path(__file__).parents[1] / "lessons"

SAME_IN_BOTH = {
    "nl": {"In", "in", "is", "of", "over", "per", "plus", "rest", "begin", "let", "hand", "hint", "code", "tips"}
    | {"West", "Dummy", "dummy", "Contract", "contract", "Score", "score", "Partner", "partner", "partners"}
    | {"EBU", "bridge", "had", "later", "scores", "was", "won"},
    "da": {"at", "At", "for", "hold", "over", "plus", "side", "tips", "to", "total", "Fold", "Point", "point", "Score"}
    | {"EBU", "bonus", "bridge", "end", "have", "score", "under"},
}
"""Words an English pack uses that are words of the language too, spelled the same (Dutch ``of`` is "or", ``won``
and ``was`` the past of ``winnen`` and ``zijn``; Danish ``to`` is "two", ``side`` "page", ``hold`` "keep", ``end``
"than", ``under`` "below"), and the name EBU: the rest of an English pack's words must not appear in a pack in that
language."""


@pytest.fixture
def fake_solver(monkeypatch):
    """Seven tricks everywhere, so that a pack needs no solving."""
    from minibridge.cards import Seat, Strain

    def solve(deals, *, cache=True, progress=None):
        return [{s: dict.fromkeys(Strain, 7) for s in Seat} if d.cards_per_hand == 13 else None for d in deals]

    monkeypatch.setattr("minibridge.analysis.dd_tables", solve)


def pack_text(tmp_path: Path, lesson: str, *options: str) -> str:
    folder = tmp_path / "_".join(("pack", Path(lesson).name, *options)).replace("-", "")
    result = CliRunner().invoke(main, ["pack", "--lesson", lesson, "-o", str(folder), "--quiet", *options])
    assert result.exit_code == 0, result.output
    (pdf,) = folder.glob("*.pdf")
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-zÆØÅæøåéë]{2,}", text))


def single_letters(text: str) -> set[str]:
    """The letters standing alone: card ranks in the hands, seat letters."""
    return set(re.findall(r"(?<![\w'])([A-ZÆØÅ])(?![\w'])", text))


@pytest.mark.parametrize("code", ["nl", "da"])
@pytest.mark.parametrize("lesson", ["1", "2", "3", "4", "5", "6"])
def test_a_pack_in_dutch_or_danish_holds_no_english_word(tmp_path, fake_solver, lesson, code):
    def prose(text: str) -> set[str]:
        """The words of a pack but the command Lesson Six names, typed the same in every language."""
        return words(re.sub(r"minibridge\s+duplicate\s+score", "", text))

    english = prose(pack_text(tmp_path, lesson))
    assert {"tricks", "Board", "Dealer", "North", "Answer", "Why", "the"} <= english  # the list is real
    translated = prose(pack_text(tmp_path, lesson, "--lang", code))
    assert sorted(translated & (english - SAME_IN_BOTH[code])) == []


@pytest.mark.parametrize(
    ("code", "shown", "not_shown", "words_of_the_rule_book"),
    [
        ("nl", {"H", "V", "B", "O", "Z"}, {"K", "Q", "J", "E", "S"}, {"leider", "dummy", "slagen", "Gever", "ZT"}),
        ("da", {"E", "D", "B", "Ø", "V"}, {"A", "Q", "J"}, {"spilfører", "stik", "Giver", "Blind"}),
    ],
)
def test_a_pack_prints_the_honours_seats_and_words_of_its_language(
    tmp_path, fake_solver, code, shown, not_shown, words_of_the_rule_book
):
    text = pack_text(tmp_path, "3", "--lang", code)
    letters = single_letters(text)
    assert shown <= letters
    assert not (not_shown & letters)
    assert words_of_the_rule_book <= words(text) | {"ZT"}
    assert "3NT" not in text


@pytest.mark.parametrize("code", ["nl", "da"])
def test_english_honours_on_asking(tmp_path, fake_solver, code):
    letters = single_letters(pack_text(tmp_path, "3", "--lang", code, "--english-honours"))
    assert {"A", "K", "Q", "J"} <= letters


def test_plurals_and_numbers_in_the_printed_words(tmp_path, fake_solver):
    dutch = " ".join(pack_text(tmp_path, "3", "--lang", "nl").split())
    # the answer key explains a score by its calculation (RULES §6, MiniLessons Three and Four: 50 + 40 an odd trick)
    assert "1 slag boven de zes × 40 = 40, + 50 voor de meeste slagen = 90" in dutch
    assert "2 slagen boven de zes × 40 = 80, + 50 voor de meeste slagen = 130" in dutch
    danish = " ".join(pack_text(tmp_path, "3", "--lang", "da").split())
    assert "1 stik over seks × 40 = 40, + 50 for flest stik = 90" in danish
    assert "2 stik over seks × 40 = 80, + 50 for flest stik = 130" in danish


def test_what_a_lesson_file_does_not_translate_stays_in_its_own_english(tmp_path, fake_solver):
    path = _copy_lesson(tmp_path, name="one.yaml", leave_out=("nl", "teacher_notes"))
    lesson = load_lesson(path)
    assert lesson.translations["nl"].teacher_notes is None and find_lesson(1).translations["nl"].teacher_notes
    text = " ".join(pack_text(tmp_path, str(path), "--lang", "nl").split())
    assert "Minibridgeles 1: Kleuren, kaarten en slagen" in text and "de vier kleuren herkennen" in text
    assert " ".join(lesson.teacher_notes.split()[:8]) in text
    assert " ".join(lesson.in_language("nl").tips[0].split()[:8]) in text
    assert "Aantekeningen voor de leerkracht" in text


def test_a_lesson_in_another_language_takes_every_text_its_file_gives():
    lesson = find_lesson(3)
    assert set(lesson.translations) == {"nl", "da"}
    with speaking("da"):
        danish = lesson.in_language()
    assert danish.title == "At spille med en blind"
    assert danish.board(4).note.startswith("Øst og Vest har 12 point hver")
    assert danish.exercises[0].question.startswith("Spil 1: tæl pointene")
    assert danish.deals[0].deal == lesson.deals[0].deal and danish.rules == lesson.rules
    assert lesson.in_language("en") is lesson
    assert lesson.in_language("nl").tips[0].startswith("Speel elk spel")


def _copy_lesson(
    tmp_path: Path, extra: str = "", *, name: str = "three.yaml", leave_out: tuple[str, str] | None = None
) -> Path:
    """A copy of a lesson file with ``extra`` written at its end, or with one field of one language's translation
    (``("nl", "teacher_notes")``) left out."""
    path = tmp_path / name
    shutil.copy(LESSONS / name, path)
    if leave_out:
        code, field = leave_out
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        del data["translations"][code][field]
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with path.open("a", encoding="utf-8") as stream:
        stream.write(extra)
    return path


def test_a_partial_translation_leaves_the_rest_in_english(tmp_path):
    text = (LESSONS / "three.yaml").read_text(encoding="utf-8")
    path = tmp_path / "three.yaml"
    path.write_text(text[: text.index("\ntranslations:")] + "\ntranslations:\n  nl:\n    title: Met een dummy\n")
    lesson = load_lesson(path).in_language("nl")
    assert lesson.title == "Met een dummy"
    assert lesson.objectives == find_lesson(3).objectives
    assert lesson.exercises == find_lesson(3).exercises


def test_a_translation_into_a_language_minibridge_does_not_speak_is_refused(tmp_path):
    path = _copy_lesson(tmp_path, "  fr:\n    title: Jouer avec le mort\n")
    with pytest.raises(
        LessonError, match=r"three.yaml, line \d+, translations.fr: unknown field 'fr'; the fields here are da, nl"
    ):
        load_lesson(path)


def test_a_translation_of_a_board_or_exercise_the_lesson_lacks_is_refused_at_its_line(tmp_path):
    text = (LESSONS / "three.yaml").read_text(encoding="utf-8")
    head = text[: text.index("\ntranslations:")]
    path = tmp_path / "three.yaml"
    path.write_text(
        head
        + "\ntranslations:\n  nl:\n    deals:\n      - board: 99\n        note: Spel 99\n"
        + "    exercises:\n      - id: 42\n        question: Wat?\n",
        encoding="utf-8",
    )
    with pytest.raises(LessonError) as caught:
        load_lesson(path)
    lines = str(caught.value).splitlines()
    assert any(re.search(r"line \d+, .*board: there is no board 99 in this lesson to translate", x) for x in lines)
    assert any(re.search(r"line \d+, .*id: there is no exercise 42 in this lesson to translate", x) for x in lines)


def test_a_translation_gives_texts_only(tmp_path):
    text = (LESSONS / "three.yaml").read_text(encoding="utf-8")
    path = tmp_path / "three.yaml"
    path.write_text(
        text[: text.index("\ntranslations:")]
        + "\ntranslations:\n  da:\n    exercises:\n      - id: 1\n        answer: 3\n",
        encoding="utf-8",
    )
    unknown = r"line \d+, .*unknown field 'answer'; the fields here are hint, id, question"
    with pytest.raises(LessonError, match=unknown):
        load_lesson(path)


def _irregularities() -> list:
    """Irregularities settled in each way the play writes: recorded in our PBN files, and made at a table (a lead
    out of turn accepted, put back; a revoke corrected; a card out of rotation)."""
    from minibridge.cards import Seat
    from minibridge.deal import Deal
    from minibridge.pbn import load
    from minibridge.play import Play
    from minibridge.recorded import replay_record

    found = []
    for name in ("revoke.pbn", "lead_out_of_turn.pbn"):
        for board in load(Path(__file__).parent / "data" / "pbn" / name):
            found += replay_record(board).irregularities
    deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
    for settle in ("accept", "put back"):
        play = Play(deal, declarer=Seat.SOUTH, strict=False)
        play.play("S2", Seat.NORTH)  # West should lead
        if settle == "accept":
            play.accept_lead(Seat.EAST)
        else:
            play.put_back_lead()
        found += play.irregularities
    return found


@pytest.mark.parametrize("code", ["nl", "da"])
def test_every_irregularity_is_told_in_the_language(code):
    irregularities = _irregularities()
    assert {i.settled_in_english.split(" ")[0] for i in irregularities} >= {
        "established:",
        "accepted:",
        "accepted",
        "card",
    }
    for irregularity in irregularities:
        english = words(irregularity.describe())
        with speaking(code):
            said = irregularity.describe()
        assert irregularity.settled_in_english not in said
        assert not (words(said) & english - SAME_IN_BOTH[code]), said
