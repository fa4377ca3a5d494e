import dataclasses

import pytest

from engine import PRESETS, Rules, RulesError

KEYS = [
    "players", "target", "stock", "trump_when_able", "must_trump_when_void",
    "low", "game_tie", "turned_jack", "nine_point", "first_dealer",
]  # fmt: skip


def test_exactly_the_rules_keys():
    assert [f.name for f in dataclasses.fields(Rules)] == KEYS


def test_standard_defaults():
    assert Rules().to_spec() == {
        "players": 2, "target": 10, "stock": "open", "trump_when_able": True, "must_trump_when_void": True,
        "low": "capture", "game_tie": "none", "turned_jack": False, "nine_point": False,
        "first_dealer": "cut_low",
    }  # fmt: skip
    assert Rules.preset("standard") == Rules()


def test_presets():
    assert set(PRESETS) == {"standard", "classic", "shasta-sam", "face-down"}
    classic = Rules.preset("classic")
    assert classic == dataclasses.replace(Rules(), must_trump_when_void=False, low="holder")
    assert Rules.preset("shasta-sam") == dataclasses.replace(classic, players=3)
    assert Rules.preset("face-down") == dataclasses.replace(Rules(), stock="hidden")


def test_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().target = 7


def test_from_spec_forms_and_round_trip():
    assert Rules.from_spec("classic") is PRESETS["classic"]
    seven = Rules.from_spec({"preset": "classic", "target": 7})
    assert seven.target == 7 and seven.low == "holder"
    assert Rules.from_spec({"target": 7}).must_trump_when_void is True
    for rules in [*PRESETS.values(), seven]:
        assert Rules.from_spec(rules.to_spec()) == rules
    assert seven.preset_name() is None and PRESETS["classic"].preset_name() == "classic"


@pytest.mark.parametrize(
    ("spec", "key", "allowed"),
    [
        ({"players": 4}, "players", "2, 3"),
        ({"players": True}, "players", "2, 3"),
        ({"target": 0}, "target", "positive integer"),
        ({"target": 7.5}, "target", "positive integer"),
        ({"stock": "closed"}, "stock", "'open', 'hidden'"),
        ({"trump_when_able": 1}, "trump_when_able", "true, false"),
        ({"must_trump_when_void": "no"}, "must_trump_when_void", "true, false"),
        ({"low": "lowest"}, "low", "'capture', 'holder'"),
        ({"game_tie": "dealer"}, "game_tie", "'none', 'non_dealer'"),
        ({"turned_jack": None}, "turned_jack", "false, true"),
        ({"nine_point": "yes"}, "nine_point", "false, true"),
        ({"first_dealer": "cut"}, "first_dealer", "'cut_low', 'cut_high', 'random'"),
    ],
)
def test_bad_value_names_key_and_allowed_values(spec, key, allowed):
    with pytest.raises(RulesError) as caught:
        Rules.from_spec(spec)
    assert caught.value.key == key
    assert repr(key) in str(caught.value) and allowed in str(caught.value)


def test_unknown_key_and_preset():
    with pytest.raises(RulesError, match=r"'trumps'.*allowed keys") as caught:
        Rules.from_spec({"trumps": True})
    assert caught.value.key == "trumps"
    with pytest.raises(RulesError, match=r"unknown preset 'shasta'.*shasta-sam"):
        Rules.from_spec("shasta")
    with pytest.raises(RulesError):
        Rules.from_spec(42)


def test_values_quoted_in_errors_are_cut_short():
    with pytest.raises(RulesError) as caught:
        Rules.from_spec("x" * 100_000)
    assert len(str(caught.value)) < 200 and "…" in str(caught.value)
    with pytest.raises(RulesError) as caught:
        Rules.from_spec({"target": [[[[[[1]]]]]] * 10_000})
    assert len(str(caught.value)) < 200
