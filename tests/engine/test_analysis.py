"""engine.analysis: exact values against a plain brute force, no peeking, consistency, errors."""

from __future__ import annotations

import json
import random

import pytest

from engine import Deal, IllegalPlay, Rules, card_code, record_of
from engine.analysis.deal_analysis import (
    DEFAULT_SAMPLES,
    GRADES,
    VALUE_BANDS,
    WIN_BANDS,
    AnalysisError,
    analyse,
    exact_option_values,
    grade_of,
    is_exact,
)
from engine.analysis.match_odds import match_win_chance
from engine.analysis.reasons import REASON_CODES
from engine.surfaces.catalogue import LANGUAGES, PLACEHOLDER, Catalogue

RULE_MIXES = (
    Rules(),
    Rules.from_spec("classic"),
    Rules(nine_point=True, game_tie="non_dealer"),
    Rules(turned_jack=True, low="holder"),
    Rules(trump_when_able=False, must_trump_when_void=False),
)


def brute_force(deal: Deal, seat: int) -> int:
    """Net points for `seat` with both sides playing their best: every line, no pruning."""
    if deal.is_over:
        seats = deal.result().seats
        return sum(0 if s is None else (1 if s == seat else -1) for s in seats)
    maximise = deal.to_move == seat
    values = []
    for card in list(deal.legal_plays()):
        deal.play(card)
        values.append(brute_force(deal, seat))
        deal.undo()
    return max(values) if maximise else min(values)


def random_endgame(rng: random.Random, tricks_left: int) -> Deal:
    """A two-player deal played at random until `tricks_left` tricks remain after the stock
    ran out, then a random number of further cards inside the current trick."""
    rules = rng.choice(RULE_MIXES)
    deal = Deal.from_seed(rules, rng.randrange(10**9), rng.randrange(2))
    stop = 26 * 2 - 2 * tricks_left + rng.randrange(2)
    while len(deal.plays) < stop:
        deal.play(rng.choice(list(deal.legal_plays())))
    return deal


def played_record(seed: int, rules: Rules | None = None, scores=None) -> dict:
    """A whole deal played by the heuristic bot for both seats."""
    from engine.ai.heuristic import HeuristicBot

    deal = Deal.from_seed(rules or Rules(), seed, seed % 2)
    bot = HeuristicBot()
    while not deal.is_over:
        deal.play(bot.choose(deal.view(deal.to_move)))
    return record_of(deal, scores)


# ----- exactness ----------------------------------------------------------------------------------


def test_exact_values_equal_brute_force_on_200_small_endgames():
    rng = random.Random(13)
    checked = 0
    for _ in range(200):
        deal = random_endgame(rng, rng.choice((2, 3)))
        assert is_exact(deal)
        seat = deal.to_move
        before = deal.state_key()
        options = exact_option_values(deal)
        assert deal.state_key() == before, "exact_option_values must leave the deal unchanged"
        assert set(options) == set(deal.legal_plays())
        for card, option in options.items():
            deal.play(card)
            assert option.value == brute_force(deal, seat), (deal, card)
            deal.undo()
            # The points are those of the optimal line itself: they add up to its value.
            net = sum(option.points.values()) * 2 - sum(1 for s in option.outcomes[0] if s is not None)
            assert net == option.value
            checked += 1
    assert checked >= 200


def test_exact_values_equal_brute_force_on_four_trick_endgames():
    rng = random.Random(7)
    for _ in range(6):
        deal = random_endgame(rng, 4)
        seat = deal.to_move
        for card, option in exact_option_values(deal).items():
            deal.play(card)
            assert option.value == brute_force(deal, seat)
            deal.undo()


def test_exact_values_equal_brute_force_on_whole_six_trick_endgames():
    def brute(deal: Deal, seat: int, seen: dict) -> int:
        # Every line, as brute_force; identical positions (same hands, captures, trick and
        # seat to move) are looked up instead of searched twice. No bound, no pruning.
        if deal.is_over:
            return sum(0 if s is None else (1 if s == seat else -1) for s in deal.result().seats)
        key = (deal.hands, deal.won, deal.current_trick, deal.to_move)
        if key not in seen:
            values = []
            for card in list(deal.legal_plays()):
                deal.play(card)
                values.append(brute(deal, seat, seen))
                deal.undo()
            seen[key] = max(values) if deal.to_move == seat else min(values)
        return seen[key]

    rng = random.Random(21)
    for _ in range(3):
        deal = random_endgame(rng, 6)
        while deal.current_trick:  # start at the first trick of the endgame
            deal.undo()
        seat = deal.to_move
        seen: dict = {}
        for card, option in exact_option_values(deal).items():
            deal.play(card)
            assert option.value == brute(deal, seat, seen)
            deal.undo()


def test_analyse_marks_the_last_six_tricks_exact_and_matches_brute_force():
    record = played_record(3)
    result = analyse(record, samples=2, only=range(46, 52))
    deal = Deal.from_seed(Rules(), 3, 1)
    for card in record["plays"][:46]:
        deal.play(card)
    for decision in result["decisions"]:
        assert decision["exact"] and decision["samples"] == 0
        seat = decision["seat"]
        for option in decision["options"]:
            deal.play(option["card"])
            assert option["value"] == brute_force(deal, seat)
            deal.undo()
        deal.play(decision["played"])


# ----- no peeking ---------------------------------------------------------------------------------


def _swap_hidden(record: dict, decision_index: int, seat: int) -> dict | None:
    """The same record with one card the deciding seat could not see (an opponent's card not
    yet played nor seen drawn) swapped with a stock card not yet drawn; None if the plays
    before the decision do not replay legally after the swap."""
    deal = Deal.from_cards(record["rules"], record["hands"], record["stock"], record["dealer"])
    for card in record["plays"][:decision_index]:
        deal.play(card)
    view = deal.view(seat)
    other = 1 - seat
    hidden_hand = [c for c in deal.hand(other) if not view.known[other] >> c & 1]
    drawn = len(record["stock"]) - deal.stock_remaining
    deep_stock = list(range(drawn + 1, len(record["stock"])))  # below the visible top card
    if not hidden_hand or not deep_stock:
        return None
    rng = random.Random(decision_index)
    for _ in range(20):
        from_hand = rng.choice(hidden_hand)
        stock_at = rng.choice(deep_stock)
        swapped = json.loads(json.dumps(record))
        # The unseen card was dealt to the opponent, or (face-down stock) drawn by it unseen.
        code = card_code(from_hand)
        holder = swapped["hands"][other] if code in swapped["hands"][other] else swapped["stock"]
        position = holder.index(code)
        holder[position], swapped["stock"][stock_at] = swapped["stock"][stock_at], holder[position]
        swapped["plays"] = record["plays"][: decision_index + 1]
        try:
            check = Deal.from_cards(swapped["rules"], swapped["hands"], swapped["stock"], swapped["dealer"])
            for card in swapped["plays"]:
                check.play(card)
        except IllegalPlay:
            continue
        return swapped
    return None


@pytest.mark.parametrize("preset", ["standard", "face-down"])
def test_no_peeking_changing_unseen_cards_keeps_every_sampled_value(preset):
    compared = 0
    for seed in range(6):
        record = played_record(seed, Rules.from_spec(preset))
        for index in (0, 5, 12, 21, 30):
            deal = Deal.from_cards(record["rules"], record["hands"], record["stock"], record["dealer"])
            for card in record["plays"][:index]:
                deal.play(card)
            seat = deal.to_move
            swapped = _swap_hidden(record, index, seat)
            if swapped is None:
                continue
            assert swapped["hands"] != record["hands"] or swapped["stock"] != record["stock"]
            truncated = dict(record, plays=record["plays"][: index + 1])
            first = analyse(truncated, seat=seat, samples=4, seed=9, only=[index])["decisions"][0]
            second = analyse(swapped, seat=seat, samples=4, seed=9, only=[index])["decisions"][0]
            assert not first["exact"]
            assert first == second
            compared += 1
    assert compared >= 10


# ----- consistency --------------------------------------------------------------------------------


def _check_consistent(decision: dict) -> None:
    values = {option["card"]: option["value"] for option in decision["options"]}
    top = max(values.values())
    assert decision["loss"] >= 0
    assert decision["loss"] == pytest.approx(top - values[decision["played"]], abs=1e-9)
    assert decision["best"] == [card for card, value in values.items() if value == top]
    if decision["graded_by"] == "value":
        assert decision["grade"] == grade_of(decision["loss"], VALUE_BANDS)
    else:
        chances = [option["win_chance"] for option in decision["options"]]
        played = next(o for o in decision["options"] if o["card"] == decision["played"])
        assert decision["win_loss"] == pytest.approx(max(chances) - played["win_chance"], abs=1e-9)
        expected = grade_of(decision["win_loss"], WIN_BANDS)
        if decision["loss"] == 0:
            expected = "best"
        elif expected == "best":
            expected = "good"
        assert decision["grade"] == expected
    assert decision["grade"] in GRADES
    if decision["grade"] in ("best", "good"):
        assert decision["reason"] is None
    else:
        assert decision["reason"] in REASON_CODES
    for option in decision["options"]:
        assert all(0.0 <= chance <= 1.0 for chance in option["points"].values())


def test_a_whole_deal_is_consistent_and_deterministic():
    record = played_record(11)
    result = analyse(record, samples=4, seed=3)
    assert [d["play_index"] for d in result["decisions"]] == list(range(52))
    for decision in result["decisions"]:
        _check_consistent(decision)
        assert decision["exact"] == (decision["play_index"] >= 40)
    counted = {seat: sum(grades.values()) for seat, grades in result["summary"].items()}
    assert counted == {"0": 26, "1": 26}
    assert analyse(record, samples=4, seed=3) == result
    assert json.loads(json.dumps(result)) == result


def test_seat_selects_that_seats_decisions_only():
    record = played_record(12)
    result = analyse(record, seat=1, samples=2, only=range(30, 52))
    assert {d["seat"] for d in result["decisions"]} == {1}
    assert list(result["summary"]) == ["1"]


def test_known_scores_give_win_chances_and_grade_by_them():
    record = played_record(4, scores=[8, 9])
    result = analyse(record, samples=4, only=range(36, 52))
    for decision in result["decisions"]:
        assert decision["graded_by"] == "win_chance"
        assert all(0.0 <= option["win_chance"] <= 1.0 for option in decision["options"])
        _check_consistent(decision)


def test_long_matches_and_three_players_are_graded_by_value():
    long_match = played_record(4, Rules(target=50), scores=[40, 41])
    three = played_record(5, Rules.from_spec("shasta-sam"), scores=[1, 2, 3])
    for record in (long_match, three):
        for decision in analyse(record, samples=2, only=[44, 45])["decisions"]:
            assert decision["graded_by"] == "value"
            assert all("win_chance" not in option for option in decision["options"])


def test_match_chances_are_symmetric_and_monotonic():
    for dealer in (0, 1):
        for a in range(10):
            for b in range(10):
                mine = match_win_chance(10, False, [a, b], 0, dealer)
                theirs = match_win_chance(10, False, [a, b], 1, dealer)
                assert mine + theirs == pytest.approx(1.0)
                if a < 9:
                    assert match_win_chance(10, False, [a + 1, b], 0, dealer) >= mine - 1e-12
    assert match_win_chance(10, False, [0, 0], 0, 1) == pytest.approx(0.5, abs=0.1)


def test_three_players_and_face_down_stock_are_sampled():
    three = played_record(5, Rules.from_spec("shasta-sam"))
    for decision in analyse(three, samples=2, only=range(0, 51, 10))["decisions"]:
        assert not decision["exact"]
        _check_consistent(decision)
    hidden = played_record(6, Rules.from_spec("face-down"))
    decisions = analyse(hidden, samples=2, only=[10, 45])["decisions"]
    assert [d["exact"] for d in decisions] == [False, True]


def test_the_default_budget_is_used_and_reported():
    decision = analyse(played_record(2), only=[3])["decisions"][0]
    assert decision["samples"] == DEFAULT_SAMPLES


# ----- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"seat": 2}, "seat"),
        ({"seat": True}, "seat"),
        ({"samples": 0}, "samples"),
        ({"samples": 10**6}, "samples"),
        ({"seed": -1}, "seed"),
        ({"only": ["x"]}, "only"),
    ],
)
def test_bad_arguments_name_the_field(arguments, field):
    with pytest.raises(AnalysisError) as caught:
        analyse(played_record(1), **arguments)
    assert caught.value.field == field


def test_bad_records_name_the_field():
    record = played_record(1)
    with pytest.raises(AnalysisError) as caught:
        analyse(dict(record, plays=[*record["plays"][:3], "ZZ"]))
    assert caught.value.field == "plays[3]"
    illegal = dict(record, plays=[record["plays"][0], record["plays"][0]])
    with pytest.raises(AnalysisError) as caught:
        analyse(illegal)
    assert caught.value.field == "plays[1]"
    with pytest.raises(AnalysisError) as caught:
        analyse([])
    assert caught.value.field == "record"


# ----- catalogue ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_grade_and_reason_is_explained_in_every_language(lang):
    catalogue = Catalogue(lang)
    for grade in GRADES:
        assert catalogue.text(f"analysis.grades.{grade}")
    help_text = catalogue.text("analysis.ui.help")
    for name in ("good", "inaccuracy", "mistake", "win_good", "win_inaccuracy", "win_mistake"):
        assert "{" + name + "}" in help_text, name
    for code in REASON_CODES:
        text = catalogue.text(f"analysis.reasons.{code}")
        assert text and (lang == "en" or text != Catalogue("en").text(f"analysis.reasons.{code}"))


# ----- command line and browser boundary ----------------------------------------------------------


def test_cli_prints_json_and_annotated_text(tmp_path, capsys):
    from engine.surfaces.cli import main

    path = tmp_path / "deal.json"
    path.write_text(json.dumps(played_record(8)), encoding="utf-8")
    assert main(["analyse", str(path), "--seat", "0", "--samples", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {d["seat"] for d in result["decisions"]} == {0}
    assert main(["analyse", str(path), "--samples", "2", "--text", "--lang", "fr"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Analyse de la donne (atout\u202f:")
    assert "Pli 26" in text and "Joueur B" in text
    for lang in ("pt", "es", "it"):
        assert main(["analyse", str(path), "--samples", "1", "--text", "--lang", lang]) == 0
        assert "Analys" not in capsys.readouterr().out.splitlines()[0] or lang == "pt"


def test_cli_reports_bad_input_without_a_traceback(tmp_path, capsys):
    from engine.surfaces.cli import main

    path = tmp_path / "deal.json"
    path.write_text("{not json", encoding="utf-8")
    assert main(["analyse", str(path)]) == 1  # a bad record, as for `replay`
    assert "not valid JSON" in capsys.readouterr().err
    path.write_text(json.dumps(played_record(8)), encoding="utf-8")
    # No seat 2 in a two-player deal: a bad option value, a usage error as for --seat 7 (issue 20).
    assert main(["analyse", str(path), "--seat", "2"]) == 2
    assert "seat" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:  # argparse: a usage error, exit 2
        main(["analyse", str(path), "--seat", "7"])
    assert usage.value.code == 2
    assert "--seat" in capsys.readouterr().err


def test_web_api_analyse_op_answers_in_the_page_language_and_never_raises():
    from engine.surfaces.web_api import handle

    record = played_record(9)
    answer = json.loads(
        handle(
            json.dumps(
                {"op": "analyse", "record": record, "seat": None, "samples": 2, "lang": "es", "only": [0, 2]}
            )
        )
    )
    assert answer["ok"] and [d["play_index"] for d in answer["decisions"]] == [0, 2]
    for decision in answer["decisions"]:
        expected = (
            Catalogue("es").text(f"analysis.reasons.{decision['reason']}") if decision["reason"] else None
        )
        assert decision["reason_text"] == expected
    for bad, field in (({"seat": 4}, "seat"), ({"lang": "de"}, "lang"), ({"record": {"dealer": 0}}, "hands")):
        answer = json.loads(handle(json.dumps({"op": "analyse", "record": record, **bad})))
        assert answer["ok"] is False and answer["error"]["field"] == field


def test_reasons_agree_with_the_cards_and_the_points_given_up():
    from engine import parse_card
    from engine.core.cards import RANK_OF, SUIT_OF, TEN

    point_reasons = {
        "gives_up_jack": "jack",
        "loses_low": "low",
        "loses_game": "game",
        "gives_up_high": "high",
        "gives_up_high_draw": "high",
    }
    seen = set()
    for seed in range(20):
        deal = Deal.from_seed(Rules(), 500 + seed, seed % 2)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.play(rng.choice(list(deal.legal_plays())))
        trump = deal.trump
        for decision in analyse(record_of(deal), only=range(40, 52))["decisions"]:
            reason = decision["reason"]
            if reason is None:
                continue
            seen.add(reason)
            options = {option["card"]: option for option in decision["options"]}
            played, best = options[decision["played"]], options[decision["best"][0]]
            if reason in point_reasons:
                point = point_reasons[reason]
                assert best["points"][point] - played["points"][point] > 0.2, decision
            elif reason == "throws_away_ten":
                assert RANK_OF[parse_card(decision["played"])] == TEN
                assert best["points"]["game"] > played["points"]["game"]
            elif reason == "trumps_needlessly":
                assert SUIT_OF[parse_card(decision["played"])] == trump
                assert SUIT_OF[parse_card(best["card"])] != trump
            else:
                assert reason == "loses_points"
    assert {"gives_up_jack", "loses_game"} <= seen


def test_web_api_analyses_a_practice_match_records_finished_deal():
    from engine.surfaces.web_api import handle

    def ask(request: dict) -> dict:
        return json.loads(handle(json.dumps(request)))

    answer = ask({"op": "practice.new", "seed": 7, "level": "heuristic"})
    record = answer["record"]
    assert ask({"op": "analyse", "record": record})["error"]["field"] == "deal"
    while answer["state"]["waiting_for"] not in ("next_deal", "match_over"):
        if answer["state"]["waiting_for"] == "human":
            card = ask({"op": "practice.hint", "record": record, "samples": 1})["card"]
            answer = ask({"op": "practice.play", "record": record, "card": card})
        else:
            answer = ask({"op": "practice.bot", "record": record})
        record = answer["record"]
    analysed = ask({"op": "analyse", "record": record, "seat": 0, "samples": 1, "only": [50, 51]})
    assert analysed["ok"], analysed
    assert analysed["record"]["plays"] == record["deals"][0]
    assert analysed["record"]["scores_before"] == [0, 0]
    assert analysed["bands"] == {"value": list(VALUE_BANDS), "win_chance": list(WIN_BANDS)}
    assert all(d["exact"] and d["graded_by"] == "win_chance" for d in analysed["decisions"])


# ----- three players: the reasons speak of two opponents (issue 20, item 6) ---------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_three_player_reasons_speak_of_both_opponents(lang):
    from engine.surfaces.analysis_text import THREE_PLAYER_REASONS, reason_key

    catalogue = Catalogue(lang)
    english = Catalogue("en")
    for code in REASON_CODES:
        assert catalogue.text(reason_key(code, 3))
        assert reason_key(code, 2) == f"analysis.reasons.{code}"
    for code in THREE_PLAYER_REASONS:
        assert reason_key(code, 3) == f"analysis.reasons_three.{code}"
        assert "the opponent" not in english.text(reason_key(code, 3))
        assert catalogue.text(reason_key(code, 3)) != catalogue.text(reason_key(code, 2))
    help_three = catalogue.text("analysis.ui.help_three")
    for name in ("good", "inaccuracy", "mistake"):
        assert "{" + name + "}" in help_three, name


def test_the_analysis_words_a_three_player_reason_for_three_players():
    from engine.surfaces.analysis_text import THREE_PLAYER_REASONS
    from engine.surfaces.web_api import handle

    record = played_record(5, Rules.from_spec("shasta-sam"))
    request = {"op": "analyse", "record": record, "seat": 0, "samples": 2, "lang": "en"}
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"] and answer["players"] == 3
    worded = [d for d in answer["decisions"] if d["reason"]]
    assert any(d["reason"] in ("loses_low", "gives_up_high", "gives_up_high_draw") for d in worded)
    for decision in worded:
        three = decision["reason"] in THREE_PLAYER_REASONS
        group = "reasons_three" if three else "reasons"
        expected = Catalogue("en").text(f"analysis.{group}.{decision['reason']}")
        assert decision["reason_text"] == expected
        assert "the opponent" not in decision["reason_text"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_has_a_third_person_form_naming_the_seat_for_the_text_analysis(lang):
    """No reader sits at `analyse --text`: a reason told to "you" there spoke to nobody (issue 21)."""
    from engine.surfaces.analysis_text import reason_key

    catalogue = Catalogue(lang)
    reader_words = {
        "en": (" you", "your "),
        "pt": ("você",),
        "fr": ("vous", "votre", "vos "),
        "es": ("usted",),
        "it": (" puoi", " tuo", " tuoi", " ti ", "butti", "cedi", "lasci "),
    }[lang]
    for players in (2, 3):
        for code in REASON_CODES:
            key = reason_key(code, players, reader=False)
            assert key.startswith("analysis.reasons") and key.split(".")[1].endswith("_other")
            told = catalogue.text(key)
            assert not any(word in f" {told.lower()} " for word in reader_words), (players, code, told)
            assert "{" not in told


def test_the_text_analysis_tells_of_each_seat_in_the_third_person():
    from engine.surfaces.analysis_text import annotated_deal

    result = analyse(careless_record(33), samples=2, only=range(30, 52))
    worded = [d for d in result["decisions"] if d["reason"]]
    assert worded
    text = annotated_deal(result, "en")
    assert " you" not in text.lower() and "your " not in text.lower()
    three = analyse(played_record(5, Rules.from_spec("shasta-sam")), samples=2)
    assert [d for d in three["decisions"] if d["reason"]]
    assert "your " not in annotated_deal(three, "en").lower()


def test_low_given_up_is_told_as_lost_to_the_holder_under_low_by_holder():
    """Under Low by holder the two of trumps is never "won": the reason says where it ended up."""
    from engine.analysis.reasons import reason_for

    points = {"high": 0.0, "low": 0.0, "jack": 0.0, "game": 0.0, "nine": 0.0}
    for low, expected in (("capture", "loses_low"), ("holder", "loses_low_holder")):
        deal = Deal.from_seed(Rules(low=low), 7, 0)
        hand = sorted(deal.legal_plays())
        played = {"card": card_code(hand[0]), "points": {**points, "low": -1.0}}
        best = {"card": card_code(hand[1]), "points": {**points, "low": 1.0}}
        assert not deal.current_trick
        if card_code(hand[0])[0] == "T":  # a ten would be told as thrown away
            played["card"], best["card"] = best["card"], played["card"]
        assert reason_for(deal, played, best) == expected


# ----- explanations: lines as tricks, a reason per option, the grading rule in words -------------


def _flatten(tricks: list[dict]) -> list[str]:
    return [play["card"] for trick in tricks for play in trick["cards"]]


def test_lines_are_written_as_tricks_with_who_played_and_who_won():
    from engine.analysis.lines import line_tricks

    rng = random.Random(5)
    checked = 0
    while checked < 60:
        deal = random_endgame(rng, rng.randrange(1, 6))
        if deal.is_over:
            continue
        on_table = [card_code(card) for card in deal.current_trick]
        cards = []
        trial = deal.copy()
        for _ in range(rng.randrange(1, 12)):
            if trial.is_over:
                break
            card = rng.choice(list(trial.legal_plays()))
            trial.play(card)
            cards.append(card)
        tricks = line_tricks(deal, cards)
        # The first trick reads whole (the cards already on the table first), then the line.
        assert _flatten(tricks) == on_table + [card_code(card) for card in cards]
        first_number = len(deal.tricks) + 1
        assert [trick["number"] for trick in tricks] == list(range(first_number, first_number + len(tricks)))
        for trick in tricks:
            seats = [play["seat"] for play in trick["cards"]]
            assert seats == [(trick["leader"] + i) % deal.players for i in range(len(seats))]
            done = trick["number"] <= len(trial.tricks)
            if done:
                assert trick["winner"] == trial.tricks[trick["number"] - 1].winner
            else:  # the line stopped inside this trick
                assert trick is tricks[-1] and trick["winner"] is None
        checked += 1
    assert line_tricks(deal, []) == []


def test_every_option_says_why_it_is_worse_than_the_best_and_better_than_the_card_played():
    for seed in (30, 33, 49):
        record = careless_record(seed)
        for decision in analyse(record, seat=0, only=range(36, 52))["decisions"]:
            values = {o["card"]: o["value"] for o in decision["options"]}
            played = values[decision["played"]]
            for option in decision["options"]:
                if option["card"] in decision["best"]:
                    assert option["reason"] is None
                else:
                    assert option["reason"] in REASON_CODES
                if option["value"] > played + 1e-9:
                    assert option["advantage"] in REASON_CODES
                else:
                    assert option["advantage"] is None
                if decision["exact"]:
                    # The option and its optimal line, trick by trick.
                    whole = [option["card"], *option["line"]]
                    assert _flatten(option["tricks"])[-len(whole) :] == whole
                    assert option["tricks"][-1]["winner"] is not None  # to the end of the deal
                else:
                    assert "tricks" not in option
            # For a card graded below good, the best card's advantage is the decision's reason.
            if decision["reason"] is not None:
                best = next(o for o in decision["options"] if o["card"] == decision["best"][0])
                assert best["advantage"] == decision["reason"]


def careless_record(seed: int) -> dict:
    """A finished deal in which seat 0 plays random legal cards against the heuristic bot."""
    from engine.ai.heuristic import HeuristicBot

    deal = Deal.from_seed(Rules(), seed, 1)
    rng = random.Random(seed)
    bot = HeuristicBot()
    while not deal.is_over:
        seat = deal.to_move
        deal.play(rng.choice(list(deal.legal_plays())) if seat == 0 else bot.choose(deal.view(seat)))
    return record_of(deal)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_has_its_advantage_and_every_line_sentence_in_every_language(lang):
    catalogue, english = Catalogue(lang), Catalogue("en")
    for code in REASON_CODES:
        text = catalogue.text(f"analysis.advantages.{code}")
        assert text and (lang == "en" or text != english.text(f"analysis.advantages.{code}"))

    # A card may be named in one of its forms ({first.the}): any form of the placeholder counts.
    def names(key: str) -> set[str]:
        return {match[1] for match in PLACEHOLDER.finditer(catalogue.text(f"analysis.line.{key}"))}

    for key in ("you_first_won", "you_first_lost", "other_first_won", "other_first_lost"):
        assert {"n", "first", "second", "player"} <= names(key), key
    for key in ("you_first_open", "other_first_open"):
        assert "first" in names(key), key
    assert "{player}" not in catalogue.text("analysis.ui.decision_you")
    for form in ("one", "other"):
        value = catalogue.text(f"analysis.ui.graded_by_value_{form}")
        assert all("{" + name + "}" in value for name in ("loss", "good", "inaccuracy", "mistake"))
    chance = catalogue.text("analysis.ui.graded_by_win_chance")
    names = ("played", "best", "win_good", "win_inaccuracy", "win_mistake")
    assert all("{" + name + "}" in chance for name in names)


def test_the_text_says_which_rule_graded_each_card_with_the_scale_in_use():
    from engine.surfaces.analysis_text import annotated_deal

    catalogue = Catalogue("en")
    by_value = catalogue.text("analysis.ui.graded_by_value_other").split(":")[0]
    by_chance = catalogue.text("analysis.ui.graded_by_win_chance").split(":")[0]
    for scores, rule in ((None, by_value), ([8, 9], by_chance)):
        record = careless_record(33)
        if scores is not None:
            record["scores_before"] = scores
        result = analyse(record, samples=2, only=range(30, 52))
        text = annotated_deal(result, "en")
        graded = [d for d in result["decisions"] if d["grade"] != "best"]
        assert graded
        # One sentence per card that is not the best, naming the rule that graded it.
        assert text.count(rule) == len(graded)
        assert {d["graded_by"] for d in graded} == {"value" if scores is None else "win_chance"}
        assert "Loss:" not in text


def test_the_text_writes_a_loss_and_its_bands_alike_in_the_losss_plural_and_counts_grades_in_theirs():
    """ "1,00 ponto(s) … até 0,5": the loss and the bands it is measured against are written with
    the same decimals, the Portuguese noun agrees with the loss, and the summary counts each
    grade in its plural form ("2 erros", not "erro: 2") (issue 21)."""
    import re

    from engine.surfaces.analysis_text import annotated_deal

    result = analyse(careless_record(33), samples=2, only=range(30, 52))
    text = annotated_deal(result, "pt")
    catalogue = Catalogue("pt")
    head = catalogue.text("analysis.ui.graded_by_value_other").split(":")[0]
    graded = [line.strip() for line in text.splitlines() if line.strip().startswith(head)]
    assert graded and all("(s)" not in line for line in graded)
    for line in graded:
        numbers = re.findall(r"\d+(?:,\d+)?", line)
        assert len(numbers) == 4 and all(re.fullmatch(r"\d+,\d\d", n) for n in numbers), line
    assert "1,00 ponto menor" in text or "2,00 pontos menor" in text
    for seat, counts in result["summary"].items():
        player = catalogue.text("seats.seat", letter="AB"[int(seat)])
        line = next(line for line in text.splitlines() if line.startswith(player))
        tally = (catalogue.count(f"analysis.counts.{grade}", n) for grade, n in counts.items())
        assert line.endswith(" · ".join(tally))
    assert catalogue.text("analysis.grades.mistake") + ":" not in text


def test_the_best_cards_are_named_in_one_sentence_with_the_plural_when_several_tie():
    """ "The best card here: 8♦, 9♦." read wrong: several tied best cards take the plural and
    the language's "a and b"."""
    from engine.surfaces.analysis_text import annotated_deal

    catalogue = Catalogue("en")
    record = careless_record(33)
    result = analyse(record, samples=2, only=range(30, 52))
    text = annotated_deal(result, "en")
    graded = [d for d in result["decisions"] if d["grade"] != "best"]
    for decision in graded:
        best = [catalogue.card(card) for card in decision["best"]]
        assert catalogue.count("analysis.ui.shown", len(best), cards=catalogue.series(best)) in text
    assert any(len(d["best"]) > 1 for d in graded), "the record should have a tie for best"
    assert "The best cards here:" in text and ", " not in text.split("The best cards here:")[1].split("\n")[0]


def test_each_option_of_a_three_player_review_speaks_of_both_opponents():
    """Find a better card told a three-player reader of "your opponent" in an option's reason
    and advantage: each option carries its keys for the table (issue 21)."""
    from engine.surfaces.analysis_text import THREE_PLAYER_REASONS
    from engine.surfaces.web_api import handle

    record = played_record(5, Rules.from_spec("shasta-sam"))
    request = {"op": "analyse", "record": record, "seat": 0, "samples": 2, "lang": "en"}
    answer = json.loads(handle(json.dumps(request)))
    options = [option for decision in answer["decisions"] for option in decision["options"]]
    worded = [o for o in options if o.get("advantage") in THREE_PLAYER_REASONS]
    assert worded and any(o.get("reason") in THREE_PLAYER_REASONS for o in options)
    english = Catalogue("en")
    for option in options:
        pairs = (
            (option.get("reason"), option["reason_key"]),
            (option.get("advantage"), option["advantage_key"]),
        )
        for code, key in pairs:
            if code is None:
                assert key is None
                continue
            text = english.text(key)
            assert "your opponent " not in text and "your opponent’s" not in text, (code, text)


def test_high_given_up_after_a_trick_the_card_wins_does_not_say_the_trick_was_let_go():
    """A newcomer won a trick and the Coach said High came "after a trick you let go": the
    reason worded the loss as the current trick's, whatever the card did to that trick."""
    from engine.analysis.reasons import reason_for
    from engine.core.cards import CARD_VALUE, SUIT_OF, card_code
    from engine.core.tricks import beating_masks

    # A position with no card pattern in the way: the reader follows suit to win or lose the
    # trick, and the stock's top card (after a first trick: the turn-up is a trump) is worth
    # nothing to fight for.
    positions = ((seed, lead) for seed in range(40) for lead in range(6))
    for seed, lead in positions:
        deal = Deal.from_seed(Rules(), seed, 0)
        deal.play(min(deal.legal_plays()))
        deal.play(min(deal.legal_plays()))
        if deal.to_move != 1:
            continue
        deal.play(sorted(deal.legal_plays())[lead])
        led = deal.current_trick[0]
        beats = beating_masks(deal.trump)[led]
        legal = [card for card in deal.legal_plays() if SUIT_OF[card] == SUIT_OF[led] != deal.trump]
        winners = [card for card in legal if beats >> card & 1]
        losers = [card for card in legal if not beats >> card & 1]
        top = deal.stock_top
        if winners and losers and SUIT_OF[top] != deal.trump and CARD_VALUE[top] < 4:
            break
    else:
        raise AssertionError("no position where the reader may win or lose the trick")
    kept = {"high": 1.0, "low": 0.0, "jack": 0.0, "game": 0.0}
    lost = {**kept, "high": -1.0}
    win, lose = card_code(winners[0]), card_code(losers[0])
    won_trick = reason_for(deal, {"card": win, "points": lost}, {"card": lose, "points": kept})
    let_go = reason_for(deal, {"card": lose, "points": lost}, {"card": win, "points": kept})
    assert won_trick == "gives_up_high_draw"
    assert let_go == "gives_up_high"
    english = Catalogue("en")
    assert "let go" not in english.text(f"analysis.reasons.{won_trick}")
    assert "let go" in english.text(f"analysis.reasons.{let_go}")
    # A lead cannot have let a trick go either.
    deal = Deal.from_seed(Rules(), seed, 0)
    first, second = sorted(deal.legal_plays())[:2]
    lead_row = {"card": card_code(first), "points": lost}
    assert reason_for(deal, lead_row, {"card": card_code(second), "points": kept}) == "gives_up_high_draw"
