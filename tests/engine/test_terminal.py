"""`python -m engine play`: a whole match through the terminal UI, in two languages."""

from __future__ import annotations

import json
import re

import pytest

from engine import Rules, card_code, parse_card
from engine.core.cards import RANKS, SUITS
from engine.surfaces.catalogue import LANGUAGES, LOCALES, Catalogue
from engine.surfaces.terminal import TerminalGame


def typed(card: int) -> str:
    """A card as a reader copies it from the hand on screen ("10♥"): the same in every language."""
    return Catalogue("en").card(card_code(card))


def _scripted_game(lang: str, first_answers: list[str], seed: int = 5):
    out: list[str] = []
    answers = list(first_answers)
    game = None

    def read(prompt: str) -> str:
        if answers:
            return answers.pop(0)
        deal = game.match.deal
        return typed(next(iter(deal.legal_plays())))

    game = TerminalGame(lang, Rules.preset("standard"), "heuristic", seed=seed, read=read, write=out.append)
    return game, out


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_whole_match_ends_with_a_winner_in_the_chosen_language(lang):
    game, out = _scripted_game(lang, [])
    assert game.run() == 0
    catalogue = Catalogue(lang)
    if game.match.winner == 0:  # the human: told in the second person
        assert out[-1] == catalogue.text("ui.wins_match_you")
    else:
        winner = catalogue.text("seats.in_text.computer")
        assert out[-1] == catalogue.text("ui.wins_match_other", player=winner)
    assert max(game.match.scores) >= game.match.rules.target
    assert any(catalogue.text("ui.deal_points") in line for line in out)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_labels_are_spaced_as_the_language_wants_and_an_empty_stock_is_said_once(lang):
    """French puts a narrow no-break space before the colon of every label ("Atout : K♦"),
    English none ("Trump: K♦"); a played-out stock is "the stock is empty", not also "0 cards left"."""
    game, out = _scripted_game(lang, [])
    assert game.run() == 0
    text = "\n".join(out)
    if lang == "fr":
        assert re.findall(r".{0,20}(?<!\u202f)[:;?!]", text) == []
    else:
        assert "\u202f" not in text and f"{Catalogue(lang).text('ui.hand')}: " in text
    empty = Catalogue(lang).text("ui.stock_empty")
    assert any(line.endswith(empty) for line in out)
    assert not any(f"{empty} (" in line for line in out)


def test_bad_and_illegal_input_is_explained_and_changes_nothing():
    game, out = _scripted_game("pt", ["zz"])
    game.match.start_deal()
    deal = game.match.deal
    before = deal.state_key()
    # Not a card: the catalogue's message, in Portuguese, and the deal untouched.
    card = game._human_card(deal) if deal.to_move == 0 else None
    assert any("não é uma carta" in line for line in out)
    assert card is None or deal.is_legal(card)
    assert deal.state_key() == before


def test_every_catalogue_has_the_terminal_keys():
    for path in LOCALES.glob("*.json"):
        tree = json.loads(path.read_text(encoding="utf-8"))
        assert "not_a_card" in tree["errors"], path.name


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_an_empty_stock_is_named_without_a_count_of_zero(lang):
    # pt puts 0 in CLDR's "one": a count would print "Resta 0 carta". The site's table says
    # "the stock is empty" instead; the terminal does the same.
    game, out = _scripted_game(lang, [])
    game.run()
    catalogue = Catalogue(lang)
    shown = [line for line in out if catalogue.text("ui.current_trick") in line]
    assert any(line.endswith(catalogue.text("ui.stock_empty")) for line in shown)
    assert not any(f"({catalogue.count('ui.cards_left', 0)})" in line for line in shown)
    assert any(f"({catalogue.count('ui.cards_left', 40)})" in line for line in shown)


@pytest.mark.parametrize("typed", ["q", "Q", "quit"])
def test_q_leaves_the_match_at_once_and_the_hint_says_so(typed):
    """Reviewers typed q to stop and were told it is not a card: it now quits, exit 0."""
    game, out = _scripted_game("es", [typed])
    assert game.run() == 0
    assert out[0] == Catalogue("es").text("ui.type_card_or_quit")
    assert not game.match.is_over and not any("no es una carta" in line for line in out)


def test_the_three_player_stocks_last_card_is_shown_out_of_play_not_as_its_top():
    """Three players: the one card left after the last draw is never drawn, so the terminal
    says it is out of play instead of offering it as the top of a one-card stock."""
    out: list[str] = []
    game = None

    def read(prompt: str) -> str:
        return typed(next(iter(game.match.deal.legal_plays())))

    game = TerminalGame("it", Rules.preset("shasta-sam"), "heuristic", seed=3, read=read, write=out.append)
    assert game.run() == 0
    catalogue = Catalogue("it")
    assert not any(catalogue.count("ui.cards_left", 1) in line for line in out)
    prefix = catalogue.text("examples.out_of_play", card="").strip()
    assert any(prefix in line for line in out)


def test_seats_are_named_as_the_table_names_them_and_points_after_the_win_are_not_counted():
    """The reader is "You" and the opponent "Computer" in every line, as on the practice
    table (never "Player A"); a point scored after the match was won is marked not counted."""
    catalogue = Catalogue("en")
    not_counted = catalogue.text("practice.not_counted")
    marked = 0
    for seed in range(1, 9):
        game, out = _scripted_game("en", [], seed=seed)
        assert game.run() == 0
        text = "\n".join(out)
        assert catalogue.text("seats.seat", letter="A") not in text
        scores = [line for line in out if line.startswith("Score")]
        score_line = r"Score: \d+ for you and \d+ for the computer"
        assert scores and all(re.fullmatch(score_line, line) for line in scores)
        marked += text.count(not_counted)
        # "Trump: diamonds (Q♦)": the suit, then the card that fixed it.
        trump = catalogue.text("ui.trump")
        deals = [line for line in out if f" · {trump}: " in line]
        suit_then_card = rf"{trump}: (spades|hearts|diamonds|clubs) \(.+\)$"
        assert deals and all(re.search(suit_then_card, line) for line in deals)
    assert marked, "no seed ended its match with a point after the winning one"



@pytest.mark.parametrize(("lang", "two", "three"), [
    ("en", "Score: 2 for you and 1 for the computer",
     "Score: 2 for you, 1 for Computer 1 and 0 for Computer 2"),
    ("pt", "Placar: 2 para você e 1 para o computador",
     "Placar: 2 para você, 1 para o computador 1 e 0 para o computador 2"),
    ("fr", "Score\u202f: 2 pour vous et 1 pour l’ordinateur",
     "Score\u202f: 2 pour vous, 1 pour l’ordinateur 1 et 0 pour l’ordinateur 2"),
    ("es", "Marcador: 2 para usted y 1 para el ordenador",
     "Marcador: 2 para usted, 1 para el ordenador 1 y 0 para el ordenador 2"),
    ("it", "Punteggio: 2 per te e 1 per il computer",
     "Punteggio: 2 per te, 1 per il computer 1 e 0 per il computer 2"),
])
def test_the_score_line_is_one_sentence_in_the_language(lang, two, three):
    """"Marcador: Usted: 2 · Ordenador: 1" glued a label to labels; the line is now the
    language's template (`ui.score_line`) around each seat's share, told of that seat."""
    from engine.surfaces.terminal import _score_line

    catalogue = Catalogue(lang)
    assert _score_line(catalogue, [2, 1], 2) == two
    assert _score_line(catalogue, [2, 1, 0], 3) == three


def test_three_player_game_values_name_each_seat():
    """"against 11 and 27" did not say whose was whose with three players: each other value
    is named as the score lines name the seat (`ui.seat_value`: "6 (Computador 1)"), the reader as
    running text names them ("6 (você)", `seats.in_text.you`), never the capitalised label (issue 21)."""
    out: list[str] = []
    game = None

    def read(prompt: str) -> str:
        return typed(next(iter(game.match.deal.legal_plays())))

    game = TerminalGame("pt", Rules.preset("shasta-sam"), "heuristic", seed=3, read=read, write=out.append)
    assert game.run() == 0
    catalogue = Catalogue("pt")
    names = [catalogue.text("seats.in_text.you")] + [catalogue.text("seats.computer_n", n=n) for n in (1, 2)]
    named = [catalogue.text("ui.seat_value", value="", seat=name).strip() for name in names]
    # The Game reasons that compare values (a tie names one value only).
    tie = catalogue.text("reasons.game_tie", value="").split(",")[0]
    game_lines = [line for line in out if line.startswith(f"  {catalogue.text('points.game')}:")]
    compared = [line for line in game_lines if tie not in line]
    assert compared and all(sum(name in line for name in named) == 2 for line in compared), compared
    label = catalogue.text("ui.seat_value", value="", seat=catalogue.text("seats.you")).strip()
    assert not any(label in line for line in game_lines), game_lines


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_a_point_name_opening_a_label_or_a_message_is_capitalised(lang):
    """pt and es write the Shasta point lower-case mid-sentence ("ponto Shasta"); at the head
    of a label or a message it takes its capital, by one helper (issue 21)."""
    from engine.surfaces.catalogue import fill

    catalogue = Catalogue(lang)
    name = catalogue.text("points.nine")
    assert name[0].islower()
    assert catalogue.point_label("nine") == name[0].upper() + name[1:]
    step = catalogue.text("practice.count_out_step", point=name, player="B", score=3)
    assert step.startswith(catalogue.point_label("nine"))
    assert fill("{points}, {player}", points=name, player="b") == f"{catalogue.point_label('nine')}, b"


# Each language's own suit letters (`suits.<S>.letter`), in the engine's order S H D C: the
# letters the terminal reads and its messages name. A lead's UI decision, so a change to a
# catalogue's letter is a change to this table too.
SUIT_LETTERS = {"en": "SHDC", "pt": "ECOP", "fr": "PCKT", "es": "PCDT", "it": "PCQF"}
# The English letters that mean another suit in the language, and the suit they mean there.
CLASHES = {"en": {}, "pt": {"C": "H"}, "fr": {"C": "H"}, "es": {"C": "H"}, "it": {"C": "H"}}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reader_types_every_card_with_the_suit_letters_of_the_language(lang):
    """Portuguese C is copas (hearts), but the engine's C is clubs: "10C" once played the ten of
    clubs for a reader who meant copas, then was refused as ambiguous. The language's letters
    win: every card reads with them, with the suit's symbol, and with the English letters that
    name no other suit in the language; an English letter that does (C) means the language's suit."""
    catalogue = Catalogue(lang)
    own = dict(zip(SUITS, SUIT_LETTERS[lang], strict=True))
    assert {suit: catalogue.text(f"suits.{suit}.letter") for suit in SUITS} == own
    english = [letter for letter in SUITS if letter not in own.values()]  # the ones the language leaves free
    clashes = {letter: suit for suit, letter in own.items() if letter in SUITS and letter != suit}
    assert clashes == CLASHES[lang]
    for suit in SUITS:
        symbol = catalogue.text(f"suits.{suit}.symbol")
        spellings = {own[suit], own[suit].lower(), symbol, symbol + "\ufe0f"}
        if suit in english:
            spellings |= {suit, suit.lower()}
        for rank in [*RANKS, "10"]:
            card = parse_card(rank + suit)
            for spelling in spellings:
                for typed_rank in {rank, rank.lower()}:
                    assert catalogue.read_card(f" {typed_rank}{spelling} ") == card, (typed_rank, spelling)
    for letter, meant in CLASHES[lang].items():
        for rank in [*RANKS, "10"]:
            assert catalogue.read_card(rank + letter) == parse_card(rank + meant)
            assert catalogue.read_card(rank + letter.lower()) == parse_card(rank + meant)
    for bad in ("1Z", "10", "Z", "", "10X", "11" + own["S"], "♠"):
        with pytest.raises(ValueError):
            catalogue.read_card(bad)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_prompt_and_the_not_a_card_message_name_the_letters_of_the_language(lang):
    """The prompt's examples are one card of each suit, typed with the language's letter and
    named as the language names it ("10C (dez de copas)"); the message for what is not a card
    names each letter with its suit ("C copas"), and no clashing English letter with its own."""
    catalogue = Catalogue(lang)
    prompt = catalogue.text("ui.type_card_or_quit")
    examples = re.findall(r"\b(10|[2-9AKQJ])([A-Z])\b", prompt)
    assert sorted(letter for _, letter in examples) == sorted(SUIT_LETTERS[lang]), prompt
    for rank, letter in examples:
        card = catalogue.read_card(rank + letter)
        assert f"{rank}{letter} ({catalogue.card_name(card_code(card))})" in prompt, prompt
    message = catalogue.text("errors.not_a_card", text="zz")
    for suit, letter in zip(SUITS, SUIT_LETTERS[lang], strict=True):
        assert f"{letter} {catalogue.text(f'suits.{suit}.name')}" in message, message
    for letter in CLASHES[lang]:
        assert f"{letter} {catalogue.text(f'suits.{letter}.name')}" not in message, message
    # Its examples are cards in this language's letters and with a symbol.
    examples = re.findall(r"\b10[A-Z♠♥♦♣]", message)
    assert examples and all(catalogue.read_card(example) == parse_card("TH") for example in examples), message


def test_a_portuguese_reader_who_types_c_plays_copas():
    """In a match, a card typed with the language's letters is the card played: every heart the
    reader plays is typed with C (copas), every club with P (paus)."""
    out: list[str] = []
    typed_as: list[tuple[str, int]] = []
    game = None
    catalogue = Catalogue("pt")
    letters = dict(zip(SUITS, SUIT_LETTERS["pt"], strict=True))
    you_play = catalogue.text("ui.plays_you", card="")

    def read(prompt: str) -> str:
        # Asked again without the last card played: it was refused (the message is the last line).
        assert sum(line.startswith(you_play) for line in out) == len(typed_as), out[-1]
        legal = sorted(game.match.deal.legal_plays(), key=lambda card: card_code(card)[1] != "H")
        card = legal[0]
        code = card_code(card)
        text = ("10" if code[0] == "T" else code[0]) + letters[code[1]]
        typed_as.append((text, card))
        return text

    game = TerminalGame("pt", Rules.preset("standard"), "heuristic", seed=5, read=read, write=out.append)
    assert game.run() == 0
    played = [line for line in out if line.startswith(you_play)]
    assert len(played) == len(typed_as)
    for line, (_, card) in zip(played, typed_as, strict=True):
        assert line == catalogue.text("ui.plays_you", card=catalogue.card(card_code(card)))
    assert any(text.endswith("C") and card_code(card)[1] == "H" for text, card in typed_as)
    assert any(text.endswith("P") and card_code(card)[1] == "C" for text, card in typed_as)


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_the_stock_count_reads_as_the_middle_of_a_line_where_the_terminal_puts_it(lang):
    """"Carta superior del mazo: 7♦ (Quedan 40 cartas)": the count stands after a card or a
    colon, so it is written as mid-sentence text; the table, where it stands alone, capitalises
    it (table.js, stepper.js) (issue 21)."""
    game, out = _scripted_game(lang, [])
    assert game.run() == 0
    catalogue = Catalogue(lang)
    left = catalogue.count("ui.cards_left", 40)
    assert left[0].islower()
    assert any(f"({left})" in line for line in out)


def test_game_values_name_the_other_seats_only_when_there_are_two_of_them():
    from engine.surfaces.catalogue import card_value_params

    catalogue = Catalogue("en")

    def named(seat: int, value: int) -> str:
        return catalogue.text("ui.seat_value", seat="ABC"[seat], value=value)

    assert card_value_params([30, 50], catalogue.series, named)["others"] == "30"
    three = card_value_params([11, 42, 27], catalogue.series, named)
    assert three == {"value": "42", "others": "11 (A) and 27 (C)", "total": "80"}
