"""Ship Pyodide and the rules engine inside the built site, under names that never go stale.

Pyodide is copied from the pinned npm package (node_modules/pyodide) into
site/pyodide/<version>/, so the site never asks a CDN for it and a browser may
keep those files for good: a new Pyodide is a new folder. The engine is packed
from engine/ into one deterministic zip named after its content
(site/assets/engine/engine-<hash>.zip) that the browser worker unpacks into
Pyodide's filesystem: there is no second copy of the engine in the repository.

site/assets/engine/manifest.json tells the worker where both are, how many
bytes each file has (for a real progress bar), Pyodide's lock-file header (the
worker hands Pyodide a lock file with no packages, so Pyodide never downloads
pyodide-lock.json: the engine needs no package) and the name of the cache that
keeps this engine's memory snapshot (engine-snapshot.js). It also lists every
file the engine needs (`files`) and what they cost to download (`download_bytes`,
their Brotli copies): the service worker saves them for offline use in the
background, and the pages say how much that is (offline.js).

The archive holds the engine precompiled: sourceless .pyc files made by the
shipped Pyodide itself (compile_engine.mjs, run under Node, cached in
build/engine-pyc/ by source hash). Measured in Pyodide under Node on the shared
2-core machine (load about 20), importing engine.web_api took a median 921 ms
from sources and 323 ms from .pyc (3 runs each), for 57 KB more to download
(both archives stored and sent as Brotli: 107 KB instead of 49 KB). If Node
cannot compile it, the build says so and ships the sources.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

sys.path.insert(0, str(Path(__file__).resolve().parent))

import precompress

log = logging.getLogger("mkdocs.hooks.pyodide_assets")

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
ENGINE_SOURCE = ROOT / "engine"
# What a browser needs from the npm package; its Node-only and typing files, and the lock
# file (replaced by the header in the manifest), stay out.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
# Fetched while booting: the progress bar counts their bytes (and the engine archive's).
# The two .mjs files are imported as modules, which a worker cannot count.
BOOT_FILES = ("pyodide.asm.wasm", "python_stdlib.zip")
# A fixed timestamp keeps the archive byte-identical for identical sources.
_ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file():
        s, t = source.stat(), target.stat()
        if s.st_size == t.st_size and s.st_mtime <= t.st_mtime:
            return
    shutil.copy2(source, target)


def pyodide_version() -> str:
    if not PYODIDE_PACKAGE.is_dir():
        raise PluginError("node_modules/pyodide is missing: run `npm ci` (scripts/setup does it)")
    return str(json.loads((PYODIDE_PACKAGE / "package.json").read_text())["version"])


def pyodide_folder(version: str) -> str:
    """The site-relative folder of one Pyodide version, e.g. 'pyodide/314.0.8/'."""
    return f"pyodide/{version}/"


def store_uncompressed(source: Path, target: Path) -> None:
    """Rewrite a zip with its members stored, not deflated.

    Pyodide's standard library comes as a deflated zip (2.5 MB) that Brotli cannot shrink
    further; stored, the same files compress to 1.8 MB as a whole, and Python reads them
    without inflating.
    """
    if target.is_file() and target.stat().st_mtime >= source.stat().st_mtime:
        return
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as stored:
        for member in original.infolist():
            info = zipfile.ZipInfo(member.filename, date_time=member.date_time)
            info.external_attr = member.external_attr
            stored.writestr(info, original.read(member))


def copy_pyodide(site: Path) -> str:
    version = pyodide_version()
    target = site / pyodide_folder(version)
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        source = PYODIDE_PACKAGE / name
        if not source.is_file():
            raise PluginError(f"node_modules/pyodide/{name} is missing: reinstall with `npm ci`")
        if name == "python_stdlib.zip":
            store_uncompressed(source, target / name)
        else:
            _copy_if_changed(source, target / name)
    return version


def lock_header() -> dict:
    """The `info` of Pyodide's own lock file: what a package-less lock file must still carry."""
    lock = json.loads((PYODIDE_PACKAGE / "pyodide-lock.json").read_text(encoding="utf-8"))
    return lock["info"]


# Engine packages the browser never imports, left out of the archive so the worker stays light:
# engine/content checks the site's content files at build time and from the command line; the
# worker imports engine.surfaces.web_api, which never reaches it (tests/site/test_engine_archive.py).
NOT_IN_BROWSER = ("content",)


def engine_sources() -> list[Path]:
    return sorted(
        p
        for p in ENGINE_SOURCE.rglob("*")
        if p.is_file()
        and p.suffix in (".py", ".json")
        and "__pycache__" not in p.parts
        and p.relative_to(ENGINE_SOURCE).parts[0] not in NOT_IN_BROWSER
    )


def engine_archive_bytes() -> bytes:
    """The engine as one zip (paths start with engine/), identical for identical sources."""
    buffer = io.BytesIO()
    # Stored, not deflated: Brotli compresses the whole archive (the .br copy the server
    # sends) far better than zip compresses each file.
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
        for path in engine_sources():
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=_ZIP_DATE)
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


COMPILER = Path(__file__).with_name("compile_engine.mjs")
PYC_CACHE = ROOT / "build" / "engine-pyc"


def precompiled(source: bytes) -> bytes:
    """The engine archive as sourceless .pyc for the shipped Pyodide (cached by input)."""
    key = hashlib.sha256(source + pyodide_version().encode() + COMPILER.read_bytes()).hexdigest()[:16]
    cached = PYC_CACHE / f"{key}.zip"
    if cached.is_file():
        return cached.read_bytes()
    with tempfile.TemporaryDirectory() as folder:
        source_zip, compiled_zip = Path(folder) / "source.zip", Path(folder) / "compiled.zip"
        source_zip.write_bytes(source)
        subprocess.run(
            ["node", str(COMPILER), str(source_zip), str(compiled_zip)],
            check=True,
            capture_output=True,
            timeout=600,
        )
        data = compiled_zip.read_bytes()
    PYC_CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(data)
    return data


def write_engine_archive(folder: Path) -> str:
    """Write engine-<hash>.zip (precompiled if possible) into folder and return its name."""
    data = engine_archive_bytes()
    try:
        data = precompiled(data)
    except (OSError, subprocess.SubprocessError) as error:
        detail = getattr(error, "stderr", b"") or b""
        log.warning("engine archive shipped as sources: precompiling failed (%s) %s", error, detail[-300:])
    name = f"engine-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)
    return name


def download_bytes(path: Path) -> int:
    """What a browser downloads for one file: its Brotli copy (precompress.py writes the same
    bytes, from the same cache, at the end of the build), or the file when that is smaller."""
    data = path.read_bytes()
    if precompress.brotli is None:
        return len(data)
    return min(len(data), len(precompress.compressed(data, ".br", path.suffix)))


def snapshot_cache(version: str, archive: str) -> str:
    """The Cache Storage name of the engine's memory snapshot (engine-snapshot.js).

    One name per Pyodide version and engine archive: a build with another engine looks in
    another cache and never restores a stale engine; the service worker keeps only this one.
    """
    return f"cj-snapshot-{version}-{archive.removesuffix('.zip')}"


@event_priority(-200)  # once, after mkdocs-static-i18n has built every language
def on_post_build(config) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:
        return
    site = Path(config.site_dir)
    version = copy_pyodide(site)
    engine_folder = site / "assets" / "engine"
    archive = write_engine_archive(engine_folder)
    pyodide_dir = site / pyodide_folder(version)
    manifest = {
        "pyodide": version,
        # Both relative to the manifest (site/assets/engine/manifest.json).
        "pyodide_dir": f"../../{pyodide_folder(version)}",
        "engine": archive,
        "bytes": (engine_folder / archive).stat().st_size,
        "lock_info": lock_header(),
        "boot_bytes": {name: (pyodide_dir / name).stat().st_size for name in BOOT_FILES},
        "snapshot_cache": snapshot_cache(version, archive),
        # Everything the engine needs, relative to the manifest, and its size: what "works
        # offline" saves.
        "files": {
            **{
                f"../../{pyodide_folder(version)}{name}": (pyodide_dir / name).stat().st_size
                for name in PYODIDE_FILES
            },
            archive: (engine_folder / archive).stat().st_size,
        },
        "download_bytes": sum(download_bytes(pyodide_dir / name) for name in PYODIDE_FILES)
        + download_bytes(engine_folder / archive),
    }
    (engine_folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    log.info("pyodide %s copied; engine archive %s, %d bytes", version, archive, manifest["bytes"])
