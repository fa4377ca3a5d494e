"""The browser's engine archive holds what the page's worker imports and nothing it never does:
engine/content (the content checks, run at build time and by `python -m engine check`) stays
out, so the worker downloads and unpacks less."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import grimp
import pyodide_assets

# What the worker imports (docs/assets/javascripts/engine-worker.js): the page's one JSON API,
# which hands practice requests on to the practice protocol.
WORKER_IMPORTS = ("engine", "engine.surfaces.web_api")


def test_the_worker_never_imports_the_content_layer():
    graph = grimp.build_graph("engine", exclude_type_checking_imports=True)
    reached = set(WORKER_IMPORTS)
    for module in WORKER_IMPORTS:
        reached |= graph.find_upstream_modules(module)
    assert "engine.surfaces.practice_api" in reached, "the closure follows the imports made on first use"
    assert not {m for m in reached if m.startswith("engine.content")}


def test_the_archive_sources_leave_the_content_layer_out():
    names = [p.relative_to(pyodide_assets.ROOT).as_posix() for p in pyodide_assets.engine_sources()]
    assert "engine/surfaces/web_api.py" in names and "engine/locales/en.json" in names
    assert not [name for name in names if name.startswith("engine/content/")]


def test_the_built_archive_has_no_content_layer(site_dir: Path):
    engine_dir = site_dir / "assets" / "engine"
    manifest = json.loads((engine_dir / "manifest.json").read_text(encoding="utf-8"))
    with zipfile.ZipFile(engine_dir / manifest["engine"]) as archive:
        names = archive.namelist()
    assert any(name.startswith("engine/surfaces/web_api.py") for name in names)
    assert not [name for name in names if name.startswith("engine/content/")]
