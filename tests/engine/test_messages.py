"""The engine's English messages (engine.core.messages) come from engine/locales/en.json alone:
each error code reads its catalogue sentence, no engine module keeps a copy of one, and with
no catalogue the code itself is the message (never a second, drifting English)."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from engine.core import messages
from engine.core.locales import catalogue_strings

ENGINE = Path(messages.__file__).resolve().parents[1]
ENGLISH = catalogue_strings("en")
ERROR_KEYS = sorted(key for key in ENGLISH if key.startswith("errors."))


def placeholders(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


@pytest.mark.parametrize("key", ERROR_KEYS)
def test_each_error_message_is_the_catalogues_sentence(key):
    params = {name: f"<{name}>" for name in placeholders(ENGLISH[key])}
    assert messages.message(key, **params) == ENGLISH[key].format(**params)


def test_no_engine_module_keeps_a_copy_of_an_english_sentence():
    sentences = {key: ENGLISH[key].split("{")[0] for key in ERROR_KEYS}
    sentences = {key: text for key, text in sentences.items() if len(text) >= 20}
    assert sentences, "the catalogue's error sentences were not found"
    copies = [
        f"{path.relative_to(ENGINE)}: {key}"
        for path in sorted(ENGINE.rglob("*.py"))
        for key, text in sentences.items()
        if text in path.read_text(encoding="utf-8")
    ]
    assert copies == []


def test_without_a_catalogue_the_code_names_itself(monkeypatch):
    monkeypatch.setattr(messages, "_catalogue", {})
    assert messages.message("errors.not_in_hand", card="4S") == "errors.not_in_hand"
