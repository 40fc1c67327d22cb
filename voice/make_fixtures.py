"""Makes the voice fixtures (tests/data/voice/) from the phrases of examples/voice_fixtures.rs.

    cargo run --example voice_fixtures > /tmp/phrases.jsonl
    python3 voice/make_fixtures.py /tmp/phrases.jsonl tests/data/voice

Each phrase is said by espeak-ng (the language's default voice), resampled to 16 kHz mono
16-bit and trimmed; every third phrase also gets a noisy copy (seeded noise, 10 dB SNR) and
every third (another third) a second voice (a female variant, faster, higher). The WAV files
are committed, so that espeak-ng versions cannot move the figures. Needs numpy and espeak-ng.
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


def write(path, a):
    a = np.clip(np.round(a), -32768, 32767).astype("<i2")
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(a.tobytes())


def main():
    phrases, out = sys.argv[1], sys.argv[2]
    for d in ("clean", "noise", "voice"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    manifest = []
    with open(phrases) as f:
        items = [json.loads(line) for line in f if line.strip()]
    for k, item in enumerate(items):
        voice = VOICES[item["lang"]]
        files = {}
        clean = say(item["text"], voice, 150, 50)
        files["clean"] = "clean/%s.wav" % item["id"]
        write(os.path.join(out, files["clean"]), clean)
        if k % 3 == 0:
            files["noise"] = "noise/%s.wav" % item["id"]
            write(os.path.join(out, files["noise"]), noisy(clean, 1000 + k))
        if k % 3 == 1:
            files["voice"] = "voice/%s.wav" % item["id"]
            write(os.path.join(out, files["voice"]), say(item["text"], voice + "+f3", 175, 70))
        item["files"] = files
        manifest.append(item)
    with open(os.path.join(out, "manifest.jsonl"), "w") as f:
        for item in manifest:
            f.write(json.dumps(item, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
