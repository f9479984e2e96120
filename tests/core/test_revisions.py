"""Ruleset revisions: a record names the revision of the rules it was played under, and a
record of another revision than the ruleset's is refused, naming the ruleset and both."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from saustall.core import GameRecord, get, rulesets
from saustall.core.errors import InputFileError, RecordError, RulesetRevisionError


def finished_record(game: str = "drecksau", ruleset: str = "dirty-pig") -> GameRecord:
    state = get(game, ruleset).new_state(2, 7)
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


def test_every_ruleset_has_a_revision_and_records_carry_it() -> None:
    for spec in rulesets():
        assert type(spec.revision) is int and spec.revision >= 1
    record = finished_record()
    assert record.revision == get("drecksau", "dirty-pig").ruleset.revision
    assert json.loads(record.to_json())["revision"] == record.revision
    assert GameRecord.from_json(record.to_json()).revision == record.revision


def test_a_record_of_another_revision_is_refused_naming_ruleset_and_revisions() -> None:
    data = json.loads(finished_record().to_json())
    data["revision"] = 2
    record = GameRecord.from_dict(data)
    with pytest.raises(RulesetRevisionError) as caught:
        record.replay()
    error = caught.value
    assert isinstance(error, RecordError)
    assert (error.game, error.ruleset, error.recorded, error.current) == (
        "drecksau", "dirty-pig", 2, 1)
    assert "drecksau/dirty-pig revision 2" in str(error) and "revision 1" in str(error)
    assert "newer Saustall" in str(error)


def test_after_a_rule_change_an_older_record_is_refused() -> None:
    record = finished_record()
    data = json.loads(record.to_json())
    del data["revision"]  # as 0.1 and later wrote them: read as revision 1
    old = GameRecord.from_dict(data)
    assert old.revision == 1 and old.replay().is_terminal()
    changed = dataclasses.replace(get("drecksau", "dirty-pig").ruleset, revision=3)
    with pytest.raises(RulesetRevisionError, match="revision 1, but this Saustall plays "
                                                   "revision 3.*older Saustall"):
        old.check_revision(changed)


@pytest.mark.parametrize("value", [0, -1, "1", 1.0, True, None, 10**7])
def test_a_revision_that_is_no_revision_is_refused_as_a_bad_field(value: object) -> None:
    data = json.loads(finished_record().to_json())
    data["revision"] = value
    with pytest.raises(InputFileError) as caught:
        GameRecord.from_dict(data)
    assert caught.value.field == "revision"
