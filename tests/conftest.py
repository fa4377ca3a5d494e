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
        return self._browser.new_context(**options)

    def new_page(self, **options):
        options.setdefault("service_workers", "block")
        return self._browser.new_page(**options)

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture
def watched_page(browser):
    context = browser.new_context()
    page = context.new_page()
    watch = PageWatch(page)
    yield watch
    context.close()
