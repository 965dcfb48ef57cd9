"""Grid Squid (2–4 players): play cards to place cubes on symbol tiles; lines and Squids score."""

from .game import GridSquid

GAME = GridSquid()

__all__ = ["GAME", "GridSquid"]
