"""validation.loads: the quick path (no string looked at on its own) and the careful one agree, and every
refusal still names its place."""

from __future__ import annotations

import json

import pytest

from memlace import validation
from memlace.errors import InvalidInput


@pytest.mark.parametrize(
    "text",
    [
        '{"a": [1, 2.5, "x"], "b": {"c": null, "d": true}}',
        '{"text": "tea \\ud83d\\ude00 ok"}',  # a whole surrogate pair: kept as the emoji
        '{"text": "tea \\ud800 alone", "k\\udc00": 1}',  # lone ones, in a value and in a key
        '{"text": "a backslash then u: \\\\ud800"}',  # not an escape: kept as typed
        '["\\u2028", "\\u0000", -0.0, 1e300]',
        '{"text": "caf\u00e9 na\u00efve, raw \ud800 alone"}',  # not ASCII, with a raw lone surrogate
        '{"text": "caf\u00e9, \u4e2d\u6587, no surrogate"}',  # not ASCII, none
    ],
)
def test_the_quick_path_decodes_as_the_careful_one(text: str) -> None:
    careful = validation.clean_json(json.loads(text))
    assert validation.loads(text) == careful
    assert json.dumps(validation.loads(text)) == json.dumps(careful)


def test_lone_surrogates_become_replacement_characters() -> None:
    found = validation.loads('{"text": "tea \\ud800", "k\\udfff": ["\\udc00x"]}')
    assert found == {"text": "tea \ufffd", "k\ufffd": ["\ufffdx"]}


def test_a_number_too_large_is_refused_with_its_place() -> None:
    with pytest.raises(InvalidInput, match=r"replicas\[1\]\.confidence in the request is a number that is not finite"):
        validation.loads('{"replicas": [{}, {"confidence": 1e999}]}')
    with pytest.raises(InvalidInput, match="not valid JSON"):
        validation.loads('{"a": NaN}')


def test_nesting_beyond_the_bound_is_refused() -> None:
    depth = validation.MAX_DEPTH + 2
    with pytest.raises(InvalidInput, match="nested more than"):
        validation.loads("[" * depth + "]" * depth)
    fine = validation.MAX_DEPTH
    assert validation.loads("[" * fine + "]" * fine) is not None
    for levels in (fine, fine + 1):  # a number inside the deepest list counts as one level more, as clean_json has it
        text = "[" * levels + "1" + "]" * levels
        try:
            careful: object = validation.clean_json(json.loads(text))
        except InvalidInput:
            careful = "refused"
        try:
            quick: object = validation.loads(text)
        except InvalidInput:
            quick = "refused"
        assert quick == careful
