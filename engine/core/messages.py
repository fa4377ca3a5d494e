"""English messages for error and reason codes, read from engine/locales/en.json.

The UI translates codes itself with the same catalogues; the engine only needs English for
CLI output and the `message` field of replay errors. The catalogue is the one source of that
English: a copy kept here drifted from it, so a key the catalogue lacks (or cannot give) is
answered with the key itself, which still names the code.
"""

from __future__ import annotations

from engine.core.locales import catalogue_strings

_catalogue: dict[str, str] | None = None

# Every catalogue key some reader looked up in this process: the engine's own English messages
# here, every surface's lookups through note_requested (engine.surfaces.catalogue re-exports
# it). The build and the tests read it to find keys nobody asks for.
_requested: set[str] = set()


def note_requested(key: str) -> None:
    """Record that some reader looked `key` up (see requested_keys)."""
    _requested.add(key)


def requested_keys() -> frozenset[str]:
    """Every key looked up in this process so far, in any language."""
    return frozenset(_requested)


def _load() -> dict[str, str]:
    global _catalogue
    if _catalogue is None:
        try:
            catalogue = catalogue_strings("en")
        except (OSError, ValueError):
            catalogue = {}  # No or unreadable catalogue (a broken install): codes stand for themselves.
        _catalogue = catalogue
    return _catalogue


class _KeepMissing(dict[str, object]):
    """Leaves an unknown {placeholder} visible rather than failing on a catalogue typo."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def suit_name(letter: str | None) -> str | None:
    """English suit name from the catalogue ('hearts'), else the letter itself."""
    if letter is None:
        return None
    return _load().get(f"suits.{letter}.name", letter)


def message(key: str, **params: object) -> str:
    """English text for a catalogue key such as 'errors.must_trump', filled with `params`."""
    note_requested(key)
    values = _KeepMissing({k: ("none" if v is None else v) for k, v in params.items()})
    template = _load().get(key)
    if template:
        try:
            return template.format_map(values)
        except (ValueError, IndexError, AttributeError):
            pass  # Bad placeholder syntax (tests/site checks the catalogues): the key, as if missing.
    return key
