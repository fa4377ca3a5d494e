"""A small block tokenizer for the rules pages' Markdown, to compare a translation with English.

It knows the constructs the pages use (docs/_data/WRITING.md): headings with ids,
paragraphs, bulleted and numbered list items (with their depth and continuation
paragraphs), table rows, admonitions (`!!! type` and `??? type`, their content
tokenized inside), definition lists, fenced code, HTML lines, rules and placeholders
on a line of their own. Each block records the engine snippets it contains, so two
pages with the same structure also show the same cards, tricks and counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from prose_snippets import SNIPPET

FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
HEADING = re.compile(r"^(#{1,6})\s+.*?(?:\{#([A-Za-z0-9_-]+)\})?\s*$")
LIST_ITEM = re.compile(r"^( *)([-*+]|\d+[.)])\s+")
ADMONITION = re.compile(r"^(!!!|\?\?\?\+?)\s+([A-Za-z0-9_-]+)")
FENCE = re.compile(r"^\s*(```|~~~)")
TABLE_SEPARATOR = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
PLACEHOLDER_LINE = re.compile(r"^\{\{\s*([a-z_]+\.[a-z0-9_]+)\s*\}\}\s*$")
RULE = re.compile(r"^(\*\s*){3,}$|^(-\s*){3,}$|^(_\s*){3,}$")


@dataclass(frozen=True)
class Block:
    kind: str  # heading, paragraph, item, row, admonition, term, definition, code, html, rule, placeholder
    detail: str  # heading level and id, list depth and type, admonition type, placeholder name
    snippets: tuple[str, ...]
    line: int  # 1-based line in the file

    def shape(self) -> tuple[str, str, tuple[str, ...]]:
        return (self.kind, self.detail, self.snippets)

    def __str__(self) -> str:
        found = f" with {', '.join(self.snippets)}" if self.snippets else ""
        detail = f" {self.detail}" if self.detail else ""
        return f"line {self.line}: {self.kind}{detail}{found}"


def snippets_in(text: str) -> tuple[str, ...]:
    return tuple(" ".join(match.group(0)[2:-2].split()) for match in SNIPPET.finditer(text))


def body_and_offset(source: str) -> tuple[list[str], int]:
    front = FRONT_MATTER.match(source)
    if not front:
        return source.splitlines(), 0
    return source[front.end() :].splitlines(), front.group(0).count("\n")


def blocks(source: str) -> list[Block]:
    lines, offset = body_and_offset(source)
    return _tokenize(lines, offset, prefix="")


def _tokenize(lines: list[str], offset: int, prefix: str) -> list[Block]:
    out: list[Block] = []
    pending: list[str] = []  # lines of the block being collected
    pending_kind = ""
    pending_detail = ""
    pending_line = 0

    def flush() -> None:
        nonlocal pending, pending_kind
        if pending:
            text = "\n".join(pending)
            out.append(Block(prefix + pending_kind, pending_detail, snippets_in(text), pending_line))
        pending, pending_kind = [], ""

    def start(kind: str, detail: str, number: int, text: str) -> None:
        nonlocal pending, pending_kind, pending_detail, pending_line
        flush()
        pending, pending_kind, pending_detail, pending_line = [text], kind, detail, number

    index = 0
    in_list = False  # a blank line inside a list keeps indented text with the item
    while index < len(lines):
        line = lines[index]
        number = offset + index + 1
        stripped = line.strip()
        if FENCE.match(line):
            flush()
            fence = FENCE.match(line).group(1)
            end = index + 1
            while end < len(lines) and not lines[end].strip().startswith(fence):
                end += 1
            out.append(Block(prefix + "code", "", (), number))
            index = end + 1
            continue
        if not stripped:
            flush()
            index += 1
            continue
        indent = len(line) - len(line.lstrip(" "))
        admonition = ADMONITION.match(stripped) if indent == 0 else None
        if admonition:
            flush()
            end = index + 1
            while end < len(lines) and (not lines[end].strip() or lines[end].startswith("    ")):
                end += 1
            inner = [text[4:] if text.startswith("    ") else text for text in lines[index + 1 : end]]
            out.append(Block(prefix + "admonition", admonition.group(2), snippets_in(stripped), number))
            out.extend(_tokenize(inner, offset + index + 1, prefix + "admonition>"))
            index = end
            in_list = False
            continue
        heading = HEADING.match(line) if indent == 0 else None
        if heading:
            flush()
            detail = f"h{len(heading.group(1))}#{heading.group(2) or ''}"
            out.append(Block(prefix + "heading", detail, snippets_in(line), number))
            in_list = False
        elif item := LIST_ITEM.match(line):
            kind = "numbered" if item.group(2)[0].isdigit() else "bulleted"
            start("item", f"{kind} depth {len(item.group(1)) // 4}", number, line)
            in_list = True
        elif stripped.startswith("|"):
            if TABLE_SEPARATOR.match(stripped):
                flush()
            else:
                start("row", "", number, line)
            in_list = False
        elif stripped.startswith(": ") and indent == 0:
            if pending_kind == "paragraph" and len(pending) == 1:
                pending_kind = "term"
            start("definition", "", number, line)
        elif PLACEHOLDER_LINE.match(stripped) and not pending:
            out.append(Block(prefix + "placeholder", PLACEHOLDER_LINE.match(stripped).group(1), (), number))
        elif stripped.startswith("<") and not pending:
            start("html", "", number, line)
        elif RULE.match(stripped) and not pending:
            out.append(Block(prefix + "rule", "", (), number))
        elif pending:
            pending.append(line)  # a continuation line of the same block
        elif in_list and indent >= 2:
            start("item-paragraph", f"depth {max(0, indent // 4 - 1)}", number, line)
        else:
            start("paragraph", "", number, line)
            in_list = False
        index += 1
    flush()
    return out


def first_difference(english: list[Block], other: list[Block]) -> str | None:
    """None if both have the same shape, else a sentence naming the first difference."""
    for mine, theirs in zip(english, other, strict=False):
        if mine.shape() != theirs.shape():
            return f"English has {mine}, the translation has {theirs}"
    if len(english) > len(other):
        return f"the translation ends early: English goes on with {english[len(other)]}"
    if len(other) > len(english):
        return f"the translation has more: {other[len(english)]}, after the end of English"
    return None
