"""The site in headless Chromium: languages, switcher, search, privacy, accessibility."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from support import AXE, LANGUAGES, language_prefix, serious_violations

pytestmark = pytest.mark.browser

HOME_TITLES = {"en": "California Jack", "pt": "California Jack", "fr": "California Jack",
               "es": "California Jack", "it": "California Jack"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_loads_in_each_language(watched_page, site_url, lang):
    page = watched_page.page
    response = page.goto(site_url + language_prefix(lang))
    assert response.status == 200
    assert page.locator("html").get_attribute("lang") == lang
    assert HOME_TITLES[lang] in page.locator("h1").first.inner_text()
    assert page.locator("nav.md-nav--primary a[href]").count() >= 9
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []


SWITCHES = [("en", "fr"), ("fr", "pt"), ("pt", "es"), ("es", "it"), ("it", "en")]


@pytest.mark.parametrize(("source", "target"), SWITCHES)
def test_language_switch_keeps_the_page(watched_page, site_url, source, target):
    page = watched_page.page
    page.goto(f"{site_url}{language_prefix(source)}rules/")
    page.locator(".md-header .md-select").first.hover()
    page.locator(f'.md-header a[hreflang="{target}"]').first.click()
    page.wait_for_load_state("load")
    assert urlsplit(page.url).path == f"/{language_prefix(target)}rules/"
    assert page.locator("html").get_attribute("lang") == target
    assert page.locator("#drawing").count() == 1
    assert watched_page.foreign_requests() == []


def test_french_search_finds_only_french_pages(watched_page, site_url):
    page = watched_page.page
    page.goto(site_url + "fr/")
    page.locator("input.md-search__input").click()
    page.locator("input.md-search__input").press_sequentially("atout", delay=30)
    results = page.locator(".md-search-result__item a")
    results.first.wait_for(timeout=15000)
    hrefs = results.evaluate_all("links => links.map(a => a.href)")
    assert hrefs
    paths = [urlsplit(h).path for h in hrefs]
    assert all(p.startswith("/fr/") for p in paths), paths
    # The English glossary lists the French word too: it must not be found from /fr/.
    page.goto(site_url)
    page.locator("input.md-search__input").click()
    page.locator("input.md-search__input").press_sequentially("trick", delay=30)
    page.locator(".md-search-result__item a").first.wait_for(timeout=15000)
    english = page.locator(".md-search-result__item a").evaluate_all("links => links.map(a => a.href)")
    assert all(urlsplit(h).path.split("/")[1] not in LANGUAGES[1:] for h in english), english
    assert watched_page.foreign_requests() == []


def _record_foreign(url, foreign):
    if urlsplit(url).hostname not in (None, "127.0.0.1"):
        foreign.append(url)


def _site_pages(site_dir, lang: str) -> list[str]:
    from html_index import all_pages, page_language

    pages = all_pages(site_dir)
    return [p.relative_to(site_dir).as_posix() for p in pages if page_language(site_dir, p) == lang]


# What differs between one page's copies at two addresses: how its links are written.
_ADDRESSES = re.compile(r'((?:href|src|content)="|"(?:base|search)": ")[^"]*"')


def _pages_to_scan(site_dir, lang: str) -> list[str]:
    """The language's pages, each page once: 404.html (what the host answers for a missing
    page) and 404/index.html are one page at two addresses, their markup the same but for
    how links are written (checked here), so axe reads only 404.html."""
    pages = _site_pages(site_dir, lang)
    prefix = language_prefix(lang)
    served, copy = f"{prefix}404.html", f"{prefix}404/index.html"
    assert served in pages and copy in pages, pages
    same = [_ADDRESSES.sub(r"\1", (site_dir / name).read_text(encoding="utf-8")) for name in (served, copy)]
    assert same[0] == same[1], f"{copy} is no longer a copy of {served}: scan both"
    return [page for page in pages if page != copy]


class _Styled(HTMLParser):
    """What a page's colours can depend on besides the stylesheets every language shares: each
    element as its tag, classes and inline style under its parent's."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = ["#document"]
        self.seen: set[str] = set()

    def handle_starttag(self, tag, attrs):
        fields = dict(attrs)
        classes = ".".join(sorted((fields.get("class") or "").split()))
        name = f"{tag}.{classes}[{fields.get('style') or ''}]"
        self.seen.add(f"{self.open[-1]} > {name}")
        if tag not in _VOID:
            self.open.append(name)

    def handle_endtag(self, tag):
        while len(self.open) > 1:
            if self.open.pop().startswith(f"{tag}."):
                break


_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def _styled(site_dir, path: str) -> set[str]:
    parser = _Styled()
    parser.feed((site_dir / path).read_text(encoding="utf-8"))
    return parser.seen


def _contrast_as_in_english(site_dir, lang: str, path: str) -> bool:
    """Whether a translated page can only show colours its English page shows: it has no
    element (tag, classes, inline style, under its parent) that the English page lacks. Its
    colours then come from the same rules of the same stylesheets, so axe's colour-contrast
    check, most of axe's time, measured them on the English page already."""
    english = path.removeprefix(language_prefix(lang))
    if lang == "en" or not (site_dir / english).is_file():
        return False
    return _styled(site_dir, path) <= _styled(site_dir, english)


# axe's colour-contrast rule on or off for the pages that follow (see _contrast_as_in_english).
_AXE_CONTRAST = "(on) => { axe.configure({ rules: [{ id: 'color-contrast', enabled: on }] }); }"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_accessibility_violation_anywhere(watched_page, site_url, site_dir, lang):
    """axe-core on every page of a language; serious or critical fails.

    One language per test, so that the languages are checked side by side when the suite runs
    on several cores; in the shared context, whose stored snapshot spares the practice and
    puzzle pages a cold engine start each. Colour contrast is measured on every English page,
    and on a translated page wherever it could differ from its English page."""
    page = watched_page.page
    # axe comes with every page (one script, parsed by the browser's cache) rather than being
    # injected after each load.
    page.add_init_script(AXE.read_text(encoding="utf-8"))
    pages = _pages_to_scan(site_dir, lang)
    assert len(pages) >= 9
    failures, foreign = [], []
    contrast_measured = 0
    page.on("request", lambda r: _record_foreign(r.url, foreign))
    for path in pages:
        page.goto(site_url + path.removesuffix("index.html"))
        as_in_english = _contrast_as_in_english(site_dir, lang, path)
        page.evaluate(_AXE_CONTRAST, not as_in_english)
        contrast_measured += not as_in_english
        failures += [f"{path}: {line}" for line in serious_violations(page)]
    assert not foreign
    assert not failures, "\n".join(failures[:30])
    assert contrast_measured >= (len(pages) if lang == "en" else 1)


def test_a_page_with_an_element_its_english_page_lacks_has_its_contrast_measured(site_dir, tmp_path):
    """The rule that spares a translated page the colour-contrast check is not blind: one more
    styled element, or one in a new place, and the page is measured."""
    (tmp_path / "fr").mkdir()
    english = '<body><div class="md-content"><p>Text <a href="x">link</a></p></div></body>'
    (tmp_path / "index.html").write_text(english, encoding="utf-8")
    (tmp_path / "fr" / "index.html").write_text(english.replace("Text", "Texte"), encoding="utf-8")
    assert _contrast_as_in_english(tmp_path, "fr", "fr/index.html")
    for changed in (
        english.replace("<p>", '<p class="admonition">'),  # another class
        english.replace("<p>Text", "<p><mark>Texte</mark>"),  # another element
        english.replace("</p></div>", '</p><a href="y">ici</a></div>'),  # a link out of its paragraph
        english.replace("<p>", '<p style="color: #aaa">'),  # an inline colour
    ):
        (tmp_path / "fr" / "index.html").write_text(changed, encoding="utf-8")
        assert not _contrast_as_in_english(tmp_path, "fr", "fr/index.html"), changed
    assert not _contrast_as_in_english(tmp_path, "en", "index.html")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_quick_reference_prints_on_one_a4_page(browser, site_url, lang):
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{site_url}{language_prefix(lang)}quick-reference/")
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=False, prefer_css_page_size=True)
    context.close()
    # Each page of a PDF is one "/Type /Page" object (the tree root is "/Type /Pages").
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert pages == 1, f"{lang}: the quick reference prints on {pages} A4 pages"
