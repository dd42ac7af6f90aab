"""English, Dutch and Danish: the catalogues complete, plurals, numbers and dates, honours, and ``--lang``."""

from __future__ import annotations

import ast
import datetime
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from minibridge import language
from minibridge.cli import main
from minibridge.language import LanguageError, speaking
from minibridge.lessons import find_kind
from minibridge.render.text import wording

ROOT = Path(__file__).parents[1]
TRANSLATED = ("nl", "da")


def _catalogue(code: str):
    with language.catalogue_path(code).open("rb") as stream:
        return read_po(stream, locale=code)


def _extracted() -> dict[tuple[str | None, str | tuple[str, ...]], str]:
    """Every message of the templates and the library, found by Babel's extractor as ``babel.cfg`` says."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as stream:
        method_map, options_map = parse_mapping_cfg(stream)
    found = {}
    for filename, _line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, comment_tags=("TRANSLATORS:",)
    ):
        key = message if isinstance(message, str) else tuple(message)
        found[(context, key)] = filename
    return found


@pytest.fixture(scope="module")
def extracted() -> dict[tuple[str | None, str | tuple[str, ...]], str]:
    return _extracted()


def test_the_extractor_finds_the_words_of_print_the_web_and_the_library(extracted):
    files = set(extracted.values())
    assert "templates/pack.j2" in files and "minibridge/language.py" in files
    assert (None, ("%(count)s trick", "%(count)s tricks")) in extracted


def catalogue_problems(catalogue, extracted) -> dict[str, list]:
    """What is wrong with a catalogue against the messages extracted: missing, untranslated (an empty msgstr),
    fuzzy, stale (in the catalogue, used nowhere), or a placeholder lost in translation."""
    found: dict[str, list] = {"missing": [], "untranslated": [], "fuzzy": [], "stale": [], "placeholders": []}
    for context, key in extracted:
        message = catalogue.get(key if isinstance(key, str) else key[0], context=context)
        if message is None:
            found["missing"].append(key)
            continue
        strings = (message.string,) if isinstance(message.string, str) else message.string
        if not all(strings):
            found["untranslated"].append(key)
        if message.fuzzy:
            found["fuzzy"].append(key)
    for message in catalogue:
        key = message.id if isinstance(message.id, str) else tuple(message.id)
        if message.id and (message.context, key) not in extracted:
            found["stale"].append(key)
    found["placeholders"] = [message.id for message, _errors in catalogue.check()]
    if catalogue.fuzzy:
        found["fuzzy"].append("the header")
    return {kind: keys for kind, keys in found.items() if keys}


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_in_the_catalogue_and_translated(code, extracted):
    assert catalogue_problems(_catalogue(code), extracted) == {}, "bring the catalogue up to date as the README says"


def test_an_empty_fuzzy_missing_stale_or_broken_translation_is_caught(tmp_path):
    po = tmp_path / "messages.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: nl\\n"\n\n'
        'msgid "Board"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Dealer"\nmsgstr "Gever"\n\n'
        'msgid "Old words"\nmsgstr "Oude woorden"\n\n'
        '#, python-format\nmsgid "Board %(number)s"\nmsgstr "Spel %(nummer)s"\n',
        encoding="utf-8",
    )
    with po.open("rb") as stream:
        catalogue = read_po(stream, locale="nl")
    extracted = {(None, "Board"): "", (None, "Dealer"): "", (None, "Board %(number)s"): "", (None, "North"): ""}
    assert catalogue_problems(catalogue, extracted) == {
        "missing": ["North"],
        "untranslated": ["Board"],
        "fuzzy": ["Dealer"],
        "stale": ["Old words"],
        "placeholders": ["Board %(number)s"],
    }


GETTEXT = {"gettext", "ngettext", "pgettext", "npgettext", "N_", "_"}


def gettext_in_fstrings(path: Path) -> list[int]:
    """The lines of a module where a message is looked up inside an f-string, where Babel's extractor cannot
    see it (so it would never reach the catalogues)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.JoinedStr):
            found += [
                call.lineno
                for call in ast.walk(node)
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in GETTEXT
            ]
    return found


@pytest.mark.parametrize(
    "path", sorted((ROOT / "minibridge").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT / "minibridge"))
)
def test_no_message_is_looked_up_where_the_extractor_cannot_see_it(path):
    assert gettext_in_fstrings(path) == []


def test_a_message_inside_an_fstring_is_found(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('x = f"{gettext(\'tricks\'):>6}"\ny = gettext("tricks")\n', encoding="utf-8")
    assert gettext_in_fstrings(module) == [1]


NOT_WORDS = {"MiniBridge", "EBU"}
"""Names that every language writes the same: the game, the English Bridge Union."""


def words_outside_translation(path: Path) -> list[str]:
    """The words of a template written outside ``{% trans %}`` and ``_()``: text no catalogue can translate.

    HTML tags (with their attributes, even where jinja2 fills some in, and the blocks ``body_…`` that fill in
    the body's attributes), ``<code>`` (commands the teacher types), scripts and the names in :data:`NOT_WORDS` are left
    aside."""
    env = wording().env
    source = path.read_text(encoding="utf-8")
    depth, text, names = 0, [], ["", ""]
    for _line, kind, value in env.lex(source, str(path)):
        if kind == "name":
            names = [names[1], value]
        if kind == "name" and value in ("trans", "pluralize"):
            depth += value == "trans"
        elif kind == "name" and value == "endtrans":
            depth -= 1
        elif not depth:
            attributes = names[0] == "block" and names[1].startswith("body_")
            text.append(value if kind == "data" and not attributes else "\x00")
    outside = re.sub(r"<code>.*?</code>|<script>.*?</script>|\(minibridge \w+\)", " ", "".join(text), flags=re.S)
    outside = re.sub(r"<[^>]*>|&\w+;", " ", outside)
    return [word for word in re.findall(r"[A-Za-z]{2,}", outside) if word not in NOT_WORDS]


@pytest.mark.parametrize("path", sorted((ROOT / "templates").rglob("*.j2")), ids=lambda p: p.name)
def test_no_template_holds_words_outside_the_catalogue(path):
    assert words_outside_translation(path) == []


def test_words_outside_the_catalogue_are_found(tmp_path):
    template = tmp_path / "t.j2"
    template.write_text(
        '{% macro a() %}{{ _("Board") }} · {% trans %}Dealer{% endtrans %}<b class="x{{ y }} z">Score</b>'
        "<code>minibridge serve</code> MiniBridge (minibridge pack){% endmacro %}",
        encoding="utf-8",
    )
    assert words_outside_translation(template) == ["Score"]


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [("en", "1 trick", "2 tricks"), ("nl", "1 slag", "2 slagen"), ("da", "1 stik", "2 stik")],
)
def test_plurals_in_each_language(code, one, two):
    words = wording()
    with speaking(code):
        assert words("answers", "answer", phrases=find_kind("goal").in_words(1)) == one
        assert words("answers", "answer", phrases=find_kind("goal").in_words(2)) == two
        assert language.ngettext("%(count)s trick", "%(count)s tricks", 0) % {"count": 0} == two.replace("2", "0")


@pytest.mark.parametrize(
    ("code", "thousand", "decimal", "share", "day", "when"),
    [
        ("en", "1,020", "52.3", "52.3%", "15 March 2024", "5 Mar 2024, 14:05"),
        ("nl", "1.020", "52,3", "52,3%", "15 maart 2024", "5 mrt 2024, 14:05"),
        ("da", "1.020", "52,3", "52,3\N{NO-BREAK SPACE}%", "15. marts 2024", "5 mar. 2024, 14:05"),
    ],
)
def test_numbers_and_dates_in_the_language_form(code, thousand, decimal, share, day, when):
    with speaking(code):
        assert language.moment(datetime.datetime(2024, 3, 5, 14, 5)) == when
        assert language.number(1020) == thousand
        assert language.number(52.34, decimals=1) == decimal
        assert language.percent(52.34) == share
        assert language.date(datetime.date(2024, 3, 15)) == day


@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_english_whole_numbers_without_babel_are_what_babel_writes(value):
    from babel.numbers import format_decimal

    assert language.number(value) == format_decimal(value, locale="en_GB")


@pytest.mark.parametrize(
    ("code", "english_honours", "ranks"),
    [
        ("en", False, "A K Q J 10 9"),
        ("nl", False, "A H V B 10 9"),
        ("da", False, "E K D B 10 9"),
        ("nl", True, "A K Q J 10 9"),
        ("da", True, "A K Q J 10 9"),
    ],
)
def test_honours_as_each_language_prints_them(code, english_honours, ranks):
    with speaking(code, english_honours=english_honours):
        assert " ".join(language.rank(letter) for letter in "AKQJT9") == ranks


@pytest.mark.parametrize(("code", "nt"), [("en", "3NT"), ("nl", "3ZT"), ("da", "3UT")])
def test_contracts_written_short(code, nt):
    with speaking(code):
        assert language.contract(3, "NT") == nt
        assert language.contract(4, "H") == "4♥"


def test_the_language_of_the_locale_and_of_the_browser():
    assert language.language_of_locale({}) == "en"
    assert language.language_of_locale({"LANG": "nl_BE.UTF-8"}) == "nl"
    assert language.language_of_locale({"LC_ALL": "da_DK", "LANG": "nl_NL"}) == "da"
    assert language.language_of_locale({"LC_MESSAGES": "fr_FR", "LANG": "da_DK"}) == "en"
    assert language.language_of_locale({"LANG": "C"}) == "en"
    assert language.from_accept_language("da, en-GB;q=0.8, en;q=0.7") == "da"
    assert language.from_accept_language("de-DE, nl;q=0.5, en;q=0.9") == "en"
    assert language.from_accept_language("fr, de") is None
    assert language.from_accept_language("nl;q=0, da;q=bad, en;q=0.1") == "en"
    assert language.from_accept_language(None) is None


def test_an_unknown_language_is_refused_with_the_list():
    with pytest.raises(LanguageError, match=r"no language 'fr'; choose one of en \(English\), nl"):
        language.find_language("fr")


def test_speaking_is_undone_after_the_block():
    with speaking("nl"):
        assert language.gettext("Board") == "Spel"
        with speaking("da"):
            assert language.gettext("Board") == "Spil"
        assert language.current().code == "nl"
    assert language.gettext("Board") == "Board"


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), env=env)
    return result.exit_code, result.output


COMMANDS = [
    ["pack"],
    ["sheet"],
    ["records"],
    ["scoresheet"],
    ["league", "table"],
    ["duplicate", "score"],
    ["tricks-chart"],
    ["score"],
    ["play"],
    ["check"],
    ["lessons"],
    ["lessons", "show"],
    ["verify"],
    ["replay"],
    ["announce"],
    ["deal"],
    ["league", "new"],
    ["league", "record"],
    ["league", "status"],
    ["league", "pair", "add"],
    ["league", "pair", "withdraw"],
    ["league", "pair", "rename"],
    ["serve"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_that_prints_words_takes_lang(command):
    code, output = run(*command, "--help")
    assert code == 0
    assert "--lang [en|nl|da]" in output and "--english-honours" in output


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_an_unknown_language_is_bad_usage_with_the_list(command):
    code, output = run(*command, "--lang", "fr")
    assert code == 2
    assert "'fr' is not one of 'en', 'nl', 'da'" in output


def test_lang_chooses_the_language_and_the_locale_is_the_default(tmp_path):
    for args, env, dealer in [
        (["--lang", "nl"], None, "Gever"),
        (["--lang", "DA"], None, "Giver"),
        ([], {"LANG": "nl_NL.UTF-8"}, "Gever"),
        ([], {"LANG": "da_DK.UTF-8", "LC_ALL": ""}, "Giver"),
        ([], {"LANG": "fr_FR.UTF-8"}, "Dealer"),
        (["--lang", "en"], {"LANG": "nl_NL.UTF-8"}, "Dealer"),
    ]:
        out = tmp_path / "sheets.pdf"
        code, output = run("scoresheet", "--deals", "2", "-o", str(out), "--force", *args, env=env)
        assert code == 0, output
        from pypdf import PdfReader

        text = "".join(page.extract_text() for page in PdfReader(out).pages)
        assert dealer in text, (args, env)
    assert language.current().code == "en"


def test_scoring_in_english_from_the_command_line_loads_no_catalogue():
    code = (
        "import sys\n"
        "from minibridge.cli import main\n"
        "main(['score', '3NT', '9'], standalone_mode=False)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'babel'))\n"
    )
    run_ = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run_.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["3NT", "9", "--lang", "nl"],
            "3ZT (manche zonder troef), 9 slagen: doel 9 gehaald; het spelende paar krijgt 400.",
        ),
        (["1NT", "8", "--lang", "da"], "1UT (delkontrakt uden trumf), 8 stik: målet 7 nået med 1 overstik; "),
        (
            ["4H", "8", "--lang", "da"],
            "4H (udgang i hjerter), 8 stik: målet 10 ikke nået, 2 for lidt; modspillerne får 100.",
        ),
        (
            ["5D", "11", "--lang", "nl", "--rules", "nbb", "--hcp", "26"],
            "5R (manche in ruiten), 11 slagen: doel 11 gehaald",
        ),
        (["1S", "1", "--lang", "nl"], "1S (deelscore in schoppen), 1 slag: doel 7 gemist met 6;"),
    ],
)
def test_score_speaks_the_language(args, said):
    code, output = run("score", *args)
    assert code == 0 and output.startswith(said), output


def test_the_score_table_in_danish():
    code, output = run("score", "--table", "--rules", "targets", "--lang", "da")
    assert code == 0
    assert (
        output.splitlines()[0]
        == "Mål efter point tilsammen: V = spilførerparret vinder spillet, T = modspillerne vinder"
    )


def test_check_marks_in_dutch(tmp_path):
    form = tmp_path / "sam.yaml"
    assert run("check", "--template", "3", "-o", str(form))[0] == 0
    _, output = run("check", str(form), "--lang", "nl")
    lines = output.splitlines()
    assert lines[0] == "Minibridgeles 3: Spelen met een dummy"
    assert lines[1].startswith("Oefening 1, spel 1: niet beantwoord. Het antwoord is {N: 11, E: 7, S: 14, W: 8}: ")
    assert "Noord 11 (" in lines[1] and lines[-1] == "0 van de 10 goed."


def test_duplicate_ranking_in_danish(tmp_path):
    results = tmp_path / "results.txt"
    results.write_text("1 1 1 3NT S 10\n1 2 2 4S N =\n2 1 2 3NT N 9\n2 2 1 1NT S 8\n", encoding="utf-8")
    code, output = run("duplicate", "score", str(results), "--lang", "da")
    assert code == 0
    assert output.splitlines()[:2] == ["N–S-par:", "  plads par  spil  matchpoint  procent"]
    assert "4 af 4  100,0\N{NO-BREAK SPACE}%" in output and "Ø–V-par:" in output


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "1 of 3 mini-matches played"),
        ("nl", "1 van 3 miniwedstrijden gespeeld"),
        ("da", "1 af 3 minikampe spillet"),
    ],
)
def test_a_plural_goes_by_the_count_it_counts(code, said):
    """ "1 of 3 mini-matches": the plural follows the 3, not the first number of the sentence."""
    with speaking(code):
        assert wording()("league", "progress", played=1, total=3) == said


def test_a_refused_card_and_a_refused_contract_are_told_in_the_language():
    from minibridge.cards import Card, Seat
    from minibridge.contract import Contract
    from minibridge.deal import Deal
    from minibridge.play import Play
    from minibridge.rules import RULE_SETS, contract_problems
    from minibridge.table import why_not

    deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
    play = Play(deal, declarer=Seat.SOUTH)
    play.play("HT", Seat.WEST)
    english = why_not(play, Seat.NORTH, Card.from_str("SA"), you=Seat.NORTH)
    assert english == "you must follow suit: hearts were led and you hold ♥K ♥Q ♥2"
    with speaking("nl"):
        assert why_not(play, Seat.NORTH, Card.from_str("SA"), you=Seat.NORTH) == (
            "je moet bekennen: er is harten gespeeld en je hebt ♥H ♥V ♥2"
        )
    with speaking("da"):
        assert why_not(play, Seat.NORTH, Card.from_str("SA")) == (
            "Nord skal bekende: der er spillet hjerter, og Nord har ♥K ♥D ♥2"
        )
        [problem] = contract_problems(Contract.from_str("4H"), RULE_SETS["nbb"], points=26, trumps_held=7)
        assert problem.startswith("efter de hollandske regler kan hjerter kun være trumf med 8 kort")


@pytest.mark.parametrize(
    ("code", "card", "said", "words"),
    [
        ("nl", "HV", "Slag 1: Zuid ♥V, ", ["Jouw hand (Zuid):", "Oost kiest 1ZT (deelscore zonder troef).", "stoppen"]),
        ("da", "HD", "Stik 1: Syd ♥D, ", ["Din hånd (Syd):", "Øst vælger 1UT (delkontrakt uden trumf).", "stop"]),
    ],
)
def test_play_at_the_terminal_in_dutch_and_danish(code, card, said, words):
    """The pupil types cards in the language's letters (Dutch HV, Danish HD: the queen of hearts) and reads
    every line in the language."""
    quit_word = words[-1]
    result = CliRunner().invoke(
        main,
        ["play", "--lesson", "3", "--deals", "1", "--seed", "7", "--lang", code],
        input=f"XX\n{card}\n{quit_word}\n",
    )
    assert result.exit_code == 0, result.output
    assert said in result.output
    assert all(word in result.output for word in words[:-1])
    assert "is geen kaart" in result.output if code == "nl" else "er ikke et kort" in result.output


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "Error: 'x' is neither a lesson number (1 to 6) nor a lesson file"),
        ("nl", "Fout: 'x' is geen lesnummer (1 tot en met 6) en ook geen lesbestand"),
        ("da", "Fejl: 'x' er hverken et lektionsnummer (1 til 6) eller en lektionsfil"),
    ],
)
def test_a_commands_error_is_told_in_the_language_heading_and_all(code, said):
    exit_code, output = run("score", "3NT", "9", "--lesson", "x", "--lang", code)
    assert exit_code == 1 and output == said + "\n"


def test_bad_usage_is_told_in_the_language_below_the_usage_line():
    exit_code, output = run("score", "3NT", "9", "--rules", "ebu", "--lesson", "3", "--lang", "da")
    assert exit_code == 2
    usage, hint, gap, said = output.splitlines()
    assert usage.startswith("Usage: ") and usage.endswith(" score [OPTIONS] [CONTRACT] [TRICKS]")
    assert hint.startswith("Try '") and hint.endswith(" score --help' for help.") and gap == ""
    assert said == "Fejl: angiv enten --rules eller --lesson, ikke begge: en lektion har sine egne regler"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "nl",
            [
                "ieder 13 kaarten",
                "punten noemen; leider en dummy (bij gelijke punten is wie het eerst noemde leider)",
                "contracten: zonder troef, schoppen, harten, ruiten, klaveren",
                "deelscore en manche",
                "troef vraagt samen 8 kaarten; manche vraagt samen 25 punten",
                "Nederlandse telling: 10 per slag, plus- en minpunten",
            ],
        ),
        (
            "da",
            [
                "13 kort til hver",
                "point oplyses; spilfører og den blinde (ved lighed er den der oplyste først spilfører)",
                "kontrakter: uden trumf, spar, hjerter, ruder, klør",
                "delkontrakt og udgang",
                "trumf kræver 8 kort tilsammen; udgang kræver 25 point tilsammen",
                "hollandsk pointberegning: 10 pr. stik, plus- og minuspoint",
            ],
        ),
    ],
)
def test_the_rules_in_force_in_dutch_and_danish(code, said):
    from minibridge.rules import find_rules
    from minibridge.scoring import find_scheme

    with speaking(code):
        assert find_rules("nbb").describe() == said
        assert find_scheme("nbb").description == said[-1]
        lesson_rules = find_rules("lesson").describe()
    assert lesson_rules[3] == {"nl": "alleen deelscores", "da": "kun delkontrakter"}[code]


def test_the_lessons_in_dutch():
    code, output = run("lessons", "--lang", "nl")
    assert code == 0
    lines = output.splitlines()
    assert lines[4] == "3. Minibridgeles 3: Spelen met een dummy"
    assert lines[5] == (
        "   ieder 13 kaarten; punten noemen; leider en dummy (bij gelijke punten kiezen de spelers); contracten: "
        "zonder troef; alleen deelscores; telling van de lessen: 50 plus 40 per slag boven de zes"
    )


def test_a_lesson_in_full_in_danish_the_language_given_to_the_group():
    code, output = run("lessons", "--lang", "da", "show", "3")
    assert code == 0
    lines = output.splitlines()
    assert lines[0] == "Minibridge-lektion 3: At spille med en blind"
    assert "Læringsmål: eleverne vil kunne" in lines and "Gældende regler" in lines and "Noter til læreren" in lines
    assert "  - kun delkontrakter" in lines
    board = lines.index(
        "  Spil 2, giver Øst; 1UT af Nord: E:A4.J852.KQ9.QT75 J87.Q6.J742.AJ98 T5.A9743.T63.K43 KQ9632.KT.A85.62"
    )
    assert lines[board + 3 : board + 6] == [
        "      Stik  Spillet ud af Kortene i den spillede rækkefølge   Vundet af",
        "      1     Øst            Ø ♥2     S ♥6    [V ♥E]    N ♥10   Vest",
        "      2     Vest           V ♥3    [N ♥K]    Ø ♥5     S ♥D    Nord",
    ]
    assert "  8. (replay, spil 2) Spil 2: " in output
    english = run("lessons", "show", "3", "--lang", "da", "--english-honours")[1]
    assert "      2     Vest           V ♥3    [N ♥K]    Ø ♥5     S ♥Q    Nord" in english


def test_a_lessons_variants_and_json_in_dutch():
    code, output = run("lessons", "show", "5", "--lang", "nl")
    assert code == 0
    assert "  Varianten die de leerkracht kan aanzetten:" in output
    assert "  - nbb: de Nederlandse regels (10 per slag, plus- en minpunten): geef --rules nbb in plaats van" in output
    data = json.loads(run("lessons", "--json", "--lang", "nl")[1])
    assert data[4]["title"] == "Manche of deelscore: de volledige telling"
    assert data[4]["rules"][-2:] == ["deelscore en manche", "EBU-telling"]


def test_verify_in_dutch_and_danish(tmp_path):
    small = ROOT / "tests" / "data" / "lessons" / "small.yaml"
    code, output = run("verify", str(small), "--lang", "nl")
    assert code == 0 and output == f"{small}: Minibridgeles 3: 7 spellen nagespeeld, alle 5 antwoorden kloppen.\n"
    broken = tmp_path / "broken.yaml"
    broken.write_text("number: [\n", encoding="utf-8")
    code, output = run("verify", str(small), str(broken), "--lang", "da")
    lines = output.splitlines()
    assert code == 1 and lines[0].endswith("Minibridge-lektion 3: 7 spil genspillet, alle 5 svar er rigtige.")
    assert lines[1].startswith(f"Fejl: {broken}")
    code, output = run("verify", str(tmp_path / "broken.yaml"), "--json", "--lang", "da")
    assert code == 1 and json.loads(output)[0]["problems"][0].startswith(str(broken))
    empty = tmp_path / "empty"
    empty.mkdir()
    code, output = run("verify", str(empty), "--lang", "da")
    assert code == 1
    assert output == "Fejl: ingen lektionsfiler fundet: angiv en lektionsfil eller en mappe med lektionsfiler\n"


def test_replay_in_danish_an_ambiguous_record_and_why():
    revoke = ROOT / "tests" / "data" / "pbn" / "revoke.pbn"
    code, output = run("replay", str(revoke), "--board", "1", "--lang", "da")
    assert code == 0
    assert output.splitlines()[:4] == [
        "Spil 1 (parti 1): 7NT af Syd: spilførerens par tog 13 af de 13 spillede stik; filens resultat 13 stemmer; "
        "score: spilførerens par 1020, modspillerne 0.",
        "  uregelmæssighed: stik 12: renonce af Øst (♥2), etableret: ét stik går til Nord–Syd til sidst (lov 21)",
        "  tvetydigt: optegnelsen kan også læses med stik 12: udspil uden for tur af Øst (♥2), accepteret: Nord skulle "
        "have spillet ud (lov 19); spilførerens par ville så tage 12 stik",
        "  genspillet som ovenfor, fordi den stemmer med filens resultat, 13",
    ]
    games = json.loads(run("replay", str(revoke), "--json", "--lang", "da")[1])
    assert games[0]["ambiguous"]["reason"] == "den stemmer med filens resultat, 13"
    assert games[0]["contract"] == "7NT" and games[0]["side_tricks"] == {"NS": 13, "EW": 0}
    code, output = run("replay", str(revoke), "--board", "9", "--lang", "da")
    assert output == f"{revoke}: spil 9 har intet parti med en fordeling, en kontrakt og et optegnet spilforløb.\n"


def test_replay_in_dutch_trick_by_trick_with_the_dutch_honours():
    results = ROOT / "tests" / "data" / "pbn" / "results.pbn"
    code, output = run("replay", str(results), "--tricks", "--lang", "nl")
    lines = output.splitlines()
    assert code == 0 and lines[0] == (
        "Spel 10 (partij 10): 7NT door Zuid: het paar van de leider haalde 13 van de 13 gespeelde slagen; de spelers "
        "kwamen 12 slagen overeen (de uitslag in het bestand ^12); het spel geeft 13; score: spelend paar 0, "
        "tegenspelers 50."
    )
    assert lines[1].startswith("  slag  1: West komt uit, ♥") and lines[1].endswith("wint")
    assert any("♥H" in line for line in lines[1:]) and not any("♥K" in line for line in lines[1:])
    code, output = run("replay", str(ROOT / "tests" / "data" / "pbn" / "empty.pbn"), "--lang", "nl")
    assert code == 0 and output.endswith(
        ": het bestand heeft geen partijen, alleen de PBN-kop: er is niets na te spelen.\n"
    )


TIED = "N:KQ754.A9862.Q.K5 96.KJ73.T54.JT42 J2.QT.AJ632.AQ98 AT83.54.K987.763"
"""North and South hold 14 points each: under Lesson Three they choose who declares, under Lesson Five North
declares, having announced first."""


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--lesson", "3", "--lang", "nl"],
            [
                "Gever Noord. Genoemde punten: Noord 14, Oost 5, Zuid 14, West 7.",
                "Noord–Zuid hebben 28, Oost–West 12: Noord–Zuid spelen.",
                "Noord en Zuid hebben evenveel punten: in deze les kiezen ze zelf wie leider is.",
            ],
        ),
        (
            ["--lesson", "5", "--lang", "da"],
            [
                "Giver Nord. Oplyste point: Nord 14, Øst 5, Syd 14, Vest 7.",
                "Nord–Syd har 28, Øst–Vest 12: Nord–Syd får spillet.",
                "Spilfører Nord (lige mange point: den der oplyste først, er spilfører), den blinde Syd; "
                "Øst spiller ud.",
            ],
        ),
        (
            ["--three-handed", "simple", "--dealer", "E", "--lang", "nl"],
            [
                "Gever Oost, dummyhand bij West (7 punten). Genoemd: Oost 5, Zuid 14, Noord 14.",
                "Noord gaat de hand bij West spelen.",
                "Leider Zuid, dummy Noord; West komt uit.",
            ],
        ),
    ],
)
def test_announce_in_dutch_and_danish(args, said):
    code, output = run("announce", TIED, *args)
    assert code == 0 and output.splitlines()[: len(said)] == said


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("nl", "3 spellen voor Minibridgeles 4 geschreven naar "),
        ("da", "3 spil til Minibridge-lektion 4 skrevet til "),
    ],
)
def test_deal_says_what_it_wrote_in_the_language(tmp_path, code, said):
    target = tmp_path / "practice.pbn"
    exit_code, output = run("deal", "--lesson", "4", "-n", "3", "-o", str(target), "--lang", code)
    assert exit_code == 0 and output == f"{said}{target}\n"
    assert target.read_text(encoding="utf-8").count("[Deal ") == 3
    exit_code, output = run("deal", "--lesson", "4", "-n", "3", "-o", str(target), "--lang", code)
    assert exit_code == 1 and output.startswith({"nl": "Fout: ", "da": "Fejl: "}[code])


def test_a_league_kept_in_dutch(tmp_path):
    league = str(tmp_path / "spring.yaml")
    code, output = run("league", "new", league, "--pairs", "I,II,III,IV,V", "--title", "Lente", "--lang", "nl")
    assert code == 0
    assert output.splitlines()[:3] == [
        f"{league}: Lente, 5 paren, 5 rondes, 10 miniwedstrijden (beste uit 3, doelen)",
        "Speelschema:",
        "  Ronde 1: II tegen V: nog te spelen; III tegen IV: nog te spelen; I heeft vrij",
    ]
    code, output = run(
        "league", "record", league, "--round", "1", "--pairs", "II-V", "--deals", "W,L,W", "--lang", "nl"
    )
    assert code == 0 and output == f"{league}: ronde 1, II won van V met 2–1 (1 van 10 gespeeld)\n"
    code, output = run("league", "record", league, "--round", "1", "--pairs", "III-IV", "--lang", "nl")
    assert code == 2 and output.splitlines()[-1] == (
        "Fout: geef de uitslag op één manier: --deals W,L,W of --scores 420-0,0-100,90-0 of --result 2-1"
    )
    code, output = run("league", "pair", "add", league, "Mary-Jane & Tom", "--lang", "nl")
    assert code == 0 and output.startswith(
        f"{league}: Mary-Jane & Tom doet mee vanaf ronde 2. 6 rondes, 1 van 15 miniwedstrijden gespeeld.\nSpeelschema:"
    )
    code, output = run("league", "pair", "withdraw", league, "IV", "--lang", "nl")
    assert code == 0 and output.startswith(f"{league}: IV is gestopt voor ronde 2; de uitslagen blijven staan. ")
    code, output = run("league", "pair", "rename", league, "III", "Cara & Dev", "--lang", "nl")
    assert code == 0 and output.startswith(f"{league}: Cara & Dev heette III tot ronde 2. ")
    code, output = run("league", "status", league, "--lang", "nl")
    lines = output.splitlines()
    assert code == 0 and lines[0] == "Lente: beste uit 3, doelen; 1 van 10 miniwedstrijden gespeeld"
    assert lines[2].endswith("   gewonnen spellen plaats")
    assert (
        "(spellen gewonnen door het paar links, dan door het paar bovenaan; - nooit gespeeld: een paar is gestopt; "
        ". nog te spelen)" in lines
    )
    assert "Stand (gewonnen wedstrijden, dan gewonnen spellen, dan onderling resultaat):" in lines
    assert any(line.startswith("     1 II ") and line.endswith("gewonnen wedstrijden") for line in lines)
    assert any("Cara & Dev" in line and line.endswith("gelijk (was III)") for line in lines)
    assert any("IV" in line and line.endswith("(gestopt voor ronde 2)") for line in lines)


def test_a_league_scored_the_ebu_way_in_danish(tmp_path):
    league = str(tmp_path / "club.yaml")
    pairs = "Anna & Ben,Cara & Dev,Eli & Fay,Gus & Hal"
    code, output = run("league", "new", league, "--pairs", pairs, "--scoring", "ebu", "--best-of", "5", "--lang", "da")
    assert code == 0 and output.startswith(
        f"{league}: Club, 4 par, 3 runder, 6 minikampe (bedst af 5, EBU)\nSpilleplan:"
    )
    match = ["--round", "1", "--pairs", "Anna & Ben v Gus & Hal", "--scores", "420-0,0-100,90-0,110-0"]
    code, output = run("league", "record", league, *match, "--lang", "da")
    assert code == 0
    assert output == f"{league}: runde 1, Anna & Ben slog Gus & Hal 3–1, point 620–100 (1 af 6 spillet)\n"
    code, output = run("league", "status", league, "--lang", "da")
    lines = output.splitlines()
    assert code == 0 and "Stilling (vundne kampe, så vundne spil, så indbyrdes kamp):" in lines
    assert "plads par         spillet vundet tabt spil vundet/tabt   point  placeret efter" in lines
    assert "    1 Anna & Ben        1      1    0       3/1        620  vundne kampe" in lines
    assert lines[-1] == "  Runde 3: Cara & Dev mod Gus & Hal: skal spilles; Eli & Fay mod Anna & Ben: skal spilles"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("nl", ["Leerlingen: ", "Klascode: OWL42", "Leerkracht: ", "Spellen en voortgang worden bewaard in "]),
        ("da", ["Elever: ", "Klassekode: OWL42", "Lærer: ", "Spil og fremskridt gemmes i "]),
    ],
)
def test_serve_starts_in_the_language_and_says_why_it_cannot(tmp_path, code, said):
    """A port already taken: the start-up lines, then why the classroom cannot be served, in the language."""
    import socket

    from minibridge.web.server import free_port

    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--no-open", "--data", str(tmp_path)]
        args += ["--class-code", "OWL42"]
        exit_code, output = run(*args, "--teacher-token", "secret", "--lang", code)
    lines = output.splitlines()
    assert exit_code == 1 and len(lines) == 5
    assert all(line.startswith(start) for line, start in zip(lines, said, strict=False))
    assert lines[0] == f"{said[0]}http://127.0.0.1:{port}/"
    assert lines[2] == f"{said[2]}http://127.0.0.1:{port}/teacher?token=secret"
    assert lines[4].startswith(
        {"nl": "Fout: kan niet luisteren op 127.0.0.1:", "da": "Fejl: kan ikke lytte på 127.0.0.1:"}[code]
    )
    assert lines[4].endswith({"nl": "kies een andere --port", "da": "vælg en anden --port"}[code])


def test_the_words_of_the_printing_and_playing_commands_mistakes_included(tmp_path):
    code, output = run("score", "4S", "--lang", "da")
    assert code == 2 and output.splitlines()[-1] == (
        "Fejl: angiv en CONTRACT og de TRICKS (stik) spilfører tog, f.eks. 'minibridge score 4S 10'"
    )
    code, output = run("score", "4H", "9", "--rules", "targets", "--lang", "nl")
    assert code == 2 and output.splitlines()[-1] == (
        "Fout: geef met --rules targets de punten van het spelende paar, bijvoorbeeld --hcp 27"
    )
    code, output = run("play", "--deals", "2", "--target", "500", "--lang", "nl")
    assert code == 2 and output.splitlines()[-1] == "Fout: geef --deals of --target, niet allebei"
    code, output = run("play", "--lesson", "1", "--target", "500", "--lang", "da")
    assert code == 2 and output.splitlines()[-1] == "Fejl: Minibridge-lektion 1 har ingen score at nå: angiv --deals"
    form = tmp_path / "sam.yaml"
    code, output = run("check", "--template", "3", "-o", str(form), "--lang", "nl")
    assert (
        code == 0 and output == f"{form} geschreven: vul elk antwoord in en voer dan 'minibridge check {form}' uit.\n"
    )
    code, output = run("check", str(form), "--template", "3", "--lang", "da")
    assert code == 2 and output.splitlines()[-1] == (
        "Fejl: angiv enten ANSWERS der skal rettes, eller --template N, ikke begge"
    )
    empty = tmp_path / "empty.pbn"
    empty.write_text('[Board "4"]\n[Event "Club night"]\n', encoding="utf-8")
    code, output = run("records", str(empty), "--json", "--lang", "nl")
    assert code == 1 and [output.splitlines()[0], output.splitlines()[-1]] == [
        f"{empty}, regel 1: spel 4 heeft geen verdeling om af te drukken: weggelaten",
        f"Fout: {empty}: geen enkel spel heeft een verdeling, dus er is niets af te drukken",
    ]
