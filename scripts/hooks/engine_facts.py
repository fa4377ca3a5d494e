"""Fill the rules pages' placeholders from the engine and the data files.

Pages never type a number the engine knows: they write `{{ fact.hand_size }}` (in
figures; a measured figure such as `{{ fact.luck_mean }}` to two decimal places) or
`{{ words.hand_size }}` (in words, from the catalogue's `numbers.<n>`),
`{{ table.card_values }}`, `{{ list.count_out }}` or `{{ glossary.table }}`, and
this hook replaces each with the value the engine computes, in the page's
language. An unknown placeholder fails the build, naming the page and the name.
Cards, tricks, draws, counts and a deal's points are engine snippets
(`{{ card.KS }}`, `{{ trick trump=H lead=A 7C 2H }}`...: docs/_data/SNIPPETS.md),
resolved by prose_snippets; one the engine cannot resolve fails the build with
the page and the line.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import prose_snippets
import rule_labels
import site_data

from engine.content.facts import page_facts

# MkDocs hands the hook the Markdown without its front matter; this finds how many lines
# that was, so snippet errors name the line of the source file.
FRONT_MATTER = re.compile(r"\A-{3}[ \t]*\n.*?\n(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
PLACEHOLDER = re.compile(r"\{\{\s*([a-z_]+)\.([a-z0-9_]+)\s*\}\}")
RANKS_HIGH_TO_LOW = "AKQJT98765432"


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rank_name(lang: str, rank: str) -> str:
    return _capitalised(site_data.lookup(lang, f"ranks.{rank}.name"))


def card_value_table(lang: str, facts: dict) -> str:
    rows = [
        ("T", facts["value_ten"]),
        ("A", facts["value_ace"]),
        ("K", facts["value_king"]),
        ("Q", facts["value_queen"]),
        ("J", facts["value_jack"]),
    ]
    short = {r: site_data.lookup(lang, f"ranks.{r}.short") for r in RANKS_HIGH_TO_LOW}
    lines = [
        f"| {site_data.lookup(lang, 'ui.card')} | {site_data.lookup(lang, 'ui.value')} |",
        "|---|--:|",
    ]
    lines += [f"| {_rank_name(lang, r)} ({short[r]}) | {v} |" for r, v in rows]
    lines.append(f"| {_rank_name(lang, '9')} … {_rank_name(lang, '2')} ({short['9']} … {short['2']}) | 0 |")
    return "\n".join(lines)


def count_out(lang: str, facts: dict, with_nine: bool) -> str:
    order = [p for p in facts["count_out_order"] if with_nine or p != "nine"]
    arrow = site_data.lookup(lang, "ui.count_out_arrow")
    return arrow.join(site_data.lookup(lang, f"points.{p}") for p in order)


def rank_key(lang: str) -> str:
    """What the rank letters stand for in this language: "A = ace, K = king, Q = queen, J = jack"."""
    names = [
        f"{site_data.lookup(lang, f'ranks.{rank}.short')} = {site_data.lookup(lang, f'ranks.{rank}.name')}"
        for rank in "AKQJ"
    ]
    return ", ".join(names)


def glossary_table(lang: str) -> str:
    others = [code for code in site_data.LANGUAGES if code != lang]
    header = [site_data.lookup(code, "language.name") for code in (lang, *others)]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for entry in site_data.glossary().values():
        cells = [f"**{entry[lang]['term']}**"] + [entry[c]["term"] for c in others]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def decimal(lang: str, value: float) -> str:
    """A measured figure to two places, in the language's decimal style, with a true minus sign."""
    text = f"{value:.2f}".replace(".", site_data.lookup(lang, "analysis.ui.decimal"))
    return text.replace("-", "\u2212")


def render(markdown: str, lang: str, where: str) -> str:
    facts = page_facts()

    def replace(match: re.Match) -> str:
        kind, name = match.groups()
        if kind == "fact" and name in facts and isinstance(facts[name], int):
            return str(facts[name])
        if kind == "fact" and name in facts and isinstance(facts[name], float):
            return decimal(lang, facts[name])
        if kind == "words" and name in facts and isinstance(facts[name], int):
            try:
                return str(site_data.lookup(lang, f"numbers.{facts[name]}"))
            except KeyError:
                word = f"{where}: {match.group(0)} is {facts[name]}, which has no word in numbers.*"
                raise PluginError(f"{word}: write it in figures") from None
        if kind == "table" and name == "card_values":
            return card_value_table(lang, facts)
        if kind == "list" and name in ("count_out", "count_out_nine"):
            return count_out(lang, facts, with_nine=name == "count_out_nine")
        if kind == "list" and name == "rank_key":
            return rank_key(lang)
        if kind == "list" and name == "ranks":
            return " ".join(site_data.lookup(lang, f"ranks.{r}.short") for r in RANKS_HIGH_TO_LOW)
        if kind == "table" and name == "options":
            return rule_labels.options_table(lang)
        if kind == "list" and name == "presets":
            return rule_labels.presets_list(lang)
        if kind == "glossary" and name == "table":
            return glossary_table(lang)
        raise PluginError(f"{where}: unknown placeholder {match.group(0)!r}")

    return PLACEHOLDER.sub(replace, markdown)


def first_body_line(source: str) -> int:
    front = FRONT_MATTER.match(source)
    if not front:
        return 1
    # MkDocs also drops the blank lines after the front matter.
    body = source[front.end() :]
    return 1 + front.group(0).count("\n") + len(body) - len(body.lstrip("\n"))


def on_page_markdown(markdown: str, page, config, files) -> str:
    lang = page.file.src_uri.split("/", 1)[0]
    if lang not in site_data.LANGUAGES:
        return markdown
    where = f"docs/{page.file.src_uri}"
    # Bookkeeping for scripts/translations.py, not page metadata for the theme.
    page.meta.pop("translation_of", None)
    try:
        markdown = prose_snippets.render(markdown, lang, where, first_body_line(page.file.content_string))
    except prose_snippets.SnippetError as error:
        raise PluginError(str(error)) from None
    return render(markdown, lang, where)
