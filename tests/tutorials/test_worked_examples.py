"""The worked examples (tutorials/*.toml): replayed by the engine, checked, translated, rendered.

Every test here can fail: the checker tests corrupt a copy of a real example and assert the
disagreement is reported, naming the file and the place.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import worked_examples_render as render
import yaml
from toml_copies import TUTORIALS, write_copy
from worked_examples_strings import Catalogue

import engine
from engine.content.anchors import Anchor
from engine.content.examples import Example, check_examples
from engine.content.placeholders import Context, Unresolved, resolve
from engine.content.replay import replay, value_cards
from engine.content.texts import text_places
from engine.surfaces.catalogue import LANGUAGES
from engine.surfaces.catalogue import Catalogue as SurfaceCatalogue

ROOT = Path(__file__).resolve().parents[2]
REPORT = check_examples(TUTORIALS)
EXAMPLES = REPORT.examples
SLUGS = [ex.slug for ex in EXAMPLES]
CATALOGUES = {lang: Catalogue(lang) for lang in LANGUAGES}


def fresh(slug: str) -> Example:
    return next(ex for ex in check_examples(TUTORIALS, only=f"{slug}.toml").examples)


def has(problems: list[str], start: str, *words: str) -> bool:
    """Some problem begins with `start` (its file and place) and says every one of `words`."""
    return any(p.startswith(start) and all(word in p for word in words) for p in problems)


def problems_of(tmp_path: Path, slug: str, change) -> list[str]:
    write_copy(tmp_path, slug, change)
    return [str(problem) for problem in check_examples(tmp_path).problems]


# ----- the set of examples ------------------------------------------------------------------


def test_required_and_enough_examples():
    assert "hearts-trump" in SLUGS and "count-29" in SLUGS
    assert len(SLUGS) >= 10, "the issue asks for the two required examples and at least eight more"
    orders = [ex.data["order"] for ex in EXAMPLES]
    assert len(set(orders)) == len(orders), "two examples share an order"
    assert len(set(SLUGS)) == len(SLUGS)


@pytest.mark.parametrize("slug", SLUGS)
def test_example_replays_and_every_expectation_holds(slug):
    example = fresh(slug)
    assert [str(p) for p in REPORT.problems if p.file == f"{slug}.toml"] == []
    result = engine.replay(copy.deepcopy(example.data["record"]))
    assert result["error"] is None, result["error"]
    assert example.data["expect"], "an example must expect something of the engine"
    if result["complete"]:
        for key in ("points", "game_values", "scores_after", "winner"):
            assert key in example.data["expect"], f"a complete deal must expect {key}"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_text_exists_in_all_five_languages(slug):
    example = fresh(slug)
    count = 0
    for text in text_places(example):
        if text.texts is None and text.optional:
            continue
        texts = text.texts
        assert isinstance(texts, dict), text.place
        assert set(texts) == set(LANGUAGES), f"{slug}: {text.place} has {sorted(texts)}"
        for lang in LANGUAGES:
            assert str(texts[lang]).strip(), f"{slug}: {text.place} is empty in {lang}"
        count += 1
    assert count >= 4


def test_hearts_trump_is_the_rules_md_deal():
    record = fresh("hearts-trump").data["record"]
    result = engine.replay(copy.deepcopy(record))
    first = result["tricks"][0]
    assert record["stock"][0] == "JH" and record["stock"][1] == "QD"
    assert first["leader"] == 0 and first["cards"] == ["7C", "2H"] and first["winner"] == 1
    assert first["draws"] == [{"seat": 1, "card": "JH"}, {"seat": 0, "card": "QD"}]
    assert not any(card.endswith("C") for card in record["hands"][1]), "B has no club"
    assert result["complete"] and result["trump"] == "H"
    assert result["points"]["low"] == 1, "the deal ends with Low for B"


def test_count_29_is_two_tens_an_ace_a_king_and_a_queen():
    example = fresh("count-29")
    rep = replay(example.data["record"])
    assert rep.complete
    values = rep.result["game_values"]
    small = values.index(min(values))
    ranks = sorted(code[0] for code in value_cards(rep, small))
    assert ranks == sorted("TTAKQ")
    assert sorted(values) == [29, 51]
    assert rep.result["points"]["game"] == 1 - small


# ----- the checker fails when text and engine disagree ---------------------------------------


def test_checker_reports_a_wrong_point(tmp_path):
    problems = problems_of(tmp_path, "hearts-trump", lambda d: d["expect"]["points"].update(low=0))
    assert "hearts-trump.toml: expect.points.low: the example says 0, the engine says 1" in problems, problems


def test_checker_reports_a_wrong_trick_winner_and_draw(tmp_path):
    def change(data):
        data["expect"]["tricks"]["1"]["winner"] = 0
        data["expect"]["tricks"]["1"]["draws"] = [[0, "JH"], [1, "QD"]]

    problems = problems_of(tmp_path, "hearts-trump", change)
    assert has(problems, "hearts-trump.toml: expect.tricks.1.winner: "), problems
    assert has(problems, "hearts-trump.toml: expect.tricks.1.draws: "), problems


def test_checker_reports_wrong_game_values_and_match_winner(tmp_path):
    def change(data):
        data["expect"]["game_values"] = [29, 51]
        data["expect"]["winner"] = 0

    problems = problems_of(tmp_path, "count-29", lambda d: d["expect"].update(game_values=[51, 29], winner=1))
    assert has(problems, "count-29.toml: expect.game_values: "), problems
    assert has(problems, "count-29.toml: expect.winner: the example says 1"), problems
    assert problems_of(tmp_path, "count-out-race", change)


def test_checker_reports_a_shown_mistake_the_engine_allows_or_refuses_differently(tmp_path):
    def legal_as_mistake(data):
        data["quiz"][0]["illegal"][0]["card"] = "9H"  # a trump: legal for B

    problems = problems_of(tmp_path, "hearts-trump", legal_as_mistake)
    assert has(problems, "hearts-trump.toml: quiz[0].illegal[0]: ", "is legal"), problems

    def wrong_code(data):
        data["quiz"][0]["illegal"][0]["error"] = "must_follow_suit"

    problems = problems_of(tmp_path, "hearts-trump", wrong_code)
    assert any("refused with must_trump" in p for p in problems), problems

    def illegal_as_other(data):
        data["quiz"][0]["other"][0]["card"] = "KD"

    problems = problems_of(tmp_path, "hearts-trump", illegal_as_other)
    assert has(problems, "hearts-trump.toml: quiz[0].other[0].card: ", "not legal"), problems


def test_checker_reports_a_wrong_alternative(tmp_path):
    problems = problems_of(
        tmp_path, "low-capture-vs-holder", lambda d: d["alternatives"][0]["expect"]["points"].update(low=0)
    )
    assert has(problems, "low-capture-vs-holder.toml: alternatives[0].expect.points.low: "), problems


def test_checker_reports_a_changed_play(tmp_path):
    # Swapping B's first card for a different trump changes who holds the two: the text is stale.
    def change(data):
        plays = data["record"]["plays"]
        plays[1] = "9H"
        plays[25] = "2H"

    problems = problems_of(tmp_path, "hearts-trump", change)
    assert problems, "a different deal must not pass the old expectations"


def test_unresolvable_placeholders_name_file_annotation_and_language(tmp_path):
    def change(data):
        data["annotations"][0]["text"]["fr"] += " {trick.30.winner}"
        data["annotations"][1]["text"]["it"] += " {no_such_thing}"

    problems = problems_of(tmp_path, "hearts-trump", change)
    assert has(problems, "hearts-trump.toml: annotations[0].text.fr: trick 30"), problems
    assert has(problems, "hearts-trump.toml: annotations[1].text.it: ", "no_such_thing"), problems


def test_a_card_form_on_what_is_no_card_is_named(tmp_path):
    problems = problems_of(
        tmp_path, "hearts-trump", lambda d: d["annotations"][0]["text"].update(fr="{dealer.the}")
    )
    assert has(problems, "hearts-trump.toml: annotations[0].text.fr: ", "{dealer.the}", "one card"), problems


def test_points_cannot_be_mentioned_in_a_partial_deal(tmp_path):
    problems = problems_of(
        tmp_path, "follow-or-trump", lambda d: d["annotations"][0]["text"].update(en="{points.low}")
    )
    assert has(problems, "follow-or-trump.toml: annotations[0].text.en: ", "complete deal"), problems


def test_a_missing_translation_is_reported(tmp_path):
    problems = problems_of(tmp_path, "count-29", lambda d: d["annotations"][2]["text"].pop("pt"))
    assert "count-29.toml: annotations[2].text: no text in pt" in problems, problems


def test_the_build_stops_on_a_disagreement(tmp_path):
    import worked_examples as hook
    from mkdocs.exceptions import PluginError

    for slug in ("hearts-trump", "count-29"):
        shutil.copy(TUTORIALS / f"{slug}.toml", tmp_path)
    write_copy(tmp_path, "count-29", lambda d: d["expect"].update(game_values=[30, 50]))
    with pytest.raises(PluginError, match=r"count-29\.toml: expect\.game_values"):
        hook.load_checked(tmp_path)


# ----- placeholders resolve against the replay ----------------------------------------------


def text_of(slug: str, text: str, anchor: str | None = None, lang: str = "en") -> str:
    example = fresh(slug)
    rep = replay(example.data["record"], example.narrator)
    ctx = Context(rep, Anchor.parse(anchor) if anchor else None)
    return resolve(text, ctx, render.Formatter(CATALOGUES[lang]))


def test_placeholders_resolve_against_the_replay():
    result = engine.replay(copy.deepcopy(fresh("hearts-trump").data["record"]))
    seat = "AB"[result["tricks"][0]["winner"]]
    assert text_of("hearts-trump", "{trick.1.winner}") == seat == "B"
    assert text_of("hearts-trump", "{winner} won trick {trick}", "trick 1") == "B won trick 1"
    assert text_of("hearts-trump", "{player} {card}", "play 1") == "B 2♥"
    assert text_of("hearts-trump", "{trick.1.draws}") == "B draws J♥, A draws Q♦"
    assert text_of("hearts-trump", "{points.low}") == "AB"[result["points"]["low"]]
    assert text_of("hearts-trump", "{stock.top}", "draws 1") == "J♦"
    assert text_of("count-29", "{value_sum.A}") == "10 + 10 + 4 + 3 + 2 = 29"
    assert text_of("count-29", "{game_values}") == "A 29 – B 51"
    assert text_of("game-tie-40-40", "{points.game}") == "no one"
    assert text_of("game-tie-40-40", "{points.game}", lang="fr") == CATALOGUES["fr"].ex("no_one")
    assert text_of("hearts-trump", "{trump}", lang="it") == CATALOGUES["it"].suit_name("H")
    assert text_of("shasta-sam-three-hands", "{trick.1.draws}").count("draws") == 3


def test_a_card_placeholder_takes_the_catalogues_card_forms():
    """`{trump_card.the}` names the card with its rank's article, as `{card.the}` does in the
    catalogues: the narration says "B joue le 2♥", "la Q♦", "l’A♥", never a bare chip."""
    assert text_of("hearts-trump", "{player} joue {card.the}", "play 1", lang="fr") == "B joue le 2♥"
    assert text_of("hearts-trump", "{trick.1.draw.1.The}", lang="fr") == "La Q♦"
    assert text_of("hearts-trump", "{card:AH.of_the}", lang="fr") == "de l’A♥"
    assert text_of("hearts-trump", "{trump_card.to_the}", lang="es") == "a la J♥"
    assert text_of("hearts-trump", "{stock.top.the}", "draws 1") == "the J♦"
    for not_one_card in ("{trick.1.winner.the}", "{trick.1.cards.the}", "{trump.The}"):
        with pytest.raises(Unresolved, match="one card"):
            text_of("hearts-trump", not_one_card)


# ----- the rendered pages ---------------------------------------------------------------------


def build_all(lang: str) -> dict[str, tuple[str, str | None]]:
    import worked_examples as hook

    examples = hook.load_checked(TUTORIALS)
    return hook.build_pages(lang, examples)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rendered_pages_carry_the_engine_facts(lang):
    cat = CATALOGUES[lang]
    pages = build_all(lang)
    index = pages["index.md"][0]
    positions = [index.index(f"({slug}.md)") for slug in SLUGS]
    assert positions == sorted(positions), "the index lists the examples in order"
    for example in EXAMPLES:
        markdown, script = pages[f"{example.slug}.md"]
        result = engine.replay(copy.deepcopy(example.data["record"]))
        # Every complete trick's winner, as the engine says.
        for number, trick in enumerate([t for t in result["tricks"] if t["winner"] is not None], 1):
            section = markdown.split(f"{{#trick-{number}}}")[1].split("\n## ")[0]
            winner_line = render.fill(cat.get("ui.wins_trick_other"), player=cat.seat("ABC"[trick["winner"]]))
            assert winner_line in section, (example.slug, lang, number)
        if result["complete"]:
            for point, seat in result["points"].items():
                if point == "nine" and seat is None:
                    continue
                row = re.search(
                    rf"<th scope=\"row\">{re.escape(cat.get('points.' + point))}</th><td>([^<]*)</td>",
                    markdown,
                )
                assert row, (example.slug, point)
                assert row.group(1) == (cat.ex("no_one") if seat is None else "ABC"[seat])
            for value in result["game_values"]:
                assert f"</th><td>{value}</td>" in markdown
        # The stepper's data: the record and this language's texts.
        data = json.loads(re.search(r">(.*)</script>", script, re.S).group(1).replace("<\\/", "</"))
        assert data["lang"] == lang and data["slug"] == example.slug
        assert data["record"] == example.data["record"]
        assert len(data["annotations"]) == len(example.data.get("annotations") or [])
        assert not re.search(r"\{[a-z_.:0-9A-Z]+\}", markdown), "a placeholder was left unfilled"


def test_hearts_trump_page_gives_low_to_b_in_every_language():
    for lang in LANGUAGES:
        cat = CATALOGUES[lang]
        markdown = build_all(lang)["hearts-trump.md"][0]
        assert f'<th scope="row">{cat.get("points.low")}</th><td>B</td>' in markdown
        assert render.card_html("2H", cat) in markdown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_count_out_heading_is_not_repeated_as_the_next_caption(lang):
    # The section heading and the totals table under it said "Count-out" twice in a row.
    pages = build_all(lang)
    complete = [ex.slug for ex in EXAMPLES if engine.replay(copy.deepcopy(ex.data["record"]))["complete"]]
    assert complete
    for slug in complete:
        markdown = pages[f"{slug}.md"][0]
        heading = re.search(r"^## (.*) \{#count-out\}$", markdown, re.M)
        caption = re.search(r'<table class="cj-table cj-values">\n<caption>(.*?)</caption>', markdown)
        assert heading and caption, slug
        assert heading.group(1) != caption.group(1), (lang, slug, heading.group(1))


def test_cards_have_symbol_accessible_name_and_suit_class():
    symbols = set()
    for lang, cat in CATALOGUES.items():
        for suit in "SHDC":
            chip = render.card_html("Q" + suit, cat)
            assert 'role="img"' in chip and f'aria-label="{render.esc(cat.card_name("Q" + suit))}"' in chip
            assert f"cj-{suit.lower()}" in chip
            assert chip.endswith(f">Q{cat.get(f'suits.{suit}.symbol')}</span>")
            symbols.add((lang, cat.get(f'suits.{suit}.symbol')))
    assert {s for _, s in symbols} == set("♠♥♦♣"), "suits are told apart by shape, not colour"
    hidden = render.card_html(None, CATALOGUES["en"])
    assert 'aria-label="Hidden card"' in hidden


@pytest.mark.parametrize("lang", LANGUAGES)
def test_draw_lines_name_the_card_in_the_templates_form(lang):
    """{trick.N.draws} writes each draw with the catalogue's ui.draw_other, whose {card.the}
    gets the card's article, in the page (HTML chip) and in the stepper's text alike."""
    cat = CATALOGUES[lang]
    template = cat.get("ui.draw_other")
    player = cat.seat("B")
    for code in ("AS", "QD"):
        short = cat.card_short(code)
        with_article = cat.get(f"ranks.{code[0]}.the").replace("{card}", short)
        expected = template.replace("{player}", player).replace("{card}", short)
        expected = expected.replace("{card.the}", with_article)
        assert render.TextFormatter(cat).draw(1, code) == expected
        html_line = render.HtmlFormatter(cat).draw(1, code)
        assert f"{render.card_html(code, cat)}" in html_line
        assert re.sub(r"<[^>]+>", "", html_line) == render.esc(expected)
    if lang == "it":
        assert render.TextFormatter(cat).draw(1, "AS") == "B pesca l’A♠"


def test_face_down_page_hides_the_other_players_draws():
    markdown = build_all("en")["face-down-stock.md"][0]
    assert CATALOGUES["en"].get("ui.draw_hidden").replace("{player}", "B") in markdown
    assert "cj-hidden" in markdown
    # B's hidden draw (9♠) never appears in A's view of the hands.
    rep = replay(fresh("face-down-stock").data["record"], 0)
    for state in rep.states:
        assert "9S" not in state.hands[1]


# ----- the hook in a real (small) strict build ----------------------------------------------


@pytest.fixture(scope="module")
def mini_site(tmp_path_factory) -> Path:
    """A strict MkDocs build with the project's theme and i18n setup, a stub page per
    language, and only this hook: the examples must build without a warning."""
    base = tmp_path_factory.mktemp("mini")
    docs = base / "docs"
    for lang in LANGUAGES:
        (docs / lang).mkdir(parents=True)
        (docs / lang / "index.md").write_text(
            f"# Home {lang}\n\n[Examples](examples/index.md)\n", encoding="utf-8"
        )
    (docs / "assets" / "stylesheets").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "assets" / "stylesheets" / "cards.css", docs / "assets" / "stylesheets")
    # mkdocs' own tags (!!python/…, !ENV for site_url) mean nothing to a plain YAML reader.
    text = re.sub(r"!!python\S*|!ENV\b", "", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    project = yaml.safe_load(text)
    i18n = copy.deepcopy(next(p["i18n"] for p in project["plugins"] if isinstance(p, dict) and "i18n" in p))
    for language in i18n["languages"]:
        language.pop("theme", None)  # palette overrides need the project's palette
    config = {
        "site_name": "CJ examples test",
        "site_url": "http://127.0.0.1:8000/",
        "docs_dir": str(docs),
        "site_dir": str(base / "site"),
        "strict": True,
        "theme": {"name": "material", "language": "en", "font": False},
        "extra_css": ["assets/stylesheets/cards.css"],
        "markdown_extensions": project["markdown_extensions"],
        "hooks": [str(ROOT / "scripts" / "hooks" / "worked_examples.py")],
        "plugins": ["search", {"i18n": i18n}],
        "nav": ["index.md", "examples/index.md"],
    }
    (base / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(base / "mkdocs.yml")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr[-4000:]
    assert not re.search(r"^WARNING", run.stderr, re.M), run.stderr[-4000:]
    return base / "site"


def page_path(site: Path, lang: str, slug: str | None) -> Path:
    prefix = site if lang == "en" else site / lang
    return prefix / "examples" / (f"{slug}/index.html" if slug else "index.html")


def test_strict_build_generates_every_page_in_every_language(mini_site):
    for lang in LANGUAGES:
        assert page_path(mini_site, lang, None).is_file()
        for slug in SLUGS:
            html = page_path(mini_site, lang, slug).read_text(encoding="utf-8")
            assert f'<html lang="{lang}"' in html
            assert html.count('class="cj-example-data"') == 1


def test_language_switcher_links_every_example_page(mini_site):
    for lang in LANGUAGES:
        for slug in SLUGS:
            path = page_path(mini_site, lang, slug)
            html = path.read_text(encoding="utf-8")
            links = dict((code, href) for href, code in re.findall(r'href="([^"]*)" hreflang="(\w+)"', html))
            assert set(links) == set(LANGUAGES), (lang, slug, links)
            for code, href in links.items():
                target = (path.parent / href).resolve()
                target = target / "index.html" if href.endswith("/") else target
                assert target == page_path(mini_site, code, slug).resolve(), (lang, slug, code, href)


def test_nav_lists_the_examples_in_order(mini_site):
    for lang in LANGUAGES:
        html = page_path(mini_site, lang, None).read_text(encoding="utf-8")
        nav = html.split("md-nav--primary", 1)[1]
        positions = [nav.find(f'href="{slug}/"') for slug in SLUGS]
        assert all(p > 0 for p in positions), (lang, positions)
        assert positions == sorted(positions)
        assert CATALOGUES[lang].ex("nav_title") in nav


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_run_in_heading_meets_its_text_as_the_catalogue_says(lang):
    """The index's title and summary, the 'Rules in use' line and the preset list join a heading
    to its text with `ui.run_in`, so each language sets its own punctuation (Spanish a full stop)."""
    import rule_labels

    cat = CATALOGUES[lang]
    pages = build_all(lang)
    between = cat.get("ui.run_in").split("{heading}")[1].split("{text}")[0]
    for ex in EXAMPLES:
        title = f"[{render.esc(str(ex.data['title'][lang]).strip())}]({ex.slug}.md)"
        assert f"1. {title}{render.esc(between)}" in pages["index.md"][0], (lang, ex.slug)
        heading = f"<strong>{render.esc(cat.ex('rules_in_use'))}</strong>"
        page = pages[f"{ex.slug}.md"][0]
        assert f'<p class="cj-rules">{heading}{render.esc(between)}' in page, (lang, ex.slug)
    presets = rule_labels.presets_list(lang).splitlines()
    assert presets and all(f"**{between}" in line for line in presets), lang


def test_the_pages_read_the_surfaces_catalogue_and_a_missing_string_is_named():
    """The pages' strings come through engine.surfaces.catalogue's reader (no second copy of
    it in the hooks); a key the catalogue lacks, or one naming a table, is a KeyError naming
    the language and the key, never a bare part of it."""
    cat = CATALOGUES["fr"]
    assert isinstance(cat, SurfaceCatalogue)
    assert cat.ex("preset", name="X") == SurfaceCatalogue("fr").text("examples.preset", name="X")
    with pytest.raises(KeyError, match=r"fr: no string for 'examples\.no_such_string'"):
        cat.ex("no_such_string")
    with pytest.raises(KeyError, match=r"fr: 'suits\.H' is not a string"):
        cat.get("suits.H")
