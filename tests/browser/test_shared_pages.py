"""The browser contexts the session shares (tests/conftest.py, tests/support.py): a page handed
out by one starts with nothing the page before it stored, and its engine restores the
snapshot the context was primed with (what makes them fast) instead of starting cold."""

from __future__ import annotations

import json

import pytest
from practice_support import wait_ready, wait_settled
from support import shared_page

pytestmark = pytest.mark.browser

SNAPSHOTS = "async () => (await caches.keys()).filter((name) => name.startsWith('cj-snapshot-'))"
STARTED_FROM = (
    "() => performance.getEntriesByName('cj-engine-timing-engine-imported').map((mark) => mark.detail)"
)


def test_a_shared_page_starts_with_empty_storage_and_restores_the_snapshot(
    desktop_context, site_url, site_dir
):
    manifest = json.loads((site_dir / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    before = shared_page(desktop_context, site_url)
    before.goto(site_url + "practice/?seed=3&rules=standard,target:1&level=random")
    wait_ready(before)
    wait_settled(before)
    before.evaluate("() => localStorage.setItem('cj-test-left-over', 'x')")
    assert before.evaluate("() => localStorage.getItem('cj-practice-match')") is not None
    before.close()

    page = shared_page(desktop_context, site_url)
    page.goto(site_url + "practice/")
    wait_ready(page)
    # Nothing of the page before: no match to resume, no key of its own.
    assert page.locator(".cj-practice [data-role=setup]").is_visible()
    assert page.evaluate("() => localStorage.getItem('cj-test-left-over')") is None
    # But the snapshot is kept, and this page's engine started from it.
    assert page.evaluate(SNAPSHOTS) == [manifest["snapshot_cache"]]
    assert page.evaluate(STARTED_FROM) == ["snapshot"]
    page.close()
