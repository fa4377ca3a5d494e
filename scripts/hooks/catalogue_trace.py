"""Write down the catalogue keys the build looked up, for the unused-key test.

Every reader of engine/locales/<lang>.json in the build (site_data.lookup, the worked
examples' Catalogue, the widgets' early strings, the engine's Catalogue) notes each key
it is asked for (engine.surfaces.catalogue.note_requested). After the build this hook
writes them, sorted, next to the site folder: `<site_dir>.catalogue-keys.json` (outside
the published site). tests/site/test_catalogue_keys.py joins them with the keys the
browser asked for during the browser tests and fails on a key nobody requests.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.surfaces.catalogue import requested_keys


def trace_path(site_dir: str | Path) -> Path:
    site = Path(site_dir).resolve()
    return site.with_name(site.name + ".catalogue-keys.json")


def on_post_build(config) -> None:
    trace_path(config["site_dir"]).write_text(
        json.dumps(sorted(requested_keys()), indent=0) + "\n", encoding="utf-8"
    )
