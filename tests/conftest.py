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
from support import CHROMIUM, CHROMIUM_ARGS, PHONE, ROOT, PageWatch, primed_context, shared_page


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

    def __getattr__(self, name):
        return getattr(self._browser, name)


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


# The browser tests still to finish in a run that collected the whole browser suite (else
# None). The trace is written the moment the last of them finishes, so the unused-key test in
# tests/site, when it runs after tests/browser in the same session, reads this run's trace.
# Under pytest-xdist the keys are looked up in the workers' browsers: each test's teardown
# report carries the keys its process heard since the report before (the report travels to
# the controller), and the controller, which sees every report, writes the union. scripts/test
# runs tests/browser before tests/site, in two sessions, for the order to hold there too.
_browser_tests_left: set[str] | None = None
_keys_reported: set[str] = set()  # this process's keys already sent with a report
_keys_heard: set[str] = set()  # every key in the reports this process has seen
_KEYS_ATTRIBUTE = "cj_catalogue_keys"
_BROWSER_DIR = "tests/browser/"
_collected_by_workers = False


def _whole_browser_suite(config, nodeids: list[str]) -> set[str] | None:
    """The browser tests among nodeids when they come from every browser test file, else None."""
    browser = {nodeid for nodeid in nodeids if nodeid.startswith(_BROWSER_DIR)}
    files = {nodeid.split("::")[0] for nodeid in browser}
    every_file = {path.relative_to(ROOT).as_posix() for path in (ROOT / _BROWSER_DIR).glob("test_*.py")}
    if every_file <= files and not config.option.keyword:
        return browser
    return None


def pytest_collection_finish(session) -> None:
    global _browser_tests_left
    if hasattr(session.config, "workerinput"):
        return  # an xdist worker: the controller writes the trace
    _browser_tests_left = _whole_browser_suite(session.config, [item.nodeid for item in session.items])


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids) -> None:
    """The xdist controller (which collects nothing itself) learns the tests from the workers
    (each collects them all, before any runs): from the first to answer, once."""
    global _browser_tests_left, _collected_by_workers
    if not _collected_by_workers:
        _collected_by_workers = True
        _browser_tests_left = _whole_browser_suite(node.config, list(ids))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if call.when == "teardown":
        new = _requested_in_browser - _keys_reported
        if new:
            setattr(report, _KEYS_ATTRIBUTE, sorted(new))
            _keys_reported.update(new)
    return report


def pytest_runtest_logreport(report) -> None:
    _keys_heard.update(getattr(report, _KEYS_ATTRIBUTE, ()))


def pytest_runtest_logfinish(nodeid, location) -> None:
    if _browser_tests_left is None or nodeid not in _browser_tests_left:
        return
    _browser_tests_left.discard(nodeid)
    # Written after failures too: a failure can only leave keys out, which the unused-key
    # test then reports, never hide an unused one.
    if not _browser_tests_left and _keys_heard:
        REQUESTED_KEYS.write_text(
            "# Catalogue keys the browser looked up during the last full browser test run\n"
            "# (written by tests/conftest.py; read by tests/site/test_catalogue_keys.py).\n"
            + "".join(f"{key}\n" for key in sorted(_keys_heard)),
            encoding="utf-8",
        )


# ----- pages that share a started engine --------------------------------------------------------
# A cold start of the engine in a fresh context (downloading Pyodide, compiling it, starting
# Python, importing the engine) costs seconds of CPU; a start in a context that already holds
# the site's memory snapshot (engine-snapshot.js) and Pyodide in its HTTP cache costs a tenth of
# that. So a test that needs a started engine, but is not about the first start, gets a fresh
# page in one of two contexts shared by the session (a desktop and a phone), each primed once
# with a stored snapshot. What the site keeps between pages is its localStorage (sessionStorage
# lives and dies with the page): it is cleared before every test, and the snapshot's Cache
# Storage is kept. A cleared localStorage also forgets that a snapshot is stored, so no page
# starts its engine at idle on its own (engine-client.js warmWhenIdle): as on a first visit, the
# engine starts when a widget needs it, and restores the snapshot.
# Tests of the first visit (what a cold start downloads, its progress) ask for `fresh_page`.
# (The helpers are in tests/support.py: primed_context, shared_page.)


@pytest.fixture(scope="session")
def desktop_context(browser, site_url):
    context = primed_context(browser, site_url)
    yield context
    context.close()


@pytest.fixture(scope="session")
def phone_context(browser, site_url):
    context = primed_context(browser, site_url, **PHONE)
    yield context
    context.close()


@pytest.fixture
def watched_page(desktop_context, site_url):
    """A page (1280×720) in the shared desktop context, watched for requests and console errors."""
    page = shared_page(desktop_context, site_url)
    yield PageWatch(page)
    page.close()


@pytest.fixture
def phone_page(phone_context, site_url):
    """A page in the shared phone context (375×740, touch), watched like `watched_page`."""
    page = shared_page(phone_context, site_url)
    yield PageWatch(page)
    page.close()


@pytest.fixture
def fresh_page(browser):
    """A page in a context of its own, as on a first visit: nothing cached, nothing stored."""
    context = browser.new_context()
    page = context.new_page()
    yield PageWatch(page)
    context.close()
