"""Every translatable text of a worked example: where it sits, whether it exists in all five
languages, and whether each language's placeholders can be filled from the replay.

A text is a table of the five languages (`text.en = "..."`, `text.pt = ...`). A quiz's texts
know `{player}` (the seat to play) and, for a mistake or another choice, `{card}`; a mistake's
text also knows `{error}`, the engine's refusal (the pages put its words in the page's
language; the check only needs to know it exists).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.content.anchors import Anchor
from engine.content.placeholders import Context, PlainWriter, Unresolved, resolve
from engine.content.problems import Problems, is_int, join_place
from engine.content.replay import Replay
from engine.core.locales import LANGUAGES


class Example(Protocol):
    """What the text checks read of an example (engine.content.examples.Example)."""

    data: dict[str, Any]
    replay: Replay | None

    def alternative_replay(self, index: int) -> Replay | None: ...


@dataclass(frozen=True)
class TextPlace:
    """One text of an example: its place, the languages as written, and what it may refer to."""

    place: str  # "annotations[2].text", "quiz[0].prompt", "title"
    texts: object  # {lang: text} as written (checked here: it may be anything)
    anchor_place: str | None = None  # "annotations[2].at" for a text bound to an anchor
    anchor: object = None  # the anchor as written
    extra: dict[str, Any] = field(default_factory=dict)  # what a quiz text knows
    alternative: int | None = None  # the alternative whose replay it refers to
    optional: bool = False
    plain: bool = False  # a title or label: plain text, no placeholders
    resolvable: bool = True  # False when what it refers to is already reported missing


def _table(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _tables(value: object) -> list[dict[str, Any]]:
    return [item if isinstance(item, dict) else {} for item in value] if isinstance(value, list) else []


def text_places(example: Example) -> Iterator[TextPlace]:
    """Every translatable text of the example, in file order."""
    data = example.data
    rep = example.replay
    yield TextPlace("title", data.get("title"), plain=True)
    yield TextPlace("summary", data.get("summary"))
    for i, note in enumerate(_tables(data.get("annotations"))):
        yield TextPlace(f"annotations[{i}].text", note.get("text"), f"annotations[{i}].at", note.get("at"))
    for q, quiz in enumerate(_tables(data.get("quiz"))):
        yield from _quiz_places(f"quiz[{q}]", quiz, rep)
    for a, alt in enumerate(_tables(data.get("alternatives"))):
        yield TextPlace(f"alternatives[{a}].label", alt.get("label"), plain=True)
        for i, note in enumerate(_tables(alt.get("annotations"))):
            where = f"alternatives[{a}].annotations[{i}]"
            yield TextPlace(f"{where}.text", note.get("text"), f"{where}.at", note.get("at"), alternative=a)


def _quiz_places(where: str, quiz: dict[str, Any], rep: Replay | None) -> Iterator[TextPlace]:
    index = quiz.get("play")
    known = rep is not None and is_int(index) and 0 <= index < min(len(rep.plays), rep.accepted)
    seat = rep.seat_of_play(index) if rep is not None and known and isinstance(index, int) else None
    yield TextPlace(f"{where}.prompt", quiz.get("prompt"), extra={"player": seat}, optional=True)
    # The example's own choice is play `index`: its text is bound to that play (a bad index is
    # reported by the quiz check, so the text is then only checked for its languages).
    choice = quiz.get("choice_text")
    yield TextPlace(f"{where}.choice_text", choice, f"{where}.play", f"play {index}", resolvable=known)
    for m, mistake in enumerate(_tables(quiz.get("illegal"))):
        extra = {"card": mistake.get("card"), "error": mistake.get("error", ""), "player": seat}
        yield TextPlace(f"{where}.illegal[{m}].text", mistake.get("text"), extra=extra, optional=True)
    for o, other in enumerate(_tables(quiz.get("other"))):
        extra = {"card": other.get("card"), "player": seat}
        yield TextPlace(f"{where}.other[{o}].text", other.get("text"), extra=extra)
    if "other_text" in quiz:
        yield TextPlace(f"{where}.other_text", quiz.get("other_text"), extra={"player": seat})


def check_languages(place: str, texts: object, problems: Problems) -> dict[str, str] | None:
    """The texts by language if every language has a non-empty string, else None with problems."""
    if not isinstance(texts, dict):
        problems.add(place, f"missing text (a table of {', '.join(LANGUAGES)})")
        return None
    unknown = sorted(set(texts) - set(LANGUAGES))
    if unknown:
        problems.add(place, f"unknown languages {unknown}")
    missing = [lang for lang in LANGUAGES if not isinstance(texts.get(lang), str) or not texts[lang].strip()]
    if missing:
        problems.add(place, f"no text in {', '.join(missing)}")
    return {lang: texts[lang] for lang in LANGUAGES if lang not in missing}


def check_anchor(anchor: Anchor, rep: Replay) -> str | None:
    """Why the anchor has no place in the replay, or None."""
    if anchor.kind == "play" and not 0 <= anchor.index < len(rep.plays):
        return f"play {anchor.index} is not in the record's plays (0..{len(rep.plays) - 1})"
    if anchor.kind == "play" and anchor.index >= rep.accepted:
        return f"play {anchor.index} comes after the play the engine refused"
    if anchor.kind in ("trick", "draws") and not 1 <= anchor.index <= len(rep.tricks):
        return f"trick {anchor.index} is not complete in the replay"
    if anchor.kind == "draws" and not rep.tricks[anchor.index - 1]["draws"]:
        return f"trick {anchor.index} has no draws"
    return None


def _placed_anchor(text: TextPlace, rep: Replay, problems: Problems) -> tuple[bool, Anchor | None]:
    """(whether the text can be resolved, its anchor): a bad anchor is a problem at its place."""
    if text.anchor_place is None:
        return True, None
    try:
        anchor = Anchor.parse(text.anchor)
    except ValueError as error:
        problems.add(text.anchor_place, str(error))
        return False, None
    where_not = check_anchor(anchor, rep)
    if where_not:
        problems.add(text.anchor_place, where_not)
        return False, None
    return True, anchor


def check_texts(example: Example, problems: Problems) -> None:
    """Every text in all five languages, every placeholder resolvable in every language."""
    rep = example.replay
    if rep is None:
        return
    writer = PlainWriter()
    for text in text_places(example):
        if text.texts is None and text.optional:
            continue
        texts = check_languages(text.place, text.texts, problems)
        if texts is None:
            continue
        if not text.resolvable:
            continue
        if text.plain:
            for lang, value in texts.items():
                if "{" in value or "}" in value:
                    problems.add(join_place(text.place, lang), "a title or label is plain text: no { }")
            continue
        target = rep if text.alternative is None else example.alternative_replay(text.alternative)
        if target is None:
            continue  # the alternative does not replay: reported where it is checked
        usable, anchor = _placed_anchor(text, target, problems)
        if not usable:
            continue
        for lang, value in texts.items():
            try:
                resolve(value, Context(target, anchor, dict(text.extra)), writer)
            except Unresolved as error:
                problems.add(join_place(text.place, lang), str(error))
