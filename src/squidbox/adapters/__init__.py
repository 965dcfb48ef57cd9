"""Adapters to learning libraries: OpenSpiel, PettingZoo and Gymnasium (`pip install squidbox[rl]`).

Each works for every registered game through the engine protocol alone. Import the submodule you
need: `squidbox.adapters.openspiel`, `.pettingzoo` or `.gymnasium`.
"""
