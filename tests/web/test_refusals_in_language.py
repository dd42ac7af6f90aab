"""The classroom's refusals in Dutch and Danish: a real bad request answered with the error in the language the
browser asks for (``Accept-Language``) or the switch chose (the cookie), through the JSON API, the pupils' pages and
the teacher's pages. English stays word for word: the other tests of the classroom hold it."""

from __future__ import annotations

import html
import random
from pathlib import Path
from typing import Any

import pytest
from classroom_client import make_client, next_action
from events_client import TEACHER
from starlette.testclient import TestClient

from minibridge.web.app import MAX_BODY
from minibridge.web.languages import COOKIE

DUTCH = {"Accept-Language": "nl-NL,nl;q=0.9,en;q=0.5"}
DANISH = {"Accept-Language": "da"}
ONE = {"board": 1, "ns": "1", "ew": "2", "contract": "3NT", "declarer": "S", "tricks": 10}


def _error(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-language"] in ("nl", "da")
    return response.json()["error"]


def _following(client: TestClient) -> dict[str, Any]:
    """A MiniLesson Five game at a card the pupil plays while following a suit with other suits in hand."""
    view = client.post("/api/games", json={"lesson": 5, "deals": 1, "seed": 7}).json()
    rng = random.Random(5)
    while not (view["phase"] == "play" and view["trick"] and len(view["legal"]) < len(view["hands"][view["to_play"]])):
        assert view["phase"] != "game_over", "no trick where the pupil follows suit"
        view = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, rng)).json()
    return view


def _event(client: TestClient) -> str:
    response = client.post("/api/events", json={"name": "Tuesday club", "boards": 4}, headers=TEACHER)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_a_pupils_refused_actions_are_told_in_dutch_and_danish(client: TestClient):
    view = _following(client)
    url = f"/api/games/{view['id']}/actions"
    not_legal = next(card for card in view["hands"][view["to_play"]] if card not in view["legal"])
    assert _error(client.post(url, json={"card": not_legal}, headers=DUTCH), 422).startswith("je moet bekennen: er is")
    assert _error(client.post(url, json={"contract": "3NT"}, headers=DANISH), 409) == "du kan ikke vælge kontrakt nu"
    assert _error(client.post(url, json={"next": True}, headers=DUTCH), 409) == "het spel is nog niet uit"
    assert _error(client.post(url, json={"next": False}, headers=DANISH), 422) == (
        'send {"next": true} for at gå videre til næste spil'
    )
    assert _error(client.post(url, json={"card": 12}, headers=DUTCH), 422).startswith(
        'schrijf \'card\' als tekst, zoals {"card": "SA"}'
    )
    assert _error(client.post(url, json={"jump": 1}, headers=DANISH), 422).startswith(
        'send én handling: {"card": "SA"}'
    )


@pytest.mark.parametrize(
    ("setup", "dutch", "danish"),
    [
        (
            {"lesson": 9},
            "er zijn zes minibridgelessen: kies een les van 1 tot en met 6, niet 9",
            "der er seks minibridge-lektioner: vælg en lektion fra 1 til 6, ikke 9",
        ),
        (
            {"deals": "two"},
            "'deals' moet een heel getal zijn",
            "'deals' skal være et helt tal",
        ),
        (
            {"colour": "red"},
            "'colour' is geen instelling van een spel; de instellingen zijn lesson, rules",
            "'colour' er ikke en indstilling for et spil; indstillingerne er lesson, rules",
        ),
        (
            {"rules": "nbb", "slam": True},
            "de Nederlandse regels kennen geen slems (hun regelboek telt alleen deelscores en manches): speel zonder "
            "slems, of speel slems volgens de EBU-regels",
            "de hollandske regler har ingen slem (deres regelbog giver kun point for delkontrakter og udgange): spil "
            "uden slem, eller spil slem efter EBU-reglerne",
        ),
    ],
)
def test_a_game_the_rules_refuse_is_told_in_dutch_and_danish(client: TestClient, setup, dutch, danish):
    assert _error(client.post("/api/games", json=setup, headers=DUTCH), 422).startswith(dutch)
    assert _error(client.post("/api/games", json=setup, headers=DANISH), 422).startswith(danish)


def test_addresses_and_bodies_the_server_cannot_take_are_refused_in_dutch_and_danish(client: TestClient):
    assert _error(client.get("/api/games/no-such-game", headers=DUTCH), 404) == (
        "dat spel bestaat niet: begin een nieuw"
    )
    assert _error(client.get("/api/nothing-here", headers=DANISH), 404) == "der er intet på denne adresse"
    assert _error(client.get("/api/lessons/7/exercises", headers=DUTCH), 404) == (
        "er zijn zes minibridgelessen, 1 tot en met 6: er is geen les 7"
    )
    assert _error(client.get("/api/games", headers=DANISH), 405) == (
        "denne adresse tager ikke imod den slags anmodning"
    )
    large = client.post(
        "/api/games", content=b" " * (MAX_BODY + 1), headers={**DUTCH, "Content-Type": "application/json"}
    )
    assert _error(large, 413) == "het verzoek is te groot: hoogstens 64 kB"
    form = client.post("/api/games", content=b"lesson=3", headers={**DANISH, "Content-Type": "text/plain"})
    assert _error(form, 415) == "send anmodningen som JSON, med headeren Content-Type: application/json"
    broken = client.post("/api/games", content=b"{lesson", headers={**DUTCH, "Content-Type": "application/json"})
    assert _error(broken, 400) == "het verzoek is geen geldige JSON"
    assert _error(client.post("/api/games", json=[1], headers=DANISH), 422) == (
        "send et JSON-objekt: felterne mellem { og }"
    )
    answers = client.post("/api/lessons/3/answers", json={"pupil": "Amy", "answers": {"99": 1}}, headers=DUTCH)
    assert _error(answers, 422).startswith("Minibridgeles 3 heeft geen oefening 99; de oefeningen zijn 1, ")


def test_the_language_cookie_of_the_switch_answers_the_api_too(client: TestClient):
    client.cookies.set(COOKIE, "da")
    response = client.get("/api/games/no-such-game", headers=DUTCH)  # the switch's choice before the browser's
    assert _error(response, 404) == "det spil findes ikke: start et nyt"


def test_a_server_error_is_told_in_the_browsers_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    def broken(*args: Any) -> None:
        raise RuntimeError("a fault of the server's own")

    monkeypatch.setattr("minibridge.web.pupils.games.load_game", broken)
    with make_client(tmp_path) as started:
        client = TestClient(started.app, raise_server_exceptions=False)
        assert client.get("/api/games/any", headers=DANISH).json() == {"error": "noget gik galt på serveren: prøv igen"}
        assert client.get("/api/games/any", headers=DUTCH).json() == {
            "error": "er ging iets mis op de server: probeer het nog eens"
        }
        assert client.get("/api/games/any").json() == {"error": "something went wrong on the server: try again"}


def test_the_teacher_and_the_class_code_are_asked_for_in_dutch_and_danish(tmp_path: Path):
    with make_client(tmp_path, class_code="OWL42") as client:
        assert _error(client.post("/api/games", json={"lesson": 3}, headers=DUTCH), 401) == (
            "dit klaslokaal vraagt om de klascode: vraag hem aan je leerkracht"
        )
        wrong = client.post("/api/games", json={"lesson": 3}, headers={**DANISH, "X-Class-Code": "CAT"})
        assert _error(wrong, 403) == "det er ikke klassekoden: tjek den med din lærer"
        assert _error(client.get("/api/events", headers=DANISH), 401) == (
            "dette er til læreren: åbn lærerens link, som 'minibridge serve' skrev"
        )
        guessed = client.get("/api/events", headers={**DUTCH, "Authorization": "Bearer guess"})
        assert _error(guessed, 403) == (
            "dat is niet de sleutel van de leerkracht: gebruik de link voor de leerkracht die 'minibridge serve' liet "
            "zien"
        )
        page = client.post("/games", data={"lesson": "3", "class_code": "CAT"}, headers=DANISH)
        assert page.status_code == 403 and "Det er ikke klassekoden: spørg din lærer om den." in page.text


@pytest.mark.parametrize(
    ("change", "dutch", "danish"),
    [
        (
            {"tricks": True},
            'slagen: schrijf het als tekst of als getal, zoals {"board": 1',
            'stik: skriv det som tekst eller som et tal, som {"board": 1',
        ),
        (
            {"board": 5},
            "spel: '5' is niet een van de spellen van deze wedstrijd, 1 tot en met 4",
            "spil: '5' er ikke et af turneringens spil, 1 til 4",
        ),
        (
            {"ns": "Amy and Ben"},
            "Paar N–Z: 'Amy and Ben' is geen paar; schrijf het nummer, of een korte naam zonder spaties",
            "Par N–S: 'Amy and Ben' er ikke et par; skriv dets nummer eller et kort navn uden mellemrum",
        ),
        ({"ew": None}, "de uitslag heeft geen Paar O–W; stuur", "resultatet mangler Par Ø–V; send"),
        ({"result": "made"}, "'result' hoort niet bij een uitslag; stuur", "'result' er ikke en del af et resultat"),
    ],
)
def test_a_tables_bad_result_is_refused_in_dutch_and_danish(client: TestClient, change, dutch, danish):
    event = _event(client)
    for headers, words in ((DUTCH, dutch), (DANISH, danish)):
        response = client.post(f"/api/events/{event}/results", json={**ONE, **change}, headers=headers)
        assert _error(response, 422).startswith(words) or words in response.json()["error"]


def test_a_board_entered_twice_and_a_bad_event_are_refused_in_dutch_and_danish(client: TestClient):
    event = _event(client)
    assert client.post(f"/api/events/{event}/results", json=ONE).status_code == 201
    again = client.post(f"/api/events/{event}/results", json={**ONE, "tricks": 8}, headers=DUTCH)
    assert _error(again, 409) == (
        "spel 1 is al ingevoerd (N–Z-paar 1 tegen O–W-paar 2: 3ZT door Zuid, 10 slagen): elk paar speelt een spel "
        "één keer; als de uitslag niet klopt, verbetert de leerkracht hem"
    )
    started = client.post("/api/events", json={"name": "X", "boards": "four"}, headers={**TEACHER, **DANISH})
    assert _error(started, 422) == "'boards' skal være et antal spil, som 4"
    assert _error(client.get("/api/events/nothing", headers={**TEACHER, **DUTCH}), 404) == (
        "die wedstrijd bestaat niet: vraag je leerkracht om het goede adres"
    )
    joined = client.post(f"/api/events/{event}/games", json={"pupil": ""}, headers=DANISH)
    assert _error(joined, 422) == "giv dit navn, højst 60 bogstaver, som Amy"


def test_a_pupils_page_shows_a_refused_tap_in_dutch_and_danish(client: TestClient):
    view = _following(client)
    not_legal = next(card for card in view["hands"][view["to_play"]] if card not in view["legal"])
    page = client.post(f"/games/{view['id']}/actions", data={"card": not_legal}, headers=DUTCH)
    assert page.status_code == 422
    assert '<p class="message" role="alert">Je moet bekennen: er is ' in page.text
    page = client.post(f"/games/{view['id']}/actions", data={"contract": "3NT"}, headers=DANISH)
    assert page.status_code == 409 and '<p class="message" role="alert">Du kan ikke vælge kontrakt nu.</p>' in page.text
    start = client.post("/games", data={"deals": "2", "target": "500"}, headers=DUTCH, follow_redirects=False)
    assert start.status_code == 303  # the number of deals chosen counts; a score left typed in its box does not
    start = client.post("/games", data={"lesson": "1", "deals": "", "target": "500"}, headers=DUTCH)
    assert start.status_code == 422 and '<html lang="nl">' in start.text  # the sentence: as the catalogue says
    assert start.text.count('<p class="message" role="alert">') == 1


def test_the_teachers_pages_refuse_in_dutch_and_danish(client: TestClient):
    screen = client.get("/teacher/screen?lesson=9", headers={**TEACHER, **DUTCH})
    assert screen.status_code == 422 and "Er zijn zes minibridgelessen, 1 tot en met 6: er is geen les 9" in screen.text
    card = client.get("/teacher/screen?lesson=3&board=1&cards=SA", headers={**TEACHER, **DANISH})
    assert card.status_code == 422
    assert '<p class="message" role="alert">Kort 1, ♠E: Vest har ikke ♠E</p>' in html.unescape(card.text)
    revoke = client.get("/teacher/screen?lesson=3&board=1&cards=S7,S2,H2", headers={**TEACHER, **DUTCH})
    assert revoke.status_code == 422
    said = "Kaart 3, ♥2: Oost moet bekennen: er is schoppen gespeeld en Oost heeft ♠H ♠10 ♠6 ♠4"
    assert f'<p class="message" role="alert">{said}</p>' in html.unescape(revoke.text)
    seed = client.get("/teacher/screen?seed=abc", headers={**TEACHER, **DUTCH})
    assert seed.status_code == 422 and "Het veld startgetal moet een heel getal zijn, zoals 3, niet" in seed.text
    league = client.post("/teacher/league", data={"name": "spring/term"}, headers={**TEACHER, **DANISH})
    assert league.status_code == 422 and "giv turneringsfilen et navn af bogstaver, cifre" in league.text
    event = client.post("/teacher/events", data={"name": "Club", "boards": "four"}, headers={**TEACHER, **DUTCH})
    assert event.status_code == 422 and "Het veld spellen moet een heel getal zijn, niet" in event.text


def test_a_tables_tablet_refuses_in_dutch_and_danish(client: TestClient):
    event = _event(client)
    board = client.get(f"/events/{event}/table?board=9", headers=DUTCH)
    assert "Er is geen spel 9 in Tuesday club." in board.text
    client.post(f"/teacher/events/{event}/close", data={"closed": "1"}, headers=TEACHER)
    closed = client.post(f"/events/{event}/table", data=ONE, headers=DANISH)
    assert closed.status_code == 409
    assert "Læreren har lukket turneringen: der tages ikke imod flere resultater." in closed.text
