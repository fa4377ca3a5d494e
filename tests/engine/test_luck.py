"""Luck and skill (engine/analysis/luck.py): the identity, the value function's promises, bounds."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from engine import Deal, Rules, card_code, make_bot, parse_card, record_of
from engine.analysis import luck
from engine.analysis.deal_analysis import exact_option_values, is_exact
from engine.analysis.luck import (
    DealValues,
    LuckError,
    expected_nets,
    luck_of_deal,
    measure_expected,
    rules_key,
    split_deal,
)
from engine.core.kernel import PlayState
from engine.core.limits import MAX_LUCK_SAMPLES, MAX_LUCK_WORK
from engine.core.rules import PRESETS
from engine.surfaces.web_api import handle

ROOT = Path(__file__).resolve().parents[2]


def played(rules: Rules, seed: int, bots: tuple[str, ...], samples: int = 4) -> Deal:
    """A deal played to its end by the named bots (the expert with a few samples: fast)."""
    deal = Deal.from_seed(rules, seed, seed % rules.players)
    players = [
        make_bot(name, seed=seed + seat, rules=rules, **({"samples": samples} if name == "expert" else {}))
        for seat, name in enumerate(bots)
    ]
    while not deal.is_over:
        seat = deal.to_move
        deal.play(players[seat].choose(deal.view(seat)))
    return deal


def fresh(deal: Deal) -> Deal:
    record = record_of(deal)
    return Deal.from_cards(deal.rules, record["hands"], record["stock"], deal.dealer)


CASES = [
    (preset, bots)
    for preset in sorted(PRESETS)
    for bots in (("heuristic", "random", "heuristic"), ("random", "expert", "random"))
]


@pytest.mark.parametrize(("preset", "bots"), CASES)
def test_result_is_expected_plus_luck_plus_skill_exactly(preset, bots):
    rules = PRESETS[preset]
    for seed in (3, 8):
        deal = played(rules, seed, bots[: rules.players])
        split = split_deal(fresh(deal), deal.plays, samples=6, seed=seed)
        assert split.residual() < 1e-9, split
        assert split.result == luck.nets_of(deal.result().seats, rules.players)
        # The events add up to the totals (each event is rounded to 4 decimals).
        for seat in range(rules.players):
            chance = sum(e["luck"][seat] for e in split.events if e["kind"] in ("deal", "draw"))
            cards = sum(e["skill"][seat] for e in split.events if e["kind"] == "play")
            assert chance == pytest.approx(split.luck[seat], abs=1e-3 * len(split.events))
            assert cards == pytest.approx(split.skill[seat], abs=1e-3 * len(split.events))
        assert [e["kind"] for e in split.events].count("play") == len(deal.plays)
        assert split.events[0]["kind"] == "deal"
        if rules.players == 2:  # zero-sum: one seat's luck is the other's bad luck
            assert split.luck[0] == pytest.approx(-split.luck[1])
            assert split.skill[0] == pytest.approx(-split.skill[1])


def test_the_same_inputs_give_the_same_numbers_and_another_seed_other_samples():
    deal = played(PRESETS["standard"], 5, ("expert", "random"))
    record = record_of(deal)
    first = luck_of_deal(record, samples=8, seed=1)
    assert json.dumps(first) == json.dumps(luck_of_deal(record, samples=8, seed=1))
    other = luck_of_deal(record, samples=8, seed=2)
    assert [e.get("luck") for e in first["events"]] != [e.get("luck") for e in other["events"]]
    assert first["result"] == other["result"]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_beginners_cards_change_nothing_before_the_stock_is_empty(preset):
    """The baseline is the beginner bot seeing what its seat sees (the face-down stock's top
    too), so its cards score zero skill while the stock lasts, on any sampled orders: the
    totals of two beginners do not depend on the samples or their seed at all."""
    rules = PRESETS[preset]
    deal = played(rules, 11, ("heuristic",) * rules.players)
    splits = [split_deal(fresh(deal), deal.plays, samples=s, seed=seed) for s, seed in ((3, 0), (9, 4))]
    for split in splits:
        for event in split.events:
            if event["kind"] == "play" and not event["exact"]:
                assert event["baseline"] == event["card"] and event["skill"] == [0.0] * rules.players
    assert splits[0].luck == pytest.approx(splits[1].luck, abs=1e-9)
    assert splits[0].skill == pytest.approx(splits[1].skill, abs=1e-9)


def test_a_card_once_the_stock_is_empty_changes_the_exact_value():
    """After the stock is empty a card's change is the solver's: its value minus the best
    card's, as the deal analysis's exact options give it (an independent path)."""
    seen = 0
    for seed in range(6):
        deal = played(PRESETS["standard"], seed, ("random", "random"))
        split = split_deal(fresh(deal), deal.plays, samples=4)
        replay = fresh(deal)
        for event, card in zip((e for e in split.events if e["kind"] == "play"), deal.plays, strict=True):
            if is_exact(replay):
                assert event["exact"]
                options = exact_option_values(replay)
                best = max(option.value for option in options.values())
                change = event["skill"][event["seat"]]
                assert change == pytest.approx(options[card].value - best, abs=1e-4), (seed, event)
                seen += change < 0
            replay.play(card)
    assert seen  # random cards lose exact value somewhere


def test_a_chance_event_is_valued_at_the_mean_of_its_outcomes():
    """Luck has mean zero because V before a draw is the mean of V after it over the real chance:
    checked where every stock order is enumerated (three unseen cards: six orders)."""
    rules = PRESETS["standard"]
    deal = Deal.from_seed(rules, 7, 0)
    bot = make_bot("heuristic")
    while deal.stock_remaining > 4:  # top seen, three unseen below it
        deal.play(bot.choose(deal.view(deal.to_move)))
    state = PlayState.start(rules, list(deal.initial_hands), deal.stock, deal.dealer)
    for card in deal.plays:
        state.play(card)
    values = DealValues(rules, state.trump, deal.dealer, state.jack_turned, samples=6, seed=0)
    lead = bot.choose(deal.view(deal.to_move))
    state.play(lead)
    follow = luck.baseline_card(state)
    orders = values.orders(state, 0)
    assert orders is not None and len(orders) == 6  # every order of the three unseen cards
    before = values.after(state, follow, orders)
    outcomes = []
    for order in orders:  # each order as the real stock: the draws come out of it
        world = state.copy()
        world.stock = order
        world.play(follow)
        after_values = DealValues(rules, state.trump, deal.dealer, state.jack_turned, samples=6, seed=0)
        assert after_values.orders(world, 1) is None  # one unseen card left: nothing to chance
        outcomes.append(after_values.value(world, None)[0])
    mean = [sum(o[seat] for o in outcomes) / len(outcomes) for seat in (0, 1)]
    assert list(before) == pytest.approx(mean, abs=1e-12)


def test_expected_nets_come_from_the_table_or_are_measured_the_same_everywhere():
    table = json.loads(luck.EXPECTED_FILE.read_text(encoding="utf-8"))
    keys = {entry["key"] for entry in table["entries"]}
    for preset in PRESETS.values():
        assert rules_key(preset) in keys
        # The target and the cut change nothing in a deal.
        assert expected_nets(replace(preset, target=3, first_dealer="random"), 0) == expected_nets(preset, 0)
    for entry in table["entries"]:
        rules = Rules.from_spec(json.loads(entry["key"]))
        assert len(entry["expected"]) == rules.players
        if rules.players == 2:  # the non-dealer expects what the dealer does not
            assert entry["expected"][0] == pytest.approx(-entry["expected"][1], abs=1e-4)
    means, errors = measure_expected(PRESETS["standard"], 30, 1)
    assert (means, errors) == measure_expected(PRESETS["standard"], 30, 1)
    assert means[0] == pytest.approx(-means[1]) and errors[0] > 0


def test_rules_the_table_lacks_are_measured_once_with_bounded_work(monkeypatch):
    monkeypatch.setattr(luck, "EXPECTED_DEALS", 12)
    luck._expected_by_offset.cache_clear()
    rules = replace(PRESETS["standard"], game_tie="non_dealer", trump_when_able=False)
    assert rules_key(rules) not in luck._expected_table()
    measured = expected_nets(rules, 1)
    dealer, other = measure_expected(rules, 12, luck.EXPECTED_SEED)[0]
    assert measured == (other, dealer)  # seat 1 deals
    luck._expected_by_offset.cache_clear()


# ----- bad input and bounds ---------------------------------------------------------------------


def finished_record() -> dict:
    return record_of(played(PRESETS["standard"], 2, ("heuristic", "heuristic")))


@pytest.mark.parametrize(
    ("changes", "field", "code"),
    [
        ({"samples": 0}, "samples", "bad_request"),
        ({"samples": MAX_LUCK_SAMPLES + 1}, "samples", "bad_request"),
        ({"samples": True}, "samples", "bad_request"),
        ({"samples": "8"}, "samples", "bad_request"),
        ({"seed": -1}, "seed", "bad_request"),
        ({"seed": 2**64}, "seed", "bad_request"),
    ],
)
def test_bad_arguments_name_their_field(changes, field, code):
    with pytest.raises(LuckError) as refused:
        luck_of_deal(finished_record(), **changes)
    assert (refused.value.field, refused.value.code) == (field, code)
    answer = json.loads(handle(json.dumps({"op": "luck", "record": finished_record(), **changes})))
    assert not answer["ok"] and (answer["error"]["field"], answer["error"]["code"]) == (field, code)


def test_a_bad_or_unfinished_record_is_refused_naming_the_field():
    record = finished_record()
    cases = [
        ({**record, "plays": record["plays"][:-1]}, "plays", "bad_record"),
        ({**record, "plays": [*record["plays"][:3], record["plays"][3]] * 2}, "plays[4]", "bad_record"),
        ({**record, "rules": "nope"}, "rules", "bad_rules"),
        ({**record, "plays": ["XX"]}, "plays[0]", "bad_record"),
        ("not a record", "record", "bad_record"),
    ]
    for bad, field, code in cases:
        with pytest.raises(LuckError) as refused:
            luck_of_deal(bad)
        assert (refused.value.field, refused.value.code) == (field, code), (field, refused.value)
        answer = json.loads(handle(json.dumps({"op": "luck", "record": bad})))
        assert answer["error"]["code"] == code and answer["error"]["field"] == field


def test_the_web_op_reads_a_practice_match_record_at_a_finished_deal():
    answer = json.loads(handle(json.dumps({"op": "practice.new", "seed": 4, "level": "heuristic"})))
    record = answer["record"]
    while answer["state"]["waiting_for"] != "next_deal":
        op = "practice.play" if answer["state"]["waiting_for"] == "human" else "practice.bot"
        request = {"op": op, "record": record}
        if op == "practice.play":
            request["card"] = answer["state"]["deal"]["legal"][0]
        answer = json.loads(handle(json.dumps(request)))
        record = answer["record"]
    split = json.loads(handle(json.dumps({"op": "luck", "record": record, "samples": 4})))
    assert split["ok"] and split["record"]["seed"] == 4 and len(split["result"]) == 2
    assert sum(split["result"]) == 0 and split["samples"] == 4


def run(*args: str) -> subprocess.CompletedProcess[bytes]:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "luck", *args], capture_output=True, cwd=ROOT, timeout=600
    )
    assert b"Traceback" not in done.stderr, done.stderr[-2000:]
    return done


def test_the_command_prints_one_object_per_deal_then_the_summary():
    done = run("--bots", "heuristic,random", "--deals", "3", "--seed", "1", "--jsonl", "--value-samples", "2")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 4
    for line in lines[:3]:
        assert set(line) >= {"record", "result", "luck", "skill", "expected"}
        record = line["record"]
        deal = Deal.from_cards(Rules(), record["hands"], record["stock"], record["dealer"])
        again = split_deal(deal, [parse_card(code) for code in record["plays"]], samples=2, seed=1)
        assert line["luck"] == [round(v, 4) + 0.0 for v in again.luck]
    summary = lines[-1]
    assert summary["summary"] is True and summary["deals"] == 3 and summary["max_residual"] < 1e-9
    seat = summary["seats"][0]
    low, high = seat["mean_luck_ci95"]
    assert low <= seat["mean_luck"] <= high and seat["variance_ratio"] is not None
    quiet = run("--bots", "heuristic,random", "--deals", "3", "--seed", "1", "--value-samples", "2")
    assert quiet.stdout.splitlines() == done.stdout.splitlines()[-1:]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--value-samples", str(MAX_LUCK_SAMPLES + 1)], b"--value-samples"),
        (["--value-samples", "0"], b"--value-samples"),
        (["--deals", "0"], b"--deals"),
        (["--deals", str(MAX_LUCK_WORK // 16 + 1)], str(MAX_LUCK_WORK).encode()),
        (["--bots", "expert,expert", "--deals", "200000", "--value-samples", "1"], b"20000000"),
        (["--bots", "heuristic"], b"--bots"),
        (["--bots", "heuristic,nobody"], b"unknown bot"),
        (["--rules", "nope"], b"--rules"),
        (["--seed", "-1"], b"--seed"),
    ],
)
def test_the_command_refuses_bad_options_and_unbounded_work_as_usage_errors(args, words):
    done = run(*args)
    assert done.returncode == 2 and words in done.stderr, done.stderr
    assert not done.stdout


def test_all_orders_are_enumerated_only_when_there_are_few():
    rules = PRESETS["standard"]
    deal = Deal.from_seed(rules, 1, 0)
    state = PlayState.start(rules, list(deal.initial_hands), deal.stock, 0)
    values = DealValues(rules, state.trump, 0, state.jack_turned, samples=5, seed=0)
    orders = values.orders(state, 0)
    assert orders is not None and len(orders) == 5
    assert all(order[0] == state.stock[0] for order in orders)  # the turned card is seen
    assert all(sorted(order) == sorted(state.stock) for order in orders)
    assert len({tuple(order) for order in orders}) == 5
    assert orders == values.orders(state, 0)  # deterministic
    assert card_code(state.stock[0]) == card_code(deal.trump_card)


def test_the_summary_statistics():
    from engine.analysis.luck_runs import mean_interval, variance_ratio

    raw = [float(v) for v in (-3, -1, 0, 1, 2, 4, -2, 1, 0, -1) * 5]
    ratio, interval = variance_ratio([v / 2 for v in raw], raw, seed=3)
    assert ratio == pytest.approx(0.25) and interval == pytest.approx([0.25, 0.25])
    same, around = variance_ratio(raw, raw, seed=3)
    assert same == pytest.approx(1.0) and around[0] <= 1.0 <= around[1]
    noisy, spread = variance_ratio([v + (i % 3) for i, v in enumerate(raw)], raw, seed=3)
    assert spread[0] < noisy < spread[1] and variance_ratio(raw[::-1], raw[::-1], seed=3)[0] == 1.0
    mean, (low, high) = mean_interval(raw)
    assert mean == pytest.approx(0.1) and low < mean < high
    assert high - low == pytest.approx(2 * 1.959964 * (sum((v - 0.1) ** 2 for v in raw) / 49 / 50) ** 0.5)
