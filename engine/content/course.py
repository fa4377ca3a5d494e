"""The checked course as the data the Learn page reads (issue 23): one object per level, with
everything a precomputed level needs, so the page answers the reader without the engine.

Each level: `id`, `stage`, `goal` (its goal type), `record` (the position as a cards-form deal
record with the plays up to the decision and the match scores before the deal, as `record_of`
writes it), `seat`, `view` (what the
reader sees there: `PlayerView.to_dict`), `answers` (accepted card codes, or the number, or the
true option), `feedback` (per wrong answer: catalogue key and parameters, plus the rule for a
refusal), `par`, `guided`, `texts` (name -> catalogue key), `why` (why the answer is right: a
catalogue key and the engine's parameters; null for a deal played on the practice page) and the
goal type's own fields (a
count's `kind`, a choice's `question` and `options`).

The texts themselves are resolved per language by the caller's `text(lang, key)` (the build
hook passes its traced catalogue lookup), under `texts[lang][key]`, so one file serves every
language and every key the page shows is requested at build time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engine.content.levels import Level, LevelsReport, Stage, answer_text_keys, with_facts
from engine.core.locales import LANGUAGES
from engine.core.record import record_of

Json = dict[str, Any]
VERSION = 1


def level_json(level: Level) -> Json:
    return {
        "id": level.id,
        "stage": level.stage,
        "goal": level.goal,
        "record": record_of(level.position, level.record.get("scores_before")),
        "seat": level.seat,
        # The match's target, which the reader needs beside the score (the record may name
        # its rules by a preset the page cannot expand without the engine).
        "target": level.position.rules.target,
        "view": level.position.view(level.seat).to_dict(),
        "answers": level.answers,
        "feedback": level.feedback,
        "par": level.par,
        "guided": level.guided,
        "texts": level.texts,
        "why": level.why,
        **level.published,
    }


def stage_json(stage: Stage, levels: list[Level]) -> Json:
    return {
        "id": stage.name,
        "order": stage.order,
        "title": stage.title,
        "intro": stage.intro,
        "levels": [level.id for level in levels if level.stage == stage.name],
    }


def text_keys(report: LevelsReport) -> Iterator[str]:
    """Every catalogue key the published course names: stage and level texts, the feedback
    (refusals, their rules, reasons) and the choices' option labels."""
    for stage in report.stages:
        yield from (stage.title, stage.intro)
    for level in report.levels:
        yield from level.texts.values()
        yield from answer_text_keys(level)


def course_json(report: LevelsReport, text: Callable[[str, str], str]) -> Json:
    """The published course; ValueError if the report has problems (publish only a clean one)."""
    if report.problems:
        raise ValueError("the course has problems:\n  " + "\n  ".join(str(p) for p in report.problems))
    keys = sorted(set(text_keys(report)))
    return {
        "version": VERSION,
        "stages": [stage_json(stage, report.levels) for stage in report.stages],
        "levels": [level_json(level) for level in report.levels],
        "texts": {lang: {key: with_facts(text(lang, key)) for key in keys} for lang in LANGUAGES},
    }
