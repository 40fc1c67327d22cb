"""Makes the voice fixtures (tests/data/voice/) from the phrases of examples/voice_fixtures.rs.

    cargo run --example voice_fixtures > /tmp/phrases.jsonl
    python3 voice/make_fixtures.py /tmp/phrases.jsonl tests/data/voice
    cargo run --example voice_fixtures heldout > /tmp/heldout.jsonl
    python3 voice/make_fixtures.py --heldout /tmp/heldout.jsonl tests/data/voice/heldout

Each phrase is said by espeak-ng (the language's default voice), resampled to 16 kHz mono
16-bit and trimmed; every third phrase also gets a noisy copy (seeded noise, 10 dB SNR) and
every third (another third) a second voice (a female variant, faster, higher). The WAV files
are committed, so that espeak-ng versions cannot move the figures; a file that exists is
kept (phrases added later do not say the earlier ones again). Needs numpy and espeak-ng.

`--heldout` (issue 32): audio nothing was fitted on. Every phrase clean (the default voice),
noisy (half at 10 dB, half at 5 dB SNR; babble of other phrases or mains hum with hiss, not
the fitted set's pink noise) and in another voice (espeak-ng's `m3` and `klatt4` variants in
turn, neither used by the fitted set).
"""

import json
import os
import subprocess
import sys
import tempfile
import wave

import numpy as np

RATE = 16000
VOICES = {"de": "de", "tr": "tr", "en": "en-gb"}


def say(text, voice, speed, pitch):
    with tempfile.NamedTemporaryFile(suffix=".wav") as f:
        subprocess.run(
            ["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w", f.name, text],
            check=True,
        )
        with wave.open(f.name) as w:
            sr = w.getframerate()
            a = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64)
    n = int(round(len(a) * RATE / sr))
    spec = np.fft.rfft(a)
    b = np.fft.irfft(spec[: n // 2 + 1], n) * (n / len(a))
    # Trim silence, keeping 50 ms on both sides.
    loud = np.nonzero(np.abs(b) > 300)[0]
    if len(loud):
        lo = max(0, loud[0] - RATE // 20)
        hi = min(len(b), loud[-1] + RATE // 20)
        b = b[lo:hi]
    return b


def noisy(a, seed, snr_db=10.0):
    rng = np.random.default_rng(seed)
    white = rng.standard_normal(len(a) + 64)
    # Brownish-pink noise: white noise through a short low-pass, like a room's hum and hiss.
    kernel = np.exp(-np.arange(64) / 12.0)
    noise = np.convolve(white, kernel / kernel.sum(), mode="valid")[: len(a)]
    noise += 0.3 * rng.standard_normal(len(a))
    p_sig = np.mean(a**2)
    p_noise = np.mean(noise**2)
    noise *= np.sqrt(p_sig / (p_noise * 10 ** (snr_db / 10)))
    return a + noise


def babble(a, others, seed, snr_db):
    """Other phrases (other languages' too) spoken over `a`, three at a time, at `snr_db`."""
    rng = np.random.default_rng(seed)
    noise = np.zeros(len(a))
    for _ in range(3):
        o = others[rng.integers(len(others))]
        reps = int(np.ceil((len(a) + len(o)) / len(o)))
        loop = np.tile(o, reps)
        start = rng.integers(len(o))
        noise += loop[start : start + len(a)]
    return mix(a, noise, snr_db)


def hum(a, seed, snr_db):
    """Mains hum (50 Hz and its odd harmonics) with white hiss, at `snr_db`."""
    rng = np.random.default_rng(seed)
    t = np.arange(len(a)) / RATE
    phase = rng.uniform(0, 2 * np.pi)
    noise = sum(np.sin(2 * np.pi * 50 * k * t + phase * k) / k for k in (1, 3, 5, 7))
    noise = noise / np.sqrt(np.mean(noise**2)) + 0.5 * rng.standard_normal(len(a))
    return mix(a, noise, snr_db)


def mix(a, noise, snr_db):
    p_sig = np.mean(a**2)
    p_noise = np.mean(noise**2)
    return a + noise * np.sqrt(p_sig / (p_noise * 10 ** (snr_db / 10)))


# The held-out set's other voices: (variant, speed, pitch), in turn.
HELDOUT_VOICES = (("+m3", 165, 40), ("+klatt4", 140, 60))


def write(path, a):
    a = np.clip(np.round(a), -32768, 32767).astype("<i2")
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(a.tobytes())


def main():
    args = [a for a in sys.argv[1:] if a != "--heldout"]
    heldout = len(args) < len(sys.argv) - 1
    phrases, out = args[0], args[1]
    for d in ("clean", "noise", "voice"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    with open(phrases) as f:
        items = [json.loads(line) for line in f if line.strip()]
    # A phrase already in the manifest keeps its line and its files: the candidates' forms
    # have grown since the first fixtures were made, so the example may now choose another
    # form for it than the one its recording says.
    known = {}
    path = os.path.join(out, "manifest.jsonl")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    item = json.loads(line)
                    known[item["id"]] = item

    def keep(rel, make):
        path = os.path.join(out, rel)
        if not os.path.exists(path):
            write(path, make())
        return rel

    cleans = {}

    def clean_of(item):
        if item["id"] not in cleans:
            cleans[item["id"]] = say(item["text"], VOICES[item["lang"]], 150, 50)
        return cleans[item["id"]]

    manifest = []
    for k, item in enumerate(items):
        if item["id"] in known:
            manifest.append(known.pop(item["id"]))
            continue
        voice = VOICES[item["lang"]]
        files = {}
        clean = clean_of(item)
        files["clean"] = keep("clean/%s.wav" % item["id"], lambda: clean)
        if heldout:
            snr = 10 if k % 2 == 0 else 5
            # Babble: the nine phrases after this one (any language), three at a time.
            others = [clean_of(i) for i in (items[k + 1 :] + items[:k])[:9]]
            if k % 4 < 2:
                make = lambda: babble(clean, others, 7000 + k, snr)
            else:
                make = lambda: hum(clean, 7000 + k, snr)
            files["noise%d" % snr] = keep("noise/%s-%d.wav" % (item["id"], snr), make)
            variant, speed, pitch = HELDOUT_VOICES[k % len(HELDOUT_VOICES)]
            files["voice"] = keep(
                "voice/%s.wav" % item["id"], lambda: say(item["text"], voice + variant, speed, pitch)
            )
        else:
            if k % 3 == 0:
                files["noise"] = keep("noise/%s.wav" % item["id"], lambda: noisy(clean, 1000 + k))
            if k % 3 == 1:
                files["voice"] = keep(
                    "voice/%s.wav" % item["id"], lambda: say(item["text"], voice + "+f3", 175, 70)
                )
        item["files"] = files
        manifest.append(item)
    manifest.extend(known.values())
    with open(path, "w") as f:
        for item in manifest:
            f.write(json.dumps(item, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
