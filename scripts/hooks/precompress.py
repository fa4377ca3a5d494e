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
# Brotli's best quality costs about 0.1 s for a 50 KB page and 5 s per MB. Pages and sitemaps
# change with almost every build (they carry the scripts' version): a fast quality, about
# 10 % larger. Assets rarely change, so the cache keeps their best quality; very large files
# (Pyodide) get a quality almost as good in a twentieth of the time.
CHANGING = {".html", ".xml"}
BEST_QUALITY_UP_TO = 1_000_000


def _brotli_quality(suffix: str, size: int) -> int:
    if suffix in CHANGING:
        return 6
    return 11 if size <= BEST_QUALITY_UP_TO else 9


def _compress_br(data: bytes, quality: int) -> bytes:
    return brotli.compress(data, quality=quality)


def _compress_gz(data: bytes, quality: int) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


ENCODERS = {".gz": _compress_gz}
if brotli is not None:
    ENCODERS[".br"] = _compress_br


def compressed(data: bytes, suffix: str, kind: str = "") -> bytes:
    """The encoded bytes of data (a file ending in `kind`), from the cache when this exact
    input was seen before."""
    quality = _brotli_quality(kind, len(data))
    key = hashlib.sha256(data).hexdigest()
    cached = CACHE / f"{key}-{quality}{suffix}"
    if cached.is_file():
        return cached.read_bytes()
    result = ENCODERS[suffix](data, quality)
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
            encoded = compressed(data, suffix, path.suffix)
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
