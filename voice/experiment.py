"""Trying scoring variants on the committed fixtures without the Rust benchmark (docs/voice.md).

    cargo bench --bench voice -- --dump /tmp/cands.jsonl      # every fixture's candidates
    python voice/experiment.py collect /tmp/cands.jsonl /tmp/run.jsonl [--stride N]
        [--window S] [--prompt] [--top K] [--threads T] [--model DIR]
    python voice/experiment.py nulls /tmp/cands.jsonl /tmp/run.jsonl /tmp/nulls.json
    python voice/experiment.py check [--fixtures N] [--texts N]   # the tree decoder = CTranslate2
    python voice/experiment.py replay /tmp/run.jsonl [--top K] [--temperature T] [--command-prior P]
        [--nulls /tmp/nulls.json --contrast C]

`collect` runs the worker's own code (voice/worker.py) over the fixtures and writes, per
utterance, the token log-probabilities of every form it scored (the first form of every
candidate, then every form of the best K) and the time each step took; `replay` scores those
records in different ways (second pass width, temperature, a prior against lone command
words) and prints top-1, top-3, the highest probability of a wrong top-1 and how many right
ones lie above it, per language and condition: no model run needed for those variants.
`nulls` scores every form of a run after one second of silence (the worker's `prepare`), so
that `replay --contrast C` can take C times that off each form's score.
"""

import argparse
import json
import math
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def probs_of(logprobs):
    return [[math.exp(x) for x in lps] for lps in logprobs]


def collect(args):
    import worker

    worker.MIN_SECONDS = args.window
    worker.KEEP_AFTER = args.keep_after
    worker.LEAD = args.lead
    if args.speeds:
        worker.SPEEDS = tuple(float(x) for x in args.speeds.split(","))
    if args.prompt:
        worker.PROMPTS = json.loads(args.prompt)
    model = args.model or os.environ.get("HAMLE_VOICE_MODEL")
    w = worker.Whisper(model, args.threads)
    fixtures = os.path.join(HERE, "..", "tests", "data", "voice")
    items = [json.loads(l) for l in open(args.dump) if l.strip()]
    if args.lang:
        items = [i for i in items if i["lang"] in args.lang.split(",")]
    items = [i for i in items if int(i["id"].rsplit("-", 1)[1]) % args.stride == args.offset]
    out = open(args.out, "w")
    for n, item in enumerate(items):
        for cond, path in sorted(item["files"].items()):
            if args.cond and cond not in args.cond.split(","):
                continue
            pcm = open(os.path.join(fixtures, path), "rb").read()[44:]
            groups = item["groups"]
            wall, cpu = time.time(), time.process_time()
            views = [w.encode(pcm, speed) for speed in worker.SPEEDS]
            t_enc = (time.time() - wall) * 1000
            firsts = probs_of(w.token_logprobs(views, item["lang"], [g[0] for g in groups]))
            t_first = (time.time() - wall) * 1000 - t_enc
            means = [sum(math.log(max(p, 1e-30)) for p in ps) / max(1, len(ps)) for ps in firsts]
            order = sorted(range(len(groups)), key=lambda i: -means[i])[: args.top]
            if args.all:
                order = range(len(groups))
            rest = [(g, f) for g in order for f in range(1, len(groups[g]))]
            probs = probs_of(w.token_logprobs(views, item["lang"], [groups[g][f] for g, f in rest]))
            t_all = (time.time() - wall) * 1000
            scored = [[g, 0, ps] for g, ps in enumerate(firsts)] + [
                [g, f, ps] for (g, f), ps in zip(rest, probs)
            ]
            rec = {
                "id": item["id"], "lang": item["lang"], "cond": cond, "expect": item["expect"],
                "keys": item["keys"], "nforms": [len(g) for g in groups], "scored": scored,
                "ms_encode": round(t_enc, 1), "ms_first": round(t_first, 1),
                "ms_all": round(t_all, 1), "cpu_ms": round((time.process_time() - cpu) * 1000, 1),
                "n_first": len(groups), "n_rest": len(rest),
            }
            out.write(json.dumps(rec) + "\n")
            out.flush()
        if n % 20 == 0:
            print("%d/%d" % (n, len(items)), file=sys.stderr, flush=True)


def nulls(args):
    import worker

    worker.MIN_SECONDS = args.window
    worker.KEEP_AFTER = args.keep_after
    worker.LEAD = args.lead
    w = worker.Whisper(args.model or os.environ.get("HAMLE_VOICE_MODEL"), args.threads)
    groups = {}
    for l in open(args.dump):
        if l.strip():
            item = json.loads(l)
            groups[item["id"]] = item["groups"]
    forms = {}
    for l in open(args.run):
        if l.strip():
            rec = json.loads(l)
            for g, f, _ in rec["scored"]:
                forms.setdefault(rec["lang"], []).append(groups[rec["id"]][g][f])
    for lang, fs in forms.items():
        w.prepare(lang, fs)
    out = {"%s|%s" % key: s for key, s in w.nulls.items()}
    json.dump(out, open(args.out, "w"))
    print("%d forms" % len(out), file=sys.stderr)


def check(args):
    """The tree decoder against CTranslate2's own `align` on the float32 model: the same
    token log-probabilities (every text of a language scored after each of a few of its
    fixtures). Exits 1 if any differs by more than --tolerance."""
    import ctranslate2
    import worker

    model = args.model or os.environ.get("HAMLE_VOICE_MODEL")
    w = worker.Whisper(model, args.threads)
    if w.decoder is None:
        print("no tree decoder: %s" % w.decoder_error)
        sys.exit(1)
    exact = worker.Whisper(model, args.threads)
    exact.decoder = None
    exact.model = ctranslate2.models.Whisper(model, device="cpu", compute_type="float32")
    fixtures = os.path.join(HERE, "..", "tests", "data", "voice")
    items = [json.loads(l) for l in open(os.path.join(fixtures, "manifest.jsonl")) if l.strip()]
    worst, compared = 0.0, 0
    for lang in ("de", "en", "tr"):
        mine = [i for i in items if i["lang"] == lang]
        texts = sorted({i["text"] for i in mine})[: args.texts]
        for item in mine[:: max(1, len(mine) // args.fixtures)][: args.fixtures]:
            pcm = open(os.path.join(fixtures, item["files"]["clean"]), "rb").read()[44:]
            views = [w.encode(pcm, speed) for speed in (1.0, 0.9)]
            tree = w.token_logprobs(views, lang, texts)
            ref = exact.token_logprobs(views, lang, texts)
            for a, b in zip(tree, ref):
                if len(a) != len(b):
                    print("%s: %d tokens against %d" % (item["id"], len(a), len(b)))
                    sys.exit(1)
                for x, y in zip(a, b):
                    worst = max(worst, abs(x - y))
                    compared += 1
    print("%d token log-probabilities compared; largest difference %.5f" % (compared, worst))
    sys.exit(0 if worst <= args.tolerance else 1)


def form_score(ps, how):
    lp = [math.log(max(p, 1e-30)) for p in ps]
    if how == "mean":
        return sum(lp) / max(1, len(lp))
    if how == "mean-nostop":
        return sum(lp[:-1]) / max(1, len(lp) - 1)
    raise ValueError(how)


def replay_one(rec, a):
    n = len(rec["keys"])
    first = [None] * n
    forms = {}
    prior = [-a.command_prior if k.startswith("cmd:") else 0.0 for k in rec["keys"]]
    for g, f, ps in rec["scored"]:
        s = form_score(ps, a.how) + prior[g]
        if a.contrast:
            s -= a.contrast * a.null_scores["%s|%s" % (rec["lang"], a.groups[rec["id"]][g][f])]
        if f < a.first:
            first[g] = s if first[g] is None else max(first[g], s)
        forms.setdefault(g, []).append((f, s))
    scores = list(first)
    order = sorted(range(n), key=lambda i: -first[i])[: a.top]
    for g in order:
        for f, s in forms[g]:
            scores[g] = max(scores[g], s)
    m = max(scores)
    ex = [math.exp((s - m) / a.temperature) for s in scores]
    z = sum(ex)
    p = [e / z for e in ex]
    ranked = sorted(range(n), key=lambda i: -p[i])
    return ranked, p


def replay(args):
    recs = [json.loads(l) for f in args.runs for l in open(f) if l.strip()]
    if args.contrast:
        args.null_scores = json.load(open(args.nulls))
        args.groups = {}
        for l in open(args.dump):
            if l.strip():
                item = json.loads(l)
                args.groups[item["id"]] = item["groups"]
    tab = {}
    wrong_ps, right_ps = [], []
    for rec in recs:
        ranked, p = replay_one(rec, args)
        t = tab.setdefault((rec["lang"], rec["cond"]), {"n": 0, "top1": 0, "top3": 0, "ms": [], "cpu": [], "wrong": 0.0})
        t["n"] += 1
        t["ms"].append(rec["ms_all"])
        t["cpu"].append(rec["cpu_ms"])
        best = rec["keys"][ranked[0]]
        if best == rec["expect"]:
            t["top1"] += 1
            right_ps.append(p[ranked[0]])
        else:
            t["wrong"] = max(t["wrong"], p[ranked[0]])
            wrong_ps.append(p[ranked[0]])
            if args.verbose:
                print("  %s %s: best %s p=%.3f" % (rec["id"], rec["cond"], best, p[ranked[0]]))
        if rec["expect"] in [rec["keys"][i] for i in ranked[:3]]:
            t["top3"] += 1
    print("| lang | cond | n | top-1 | top-3 | max p wrong | median ms | median cpu |")
    for k in sorted(tab):
        t = tab[k]
        print("| %s | %s | %d | %.1f | %.1f | %.3f | %.0f | %.0f |" % (
            k[0], k[1], t["n"], 100 * t["top1"] / t["n"], 100 * t["top3"] / t["n"], t["wrong"],
            statistics.median(t["ms"]), statistics.median(t["cpu"])))
    thr = max(wrong_ps) if wrong_ps else 0.0
    above = sum(1 for x in right_ps if x > thr)
    print("all: top-1 %d/%d; max wrong p %.3f; right above it %d of %d" % (
        len(right_ps), len(recs), thr, above, len(right_ps)))


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("dump")
    c.add_argument("out")
    c.add_argument("--stride", type=int, default=1)
    c.add_argument("--offset", type=int, default=0)
    c.add_argument("--window", type=float, default=3)
    c.add_argument("--top", type=int, default=6)
    c.add_argument("--threads", type=int, default=2)
    c.add_argument("--model")
    c.add_argument("--lang")
    c.add_argument("--all", action="store_true", help="score every form of every candidate")
    c.add_argument("--keep-after", type=float)
    c.add_argument("--lead", type=float, default=0.1, help="seconds of silence before the speech")
    c.add_argument("--speeds", default="1.0", help="e.g. 0.9: the speed the utterance is heard at; several are averaged")
    c.add_argument("--prompt", help='JSON: {"de": "Springer Läufer ...", ...}')
    c.add_argument("--cond")
    r = sub.add_parser("replay")
    r.add_argument("runs", nargs="+")
    r.add_argument("--top", type=int, default=4)
    r.add_argument("--first", type=int, default=1, help="forms per candidate in the first pass")
    r.add_argument("--temperature", type=float, default=0.5)
    r.add_argument("--command-prior", type=float, default=0.0)
    r.add_argument("--how", default="mean")
    r.add_argument("--contrast", type=float, default=0.0)
    r.add_argument("--nulls", help="from `nulls`: each form's score after silence")
    r.add_argument("--dump", help="the candidates the run was collected from (with --contrast)")
    n = sub.add_parser("nulls")
    n.add_argument("dump")
    n.add_argument("run")
    n.add_argument("out")
    n.add_argument("--threads", type=int, default=2)
    n.add_argument("--model")
    n.add_argument("--window", type=float, default=3)
    n.add_argument("--keep-after", type=float)
    n.add_argument("--lead", type=float, default=0.1)
    r.add_argument("-v", "--verbose", action="store_true")
    k = sub.add_parser("check")
    k.add_argument("--model")
    k.add_argument("--threads", type=int, default=2)
    k.add_argument("--fixtures", type=int, default=3, help="per language")
    k.add_argument("--texts", type=int, default=40, help="per language")
    k.add_argument("--tolerance", type=float, default=1e-3)
    a = ap.parse_args()
    {"collect": collect, "replay": replay, "nulls": nulls, "check": check}[a.cmd](a)


if __name__ == "__main__":
    main()
