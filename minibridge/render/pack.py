"""A lesson pack: cover, teacher's notes, hand records, hand slips, score cards, travellers, the pupils' sheet and
the answer key."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, ListFlowable, ListItem, PageBreak, Paragraph, Spacer

from minibridge import language
from minibridge.analysis import BoardAnalysis
from minibridge.board import Board
from minibridge.lessons import FILE_NAMES, Exercise, Lesson, explain, find_kind
from minibridge.render.page import build_pdf, page_footer
from minibridge.render.pupils import pupils_story
from minibridge.render.records import records_story, slips_story
from minibridge.render.sheets import scorecard_story, travellers_story
from minibridge.render.styles import paragraph_styles
from minibridge.render.text import Wording, markup
from minibridge.render.tricks import tricks_table
from minibridge.rules import RuleSet

__all__ = [
    "SECTIONS",
    "pack_sections",
    "rules_lines",
    "cover_story",
    "notes_story",
    "answer_text",
    "answers_story",
    "pack_name",
    "lesson_pack",
]

SECTIONS = ("notes", "records", "slips", "scorecards", "travellers", "sheet", "answers")
"""The sections a pack may hold after its cover, in order."""


def pack_sections(rules: RuleSet) -> tuple[str, ...]:
    """The sections of a pack under these rules: travellers only where deals are recorded duplicate-style."""
    return tuple(name for name in SECTIONS if name != "travellers" or rules.duplicate)


def _bullets(texts: Sequence[str], style: object, *, numbered: bool = False) -> ListFlowable:
    items = [ListItem(Paragraph(escape(text), style), leftIndent=14) for text in texts]  # type: ignore[arg-type]
    kind = {"bulletType": "1", "bulletFormat": "%s."} if numbered else {"bulletType": "bullet", "start": "•"}
    return ListFlowable(items, leftIndent=14, bulletFontSize=9, **kind)  # type: ignore[arg-type]


def rules_lines(rules: RuleSet, words: Wording) -> list[str]:
    """The rules in force, one sentence each: the switches' from the wording of ``pack.j2``, the scoring's its
    scheme's own (made from its numbers)."""
    before = [
        ("rule_cards", {"cards_per_hand": rules.cards_per_hand}),
        ("rule_announcement", {"announcement": rules.announcement, "tie_rule": rules.tie_rule}),
        ("rule_strains", {"strains": sorted(s.letter for s in rules.strains)}),
        ("rule_contracts", {"kinds": list(rules.contract_kinds)}),
        ("rule_dutch", {"dutch_restrictions": rules.dutch_restrictions}),
    ]
    after = [
        ("rule_duplicate", {"duplicate": rules.duplicate}),
        ("rule_signals", {"signals": rules.signals}),
        ("rule_competition", {"competition": rules.competition}),
    ]
    lines = [words("pack", phrase, **context) for phrase, context in before]
    lines.append(rules.scheme.sentence)
    lines += [words("pack", phrase, **context) for phrase, context in after]
    return [line for line in lines if line]


def cover_story(lesson: Lesson, words: Wording, *, boards: int, seed: int, solved: bool = True) -> list[Flowable]:
    """The cover: the lesson, its objectives, the rules in force and what the pack holds; the hand records promise
    double-dummy tricks only where the deals were ``solved``, and a best contract only where there are contracts."""
    styles = paragraph_styles()
    contracts = lesson.rules.has_contract
    contents = [
        f"{words('pack', 'section', name=name)}: "
        f"{words('pack', 'section_purpose', name=name, solved=solved, contracts=contracts)}"
        for name in pack_sections(lesson.rules)
    ]
    return [
        Spacer(1, 12 * mm),
        Paragraph(words("pack", "title", name=lesson.name, title=lesson.title), styles["title"]),
        Paragraph(words("pack", "subtitle", boards=boards, seed=seed), styles["subtitle"]),
        Paragraph(words("pack", "objectives_heading"), styles["heading"]),
        _bullets(lesson.objectives, styles["body"]),
        Paragraph(words("pack", "rules_heading"), styles["heading"]),
        _bullets(rules_lines(lesson.rules, words), styles["body"]),
        Paragraph(words("pack", "contents_heading"), styles["heading"]),
        _bullets(contents, styles["body"]),
    ]


def _paragraphs(text: str) -> list[str]:
    """Paragraphs separated by blank lines, as Paragraph markup; a line starting '(1)' begins a new line."""
    found = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [escape(line.strip()) for line in block.splitlines() if line.strip()]
        markup = lines[0] if lines else ""
        for line in lines[1:]:
            markup += ("<br/>" if re.match(r"\(\d+\)", line) else " ") + line
        found.append(markup)
    return found


def notes_story(lesson: Lesson, deals: Sequence[Board], words: Wording, *, seed: int) -> list[Flowable]:
    """The teacher's notes: how to run the lesson, the teaching tips, and what each deal shows."""
    styles = paragraph_styles()
    story: list[Flowable] = [Paragraph(words("pack", "section", name="notes"), styles["heading"])]
    story += [Paragraph(markup, styles["body"]) for markup in _paragraphs(lesson.teacher_notes)]
    if lesson.tips:
        story.append(Paragraph(words("pack", "tips_heading"), styles["heading"]))
        story.append(_bullets(lesson.tips, styles["body"], numbered=True))
    shown = [d for d in deals if d.note or d.play is not None]
    generated = [d.number for d in deals if d.generated and d.number is not None]
    if shown or generated:
        heading: list[Flowable] = [Paragraph(words("pack", "deal_notes_heading"), styles["heading"])]
        for deal in shown:
            about: list[Flowable] = [
                Paragraph(words("pack", "deal_note", board=deal.number, note=deal.note), styles["body"])
            ]
            if deal.play is not None:
                about += tricks_table(deal, words)
            story.append(KeepTogether([*heading, *about, Spacer(1, 3 * mm)]))  # the heading goes with the first
            heading = []
        if generated:
            text = words("pack", "generated_deals", first=min(generated), last=max(generated), seed=seed)
            story += [*heading, Paragraph(escape(text), styles["body"])]
    return story


def answer_text(lesson: Lesson, exercise: Exercise, words: Wording) -> str:
    """The engine's answer to an exercise as paragraph markup: written out by its kind of exercise (where the
    partners may choose who declares, both), laid out by the template."""
    phrases = find_kind(exercise.kind).written_answer(lesson, exercise)
    return words("answers", "answer", phrases=[markup(phrase) for phrase in phrases])


def _in_pack(lesson: Lesson, exercise: Exercise, deals: Sequence[Board]) -> bool:
    """Whether the pack holds the deal an exercise is about (the same cards under the same board number)."""
    if exercise.board is None:
        return True
    return any(d.number == exercise.board and d.deal == lesson.board(exercise.board).deal for d in deals)


def answers_story(lesson: Lesson, words: Wording, deals: Sequence[Board] | None = None) -> list[Flowable]:
    """The answer key: each exercise's question, the answer and the reason, worked out by the engine; with
    ``deals``, only the exercises on the pack's own deals."""
    styles = paragraph_styles()
    story: list[Flowable] = [Paragraph(words("pack", "section", name="answers"), styles["heading"])]
    if not lesson.exercises:
        story.append(Paragraph(words("answers", "no_exercises"), styles["body"]))
    exercises = [e for e in lesson.exercises if deals is None or _in_pack(lesson, e, deals)]
    missing = sorted({e.board for e in lesson.exercises if e not in exercises and e.board is not None})
    if missing:
        story.append(Paragraph(words("answers", "left_out", boards=missing), styles["body"]))
    for exercise in exercises:
        answer = answer_text(lesson, exercise, words)
        story.append(
            KeepTogether(
                [
                    Paragraph(words("answers", "exercise", id=exercise.id, board=exercise.board), styles["cellbold"]),
                    Paragraph(escape(" ".join(exercise.question.split())), styles["body"]),
                    Paragraph(f"<b>{words('answers', 'answer_label')}</b> {answer}", styles["body"]),
                    Paragraph(
                        f"<b>{words('answers', 'why_label')}</b> {escape(explain(lesson, exercise))}",
                        styles["body"],
                    ),
                    Spacer(1, 3 * mm),
                ]
            )
        )
    return story


def pack_name(lesson: Lesson, boards: int, seed: int) -> str:
    """``lesson-5-10-deals-seed-505.pdf``; a teacher's own lesson file adds its name:
    ``lesson-5-dutch-10-deals-seed-505.pdf``; a pack in Dutch or Danish its language: ``…-seed-505-nl.pdf``."""
    own = "" if lesson.path.name == FILE_NAMES[lesson.number] else f"-{lesson.path.stem}"
    code = language.current().code
    spoken = "" if code == language.ENGLISH else f"-{code}"
    return f"lesson-{lesson.number}{own}-{boards}-deal{'s' if boards != 1 else ''}-seed-{seed}{spoken}.pdf"


def lesson_pack(
    lesson: Lesson,
    deals: Sequence[Board],
    analyses: Sequence[BoardAnalysis],
    words: Wording,
    *,
    seed: int,
    paper: str = "a4",
    per_page: int = 4,
    tables: int = 6,
) -> bytes:
    """The whole pack for a lesson and its deals (with their analyses, in the same order), as a PDF, in the
    language in use (the lesson's own texts too, where its file translates them)."""
    lesson = lesson.in_language()
    own = {board.number: board for board in lesson.deals}
    deals = [
        replace(d, note=own[d.number].note) if d.number in own and d.note and own[d.number].deal == d.deal else d
        for d in deals
    ]
    title = words("pack", "title", name=lesson.name, title=lesson.title)
    records = records_story(
        analyses,
        words,
        per_page=per_page,
        heading=words("pack", "section", name="records"),
        paper=paper,
        announcement=lesson.rules.announcement,
    )
    solved = bool(analyses) and all(analysis.table is not None for analysis in analyses)
    story: list[Flowable] = cover_story(lesson, words, boards=len(deals), seed=seed, solved=solved)
    parts = {
        "notes": lambda: notes_story(lesson, deals, words, seed=seed),
        "records": lambda: records,
        "slips": lambda: slips_story(analyses, words, paper=paper),
        "scorecards": lambda: scorecard_story(lesson.rules, deals, words, paper=paper),
        "travellers": lambda: travellers_story(lesson.rules, deals, words, paper=paper, tables=tables),
        "sheet": lambda: pupils_story(lesson, words, deals),
        "answers": lambda: answers_story(lesson, words, deals),
    }
    for name in pack_sections(lesson.rules):
        story.append(PageBreak())
        story += parts[name]()
    return build_pdf(story, title=title, paper=paper, footer=page_footer(words, title))
