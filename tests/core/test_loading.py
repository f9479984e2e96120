"""The bounded loader (saustall.core.loading) and the typed errors of GameRecord.from_json
on crafted input: never RecursionError, KeyError or TypeError, always InputFileError."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from saustall.cli.common import markup_safe, printable
from saustall.core import GameRecord, RecordError, get, rulesets
from saustall.core.errors import InputFileError
from saustall.core.loading import check_depth, load_json_file, parse_json, read_bounded


@pytest.mark.parametrize("text", [
    "[" * 1_000_000,                                     # the stdlib fallback would recurse
    '{"format": "saustall-record", "meta": ' + '{"a": ' * 100_000 + "1" + "}" * 100_000 + "}",
    '{"options": ' + '{"a": ' * 1000 + "1" + "}" * 1000 + "}",  # within orjson's 1024
    '{"seed": 1e400, "x": ' + "[" * 5000 + "]" * 5000 + "}",     # orjson refuses: stdlib
])
def test_deep_nesting_is_refused_before_parsing(text: str) -> None:
    with pytest.raises(InputFileError, match="nested deeper than the limit of 64") as caught:
        GameRecord.from_json(text)
    assert caught.value.line == 1 and caught.value.column is not None
    with pytest.raises(InputFileError):
        GameRecord.from_json(text.encode())


def test_depth_is_counted_outside_strings_only() -> None:
    """Brackets inside strings (escaped quotes too) are text, not nesting."""
    text = json.dumps({"meta": {"brackets": "[{" * 500, "quoted": '\\"[[[' * 100}})
    check_depth(text, what="a file")
    assert parse_json(text, what="a file")["meta"]["brackets"] == "[{" * 500
    deep = '{"x": "]]]]", "y":\n  ' + "[" * 65 + "]" * 65 + "}"
    with pytest.raises(InputFileError) as caught:
        check_depth(deep, what="a file")
    # "{" on line 1 is level 1, so the 64th "[" is the 65th level
    assert (caught.value.field, caught.value.line, caught.value.column) == ("y", 2, 66)
    at_limit = "[" + "[]," * 70 + "[" * 63 + "]" * 64  # 134 brackets, 64 levels: scanned
    check_depth(at_limit, what="a file")  # the limit itself is fine
    with pytest.raises(InputFileError, match="nested deeper"):
        check_depth(at_limit.replace("[[", "[[[", 1) + "]", what="a file")


def test_errors_name_file_line_column_and_field(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text('{\n  "format": "saustall-record",\n  "seed": [1,}')
    with pytest.raises(InputFileError) as caught:
        GameRecord.load(path)
    assert str(caught.value).startswith(f"{path}: line 3 column ")
    assert caught.value.source == str(path) and caught.value.line == 3
    record = json.loads(GameRecord.from_state(get("drecksau").new_state(2, 1)).to_json())
    record["seed"] = 10**400
    path.write_text(json.dumps(record))
    with pytest.raises(InputFileError, match=r": field 'seed' must be from -2\*\*1024 to "
                       r"2\*\*1024, not an integer of 401 digits$") as caught:
        GameRecord.load(path)
    assert caught.value.field == "seed"


def test_bounded_reading_says_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b"0," * 600 + b"0]")
    assert len(read_bounded(path, what="file", max_bytes=1203)) == 1203
    with pytest.raises(InputFileError, match="larger than the limit of 1,202 bytes"):
        load_json_file(path, what="file", max_bytes=1202)


@pytest.mark.parametrize("data,field", [
    ({"format": "saustall-record", "format_version": 1}, "engine_version"),
    ({"format": "saustall-record", "format_version": True}, None),  # True is not 1
    ({"format": ["saustall-record"]}, None),
])
def test_from_dict_refuses_with_the_typed_error(data: dict[str, object],
                                                field: str | None) -> None:
    with pytest.raises(InputFileError) as caught:
        GameRecord.from_dict(data)
    assert caught.value.field == field and isinstance(caught.value, RecordError)


def test_values_quoted_in_messages_are_short_and_escaped() -> None:
    record = json.loads(GameRecord.from_state(get("drecksau").new_state(2, 1)).to_json())
    record["engine_version"] = "\x1b[2J" + "x" * 10_000
    with pytest.raises(InputFileError) as caught:
        GameRecord.from_json(json.dumps(record))
    assert "\x1b" not in str(caught.value) and len(str(caught.value)) < 200


@pytest.mark.parametrize("ruleset", [r.name for r in rulesets()])
def test_fresh_records_of_every_ruleset_load_exactly(ruleset: str) -> None:
    """What Saustall writes, the loader reads back unchanged, and it replays the same."""
    entry = next(r for r in rulesets() if r.name == ruleset)
    state = get(entry.game, ruleset).new_state(entry.min_players, 11)
    rng = random.Random(11)
    for _ in range(300):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    for text in (record.to_json(), record.to_json(indent=None).encode()):
        loaded = GameRecord.from_json(text)
        assert loaded == record
        assert loaded.replay().view(None) == state.view(None)


def test_printable_strips_escapes_and_controls_whole() -> None:
    assert printable("Sepp\x1b[2J\x1b[1;31mRot\x1b[0m") == "SeppRot"
    assert printable("\x1b]8;;https://evil.example/\x07click\x1b]8;;\x07") == "click"
    assert printable("\x1b]8;;https://e.example/\x1b\\here\x1b]8;;\x1b\\") == "here"
    assert printable("a\x9b2Jb\x9d0;title\x9cc") == "abc"  # C1 CSI and OSC
    assert printable("\u202eevil\u202c txt\x00\x07\x7f\r") == "evil txt"
    assert printable("Jörg\tZoë 🐷\nnext") == "Jörg\tZoë 🐷\nnext"
    assert printable("one\ntwo\tthree\u2028four", newlines=False) == "one two three four"
    assert printable("\x1b") == "" and printable("\x1b[") == ""  # cut off mid-sequence


def test_markup_safe_text_prints_as_written() -> None:
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    Console(file=out, width=200).print(f"[bold]{markup_safe('[/bold] [red]x[/] 0.1')}[/]")
    assert out.getvalue() == "[/bold] [red]x[/] 0.1\n"
