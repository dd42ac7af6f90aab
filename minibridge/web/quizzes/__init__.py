"""The class quiz: the teacher asks a lesson's exercises on the class screen, the pupils answer on their tablets.

The rules are the library's (:mod:`minibridge.classroom.quiz`); here the quiz is read from the store, changed under
its own lock and saved (:mod:`~minibridge.web.quizzes.service`), and shown: to programs as JSON
(:mod:`~minibridge.web.quizzes.api`), on the pupils' tablets (:mod:`~minibridge.web.quizzes.tablet`) and on the
class screen (:mod:`~minibridge.web.quizzes.screen`).
"""

from __future__ import annotations

from minibridge.web.quizzes import api, screen, tablet

__all__ = ["routes"]

routes = [*tablet.routes, *screen.routes, *api.routes]
"""Every address of the class quiz."""
