//! The speech recogniser over the committed fixtures (`tests/data/voice/`), per language and
//! condition: top-1 and top-3 accuracy, what the policy would do (played right, played
//! wrong, asked), latency per phrase, the workers' memory; beside free-form transcription
//! then matching the text to a legal move (`--transcribe`).
//!
//!     HAMLE_VOICE_MODEL=.venv-voice/whisper-base HAMLE_VOICE_PYTHON=.venv-voice/bin/python \
//!         cargo bench --bench voice -- [--transcribe] [--limit N] [--stride N] [--first F] [--top K] [--again A]
//!         [--contrast X] [--cold] [--fixtures DIR] [--refuse-below S] [--log FILE]
//!
//! Each utterance is timed as the server meets it: the recogniser is asked to prepare when
//! the player starts speaking (`voice_start`), the audio ends the utterance's own length
//! later, and the latency runs from there to the scores (the part of a preparation that
//! outlasts the speech counts in it). `--cold` leaves the preparation out. `--contrast X` replaces the
//! policy's weight of the forms' scores after silence (0: none), `--refuse-below S` its
//! `refuse_below`. `--fixtures tests/data/voice/heldout` runs the set nothing was fitted on
//! (other positions, voices and noise). What is neither a move nor a command (a move that is
//! not legal, a sentence) has rows of its own ("clean: neither"): refused is right there, and
//! a move played is a wrong one. `--log FILE` writes every utterance's best five candidates
//! (probability, score) and the decision, a JSON line each.
//!
//! See docs/voice.md for the figures and how the threshold was measured.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use hamle::announce::{Lang, understand};
use hamle::game::Seat;
use hamle::server::audio::voice_input::position_candidates;
use hamle::voice::{Intent, Policy, VoiceService, WorkerOptions, WorkerPool};
use serde_json::Value;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

#[derive(Default)]
struct Tally {
    n: usize,
    top1: usize,
    top3: usize,
    played_right: usize,
    played_wrong: usize,
    asked: usize,
    ms: Vec<f64>,
    /// The worker's CPU time per utterance (every thread): what a busy machine does not inflate.
    cpu_ms: Vec<f64>,
    /// Free-form transcription matched to a legal move.
    free: usize,
    free_n: usize,
    free_ms: Vec<f64>,
    /// The best probability of a wrong top-1 (the threshold must be above it).
    wrong_p: f32,
    /// The probabilities of right top-1s that are moves (what `play_at` plays).
    right_p: Vec<f32>,
    /// Refused outright (`Decision::Refuse`): for a move or command said, a loss; for what
    /// is neither (a move that is not legal, a sentence), what hamle must do.
    refused: usize,
}

fn pct(a: usize, n: usize) -> String {
    if n == 0 {
        "-".into()
    } else {
        format!("{:.1} %", 100.0 * a as f64 / n as f64)
    }
}

fn quantile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    s[((s.len() - 1) as f64 * q).round() as usize]
}

pub fn read_pcm(path: &Path) -> Vec<u8> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // The fixtures are plain 44-byte-header PCM WAV files (voice/make_fixtures.py).
    bytes[44..].to_vec()
}

fn fixture_candidates(item: &Value) -> (Lang, Chess, Vec<hamle::voice::Candidate>) {
    let lang: Lang = item["lang"].as_str().unwrap().parse().unwrap();
    let fen = item["fen"].as_str().unwrap();
    let pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let seat = if pos.turn().is_white() {
        Seat::White
    } else {
        Seat::Black
    };
    let cands = position_candidates(&pos, true, seat, lang);
    (lang, pos, cands)
}

fn key(c: &hamle::voice::Candidate) -> String {
    match c.intent {
        Intent::Move(_) => c.uci().unwrap(),
        Intent::Command(cmd) => format!("cmd:{}", cmd.key()),
    }
}

fn dump_candidates(items: &[Value], out: &str) {
    let mut lines = String::new();
    for item in items {
        let (_, _, cands) = fixture_candidates(item);
        let mut item = item.clone();
        item["keys"] = cands.iter().map(key).collect();
        item["groups"] = cands.iter().map(|c| c.forms.clone()).collect();
        lines.push_str(&item.to_string());
        lines.push('\n');
    }
    std::fs::write(out, lines).unwrap_or_else(|e| panic!("{out}: {e}"));
    eprintln!("{} fixtures written to {out}", items.len());
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<usize>().ok())
    };
    let transcribe = args.iter().any(|a| a == "--transcribe");
    let cold = args.iter().any(|a| a == "--cold");
    let contrast = args
        .iter()
        .position(|a| a == "--contrast")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse::<f32>().ok());
    let refuse_below = args
        .iter()
        .position(|a| a == "--refuse-below")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse::<f32>().ok());
    // `--log FILE`: every utterance's best candidates with their probabilities and scores, a
    // JSON line each (for fitting the thresholds without running the model again).
    let log = args
        .iter()
        .position(|a| a == "--log")
        .and_then(|i| args.get(i + 1))
        .cloned();
    // `--fixtures DIR`: another set than tests/data/voice (tests/data/voice/heldout: audio
    // nothing was fitted on).
    let fixtures = args
        .iter()
        .position(|a| a == "--fixtures")
        .and_then(|i| args.get(i + 1))
        .map(PathBuf::from);
    let limit = arg("--limit").unwrap_or(usize::MAX);
    // `--stride N`: every N-th fixture of each language (a quicker, smaller sample).
    let stride = arg("--stride").unwrap_or(1).max(1);
    let passes = hamle::voice::Passes {
        first: arg("--first").unwrap_or(hamle::voice::Passes::default().first),
        top: arg("--top").unwrap_or(hamle::voice::Passes::default().top),
        again: arg("--again").unwrap_or(hamle::voice::Passes::default().again),
        one_view_ahead: args
            .iter()
            .position(|a| a == "--view-gate")
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .or(hamle::voice::Passes::default().one_view_ahead),
    };
    // `--dump FILE`: write every fixture's candidates (JSON lines) and stop, for trying
    // scoring variants on the worker without the server.
    let dump = args
        .iter()
        .position(|a| a == "--dump")
        .and_then(|i| args.get(i + 1))
        .cloned();
    let Ok(model) = std::env::var("HAMLE_VOICE_MODEL") else {
        eprintln!("voice bench: set HAMLE_VOICE_MODEL (and HAMLE_VOICE_PYTHON); see docs/voice.md");
        return;
    };
    let python = std::env::var("HAMLE_VOICE_PYTHON").unwrap_or_else(|_| "python3".into());
    let dir = fixtures
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/voice"));
    let manifest = std::fs::read_to_string(dir.join("manifest.jsonl")).expect("manifest");
    let mut items: Vec<Value> = manifest
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    if let Some(out) = dump {
        dump_candidates(&items, &out);
        return;
    }
    // The languages interleaved (de-000, tr-000, en-000, de-001, ...), so that the running
    // figures printed on the way cover every language.
    let index = |item: &Value| {
        let id = item["id"].as_str().unwrap_or_default();
        id.rsplit('-')
            .next()
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap_or(0)
    };
    items.retain(|item| index(item).is_multiple_of(stride));
    items.sort_by_key(|item| {
        (
            index(item),
            item["lang"].as_str().unwrap_or_default().to_owned(),
        )
    });

    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async move {
        let started = Instant::now();
        let pool = Arc::new(
            WorkerPool::start(WorkerOptions {
                // The machine may be shared: a slow phrase is measured, not given up.
                timeout: std::time::Duration::from_secs(600),
                ..WorkerOptions::new(python.into(), model.into())
            })
            .await
            .expect("the recogniser starts"),
        );
        let load_s = started.elapsed().as_secs_f64();
        let policy = Policy {
            contrast: contrast.unwrap_or(Policy::default().contrast),
            refuse_below: refuse_below.unwrap_or(Policy::default().refuse_below),
            ..Policy::default()
        };
        let mut log = log.map(|path| {
            std::io::BufWriter::new(
                std::fs::File::create(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
            )
        });
        let service = VoiceService::with_policy(pool.clone(), 1, 0, policy, passes);
        let mut tallies: BTreeMap<(String, String), Tally> = BTreeMap::new();
        let mut per_lang = BTreeMap::<String, usize>::new();
        let mut done = 0usize;
        for item in &items {
            let (lang, pos, cands) = fixture_candidates(item);
            let seen = per_lang.entry(lang.code().to_owned()).or_default();
            *seen += 1;
            if *seen > limit {
                continue;
            }
            let expect = item["expect"].as_str().unwrap();
            for (condition, file) in item["files"].as_object().unwrap() {
                let pcm = Arc::new(read_pcm(&dir.join(file.as_str().unwrap())));
                // voice_start: prepared while he speaks; voice_end when the audio is over.
                // The part of the preparation that outlasts the speech delays the scores (not
                // waited for here: added).
                let speech = pcm.len() as f64 / 32.0;
                let t = Instant::now();
                if !cold {
                    service.prepare(lang, &cands).await;
                }
                let over = (t.elapsed().as_secs_f64() * 1000.0 - speech).max(0.0);
                let t = Instant::now();
                let heard = service
                    .score(lang, pcm.clone(), &cands)
                    .await
                    .expect("scored");
                let ms = t.elapsed().as_secs_f64() * 1000.0 + over;
                let ranked = policy.ranked_heard(&heard);
                let decision = policy.decide(&cands, &ranked, false);
                if let Some(out) = log.as_mut() {
                    use std::io::Write;
                    let best: Vec<Value> = ranked
                        .iter()
                        .take(5)
                        .map(|s| {
                            serde_json::json!({"key": key(&cands[s.index]), "p": s.p,
                                "score": s.score, "bare": s.bare,
                                "rival": if s.rival.is_finite() { Some(s.rival) } else { None }})
                        })
                        .collect();
                    let line = serde_json::json!({"id": item["id"], "lang": lang.code(),
                        "cond": condition, "expect": expect, "kind": item["kind"],
                        "text": item["text"], "best": best, "ms": ms,
                        "cpu_ms": pool.last_cpu().as_secs_f64() * 1000.0,
                        "decision": format!("{decision:?}")});
                    writeln!(out, "{line}").expect("log written");
                    out.flush().expect("log written");
                }
                // What is neither a move nor a command has rows of its own.
                let row = if expect == "none" {
                    format!("{condition}: neither")
                } else {
                    condition.clone()
                };
                let tally = tallies.entry((lang.code().to_owned(), row)).or_default();
                tally.n += 1;
                tally.ms.push(ms);
                tally.cpu_ms.push(pool.last_cpu().as_secs_f64() * 1000.0);
                let best = &cands[ranked[0].index];
                let right = key(best) == expect;
                if matches!(decision, hamle::voice::Decision::Refuse) {
                    tally.refused += 1;
                }
                if expect == "none" {
                    // Neither a move nor a command: only the decision counts (a move played
                    // is a wrong one).
                    match decision {
                        hamle::voice::Decision::Play(_) => tally.played_wrong += 1,
                        hamle::voice::Decision::Refuse => {}
                        _ => tally.asked += 1,
                    }
                    if !matches!(decision, hamle::voice::Decision::Refuse) {
                        eprintln!(
                            "{} {condition}: said {:?} (no candidate), {decision:?}: best {:?} p={:.3} score={:.2}",
                            item["id"], item["text"], best.text, ranked[0].p, ranked[0].score
                        );
                    }
                    done += 1;
                    continue;
                }
                if right {
                    tally.top1 += 1;
                    if matches!(best.intent, Intent::Move(_)) {
                        tally.right_p.push(ranked[0].p);
                    }
                } else {
                    tally.wrong_p = tally.wrong_p.max(ranked[0].p);
                    eprintln!(
                        "{} {condition}: said {:?}, best {:?} p={:.3}",
                        item["id"], item["text"], best.text, ranked[0].p
                    );
                }
                if ranked
                    .iter()
                    .take(3)
                    .any(|s| key(&cands[s.index]) == expect)
                {
                    tally.top3 += 1;
                }
                match decision {
                    hamle::voice::Decision::Play(_) if right => tally.played_right += 1,
                    hamle::voice::Decision::Play(_) => tally.played_wrong += 1,
                    _ => tally.asked += 1,
                }
                if transcribe && !expect.starts_with("cmd:") {
                    let t = Instant::now();
                    let text = service.transcribe(lang, pcm).await.unwrap_or_default();
                    tally.free_ms.push(t.elapsed().as_secs_f64() * 1000.0);
                    tally.free_n += 1;
                    let heard = understand(lang, &text, &pos)
                        .ok()
                        .map(|m| m.to_uci(CastlingMode::Standard).to_string());
                    if heard.as_deref() == Some(expect) {
                        tally.free += 1;
                    }
                }
                done += 1;
                if done.is_multiple_of(60) {
                    println!("after {done} utterances:");
                    report(&tallies, load_s, None, policy);
                }
            }
        }
        report(&tallies, load_s, pool.rss_kb().await, policy);
    });
}

/// Prints the figures so far (a Markdown table) and the threshold they allow.
fn report(
    tallies: &BTreeMap<(String, String), Tally>,
    load_s: f64,
    rss: Option<u64>,
    policy: Policy,
) {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "model loaded in {load_s:.1} s; worker RSS {} MiB; load average now {}",
        rss.map(|k| format!("{:.0}", k as f64 / 1024.0))
            .unwrap_or("?".into()),
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    // The threshold the whole run allows: above every wrong top-1 (what `play_at` is fitted
    // to); per row, how many right top-1s it would play.
    let all_wrong = tallies.values().map(|t| t.wrong_p).fold(0.0f32, f32::max);
    println!(
        "| lang | condition | phrases | top-1 | top-3 | played at play_at (right / wrong) | asked | refused | right moves above every wrong p | median ms | p95 ms | median CPU ms | max p of a wrong top-1 | free-form then match |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for ((lang, condition), t) in tallies {
        println!(
            "| {lang} | {condition} | {} | {} | {} | {} / {} | {} | {} | {} | {:.0} | {:.0} | {:.0} | {:.3} | {} |",
            t.n,
            pct(t.top1, t.n),
            pct(t.top3, t.n),
            t.played_right,
            t.played_wrong,
            t.asked,
            t.refused,
            t.right_p.iter().filter(|p| **p > all_wrong).count(),
            quantile(&t.ms, 0.5),
            quantile(&t.ms, 0.95),
            quantile(&t.cpu_ms, 0.5),
            t.wrong_p,
            if t.free_n > 0 {
                format!(
                    "{} ({:.0} ms median)",
                    pct(t.free, t.free_n),
                    quantile(&t.free_ms, 0.5)
                )
            } else {
                "-".into()
            }
        );
    }
    let right_p: Vec<f32> = tallies.values().flat_map(|t| t.right_p.clone()).collect();
    let above = right_p.iter().filter(|p| **p > all_wrong).count();
    println!(
        "threshold: every wrong top-1 had p <= {all_wrong:.3}; {above} of {} right top-1 moves are above it; play_at = {}",
        right_p.len(),
        policy.play_at
    );
    let at = [0.8f32, 0.85, 0.9, 0.96]
        .iter()
        .map(|t| {
            let n = right_p.iter().filter(|p| **p >= *t).count();
            format!("{t}: {n}")
        })
        .collect::<Vec<_>>();
    println!(
        "right moves played without asking, by threshold: {}",
        at.join(", ")
    );
}
