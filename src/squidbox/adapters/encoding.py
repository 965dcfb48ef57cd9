"""Turning what a seat sees into fixed-size numbers, for any game.

A view is nested JSON whose shape varies with the game and the moment, so it is encoded by
feature hashing: every leaf becomes a feature named by its path ("state.board.tiles.3.owner"),
hashed (CRC-32, stable across machines and runs) into a vector of fixed size. Numbers and booleans
add their value at their path's slot; strings set a one-hot slot for "path=value". Only the
seat's own view goes in, so the encoding can hold nothing the seat may not see. Collisions are
possible and harmless for learning; SIZE keeps them rare for these games.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

SIZE = 2048
# Envelope entries that are not observations: constant per game, or given as the action mask.
SKIPPED = ("legal_actions", "options", "seat_names", "game", "returns")


def encode_view(view: dict[str, Any], size: int = SIZE) -> np.ndarray:
    features = np.zeros(size, dtype=np.float32)
    for key, value in view.items():
        if key not in SKIPPED:
            _add(features, key, value, size)
    return features


def _add(features: np.ndarray, path: str, value: Any, size: int) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _add(features, f"{path}.{key}", item, size)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _add(features, f"{path}.{index}", item, size)
    elif isinstance(value, bool):
        features[_slot(path, size)] += float(value)
    elif isinstance(value, int | float):
        features[_slot(path, size)] += float(value)
    elif isinstance(value, str):
        features[_slot(f"{path}={value}", size)] += 1.0
    # None: absent, adds nothing.


def _slot(name: str, size: int) -> int:
    return zlib.crc32(name.encode()) % size


def action_mask(game: Any, legal: list[str]) -> np.ndarray:
    mask = np.zeros(game.num_distinct_actions, dtype=np.int8)
    for action in legal:
        mask[game.action_to_id(action)] = 1
    return mask
