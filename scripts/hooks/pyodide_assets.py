"""Ship Pyodide and the rules engine inside the built site.

Pyodide is copied from the pinned npm package (node_modules/pyodide) into
site/pyodide/, so the site never asks a CDN for it. The engine is packed from
engine/ into one deterministic zip (site/assets/engine/engine.zip) that the
browser worker unpacks into Pyodide's filesystem: there is no second copy of
the engine in the repository.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.pyodide_assets")

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
ENGINE_SOURCE = ROOT / "engine"
# What a browser needs from the npm package; its Node-only and typing files stay out.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
# A fixed timestamp keeps the archive byte-identical for identical sources.
_ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file():
        s, t = source.stat(), target.stat()
        if s.st_size == t.st_size and s.st_mtime <= t.st_mtime:
            return
    shutil.copy2(source, target)


def copy_pyodide(site: Path) -> str:
    if not PYODIDE_PACKAGE.is_dir():
        raise PluginError("node_modules/pyodide is missing: run `npm ci` (scripts/setup does it)")
    target = site / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        source = PYODIDE_PACKAGE / name
        if not source.is_file():
            raise PluginError(f"node_modules/pyodide/{name} is missing: reinstall with `npm ci`")
        _copy_if_changed(source, target / name)
    return json.loads((PYODIDE_PACKAGE / "package.json").read_text())["version"]


def engine_sources() -> list[Path]:
    return sorted(
        p
        for p in ENGINE_SOURCE.rglob("*")
        if p.is_file() and p.suffix in (".py", ".json") and "__pycache__" not in p.parts
    )


def build_engine_archive(target: Path) -> str:
    """Write engine.zip (paths start with engine/) and return its short content hash."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in engine_sources():
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return hashlib.sha256(target.read_bytes()).hexdigest()[:12]


@event_priority(-200)  # once, after mkdocs-static-i18n has built every language
def on_post_build(config) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:
        return
    site = Path(config.site_dir)
    pyodide_version = copy_pyodide(site)
    archive = site / "assets" / "engine" / "engine.zip"
    digest = build_engine_archive(archive)
    manifest = {
        "pyodide": pyodide_version,
        "engine": f"engine.zip?v={digest}",
        "bytes": archive.stat().st_size,
    }
    (archive.parent / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    log.info("pyodide %s copied; engine archive %d bytes", pyodide_version, manifest["bytes"])
