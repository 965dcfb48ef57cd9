"""Deep copies of JSON-native values (dict, list, str, int, float, bool, None), fast."""

from typing import Any

SCALARS = frozenset((int, str, float, bool, type(None)))  # immutable: never copied
_all_scalars = SCALARS.issuperset  # of an iterable of types, stopping at the first other


def copy_json(value: Any) -> Any:
    kind = type(value)
    if kind is list:
        if _all_scalars(map(type, value)):
            return value[:]  # a flat list: one copy of exactly its size
        return [v if type(v) in SCALARS else copy_json(v) for v in value]
    if kind is dict:
        return {k: (v if type(v) in SCALARS else copy_json(v)) for k, v in value.items()}
    if kind in SCALARS:
        return value
    raise TypeError(f"not a JSON value: {type(value).__name__}")
