"""SQUID (2–6 players, Arno Steinwender): the players vote how far the guard walks round the
circle of characters; the guard action decides who is out. The last colour wins."""

from .game import SquidCircle

GAME = SquidCircle()

__all__ = ["GAME", "SquidCircle"]
