"""hamle's speech recogniser worker: Whisper scoring the phrases it is given (the audio through
CTranslate2's encoder, the phrases through `TreeDecoder`, the model's decoder in NumPy that
decodes every phrase of a request as one prefix tree).

The server starts this script once per worker (`hamle serve --voice-model DIR`) and keeps it
warm: one JSON object a line on stdin, one answer a line on stdout. Nothing is downloaded:
the model is read from DIR (a faster-whisper / CTranslate2 Whisper directory: model.bin,
config.json, tokenizer.json). Needs the Python packages ctranslate2, numpy and tokenizers.

Requests (each may carry an "id", echoed in the answer):
  {"op": "score", "lang": "de", "pcm": "<base64 s16le 16 kHz mono>",
   "groups": [["first form", "other form", ...], ...], "top": 6, "first": 1,
   "prior": [0.0, ..one per group, optional..], "contrast": 0.5, "again": 8,
   "rival_of": [0, 3, ..optional: the last groups are rivals of these..], "rival_gate": 1.0,
   "candidate_of": [0, 1, 2, 3, 0, ..optional: the candidate of each group but the rivals..],
   "view_gate": 1.5 ..optional..}
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
     Then the forms scored of the `again` (default 0) best groups are scored again in the
     utterance's other views (SPEEDS: ten per cent slower), and a form's score after the
     audio is the mean of its views'; with `view_gate`, only when the best group is less
     than that far ahead (in score) of the best group of another candidate after the first
     view (further ahead, the other views are not heard). Groups named in `rival_of` have
     rivals: the last groups, one for each entry (the same piece said going where it cannot
     go). They are in no pass; only the rivals of the best group are scored, in the views its
     forms were, and the scores of the others are null.
  {"op": "prepare", "lang": "de", "groups": [[...], ...]}
      -> {"prepared": 12}  the silence scores of every form not yet kept (sent when an
     utterance starts: they are ready by the time it ends).
  {"op": "transcribe", "lang": "de", "pcm": "..."} -> {"text": "...", "ms": ...}
      Free-form transcription (greedy), for comparison in the benchmark.
  {"op": "stats"} -> {"rss_kb": ..., "nice": ...}
The first line the worker writes is {"ready": true, "decoder": "tree", ...} once the model is
loaded ("decoder": "ctranslate2: <why>" when the tree decoder cannot read the model, which is
then scored by CTranslate2's `align`), or {"error": "..."} if it cannot be.
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
# Silence before the utterance, seconds.
LEAD = 0.1
# The views of the audio: the utterance as it came, and ten per cent slower. The best `again`
# candidates of a request (after both passes over the first view) are scored in the others
# too, and a form's score is then the mean of its views': the two views err on different
# utterances (measured on the fixtures, docs/voice.md: 562 of 610 right against 551 with the
# first alone, more in both halves of them; 0.9 alone 547, 1.1 alone 528).
SPEEDS = (1.0, 0.9)
BATCH = 8
# The tree decoder keeps the keys and values of this many encoder outputs (the views of the
# utterance being scored, and silence).
AUDIO_KEPT = 4
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


# The tree decoder computes the logits of this many nodes at a time.
LOGIT_ROWS = 512
# CTranslate2's model.bin: the data types in the order of its DataType enum.
CT2_DTYPES = ("float32", "int8", "int16", "int32", "float16", "bfloat16")


def read_ct2_variables(path, prefix):
    """The variables of a CTranslate2 model.bin whose names start with `prefix`, as NumPy
    arrays, weights in float32. Only models stored in float16, bfloat16 or float32 (as
    faster-whisper publishes them) are read: a quantised one is refused (ValueError), and
    the worker then scores with CTranslate2's own decoder."""
    import struct
    import numpy as np

    with open(path, "rb") as f:
        data = memoryview(f.read())
    at = 0

    def take(fmt):
        nonlocal at
        value = struct.unpack_from(fmt, data, at)[0]
        at += struct.calcsize(fmt)
        return value

    def string():
        nonlocal at
        n = take("H")
        value = bytes(data[at : at + n - 1]).decode("utf-8")
        at += n
        return value

    version = take("I")
    if version < 5:
        raise ValueError("model.bin version %d is too old" % version)
    string()  # the spec's name
    take("I")  # its revision
    out = {}
    for _ in range(take("I")):
        name = string()
        dims = [take("I") for _ in range(take("B"))]
        dtype = CT2_DTYPES[take("B")]
        size = take("I")
        if name.startswith(prefix):
            if name.endswith("_scale"):
                raise ValueError("%s: a quantised model" % name)
            if dtype == "bfloat16":
                bits = np.frombuffer(data, dtype="<u2", count=size // 2, offset=at)
                value = (bits.astype(np.uint32) << 16).view(np.float32)
            else:
                kind = np.dtype(dtype).newbyteorder("<")
                value = np.frombuffer(data, dtype=kind, count=size // kind.itemsize, offset=at)
                if kind.kind == "f":
                    value = value.astype(np.float32)
                elif dims:
                    raise ValueError("%s: %s weights" % (name, dtype))
            out[name] = value.reshape(dims)
        at += size
    for _ in range(take("I")):
        alias, target = string(), string()
        if alias.startswith(prefix) and target in out:
            out[alias] = out[target]
    return out


class TreeDecoder:
    """Whisper's decoder in NumPy, scoring many token sequences after one audio at once.

    CTranslate2's `align` decodes every form on its own: the start tokens again, the
    keys and values of the audio again for each form of a batch. The forms of a position
    share most of that ("Springer Felix drei", "Springer Felix vier", ...), so here they
    are one prefix tree, every node of it decoded once in a single pass (each node attends
    to its ancestors only), and the audio's keys and values are computed once per layer.
    The arithmetic is the model's own in float32: its scores equal CTranslate2's float32
    `align` (checked by `voice/experiment.py check`), a little different from int8's.
    """

    def __init__(self, model_path, text_vocab):
        import numpy as np
        from concurrent.futures import ThreadPoolExecutor

        self.np = np
        w = read_ct2_variables(model_path, "decoder/")
        if int(w["decoder/activation"]) != 3 or int(w["decoder/pre_norm"]) != 1:
            raise ValueError("not a Whisper decoder (activation or norm)")
        if int(w.get("decoder/alibi", 0)) or int(w.get("decoder/scale_embeddings", 0)):
            raise ValueError("not a Whisper decoder (alibi or scaled embeddings)")
        self.heads = int(w["decoder/num_heads"])
        self.embeddings = w["decoder/embeddings/weight"]
        # The scores are over the text tokens only, as CTranslate2's `align` gives them.
        self.output = self.embeddings[:text_vocab].T
        self.positions = w["decoder/position_encodings/encodings"]
        self.final_norm = (w["decoder/layer_norm/gamma"], w["decoder/layer_norm/beta"])
        self.layers = []
        while "decoder/layer_%d/ffn/linear_0/weight" % len(self.layers) in w:
            p = "decoder/layer_%d/" % len(self.layers)

            def linear(name):
                return np.ascontiguousarray(w[p + name + "/weight"].T), w[p + name + "/bias"]

            def norm(name):
                return w[p + name + "/gamma"], w[p + name + "/beta"]

            self.layers.append(
                {
                    "self_norm": norm("self_attention/layer_norm"),
                    "self_qkv": linear("self_attention/linear_0"),
                    "self_out": linear("self_attention/linear_1"),
                    "cross_norm": norm("attention/layer_norm"),
                    "cross_q": linear("attention/linear_0"),
                    "cross_kv": linear("attention/linear_1"),
                    "cross_out": linear("attention/linear_2"),
                    "ffn_norm": norm("ffn/layer_norm"),
                    "ffn_in": linear("ffn/linear_0"),
                    "ffn_out": linear("ffn/linear_1"),
                }
            )
        self.pool = ThreadPoolExecutor(2)

    @staticmethod
    def layer_norm(np, x, norm):
        mean = x.mean(-1, keepdims=True)
        x = x - mean
        return x / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-5) * norm[0] + norm[1]

    @staticmethod
    def gelu(np, x):
        """Exact GELU, erf by Abramowitz and Stegun 7.1.26 (error below 1.5e-7)."""
        z = np.abs(x) * 0.7071067811865476
        t = 1.0 / (1.0 + 0.3275911 * z)
        poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
        erf = np.copysign(1.0 - poly * np.exp(-z * z), x)
        return 0.5 * x * (1.0 + erf)

    def audio_keys(self, enc):
        """The keys and values of the encoder's output (frames, width), per layer and head."""
        frames, width = enc.shape
        h = self.heads
        out = []
        for layer in self.layers:
            weight, bias = layer["cross_kv"]
            kv = enc @ weight + bias
            keys = kv[:, :width].reshape(frames, h, width // h).transpose(1, 2, 0)
            values = kv[:, width:].reshape(frames, h, width // h).transpose(1, 0, 2)
            out.append((self.np.ascontiguousarray(keys), self.np.ascontiguousarray(values)))
        return out

    def hidden(self, tokens, parents, audio):
        """The last hidden state of every node of the tree (node i: token `tokens[i]` after
        its parent `parents[i]`, which comes before it, or -1 at the root)."""
        np = self.np
        n, h = len(tokens), self.heads
        depth = np.zeros(n, dtype=np.int64)
        sees = np.zeros((n, n), dtype=bool)
        for i, p in enumerate(parents):
            if p >= 0:
                depth[i] = depth[p] + 1
                sees[i] = sees[p]
            sees[i, i] = True
        mask = np.where(sees, np.float32(0), np.float32(-np.inf))
        x = self.embeddings[tokens] + self.positions[depth]
        width = x.shape[1]
        scale = np.float32(1.0 / math.sqrt(width // h))

        def heads(y):
            return y.reshape(n, h, width // h).transpose(1, 0, 2)

        def attend(q, keys, values, mask=None):
            s = (q @ keys) * scale
            if mask is not None:
                s += mask
            s -= s.max(-1, keepdims=True)
            np.exp(s, out=s)
            s /= s.sum(-1, keepdims=True)
            return (s @ values).transpose(1, 0, 2).reshape(n, width)

        for layer, (keys, values) in zip(self.layers, audio):
            y = self.layer_norm(np, x, layer["self_norm"])
            qkv = y @ layer["self_qkv"][0] + layer["self_qkv"][1]
            q, k, v = heads(qkv[:, :width]), heads(qkv[:, width : 2 * width]), heads(qkv[:, 2 * width :])
            x = x + attend(q, k.transpose(0, 2, 1), v, mask) @ layer["self_out"][0] + layer["self_out"][1]
            y = self.layer_norm(np, x, layer["cross_norm"])
            q = heads(y @ layer["cross_q"][0] + layer["cross_q"][1])
            x = x + attend(q, keys, values) @ layer["cross_out"][0] + layer["cross_out"][1]
            y = self.layer_norm(np, x, layer["ffn_norm"])
            y = self.gelu(np, y @ layer["ffn_in"][0] + layer["ffn_in"][1])
            x = x + y @ layer["ffn_out"][0] + layer["ffn_out"][1]
        return self.layer_norm(np, x, self.final_norm)

    def log_normalisers(self, hidden):
        """Each row's log-sum-exp over the text vocabulary: the logits of LOGIT_ROWS rows at
        a time (about 100 MB however many forms there are), the product on NumPy's threads,
        the element-wise rest on two (NumPy runs it on one core, and it costs as much as
        the product)."""
        np = self.np
        out = np.empty(len(hidden), dtype=np.float32)

        def rows(logits, at):
            top = logits.max(1, keepdims=True)
            logits -= top
            np.exp(logits, out=logits)
            out[at : at + len(logits)] = np.log(logits.sum(1)) + top[:, 0]

        for at in range(0, len(hidden), LOGIT_ROWS):
            logits = hidden[at : at + LOGIT_ROWS] @ self.output
            half = (len(logits) + 1) // 2
            list(self.pool.map(rows, (logits[:half], logits[half:]), (at, at + half)))
        return out

    def score(self, audio, start, sequences):
        """Each sequence's token log-probabilities after `start` (teacher-forced), every
        shared prefix decoded once. `audio` is `audio_keys(encoder output)`."""
        np = self.np
        tokens, parents, node_of = [], [], {}

        def node(key, parent):
            i = node_of.get(key)
            if i is None:
                i = node_of[key] = len(tokens)
                tokens.append(key[-1])
                parents.append(parent)
            return i

        at = -1
        for j in range(len(start)):
            at = node(tuple(start[: j + 1]), at)
        steps = []  # per sequence: (the node predicting the token, the token)
        for seq in sequences:
            key, cur, path = tuple(start), at, []
            for t in seq[:-1]:
                path.append((cur, t))
                key += (t,)
                cur = node(key, cur)
            if seq:
                path.append((cur, seq[-1]))
            steps.append(path)
        hidden = self.hidden(np.array(tokens), parents, audio)
        used = sorted({i for path in steps for i, _ in path})
        row = {i: r for r, i in enumerate(used)}
        hidden = hidden[used]
        norms = self.log_normalisers(hidden)
        out = []
        for path in steps:
            rows = np.array([row[i] for i, _ in path], dtype=np.int64)
            targets = np.array([t for _, t in path], dtype=np.int64)
            logits = np.einsum("ij,ij->i", hidden[rows], self.embeddings[targets])
            out.append([float(x) for x in logits - norms[rows]])
        return out


class Whisper:
    def __init__(self, model_dir, threads):
        select_isa()
        # NumPy's matrix products (the tree decoder) on `threads` threads.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", str(max(1, threads)))
        import ctranslate2
        from concurrent.futures import ThreadPoolExecutor
        import numpy as np
        import tokenizers

        self.np = np
        self.ct2 = ctranslate2
        self.tok = tokenizers.Tokenizer.from_file(os.path.join(model_dir, "tokenizer.json"))
        self.eot = self.tok.token_to_id("<|endoftext|>")
        try:
            # The probabilities are over the text tokens (those before <|endoftext|>), as
            # CTranslate2's `align` gives them.
            self.decoder = TreeDecoder(os.path.join(model_dir, "model.bin"), self.eot)
            self.decoder_error = None
        except Exception as e:  # a model the reader does not take: scored by `align`
            self.decoder = None
            self.decoder_error = "%s: %s" % (type(e).__name__, e)
        self.model = ctranslate2.models.Whisper(
            model_dir,
            device="cpu",
            compute_type="int8",
            # With the tree decoder, CTranslate2 runs only the encoder (and free
            # transcription): one replica of `threads` threads. Without it, `threads`
            # replicas of one thread each, fed batches of forms in parallel: the decoder's
            # small matrices gain little from two threads each (measured: about 1.4 times
            # faster than one replica of two threads).
            intra_threads=max(1, threads) if self.decoder else 1,
            inter_threads=1 if self.decoder else max(1, threads),
        )
        self.pool = ThreadPoolExecutor(max(1, threads))
        self.filters = mel_filters(self.model.n_mels)
        self.window = np.hanning(N_FFT + 1)[:-1].astype(np.float32)
        self.sot = self.tok.token_to_id("<|startoftranscript|>")
        self.transcribe_id = self.tok.token_to_id("<|transcribe|>")
        self.notimestamps = self.tok.token_to_id("<|notimestamps|>")
        # The end of a phrase: Whisper ends a short utterance with a full stop before its
        # end-of-text token (which `align` does not score), so every form is scored with the
        # stop. A command that is only the start of what was said ("Ja" for "Ja, Turm...")
        # then loses: after it Whisper expects a comma or more words, not a stop.
        self.stop = self.tok.encode(".", add_special_tokens=False).ids
        self.cache = {}
        # (lang, form) -> the form's mean log-probability after one second of silence.
        self.nulls = {}
        self.silence = None
        # The keys and values of the last encoder outputs the tree decoder attended to:
        # [(encoder output, keys and values)], newest first.
        self.audio = []

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

    def features(self, pcm, speed=1.0):
        """Log-mel features of the utterance at its own length (not a 30 s window), played
        `speed` times as fast (linear interpolation: below 1.0 no frequency is folded)."""
        np = self.np
        audio = np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0
        if speed != 1.0:
            at = np.arange(0, len(audio) - 1, speed)
            audio = np.interp(at, np.arange(len(audio)), audio).astype(np.float32)
        # A little silence on both sides, as around a phrase in a recording, and after it up
        # to the shortest window.
        pad = np.zeros(int(LEAD * SAMPLE_RATE), dtype=np.float32)
        tail = max(SAMPLE_RATE // 10, int(MIN_SECONDS * SAMPLE_RATE) - len(audio) - len(pad))
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

    def encode(self, pcm, speed=1.0):
        feats = self.features(pcm, speed)
        out = self.np.array(self.model.encode(self.ct2.StorageView.from_array(feats), to_cpu=True))
        frames = feats.shape[2] // 2
        if KEEP_AFTER is not None:
            # The decoder attends only to the speech and KEEP_AFTER seconds after it (an
            # encoder frame is 20 ms): most of its work is over the frames it attends to.
            speech = 0.1 + len(pcm) / 2 / SAMPLE_RATE
            frames = min(frames, int(math.ceil((speech + KEEP_AFTER) * 50)))
            out = self.np.ascontiguousarray(out[:, :frames, :])
        return out, frames

    def token_logprobs(self, views, lang, forms):
        """Each form's token log-probabilities after the audio (teacher-forced), the mean over
        the views of the audio (`views`: [(encoder output, frames)])."""
        if not forms:
            return []
        toks = [self.tokens(f) or [self.eot] for f in forms]
        total = None
        for enc, frames in views:
            if self.decoder is None:
                lps = [[math.log(max(p, 1e-30)) for p in probs] for probs in self.align(enc, frames, lang, toks)]
            else:
                keys = next((k for e, k in self.audio if e is enc), None)
                if keys is None:
                    keys = self.decoder.audio_keys(enc[0, :frames])
                    self.audio = ([(enc, keys)] + self.audio)[:AUDIO_KEPT]
                # CTranslate2's `align`, with which every figure of docs/voice.md up to the
                # tree decoder was measured, puts a second <|notimestamps|> after the start
                # sequence it is given; kept, so that the scores stay the same.
                lps = self.decoder.score(keys, self.start(lang) + [self.notimestamps], toks)
            total = lps if total is None else [[a + b for a, b in zip(x, y)] for x, y in zip(total, lps)]
        return [[x / len(views) for x in lps] for lps in total]

    def align(self, enc, frames, lang, toks):
        """Each form's token probabilities by CTranslate2's `align` (models whose decoder the
        tree decoder cannot read)."""
        np = self.np
        start = self.start(lang)
        # In batches of BATCH forms of about the same length (a batch is padded to its
        # longest form, and one large batch was slower per form than several small ones).
        order = sorted(range(len(toks)), key=lambda i: len(toks[i]))
        parts = [order[at : at + BATCH] for at in range(0, len(order), BATCH)]

        def run(part):
            batch = self.ct2.StorageView.from_array(np.ascontiguousarray(np.repeat(enc, len(part), axis=0)))
            return part, self.model.align(batch, start, [toks[i] for i in part], frames)

        probs = [None] * len(toks)
        for part, results in self.pool.map(run, parts):
            for i, r in zip(part, results):
                probs[i] = list(r.text_token_probs)
        return probs

    def mean_logprobs(self, views, lang, forms):
        # The mean: a short form (a command word) is not favoured for having fewer tokens
        # to lose probability on (the sum and the square-root norm were measured worse).
        return [sum(lps) / max(1, len(lps)) for lps in self.token_logprobs(views, lang, forms)]

    def prepare(self, lang, forms):
        """Computes the silence score of every form not kept yet; how many were computed."""
        todo = sorted({f for f in forms if (lang, f) not in self.nulls})
        if not todo:
            return 0
        if self.silence is None:
            self.silence = [self.encode(b"\0\0" * SAMPLE_RATE)]
        if len(self.nulls) + len(todo) > NULL_CACHE:
            self.nulls.clear()
        for form, s in zip(todo, self.mean_logprobs(self.silence, lang, todo)):
            self.nulls[(lang, form)] = s
        return len(todo)

    def score(
        self, pcm, lang, groups, top, first=1, prior=None, contrast=0.0, again=0, rival_of=(),
        rival_gate=0.0, candidate_of=None, view_gate=None,
    ):
        """Each group's score: its best form's score plus its prior. The first `first` forms
        of every group are scored, then the other forms of the `top` best; then the forms
        scored of the `again` best in the other views of the audio (SPEEDS), each form's
        score becoming the mean of its views'. The last `len(rival_of)` groups are rivals,
        each of the group at its place in `rival_of`: in no pass; only the best group's are
        scored at the end, in the views its own forms were (only when it is `rival_gate` ahead
        of the best group of another candidate, `candidate_of` naming each group's: nearer, its
        move is not played anyway, and its rivals count as heard as well as it), and the
        others' scores are None."""
        rivals = groups[len(groups) - len(rival_of):] if rival_of else []
        groups = groups[: len(groups) - len(rival_of)]
        views = [self.encode(pcm, SPEEDS[0])]
        prior = list(prior)[: len(groups)] if prior else [0.0] * len(groups)
        heard = {}  # (group, form index) -> [mean log-probability in each view so far]

        def run(pairs, views):
            forms = [groups[g][f] for g, f in pairs]
            for pair, s in zip(pairs, self.mean_logprobs(views, lang, forms)):
                heard.setdefault(pair, []).append(s)

        def scores():
            out = [-math.inf] * len(groups)
            if contrast:
                self.prepare(lang, [groups[g][f] for g, f in heard])
            for (g, f), s in heard.items():
                s = sum(s) / len(s)
                if contrast:
                    s -= contrast * self.nulls[(lang, groups[g][f])]
                out[g] = max(out[g], s + prior[g])
            return out

        def best(n):
            now = scores()
            return sorted(range(len(groups)), key=lambda i: -now[i])[:n]

        run([(g, f) for g in range(len(groups)) for f in range(min(first, len(groups[g])))], views)
        run([(g, f) for g in best(top) for f in range(first, len(groups[g]))], views)
        of = candidate_of if candidate_of else list(range(len(groups)))

        def lead():
            # How far the best group is ahead of the best group of another candidate.
            now = scores()
            winner = max(range(len(groups)), key=lambda g: now[g])
            runner_up = max(
                (now[g] for g in range(len(groups)) if of[g] != of[winner]), default=-math.inf
            )
            return now[winner] - runner_up

        chosen, others = set(), []
        if again and len(SPEEDS) > 1 and (view_gate is None or lead() < view_gate):
            chosen = set(best(again))
            pairs = [pair for pair in heard if pair[0] in chosen]
            for speed in SPEEDS[1:]:
                others.append(self.encode(pcm, speed))
                run(pairs, [others[-1]])
        out = scores()
        rival_scores = [None] * len(rivals)
        if rivals:
            winner = max(range(len(groups)), key=lambda g: out[g])
            runner_up = max(
                (out[g] for g in range(len(groups)) if of[g] != of[winner]), default=-math.inf
            )
            mine = [i for i, g in enumerate(rival_of) if g == winner]
            forms = [f for i in mine for f in rivals[i]]
            if forms and out[winner] - runner_up < rival_gate:
                # Too near the next group for its move to be played whatever its rivals: they
                # are not scored, and count as heard as well as the move itself.
                for i in mine:
                    rival_scores[i] = out[winner]
                forms = []
            if forms:
                seen = views + (others if winner in chosen else [])
                got = self.mean_logprobs(seen, lang, forms)
                if contrast:
                    self.prepare(lang, forms)
                    got = [s - contrast * self.nulls[(lang, f)] for s, f in zip(got, forms)]
                # A rival differs from the winner's form by one word, and a mean over the
                # tokens dilutes that word's evidence by the form's length: the rival is
                # compared by its whole log-probability (the mean times the tokens, contrast
                # included), and given back on the winner's scale: the winner's score less
                # that difference.
                def whole(form, mean):
                    return mean * len(self.tokens(form))

                own_form, own = max(
                    (
                        (groups[g][f], self.contrasted(heard[(g, f)], lang, groups[g][f], contrast))
                        for (g, f) in heard
                        if g == winner
                    ),
                    key=lambda pair: pair[1],
                )
                best_whole = whole(own_form, own)
                at = 0
                for i in mine:
                    n = len(rivals[i])
                    rival_whole = max(whole(f, s) for f, s in zip(forms[at : at + n], got[at : at + n]))
                    rival_scores[i] = own - (best_whole - rival_whole) + prior[winner]
                    at += n
        return out + rival_scores

    def contrasted(self, views_scores, lang, form, contrast):
        """A form's score: the mean of its views' less `contrast` times its silence score."""
        s = sum(views_scores) / len(views_scores)
        return s - contrast * self.nulls[(lang, form)] if contrast else s

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


# The niceness a worker runs at: below the server's own threads, so that recognition never
# delays moves or speech, but never lower than that: a server started under `nice 10` left its
# workers at 19 when they added 10 to what they were given, and under load utterances waited
# 7-12 s (issue 32).
WORKER_NICE = 10


def lower_priority():
    try:
        now = os.nice(0)
        if now < WORKER_NICE:
            os.nice(WORKER_NICE - now)
    except OSError:
        pass


def niceness():
    try:
        return os.nice(0)
    except OSError:
        return None


def main():
    if len(sys.argv) < 2:
        print(json.dumps({"error": "usage: worker.py MODEL_DIR [THREADS]"}), flush=True)
        return 2
    model_dir = sys.argv[1]
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    lower_priority()
    try:
        t = time.time()
        w = Whisper(model_dir, threads)
        load_ms = (time.time() - t) * 1000
    except Exception as e:  # the model directory is missing or damaged, a package is missing
        print(json.dumps({"error": "%s: %s" % (type(e).__name__, e)}), flush=True)
        return 1
    ready = {"ready": True, "load_ms": round(load_ms, 1), "rss_kb": rss_kb(), "nice": niceness()}
    # Which decoder scores the forms: "tree" (NumPy, voice/worker.py) or CTranslate2's
    # `align` for a model whose decoder the tree cannot read (and why).
    ready["decoder"] = "tree" if w.decoder else "ctranslate2: %s" % w.decoder_error
    if w.decoder is None:
        # On the server's standard error, for the operator: recognition works, slower.
        sys.stderr.write(
            "hamle voice worker: scoring with CTranslate2's align, about three times slower "
            "than the tree decoder, which cannot read this model (%s)\n" % w.decoder_error
        )
        sys.stderr.flush()
    print(json.dumps(ready), flush=True)
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
                rival_of = [int(g) for g in req.get("rival_of", [])]
                candidate_of = [int(c) for c in req.get("candidate_of", [])]
                if candidate_of and len(candidate_of) != len(groups) - len(rival_of):
                    raise ValueError("one candidate per group but the rivals")
                if len(rival_of) >= len(groups) or any(
                    not 0 <= g < len(groups) - len(rival_of) for g in rival_of
                ):
                    raise ValueError("rivals of groups that are not there")
                answer["scores"] = w.score(
                    pcm,
                    req["lang"],
                    groups,
                    max(0, int(req.get("top", 6))),
                    max(1, int(req.get("first", 1))),
                    prior,
                    float(req.get("contrast", 0.0)),
                    max(0, int(req.get("again", 0))),
                    rival_of,
                    float(req.get("rival_gate", 0.0)),
                    candidate_of,
                    None if req.get("view_gate") is None else float(req["view_gate"]),
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
                answer["nice"] = niceness()
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
