"""Directors (working title; 2-5 players): name one of four Actions a turn, command your cards
of its colour, and have the most crowns when the clock has run 10 turns."""

from .game import Directors

GAME = Directors()

__all__ = ["GAME", "Directors"]
