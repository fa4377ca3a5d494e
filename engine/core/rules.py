"""The variant options (RULES.md §2) as one immutable object, with presets and spec parsing."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from engine.core.boundary import echo


class RulesError(ValueError):
    """A rules spec names an unknown key or preset, or gives a value outside the allowed ones."""

    def __init__(self, message: str, key: str | None = None, allowed: Any = None):
        super().__init__(message)
        self.key = key
        self.allowed = allowed


# Allowed values per key; `target` is any positive int and is checked separately.
ALLOWED: dict[str, tuple[object, ...]] = {
    "players": (2, 3),
    "stock": ("open", "hidden"),
    "trump_when_able": (True, False),
    "must_trump_when_void": (True, False),
    "low": ("capture", "holder"),
    "game_tie": ("none", "non_dealer"),
    "turned_jack": (False, True),
    "nine_point": (False, True),
    "first_dealer": ("cut_low", "cut_high", "random"),
}
TARGET_ALLOWED = "a positive integer"


@dataclass(frozen=True, slots=True)
class Rules:
    """Exactly the rule keys of RULES.md §2; the defaults are the `standard` preset."""

    players: int = 2
    target: int = 10
    stock: str = "open"
    trump_when_able: bool = True
    must_trump_when_void: bool = True
    low: str = "capture"
    game_tie: str = "none"
    turned_jack: bool = False
    nine_point: bool = False
    first_dealer: str = "cut_low"

    def __post_init__(self) -> None:
        for name, allowed in ALLOWED.items():
            value = getattr(self, name)
            # `True == 1` in Python, so compare types too: players must not be True, flags not 1.
            if not any(value == ok and type(value) is type(ok) for ok in allowed):
                raise RulesError(
                    f"rules key {name!r}: {echo(value)} is not allowed; allowed values: "
                    + ", ".join(_show(ok) for ok in allowed),
                    key=name,
                    allowed=list(allowed),
                )
        if type(self.target) is not int or self.target < 1:
            raise RulesError(
                f"rules key 'target': {echo(self.target)} is not allowed; allowed values: {TARGET_ALLOWED}",
                key="target",
                allowed=TARGET_ALLOWED,
            )

    @staticmethod
    def preset(name: str) -> Rules:
        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            raise RulesError(
                f"unknown preset {echo(name)}; allowed presets: {', '.join(PRESETS)}",
                key="preset",
                allowed=list(PRESETS),
            ) from None

    @staticmethod
    def from_spec(spec: object) -> Rules:
        """Accept a preset name, a Rules, or a dict like {"preset": "classic", "target": 7}."""
        if spec is None:
            return PRESETS["standard"]
        if isinstance(spec, Rules):
            return spec
        if isinstance(spec, str):
            return Rules.preset(spec)
        if not isinstance(spec, dict):
            raise RulesError(
                f"rules must be a preset name or an object, got {type(spec).__name__}", key="rules"
            )
        options = dict(spec)
        base = Rules.preset(options.pop("preset", "standard"))
        known = {f.name for f in fields(Rules)}
        for key in options:
            if key not in known:
                raise RulesError(
                    f"unknown rules key {echo(key)}; allowed keys: preset, {', '.join(sorted(known))}",
                    key=key,
                    allowed=["preset", *sorted(known)],
                )
        return replace(base, **options)

    def to_spec(self) -> dict[str, Any]:
        """The full set of keys, as JSON-ready values (round-trips through from_spec)."""
        return asdict(self)

    def preset_name(self) -> str | None:
        """The preset this rules object equals, if any."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


_STANDARD = Rules()
_CLASSIC = replace(_STANDARD, must_trump_when_void=False, low="holder")
PRESETS: dict[str, Rules] = {
    "standard": _STANDARD,
    "classic": _CLASSIC,
    "shasta-sam": replace(_CLASSIC, players=3),
    "face-down": replace(_STANDARD, stock="hidden"),
}
