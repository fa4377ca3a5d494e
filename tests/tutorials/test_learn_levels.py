"""The Learn course's goal types (engine/content/goals.py) on hand-made positions: the answers
the engine accepts, the feedback for every wrong answer, and a problem naming the file and the
place whenever a level's stated intent disagrees with the engine, a position is impossible or
a text is missing in one language. Also the stage frame: course order, help that only fades,
a par within the answers.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from toml_copies import TUTORIALS, toml_value

from engine.analysis.deal_analysis import exact_option_values, sampled_option_values
from engine.content import check_content, goals
from engine.content import levels as levels_module
from engine.content.course import course_json
from engine.content.levels import check_levels
from engine.core.cards import RANKS, SUIT_MASKS, SUITS, card_code, cards_of, mask_value, parse_card
from engine.core.deal import Deal
from engine.core.record import read_record

ALL_CARDS = [rank + suit for suit in SUITS for rank in RANKS]


def record(hands: list[list[str]], turn_up: str, plays: list[str] = (), dealer: int = 0) -> dict:
    """A two-player deal with these hands; the stock is the turn-up (its top card, which fixes
    trump) then every other card in a fixed order."""
    used = {*hands[0], *hands[1], turn_up}
    stock = [turn_up] + [card for card in ALL_CARDS if card not in used]
    return {"rules": "standard", "dealer": dealer, "hands": hands, "stock": stock, "plays": list(plays)}


# Trump hearts (turn-up AH). Seat 1 leads (the dealer is 0).
HANDS = [["KS", "4S", "TH", "2H", "5D", "3C"], ["QS", "JH", "9D", "7C", "6C", "2S"]]


def level_text(table: dict) -> str:
    lines = ["[[levels]]"]
    for key, value in table.items():
        lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines)


def write_course(folder: Path, *stages: list[dict], name: str = "stage") -> Path:
    learn = folder / "learn"
    learn.mkdir(exist_ok=True)
    for number, levels in enumerate(stages, 1):
        head = f'order = {number}\ntitle = "learn.stages.cards.title"\nintro = "learn.stages.cards.intro"\n\n'
        text = head + "\n\n".join(level_text(level) for level in levels) + "\n"
        (learn / f"{name}{number}.toml").write_text(text, encoding="utf-8")
    return learn


def level(goal: str, rec: dict, seat: int, **own) -> dict:
    base = {
        "id": own.pop("id", f"{goal}-{seat}-{len(rec['plays'])}"),
        "goal": goal,
        "record": rec,
        "seat": seat,
    }
    return {**base, **own, "par": own.pop("par", 1), "guided": own.pop("guided", False),
            "texts": {"goal": "learn.goals.win_trick"}}  # fmt: skip


def checked(tmp_path: Path, *levels: dict) -> tuple[list, list[str]]:
    report = check_levels(write_course(tmp_path, list(levels)))
    return report.levels, [str(problem) for problem in report.problems]


# ----- card goals -----------------------------------------------------------------------------


def test_legal_card_accepts_the_legal_cards_and_words_each_refusal(tmp_path):
    # Spades led; seat 0 holds spades and trumps: follow or trump, no diamond or club.
    rec = record(HANDS, "AH", ["QS"])
    [found], problems = checked(tmp_path, level("legal_card", rec, 0, legal=4))
    assert problems == []
    assert found.answers == ["4S", "KS", "2H", "TH"]
    assert set(found.feedback) == {"5D", "3C"}
    assert found.feedback["5D"] == {
        "kind": "illegal", "key": "errors.must_follow_suit", "rule": "rule_refs.must_follow_suit",
        "rule_link": "rules/#leading-and-following", "params": {"card": "5D", "suit": "S", "trump": "H"},
    }  # fmt: skip


def test_legal_card_with_a_trump_led_names_its_own_refusal(tmp_path):
    rec = record(HANDS, "AH", ["JH"])
    [found], problems = checked(tmp_path, level("legal_card", rec, 0, legal=3))
    assert problems == [
        "learn/stage1.toml: levels[0].legal: the level states 3 legal cards, but the engine finds 2"
    ]
    assert found.answers == ["2H", "TH"]
    assert {fb["key"] for fb in found.feedback.values()} == {"errors.must_follow_trump"}
    assert {fb["rule"] for fb in found.feedback.values()} == {"rule_refs.must_follow_trump"}


def test_wins_trick_finds_every_winner_and_the_card_each_loser_loses_to(tmp_path):
    rec = record(HANDS, "AH", ["QS"])  # KS wins, and both trumps
    [found], problems = checked(tmp_path, level("wins_trick", rec, 0, winners=3))
    assert problems == []
    assert found.answers == ["KS", "2H", "TH"]
    assert found.feedback["4S"] == {
        "kind": "wrong",
        "key": "learn.feedback.loses_trick_to",
        "params": {"card": "QS"},
    }
    assert found.feedback["5D"]["kind"] == "illegal"


def test_a_level_that_states_one_winner_when_three_win_is_reported(tmp_path):
    rec = record(HANDS, "AH", ["QS"])
    _, problems = checked(tmp_path, level("wins_trick", rec, 0, winners=1, answer="KS"))
    assert problems == [
        "learn/stage1.toml: levels[0].winners: the level states 1 winning cards, but the engine finds 3",
        "learn/stage1.toml: levels[0].answer: the level states KS, but the engine accepts KS, 2H, TH",
    ]


def test_wins_trick_needs_a_trick_to_answer(tmp_path):
    _, problems = checked(tmp_path, level("wins_trick", record(HANDS, "AH", ["QS", "KS"]), 1, winners=1))
    assert problems == ["learn/stage1.toml: levels[0].seat: seat 1 is not to move at the decision (0 is)"]
    _, problems = checked(tmp_path, level("wins_trick", record(HANDS, "AH"), 1, winners=1))
    assert problems == ["learn/stage1.toml: levels[0].record: the reader must play the trick's last card"]


def endgame_record() -> tuple[dict, int]:
    """A position with the stock empty (the last six tricks), and the seat to move."""
    deal = read_record({"rules": "standard", "dealer": 0, "seed": 46, "plays": []}).deal
    rng = random.Random(46)
    plays = []
    while deal.stock_remaining or len(deal.hand(deal.to_move)) > 4 or deal.current_trick:
        card = rng.choice(list(deal.legal_plays()))
        deal.play(card)
        plays.append(card_code(card))
    return {"rules": "standard", "dealer": 0, "seed": 46, "plays": plays}, deal.to_move


def test_best_card_accepts_the_exact_best_and_gives_each_worse_card_its_reason(tmp_path):
    rec, seat = endgame_record()
    [found], problems = checked(tmp_path, level("best_card", rec, seat))
    assert problems == []
    deal = read_record(rec).deal
    for card in read_record(rec).plays:
        deal.play(card)
    options = exact_option_values(deal, seat)
    best = max(option.value for option in options.values())
    assert found.answers == [card_code(c) for c in sorted(options) if options[c].value == best]
    worse = [card_code(c) for c in options if options[c].value < best]
    # Each wrong card is told about itself (a newcomer got one line for every wrong card): its
    # own sentence with the card, its loss and the opponent's reply, then the point it gives up.
    assert worse and all(found.feedback[code]["reason"].startswith("analysis.reasons.") for code in worse)
    for code in worse:
        entry = found.feedback[code]
        option = options[parse_card(code)]
        assert entry["params"]["card"] == code and entry["params"]["loss"] > 0
        assert entry["params"]["reply"] == (None if option.reply is None else card_code(option.reply))
        assert entry["key"] == "learn.feedback.worse_card" + ("_reply" if option.reply is not None else "")
    _, problems = checked(tmp_path, level("best_card", rec, seat, answer=worse[0]))
    assert problems == [
        f"learn/stage1.toml: levels[0].answer: the level states {worse[0]}, but the engine accepts "
        + ", ".join(found.answers)
    ]


def test_best_card_with_cards_in_the_stock_takes_the_sampled_values_and_wants_a_clear_margin(tmp_path):
    # QS led, AH (the ace of trumps: High) on top of the stock for the trick's winner.
    rec = record(HANDS, "AH", ["QS"])
    stated = level("best_card", rec, 0, id="sampled", answers=["KS", "2H", "TH"])
    [found], problems = checked(tmp_path, stated)
    assert problems == []
    deal = read_record(rec).deal
    deal.play(parse_card("QS"))
    options = sampled_option_values(deal, goals.ESTIMATE_SAMPLES, goals.estimate_rng("sampled"))
    best = max(option.value for option in options.values())
    accepted = {card_code(c) for c, option in options.items() if option.value >= best - goals.ESTIMATE_CLOSE}
    assert set(found.answers) == accepted == {"KS", "2H", "TH"}
    assert min(options[parse_card(c)].value for c in accepted) - options[parse_card("4S")].value >= 1.5
    assert found.feedback["4S"]["key"] == "learn.feedback.worse_card"
    assert found.feedback["4S"]["reason"] == "analysis.reasons.lets_top_stock_card_go"
    assert found.feedback["4S"]["params"]["loss"] == round(best - options[parse_card("4S")].value, 2)
    assert found.feedback["5D"]["kind"] == "illegal"
    # A broken copy: the level says to let the ace go.
    _, problems = checked(tmp_path, level("best_card", rec, 0, id="sampled", answer="4S"))
    assert problems == [
        "learn/stage1.toml: levels[0].answer: the level states 4S, but the engine accepts KS, 2H, TH"
    ]


def test_best_card_refuses_a_sampled_position_without_a_clear_margin(tmp_path, monkeypatch):
    monkeypatch.setattr(goals, "ESTIMATE_MARGIN", 10.0)
    _, problems = checked(tmp_path, level("best_card", record(HANDS, "AH", ["QS"]), 0, id="sampled"))
    assert len(problems) == 1
    assert problems[0].startswith("learn/stage1.toml: levels[0].record: no clear best card: KS, 2H, TH at ")
    assert problems[0].endswith("are less than 10.0 net points apart (256 samples)")


# ----- count and choice -----------------------------------------------------------------------


def test_count_kinds_are_computed_by_the_engine(tmp_path):
    # Trick 1: QS led by seat 1, KS wins for seat 0 (3 in card value); seat 0 takes AH, seat 1 the next card.
    rec = record(HANDS, "AH", ["QS", "KS"])
    levels = [
        level("count", rec, 0, id="value", kind="value_won", answer=5),
        level("count", rec, 0, id="stock", kind="stock_left", answer=38),
        level("count", rec, 1, id="tricks", kind="tricks_won", answer=0),
        # Seat 1 holds JH and saw AH go to seat 0; every other trump is unseen: 1 + 11 = 12.
        level("count", rec, 1, id="trumps", kind="trumps_out", answer=12),
    ]
    found, problems = checked(tmp_path, *levels)
    assert problems == []
    assert [lv.answers for lv in found] == [[5], [38], [0], [12]]
    assert set(found[0].feedback) == {"higher", "lower"}


def test_a_wrong_count_is_reported(tmp_path):
    rec = record(HANDS, "AH", ["QS", "KS"])
    _, problems = checked(tmp_path, level("count", rec, 0, kind="value_won", answer=3), level(
        "count", rec, 0, id="x", kind="cards_in_hand", answer=6))  # fmt: skip
    assert problems == [
        "learn/stage1.toml: levels[0].answer: the level states 3 value won, but the engine finds 5",
        "learn/stage1.toml: levels[1].kind: expected one of value_won, trumps_out, stock_left, tricks_won, "
        "opponent_value, got 'cards_in_hand'",
    ]


def test_choice_questions_are_decided_by_the_engine(tmp_path):
    start = record(HANDS, "AH")
    after = record(HANDS, "AH", ["QS", "KS"])
    levels = [
        level("choice", start, 1, id="jack-in-hand", question="jack_out", answer="no"),
        level("choice", start, 0, id="jack-out", question="jack_out", answer="yes"),
        level("choice", start, 0, id="trump", question="trump_suit", answer="H"),
        level("choice", after, 1, id="drew", question="drew_top", answer="opponent"),
    ]
    found, problems = checked(tmp_path, *levels)
    assert problems == []
    assert [lv.answers for lv in found] == [["no"], ["yes"], ["H"], ["opponent"]]
    assert found[0].feedback == {
        "yes": {"kind": "wrong", "key": "learn.feedback.jack_in_hand", "params": {"card": "JH"}}
    }
    assert set(found[2].feedback) == {"S", "D", "C"}
    assert found[3].feedback["you"]["params"] == {"card": "AH", "trick": 1}


def test_a_wrong_choice_is_reported(tmp_path):
    _, problems = checked(
        tmp_path, level("choice", record(HANDS, "AH"), 1, question="jack_out", answer="yes")
    )
    assert problems == [
        "learn/stage1.toml: levels[0].answer: the level states 'yes', but the engine finds 'no'"
    ]


def endgame_truth(rec: dict, seat: int) -> tuple[int, int]:
    """The opponent's real hand at the record's end, and the trump suit (for checking the
    engine's answers against the deal itself, not the reader's view)."""
    deal = read_record(rec).deal
    for card in read_record(rec).plays:
        deal.play(card)
    return deal.hands[1 - seat], deal.trump


def test_opponent_value_once_the_stock_is_empty_is_the_value_of_the_real_hand(tmp_path):
    rec, seat = endgame_record()
    hand, _ = endgame_truth(rec, seat)
    value = mask_value(hand)
    [found], problems = checked(tmp_path, level("count", rec, seat, kind="opponent_value", answer=value))
    assert problems == [] and found.answers == [value]
    _, problems = checked(tmp_path, level("count", rec, seat, kind="opponent_value", answer=value + 1))
    assert problems == [
        f"learn/stage1.toml: levels[0].answer: the level states {value + 1} opponent value, "
        f"but the engine finds {value}"
    ]
    _, problems = checked(
        tmp_path, level("count", record(HANDS, "AH", ["QS", "KS"]), 0, kind="opponent_value", answer=0)
    )
    assert problems == [
        "learn/stage1.toml: levels[0].record: the opponent's hand is known only once the stock is empty"
    ]


def test_opponent_has_trump_names_the_highest_trump_the_opponent_holds(tmp_path):
    rec, seat = endgame_record()
    hand, trump = endgame_truth(rec, seat)
    trumps = cards_of(hand & SUIT_MASKS[trump])
    truth, wrong = ("yes", "no") if trumps else ("no", "yes")
    [found], problems = checked(
        tmp_path, level("choice", rec, seat, question="opponent_has_trump", answer=truth)
    )
    assert problems == [] and found.answers == [truth]
    if trumps:
        highest = card_code(max(trumps))
        assert found.feedback == {"no": {
            "kind": "wrong", "key": "learn.feedback.opponent_holds", "params": {"card": highest},
        }}  # fmt: skip
    else:
        assert found.feedback["yes"]["key"] == "learn.feedback.no_trump_left"
    _, problems = checked(tmp_path, level("choice", rec, seat, question="opponent_has_trump", answer=wrong))
    assert problems == [
        f"learn/stage1.toml: levels[0].answer: the level states {wrong!r}, but the engine finds {truth!r}"
    ]


def test_trick_winner_is_the_highest_trump_or_the_highest_card_of_the_suit_led(tmp_path):
    plain = record(HANDS, "AH", ["QS", "KS"])  # seat 1 leads QS, seat 0 follows with KS
    trumped = record(HANDS, "AH", ["9D", "2H"])  # seat 0 trumps the 9D with the two of trumps
    levels = [
        level("choice", plain, 1, id="plain", question="trick_winner", answer="opponent"),
        level("choice", trumped, 0, id="trumped", question="trick_winner", answer="you"),
    ]
    found, problems = checked(tmp_path, *levels)
    assert problems == []
    assert found[0].feedback == {"you": {
        "kind": "wrong", "key": "learn.feedback.trick_led_suit", "params": {"card": "KS", "suit": "S"},
    }}  # fmt: skip
    assert found[1].feedback["opponent"]["key"] == "learn.feedback.trick_trump"
    assert found[1].feedback["opponent"]["params"]["card"] == "2H"
    broken = [
        level("choice", plain, 0, id="plain", question="trick_winner", answer="opponent"),
        level("choice", record(HANDS, "AH", ["QS"]), 0, id="mid", question="trick_winner", answer="you"),
    ]
    _, problems = checked(tmp_path, *broken)
    assert problems == [
        "learn/stage1.toml: levels[0].answer: the level states 'opponent', but the engine finds 'you'",
        "learn/stage1.toml: levels[1].record: the record must stop right after a trick",
    ]


def test_a_feedback_text_missing_in_one_language_is_reported(tmp_path, monkeypatch):
    real = levels_module._catalogues()
    french = {key: text for key, text in real["fr"].items() if key != "learn.feedback.trick_led_suit"}
    monkeypatch.setattr(levels_module, "_catalogues", lambda: {**real, "fr": french})
    rec = record(HANDS, "AH", ["QS", "KS"])
    _, problems = checked(tmp_path, level("choice", rec, 1, question="trick_winner", answer="opponent"))
    assert problems == [
        "learn/stage1.toml: levels[0].feedback: "
        "catalogue key 'learn.feedback.trick_led_suit' is missing in fr"
    ]


@pytest.fixture(scope="module")
def lowest_cards_played_out() -> tuple[Deal, list[str]]:
    """The HANDS deal played to its end, each seat always playing its lowest legal card, and
    those plays (the finished position of the point and match questions)."""
    deal = read_record(record(HANDS, "AH")).deal
    plays = []
    while not deal.is_over:
        card = min(deal.legal_plays())
        deal.play(card)
        plays.append(card_code(card))
    return deal, plays


def test_point_winner_gives_the_engines_reason(tmp_path, lowest_cards_played_out):
    deal, plays = lowest_cards_played_out
    high = deal.result().reasons[0]
    truth = "you" if high.seat == 0 else "opponent"
    finished = record(HANDS, "AH", plays)
    [found], problems = checked(
        tmp_path, level("choice", finished, 0, question="point_winner", point="high", answer=truth)
    )
    assert problems == []
    wrong = found.feedback["no_one"]
    assert wrong["key"] == f"reasons.high_{'you' if truth == 'you' else 'other'}"
    assert wrong["params"]["card"] == high.card == "AH"


# ----- the frame: impossible positions, texts, order, help that fades, par ------------------------


def test_an_impossible_position_is_reported_with_its_place(tmp_path):
    refused = record(HANDS, "AH", ["QS", "5D"])  # seat 0 holds spades: 5D is refused
    doubled = record(HANDS, "AH")
    doubled["hands"] = [["KS", "KS", "TH", "2H", "5D", "3C"], HANDS[1]]
    _, problems = checked(tmp_path, level("legal_card", refused, 1), level("legal_card", doubled, 1, id="b"))
    assert problems[0].startswith(
        "learn/stage1.toml: levels[0].record.plays[1]: the engine refuses this play"
    )
    assert problems[1].startswith("learn/stage1.toml: levels[1].record.hands")
    assert len(problems) == 2


def test_a_text_missing_in_one_language_is_reported(tmp_path, monkeypatch):
    real = levels_module._catalogues()
    italian = {key: text for key, text in real["it"].items() if key != "learn.goals.win_trick"}
    monkeypatch.setattr(levels_module, "_catalogues", lambda: {**real, "it": italian})
    _, problems = checked(tmp_path, level("legal_card", record(HANDS, "AH", ["QS"]), 0))
    assert problems == [
        "learn/stage1.toml: levels[0].texts.goal: catalogue key 'learn.goals.win_trick' is missing in it"
    ]


def test_a_text_may_name_an_engine_fact_and_an_unknown_one_is_reported(tmp_path, monkeypatch):
    """Course texts write engine numbers as {fact.<name>} (the card values), never by hand."""
    from engine.core.facts import facts

    intro = levels_module._catalogues()["en"]["learn.stages.counting.intro"]
    assert "{fact.value_ten}" in intro
    assert str(facts()["value_ten"]) in levels_module.with_facts(intro)
    assert "{fact." not in levels_module.with_facts(intro)
    real = levels_module._catalogues()
    spanish = {**real["es"], "learn.goals.win_trick": "Gane la baza con {fact.value_joker}."}
    monkeypatch.setattr(levels_module, "_catalogues", lambda: {**real, "es": spanish})
    _, problems = checked(tmp_path, level("legal_card", record(HANDS, "AH", ["QS"]), 0))
    assert problems == [
        "learn/stage1.toml: levels[0].texts.goal: catalogue key 'learn.goals.win_trick' in es "
        "names {fact.value_joker}, which engine.facts() lacks"
    ]


def test_help_only_fades_and_par_stays_within_the_answers(tmp_path):
    rec = record(HANDS, "AH", ["QS"])
    _, problems = checked(
        tmp_path,
        level("wins_trick", rec, 0, id="a", winners=3, guided=True),
        level("wins_trick", rec, 0, id="b", winners=3, guided=False),
        level("wins_trick", rec, 0, id="c", winners=3, guided=True, par=4),
    )
    assert problems == [
        "learn/stage1.toml: levels[2].par: par 4 asks for more answers than the 3 accepted",
        "learn/stage1.toml: levels[2].guided: "
        "a guided level after the unguided levels[1] (b): help only fades",
    ]


def test_stages_come_in_course_order_and_orders_are_unique(tmp_path):
    rec = record(HANDS, "AH", ["QS"])
    learn = write_course(
        tmp_path, [level("legal_card", rec, 0, id="a")], [level("legal_card", rec, 0, id="b")]
    )
    (learn / "stage1.toml").write_text((learn / "stage1.toml").read_text().replace("order = 1", "order = 3"))
    report = check_levels(learn)
    assert report.ok and [stage.name for stage in report.stages] == ["stage2", "stage1"]
    assert [lv.id for lv in report.levels] == ["b", "a"]
    (learn / "stage1.toml").write_text((learn / "stage1.toml").read_text().replace("order = 3", "order = 2"))
    assert [str(p) for p in check_levels(learn).problems] == [
        "learn/stage2.toml: order: 2 is also the order of learn/stage1.toml"
    ]


# ----- the repository's course ----------------------------------------------------------------


# The coached first deal and the first match (their own files, another part of the course):
# whole deals played on the practice page, not a stage of one-goal levels.
PLAYED_STAGES = (10, 11)


def test_the_course_is_clean_and_long_enough():
    report = check_content(TUTORIALS).levels
    assert report.ok, [str(p) for p in report.problems]
    # Issue 23: at least 12 stages and 60 levels.
    assert len(report.stages) >= 12 and len(report.levels) >= 60
    for stage in report.stages:
        levels = [lv for lv in report.levels if lv.stage == stage.name]
        if stage.order in PLAYED_STAGES:  # a deal or a match to play: one level
            assert [lv.goal for lv in levels] == ["play_deal"], stage.name
            continue
        assert 3 <= len(levels) <= 7, stage.name
        assert levels[0].guided, f"{stage.name}: a stage starts with help"


def test_the_published_course_refuses_a_report_with_problems(tmp_path):
    learn = write_course(tmp_path, [level("wins_trick", record(HANDS, "AH", ["QS"]), 0, winners=1)])
    with pytest.raises(ValueError, match="winners: the level states 1"):
        course_json(check_levels(learn), lambda lang, key: key)


def test_the_published_course_names_every_text_it_needs():
    report = check_content(TUTORIALS).levels
    data = course_json(report, lambda lang, key: f"{lang}:{key}")
    json.dumps(data)  # JSON-ready
    needed = {key for lv in data["levels"] for key in lv["texts"].values()}
    needed |= {fb["key"] for lv in data["levels"] for fb in lv["feedback"].values()}
    needed |= {fb["rule"] for lv in data["levels"] for fb in lv["feedback"].values() if "rule" in fb}
    needed |= {s[k] for s in data["stages"] for k in ("title", "intro")}
    assert needed <= set(data["texts"]["pt"]), needed - set(data["texts"]["pt"])
    assert data["texts"]["it"]["learn.goals.win_trick"] == "it:learn.goals.win_trick"
    assert parse_card(data["levels"][0]["answers"][0]) >= 0


def test_the_build_hook_stops_on_a_problem_naming_file_and_level(tmp_path):
    import sys

    from mkdocs.exceptions import PluginError

    sys.path.insert(0, str(TUTORIALS.parent / "scripts" / "hooks"))
    import learn as learn_hook

    learn = write_course(tmp_path, [level("wins_trick", record(HANDS, "AH", ["QS"]), 0, winners=2)])
    with pytest.raises(PluginError, match=r"learn/stage1\.toml: levels\[0\]\.winners: the level states 2"):
        learn_hook.course(learn)
    assert len(learn_hook.course()["levels"]) == len(check_content(TUTORIALS).levels.levels)


def test_the_command_line_checks_the_course_folder_as_levels():
    report = check_content(TUTORIALS / "learn")
    assert report.ok, [str(p) for p in report.problems]
    assert report.examples.examples == []
    assert len(report.levels.levels) == len(check_content(TUTORIALS).levels.levels)


def test_match_winner_follows_the_count_out_order(tmp_path, lowest_cards_played_out):
    deal, plays = lowest_cards_played_out
    points = deal.result().points
    high, other = points["high"], 1 - points["high"]
    # Both seats one point short: High is added first, so its scorer wins whatever else the other scored.
    tied = record(HANDS, "AH", plays)
    tied["scores_before"] = [9, 9]
    far = {**tied, "scores_before": [0, 0]}
    levels = [
        level("choice", tied, other, id="tied", question="match_winner", answer="opponent"),
        level("choice", far, high, id="far", question="match_winner", answer="no_one"),
    ]
    found, problems = checked(tmp_path, *levels)
    assert problems == []
    won = found[0].feedback["you"]
    assert won["key"] == "learn.feedback.match_won_other"
    assert won["params"] == {"point": "high", "target": 10, "seat": high}
    assert found[1].feedback["you"]["key"] == "learn.feedback.match_goes_on"
    published = course_json(check_levels(tmp_path / "learn"), lambda lang, key: key)
    assert published["levels"][0]["record"]["scores_before"] == [9, 9]


# ----- a deal or a match on the Practice page -------------------------------------------------


def _stage_copy(folder: Path, name: str, change=None) -> Path:
    """The real stage file `name` written back to `folder/learn/` as TOML, after `change`."""
    import tomllib

    from toml_copies import toml_text

    data = tomllib.loads((TUTORIALS / "learn" / f"{name}.toml").read_text(encoding="utf-8"))
    if change is not None:
        change(data["levels"][0])
    learn = folder / "learn"
    learn.mkdir(exist_ok=True)
    (learn / f"{name}.toml").write_text(toml_text(data), encoding="utf-8")
    return learn


@pytest.mark.parametrize("name", ["first-deal", "first-match"])
def test_a_deal_to_play_publishes_where_the_practice_page_starts_it(tmp_path, name):
    from engine.surfaces.practice_api import LEVELS, new_match

    report = check_levels(_stage_copy(tmp_path, name))
    assert report.problems == []
    [published] = course_json(report, lambda lang, key: key)["levels"]
    assert published["goal"] == "play_deal" and published["answers"] == []
    assert published["level"] in LEVELS and published["coach"] is published["guided"] is True
    assert published["match"] is (name == "first-match")
    # The page starts it with practice.new: the reader's first hand is the level's.
    started = new_match({k: published[k] for k in ("rules", "seed", "dealer", "level")})
    assert set(started["state"]["deal"]["hand"]) == set(published["view"]["hand"])
    assert started["state"]["target"] == published["rules"]["target"]


@pytest.mark.parametrize(
    ("change", "place", "words"),
    [
        (lambda level: level.update(level="grandmaster"), "levels[0].level", "expected the computer"),
        (lambda level: level.update(match="yes"), "levels[0].match", "expected true (a whole match)"),
        (lambda level: level["record"].update(plays=["4S"]), "levels[0].record.plays", "no plays"),
        (lambda level: level["record"].update(scores_before=[3, 2]), "levels[0].record.scores_before", "0"),
        (lambda level: level.update(seat=1), "levels[0].seat", "seat 0"),
        (lambda level: level.update(par=2), "levels[0].par", "expected 1"),
    ],
)
def test_a_broken_deal_to_play_is_a_problem_naming_file_and_place(tmp_path, change, place, words):
    report = check_levels(_stage_copy(tmp_path, "first-deal", change))
    problems = [str(problem) for problem in report.problems]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"learn/first-deal.toml: {place}: ") and words in problems[0]


def test_a_deal_to_play_dealt_from_hands_is_refused(tmp_path):
    def from_hands(level: dict) -> None:
        deal = read_record(level["record"]).deal
        hands = [[card_code(card) for card in deal.hand(seat)] for seat in (0, 1)]
        stock = [card_code(card) for card in deal.stock]
        level["record"] = {"rules": "standard", "dealer": 1, "hands": hands, "stock": stock, "plays": []}

    problems = [str(p) for p in check_levels(_stage_copy(tmp_path, "first-deal", from_hands)).problems]
    assert any("levels[0].record.hands" in p for p in problems)
    assert any("levels[0].record.seed: missing" in p for p in problems)


# ----- why an answer is right -------------------------------------------------------------------


def test_a_legal_card_level_says_which_rule_decides(tmp_path):
    # Trump hearts. Spades led: seat 0 holds spades and trumps, so it may follow or trump.
    levels = [
        level("legal_card", record(HANDS, "AH", ["QS"]), 0, id="follow-or-trump"),
        level("legal_card", record(HANDS, "AH", ["JH"]), 0, id="trump-led"),
        level("legal_card", record(HANDS, "AH"), 1, id="lead"),
    ]
    found, problems = checked(tmp_path, *levels)
    assert problems == []
    assert [lv.why for lv in found] == [
        {"key": "learn.why.follow_or_trump", "params": {"suit": "S", "trump": "H"}},
        {"key": "learn.why.trump_led", "params": {"suit": "H", "trump": "H"}},
        {"key": "learn.why.lead_any", "params": {}},
    ]


def test_a_legal_card_level_says_must_trump_discard_or_follow(tmp_path):
    # Trump hearts; seat 1 leads QD. Seat 0: void in diamonds with trumps; with neither; with a
    # diamond and no trump.
    leader = ["QD", "JH", "9D", "7C", "6C", "2D"]
    hands = {
        "must-trump": ["KS", "4S", "TH", "2H", "5S", "3S"],
        "discard": ["KS", "4S", "TS", "2S", "5S", "3S"],
        "follow": ["KS", "4S", "TS", "2S", "5D", "3S"],
    }
    levels = [
        level("legal_card", record([hand, leader], "AH", ["QD"]), 0, id=name) for name, hand in hands.items()
    ]
    found, problems = checked(tmp_path, *levels)
    assert problems == []
    suits = {"suit": "D", "trump": "H"}
    assert [lv.why for lv in found] == [
        {"key": "learn.why.must_trump", "params": suits},
        {"key": "learn.why.discard", "params": suits},
        {"key": "learn.why.follow_no_trump", "params": suits},
    ]


def test_wins_trick_says_what_beats_the_winning_card_and_where_only_a_trump_wins(tmp_path):
    # Spades led (QS): KS or a trump beats it; the 4S that loses is only told it loses.
    [plain], problems = checked(tmp_path, level("wins_trick", record(HANDS, "AH", ["QS"]), 0, winners=3))
    assert problems == []
    assert plain.why == {"key": "learn.why.beat_plain", "params": {"card": "QS", "suit": "S", "trump": "H"}}
    assert plain.feedback["4S"]["key"] == "learn.feedback.loses_trick_to"
    # The ace of spades led: the reader holds spades, none wins, only a trump does. Holding the
    # suit led does not forbid trumping (RULES.md §1): the spades that lose say so.
    hands = [["KS", "4S", "TH", "2H", "5D", "3C"], ["AS", "JH", "9D", "7C", "6C", "2S"]]
    [trumping], problems = checked(
        tmp_path, level("wins_trick", record(hands, "AH", ["AS"]), 0, winners=2, answers=["2H", "TH"])
    )
    assert problems == []
    could = {
        "kind": "wrong",
        "key": "learn.feedback.trick_trump_could_follow",
        "params": {"card": "AS", "suit": "S", "trump": "H"},
    }
    assert trumping.feedback["KS"] == trumping.feedback["4S"] == could
    assert trumping.feedback["5D"]["kind"] == "illegal"
    # A trump led: only a higher trump beats it.
    hands = [HANDS[0], ["QS", "5H", "9D", "7C", "6C", "2S"]]
    [trump_led], problems = checked(tmp_path, level("wins_trick", record(hands, "AH", ["5H"]), 0, winners=1))
    assert problems == []
    assert trump_led.answers == ["TH"]
    assert trump_led.why == {
        "key": "learn.why.beat_trump",
        "params": {"card": "5H", "suit": "H", "trump": "H"},
    }


def test_best_card_why_gives_the_engine_s_exact_gain_once_the_stock_is_empty(tmp_path):
    rec, seat = endgame_record()
    [found], problems = checked(tmp_path, level("best_card", rec, seat))
    assert problems == []
    deal = read_record(rec).deal
    for card in read_record(rec).plays:
        deal.play(card)
    options = exact_option_values(deal, seat)
    best = max(option.value for option in options.values())
    others = [c for c in options if options[c].value < best]
    other = max(others, key=lambda c: (options[c].value, -c))
    assert found.why["key"] == "learn.why.best_exact"
    assert found.why["params"]["card"] in found.answers
    assert found.why["params"]["other"] == card_code(other)
    assert found.why["params"]["gain"] == round(best - options[other].value, 2)


def test_best_card_why_with_cards_in_the_stock_names_the_samples(tmp_path):
    rec = record(HANDS, "AH", ["QS"])
    [found], problems = checked(tmp_path, level("best_card", rec, 0, id="sampled"))
    assert problems == []
    assert found.why["key"] == "learn.why.best_sampled_tied"  # KS, 2H and TH tie
    assert found.why["params"]["samples"] == goals.ESTIMATE_SAMPLES
    assert found.why["params"]["card"] in found.answers and found.why["params"]["other"] not in found.answers
    assert found.why["params"]["gain"] >= goals.ESTIMATE_MARGIN
    # A right answer is explained for the card played, naming the cards it ties with.
    by_answer = found.published["why_by_answer"]
    assert sorted(by_answer) == sorted(found.answers)
    for card, answer_why in by_answer.items():
        assert answer_why["params"]["card"] == card
        assert sorted(answer_why["params"]["cards"]) == sorted(set(found.answers) - {card})
        assert answer_why["params"]["gain"] >= goals.ESTIMATE_MARGIN


def test_a_count_s_why_adds_up_to_the_engine_s_number(tmp_path):
    rec = record(HANDS, "AH", ["QS", "KS"])  # seat 0 wins QS and KS (2 + 3) and draws AH
    levels = [
        level("count", rec, 0, id="value", kind="value_won", answer=5),
        level("count", rec, 0, id="stock", kind="stock_left", answer=38),
        level("count", rec, 1, id="tricks", kind="tricks_won", answer=0),
        level("count", rec, 1, id="trumps", kind="trumps_out", answer=12),
    ]
    found, problems = checked(tmp_path, *levels)
    assert problems == []
    assert [lv.why for lv in found] == [
        {"key": "learn.why.value_won", "params": {"cards": ["KS", "QS"], "sum": "3 + 2 = 5", "n": 5}},
        {"key": "learn.why.stock_left", "params": {"start": 40, "drawn": 2, "n": 38}},
        {"key": "learn.why.tricks_won", "params": {"total": 1, "n": 0}},
        {"key": "learn.why.trumps_out", "params": {"total": 13, "played": 0, "yours": 1, "n": 12}},
    ]


def test_a_choice_s_why_is_the_engine_s_explanation_of_the_true_option(tmp_path):
    [found], problems = checked(
        tmp_path, level("choice", record(HANDS, "AH"), 1, question="jack_out", answer="no")
    )
    assert problems == []
    assert found.why == {"key": "learn.feedback.jack_in_hand", "params": {"card": "JH"}}


def test_every_published_level_but_a_deal_to_play_says_why(tmp_path):
    report = check_levels(TUTORIALS / "learn")
    assert report.problems == []
    missing = [level.id for level in report.levels if level.goal != "play_deal" and level.why is None]
    assert missing == []
    keys = {level.why["key"] for level in report.levels if level.why}
    assert "learn.feedback.trick_trump_could_follow" in {
        fb["key"] for level in report.levels for fb in level.feedback.values()
    }
    assert {"learn.why.follow_or_trump", "learn.why.best_exact", "learn.why.best_sampled"} <= keys


def test_with_the_stock_empty_the_trumps_out_are_in_the_opponent_s_hand():
    """Once the stock is empty the reader knows the opponent's hand (RULES.md §1): the count's
    why says where the trumps are, not which ones the opponent "may still hold"."""
    report = check_levels(TUTORIALS / "learn")
    keys = {level.id: level.why["key"] for level in report.levels if level.why}
    assert keys["last-six-1"] == "learn.why.trumps_out_known"  # the stock is empty
    assert keys["drills-1"] in ("learn.why.trumps_out", "learn.why.trumps_out_stock")  # it is not
