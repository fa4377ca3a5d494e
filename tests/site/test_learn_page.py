"""The Learn page is the way in: first in the navigation after Home and linked from the top
of Home, in every language; it loads the course player and nothing of the engine, and says in
its own language that the course needs JavaScript. The rules pages stay free of it."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

from engine.surfaces.catalogue import LANGUAGES

NAV_LINK = re.compile(r'<a href="([^"#]*)" class="md-nav__link')
ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">(.*?)</article>', re.DOTALL)


def page(site_dir: Path, lang: str, path: str = "") -> str:
    folder = site_dir if lang == "en" else site_dir / lang
    return (folder / path / "index.html").read_text(encoding="utf-8")


def nav_pages(html: str) -> list[str]:
    start = html.index('class="md-nav md-nav--primary"')
    # "./" and "." (the English home) are the same page.
    return [posixpath.normpath(href) for href in NAV_LINK.findall(html[start:]) if href]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_learn_is_first_after_home_in_the_navigation(site_dir, lang):
    assert nav_pages(page(site_dir, lang))[:2] == [".", "learn"]
    assert nav_pages(page(site_dir, lang, "rules"))[:2] == ["..", "../learn"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_opens_with_a_link_to_learn(site_dir, lang):
    article = ARTICLE.search(page(site_dir, lang)).group(1)
    before_first_section = article.split("<h2", 1)[0]
    assert re.search(r'<a class="md-button md-button--primary" href="learn/">[^<]+</a>', before_first_section)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_learn_page_loads_the_course_and_no_engine(site_dir, lang):
    html = page(site_dir, lang, "learn")
    assert re.search(r'<script type="module" async src="[./]*assets/javascripts/learn\.js\?v=\w+">', html)
    for engine_part in ("stepper.js", "practice.js", "puzzles.js", "engine-worker", "pyodide"):
        assert engine_part not in html, engine_part
    # Without JavaScript the widget's own paragraph says what is missing, in the page's language.
    message = re.search(r'<div class="cj-learn"><p>([^<]+)</p></div>', html)
    assert message and "JavaScript" in message.group(1)
    others = {other: page(site_dir, other, "learn") for other in LANGUAGES if other != lang}
    assert all(message.group(1) not in text for text in others.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_pages_stay_free_of_the_course(site_dir, lang):
    for path in ("rules", "scoring", "variants", "quick-reference"):
        assert "learn.js" not in page(site_dir, lang, path), path
