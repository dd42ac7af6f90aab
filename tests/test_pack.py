"""Lesson packs, deals for a lesson and blank score sheets, through the command line, read back with pypdf."""

from __future__ import annotations

import re
import shutil
from importlib.resources import files
from pathlib import Path

import pytest
from printed import flat, pdf_text, run
from pypdf import PdfReader

from minibridge.lessons import find_lesson
from minibridge.pbn import loads
from minibridge.practice import pack_deals
from minibridge.render.pack import answer_text, lesson_pack, rules_lines
from minibridge.render.text import wording

SECTIONS = [
    "Teacher's notes",
    "Hand records",
    "Hand slips",
    "Score card",
    "Travelling score sheets",
    "Pupils' sheet",
    "Answer key",
]


pytestmark = pytest.mark.usefixtures("own_cache")


@pytest.fixture(scope="module")
def lesson_three_pack(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pack")
    cache = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(cache))
        code, _, err = run("pack", "--lesson", "3", "-o", str(folder))
    assert code == 0, err
    return folder / "lesson-3-10-deals-seed-306.pdf"


def test_the_pack_is_named_for_lesson_and_seed_and_holds_every_section(lesson_three_pack):
    assert lesson_three_pack.is_file()
    text = pdf_text(lesson_three_pack)
    lesson = find_lesson(3)
    assert "MiniLesson Three: " + lesson.title in text
    for objective in lesson.objectives:
        assert flat(objective) in text
    for line in rules_lines(lesson.rules, wording()):
        assert flat(line) in text
    position = 0
    for section in SECTIONS:
        found = text.find(section, position)
        assert found > 0, section
        position = found


def test_the_pack_shows_every_board_and_its_analysis(lesson_three_pack):
    text = pdf_text(lesson_three_pack)
    deals, _ = pack_deals(find_lesson(3))
    for deal in deals:
        assert f"Board {deal.number}" in text
        hand = deal.deal[deal.dealer].to_pbn().split(".")[0]
        assert " ".join("10" if r == "T" else r for r in hand) in text
    assert text.count("Tricks for ") == len(deals)
    assert "Best: 1" in text  # part-scores only in MiniLesson Three


def test_the_answer_key_answers_every_exercise(lesson_three_pack):
    text = pdf_text(lesson_three_pack)
    lesson = find_lesson(3)
    key = text[text.rfind("Answer key") :]
    for exercise in lesson.exercises:
        assert f"Exercise {exercise.id}" in key
        assert flat(answer_text(lesson, exercise, wording())) in key
    tie = next(e for e in find_lesson(4).exercises if e.kind == "declarer")
    assert answer_text(find_lesson(4), tie, wording()) == "East or West: the partners choose, and the other is dummy"


def test_the_score_card_has_the_points_and_tricks_columns_and_no_more(lesson_three_pack):
    """MiniLesson Three plays 1NT only: no contract or goal to write, but each side's points and the tricks."""
    text = pdf_text(lesson_three_pack)
    card = text[text.index("Score card Name") : text.rindex("Travelling score sheets")]
    for column in ("Points N–S", "Points E–W", "Declarer", "Tricks won", "Score N–S", "Score E–W", "Total"):
        assert column in card
    assert "Goal" not in card and "Contract" not in card


@pytest.mark.parametrize(
    ("number", "columns"),
    [
        (1, ("board", "dealer", "leader", "tricks_ns", "tricks_ew")),
        (3, ("board", "dealer", "hcp_ns", "hcp_ew", "declarer", "tricks", "score_ns", "score_ew")),
        (4, ("board", "dealer", "hcp_ns", "hcp_ew", "declarer", "contract", "tricks", "score_ns", "score_ew")),
        (5, ("board", "dealer", "hcp_ns", "hcp_ew", "declarer", "contract", "goal", "tricks", "score_ns", "score_ew")),
    ],
)
def test_the_early_lessons_score_cards_have_fewer_columns(number, columns):
    from minibridge.render.sheets import card_columns

    assert card_columns(find_lesson(number).rules) == columns


@pytest.mark.parametrize(("paper", "cards"), [("a4", 2), ("letter", 2)])
def test_two_or_three_score_cards_to_a_page(tmp_path, paper, cards):
    out = tmp_path / "cards.pdf"
    assert run("scoresheet", "--lesson", "3", "--paper", paper, "-o", str(out))[0] == 0
    assert PdfReader(out).pages[0].extract_text().count("Score card") == cards
    assert run("scoresheet", "--lesson", "1", "-o", str(tmp_path / "one.pdf"))[0] == 0
    assert PdfReader(tmp_path / "one.pdf").pages[0].extract_text().count("Score card") in (2, 3)


def test_travellers_have_a_row_per_table_and_match_points_in_a_competition(tmp_path):
    from minibridge.board import Board
    from minibridge.render.sheets import traveller_columns, travellers_story

    assert traveller_columns(find_lesson(6).rules)[-2:] == ("mp_ns", "mp_ew")
    assert "mp_ns" not in traveller_columns(find_lesson(5).rules)
    story = travellers_story(find_lesson(6).rules, [Board(number=1)], wording(), paper="a4", tables=9)
    assert story[-1].rows == 9
    out = tmp_path / "six.pdf"
    assert run("pack", "--lesson", "6", "--deals", "2", "--tables", "9", "-o", str(tmp_path))[0] == 0
    text = pdf_text(next(tmp_path.glob("lesson-6-*.pdf")))
    assert "How to match-point" in text and "minibridge duplicate score" in text and "MPs N–S" in text
    assert out.exists() is False


def test_a_pack_is_never_overwritten_without_force(lesson_three_pack):
    before = lesson_three_pack.read_bytes()
    code, _, err = run("pack", "--lesson", "3", "-o", str(lesson_three_pack.parent))
    assert code == 1 and "already exists" in err and "--force" in err
    assert lesson_three_pack.read_bytes() == before


def test_the_default_folder_is_output_created_when_missing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run("pack", "--lesson", "1", "--deals", "4", "--seed", "9")
    assert code == 0, err
    made = tmp_path / "output" / "lesson-1-4-deals-seed-9.pdf"
    text = pdf_text(made)
    for section in SECTIONS:  # MiniLesson One records no deal duplicate-style: no travellers (RULES §8)
        assert (section in text) is (section != "Travelling score sheets"), section
    assert "Tricks N–S" in text and "Leader" in text  # no contracts in MiniLesson One
    assert "Tricks for " not in text
    assert run("pack", "--lesson", "1", "--deals", "4", "--seed", "9", "--force")[0] == 0


def test_more_deals_than_the_lesson_has_are_dealt_to_suit_it():
    lesson = find_lesson(5)
    deals, seed = pack_deals(lesson, 14, seed=77)
    assert seed == 77 and [d.number for d in deals] == list(range(1, 15))
    assert [d.deal for d in deals[:6]] == [d.deal for d in lesson.deals[:6]]
    assert all(d.generated for d in deals[6:])
    assert pack_deals(lesson, 14, seed=77) == (deals, 77)
    assert pack_deals(lesson, 3)[0] == list(lesson.deals[:3])


def test_a_changed_template_changes_the_pack(tmp_path):
    folder = tmp_path / "templates"
    shutil.copytree(str(files("minibridge.template_files")), folder)
    pack = folder / "pack.j2"
    pack.write_text(pack.read_text(encoding="utf-8").replace("Answer key", "Corrigé"), encoding="utf-8")
    lesson = find_lesson(1)
    deals, seed = pack_deals(lesson, 2)
    from minibridge.analysis import analyse_boards

    analyses = analyse_boards(deals, lesson.rules)
    mine = pdf_text(lesson_pack(lesson, deals, analyses, wording(str(folder)), seed=seed))
    theirs = pdf_text(lesson_pack(lesson, deals, analyses, wording(), seed=seed))
    assert "Corrigé" in mine and "Answer key" not in mine
    assert "Answer key" in theirs


def test_deal_writes_reproducible_pbn_that_suits_the_lesson(tmp_path):
    """The boards of the pack: the lesson's six own deals, then deals from the seed that suit it."""
    code, first, _ = run("deal", "--lesson", "5", "-n", "8", "--seed", "11")
    assert code == 0
    assert run("deal", "--lesson", "5", "-n", "8", "--seed", "11")[1] == first
    assert run("deal", "--lesson", "5", "-n", "8", "--seed", "12")[1] != first
    boards = loads(first)
    assert [b.number for b in boards] == list(range(1, 9))
    assert [b.deal for b in boards] == [b.deal for b in pack_deals(find_lesson(5), 8, seed=11)[0]]
    for board in boards[6:]:
        points = max(board.deal.side_hcp(side) for side in __import__("minibridge.cards").cards.Side)
        assert 25 <= points <= 30  # lesson five's constraint
    out = tmp_path / "five.pbn"
    assert run("deal", "--lesson", "5", "-n", "8", "--seed", "11", "-o", str(out))[0] == 0
    assert out.read_text(encoding="utf-8") == first
    code, _, err = run("deal", "--lesson", "5", "-n", "3", "-o", str(out))
    assert code == 1 and "already exists" in err


def test_deal_for_a_lesson_of_short_deals():
    """The lesson's own deals of 4 to 6 cards a hand, then random ones as long as its longest (6 cards)."""
    code, output, _ = run("deal", "--lesson", "1", "-n", "8")
    assert code == 0
    assert [b.deal.cards_per_hand for b in loads(output)] == [4, 4, 5, 5, 5, 6, 6, 6]


def test_deal_bad_usage():
    assert run("deal", "--lesson", "9", "-n", "2")[0] == 1
    assert run("deal", "-n", "2")[0] == 2
    assert run("deal", "--lesson", "3", "-n", "0")[0] == 2


def test_blank_score_sheets(tmp_path):
    out = tmp_path / "sheets.pdf"
    code, _, err = run("scoresheet", "--deals", "5", "-o", str(out))
    assert code == 0, err
    text = pdf_text(out)
    assert "Score sheets" in text and "Score card" in text and "Travelling score sheets" in text
    for number in range(1, 6):
        assert f"Board {number} · Dealer" in text
    for column in ("N–S pair", "E–W pair", "Contract", "By", "Tricks", "Score N–S", "Score E–W"):
        assert column in text
    code, _, err = run("scoresheet", "--lesson", "2", "-o", str(tmp_path / "two.pdf"))
    assert code == 0, err
    text = pdf_text(tmp_path / "two.pdf")
    assert "MiniLesson Two" in text and "Board 6 · Dealer" in text and "Contract" not in text
    assert run("scoresheet", "--deals", "5", "-o", str(out))[0] == 1


@pytest.mark.parametrize("command", ["deal", "records", "scoresheet", "pack"])
def test_help_ends_with_an_example(command):
    code, output, _ = run(command, "--help")
    assert code == 0 and "Example" in output


def test_the_answer_key_leaves_out_exercises_on_boards_not_in_the_pack():
    """A pack of two boards asks nothing about Board 3: its pupils have no cards for it."""
    from minibridge.analysis import analyse_boards

    lesson = find_lesson(1)
    deals, seed = pack_deals(lesson, 2)
    analyses = analyse_boards(deals, lesson.rules)
    text = pdf_text(lesson_pack(lesson, deals, analyses, wording(), seed=seed))
    key = text[text.rindex("Answer key") :]
    assert "Exercise 1 · Board 1" in key and "Exercise 2 · Board 2" in key
    assert "Board 3" not in key and "Board 6" not in key
    assert "Exercises on boards 3 to 6 are left out" in key


def test_a_teachers_own_lesson_file_names_its_pack_apart_from_the_shipped_lesson(tmp_path):
    own = tmp_path / "five-dutch.yaml"
    own.write_text(find_lesson(5).path.read_text(encoding="utf-8").replace("scoring: ebu", "scoring: nbb"), "utf-8")
    code, _, err = run("pack", "--lesson", str(own), "--deals", "6", "-o", str(tmp_path))
    assert code == 0, err
    assert [p.name for p in tmp_path.glob("*.pdf")] == ["lesson-5-five-dutch-6-deals-seed-505.pdf"]


@pytest.mark.parametrize("number", range(1, 7))
def test_every_board_has_the_dealer_of_its_number_and_a_repeat_says_so(number):
    from minibridge.cards import Seat
    from minibridge.deal import Deal

    lesson = find_lesson(number)
    seen: dict[Deal, int] = {}
    for board in lesson.deals:
        assert board.dealer is Seat.dealer_of_board(board.number), board.number
        for quarter in range(4):  # the same cards, perhaps moved round the table
            hands = [board.deal[Seat((int(seat) + quarter) % 4)] for seat in Seat]
            earlier = seen.get(Deal(hands))
            if earlier is not None:
                assert f"repeats Board {earlier}" in board.note, board.number
        seen.setdefault(board.deal, board.number)
    assert number != 2 or "repeats Board 1" in lesson.board(2).note


@pytest.mark.parametrize("number", range(1, 7))
def test_the_teachers_notes_name_no_board_so_a_shorter_pack_has_no_note_about_one_left_out(number):
    lesson = find_lesson(number)
    assert not re.search(r"\bBoards? \d", lesson.teacher_notes + " ".join(lesson.tips))
    deals, seed = pack_deals(lesson, 3)
    from minibridge.render.pack import notes_story

    text = " ".join(getattr(flowable, "text", "") for flowable in notes_story(lesson, deals, wording(), seed=seed))
    for board in lesson.deals[3:]:
        assert f"Board {board.number}" not in text


def test_a_pack_file_name_says_how_many_deals(tmp_path):
    assert run("pack", "--lesson", "5", "--deals", "3", "-o", str(tmp_path))[0] == 0
    assert run("pack", "--lesson", "5", "-o", str(tmp_path))[0] == 0
    names = sorted(p.name for p in tmp_path.glob("*.pdf"))
    assert names == ["lesson-5-10-deals-seed-505.pdf", "lesson-5-3-deals-seed-505.pdf"]
    text = pdf_text(tmp_path / "lesson-5-3-deals-seed-505.pdf")
    assert "3 boards" in text and "Board 4" not in text[: text.index("Hand records ")]


@pytest.mark.parametrize("number", [3, 4, 5, 6])
def test_the_lessons_own_random_deals_are_playable_so_the_pack_deals_the_same(number):
    lesson = find_lesson(number)
    deals, _ = pack_deals(lesson)
    assert [d.deal for d in deals] == [d.deal for d in lesson.deals]


@pytest.mark.parametrize(("number", "seed"), [(3, 303), (3, 1), (4, 2), (5, 3), (6, 4)])
def test_practice_deals_can_be_played_under_the_lessons_rules(number, seed):
    """With best play the declaring side makes a contract the lesson allows: in MiniLesson Three, 1NT."""
    from minibridge.analysis import analyse_boards
    from minibridge.cards import Strain

    lesson = find_lesson(number)
    deals, _ = pack_deals(lesson, 14, seed=seed)
    assert [d.number for d in deals] == list(range(1, 15))
    for analysis in analyse_boards(deals[6:], lesson.rules):
        assert analysis.best is not None and analysis.best.result.made, analysis.number
        if number == 3:
            assert analysis.declarer_tricks[Strain.NO_TRUMPS] >= 7
    assert pack_deals(lesson, 14, seed=seed)[0] == deals


def test_lesson_three_seed_303_no_longer_gives_a_board_nothing_makes_on():
    """The issue's Board 9: East–West's ten spades in a no-trumps lesson, and 'Nothing makes; least loss 1NT'."""
    import dataclasses

    from minibridge.dealing import generate
    from minibridge.practice import playable

    lesson = find_lesson(3)
    spec = dataclasses.replace(lesson.generate_spec, seed=303)
    unchecked = generate(spec)
    checked = generate(spec, playable=playable(lesson))
    check = playable(lesson)
    assert not all(check(unchecked)) and all(check(checked))
    assert [b.number for b in checked] == [b.number for b in unchecked]


@pytest.mark.parametrize("number", range(1, 7))
def test_notes_never_contradict_the_records_best_contract(number):
    """Where a deal's note follows a contract the hand record does not call best, it names the best one too."""
    from minibridge.analysis import analyse_boards

    lesson = find_lesson(number)
    names = {"NT": "no-trumps", "S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    for analysis in analyse_boards([d for d in lesson.deals if not d.generated], lesson.rules):
        board, best = analysis.board, analysis.best
        if best is None or board.contract is None or best.contract.strain is board.contract.strain:
            continue
        assert names[best.contract.strain.letter] in board.note, board.number


@pytest.mark.parametrize("number", [1, 2])
def test_the_short_deal_lessons_covers_promise_only_what_their_boards_show(number):
    """MiniLessons One and Two: no declarer, so each board gives the tricks each side takes with best play."""
    from minibridge.analysis import analyse_boards

    lesson = find_lesson(number)
    deals, seed = pack_deals(lesson)
    analyses = analyse_boards(deals, lesson.rules)
    text = pdf_text(lesson_pack(lesson, deals, analyses, wording(), seed=seed))
    cover = text[: text.index("· page 2")]
    assert "Hand records: the four hands of every board, with the tricks each side takes with best play" in cover
    assert "&" not in cover and "best contract" not in cover
    records = text[text.index("Hand records Board") :]
    from minibridge.cards import Strain

    for analysis in analyses:
        dealer = analysis.dealer
        taken = analysis.table[dealer][Strain.NO_TRUMPS]
        ns = taken if dealer in (dealer.NORTH, dealer.SOUTH) else len(analysis.deal[dealer]) - taken
        assert f"Best play: N–S {ns}, E–W {len(analysis.deal[dealer]) - ns} tricks" in records
    assert "No double-dummy analysis" not in text
