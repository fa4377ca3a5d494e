"""Every catalogue key is asked for by someone: the build, the browser or the engine.

The keys requested are recorded, not guessed from the sources:
- the build: every lookup the hooks make (scripts/hooks/catalogue_trace.py writes them next
  to the site folder);
- the browser: every lookup a page makes during the browser tests (tests/conftest.py
  records them and a full, passing browser run writes tests/browser/catalogue_keys_requested.txt);
- the engine's message ids, which a UI turns into a key the moment the engine emits them
  (a hint's reason, a review reason, a refusal, a point's reason): their codes come from
  the engine's own lists, so a code the engine no longer emits frees its key.
A key none of them asks for is dead text that translators keep paying for: delete it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import site_data

sys.path.insert(0, str(site_data.ROOT / "scripts" / "hooks"))
from catalogue_trace import trace_path  # noqa: E402

from engine.ai.expert import REASON_CODES as HINT_CODES  # noqa: E402
from engine.analysis.reasons import REASON_CODES as REVIEW_CODES  # noqa: E402

BROWSER_KEYS = site_data.ROOT / "tests" / "browser" / "catalogue_keys_requested.txt"


def catalogue_keys(lang: str) -> set[str]:
    keys: set[str] = set()

    def walk(node: dict, prefix: str) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{key}.")
            else:
                keys.add(f"{prefix}{key}")

    walk(site_data.catalogue(lang), "")
    return keys


def build_keys(site_dir: Path) -> set[str]:
    path = trace_path(site_dir)
    if not path.is_file():
        pytest.fail(f"{path} is missing: build the site with scripts/build (the catalogue_trace hook writes it)")
    return set(json.loads(path.read_text(encoding="utf-8")))


def browser_keys() -> set[str]:
    lines = BROWSER_KEYS.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line and not line.startswith("#")}


def engine_message_keys() -> set[str]:
    """Keys the engine's message ids become in a UI (web_api, practice_api, outcome)."""
    return {f"hints.{code}" for code in HINT_CODES} | {f"analysis.reasons.{code}" for code in REVIEW_CODES}


def test_every_catalogue_key_is_requested(site_dir):
    requested = build_keys(site_dir) | browser_keys() | engine_message_keys()
    unused = sorted(catalogue_keys("en") - requested)
    assert not unused, (
        "no code asks for these keys (build trace, browser trace, engine message ids); delete them "
        "from every engine/locales/*.json, or, if a browser lookup is new, rerun the whole browser "
        "suite to refresh tests/browser/catalogue_keys_requested.txt:\n" + "\n".join(unused)
    )


def test_the_traces_are_real_lookups():
    """The browser trace holds keys the pages asked for, not a copy of the catalogue."""
    known = catalogue_keys("en")
    traced = browser_keys()
    assert traced, "the browser trace is empty: run the whole browser suite"
    # Probes for plural forms a language lacks (`_many`, `_few`) are real lookups that find nothing.
    stale = sorted(k for k in traced - known if not k.endswith(("_many", "_few", "_two", "_zero")))
    assert not stale, "the browser asked for keys the catalogue lacks (rerun the browser suite):\n" + "\n".join(stale)
