"""Squid Game: The Board Game (3–6 teams): six deadly games in a row; the team of the token
that wins the final Squid Game wins."""

from .game import SquidGame

GAME = SquidGame()

__all__ = ["GAME", "SquidGame"]
