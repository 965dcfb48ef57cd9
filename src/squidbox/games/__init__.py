"""The registered games: one line each, id to module. The module exposes GAME."""

REGISTERED = {
    "grid_squid": "squidbox.games.grid_squid",
    "squid_circle": "squidbox.games.squid_circle",
    "squid_game": "squidbox.games.squid_game",
    "squid_inc": "squidbox.games.squid_inc",
    "directors": "squidbox.games.directors",
}
