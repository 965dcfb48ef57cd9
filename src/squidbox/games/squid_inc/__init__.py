"""Squid, Inc. (2–4 players): hire sea-creature Employees and move them up a four-Tier ladder."""

from .game import SquidInc

GAME = SquidInc()

__all__ = ["GAME", "SquidInc"]
