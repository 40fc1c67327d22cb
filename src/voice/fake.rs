//! A recogniser without a model, for tests: the "audio" is the text that was said.
//!
//! [`ScriptedRecognizer::audio`] turns a line of script into bytes to send as audio:
//! - `"Springer Felix drei"`: heard clearly; the candidate with that form wins by far.
//! - `"Springer Felix drei~"`: heard unclearly; it wins with p = 0.5 under the default
//!   policy (hamle asks).
//! - `"~"`: noise; every candidate is as likely as any other.
//! - `"Dame Hektor acht>Dame Hektor sieben~"`: something was said that is no candidate (before
//!   the `>`); the candidate after it is scored as its script says, but every score is
//!   [`FAR`] lower: the best candidate is poor (the policy refuses it).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use futures_util::future::BoxFuture;
use tokio::sync::watch;

use super::recognizer::{Recognizer, ScoreRequest, VoiceError};
use crate::announce::Lang;

pub struct ScriptedRecognizer {
    calls: AtomicUsize,
    held: watch::Sender<bool>,
    /// The candidates of each `prepare`, first forms only.
    prepared: std::sync::Mutex<Vec<Vec<String>>>,
    /// The script of every request scored, in the order the recogniser took them.
    scored: std::sync::Mutex<Vec<String>>,
}

impl Default for ScriptedRecognizer {
    fn default() -> ScriptedRecognizer {
        ScriptedRecognizer::new()
    }
}

impl ScriptedRecognizer {
    pub fn new() -> ScriptedRecognizer {
        ScriptedRecognizer {
            calls: AtomicUsize::new(0),
            held: watch::channel(false).0,
            prepared: std::sync::Mutex::new(Vec::new()),
            scored: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// The bytes to send as the audio of saying `script` (16-bit aligned).
    pub fn audio(script: &str) -> Vec<u8> {
        let mut bytes = script.as_bytes().to_vec();
        if bytes.len() % 2 == 1 {
            bytes.push(b' ');
        }
        bytes
    }

    /// While held, every request waits (for tests of the queue).
    pub fn hold(&self, on: bool) {
        self.held.send_replace(on);
    }

    /// The first forms of the candidates of every `prepare` so far.
    pub fn prepared(&self) -> Vec<Vec<String>> {
        self.prepared.lock().expect("not poisoned").clone()
    }

    /// The scripts scored so far, in the order the recogniser took them.
    pub fn scored(&self) -> Vec<String> {
        self.scored.lock().expect("not poisoned").clone()
    }

    /// Requests scored so far.
    pub fn calls(&self) -> usize {
        self.calls.load(Ordering::Acquire)
    }
}

/// How much lower every score is when what was said is no candidate.
pub const FAR: f32 = 10.0;

fn same(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

impl Recognizer for ScriptedRecognizer {
    fn score(&self, request: ScoreRequest) -> BoxFuture<'_, Result<Vec<f32>, VoiceError>> {
        let mut held = self.held.subscribe();
        Box::pin(async move {
            let script = String::from_utf8_lossy(&request.pcm).trim().to_owned();
            self.scored
                .lock()
                .expect("not poisoned")
                .push(script.clone());
            let _ = held.wait_for(|h| !*h).await;
            self.calls.fetch_add(1, Ordering::AcqRel);
            if script == "~" {
                return Ok(vec![0.0; request.groups.len()]);
            }
            let (heard, poor) = match script.split_once('>') {
                Some((_, heard)) => (heard, FAR),
                None => (script.as_str(), 0.0),
            };
            // Unclear: the candidate heard is as likely as all the others together (p = 0.5
            // at the default policy's temperature).
            // (Rivals are not candidates: only the best group's are scored.)
            let candidates = request.groups.len() - request.rival_of.len();
            let others = candidates.saturating_sub(1).max(1) as f32;
            let temperature = super::Policy::default().temperature;
            let (text, margin) = match heard.strip_suffix('~') {
                Some(t) => (t, others.ln() * temperature),
                None => (heard, 20.0),
            };
            let mut scores: Vec<f32> = request
                .groups
                .iter()
                .map(|forms| {
                    if forms.iter().any(|f| same(f, text)) {
                        -poor
                    } else {
                        -margin - poor
                    }
                })
                .collect();
            // As the worker: only the rivals of the best group are scored, and only when it is
            // `rival_gate` ahead of the next (else they count as heard as well as it).
            let rivals_from = scores.len() - request.rival_of.len();
            let of = |g: usize| request.candidate_of.get(g).copied().unwrap_or(g);
            let winner = (0..rivals_from).max_by(|a, b| scores[*a].total_cmp(&scores[*b]));
            let runner_up = (0..rivals_from)
                .filter(|g| winner.is_some_and(|w| of(*g) != of(w)))
                .map(|g| scores[g])
                .fold(f32::NEG_INFINITY, f32::max);
            let close = winner.is_some_and(|w| scores[w] - runner_up < request.rival_gate);
            let (head, rivals) = scores.split_at_mut(rivals_from);
            for (score, of) in rivals.iter_mut().zip(&request.rival_of) {
                if Some(*of) != winner {
                    *score = f32::NAN;
                } else if close {
                    *score = head[*of];
                }
            }
            Ok(scores)
        })
    }

    fn prepare(&self, _lang: Lang, groups: Vec<Vec<String>>) -> BoxFuture<'_, ()> {
        let firsts = groups
            .into_iter()
            .filter_map(|g| g.into_iter().next())
            .collect();
        self.prepared.lock().expect("not poisoned").push(firsts);
        Box::pin(async {})
    }

    fn transcribe(
        &self,
        _lang: Lang,
        pcm: Arc<Vec<u8>>,
    ) -> BoxFuture<'_, Result<String, VoiceError>> {
        Box::pin(async move { Ok(String::from_utf8_lossy(&pcm).trim().to_owned()) })
    }
}
