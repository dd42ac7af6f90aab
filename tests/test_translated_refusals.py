"""The refusals of play, of the table and of the rules in Dutch and Danish: each a real bad move or bad setting,
told in the language in use (English stays word for word: the other tests of each module hold it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from minibridge.announce import announce_under
from minibridge.cards import Card, Seat
from minibridge.classroom import GameSetup
from minibridge.cli import main
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import MiniBridgeError
from minibridge.language import speaking
from minibridge.lessons import find_lesson
from minibridge.pbn import load, loads
from minibridge.play import Play
from minibridge.recorded import replay_record
from minibridge.robot import Robot
from minibridge.rules import find_rules
from minibridge.table import Session

VOIDS = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
"""Every hand has a void: North clubs, East diamonds, South spades, West hearts."""
OWN = Path(__file__).parent / "data" / "pbn"


def refusal(code: str, action) -> str:
    """The message of the refusal ``action`` meets, in the language ``code``."""
    with speaking(code), pytest.raises(MiniBridgeError) as refused:
        action()
    return str(refused.value)


@pytest.mark.parametrize(
    ("args", "dutch", "danish"),
    [
        (
            ["2S", "8"],
            "'2S' is geen minibridgecontract: een deelscore is 1S, een manche in schoppen is 4S",
            "'2S' er ikke en minibridge-kontrakt: en delkontrakt er 1S, en udgang i spar er 4S",
        ),
        (
            ["3NT", "14"],
            "de leider haalt 0 tot en met 13 slagen, niet 14",
            "spilføreren tager 0 til 13 stik, ikke 14",
        ),
        (
            ["3NT", "9", "--rules", "nbb", "--hcp", "50"],
            "een spelend paar heeft samen 21 tot en met 40 punten, niet 50; controleer de genoemde punten",
            "et spilførerpar har 21 til 40 point tilsammen, ikke 50; tjek de oplyste point",
        ),
        (
            ["4X", "9"],
            "'4X' is geen contract; schrijf het zoals 1NT, 4S, 5C (of 'game in hearts', 'part-score no-trumps')",
            "'4X' er ikke en kontrakt; skriv den som 1NT, 4S, 5C (eller 'game in hearts', 'part-score no-trumps')",
        ),
        (
            ["game in bananas", "9"],
            "'game in bananas' noemt geen kleur; zeg zonder troef, schoppen, harten, ruiten of klaveren",
            "'game in bananas' nævner ingen farve; sig uden trumf, spar, hjerter, ruder eller klør",
        ),
    ],
)
def test_a_contract_or_score_that_cannot_be_is_told_in_the_language(args, dutch, danish):
    for code, heading, words in (("nl", "Fout", dutch), ("da", "Fejl", danish)):
        result = CliRunner().invoke(main, ["score", *args, "--lang", code])
        assert result.exit_code == 1
        assert result.output == f"{heading}: {words}\n"


def test_a_pupil_typing_a_contract_that_is_none_reads_why_in_the_language():
    """MiniLesson Three, seed 1: the pupil's side declares and types a contract that MiniBridge has not."""
    for code, typed, said in (
        ("nl", "2R", "'2R' is geen minibridgecontract: een deelscore is 1R, een manche in ruiten is 5R"),
        ("da", "2K", "'2K' er ikke en minibridge-kontrakt: en delkontrakt er 1K, en udgang i klør er 5K"),
    ):
        stop = "stoppen" if code == "nl" else "stop"
        result = CliRunner().invoke(
            main, ["play", "--lesson", "3", "--deals", "1", "--seed", "1", "--lang", code], input=f"{typed}\n{stop}\n"
        )
        assert result.exit_code == 0, result.output
        assert said in result.output


def test_a_card_against_the_rules_of_play_is_refused_in_the_language():
    play = Play(VOIDS, declarer=Seat.SOUTH)  # West leads
    assert (
        refusal("nl", lambda: play.play("SA"))
        == "West heeft SA niet: West heeft S9 S8 S7 S6 DA DK DQ DJ DT C9 C8 C7 C6"
    )
    assert refusal("da", lambda: play.play("HA", Seat.EAST)) == "det er Vest, der skal spille ud, ikke Øst"
    play.play("DA")
    assert (
        refusal("nl", lambda: play.play("SA"))
        == "Noord moet bekennen: er is ruiten gespeeld en Noord heeft D5 D4 D3 D2"
    )
    assert refusal("da", lambda: play.play("CA", Seat.SOUTH)) == "Nord er i tur til at spille, ikke Syd"
    assert refusal("nl", lambda: play.claim(Seat.EAST, 3)) == "speel de slag die bezig is eerst af voordat je claimt"
    assert refusal("da", lambda: play.claim(Seat.NORTH, 3)) == (
        "Nord er blind og må ikke claime (lov 8 og 14): spilfører Syd eller en modspiller claimer"
    )


def test_the_laws_refusals_are_told_in_the_language():
    """A lead out of turn waits to be accepted or put back; only an opponent of the offender, not dummy, accepts."""
    play = Play(VOIDS, declarer=Seat.SOUTH, strict=False)
    play.play("C5", Seat.EAST)  # East leads out of turn: West should
    assert refusal("nl", lambda: play.play("D2", Seat.NORTH)) == (
        "Oost is voor de beurt uitgekomen: de uitkomst moet geaccepteerd of teruggenomen worden voordat Noord speelt"
    )
    assert (
        refusal("da", lambda: play.accept_lead(Seat.WEST))
        == "kun en modspiller til Øst må acceptere udspillet, ikke Vest"
    )
    assert refusal("nl", lambda: play.accept_lead(Seat.NORTH)) == (
        "Noord is dummy en mag de uitkomst niet accepteren; de leider beslist"
    )
    play.put_back_lead()
    assert refusal("da", play.put_back_lead) == "ingen har spillet ud uden for tur"
    assert refusal("nl", play.correct_revoke) == (
        "er is geen verzaking om te herstellen (een voldongen verzaking blijft staan: artikel 21)"
    )
    assert refusal("da", lambda: Play(VOIDS, declarer=Seat.SOUTH).undo()) == "der er ikke spillet noget endnu"
    finished = Play(VOIDS, declarer=Seat.SOUTH)
    finished.claim(Seat.SOUTH, 13)
    assert refusal("nl", lambda: finished.play("SA")) == "het spel is uitgespeeld: alle slagen zijn gespeeld"


@pytest.mark.parametrize(
    ("last_tricks", "dutch", "danish"),
    [
        (
            "SJ SA S2 SQ ^R\nCA SK H2 DA",
            "slag 12: SQ van Zuid is gemarkeerd met ^R (een verzaking), maar die bekent kleur",
            "stik 12: SQ fra Syd er mærket ^R (en renonce), men det bekender kulør",
        ),
        (
            "SJ SA S2 SQ\nCA ^R SK H2 DA",
            "slag 13: CA van West is gemarkeerd met ^R (een verzaking), maar West had geen schoppen meer",
            "stik 13: CA fra Vest er mærket ^R (en renonce), men Vest havde ikke flere spar",
        ),
        (
            "SJ SA ^L S2 SQ\nCA SK H2 DA",
            "slag 12: SA van Noord is gemarkeerd met ^L (voor de beurt uitgekomen), maar Noord moest uitkomen",
            "stik 12: SA fra Nord er mærket ^L (udspil uden for tur), men det var Nord der skulle spille ud",
        ),
        (
            "SJ SA S2 SQ\nCA SK H2 SQ",
            "slag 13: Zuid speelt SQ, maar Zuid heeft die al gespeeld",
            "stik 13: Syd spiller SQ, men Syd har allerede spillet det",
        ),
    ],
)
def test_a_recorded_play_that_cannot_be_is_told_in_the_language(last_tricks, dutch, danish):
    """The cards keep the record's own notation (SQ, as the file writes it): the words around them are translated."""
    text = (OWN / "lead_out_of_turn.pbn").read_text(encoding="ascii")
    grand_slam = text[text.index('[Board "1"]') :]
    board = loads(grand_slam.replace("SJ SA S2 SQ\nCA SK H2 DA", last_tricks, 1))[0]
    assert refusal("nl", lambda: replay_record(board)) == dutch
    assert refusal("da", lambda: replay_record(board)) == danish


def test_why_a_reading_of_a_record_was_taken_is_told_in_the_language():
    with_13, _with_12, without, *_ = load(OWN / "revoke.pbn")
    with speaking("nl"):
        assert replay_record(with_13).ambiguity.reason == "het klopt met de uitslag in het bestand, 13"
    with speaking("da"):
        reason = replay_record(without).ambiguity.reason
    assert reason.startswith("intet i filen skelner mellem læsningerne (et Result-tag ville gøre det), så det antages")
    assert reason.endswith("kortet mærket ^R eller ^L afgør det")


def test_the_tables_refusals_are_told_in_the_language():
    from minibridge.board import Board
    from minibridge.table import Game

    tie = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
    game = Game(find_rules("ebu"), Board(number=1, dealer=Seat.NORTH, deal=tie))  # North declares
    assert refusal("nl", lambda: game.choose_declarer(Seat.SOUTH)) == (
        "de leider is al bekend: er valt niets te kiezen"
    )
    assert refusal("da", lambda: game.play_card(Card.from_str("SA"))) == "der kan ikke spilles et kort nu"
    lesson = Game(find_lesson(3).rules, Board(number=1, dealer=Seat.NORTH, deal=tie))
    assert refusal("nl", lambda: lesson.choose_contract(Contract.from_str("5D"))) == (
        "Minibridgeles 3 speelt alleen in zonder troef; '5R' is in ruiten; Minibridgeles 3 speelt alleen "
        "deelscores; '5R' is manche: neem 1R"
    )
    assert refusal("da", lambda: Session(rules=find_rules("ebu"), deals=0)) == "en omgang har mindst ét spil, ikke 0"
    assert refusal("nl", lambda: Session(rules=find_lesson(1).rules)) == (
        "Minibridgeles 1 heeft geen score om te halen: geef een aantal spellen"
    )
    three = find_rules("ebu").replace(three_handed="simple")
    assert refusal("da", lambda: Session(rules=three, deals=1, first_dealer=Seat.NORTH)) == (
        "med tre spillere giver spillerne fra Syd, Vest og Øst (ved Nord ligger den blinde hånd, når Syd giver): "
        "den første giver er S, W eller E"
    )


def test_the_rules_refusals_are_told_in_the_language():
    assert refusal("nl", lambda: find_rules("chess")) == (
        "er zijn geen regels die 'chess' heten; kies een van ebu, lesson, nbb, targets"
    )
    assert refusal("da", lambda: find_rules("nbb").with_slam()) == (
        "de hollandske regler har ingen slem (deres regelbog giver kun point for delkontrakter og udgange): "
        "spil uden slem, eller spil slem efter EBU-reglerne"
    )
    assert refusal("nl", lambda: find_lesson(1).rules.replace(three_handed="simple")) == (
        "Minibridgeles 1 kent geen punten noemen met een dummy en volledige handen, en dat heeft minibridge met drie "
        "nodig: speel het vanaf Minibridgeles 3"
    )
    assert refusal("da", lambda: announce_under(find_lesson(1).rules, VOIDS, Seat.NORTH)) == (
        "Minibridge-lektion 1 har ingen oplysning af point: alle spiller deres egne kort, og spilleren til venstre "
        "for giver (Øst) spiller ud"
    )
    short = Deal.from_pbn("N:AK... QJ... T9... 87...")
    assert refusal("nl", lambda: announce_under(find_rules("ebu"), short, Seat.NORTH)) == (
        "EBU-minibridge wordt gespeeld met volledige handen van 13 kaarten; deze verdeling heeft 2 kaarten per hand"
    )
    assert refusal("da", lambda: Robot(samples=0)) == "computeren skal have mindst én fordeling at tænke over, ikke 0"


def test_a_classroom_game_that_cannot_be_set_up_is_refused_in_the_language():
    assert (
        refusal("nl", lambda: GameSetup(lesson=7))
        == "er zijn zes minibridgelessen: kies een les van 1 tot en met 6, niet 7"
    )
    assert (
        refusal("da", lambda: GameSetup(rules="chess"))
        == "frit spil følger reglerne ebu, nbb eller targets, ikke 'chess'"
    )
    assert refusal("nl", lambda: GameSetup(deals=2, target=1000)) == "geef een aantal spellen of een doel, niet allebei"
    assert refusal("da", lambda: GameSetup(boards=((1, "N", VOIDS.to_pbn()),), deals=2)) == (
        "lærerens spil spilles én gang: giv intet mål, højst 1 spil"
    )


@pytest.mark.parametrize(
    ("code", "typed", "said"),
    [
        ("nl", "3ZT", "3ZT (manche zonder troef), 9 slagen"),
        ("nl", "5R", "5R (manche in ruiten), 9 slagen"),
        ("da", "3UT", "3UT (udgang uden trumf), 9 stik"),
        ("da", "5K", "5K (udgang i klør), 9 stik"),
        ("nl", "3NT", "3ZT (manche zonder troef), 9 slagen"),
    ],
)
def test_score_reads_a_contract_in_the_letters_of_the_language(code, typed, said):
    result = CliRunner().invoke(main, ["score", typed, "9", "--lang", code])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(said)
