"""engine.content and `python -m engine check`: every engine-checked content file, every fault
named with its file and place, a clean run on the repository's own content, and never a
traceback (a missing folder, bytes that are not UTF-8 and broken TOML are problems too).

The broken copies are made from the real files in a temporary folder.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from toml_copies import ROOT, TUTORIALS, example_data, toml_text, write_copy

from engine.analysis.puzzles import position_of
from engine.content import check_content
from engine.content import levels as levels_module
from engine.content.examples import check_examples
from engine.content.puzzles import SOLVED_HAND, check_puzzles
from engine.core.cards import card_code

PUZZLES = TUTORIALS / "puzzles.jsonl"


def run_check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "check", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def lines_of(path: Path = PUZZLES) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


# ----- the command line ---------------------------------------------------------------------------


def test_the_repositorys_content_is_clean():
    run = run_check("tutorials/")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == ""
    assert re.search(r"\d+ worked examples, \d+ puzzles, \d+ levels: no problems", run.stderr), run.stderr


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> Path:
    """A content folder with one fault of each kind, each in its own file (or line)."""
    folder = tmp_path_factory.mktemp("broken")
    (folder / "not-toml.toml").write_text('slug = "not-toml"\norder = = 3\n', encoding="utf-8")
    (folder / "latin.toml").write_bytes('slug = "latin"\n# caf\xe9\n'.encode("latin-1"))
    (folder / "left-over.yml").write_text("slug: left-over\n", encoding="utf-8")
    write_copy(folder, "hearts-trump", lambda d: d["expect"]["points"].update(low=0))
    write_copy(folder, "count-29", lambda d: d["annotations"][2]["text"].pop("pt"))

    def bad_anchors(data):
        data["annotations"][3]["at"] = "trick eleven"
        data["annotations"][1]["at"] = "trick 40"
        data["annotations"][0]["text"]["it"] += " {no_such_thing}"

    write_copy(folder, "turned-jack", bad_anchors)
    write_copy(
        folder, "must-trump-or-discard", lambda d: d["quiz"][0]["illegal"][0].update(error="not_in_hand")
    )
    write_copy(folder, "no-overtrump", lambda d: d["record"].update(dealer=7))
    def unknown_keys(data):
        data["colour"] = "red"
        data["quiz"][0]["hint"] = "think"
        data["quiz"][0]["other"][0]["card"] = "ZZ"
        data["quiz"][0]["illegal"][0] = "7C"
        data["alternatives"][0]["seed"] = 7
        data["expect"]["margin"] = 2

    write_copy(folder, "follow-or-trump", unknown_keys)
    write_puzzles(folder / "puzzles.jsonl")
    return folder


def cheap_puzzle() -> tuple[int, dict]:
    """The first committed puzzle whose seat holds few enough cards to be solved in the check."""
    for number, puzzle in enumerate(lines_of(), 1):
        deal = position_of(puzzle["record"])
        if len(list(deal.hand(puzzle["seat"]))) <= SOLVED_HAND:
            return number, puzzle
    raise AssertionError("no cheap puzzle in the set")


def write_puzzles(path: Path) -> None:
    puzzles = lines_of()[:6]
    puzzles[0] = {**puzzles[0], "themes": ["lucky_guess"]}
    puzzles[1] = {**puzzles[1], "seat": 1 - puzzles[1]["seat"]}
    puzzles[2] = {**puzzles[2], "line": ["2C", *puzzles[2]["line"]]}  # not in the hand to move
    puzzles[3] = {**puzzles[3], "id": puzzles[4]["id"]}
    puzzles[5] = {key: value for key, value in puzzles[5].items() if key != "rating"}
    _, cheap = cheap_puzzle()
    deal = position_of(cheap["record"])
    wrong = next(card_code(c) for c in deal.legal_plays() if card_code(c) != cheap["solution"][0])
    lines = [json.dumps(p) for p in puzzles]
    lines.append(json.dumps({**cheap, "solution": [wrong], "line": [wrong]}))  # line 7
    lines.append("{not json")  # line 8
    lines.append("[1, 2]")  # line 9
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def broken_run(broken) -> subprocess.CompletedProcess[str]:
    return run_check(str(broken))


@pytest.mark.parametrize(
    "start, words",
    [
        ("not-toml.toml: not valid TOML: ", ("line 2",)),
        ("latin.toml: not UTF-8: byte 0xe9 on line 2", ()),
        ("left-over.yml: the worked examples are TOML now", ("tutorials/README.md",)),
        ("hearts-trump.toml: expect.points.low: the example says 0, the engine says 1", ()),
        ("count-29.toml: annotations[2].text: no text in pt", ()),
        ("turned-jack.toml: annotations[3].at: bad anchor 'trick eleven'", ()),
        ("turned-jack.toml: annotations[1].at: trick 40 is not complete", ()),
        ("turned-jack.toml: annotations[0].text.it: unknown placeholder {no_such_thing}", ()),
        ("must-trump-or-discard.toml: quiz[0].illegal[0]: the engine says 4S is refused with must_trump", ()),
        ("no-overtrump.toml: record.dealer: the engine cannot read the record: ", ("0..2",)),
        ("follow-or-trump.toml: unknown keys ['colour']; allowed: slug, order,", ()),
        ("follow-or-trump.toml: quiz[0]: unknown keys ['hint']; allowed: play, prompt,", ()),
        ("follow-or-trump.toml: quiz[0].other[0].card: 'ZZ' is not a card", ()),
        ("follow-or-trump.toml: quiz[0].illegal[0]: must be a table {card = ..., error = ...}", ()),
        ("follow-or-trump.toml: alternatives[0]: unknown keys ['seed']; allowed: id, label,", ()),
        ("follow-or-trump.toml: expect: unknown keys ['margin']; allowed: trump, complete,", ()),
        ("puzzles.jsonl: line 1.themes: ", ("lucky_guess",)),
        ("puzzles.jsonl: line 2.seat: ", ("is to move",)),
        ("puzzles.jsonl: line 3.line[0]: the engine refuses 2C", ()),
        ("puzzles.jsonl: line 5.id: ", ("the id of line 4 too",)),
        ("puzzles.jsonl: line 6: fields ", ("rating",)),
        ("puzzles.jsonl: line 6.rating: ", ()),
        ("puzzles.jsonl: line 7.solution[0]: ", ("the solver's best card is",)),
        ("puzzles.jsonl: line 8: not JSON", ()),
        ("puzzles.jsonl: line 9: must be a JSON object", ()),
    ],
)
def test_each_fault_is_named_with_its_file_and_place(broken_run, start, words):
    assert broken_run.returncode == 1, broken_run.stderr
    assert "Traceback" not in broken_run.stderr
    lines = broken_run.stdout.splitlines()
    assert any(line.startswith(start) and all(w in line for w in words) for line in lines), "\n".join(lines)


def test_the_broken_folder_reports_nothing_about_the_sound_parts(broken_run):
    # The copies are broken in one place each: the rest of each file still checks clean.
    lines = broken_run.stdout.splitlines()
    assert not [line for line in lines if line.startswith("hearts-trump.toml") and "points.low" not in line]
    assert "problem(s)" in broken_run.stderr


def test_a_missing_folder_is_a_usage_error_without_a_traceback(tmp_path):
    run = run_check(str(tmp_path / "nowhere"))
    assert run.returncode == 2
    assert "no such folder or file" in run.stderr and "Traceback" not in run.stderr


def test_one_file_can_be_checked_alone(broken):
    run = run_check(str(broken / "hearts-trump.toml"))
    assert run.returncode == 1
    assert run.stdout.splitlines() == [
        "hearts-trump.toml: expect.points.low: the example says 0, the engine says 1"
    ]
    assert run_check("tutorials/hearts-trump.toml").returncode == 0


# ----- never a traceback, whatever the content ------------------------------------------------------

ODD_VALUES = (5, "x", [], {}, True, [1], {"a": 1})


def paths(value, prefix=()):
    """Every path into the data, down to the values (texts in one language excepted)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("en", "pt", "fr", "es", "it"):
                continue
            yield (*prefix, key)
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            yield (*prefix, index)
            yield from paths(item, (*prefix, index))


def replaced(data, path, value):
    copy = json.loads(json.dumps(data))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return copy


@pytest.mark.parametrize("slug", ["must-trump-or-discard", "face-down-stock"])
def test_checking_never_raises_on_odd_values(tmp_path, slug):
    data = example_data(slug)
    checked = reported = 0
    for path in paths(data):
        if path[:2] in (("record", "hands"), ("record", "stock"), ("record", "plays")) and len(path) > 2:
            continue  # one card of a list: the record reader's own tests cover those
        for value in ODD_VALUES:
            (tmp_path / f"{slug}.toml").write_text(toml_text(replaced(data, path, value)), encoding="utf-8")
            report = check_examples(tmp_path)  # must not raise
            checked += 1
            reported += bool(report.problems)
    # Most odd values are faults (an order of 5 is not): the checks do look at what they read.
    assert checked > 200 and reported > 0.8 * checked, (checked, reported)


def test_puzzle_checking_never_raises_on_odd_values(tmp_path):
    puzzle = lines_of()[0]
    for key in puzzle:
        for value in (*ODD_VALUES, None, -1, ["ZZ"]):
            path = tmp_path / "puzzles.jsonl"
            path.write_text(json.dumps({**puzzle, key: value}) + "\n", encoding="utf-8")
            report = check_puzzles(path)  # must not raise
            # Sound values: any id, no theme, a gap the check does not solve (this hand is large).
            sound = (key, value) in (("id", "x"), ("themes", []), ("value_gap", 5))
            assert report.problems or sound, (key, value)


# ----- the course's levels: the frame every level shares --------------------------------------------


LEVEL = """
order = {order}
title = "ui.trick"
intro = "ui.trick"

[[levels]]
id = "first-trick"
goal = "{goal}"
seat = 0
par = 1
guided = true
texts.goal = "{key}"
record = {{rules = "standard", dealer = 0, seed = 7, plays = {plays}}}
"""


def write_stage(folder: Path, name: str, goal="no_such_goal", key="ui.trick", plays='["{first}"]') -> None:
    learn = folder / "learn"
    learn.mkdir(exist_ok=True)
    order = len(list(learn.glob("*.toml"))) + 1
    (learn / name).write_text(LEVEL.format(goal=goal, key=key, plays=plays, order=order), encoding="utf-8")


def first_card(seed: int = 7) -> str:
    """A card the leader (seat 1, the dealer being 0) may lead in the deal of `seed`."""
    from engine.core.record import read_record

    deal = read_record({"rules": "standard", "dealer": 0, "seed": seed, "plays": []}).deal
    return card_code(next(iter(deal.legal_plays())))


def test_a_level_names_a_registered_goal_type(tmp_path, monkeypatch):
    card = first_card()
    write_stage(tmp_path, "basics.toml", plays=f'["{card}"]')
    report = check_content(tmp_path)
    [problem] = [str(p) for p in report.problems]
    unknown = "learn/basics.toml: levels[0].goal: unknown goal type 'no_such_goal' (known: best_card"
    assert problem.startswith(unknown)
    seen = []

    def no_such_goal(level, problems):
        seen.append((level.id, level.stage, level.seat, level.position.to_move))
        return ["answer"]

    monkeypatch.setitem(levels_module.GOALS, "no_such_goal", no_such_goal)
    report = check_content(tmp_path)
    assert report.ok, [str(p) for p in report.problems]
    assert seen == [("first-trick", "basics", 0, 0)]
    assert report.levels.levels[0].answers == ["answer"]


def test_a_level_is_checked_for_its_position_texts_and_id(tmp_path, monkeypatch):
    monkeypatch.setitem(levels_module.GOALS, "no_such_goal", lambda level, problems: [])
    card = first_card()
    write_stage(tmp_path, "a.toml", key="learn.no_such_key", plays=f'["{card}"]')
    write_stage(tmp_path, "b.toml", plays=f'["{card}", "{card}"]')  # the same card twice: refused
    write_stage(tmp_path, "c.toml", plays=f'["{card}"]')  # the same id as a.toml
    problems = [str(p) for p in check_content(tmp_path).problems]
    missing = "catalogue key 'learn.no_such_key' is missing in en, pt, fr, es, it"
    assert f"learn/a.toml: levels[0].texts.goal: {missing}" in problems
    assert any(
        p.startswith("learn/b.toml: levels[0].record.plays[1]: the engine refuses this play")
        for p in problems
    )
    assert "learn/c.toml: levels[0].id: 'first-trick' is also the id of learn/a.toml: levels[0]" in problems


def test_no_level_files_no_levels(tmp_path):
    assert check_content(tmp_path).levels.levels == []


def test_the_content_folder_copy_is_clean_when_nothing_is_broken(tmp_path):
    for path in TUTORIALS.glob("*.toml"):
        shutil.copy(path, tmp_path)
    shutil.copy(PUZZLES, tmp_path)
    report = check_content(tmp_path)
    assert report.ok, [str(p) for p in report.problems]
    assert len(report.examples.examples) == len(list(TUTORIALS.glob("*.toml")))
    assert len(report.puzzles.puzzles) == len(lines_of())
