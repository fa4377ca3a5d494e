#!/usr/bin/env python3
"""Which translated pages are behind their English source, and stamping them once updated.

Each translated page (docs/<lang>/<page>.md) starts with front matter recording the
English version it translates:

    ---
    translation_of: 1a2b3c4d5e6f
    ---

the first 12 hex digits of the SHA-256 of docs/en/<page>.md. When the English page
changes, the translation is behind until a translator updates it and stamps it again.

    scripts/translations.py status [LANG...]     # list the pages behind (exit 1 if any)
    scripts/translations.py stamp LANG PAGE...   # record the current English version
    scripts/translations.py diff LANG PAGE       # what changed in English since (from git)
"""

from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.surfaces.catalogue import DEFAULT_LANGUAGE, LANGUAGES  # noqa: E402

DOCS = ROOT / "docs"
KEY = "translation_of"
HASH_LENGTH = 12
FRONT_MATTER = re.compile(r"\A---[ \t]*\n(?P<body>.*?\n)?---[ \t]*\n", re.DOTALL)
STAMP_LINE = re.compile(rf"^{KEY}:[ \t]*(?P<hash>\S*)[ \t]*$", re.MULTILINE)


def source_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_LENGTH]


def english_hash(page: str) -> str:
    return source_hash((DOCS / DEFAULT_LANGUAGE / page).read_bytes())


def english_pages() -> list[str]:
    folder = DOCS / DEFAULT_LANGUAGE
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.md"))


def recorded_hash(text: str) -> str | None:
    front = FRONT_MATTER.match(text)
    if not front:
        return None
    stamp = STAMP_LINE.search(front.group("body") or "")
    return stamp.group("hash") if stamp else None


@dataclass(frozen=True)
class Behind:
    lang: str
    page: str
    reason: str

    def __str__(self) -> str:
        return f"docs/{self.lang}/{self.page}: {self.reason}"


def behind(langs=None) -> list[Behind]:
    """Every translated page that is missing, unstamped or stamped with an older English version."""
    found = []
    for lang in langs or LANGUAGES[1:]:
        for page in english_pages():
            path = DOCS / lang / page
            if not path.is_file():
                found.append(Behind(lang, page, "no translation"))
                continue
            recorded = recorded_hash(path.read_text(encoding="utf-8"))
            current = english_hash(page)
            if recorded is None:
                found.append(Behind(lang, page, f"no `{KEY}:` in its front matter (English is {current})"))
            elif recorded != current:
                found.append(Behind(lang, page, f"translates English {recorded}, English is now {current}"))
    return found


def stamped(text: str, value: str) -> str:
    """`text` with its front matter's translation_of set to `value` (front matter added if absent)."""
    front = FRONT_MATTER.match(text)
    if not front:
        return f"---\n{KEY}: {value}\n---\n\n{text}"
    body = front.group("body") or ""
    if STAMP_LINE.search(body):
        body = STAMP_LINE.sub(f"{KEY}: {value}", body, count=1)
    else:
        body += f"{KEY}: {value}\n"
    return f"---\n{body}---\n" + text[front.end() :]


def stamp(lang: str, pages: list[str]) -> None:
    for page in pages:
        path = DOCS / lang / page
        if not path.is_file():
            raise SystemExit(f"no such page: {path.relative_to(ROOT)}")
        path.write_text(stamped(path.read_text(encoding="utf-8"), english_hash(page)), encoding="utf-8")
        print(f"docs/{lang}/{page}: translates English {english_hash(page)}")


def english_version(page: str, wanted: str) -> str | None:
    """The commit whose docs/en/<page> has the hash `wanted`, searching the page's git history."""
    path = f"docs/{DEFAULT_LANGUAGE}/{page}"
    log = subprocess.run(
        ["git", "log", "--format=%H", "--", path], cwd=ROOT, capture_output=True, text=True, check=True
    )
    for commit in log.stdout.split():
        blob = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True, check=False)
        if blob.returncode == 0 and source_hash(blob.stdout) == wanted:
            return commit
    return None


def diff(lang: str, page: str) -> int:
    path = DOCS / lang / page
    recorded = recorded_hash(path.read_text(encoding="utf-8")) if path.is_file() else None
    if recorded is None:
        print(f"docs/{lang}/{page} has no `{KEY}:` stamp: compare it with the whole English page.")
        return 1
    if recorded == english_hash(page):
        print(f"docs/{lang}/{page} is up to date.")
        return 0
    commit = english_version(page, recorded)
    if commit is None:
        print(f"English version {recorded} is in no commit of docs/en/{page}: compare with the whole page.")
        return 1
    english = f"docs/{DEFAULT_LANGUAGE}/{page}"
    return subprocess.run(["git", "diff", commit, "--", english], cwd=ROOT, check=False).returncode


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    status_cmd = commands.add_parser("status", help="list the translated pages behind English")
    status_cmd.add_argument("langs", nargs="*", metavar="LANG", help=f"any of {', '.join(LANGUAGES[1:])}")
    stamp_cmd = commands.add_parser("stamp", help="record that pages translate the current English")
    stamp_cmd.add_argument("lang", choices=LANGUAGES[1:])
    stamp_cmd.add_argument("pages", nargs="+", metavar="PAGE", help="e.g. rules.md")
    diff_cmd = commands.add_parser("diff", help="show what changed in English since the page's stamp")
    diff_cmd.add_argument("lang", choices=LANGUAGES[1:])
    diff_cmd.add_argument("page")
    args = parser.parse_args(argv)
    if args.command == "stamp":
        stamp(args.lang, [p.removeprefix(f"docs/{args.lang}/") for p in args.pages])
        return 0
    if args.command == "diff":
        return diff(args.lang, args.page.removeprefix(f"docs/{args.lang}/"))
    unknown = [lang for lang in args.langs if lang not in LANGUAGES[1:]]
    if unknown:
        choices = ", ".join(LANGUAGES[1:])
        parser.error(f"not a translated language: {', '.join(unknown)} (choose from {choices})")
    late = behind(args.langs or None)
    for item in late:
        print(item)
    if not late:
        print("Every translation is up to date.")
    return 1 if late else 0


if __name__ == "__main__":
    sys.exit(main())
