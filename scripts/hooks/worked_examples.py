"""MkDocs hook: the worked-example pages, generated from tutorials/*.toml and checked by the engine.

The examples are loaded, replayed and checked by engine.content (the same code as
`python -m engine check tutorials/`); this hook only turns them into pages.

For the language being built (mkdocs-static-i18n builds the site once per language and
calls on_files each time), on_files adds <lang>/examples/index.md and
<lang>/examples/<slug>.md as generated files (mkdocs 1.6 File.generated). It runs after the
i18n plugin's own on_files (priority -100), so the files are added already localised: the
right destination (no prefix for the default language), the i18n attributes the plugin's
page context needs, and an alternate per language so the language switcher links to the
same example in the other languages.

on_nav turns the `examples/index.md` nav entry (or, if the nav has none, a new entry at the
end) into a section: the index, then every example in order. on_page_content appends each
example page's stepper data as <script type="application/json" class="cj-example-data">.

Any disagreement between an example and the engine, or a placeholder that cannot be
filled, stops the build with a PluginError naming the file and the annotation.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, InclusionLevel
from mkdocs.structure.nav import Section
from mkdocs.structure.pages import Page

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for folder in (HERE, ROOT):  # the sibling render modules, and the engine
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import worked_examples_render as render  # noqa: E402
from worked_examples_strings import Catalogue  # noqa: E402

from engine.content.examples import Example, check_examples  # noqa: E402
from engine.content.placeholders import Unresolved  # noqa: E402
from engine.surfaces.catalogue import LANGUAGES  # noqa: E402

TUTORIALS = ROOT / "tutorials"
FOLDER = "examples"
_cache: dict = {}


def load_checked(tutorials: Path = TUTORIALS) -> list[Example]:
    """All examples, replayed and checked; raises PluginError listing every problem."""
    report = check_examples(tutorials)
    if report.problems:
        raise PluginError(
            "worked examples disagree with the engine or are incomplete:\n  "
            + "\n  ".join(str(problem) for problem in report.problems)
        )
    return report.examples


def build_pages(lang: str, examples: list[Example]) -> dict[str, tuple[str, str | None]]:
    """{relative path under examples/: (markdown, stepper script or None)} for one language."""
    cat = Catalogue(lang)
    pages: dict[str, tuple[str, str | None]] = {"index.md": (render.index_page(examples, lang, cat), None)}
    for example in examples:
        try:
            markdown, script = render.example_page(example, lang, cat)
        except Unresolved as error:
            raise PluginError(f"worked examples: {example.path.name} [{lang}]: {error}") from None
        pages[f"{example.slug}.md"] = (markdown, script)
    return pages


def _i18n(config):
    plugin = config.plugins.get("i18n")
    if plugin is None:
        return None, "en", "en", ["en"]
    languages = list(getattr(plugin, "build_languages", None) or LANGUAGES)
    return plugin, plugin.current_language, plugin.default_language, languages


def _dest(lang: str, default: str, name: str) -> str:
    stem = name[:-3]
    path = f"{FOLDER}/index.html" if stem == "index" else f"{FOLDER}/{stem}/index.html"
    return path if lang == default else f"{lang}/{path}"


def _make_file(config, lang: str, default: str, name: str, content: str, inclusion) -> File:
    file = File.generated(config, f"{lang}/{FOLDER}/{name}", content=content, inclusion=inclusion)
    dest = _dest(lang, default, name)
    file.dest_uri = dest
    file.url = dest[: -len("index.html")]
    file.abs_dest_path = str(Path(config.site_dir) / dest)
    return file


@event_priority(-110)  # after mkdocs-static-i18n's on_files (-100): our files are added localised
def on_files(files, config):
    examples = _cache.get("examples")
    if examples is None:
        examples = _cache["examples"] = load_checked()
    plugin, lang, default, languages = _i18n(config)
    pages = _cache.setdefault("pages", {})
    if lang not in pages:
        pages[lang] = build_pages(lang, examples)
    scripts = _cache.setdefault("scripts", {})
    added = []
    for name, (markdown, script) in pages[lang].items():
        inclusion = InclusionLevel.NOT_IN_NAV  # on_nav places them itself
        file = _make_file(config, lang, default, name, markdown, inclusion)
        if plugin is not None:
            file.locale = lang
            file.localization = lang
            file.locale_alternate_of = lang
            file.norm_src_uri = f"{FOLDER}/{name}"
            file.alternates = {lang: file}
            for other in languages:
                if other != lang:
                    file.alternates[other] = _make_file(config, other, default, name, "", inclusion)
        if script:
            scripts[file.src_uri] = script
        files.append(file)
        added.append(file)
    if plugin is not None:
        store = getattr(plugin, "i18n_files_per_language", None)
        if isinstance(store, dict) and isinstance(store.get(lang), list):
            store[lang].extend(added)
    _cache["order"] = [f"{FOLDER}/{ex.slug}.md" for ex in examples]
    return files


def on_nav(nav, config, files):
    _plugin, lang, _default, _languages = _i18n(config)
    index_file = files.get_file_from_path(f"{lang}/{FOLDER}/index.md")
    if index_file is None:
        return nav
    cat = Catalogue(lang)
    children = []
    for src in [f"{FOLDER}/index.md", *_cache.get("order", [])]:
        file = files.get_file_from_path(f"{lang}/{src}")
        if file is None:
            continue
        page = file.page if file.page is not None else Page(None, file, config)
        children.append(page)
    section = Section(cat.ex("nav_title"), children)

    def replace(items) -> bool:
        for position, item in enumerate(items):
            if isinstance(item, Page) and item.file is index_file:
                items[position] = section
                return True
            if getattr(item, "children", None) and replace(item.children):
                return True
        return False

    if not replace(nav.items):
        nav.items.append(section)
    # Re-link parents and previous/next over the new order.
    pages = []

    def walk(items, parent):
        for item in items:
            item.parent = parent
            if isinstance(item, Page):
                pages.append(item)
            elif getattr(item, "children", None):
                walk(item.children, item)

    walk(nav.items, None)
    for before, page, after in zip([None, *pages[:-1]], pages, [*pages[1:], None], strict=True):
        page.previous_page = before
        page.next_page = after
    nav.pages = pages
    return nav


def on_page_content(html, page, config, files):
    script = _cache.get("scripts", {}).get(page.file.src_uri)
    if script:
        return html + "\n" + script + "\n"
    return html


def on_shutdown():
    _cache.clear()


def on_config(config):
    # A new build (e.g. `mkdocs serve` reloading) re-reads and re-checks the examples.
    plugin = config.plugins.get("i18n")
    if plugin is None or not getattr(plugin, "building", False):
        _cache.clear()
    return config
