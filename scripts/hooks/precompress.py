"""Write a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the built site.

A static host (or scripts/serve_site.py) then sends the smallest copy the browser accepts,
without compressing anything per request. Runs last, once every other hook has written its
files. Compressing Pyodide's 9.6 MB WebAssembly takes seconds, so each result is kept in
build/precompress/ under the hash of its input: a rebuild compresses only what changed.
A copy that saves less than 5 % is not written (the original is served instead).
"""

from __future__ import annotations

import gzip
import hashlib
import logging
from pathlib import Path

from mkdocs.plugins import event_priority

try:  # pinned in requirements.txt; without it the site still gets its gzip copies
    import brotli
except ImportError:  # pragma: no cover - exercised only on a machine without the package
    brotli = None

log = logging.getLogger("mkdocs.hooks.precompress")

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / "build" / "precompress"
SUFFIXES = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".zip", ".svg", ".xml", ".txt", ".webmanifest"}
MIN_BYTES = 1024
# Brotli's best quality costs about 5 s per MB; large files use a quality almost as good.
BEST_QUALITY_UP_TO = 1_000_000


def _compress_br(data: bytes) -> bytes:
    quality = 11 if len(data) <= BEST_QUALITY_UP_TO else 9
    return brotli.compress(data, quality=quality)


def _compress_gz(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


ENCODERS = {".gz": _compress_gz}
if brotli is not None:
    ENCODERS[".br"] = _compress_br


def compressed(data: bytes, suffix: str) -> bytes:
    """The encoded bytes of data, from the cache when this exact input was seen before."""
    key = hashlib.sha256(data).hexdigest()
    cached = CACHE / f"{key}{suffix}"
    if cached.is_file():
        return cached.read_bytes()
    result = ENCODERS[suffix](data)
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(result)
    return result


def compressible(path: Path) -> bool:
    return path.is_file() and path.suffix in SUFFIXES and path.stat().st_size >= MIN_BYTES


def precompress(site: Path) -> tuple[int, int, int]:
    """Write the copies; return (files, bytes before, bytes of the smallest copies)."""
    files = before = after = 0
    for path in sorted(p for p in site.rglob("*") if compressible(p)):
        data = path.read_bytes()
        smallest = len(data)
        for suffix in ENCODERS:
            target = path.with_name(path.name + suffix)
            encoded = compressed(data, suffix)
            if len(encoded) <= 0.95 * len(data):
                target.write_bytes(encoded)
                smallest = min(smallest, len(encoded))
            elif target.is_file():
                target.unlink()
        files += 1
        before += len(data)
        after += smallest
    return files, before, after


@event_priority(-300)  # after every other post_build hook has written its files
def on_post_build(config) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:
        return
    if brotli is None:
        log.warning("the brotli package is missing: only gzip copies are written")
    files, before, after = precompress(Path(config.site_dir))
    log.info("precompressed %d files: %d -> %d bytes", files, before, after)
