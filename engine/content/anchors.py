"""Anchors: where in a deal an annotation is shown (start, play N, trick N, draws N, end)."""

from __future__ import annotations

import re
from dataclasses import dataclass

ANCHOR_RE = re.compile(r"^(start|end|play (\d+)|trick (\d+)|draws (\d+))$")
KINDS = ("start", "play", "trick", "draws", "end")


@dataclass(frozen=True)
class Anchor:
    kind: str  # one of KINDS
    index: int = 0  # play: 0-based index into record.plays; trick/draws: 1-based trick number

    @staticmethod
    def parse(text: object) -> Anchor:
        """The anchor an author wrote ("play 3"); ValueError saying which forms exist."""
        match = ANCHOR_RE.match(str(text).strip())
        if not match:
            raise ValueError(f"bad anchor {text!r}: use start, play N, trick N, draws N or end")
        word = match.group(1).split()[0]
        number = next((int(g) for g in match.groups()[1:] if g is not None), 0)
        return Anchor(word, number)

    def __str__(self) -> str:
        return self.kind if self.kind in ("start", "end") else f"{self.kind} {self.index}"

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "index": self.index}

    def order(self) -> tuple[int, int, int]:
        """Where the anchor falls in the deal, for sorting: start, then play by play (a trick's
        anchors after its last play, its draws after it), then end."""
        if self.kind == "start":
            return (0, 0, 0)
        if self.kind == "end":
            return (2, 0, 0)
        if self.kind == "play":
            return (1, self.index, 0)
        return (1, self.index * 10_000, 1 if self.kind == "trick" else 2)
