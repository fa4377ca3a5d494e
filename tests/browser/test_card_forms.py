"""A card's forms ({card.the}, {card.The}, {card.of_the}, {card.to_the}) fill the same in the
browser (engine-client.js Strings.t and fill) as in Python (engine/surfaces/catalogue.py), in
every language, from the same catalogues. One page, no engine: the page's own module is
imported and given each language's catalogue, with one message's template replaced."""

from __future__ import annotations

import json

from engine.core.locales import LANGUAGES, LOCALES
from engine.surfaces.catalogue import Catalogue, fill

# An ace (elided in fr and it), an eight (elided in it, not in fr), a queen and a jack
# (feminine in es, the queen in pt and fr too), a king and a ten.
CARDS = ["AS", "8D", "QH", "JC", "KS", "TH"]
TEMPLATE = "{card.The} · {card.the} · {card.of_the} · {card.to_the} · {card}"
KEY = "ui.plays_you"  # a message the pages do ask for, so the key trace stays true

FILL_IN_PAGE = """async ([url, catalogues, key, cards]) => {
  const m = await import(url);
  const out = {};
  for (const [lang, catalogue] of Object.entries(catalogues)) {
    const s = new m.Strings({ catalogue, untranslated: [] });
    out[lang] = cards.map((code) => [
      m.fill(s, key, { card: m.cardSpan(s, code) }).textContent,
      s.t(key, { card: s.cardShort(code) }),
      s.t(key, { card: s.cardName(code) }),
    ]);
  }
  return out;
}"""


def test_card_forms_fill_alike_in_the_browser_and_in_python(watched_page, site_url):
    page = watched_page.page
    page.goto(site_url)
    catalogues = {}
    for lang in LANGUAGES:
        catalogue = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
        catalogue["ui"]["plays_you"] = TEMPLATE
        catalogues[lang] = catalogue
    url = f"{site_url}assets/javascripts/engine-client.js"
    browser = page.evaluate(FILL_IN_PAGE, [url, catalogues, KEY, CARDS])
    python = {}
    for lang in LANGUAGES:
        cat = Catalogue(lang)
        python[lang] = [
            [fill(TEMPLATE, card=card) for card in (cat.card(code), cat.card(code), cat.card_name(code))]
            for code in CARDS
        ]
    assert browser == python
    # And they say what they should (the Python side is tested form by form in tests/engine).
    assert browser["fr"][0][0] == "L’A♠ · l’A♠ · de l’A♠ · à l’A♠ · A♠"
    eight = "otto di quadri"
    assert browser["it"][1][2] == f"L’{eight} · l’{eight} · dell’{eight} · all’{eight} · {eight}"
    assert browser["es"][3][1] == "La J♣ · la J♣ · de la J♣ · a la J♣ · J♣"
    assert not watched_page.console_errors
