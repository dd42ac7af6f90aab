"""The errors of bad files in Dutch and Danish: the words that place them (file, line, board), and what is wrong.

Each area's real bad input is read through the commands that take ``--lang`` (or the library inside
``language.speaking``); the English words stay as the other tests have them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from minibridge.cards import Card
from minibridge.cli import main
from minibridge.deal import Deal
from minibridge.dealing import DealSpec
from minibridge.errors import LeagueError, MiniBridgeError
from minibridge.language import file_place, problems_message, speaking
from minibridge.league import Change
from minibridge.pbn import loads
from minibridge.replay import replay_boards


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


HEADINGS = {"en": "Error: ", "nl": "Fout: ", "da": "Fejl: "}
"""How a command heads its error in each language."""


def error_line(*args: str) -> str:
    """The one line a command says about bad data (exit status 1), without its heading (``Error:``, ``Fout:``,
    ``Fejl:``, which must be the language's own)."""
    code, output = run(*args)
    assert code == 1, output
    (line,) = output.strip().splitlines()
    heading = HEADINGS[args[args.index("--lang") + 1] if "--lang" in args else "en"]
    assert line.startswith(heading), line
    return line.removeprefix(heading)


# --- the words that assemble a message ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "place", "heading", "more"),
    [
        ("en", "club.pbn, line 12, board 3", "12 problems to fix:", "  … and 2 more"),
        ("nl", "club.pbn, regel 12, spel 3", "12 problemen om op te lossen:", "  … en nog 2"),
        ("da", "club.pbn, linje 12, spil 3", "12 problemer at rette:", "  … og 2 til"),
    ],
)
def test_places_and_lists_of_problems_in_each_language(code, place, heading, more):
    with speaking(code):
        assert file_place("club.pbn", line=12, board=3) == place
        lines = problems_message([f"problem {n}" for n in range(12)], most=10).splitlines()
    assert lines[0] == heading and lines[-1] == more and len(lines) == 12


def test_a_message_is_made_in_the_language_in_force_where_it_is_raised():
    with speaking("da"):
        error = LeagueError("der er ingen runde 9", where=file_place("vår.yaml", line=4))
    assert str(error) == "vår.yaml, linje 4: der er ingen runde 9"


# --- YAML files: answers, lessons, leagues ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "line 4: two colons on one line: put an answer of several parts in braces, like 1: {N 11, E: 7}"),
        (
            "nl",
            "regel 4: twee dubbele punten op één regel: zet een antwoord van meer delen tussen accolades, "
            "zoals 1: {N 11, E: 7}",
        ),
        ("da", "linje 4: to koloner på én linje: sæt et svar med flere dele i tuborgklammer, som 1: {N 11, E: 7}"),
    ],
)
def test_a_yaml_mistake_of_an_answers_file(tmp_path: Path, code, said):
    answers = tmp_path / "sam.yaml"
    answers.write_text("lesson: 3\npupil: Sam\nanswers:\n  1: N 11, E: 7\n", encoding="utf-8")
    assert error_line("check", str(answers), "--lang", code) == f"{answers}, {said}"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "line 2: the field lesson is given twice (first on line 1); keep only one"),
        ("nl", "regel 2: het veld lesson staat er twee keer (eerst op regel 1); houd er maar één"),
        ("da", "linje 2: feltet lesson er angivet to gange (først på linje 1); behold kun ét"),
    ],
)
def test_a_field_given_twice(tmp_path: Path, code, said):
    answers = tmp_path / "sam.yaml"
    answers.write_text("lesson: 3\nlesson: 4\n", encoding="utf-8")
    assert error_line("check", str(answers), "--lang", code) == f"{answers}, {said}"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "no such league file: start one with 'minibridge league new'"),
        ("nl", "dit competitiebestand bestaat niet: begin er een met 'minibridge league new'"),
        ("da", "turneringsfilen findes ikke: start en med 'minibridge league new'"),
    ],
)
def test_a_league_file_that_is_not_there(tmp_path: Path, code, said):
    league = tmp_path / "spring.yaml"
    assert error_line("league", "table", str(league), "--lang", code) == f"{league}: {said}"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "line 1: is not a lesson file: nests lists and fields more than 40 deep"),
        ("nl", "regel 1: is niet te lezen als een lesbestand: nest lijsten en velden meer dan 40 lagen diep"),
        ("da", "linje 1: er ikke en lektionsfil: indlejrer lister og felter mere end 40 niveauer dybt"),
    ],
)
def test_a_lesson_file_nested_too_deep(tmp_path: Path, code, said):
    lesson = tmp_path / "deep.yaml"
    lesson.write_text("[" * 50 + "]" * 50 + "\n", encoding="utf-8")
    assert error_line("pack", "--lesson", str(lesson), "--lang", code) == f"{lesson}, {said}"


# --- files written ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "already exists: choose another name, or use --force to replace it"),
        ("nl", "bestaat al: kies een andere naam, of gebruik --force om het te vervangen"),
        ("da", "findes allerede: vælg et andet navn, eller brug --force for at erstatte den"),
    ],
)
def test_a_file_is_not_replaced_unless_asked(tmp_path: Path, code, said):
    sheet = tmp_path / "sheet.pdf"
    sheet.write_bytes(b"mine")
    assert error_line("scoresheet", "-o", str(sheet), "--lang", code) == f"'{sheet}' {said}"
    assert sheet.read_bytes() == b"mine"


# --- lesson files, deals written by hand, seeds ------------------------------------------------------------------

SHIPPED = Path(__file__).parents[1] / "lessons" / "three.yaml"


def bad_lesson(tmp_path: Path) -> Path:
    """Lesson Three with a club written 'X' in board 1 and the ace of diamonds twice in board 2 (so that the
    translations of their notes and the exercises on them name boards the lesson no longer has: 9 problems)."""
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace("N:2.AQ9.Q9.QJT8632 ", "N:2.AQ9.Q9.QJT863X ").replace("N:KQ9632.KT.A85.", "N:KQ9632.KT.AA5.")
    lesson = tmp_path / "three.yaml"
    lesson.write_text(text, encoding="utf-8")
    return lesson


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "en",
            [
                "9 problems to fix:",
                "  {file}, line 75, deals[0].deal: North's hand: the hand '2.AQ9.Q9.QJT863X' has 'X' in clubs; "
                "cards are A K Q J T 9 8 7 6 5 4 3 2",
                "  {file}, line 82, deals[1].deal: North's hand: the hand 'KQ9632.KT.AA5.62' holds the diamond A twice",
            ],
        ),
        (
            "nl",
            [
                "9 problemen om op te lossen:",
                "  {file}, regel 75, deals[0].deal: de hand van Noord: de hand '2.AQ9.Q9.QJT863X' heeft 'X' in "
                "klaveren; de kaarten zijn A K Q J T 9 8 7 6 5 4 3 2",
                "  {file}, regel 82, deals[1].deal: de hand van Noord: de hand 'KQ9632.KT.AA5.62' heeft ruiten A "
                "twee keer",
            ],
        ),
        (
            "da",
            [
                "9 problemer at rette:",
                "  {file}, linje 75, deals[0].deal: Nords hånd: hånden '2.AQ9.Q9.QJT863X' har 'X' i klør; "
                "kortene er A K Q J T 9 8 7 6 5 4 3 2",
                "  {file}, linje 82, deals[1].deal: Nords hånd: hånden 'KQ9632.KT.AA5.62' har ruder A to gange",
            ],
        ),
    ],
)
def test_the_deals_of_a_lesson_file_written_wrong(tmp_path: Path, code, said):
    lesson = bad_lesson(tmp_path)
    code_, output = run("pack", "--lesson", str(lesson), "-o", str(tmp_path / "pack.pdf"), "--lang", code)
    assert code_ == 1
    lines = output.strip().removeprefix(HEADINGS[code]).splitlines()
    assert lines[:3] == [line.format(file=lesson) for line in said]  # then the notes of those boards' translations


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "line 2, number: 'three' should be a whole number"),
        ("nl", "regel 2, number: 'three' moet een heel getal zijn"),
        ("da", "linje 2, number: 'three' skal være et helt tal"),
    ],
)
def test_a_field_of_a_lesson_file_of_the_wrong_kind(tmp_path: Path, code, said):
    lesson = tmp_path / "three.yaml"
    lesson.write_text(SHIPPED.read_text(encoding="utf-8").replace("\nnumber: 3\n", "\nnumber: three\n"), "utf-8")
    assert error_line("sheet", "--lesson", str(lesson), "-o", str(tmp_path / "s.pdf"), "--lang", code) == (
        f"{lesson}, {said}"
    )


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "MiniLesson Three has no exercise 99; its exercises are 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"),
        ("nl", "Minibridgeles 3 heeft geen oefening 99; de oefeningen zijn 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"),
        ("da", "Minibridge-lektion 3 har ingen opgave 99; opgaverne er 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"),
    ],
)
def test_an_answers_file_answering_an_exercise_the_lesson_has_not(tmp_path: Path, code, said):
    answers = tmp_path / "sam.yaml"
    answers.write_text("lesson: 3\nanswers:\n  1: N 11, E 7, S 14, W 8\n  99: 4\n", encoding="utf-8")
    assert error_line("check", str(answers), "--lang", code) == f"{answers}: {said}"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "('q' could not be read; give declarer too)"),
        ("nl", "('q' kon niet gelezen worden; geef ook declarer)"),
        ("da", "('q' kunne ikke læses; giv også declarer)"),
    ],
)
def test_what_is_wrong_with_the_form_of_a_pupils_answer(tmp_path: Path, code, said):
    answers = tmp_path / "sam.yaml"
    answers.write_text("lesson: 3\nanswers:\n  2: {declarer: Q, dummy: N}\n", encoding="utf-8")
    code_, output = run("check", str(answers), "--lang", code)
    assert code_ == 0
    assert output.splitlines()[2].endswith(f"{said}.")


@pytest.mark.parametrize(
    ("code", "problems"),
    [
        (
            "en",
            [
                "the deal 'N:AKQ2.T98.76.5432' has 1 hand; a deal has four, separated by spaces",
                "the deal 'AKQ2... - - -' does not start with a seat; write it like N:AKQ2.T98.76.5432 … (four hands)",
                "every hand must hold the same number of cards, but they hold North 1, East 1, South 1, West 2",
                "the card SA is dealt twice (again to East)",
                "'SX' is not a card; write the suit then the rank, like SA, HT or D7",
                "unknown deal constraint 'fits'; the constraints are points, fit, major_fit, long_suit, "
                "strong_short_trumps, equal_partners, sequence_lead",
            ],
        ),
        (
            "nl",
            [
                "de verdeling 'N:AKQ2.T98.76.5432' heeft 1 hand; een verdeling heeft er vier, gescheiden door spaties",
                "de verdeling 'AKQ2... - - -' begint niet met een plaats; schrijf hem zoals N:AKQ2.T98.76.5432 … "
                "(vier handen)",
                "elke hand moet evenveel kaarten hebben, maar ze hebben Noord 1, Oost 1, Zuid 1, West 2",
                "de kaart SA is twee keer gedeeld (nog eens aan Oost)",
                "'SX' is geen kaart; schrijf de kleur en dan de hoogte, zoals SA, HT of D7",
                "onbekende eis aan de verdeling 'fits'; de eisen zijn points, fit, major_fit, long_suit, "
                "strong_short_trumps, equal_partners, sequence_lead",
            ],
        ),
        (
            "da",
            [
                "fordelingen 'N:AKQ2.T98.76.5432' har 1 hånd; en fordeling har fire, adskilt af mellemrum",
                "fordelingen 'AKQ2... - - -' begynder ikke med en plads; skriv den som N:AKQ2.T98.76.5432 … "
                "(fire hænder)",
                "alle hænder skal have lige mange kort, men de har Nord 1, Øst 1, Syd 1, Vest 2",
                "kortet SA er givet to gange (igen til Øst)",
                "'SX' er ikke et kort; skriv farven og så værdien, som SA, HT eller D7",
                "ukendt krav til fordelingen 'fits'; kravene er points, fit, major_fit, long_suit, "
                "strong_short_trumps, equal_partners, sequence_lead",
            ],
        ),
    ],
)
def test_deals_cards_and_seeds_written_by_hand(code, problems):
    def problem(make) -> str:
        with pytest.raises(MiniBridgeError) as caught:
            make()
        return str(caught.value)

    with speaking(code):
        found = [
            problem(lambda: Deal.from_pbn("N:AKQ2.T98.76.5432")),
            problem(lambda: Deal.from_pbn("AKQ2... - - -")),
            problem(lambda: Deal.from_pbn("N:A... K... Q... JT...")),
            problem(lambda: Deal.from_pbn("N:A... A... Q... J...")),
            problem(lambda: Card.from_str("SX")),
            problem(lambda: DealSpec.from_mapping({"seed": 1, "count": 8, "fits": 8})),
        ]
    assert found == problems


# --- league files ------------------------------------------------------------------------------------------------


def bad_league(tmp_path: Path) -> Path:
    """A league of four pairs whose file says best of 4, gives a deal played after the mini-match was won, and
    names a pair 'V' the league does not have."""
    league = tmp_path / "spring.yaml"
    assert run("league", "new", str(league), "--pairs", "I,II,III,IV")[0] == 0
    text = league.read_text(encoding="utf-8").replace("best_of: 3", "best_of: 4")
    text = text.replace("  - pairs: [I, IV]\n", "  - pairs: [I, IV]\n    deals: [W, W, L]\n", 1)
    league.write_text(text.replace("  - pairs: [II, III]\n", "  - pairs: [II, V]\n", 1), encoding="utf-8")
    return league


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "nl",
            [
                "4 problemen om op te lossen:",
                "  {file}, regel 13, best_of: best_of is 3 of 5 (spellen in een miniwedstrijd), niet 4",
                "  {file}, regel 19, rounds[0].matches[0].deals: de miniwedstrijd was voorbij na spel 2 (W,W): een "
                "miniwedstrijd van het beste uit 3 is voorbij zodra een paar 2 spellen heeft gewonnen: 2-0 of 2-1 voor "
                "de winnaar; laat het spel daarna weg",
                "  {file}, regel 20, rounds[0].matches[1].pairs: er is geen paar 'V' in deze competitie; de paren zijn "
                "I, II, III, IV",
                "  {file}, regel 15, rounds: 1 miniwedstrijd ontbreekt in het schema (II–III): elk paar speelt één "
                "keer tegen elk ander paar",
            ],
        ),
        (
            "da",
            [
                "4 problemer at rette:",
                "  {file}, linje 13, best_of: best_of er 3 eller 5 (spil i en minikamp), ikke 4",
                "  {file}, linje 19, rounds[0].matches[0].deals: minikampen var slut efter spil 2 (W,W): en minikamp "
                "bedst af 3 er slut, så snart et par har vundet 2 spil: 2-0 eller 2-1 til vinderen; udelad spillet "
                "efter det",
                "  {file}, linje 20, rounds[0].matches[1].pairs: der er intet par 'V' i denne turnering; parrene er "
                "I, II, III, IV",
                "  {file}, linje 15, rounds: 1 minikamp mangler i programmet (II–III): hvert par møder hvert andet "
                "par én gang",
            ],
        ),
    ],
)
def test_a_league_file_with_mistakes(tmp_path: Path, code, said):
    league = bad_league(tmp_path)
    code_, output = run("league", "table", str(league), "-o", str(tmp_path / "table.pdf"), "--lang", code)
    assert code_ == 1
    assert output.strip().removeprefix(HEADINGS[code]).splitlines() == [line.format(file=league) for line in said]


def test_a_league_file_with_mistakes_in_english_as_before(tmp_path: Path):
    league = bad_league(tmp_path)
    code, output = run("league", "table", str(league), "-o", str(tmp_path / "table.pdf"), "--lang", "en")
    assert code == 1
    assert output.strip().splitlines()[1:] == [
        f"  {league}, line 13, best_of: best_of is 3 or 5 (deals in a mini-match), not 4",
        f"  {league}, line 19, rounds[0].matches[0].deals: the mini-match was over after deal 2 (W,W): a best-of-3 "
        "mini-match ends as soon as one pair has won 2 deals: 2-0 or 2-1 to the winner; leave out the deal played "
        "after it",
        f"  {league}, line 20, rounds[0].matches[1].pairs: there is no pair 'V' in this league; the pairs are I, II, "
        "III, IV",
        f"  {league}, line 15, rounds: 1 mini-match missing from the schedule (II–III): every pair meets every other "
        "once",
    ]


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", ["II joined in round 4", "III withdrew before round 4; its results stand", "I was Ann until round 4"]),
        (
            "nl",
            [
                "II doet mee vanaf ronde 4",
                "III is gestopt voor ronde 4; de uitslagen blijven staan",
                "I heette Ann tot ronde 4",
            ],
        ),
        (
            "da",
            [
                "II er med fra runde 4",
                "III trak sig før runde 4; resultaterne står ved magt",
                "I hed Ann indtil runde 4",
            ],
        ),
    ],
)
def test_the_changes_of_the_pairs_in_each_language(code, said):
    changes = [
        Change(round=4, kind="joined", pair="II"),
        Change(round=4, kind="withdrew", pair="III"),
        Change(round=4, kind="renamed", pair="I", was="Ann"),
    ]
    with speaking(code):
        assert [change.text() for change in changes] == said


# --- duplicate results files ---------------------------------------------------------------------------------------

RESULTS = "1 1 2 3NT S 9\n1 3 4 game S 9\n2 1 2 3NT X 9\nx y\n"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "en",
            [
                "3 problems to fix:",
                "  {file}, line 2, contract: 'game' is not a contract; a contract is one word, its level and strain: "
                "1NT, 3NT, 1S, 4S, 4H, 5D, 5C (6NT with --slam)",
                "  {file}, line 3, declarer: 'X' is not a seat; write N, E, S or W",
                "  {file}, line 4: 6 columns are needed (board, N–S pair, E–W pair, contract, declarer, tricks), "
                "found 2: 'x y'",
            ],
        ),
        (
            "nl",
            [
                "3 problemen om op te lossen:",
                "  {file}, regel 2, contract: 'game' is geen contract; een contract is één woord, zijn niveau en "
                "kleur: 1NT, 3NT, 1S, 4S, 4H, 5D, 5C (6NT met --slam)",
                "  {file}, regel 3, leider: 'X' is geen plaats; schrijf N, E, S of W",
                "  {file}, regel 4: er zijn 6 kolommen nodig (spel, paar N–Z, paar O–W, contract, leider, slagen), "
                "gevonden 2: 'x y'",
            ],
        ),
        (
            "da",
            [
                "3 problemer at rette:",
                "  {file}, linje 2, kontrakt: 'game' er ikke en kontrakt; en kontrakt er ét ord, dens trin og farve: "
                "1NT, 3NT, 1S, 4S, 4H, 5D, 5C (6NT med --slam)",
                "  {file}, linje 3, spilfører: 'X' er ikke en plads; skriv N, E, S eller W",
                "  {file}, linje 4: der skal være 6 kolonner (spil, par N–S, par Ø–V, kontrakt, spilfører, stik), "
                "fundet 2: 'x y'",
            ],
        ),
    ],
)
def test_a_results_file_with_mistakes(tmp_path: Path, code, said):
    results = tmp_path / "results.txt"
    results.write_text(RESULTS, encoding="utf-8")
    code_, output = run("duplicate", "score", str(results), "--lang", code)
    assert code_ == 1
    assert output.strip().removeprefix(HEADINGS[code]).splitlines() == [line.format(file=results) for line in said]


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "line 2: N–S pair 1 plays board 1 twice (lines 1 and 2): each pair plays a board once"),
        ("nl", "regel 2: paar N–Z 1 speelt spel 1 twee keer (regel 1 en 2): elk paar speelt een spel één keer"),
        ("da", "linje 2: par N–S 1 spiller spil 1 to gange (linje 1 og 2): hvert par spiller et spil én gang"),
    ],
)
def test_a_pair_that_plays_a_board_twice(tmp_path: Path, code, said):
    results = tmp_path / "results.txt"
    results.write_text("1 1 2 3NT S 9\n1 1 4 3NT S 10\n", encoding="utf-8")
    assert error_line("duplicate", "score", str(results), "--lang", code) == f"{results}, {said}"


# --- templates of a teacher's own folder -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "en",
            "template {file}, line 2: mixes things that do not go together (unsupported operand type(s) for /: 'str' "
            "and 'int'): text and numbers, for example",
        ),
        (
            "nl",
            "sjabloon {file}, regel 2: mengt dingen die niet samengaan (unsupported operand type(s) for /: 'str' and "
            "'int'): tekst en getallen, bijvoorbeeld",
        ),
        (
            "da",
            "skabelon {file}, linje 2: blander ting der ikke passer sammen (unsupported operand type(s) for /: 'str' "
            "and 'int'): tekst og tal, for eksempel",
        ),
    ],
)
def test_a_template_that_breaks(tmp_path: Path, code, said):
    folder = tmp_path / "templates"
    shutil.copytree(Path(__file__).parents[1] / "templates", folder)
    pack = folder / "pack.j2"
    lines = pack.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[1] = "{% macro title(name, title) %}{{ name }}: {{ title / 0 }}{% endmacro %}\n"
    pack.write_text("".join(lines), encoding="utf-8")
    args = ("pack", "--lesson", "3", "--templates", str(folder), "-o", str(tmp_path / "p.pdf"), "--lang", code)
    assert error_line(*args) == said.format(file=pack)


# --- a file's plays replayed ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "club.pbn, board 1 (game 1, line 1): has a play but it has no deal: not replayed"),
        ("nl", "club.pbn, spel 1 (partij 1, regel 1): heeft een spelverloop maar geen verdeling: niet nagespeeld"),
        ("da", "club.pbn, spil 1 (parti 1, linje 1): har et spilforløb, men ingen fordeling: ikke spillet igennem"),
    ],
)
def test_a_play_without_its_deal_is_not_replayed(code, said):
    boards = loads('[Board "1"]\n[Declarer "S"]\n[Contract "3NT"]\n[Play "W"]\nDA D2 S2 D9\n*\n')
    with speaking(code):
        assert replay_boards(boards, source="club.pbn").skipped == [said]


# --- PBN files -----------------------------------------------------------------------------------------------------

BAD_PBN = [
    '[Board "1"]\n[Deal "N:AKQ.T98.76.5432 - - -"]\n[Result "nine"]\n',
    '[Board "2"]\n[Deal "N:AA.T98.76.5432 KQJ.AKQ.AKQ.AKQ 2.2.2.2 3.3.3.3"]\n',
    '[Board "1"]\n[Play "N"]\nSA SK SQ XJ\n',
]
"""A result that is not a number, a card twice in a hand, a card in the play that is no card."""


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "en",
            [
                "{file}, line 3, board 1: the result 'nine' is not a number of tricks; write it like [Result \"9\"], "
                '[Result "NS 9"] or [Result "NS 9 EW 4"]',
                "{file}, line 2, board 2: the deal cannot be: North's hand: the hand 'AA.T98.76.5432' holds the "
                "spade A twice",
                "{file}, line 3: 'XJ' in the play is not a card; write cards like SA, HT or D7, '-' for one not played",
            ],
        ),
        (
            "nl",
            [
                "{file}, regel 3, spel 1: de uitslag 'nine' is geen aantal slagen; schrijf hem zoals [Result \"9\"], "
                '[Result "NS 9"] of [Result "NS 9 EW 4"]',
                "{file}, regel 2, spel 2: de verdeling klopt niet: de hand van Noord: de hand 'AA.T98.76.5432' heeft "
                "schoppen A twee keer",
                "{file}, regel 3: 'XJ' in het spelverloop is geen kaart; schrijf kaarten zoals SA, HT of D7, '-' voor "
                "een niet gespeelde",
            ],
        ),
        (
            "da",
            [
                "{file}, linje 3, spil 1: resultatet 'nine' er ikke et antal stik; skriv det som [Result \"9\"], "
                '[Result "NS 9"] eller [Result "NS 9 EW 4"]',
                "{file}, linje 2, spil 2: fordelingen er ikke mulig: Nords hånd: hånden 'AA.T98.76.5432' har "
                "spar A to gange",
                "{file}, linje 3: 'XJ' i spilforløbet er ikke et kort; skriv kort som SA, HT eller D7, '-' for et der "
                "ikke blev spillet",
            ],
        ),
    ],
)
def test_pbn_files_with_mistakes(tmp_path: Path, code, said):
    found = []
    for index, text in enumerate(BAD_PBN):
        pbn = tmp_path / f"bad{index}.pbn"
        pbn.write_text(text, encoding="utf-8")
        found.append(
            error_line("records", str(pbn), "-o", str(tmp_path / "r.pdf"), "--lang", code).replace(str(pbn), "{file}")
        )
    assert found == said


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "there is no such file; check the name and the folder"),
        ("nl", "dit bestand bestaat niet; kijk de naam en de map na"),
        ("da", "filen findes ikke; tjek navnet og mappen"),
    ],
)
def test_a_pbn_file_that_is_not_there(tmp_path: Path, code, said):
    pbn = tmp_path / "club.pbn"
    assert error_line("records", str(pbn), "--lang", code) == f"{pbn}: {said}"


@pytest.mark.parametrize(
    ("code", "left_out", "nothing"),
    [
        ("en", "line 1: board 1 has no deal to print: left out", "no board has a deal, so there is nothing to print"),
        (
            "nl",
            "regel 1: spel 1 heeft geen verdeling om af te drukken: weggelaten",
            "geen enkel spel heeft een verdeling, dus er is niets af te drukken",
        ),
        (
            "da",
            "linje 1: spil 1 har ingen fordeling at udskrive: udeladt",
            "intet spil har en fordeling, så der er intet at udskrive",
        ),
    ],
)
def test_a_pbn_file_without_a_deal_to_print(tmp_path: Path, code, left_out, nothing):
    pbn = tmp_path / "club.pbn"
    pbn.write_text('[Board "1"]\n[Dealer "N"]\n', encoding="utf-8")
    code_, output = run("records", str(pbn), "-o", str(tmp_path / "r.pdf"), "--lang", code)
    assert code_ == 1
    assert output.splitlines() == [f"{pbn}, {left_out}", f"{HEADINGS[code]}{pbn}: {nothing}"]
