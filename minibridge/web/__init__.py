"""The classroom server: pupils play against the computer and do their exercises in a browser.

Starlette and uvicorn live here only. :mod:`minibridge.web.store` keeps the games and the pupils' progress in
one SQLite database, :mod:`minibridge.web.views` builds the one thing a pupil may see of a game, and
:mod:`minibridge.web.app` routes the requests.
"""
