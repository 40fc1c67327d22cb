"""hamle's speech recogniser worker: Whisper (CTranslate2) scoring the phrases it is given.

The server starts this script once per worker (`hamle serve --voice-model DIR`) and keeps it
warm: one JSON object a line on stdin, one answer a line on stdout. Nothing is downloaded:
the model is read from DIR (a faster-whisper / CTranslate2 Whisper directory: model.bin,
config.json, tokenizer.json). Needs the Python packages ctranslate2, numpy and tokenizers.

Requests (each may carry an "id", echoed in the answer):
  {"op": "score", "lang": "de", "pcm": "<base64 s16le 16 kHz mono>",
   "groups": [["first form", "other form", ...], ...], "top": 6, "first": 1,
   "prior": [0.0, ..one per group, optional..], "contrast": 0.5}
      -> {"scores": [..one per group..], "ms": 123.4, "cpu_ms": 230.1}
     (`ms`: wall time; `cpu_ms`: the worker's CPU time, every thread, which a busy machine does
     not inflate)
     Each group is one candidate (a move or a command) with the forms it can be said in. The
     first `first` forms of every group are scored; then the other forms of the `top` best
     groups, and a group's score is its best form's plus its `prior` (a log-probability
     offset, e.g. against lone command words). A form's score is the mean log-probability
     Whisper gives its tokens and a closing full stop after the audio (teacher-forced),
     less `contrast` (default 0) times the same mean after silence: what Whisper expects
     whatever it hears (short, common words) is discounted, what the audio itself makes
     likely is not. The silence scores do not depend on the audio and are kept per form.
  {"op": "prepare", "lang": "de", "groups": [[...], ...]}
      -> {"prepared": 12}  the silence scores of every form not yet kept (sent when an
     utterance starts: they are ready by the time it ends).
  {"op": "transcribe", "lang": "de", "pcm": "..."} -> {"text": "...", "ms": ...}
      Free-form transcription (greedy), for comparison in the benchmark.
  {"op": "stats"} -> {"rss_kb": ...}
The first line the worker writes is {"ready": true, ...} once the model is loaded, or
{"error": "..."} if it cannot be.
"""

import base64
import json
import math
import os
import sys
import time

SAMPLE_RATE = 16000
N_FFT = 400
HOP = 160
# The shortest window the encoder sees: the utterance padded with silence to 3 s. Whisper was
# trained on 30 s windows and hears a bare 1 s phrase poorly; 4 s gave most of the gain of
# 30 s, and 3 s as much at a sixth less CPU (the decoder attends to every frame; 2 s lost
# accuracy): measured on the fixtures, docs/voice.md.
MIN_SECONDS = 3
# Words put before the utterance as Whisper's previous text (<|startofprev|>), per language
# (none: measured in voice/experiment.py).
PROMPTS = {}
KEEP_AFTER = None
BATCH = 8
# Silence scores kept (one float each, per language and form); past this they are forgotten
# and computed again as needed.
NULL_CACHE = 200_000


def mel_filters(n_mels, n_fft=N_FFT, sr=SAMPLE_RATE):
    """The Slaney-style mel filterbank Whisper was trained with (librosa's default)."""
    import numpy as np

    fftfreqs = np.fft.rfftfreq(n=n_fft, d=1.0 / sr)
    min_mel, max_mel = 0.0, 45.245640471924965
    mels = np.linspace(min_mel, max_mel, n_mels + 2)
    f_sp = 200.0 / 3
    freqs = f_sp * mels
    min_log_hz = 1000.0
    min_log_mel = min_log_hz / f_sp
    logstep = np.log(6.4) / 27.0
    log_t = mels >= min_log_mel
    freqs[log_t] = min_log_hz * np.exp(logstep * (mels[log_t] - min_log_mel))
    fdiff = np.diff(freqs)
    ramps = freqs.reshape(-1, 1) - fftfreqs.reshape(1, -1)
    lower = -ramps[:-2] / fdiff[:-1].reshape(-1, 1)
    upper = ramps[2:] / fdiff[1:].reshape(-1, 1)
    weights = np.maximum(0, np.minimum(lower, upper))
    enorm = 2.0 / (freqs[2 : n_mels + 2] - freqs[:n_mels])
    weights *= enorm[:, np.newaxis]
    return weights.astype(np.float32)


def select_isa():
    """CTranslate2 uses AVX2 unless told otherwise; where the processor has AVX-512 (with
    VNNI for int8), that is about a fifth less CPU time per utterance (measured here).
    `CT2_FORCE_CPU_ISA` set by the caller wins."""
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((l.split(":", 1)[1].split() for l in f if l.startswith("flags")), [])
    except OSError:
        return
    if all(x in flags for x in ("avx512f", "avx512bw", "avx512vl", "avx512_vnni")):
        os.environ.setdefault("CT2_FORCE_CPU_ISA", "AVX512")


class Whisper:
    def __init__(self, model_dir, threads):
        select_isa()
        import ctranslate2
        from concurrent.futures import ThreadPoolExecutor
        import numpy as np
        import tokenizers

        self.np = np
        self.ct2 = ctranslate2
        self.model = ctranslate2.models.Whisper(
            model_dir,
            device="cpu",
            compute_type="int8",
            # `threads` replicas of one thread each (sharing the weights), fed batches of
            # forms in parallel: the decoder's small matrices gain little from two threads
            # each (measured: about 1.4 times faster than one replica of two threads).
            intra_threads=1,
            inter_threads=max(1, threads),
        )
        self.pool = ThreadPoolExecutor(max(1, threads))
        self.tok = tokenizers.Tokenizer.from_file(os.path.join(model_dir, "tokenizer.json"))
        self.filters = mel_filters(self.model.n_mels)
        self.window = np.hanning(N_FFT + 1)[:-1].astype(np.float32)
        self.sot = self.tok.token_to_id("<|startoftranscript|>")
        self.transcribe_id = self.tok.token_to_id("<|transcribe|>")
        self.notimestamps = self.tok.token_to_id("<|notimestamps|>")
        self.eot = self.tok.token_to_id("<|endoftext|>")
        # The end of a phrase: Whisper ends a short utterance with a full stop before its
        # end-of-text token (which `align` does not score), so every form is scored with the
        # stop. A command that is only the start of what was said ("Ja" for "Ja, Turm...")
        # then loses: after it Whisper expects a comma or more words, not a stop.
        self.stop = self.tok.encode(".", add_special_tokens=False).ids
        self.cache = {}
        # (lang, form) -> the form's mean log-probability after one second of silence.
        self.nulls = {}
        self.silence = None

    def start(self, lang):
        prompt = []
        if PROMPTS.get(lang):
            prompt = [self.tok.token_to_id("<|startofprev|>")] + self.tok.encode(
                " " + PROMPTS[lang], add_special_tokens=False
            ).ids
        return prompt + [self.sot, self.tok.token_to_id("<|%s|>" % lang), self.transcribe_id, self.notimestamps]

    def tokens(self, text):
        ids = self.cache.get(text)
        if ids is None:
            ids = self.tok.encode(" " + text.strip(), add_special_tokens=False).ids + self.stop
            self.cache[text] = ids
        return ids

    def features(self, pcm):
        """Log-mel features of the utterance at its own length (not a 30 s window)."""
        np = self.np
        audio = np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0
        # A little silence on both sides, as around a phrase in a recording, and after it up
        # to the shortest window.
        pad = np.zeros(SAMPLE_RATE // 10, dtype=np.float32)
        tail = max(len(pad), int(MIN_SECONDS * SAMPLE_RATE) - len(audio) - len(pad))
        audio = np.concatenate([pad, audio, np.zeros(tail, dtype=np.float32)])
        padded = np.pad(audio, (N_FFT // 2, N_FFT // 2), mode="reflect")
        n_frames = 1 + (len(padded) - N_FFT) // HOP
        idx = np.arange(N_FFT)[None, :] + HOP * np.arange(n_frames)[:, None]
        frames = padded[idx] * self.window
        spec = np.abs(np.fft.rfft(frames, axis=1)) ** 2
        spec = spec[:-1].T  # Whisper drops the last frame
        mel = self.filters @ spec
        log = np.log10(np.maximum(mel, 1e-10))
        log = np.maximum(log, log.max() - 8.0)
        log = (log + 4.0) / 4.0
        if log.shape[1] % 2:
            log = np.pad(log, ((0, 0), (0, 1)), constant_values=log.min())
        return np.ascontiguousarray(log[None, :, :], dtype=np.float32)

    def encode(self, pcm):
        feats = self.features(pcm)
        out = self.np.array(self.model.encode(self.ct2.StorageView.from_array(feats), to_cpu=True))
        frames = feats.shape[2] // 2
        if KEEP_AFTER is not None:
            # The decoder attends only to the speech and KEEP_AFTER seconds after it (an
            # encoder frame is 20 ms): most of its work is over the frames it attends to.
            speech = 0.1 + len(pcm) / 2 / SAMPLE_RATE
            frames = min(frames, int(math.ceil((speech + KEEP_AFTER) * 50)))
            out = self.np.ascontiguousarray(out[:, :frames, :])
        return out, frames

    def token_probs(self, enc, frames, lang, forms):
        """Each form's token probabilities after the audio (teacher-forced)."""
        np = self.np
        if not forms:
            return []
        start = self.start(lang)
        toks = [self.tokens(f) or [self.eot] for f in forms]
        # In batches of BATCH forms of about the same length (a batch is padded to its
        # longest form, and one large batch was slower per form than several small ones).
        order = sorted(range(len(toks)), key=lambda i: len(toks[i]))
        parts = [order[at : at + BATCH] for at in range(0, len(order), BATCH)]

        def align(part):
            batch = self.ct2.StorageView.from_array(np.ascontiguousarray(np.repeat(enc, len(part), axis=0)))
            return part, self.model.align(batch, start, [toks[i] for i in part], frames)

        probs = [None] * len(toks)
        for part, results in self.pool.map(align, parts):
            for i, r in zip(part, results):
                probs[i] = list(r.text_token_probs)
        return probs

    def mean_logprobs(self, enc, frames, lang, forms):
        # The mean: a short form (a command word) is not favoured for having fewer tokens
        # to lose probability on (the sum and the square-root norm were measured worse).
        return [
            sum(math.log(max(p, 1e-30)) for p in probs) / max(1, len(probs))
            for probs in self.token_probs(enc, frames, lang, forms)
        ]

    def prepare(self, lang, forms):
        """Computes the silence score of every form not kept yet; how many were computed."""
        todo = sorted({f for f in forms if (lang, f) not in self.nulls})
        if not todo:
            return 0
        if self.silence is None:
            self.silence = self.encode(b"\0\0" * SAMPLE_RATE)
        if len(self.nulls) + len(todo) > NULL_CACHE:
            self.nulls.clear()
        enc, frames = self.silence
        for form, s in zip(todo, self.mean_logprobs(enc, frames, lang, todo)):
            self.nulls[(lang, form)] = s
        return len(todo)

    def score_forms(self, enc, frames, lang, forms, contrast=0.0):
        scores = self.mean_logprobs(enc, frames, lang, forms)
        if contrast:
            self.prepare(lang, forms)
            scores = [s - contrast * self.nulls[(lang, f)] for s, f in zip(scores, forms)]
        return scores

    def score(self, pcm, lang, groups, top, first=1, prior=None, contrast=0.0):
        """Each group's score: its best form's score plus its prior. The first `first` forms
        of every group are scored, then the other forms of the `top` best."""
        enc, frames = self.encode(pcm)
        prior = list(prior) if prior else [0.0] * len(groups)
        forms, owner = [], []
        for i, g in enumerate(groups):
            for form in g[:first]:
                forms.append(form)
                owner.append(i)
        scores = [-math.inf] * len(groups)
        for i, s in zip(owner, self.score_forms(enc, frames, lang, forms, contrast)):
            scores[i] = max(scores[i], s + prior[i])
        order = sorted(range(len(groups)), key=lambda i: -scores[i])[:top]
        forms, owner = [], []
        for i in order:
            for form in groups[i][first:]:
                forms.append(form)
                owner.append(i)
        for i, s in zip(owner, self.score_forms(enc, frames, lang, forms, contrast)):
            scores[i] = max(scores[i], s + prior[i])
        return scores

    def transcribe(self, pcm, lang):
        enc, _ = self.encode(pcm)
        sv = self.ct2.StorageView.from_array(enc)
        res = self.model.generate(sv, [self.start(lang)], beam_size=1, max_length=64)
        ids = [t for t in res[0].sequences_ids[0] if t < self.eot]
        return self.tok.decode(ids).strip()


def groups_of(req):
    """The request's groups: a list of lists of phrases, or ValueError."""
    groups = req["groups"]
    if not isinstance(groups, list) or not all(
        isinstance(g, list) and all(isinstance(f, str) for f in g) for g in groups
    ):
        raise ValueError("groups must be lists of phrases")
    return groups


def rss_kb():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def main():
    if len(sys.argv) < 2:
        print(json.dumps({"error": "usage: worker.py MODEL_DIR [THREADS]"}), flush=True)
        return 2
    model_dir = sys.argv[1]
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    try:
        # Below the server's own threads: recognition never delays moves or speech.
        os.nice(10)
    except OSError:
        pass
    try:
        t = time.time()
        w = Whisper(model_dir, threads)
        load_ms = (time.time() - t) * 1000
    except Exception as e:  # the model directory is missing or damaged, a package is missing
        print(json.dumps({"error": "%s: %s" % (type(e).__name__, e)}), flush=True)
        return 1
    print(json.dumps({"ready": True, "load_ms": round(load_ms, 1), "rss_kb": rss_kb()}), flush=True)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        answer = {}
        try:
            req = json.loads(line)
            if "id" in req:
                answer["id"] = req["id"]
            op = req.get("op")
            t = time.time()
            cpu = time.process_time()
            if op == "score":
                pcm = base64.b64decode(req["pcm"])
                groups = groups_of(req)
                if not pcm or not groups or any(not g for g in groups):
                    raise ValueError("empty audio or group")
                prior = req.get("prior")
                if prior is not None and len(prior) != len(groups):
                    raise ValueError("one prior per group")
                answer["scores"] = w.score(
                    pcm,
                    req["lang"],
                    groups,
                    int(req.get("top", 6)),
                    int(req.get("first", 1)),
                    prior,
                    float(req.get("contrast", 0.0)),
                )
            elif op == "prepare":
                groups = groups_of(req)
                # hamle's own forms first: those every utterance scores.
                forms = [g[0] for g in groups if g] + [f for g in groups for f in g[1:]]
                answer["prepared"] = w.prepare(req["lang"], forms)
            elif op == "transcribe":
                answer["text"] = w.transcribe(base64.b64decode(req["pcm"]), req["lang"])
            elif op == "stats":
                answer["rss_kb"] = rss_kb()
            else:
                raise ValueError("unknown op %r" % op)
            answer["ms"] = round((time.time() - t) * 1000, 1)
            answer["cpu_ms"] = round((time.process_time() - cpu) * 1000, 1)
        except Exception as e:
            answer["error"] = "%s: %s" % (type(e).__name__, e)
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
