"""Train a small Grid Squid policy on the batched game, on the CPU, with NumPy only.

    python examples/train_grid_squid.py --out grid_squid_policy.npz
    squidbox simulate grid_squid --players 2 --games 1000 \\
        --bots policy:path=grid_squid_policy.npz,random

A one-hidden-layer network plays seat 0 of many 2-player games at once against the batched random
bot (GridSquidVectorEnv, squidbox.games.grid_squid.batched.gym_env) and learns by policy gradient
(REINFORCE with the batch's mean return as baseline, Adam). The return of a game is the engine's
result (1 for a win, 1/2 for a tie, 0 for a loss) plus a small share of the score margin, which
gives the early updates something to follow. Training stops at --seconds or once the greedy
policy wins --target of --eval-games fresh games against the random bot, checked every
--eval-every updates. The weights are written to --out; the bot spec `policy:path=...` plays
them through the engine."""

from __future__ import annotations

import argparse
import time

import numpy as np

from squidbox.games.grid_squid.batched.gym_env import GridSquidVectorEnv
from squidbox.vector.policy import Policy

MARGIN_WEIGHT = 0.02  # return per point of score margin, beside 1 for a win
ENTROPY_WEIGHT = 0.01


class Adam:
    def __init__(self, params: dict[str, np.ndarray], lr: float) -> None:
        self.lr = lr
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9 ** self.t)
            v = self.v[k] / (1 - 0.999 ** self.t)
            params[k] -= (self.lr * m / (np.sqrt(v) + 1e-8)).astype(np.float32)


def play_games(env: GridSquidVectorEnv, policy: Policy, rng: np.random.Generator | None,
               obs: np.ndarray, masks: np.ndarray) -> tuple[list, np.ndarray, np.ndarray,
                                                            np.ndarray, np.ndarray]:
    """One game in every environment (they all last the same number of the learner's turns).
    Returns the steps [(obs, masks, actions)], the returns, win shares, next obs and masks."""
    rules = env.batch.rules
    steps = []
    for _ in range(rules.rounds * rules.per_round):
        actions = policy.act(obs, masks, rng)
        steps.append((obs, masks, actions))
        obs, rewards, dones, _, info = env.step(actions)
        masks = info["action_mask"]
    assert dones.all(), "every game lasts the same number of turns"
    scores = info["final_scores"].astype(np.float64)
    margin = scores[:, env.seat] - np.delete(scores, env.seat, axis=1).max(axis=1)
    return steps, rewards + MARGIN_WEIGHT * margin, rewards, obs, masks


def gradients(policy: Policy, steps: list, returns: np.ndarray) -> dict[str, np.ndarray]:
    advantage = (returns - returns.mean()) / (returns.std() + 1e-6)
    obs = np.concatenate([s[0] for s in steps])
    masks = np.concatenate([s[1] for s in steps])
    actions = np.concatenate([s[2] for s in steps])
    adv = np.tile(advantage, len(steps)).astype(np.float32)
    hidden, log_probs = policy.forward(obs, masks)
    probs = np.exp(log_probs) * masks
    n = len(actions)
    # d(-adv * log p(a) - entropy_weight * entropy) / d logits
    d_logits = probs.copy()
    d_logits[np.arange(n), actions] -= 1.0
    d_logits *= adv[:, None]
    entropy_term = probs * (np.where(masks, log_probs, 0.0)
                            + (-(probs * np.where(masks, log_probs, 0.0)).sum(1, keepdims=True)))
    d_logits += ENTROPY_WEIGHT * entropy_term
    d_logits /= n
    w = policy.weights
    d_hidden = (d_logits @ w["w2"].T) * (1 - hidden * hidden)
    return {"w2": hidden.T @ d_logits, "b2": d_logits.sum(0),
            "w1": obs.T @ d_hidden, "b1": d_hidden.sum(0)}


def win_rate(policy: Policy, games: int, seed: int) -> float:
    """The greedy policy's wins (ties shared) against the random bot, in fresh games."""
    env = GridSquidVectorEnv(num_envs=games, num_players=policy.num_players,
                             options=policy.options, opponent="random")
    obs, info = env.reset(seed=seed)
    _, _, wins, _, _ = play_games(env, policy, None, obs, info["action_mask"])
    return float(wins.mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="grid_squid_policy.npz", help="weights file to write")
    parser.add_argument("--seconds", type=float, default=540.0, help="training time limit")
    parser.add_argument("--envs", type=int, default=1024, help="games played at once")
    parser.add_argument("--hidden", type=int, default=64, help="hidden units")
    parser.add_argument("--lr", type=float, default=0.003, help="Adam step size")
    parser.add_argument("--target", type=float, default=0.8,
                        help="stop once the greedy policy wins this share against random")
    parser.add_argument("--eval-games", type=int, default=4000)
    parser.add_argument("--eval-every", type=int, default=10, help="updates between evaluations")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    env = GridSquidVectorEnv(num_envs=args.envs, num_players=2, opponent="random")
    policy = Policy.new("grid_squid", 2, None, env.batch.observation_size, env.batch.num_actions,
                        args.hidden, rng)
    adam = Adam(policy.weights, args.lr)
    obs, info = env.reset(seed=args.seed * 1_000_003)
    masks = info["action_mask"]
    start = time.perf_counter()
    update = 0
    rate = 0.0
    # Evaluation games take seeds far from the training games' seeds.
    eval_seed = 10**12 + args.seed * 10**9
    while time.perf_counter() - start < args.seconds:
        steps, returns, wins, obs, masks = play_games(env, policy, rng, obs, masks)
        adam.step(policy.weights, gradients(policy, steps, returns))
        update += 1
        if update % args.eval_every == 0:
            rate = win_rate(policy, args.eval_games, eval_seed + update * args.eval_games)
            print(f"update {update:4d}  {time.perf_counter() - start:6.1f}s  "
                  f"training wins {wins.mean():.3f}  greedy wins vs random {rate:.3f}",
                  flush=True)
            if rate >= args.target:
                break
    policy.save(args.out)
    print(f"wrote {args.out} after {update} updates, {time.perf_counter() - start:.1f}s; "
          f"greedy win rate against random {rate:.3f}")
    print(f"check it through the engine: squidbox simulate grid_squid --players 2 --games 1000 "
          f"--bots policy:path={args.out},random")


if __name__ == "__main__":
    main()
