"""Every address of the classroom, in one place: the routes are declared with these paths, and Python code and the
templates build links with :func:`url` (in templates, ``url("game", game_id=view.id)``).

An address is named once here; a route names the address it answers (:func:`path`). Values fill the address's
placeholders; the others become its query, in the order given, leaving out those that are None.

>>> url("game", game_id="abc")
'/games/abc'
>>> url("game", game_id="abc", trick=3)
'/games/abc?trick=3'
>>> url("teacher_screen", lesson=5, board=1, deal=None)
'/teacher/screen?lesson=5&board=1'
>>> url("static", path="classroom.css")
'/static/classroom.css'
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, urlencode

__all__ = ["ADDRESSES", "path", "url"]

ADDRESSES: dict[str, str] = {
    # the pupils: the start page, a game against the computer, a lesson's exercises, joining the teacher's deals
    "start": "/",
    "static": "/static/{path}",
    "games": "/games",
    "game": "/games/{game_id}",
    "game_actions": "/games/{game_id}/actions",
    "game_step": "/games/{game_id}/step",
    "exercises": "/lessons/{number:int}/exercises",
    "exercise": "/lessons/{number:int}/exercises/{exercise_id}",
    "event_join": "/events/{event_id}/join",
    # the class's tables of pupils: the tables drawn on the start page, sitting down, a seat's table
    "tables_part": "/tables",
    "table": "/tables/{table_id}",
    "table_seats": "/tables/{table_id}/seats",
    "table_actions": "/tables/{table_id}/actions",
    # a table's tablet: results entered one step at a time
    "event_table": "/events/{event_id}/table",
    "event_code": "/events/{event_id}/code",
    # the teacher's room
    "teacher": "/teacher",
    "teacher_lessons": "/teacher/lessons",
    "teacher_lesson": "/teacher/lessons/{number:int}",
    "teacher_printing": "/teacher/printing",
    "teacher_printing_pack": "/teacher/printing/pack",
    "teacher_printing_pack_boards": "/teacher/printing/pack/boards",
    "teacher_printing_records": "/teacher/printing/records",
    "teacher_printing_sheets": "/teacher/printing/sheets",
    "teacher_backup": "/teacher/backup.zip",
    "teacher_screen": "/teacher/screen",
    "teacher_screen_next": "/teacher/screen/next",
    "teacher_progress": "/teacher/progress",
    "teacher_switches": "/teacher/progress/switches",
    "teacher_names": "/teacher/progress/names",
    "teacher_certificates": "/teacher/progress/certificates",
    "teacher_certificate_rule": "/teacher/progress/certificates/rule",
    "teacher_reports": "/teacher/progress/reports",
    "teacher_leagues": "/teacher/league",
    "teacher_league": "/teacher/league/{name}",
    "teacher_league_standings": "/teacher/league/{name}/standings",
    "teacher_league_record": "/teacher/league/{name}/record",
    "teacher_league_table": "/teacher/league/{name}/table.pdf",
    "teacher_tables": "/teacher/tables",
    "teacher_tables_new": "/teacher/tables/new",
    "teacher_tables_room": "/teacher/tables/room",
    "teacher_tables_next": "/teacher/tables/next",
    "teacher_table": "/teacher/tables/{table_id}",
    "teacher_table_steer": "/teacher/tables/{table_id}/steer",
    "teacher_table_screen": "/teacher/tables/{table_id}/screen",
    "teacher_events": "/teacher/events",
    "teacher_events_screen": "/teacher/events/screen",
    "teacher_event": "/teacher/events/{event_id}",
    "teacher_event_pupils": "/teacher/events/{event_id}/pupils",
    "teacher_event_results": "/teacher/events/{event_id}/results",
    "teacher_event_screen": "/teacher/events/{event_id}/screen",
    "teacher_event_panel": "/teacher/events/{event_id}/panel",
    "teacher_event_stream": "/teacher/events/{event_id}/stream",
    "teacher_event_correct": "/teacher/events/{event_id}/correct",
    "teacher_event_close": "/teacher/events/{event_id}/close",
    "teacher_event_remove": "/teacher/events/{event_id}/results/{number:int}/remove",
    "teacher_event_release": "/teacher/events/{event_id}/tables/{table:int}/release",
    "teacher_event_boards": "/teacher/events/{event_id}/boards.pbn",
    "teacher_event_guide": "/teacher/events/{event_id}/guide.pdf",
    "teacher_event_travellers": "/teacher/events/{event_id}/travellers.pdf",
    "teacher_event_classes": "/teacher/events/{event_id}/classes",
    "teacher_event_class_remove": "/teacher/events/{event_id}/classes/{class_id}/remove",
    # the class quiz: a pupil's tablet, the class screen's tab, the teacher's steps
    "quiz": "/quizzes/{quiz_id}",
    "quiz_part": "/quizzes/{quiz_id}/part",
    "quiz_name": "/quizzes/{quiz_id}/name",
    "quiz_answer": "/quizzes/{quiz_id}/answer",
    "quiz_stream": "/quizzes/{quiz_id}/stream",
    "quiz_entry": "/quizzes",
    "teacher_quiz_screen": "/teacher/screen/quiz",
    "teacher_quiz_part": "/teacher/screen/quiz/{quiz_id}/part",
    "teacher_quiz_start": "/teacher/screen/quiz/start",
    "teacher_quiz_next": "/teacher/screen/quiz/{quiz_id}/next",
    "teacher_quiz_close": "/teacher/screen/quiz/{quiz_id}/close",
    # the JSON API
    "api_health": "/api/health",
    "api_backup": "/api/backup",
    "api_games": "/api/games",
    "api_game": "/api/games/{game_id}",
    "api_game_actions": "/api/games/{game_id}/actions",
    "api_exercises": "/api/lessons/{number:int}/exercises",
    "api_answers": "/api/lessons/{number:int}/answers",
    "api_progress": "/api/progress",
    "api_name_release": "/api/progress/names/{name:path}/release",
    "api_switches": "/api/switches",
    "api_tables": "/api/tables",
    "api_tables_new": "/api/tables",
    "api_tables_next": "/api/tables/next",
    "api_table": "/api/tables/{table_id}",
    "api_table_seats": "/api/tables/{table_id}/seats",
    "api_table_actions": "/api/tables/{table_id}/actions",
    "api_table_teacher": "/api/tables/{table_id}/teacher",
    "api_table_stream": "/api/tables/{table_id}/stream",
    "api_events": "/api/events",
    "api_event": "/api/events/{event_id}",
    "api_event_results": "/api/events/{event_id}/results",
    "api_event_results_file": "/api/events/{event_id}/results.txt",
    "api_event_results_xml": "/api/events/{event_id}/results.xml",
    "api_event_ranking": "/api/events/{event_id}/ranking",
    "api_event_stream": "/api/events/{event_id}/stream",
    "api_event_games": "/api/events/{event_id}/games",
    "api_event_pupils": "/api/events/{event_id}/pupils",
    "api_quizzes": "/api/quizzes",
    "api_quiz": "/api/quizzes/{quiz_id}",
    "api_quiz_next": "/api/quizzes/{quiz_id}/next",
    "api_quiz_close": "/api/quizzes/{quiz_id}/close",
    "api_quiz_answers": "/api/quizzes/{quiz_id}/answers",
    "api_event_release": "/api/events/{event_id}/tables/{table:int}/release",
    "api_event_imports": "/api/events/{event_id}/imports",
    "api_event_import": "/api/events/{event_id}/imports/{class_id}",
}
"""Each address by name, as a route declares it (placeholders in braces, with Starlette's ``:int`` where the
route reads a number)."""

_PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")


def path(name: str) -> str:
    """The address ``name`` as a route declares it."""
    return ADDRESSES[name]


def url(name: str, /, **values: Any) -> str:
    """The address ``name`` with its placeholders filled from ``values``; the other values, but those that are
    None, become its query."""
    pattern = ADDRESSES[name]
    used = set(_PLACEHOLDER.findall(pattern))
    missing = used - values.keys()
    if missing:
        raise KeyError(f"the address {name!r} needs {', '.join(sorted(missing))}")
    safe = "/" if name == "static" else ""
    address = _PLACEHOLDER.sub(lambda m: quote(str(values[m.group(1)]), safe=safe), pattern)
    query = {key: value for key, value in values.items() if key not in used and value is not None}
    return f"{address}?{urlencode(query, safe=':,')}" if query else address
