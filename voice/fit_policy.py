#!/usr/bin/env python3
"""Replays the voice policy's rule for playing a move without a question over the logs of
`cargo bench --bench voice -- --log FILE`, without the model (docs/voice.md).

    python3 voice/fit_policy.py LOG.jsonl [LOG2.jsonl ...]

The rule (`Policy::decide` in src/voice/policy.rs): the best candidate, a move not heard by
its square alone, is played when it is AHEAD ahead of the next candidate and of its best
rival (p / (p + the larger of the two), the rival's p being the best's times
exp((rival's score - its score) / 0.5)) and twice as likely as all the others together.
Printed for several AHEAD, with and without the rivals, and for the rule before issue 32's
fourth session (p >= 0.9): the right moves played, the wrong ones (a wrong top-1 played, or
anything played for what is neither a move nor a command), and the share of the right top-1
moves played.
"""

import json
import math
import sys

TEMPERATURE = 0.5


def load(paths):
    rows = []
    for path in paths:
        with open(path) as f:
            rows.extend(json.loads(line) for line in f if line.strip())
    return rows


def plays(row, ahead_at, rivals=True, share_at=None):
    best = row["best"]
    b = best[0]
    if b["key"].startswith("cmd:") or b.get("bare"):
        return False
    if share_at is not None:
        return b["p"] >= share_at
    second = best[1]["p"] if len(best) > 1 else 0.0
    rival = 0.0
    if rivals and b.get("rival") is not None:
        rival = b["p"] * math.exp((b["rival"] - b["score"]) / TEMPERATURE)
    ahead = b["p"] / (b["p"] + max(second, rival))
    together = b["p"] / max(1.0 - b["p"], 1e-30)
    return ahead >= ahead_at and together >= 2.0


def tally(rows, **rule):
    right = wrong = right_top1 = 0
    wrongs = []
    for row in rows:
        expect = row["expect"]
        said_move = not expect.startswith("cmd:") and expect != "none"
        ok = row["best"][0]["key"] == expect
        right_top1 += said_move and ok
        if plays(row, **rule):
            if ok:
                right += 1
            else:
                wrong += 1
                wrongs.append((row["id"], row["cond"], row["text"], row["best"][0]["key"]))
    return right, wrong, right_top1, wrongs


def main():
    paths = sys.argv[1:]
    if not paths:
        sys.exit(__doc__)
    rows = load(paths)
    rules = [("p >= 0.9 (before)", dict(ahead_at=0, share_at=0.9))]
    for at in (0.85, 0.88, 0.9, 0.92, 0.95):
        rules.append((f"ahead >= {at}, no rivals", dict(ahead_at=at, rivals=False)))
        rules.append((f"ahead >= {at}, rivals", dict(ahead_at=at)))
    for name, rule in rules:
        right, wrong, top1, wrongs = tally(rows, **rule)
        print(f"{name:>26}: played right {right:4} of {top1} right top-1 moves "
              f"({100 * right / max(top1, 1):.1f} %), wrong {wrong} {wrongs[:3]}")


if __name__ == "__main__":
    main()
