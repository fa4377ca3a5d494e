"""scripts/yaml_to_toml.py, the transition converter (delete this test with it): the TOML reads
back as the same data, the bytes are the same every run, and what TOML lacks is mapped the way
engine/content reads it back."""

from __future__ import annotations

import importlib.util
import sys
import tomllib

from toml_copies import ROOT

SAMPLE = """# A sample example.
# Two comment lines at the top.
slug: sample
order: 3
title: {en: 'Say "hi" \\\\ there', pt: "Olá"}
record:
  rules: {preset: standard, low: holder}
  hands:
    - [JD, 7S]
    - [KC, 8D]
  plays: [JD, KC]
annotations:
  - at: start
    text: {en: "One {trick.1.winner}", pt: "Um"}
# a comment the TOML cannot keep here
expect:
  points: {high: 0, nine: null}
  winner: null
  tricks:
    1: {winner: 1, draws: [[1, JH], [0, QD]]}
"""


def converter():
    spec = importlib.util.spec_from_file_location("yaml_to_toml", ROOT / "scripts" / "yaml_to_toml.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["yaml_to_toml"] = module
    spec.loader.exec_module(module)
    return module


def test_the_toml_is_the_same_data_with_none_and_string_trick_numbers():
    text = converter().convert_text(SAMPLE)
    data = tomllib.loads(text)
    assert data["title"]["en"] == 'Say "hi" \\\\ there'  # single-quoted YAML: both backslashes are kept
    assert data["expect"]["points"] == {"high": 0, "nine": "none"} and data["expect"]["winner"] == "none"
    assert data["expect"]["tricks"] == {"1": {"winner": 1, "draws": [[1, "JH"], [0, "QD"]]}}
    assert data["record"]["hands"] == [["JD", "7S"], ["KC", "8D"]]
    assert text.startswith("# A sample example.\n# Two comment lines at the top.\n\nslug = ")
    assert "\n[[annotations]]\nat = \"start\"\ntext.en = \"One {trick.1.winner}\"\n" in text
    assert "\n[expect.tricks]\n1 = {winner = 1" in text


def test_the_conversion_is_deterministic_and_reports_a_comment_it_drops(tmp_path, capsys):
    module = converter()
    source = tmp_path / "sample.yml"
    source.write_text(SAMPLE, encoding="utf-8")
    first = module.convert_file(source, delete=False).read_bytes()
    assert module.main([str(source), "--delete"]) == 0
    assert (tmp_path / "sample.toml").read_bytes() == first and not source.exists()
    assert "sample.yml:15: a comment not at the top is not carried over" in capsys.readouterr().err
