"""Reader-facing names of presets, rule options and their values, from the catalogue.

The engine's rule keys (`trump_when_able`, `low: holder`, `face-down`...) never reach a
page: the Variants table, the preset list and the worked examples' "Rules in use" all
write them through these functions, from `presets.*`, `options.*` and `options_table.*`
in engine/locales/<lang>.json.
"""

from __future__ import annotations

import site_data
import typography

from engine.core.rules import ALLOWED, PRESETS, Rules

# RULES.md §2 order.
OPTION_KEYS = (
    "players",
    "target",
    "stock",
    "trump_when_able",
    "must_trump_when_void",
    "low",
    "game_tie",
    "turned_jack",
    "nine_point",
    "first_dealer",
)
# The Variants page's section for each option (fixed ids of docs/_data/outline.yml).
OPTION_SECTIONS = {
    "players": "shasta-sam-three-players",
    "target": "game-to-7",
    "stock": "shasta-sam-face-down",
    "trump_when_able": "stricter-follow",
    "must_trump_when_void": "stricter-follow",
    "low": "low-by-holder",
    "game_tie": "game-tie",
    "turned_jack": "turned-jack",
    "nine_point": "shasta-point",
    "first_dealer": "first-dealer",
}
SHORT_TARGET = 7  # Foster's Complete Hoyle (1897): "seven points is game"


def option_name(lang: str, key: str) -> str:
    return site_data.lookup(lang, f"options.{key}.name")


def option_value(lang: str, key: str, value: object) -> str:
    if key == "target":
        return str(value)
    text = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return site_data.lookup(lang, f"options.{key}.values.{text}")


def preset_name(lang: str, preset: str) -> str:
    return site_data.lookup(lang, f"presets.{preset}.name")


def preset_of(rules: Rules) -> str | None:
    """The preset these rules are exactly, if any."""
    return next((name for name, preset in PRESETS.items() if preset == rules), None)


def options_table(lang: str) -> str:
    """The Variants page's table: option, its standard value, the other values."""
    standard = PRESETS["standard"]

    def label(key: str) -> str:
        return site_data.lookup(lang, f"options_table.{key}")

    lines = [f"| {label('option')} | {label('standard')} | {label('other')} |", "|---|---|---|"]
    for key in OPTION_KEYS:
        value = getattr(standard, key)
        if key == "target":
            others = label("target_other").format(n=SHORT_TARGET)
        else:
            others = label("or").join(option_value(lang, key, v) for v in ALLOWED[key] if v != value)
        name = f"[{option_name(lang, key)}](#{OPTION_SECTIONS[key]})"
        lines.append(f"| {name} | {option_value(lang, key, value)} | {others} |")
    return "\n".join(lines)


def presets_list(lang: str) -> str:
    """One bulleted line per preset: its name in bold, then its summary."""
    lines = []
    for name in PRESETS:
        summary = site_data.lookup(lang, f"presets.{name}.summary")
        lines.append(f"- **{preset_name(lang, name)}** — {summary}")
    return "\n".join(lines)


def rules_differences(lang: str, rules: Rules) -> list[str]:
    """'Option: value' for every option where `rules` differ from the standard game."""
    standard = PRESETS["standard"]
    return [
        typography.fix(lang, f"{option_name(lang, key)}: {option_value(lang, key, getattr(rules, key))}")
        for key in OPTION_KEYS
        if getattr(rules, key) != getattr(standard, key)
    ]
