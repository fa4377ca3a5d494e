"""Shared fixtures: the built site, a local server for it, and Chromium.

scripts/test builds the site once and passes its folder as SITE_DIR; when a
test is run on its own without it, the site is built here (strictly) instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from support import CHROMIUM, CHROMIUM_ARGS, ROOT, PageWatch


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    given = os.environ.get("SITE_DIR")
    if given and (Path(given) / "index.html").is_file():
        return Path(given)
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(target)],
        cwd=ROOT,
        check=True,
    )
    return target


@pytest.fixture(scope="session")
def site_url(site_dir):
    from serve_site import make_server

    server = make_server(str(site_dir), 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: scripts/test installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield QuietBrowser(chromium)
        chromium.close()


class QuietBrowser:
    """The session's Chromium, whose new contexts block the site's service worker unless a
    test asks for it (`new_context(service_workers="allow")`, as tests/browser/test_offline.py
    does): otherwise every context would pre-cache the whole site in the background, slowing
    every test and hiding the network from the ones that watch requests."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        options.setdefault("service_workers", "block")
        context = self._browser.new_context(**options)
        context.expose_binding("__cjKeyRequested", _key_requested)
        return context

    def new_page(self, **options):
        options.setdefault("service_workers", "block")
        page = self._browser.new_page(**options)
        page.expose_binding("__cjKeyRequested", _key_requested)
        return page


# ----- catalogue keys the browser asks for ------------------------------------------------------
# Every page's string lookups (engine-client.js, Strings.lookup) report each key once through
# the __cjKeyRequested binding. A browser run that collected every browser test file writes
# them to REQUESTED_KEYS, which tests/site/test_catalogue_keys.py joins with the build's
# own lookups to find catalogue keys nobody asks for.
REQUESTED_KEYS = ROOT / "tests" / "browser" / "catalogue_keys_requested.txt"
_requested_in_browser: set[str] = set()


def _key_requested(source, key) -> None:
    if isinstance(key, str):
        _requested_in_browser.add(key)


# The browser tests still to finish in a session that collected the whole browser suite (else
# None). The trace is written the moment the last of them finishes, so the unused-key test in
# tests/site, which pytest runs after tests/browser, reads this run's trace, not the last one's.
_browser_tests_left: set[str] | None = None


def pytest_collection_finish(session) -> None:
    global _browser_tests_left
    browser_dir = ROOT / "tests" / "browser"
    collected = {Path(str(item.path)) for item in session.items}
    every_file = set(browser_dir.glob("test_*.py"))
    if every_file <= collected and not session.config.option.keyword:
        _browser_tests_left = {
            item.nodeid for item in session.items if Path(str(item.path)).parent == browser_dir
        }


def pytest_runtest_logfinish(nodeid, location) -> None:
    if _browser_tests_left is None or nodeid not in _browser_tests_left:
        return
    _browser_tests_left.discard(nodeid)
    # Written after failures too: a failure can only leave keys out, which the unused-key
    # test then reports, never hide an unused one.
    if not _browser_tests_left and _requested_in_browser:
        REQUESTED_KEYS.write_text(
            "# Catalogue keys the browser looked up during the last full browser test run\n"
            "# (written by tests/conftest.py; read by tests/site/test_catalogue_keys.py).\n"
            + "".join(f"{key}\n" for key in sorted(_requested_in_browser)),
            encoding="utf-8",
        )


    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture
def watched_page(browser):
    context = browser.new_context()
    page = context.new_page()
    watch = PageWatch(page)
    yield watch
    context.close()
