"""The browser code's own rules that tsc and ESLint cannot see: one element builder for every
page, the glue between a sentence's parts owned by the catalogue, and every module under a
type checker (scripts/test runs tsc and ESLint themselves: `npm run typecheck`, `npm run lint`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import site_data

SCRIPTS = site_data.ROOT / "docs" / "assets" / "javascripts"
PROJECTS = ("tsconfig.json", "tsconfig.worker.json", "tsconfig.sw.json")


def source(name: str) -> str:
    return (SCRIPTS / name).read_text(encoding="utf-8")


def test_one_element_builder():
    """h() in engine-client.js is the only function that makes an element from a tag name;
    every page imports it (table.js once had its own copy, el())."""
    modules = SCRIPTS.glob("*.js")
    builders = sorted(p.name for p in modules if "document.createElement(tag" in p.read_text("utf-8"))
    assert builders == ["engine-client.js"], builders
    assert not re.search(r"^function el\(", source("table.js"), re.M)
    assert re.search(r"const \{ capitalise, h, setChildren \} = await import\(", source("table.js"))


def test_sentence_glue_comes_from_the_catalogue():
    """A dash joining two parts of a sentence is the catalogue's (ui.dash), so a language can
    word it; only a lone "—" for an empty cell or an empty trick stays in the code."""
    for name in ("practice.js", "review.js", "stepper.js"):
        code = "\n".join(line for line in source(name).splitlines() if not line.lstrip().startswith("//"))
        assert not re.search(r"""["'`] — |—\s["'`]""", code), name
    for lang in site_data.LANGUAGES:
        assert site_data.catalogue(lang)["ui"]["dash"].strip() == "—", lang


def included(project: str) -> set[str]:
    config = json.loads((site_data.ROOT / project).read_text(encoding="utf-8"))
    root = site_data.ROOT
    files: set[str] = set()
    for pattern in config.get("include", []):
        files |= {path.relative_to(root).as_posix() for path in root.glob(pattern) if path.suffix == ".js"}
    return files - set(config.get("exclude", []))


def test_every_module_is_type_checked_once():
    """Each script the site serves (and the service worker's source) is in exactly one tsc
    project: a page module under the DOM library, a worker module under the WebWorker one."""
    projects = {project: included(project) for project in PROJECTS}
    expected = {path.relative_to(site_data.ROOT).as_posix() for path in SCRIPTS.glob("*.js")}
    expected.add("scripts/hooks/service-worker.js")
    seen = [path for files in projects.values() for path in files]
    assert sorted(seen) == sorted(expected), projects
    pages = json.loads((site_data.ROOT / "tsconfig.json").read_text(encoding="utf-8"))["compilerOptions"]
    assert pages["checkJs"] and pages["strict"] and pages["noEmit"]


def test_the_checkers_are_pinned():
    package = json.loads((site_data.ROOT / "package.json").read_text(encoding="utf-8"))
    tools = package["devDependencies"]
    assert {"typescript", "eslint", "@eslint/js", "globals"} <= set(tools)
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", version) for version in tools.values()), tools
    lock = json.loads((site_data.ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"][""]["devDependencies"] == tools


def test_no_stray_type_files_in_the_site():
    """The type declarations are for the checker only: none is under docs/, so none is served."""
    assert not list((site_data.ROOT / "docs").rglob("*.d.ts"))
    assert not list(Path(site_data.ROOT / "docs").rglob("tsconfig*.json"))


def test_one_plural_lookup():
    """Strings.pluralKey in engine-client.js is the one place a page picks a counted message's
    plural form (practice.js, puzzles.js and table.js each had a copy, and the copies had lost
    Brazilian Portuguese's plural zero: the table said "0 vaza")."""
    pickers = sorted(p.name for p in SCRIPTS.glob("*.js") if "Intl.PluralRules" in p.read_text("utf-8"))
    assert pickers == ["engine-client.js"], pickers
    assert "plural_category" in source("engine-client.js"), "the pt exception names its Python twin"


def test_french_spacing_comes_from_the_catalogue():
    """A page's label colon is the catalogue's `ui.label_colon` (French: a narrow no-break
    space before it, as scripts/hooks/typography.py sets the pages' own text); no script
    computes French spacing itself (practice.js, review.js and table.js each did)."""
    for path in sorted(SCRIPTS.glob("*.js")):
        code = path.read_text("utf-8")
        assert "\\u202f" not in code and "\u202f" not in code, path.name
        assert not re.search(r"""lang\w*\)?\s*===\s*["']fr["']""", code), path.name
    french = site_data.catalogue("fr")["ui"]["label_colon"]
    assert french == "\u202f: "
    assert all(site_data.catalogue(lang)["ui"]["label_colon"] == ": " for lang in site_data.LANGUAGES if lang != "fr")


def test_each_refusal_links_its_rule_to_a_section_of_the_site():
    """One table of rule links, the engine's (engine/surfaces/requests.py RULE_LINKS), which
    every refusal carries as `rule_link`: a link for every rule a refusal cites (`rule_refs.*`),
    each a page and a section id of docs/_data/outline.yml; the browser code keeps no copy
    (engine-client.js had its own RULE_LINKS)."""
    from engine.surfaces.requests import RULE_LINKS

    assert set(RULE_LINKS) == set(site_data.catalogue("en")["rule_refs"])
    outline = site_data.outline()
    for rule, link in RULE_LINKS.items():
        page, section = link.split("/#")
        assert section in {heading["id"] for heading in outline[f"{page}.md"]}, (rule, link)
    for path in sorted(SCRIPTS.glob("*.js")):
        assert not any(f"#{link.split('#')[1]}" in path.read_text("utf-8") for link in RULE_LINKS.values()), path.name


def test_the_card_forms_mirror_the_engines():
    """engine-client.js CARD_FORMS names the forms engine/surfaces/catalogue.py CARD_FORMS does,
    with the same catalogue key and capital."""
    from engine.surfaces.catalogue import CARD_FORMS

    block = re.search(r"const CARD_FORMS = \{(.*?)\n\};", source("engine-client.js"), re.DOTALL)
    assert block, "engine-client.js has no CARD_FORMS"
    found = re.findall(r'(\w+): \{ key: "(\w+)", capital: (true|false) \}', block.group(1))
    assert {name: (key, capital == "true") for name, key, capital in found} == CARD_FORMS
