"""Draw the app icons (a white spade on the site's dark green) as PNG, in pure Python.

    .venv/bin/python scripts/make_icons.py      # writes docs/assets/icons/icon-{192,512}.png

The icons are committed; run this again only to change them. The shape is the same as
docs/assets/icons/icon.svg: a spade made of two circles, a triangle and a stem, inside the
central 80 % so that a "maskable" crop (a circle) never cuts it.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "docs" / "assets" / "icons"
GREEN = (0x1B, 0x5E, 0x20)
WHITE = (0xFF, 0xFF, 0xFF)
SIZES = (192, 512)
SUPERSAMPLE = 3  # 3 x 3 samples per pixel smooth the edges


def _in_triangle(x: float, y: float, a, b, c) -> bool:
    def side(p, q):
        return (x - q[0]) * (p[1] - q[1]) - (p[0] - q[0]) * (y - q[1])

    d1, d2, d3 = side(a, b), side(b, c), side(c, a)
    negative = d1 < 0 or d2 < 0 or d3 < 0
    positive = d1 > 0 or d2 > 0 or d3 > 0
    return not (negative and positive)


def in_spade(x: float, y: float) -> bool:
    """Whether the point (x, y) of the unit square (y downwards) is inside the spade."""
    for cx in (0.365, 0.635):
        if (x - cx) ** 2 + (y - 0.555) ** 2 <= 0.148**2:
            return True
    if _in_triangle(x, y, (0.5, 0.2), (0.228, 0.6), (0.772, 0.6)):
        return True
    return _in_triangle(x, y, (0.5, 0.56), (0.39, 0.8), (0.61, 0.8))


def pixels(size: int) -> bytes:
    rows = bytearray()
    step = 1 / (size * SUPERSAMPLE)
    offsets = [(i + 0.5) * step for i in range(SUPERSAMPLE)]
    for py in range(size):
        rows.append(0)  # PNG filter: none
        for px in range(size):
            hits = sum(
                in_spade(px / size + dx, py / size + dy) for dx in offsets for dy in offsets
            )
            share = hits / SUPERSAMPLE**2
            rows.extend(round(g + (w - g) * share) for g, w in zip(GREEN, WHITE, strict=True))
    return bytes(rows)


def png(size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(pixels(size), 9))
        + chunk(b"IEND", b"")
    )


def main() -> int:
    TARGET.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        (TARGET / f"icon-{size}.png").write_bytes(png(size))
        print(f"wrote {TARGET / f'icon-{size}.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
