"""Each game's words on the page come from its package (``GameSupport.texts``, sent by the
catalogue as ``texts``): complete in every language the game offers, the built-in games
in English, German and French, and none of them rewording the page's own strings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from saustall.core import registry
from saustall.core.support import GameSupport, PluginError
from saustall.server.catalogue import catalogue

LANG_DIR = Path(__file__).resolve().parents[2] / "src/saustall/web/static/js/lang"
BUILT_IN = ("drecksau", "saukopf", "pigasus")
PLURAL = re.compile(r"\.(zero|one|two|few|many|other)$")


def shell_keys(code: str) -> set[str]:
    """The keys of the page's own strings in language ``code``, plural forms left out
    (each language has the forms its own rules need)."""
    text = (LANG_DIR / f"{code}.js").read_text(encoding="utf-8")
    keys = set(re.findall(r'^\s*"([^"]+)": ".*",$', text, re.M))
    return {key for key in keys if not (PLURAL.search(key) and PLURAL.sub("", key) in keys)}


def test_every_game_sends_its_texts_with_the_catalogue() -> None:
    games = {game["game"]: game for game in catalogue()["games"]}
    for name in BUILT_IN:
        texts = games[name]["texts"]
        assert set(texts) == {"en", "de", "fr"}, name
        assert texts == registry.support(name).page_texts()
        assert f"game.{name}" in texts["en"] and f"game.{name}.tag" in texts["en"]
        for ruleset in registry.rulesets(name):
            assert f"ruleset.{name}.{ruleset.name}.title" in texts["en"], ruleset.name


def test_every_language_of_a_game_has_every_key_of_its_english() -> None:
    for game in catalogue()["games"]:
        texts = game["texts"]
        if not texts:
            continue
        english = texts["en"]
        for code, table in texts.items():
            assert code in ("en", "de", "fr"), (game["game"], code)
            missing = sorted(set(english) - set(table))
            assert not missing, (game["game"], code, missing)
            # a language may add plural forms of its own ("0 carte"), nothing else
            extra = [key for key in set(table) - set(english)
                     if not (PLURAL.search(key) and PLURAL.sub("", key) in english)]
            assert not extra, (game["game"], code, extra)
            for key, text in table.items():
                assert text.strip(), (game["game"], code, key)
                if code != "en" and key in english:  # the same placeholders
                    assert set(re.findall(r"\{(\w+)\}", text)) <= set(
                        re.findall(r"\{(\w+)\}", english[key])) | {"n"}, (code, key)


def test_no_game_rewords_the_page_or_another_game() -> None:
    shell = shell_keys("en")
    assert shell == shell_keys("de") == shell_keys("fr")  # the page's own, complete
    owner: dict[str, str] = {}
    for game in catalogue()["games"]:
        keys = set().union(*game["texts"].values()) if game["texts"] else set()
        assert not keys & shell, (game["game"], sorted(keys & shell))
        twice = {key: owner[key] for key in keys if key in owner}
        assert not twice, (game["game"], twice)
        owner.update(dict.fromkeys(keys, game["game"]))


def test_texts_that_are_not_text_by_key_by_language_are_refused() -> None:
    record = registry.support("drecksau")
    bad = GameSupport(name="drecksau", rulesets=record.rulesets, factory=record.factory,
                      texts={"en": {"game.drecksau": 3}})  # type: ignore[dict-item]
    with pytest.raises(PluginError, match="drecksau"):
        bad.page_texts()
    missing = GameSupport(name="drecksau", rulesets=record.rulesets, factory=record.factory,
                          texts="saustall.games.drecksau.texts:NOTHING")
    with pytest.raises(PluginError, match="NOTHING"):
        missing.page_texts()
    assert GameSupport(name="drecksau", rulesets=record.rulesets,
                       factory=record.factory).page_texts() == {}
