#!/usr/bin/env python3
"""Convert the worked examples from YAML to TOML: tutorials/<slug>.yml -> tutorials/<slug>.toml.

    .venv/bin/python scripts/yaml_to_toml.py            # every tutorials/*.yml, next to itself
    .venv/bin/python scripts/yaml_to_toml.py --delete   # the same, then remove each .yml
    .venv/bin/python scripts/yaml_to_toml.py FILE.yml   # one file

Why: the engine checks the examples (engine/content/) and is standard library only, which
reads TOML (`tomllib`) but not YAML. The converter is deterministic (the same YAML gives the
same bytes), so a branch that still edits the YAML texts can be merged and converted again.
It is a transition tool: delete it once no branch edits the YAML.

The same data, written to be read:
- the comment lines at the top of a file stay at its top (a comment anywhere else is reported
  on stderr: move it to the top or drop it by hand);
- a file's own keys first, then `[record]`, then one `[[annotations]]` table per annotation,
  `[[quiz]]`, `[[alternatives]]` and `[expect]`, in the order the YAML gives them;
- a text in five languages is five dotted keys (`text.en = "..."`), each a basic string;
- TOML has no null: YAML's `null` (a point no one scored, no match winner, no error) is written
  as the string "none", which engine/content reads back as no one / none;
- TOML keys are strings: `expect.tricks` keyed by trick number becomes `[expect.tricks]` with
  `1 = {...}`, read back as numbers.

Before writing, the output is parsed with `tomllib` and compared with the YAML data (null and
integer keys mapped as above); a difference stops the conversion of that file.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
LANGUAGES = ("en", "pt", "fr", "es", "it")
NONE = "none"  # what YAML's null becomes (TOML has no null)
WIDTH = 100  # an array longer than this is wrapped, several items a line
SECTION_KEYS = frozenset({"record", "expect", "tricks"})  # always a [table] of their own
BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


class ConversionError(ValueError):
    """A YAML file that this converter cannot write as the same data in TOML."""


# ----- values -------------------------------------------------------------------------------


def key_text(key: object) -> str:
    text = str(key)
    return text if BARE_KEY.match(text) else string_text(text)


def string_text(text: str) -> str:
    """A TOML basic string: "...", with backslash, quote and control characters escaped."""
    out = []
    for char in text:
        if char == "\\":
            out.append("\\\\")
        elif char == '"':
            out.append('\\"')
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def inline(value: object) -> str:
    """A value on one line: a scalar, an array or an inline table."""
    if value is None:
        return string_text(NONE)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return string_text(value)
    if isinstance(value, list):
        return "[" + ", ".join(inline(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key_text(k)} = {inline(v)}" for k, v in value.items()) + "}"
    raise ConversionError(f"cannot write a {type(value).__name__} in TOML")


def array_lines(key: str, items: list[Any]) -> list[str]:
    """`key = [...]` on one line when it fits, else wrapped: one nested array a line, or as
    many scalars a line as fit."""
    one_line = f"{key} = {inline(items)}"
    if len(one_line) <= WIDTH:
        return [one_line]
    lines = [f"{key} = ["]
    if any(isinstance(item, list | dict) for item in items):
        lines += [f"  {inline(item)}," for item in items]
    else:
        row = ""
        for item in items:
            piece = inline(item) + ","
            if row and len(row) + 1 + len(piece) > WIDTH - 2:
                lines.append("  " + row)
                row = piece
            else:
                row = f"{row} {piece}" if row else piece
        if row:
            lines.append("  " + row)
    lines.append("]")
    return lines


# ----- tables -------------------------------------------------------------------------------


def is_texts(value: object) -> bool:
    """A text in several languages: {en: "...", pt: "...", ...}."""
    return (
        isinstance(value, dict)
        and bool(value)
        and all(k in LANGUAGES and isinstance(v, str) for k, v in value.items())
    )


def is_table_list(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def is_section(key: str, value: object, top: bool) -> bool:
    """A dict written as a [table] of its own rather than inline or as dotted keys."""
    if not isinstance(value, dict) or is_texts(value):
        return False
    if top or key in SECTION_KEYS:
        return True
    return any(isinstance(v, dict) or is_table_list(v) for v in value.values())


def table_lines(path: str, data: dict[Any, Any], top: bool = False) -> list[str]:
    """The key = value lines of one table, then its sub-tables and arrays of tables."""
    lines: list[str] = []
    later: list[tuple[str, Any]] = []
    for raw_key, value in data.items():
        key = key_text(raw_key)
        if is_table_list(value) or is_section(str(raw_key), value, top):
            later.append((key, value))
        elif is_texts(value):
            lines += [f"{key}.{lang} = {string_text(text)}" for lang, text in value.items()]
        elif isinstance(value, list):
            lines += array_lines(key, value)
        else:
            lines.append(f"{key} = {inline(value)}")
    for key, value in later:
        name = f"{path}.{key}" if path else key
        if isinstance(value, dict):
            lines += ["", f"[{name}]", *table_lines(name, value)]
        else:
            for item in value:
                lines += ["", f"[[{name}]]", *table_lines(name, item)]
    return lines


# ----- files --------------------------------------------------------------------------------


def top_comments(text: str) -> tuple[list[str], list[int]]:
    """The comment lines at the top of the file, and the line numbers of any other full-line
    comment (which the TOML cannot keep where it sat)."""
    lines = text.splitlines()
    head = 0
    while head < len(lines) and (lines[head].lstrip().startswith("#") or not lines[head].strip()):
        head += 1
    comments = [line.strip() for line in lines[:head] if line.strip()]
    elsewhere = [n for n, line in enumerate(lines[head:], head + 1) if line.lstrip().startswith("#")]
    return comments, elsewhere


def as_read_back(value: object) -> object:
    """The YAML data as tomllib will read the TOML: null as "none", every key a string."""
    if value is None:
        return NONE
    if isinstance(value, dict):
        return {str(k): as_read_back(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_read_back(item) for item in value]
    return value


def convert_text(text: str) -> str:
    """The TOML text for one YAML example (ConversionError if it would not be the same data)."""
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        raise ConversionError("the file is not a mapping")
    comments, _ = top_comments(text)
    body = table_lines("", data, top=True)
    out = "\n".join([*comments, *([""] if comments else []), *body]) + "\n"
    if tomllib.loads(out) != as_read_back(data):
        raise ConversionError("the TOML would not read back as the same data")
    return out


def convert_file(source: Path, delete: bool) -> Path:
    text = source.read_text(encoding="utf-8")
    _, elsewhere = top_comments(text)
    for line in elsewhere:
        print(f"{source.name}:{line}: a comment not at the top is not carried over", file=sys.stderr)
    target = source.with_suffix(".toml")
    target.write_text(convert_text(text), encoding="utf-8")
    if delete:
        source.unlink()
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="YAML files or folders (default: tutorials/)")
    parser.add_argument("--delete", action="store_true", help="remove each .yml once its .toml is written")
    args = parser.parse_args(argv)
    sources: list[Path] = []
    for path in args.paths or [TUTORIALS]:
        sources += sorted(path.glob("*.yml")) if path.is_dir() else [path]
    status = 0
    for source in sources:
        try:
            print(convert_file(source, args.delete))
        except (OSError, yaml.YAMLError, ConversionError) as error:
            print(f"{source}: {error}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
