"""Deep copies of JSON-native values (dict, list, str, int, float, bool, None), fast."""

from typing import Any

_SCALARS = frozenset((int, str, float, bool, type(None)))


def copy_json(value: Any) -> Any:
    kind = type(value)
    if kind is list:
        return [v if type(v) in _SCALARS else copy_json(v) for v in value]
    if kind is dict:
        return {k: (v if type(v) in _SCALARS else copy_json(v)) for k, v in value.items()}
    if kind in _SCALARS:
        return value
    raise TypeError(f"not a JSON value: {type(value).__name__}")
