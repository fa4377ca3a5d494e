"""Your data (your-data.js) in Chromium: export, clear, import and everything is back; bad files
are named and change nothing; a cancelled import keeps the data; the panel on both pages."""

from __future__ import annotations

import json

import pytest
from support import ROOT, language_prefix, serious_violations

from engine.surfaces.practice_api import new_match

pytestmark = pytest.mark.browser

READY = ".cj-your-data[data-state=ready]"
CONFIRM = ".cj-your-data[data-state=confirm]"
# What each part is stored under (practice-store.js, puzzle-store.js KEYS), with data those pages
# write: a match just dealt, one line of results, some puzzle progress and one saved puzzle.
DEALT = new_match({"seed": 7, "level": "expert"})
SEEDED = {
    "cj-practice-match": {
        "v": 2, "record": DEALT["record"], "counted": False, "log": DEALT["events"], "learn": None,
        "luck": [],
    },
    "cj-practice-stats": {
        "v": 2,
        "buckets": {"expert/standard": {"played": 3, "won": 2, "points": 25, "streak": 1, "best": 2}},
    },
    "cj-puzzles-progress": {
        "version": 1,
        "player": {"rating": 1612.5, "rd": 180.25, "volatility": 0.06},
        "streak": 1,
        "bestStreak": 3,
        "solved": ["p-0001"],
        "failed": ["p-0002"],
    },
    "cj-puzzles-personal": {
        "version": 1,
        "puzzles": [
            {"id": "my-abc-0", "record": {"plays": ["AS", "2S"]}, "seat": 0, "played": "KH", "trick": 1}
        ],
    },
    "cj-deck": {
        "version": 1,
        "collect": False,
        "positions": [
            {
                "id": "d-1a-2b",
                "source": "puzzle",
                "record": {"plays": ["AS", "2S"]},
                "index": 2,
                "seat": 0,
                "played": "KH",
                "best": ["3H"],
                "grade": "missed",
                "puzzle": "p-0002",
                "trick": None,
                "added": 1_790_000_000_000,
                "step": 2,
                "due": 1_790_300_000_000,
            }
        ],
    },
    "cj-learn-progress": {"version": 1, "levels": {"cards-1": {"stars": 3}, "tricks-1": {"stars": 2}}},
}
PARTS = {
    "practice_match": "cj-practice-match",
    "practice_stats": "cj-practice-stats",
    "puzzle_progress": "cj-puzzles-progress",
    "puzzle_personal": "cj-puzzles-personal",
    "deck": "cj-deck",
    "learn_progress": "cj-learn-progress",
}
# The parts as stored now (the pages keep other entries too, such as the puzzle filters).
STORED = f"""() => Object.fromEntries(Object.entries(localStorage)
  .filter(([key]) => {sorted(PARTS.values())}.includes(key)).map(([key, text]) => [key, JSON.parse(text)]))"""


def catalogue(lang: str) -> dict:
    return json.loads((ROOT / "engine" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))["your_data"]


def open_panel(page, site_url: str, lang: str = "en", where: str = "puzzles"):
    page.goto(f"{site_url}{language_prefix(lang)}{where}/")
    page.wait_for_selector(READY)
    return page.locator(".cj-your-data")


def seed(page) -> None:
    page.evaluate(
        """(items) => { for (const [key, value] of Object.entries(items))
          localStorage.setItem(key, JSON.stringify(value)); }""",
        SEEDED,
    )


def choose_file(root, name: str, content: bytes) -> None:
    root.locator("[data-role=file]").set_input_files(
        {"name": name, "mimeType": "application/json", "buffer": content}
    )


def data_file(parts: dict, version: int = 1) -> bytes:
    return json.dumps(
        {
            "format": "california-jack-data",
            "version": version,
            "exported": "2026-12-01T10:00:00.000Z",
            "parts": parts,
        }
    ).encode()


def message(root, kind: str) -> str:
    return root.locator(f"[data-role=message] [data-kind={kind}]").inner_text()


def assert_readable(page) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, ".cj-your-data") == [], scheme
    page.emulate_media(color_scheme=None)


def test_export_clear_import_brings_everything_back(watched_page, site_url, tmp_path):
    page = watched_page.page
    cat = catalogue("en")
    open_panel(page, site_url)
    seed(page)
    root = open_panel(page, site_url)
    assert_readable(page)
    with page.expect_download() as download:
        root.locator("[data-action=export]").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("california-jack-data-") and saved.suffix == ".json"
    exported = json.loads(saved.read_text(encoding="utf-8"))
    assert exported["format"] == "california-jack-data" and exported["version"] == 1
    assert exported["parts"] == {name: SEEDED[key] for name, key in PARTS.items()}
    assert saved.name in message(root, "done")
    # Nothing in the file but the reader's data: the engine snapshot marker is not a part.
    assert not any("snapshot" in name for name in exported["parts"])

    page.evaluate("() => localStorage.clear()")
    root = open_panel(page, site_url)
    choose_file(root, saved.name, saved.read_bytes())
    page.wait_for_selector(CONFIRM)
    assert saved.name in root.locator(".admonition-title").inner_text()
    changes = root.locator("[data-role=replaces] li")
    assert {
        changes.nth(i).get_attribute("data-part"): changes.nth(i).get_attribute("data-change")
        for i in range(changes.count())
    } == {name: "added" for name in PARTS}
    assert cat["parts"]["puzzle_progress"] in changes.all_inner_texts()[2]
    assert page.evaluate(STORED) == {}, "nothing is written before the confirmation"
    assert_readable(page)
    with page.expect_navigation():
        root.locator("[data-action=confirm]").click()
    root = page.locator(".cj-your-data")
    page.wait_for_selector(READY)
    assert message(root, "done") == cat["imported"]
    assert page.evaluate(STORED) == SEEDED
    # The pages read it back: the practice page resumes the imported match and shows its results.
    open_panel(page, site_url, where="practice")
    page.wait_for_selector(".cj-practice[data-state=ready][data-phase=human]", timeout=90_000)
    assert page.locator(".cj-practice").get_attribute("data-deal") == "1"
    assert "3" in page.locator(".cj-practice [data-role=stats]").inner_text()
    assert page.locator(".cj-practice [data-role=notice]").count() == 0
    assert watched_page.foreign_requests() == [] and watched_page.console_errors == []


def test_a_bad_file_is_named_and_changes_nothing(watched_page, site_url):
    page = watched_page.page
    cat = catalogue("en")
    open_panel(page, site_url)
    seed(page)
    root = open_panel(page, site_url)
    damaged_progress = {**SEEDED["cj-puzzles-progress"], "streak": 5}  # a streak above the best one
    cases = [
        ("notes.txt", b"High, Low, Jack and Game", cat["errors"]["not_json"].replace("{file}", "notes.txt")),
        ("list.json", b"[1, 2]", cat["errors"]["not_ours"].replace("{file}", "list.json")),
        (
            "newer.json",
            data_file({}, version=2),
            cat["errors"]["version"]
            .replace("{file}", "newer.json")
            .replace("{version}", "2")
            .replace("{expected}", "1"),
        ),
        ("empty.json", data_file({}), cat["errors"]["no_parts"].replace("{file}", "empty.json")),
        (
            "odd.json",
            data_file({"practice_stats": None, "high_scores": {}}),
            cat["errors"]["unknown_part"].replace("{file}", "odd.json").replace("{part}", "high_scores"),
        ),
        (
            "damaged.json",
            data_file({"practice_stats": SEEDED["cj-practice-stats"], "puzzle_progress": damaged_progress}),
            cat["errors"]["damaged_part"]
            .replace("{file}", "damaged.json")
            .replace("{part}", cat["parts"]["puzzle_progress"]),
        ),
        ("huge.json", b" " * 5_000_001, cat["errors"]["too_large"].replace("{file}", "huge.json")),
    ]
    for name, content, expected in cases:
        choose_file(root, name, content)
        page.wait_for_function(
            "(name) => document.querySelector('.cj-your-data [data-kind=error]')?.textContent.includes(name)",
            arg=name,
        )
        assert message(root, "error") == f"{expected} {cat['unchanged']}", name
        assert root.get_attribute("data-state") == "ready", name
        assert page.evaluate(STORED) == SEEDED, name
    assert_readable(page)
    # A file the browser cannot read.
    page.evaluate(
        "() => { Blob.prototype.text = () => Promise.reject(new DOMException('gone', 'NotReadableError')); }"
    )
    choose_file(root, "gone.json", data_file({"practice_stats": None}))
    page.wait_for_function(
        "() => document.querySelector('.cj-your-data [data-kind=error]')?.textContent.includes('gone.json')"
    )
    assert (
        message(root, "error")
        == f"{cat['errors']['unreadable'].replace('{file}', 'gone.json')} {cat['unchanged']}"
    )
    assert watched_page.console_errors == []


def test_storage_refusal_puts_everything_back(watched_page, site_url):
    """A write refused halfway (storage full) restores the parts already written."""
    page = watched_page.page
    cat = catalogue("fr")
    open_panel(page, site_url, "fr")
    seed(page)
    root = open_panel(page, site_url, "fr")
    other = {**SEEDED["cj-puzzles-progress"], "streak": 0, "solved": []}
    choose_file(
        root,
        "autre.json",
        data_file(
            {
                "practice_match": None,
                "puzzle_progress": other,
                "puzzle_personal": {"version": 1, "puzzles": []},
            }
        ),
    )
    page.wait_for_selector(CONFIRM)
    changes = root.locator("[data-role=replaces] li")
    assert [changes.nth(i).get_attribute("data-change") for i in range(changes.count())] == [
        "erased",
        "replaced",
        "replaced",
    ]
    # The second write fails: the storage is full.
    page.evaluate(
        """() => { const set = Storage.prototype.setItem; let writes = 0;
        Storage.prototype.setItem = function (key, value) {
          const full = key.startsWith('cj-puzzles') && ++writes === 2;
          if (full) throw new DOMException('full', 'QuotaExceededError');
          return set.call(this, key, value); }; }"""
    )
    root.locator("[data-action=confirm]").click()
    page.wait_for_selector(f"{READY} [data-kind=error]")
    assert message(root, "error") == f"{cat['errors']['storage']} {cat['unchanged']}"
    assert page.evaluate(STORED) == SEEDED


@pytest.mark.parametrize("lang", ["en", "it"])
def test_cancel_keeps_the_current_data(watched_page, site_url, lang):
    page = watched_page.page
    cat = catalogue(lang)
    open_panel(page, site_url, lang)
    seed(page)
    root = open_panel(page, site_url, lang)
    assert root.locator("[data-action=export]").inner_text() == cat["export"]
    choose_file(
        root, "other.json", data_file({"practice_stats": {"v": 2, "buckets": {}}, "puzzle_personal": None})
    )
    page.wait_for_selector(CONFIRM)
    changes = root.locator("[data-role=replaces] li").all_inner_texts()
    assert changes == [
        cat["change"]["replaced"].replace("{part}", cat["parts"]["practice_stats"]),
        cat["change"]["erased"].replace("{part}", cat["parts"]["puzzle_personal"]),
    ]
    # The focus is on the confirmation, and the keyboard reaches Cancel.
    assert page.evaluate("() => document.activeElement.dataset.action") == "confirm"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == "cancel"
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{READY} [data-kind=cancelled]")
    assert message(root, "cancelled") == cat["cancelled"]
    assert root.locator("[data-action=confirm]").count() == 0
    assert page.evaluate(STORED) == SEEDED
    assert_readable(page)
    # A part the file leaves at nothing, where nothing is stored either, stays empty.
    page.evaluate("() => localStorage.removeItem('cj-puzzles-personal')")
    choose_file(root, "other.json", data_file({"puzzle_personal": None}))
    page.wait_for_selector(CONFIRM)
    assert root.locator("[data-role=replaces] li").all_inner_texts() == [
        cat["change"]["empty"].replace("{part}", cat["parts"]["puzzle_personal"])
    ]
