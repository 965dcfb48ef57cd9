"""FIELDS from typed attribute declarations (docs/engine.md "State rules").

A state declares its mutable data as annotated attributes instead of a FIELDS tuple:

    class GridSquidState(State):
        tile_symbols: Fixed[list[int]]  # symbol of each tile, row by row (set at setup only)
        hands: Field[list[list[int]]]  # per seat, cards held per symbol

`Field[T]` and `Fixed[T]` are `T` to a type checker. When the class is made, the engine lists
the attributes so annotated, in the order written (after a base class's), as FIELDS, and the
`Fixed` ones as FIXED_FIELDS too. Other annotations (derived attributes: `geo: Geometry`) are
not FIELDS. A state writes either the annotations or the FIELDS tuple, not both.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar, get_args, get_origin

T = TypeVar("T")


class _Mark:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


FIELD = _Mark("FIELD")
FIXED = _Mark("FIXED")

Field = Annotated[T, FIELD]  # mutable game data: snapshotted, copied by clone
Fixed = Annotated[T, FIXED]  # game data no rule changes after setup: snapshotted, shared


def declared_fields(cls: type) -> tuple[list[str], list[str]]:
    """The attributes `cls` itself annotates as Field[...] or Fixed[...] (in order), and which
    of them are Fixed. Annotations are read as written: with `from __future__ import
    annotations` they are strings, and a string is taken by its first word."""
    fields: list[str] = []
    fixed: list[str] = []
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        mark = _mark_of(annotation)
        if mark is not None:
            fields.append(name)
            if mark is FIXED:
                fixed.append(name)
    return fields, fixed


def _mark_of(annotation: Any) -> _Mark | None:
    if isinstance(annotation, str):
        head = annotation.partition("[")[0].strip()
        return {"Field": FIELD, "Fixed": FIXED}.get(head)
    if get_origin(annotation) is Annotated:
        for extra in get_args(annotation)[1:]:
            if isinstance(extra, _Mark):
                return extra
    return None
