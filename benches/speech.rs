//! Time from a move being made to the first audio bytes, and to the start of system speech.
//!
//! ```sh
//! cargo bench --bench speech                                  # rendered audio (espeak-ng)
//! eval "$(scripts/speechd-headless.sh)"
//! cargo bench --bench speech --features system-voice          # and the system voice
//! ```
//!
//! "Made" is the moment the server has the legal move in its position: the clock starts
//! before the sentence is formatted from Fluent, and stops when the first bytes of samples
//! (past the WAV header) can be sent to a client, or when the system voice reports that it
//! began speaking. Target: median under 50 ms for rendered audio.

use std::io::Read;
use std::time::{Duration, Instant};

use hamle::announce::{Lang, Style};
use hamle::speech::{Espeak, Utterance};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

const RUNS: usize = 60;
const WAV_HEADER: usize = 44;

/// Legal moves from a short opening, each with the position it is played in.
fn moves() -> Vec<(Chess, Move)> {
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for uci in [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1",
    ] {
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        out.push((pos.clone(), m));
        pos.play_unchecked(m);
    }
    out
}

struct Stats {
    median: Duration,
    p90: Duration,
    min: Duration,
    max: Duration,
}

fn stats(mut samples: Vec<Duration>) -> Stats {
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    Stats {
        median: at(0.5),
        p90: at(0.9),
        min: samples[0],
        max: samples[samples.len() - 1],
    }
}

fn report(what: &str, s: &Stats) {
    println!(
        "{what:<44} median {:>7.2} ms   p90 {:>7.2} ms   min {:>7.2} ms   max {:>7.2} ms",
        s.median.as_secs_f64() * 1e3,
        s.p90.as_secs_f64() * 1e3,
        s.min.as_secs_f64() * 1e3,
        s.max.as_secs_f64() * 1e3,
    );
}

/// Move to first sample bytes, and move to the whole WAV.
fn rendered(espeak: &Espeak, lang: Lang, moves: &[(Chess, Move)]) -> (Stats, Stats) {
    let mut first = Vec::with_capacity(RUNS);
    let mut whole = Vec::with_capacity(RUNS);
    for i in 0..RUNS + 5 {
        let (pos, m) = &moves[i % moves.len()];
        let made = Instant::now();
        let utterance = Utterance::for_move(lang, pos, *m, Style::Short);
        let mut stream = espeak.stream(&utterance).expect("espeak-ng runs");
        let mut buf = [0u8; 4096];
        let mut got = 0;
        let mut first_at = None;
        loop {
            let n = stream.read(&mut buf).expect("reads");
            if n == 0 {
                break;
            }
            got += n;
            if first_at.is_none() && got > WAV_HEADER {
                first_at = Some(made.elapsed());
            }
        }
        let whole_at = made.elapsed();
        stream.finish().expect("espeak-ng succeeds");
        if i >= 5 {
            // The first runs warm the page cache and Fluent's bundles.
            first.push(first_at.expect("audio was produced"));
            whole.push(whole_at);
        }
    }
    (stats(first), stats(whole))
}

#[cfg(feature = "system-voice")]
fn system_voice(moves: &[(Chess, Move)]) {
    use hamle::speech::{SystemVoice, SystemVoiceOptions, VoiceEvent};
    if std::env::var_os("SPEECHD_ADDRESS").is_none() && cfg!(target_os = "linux") {
        println!("system voice: skipped (start one: eval \"$(scripts/speechd-headless.sh)\")");
        return;
    }
    let started = Instant::now();
    let (voice, events) = match SystemVoice::start(SystemVoiceOptions::new(&Lang::ALL)) {
        Ok(v) => v,
        Err(e) => {
            println!("system voice: skipped ({e})");
            return;
        }
    };
    println!(
        "system voice start-up (voices chosen once): {:.0} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    for lang in Lang::ALL {
        let mut begin = Vec::new();
        for i in 0..RUNS / 2 {
            let (pos, m) = &moves[i % moves.len()];
            let made = Instant::now();
            voice.say(Utterance::for_move(lang, pos, *m, Style::Short));
            let mut begun = None;
            loop {
                match events.recv_timeout(Duration::from_secs(20)) {
                    Ok(VoiceEvent::Begin { .. }) => begun = Some(made.elapsed()),
                    Ok(VoiceEvent::End { .. } | VoiceEvent::Stopped { .. }) => break,
                    Ok(VoiceEvent::Failed { error, .. }) => panic!("{error}"),
                    Err(_) => panic!("the system voice went quiet"),
                }
            }
            begin.push(begun.expect("a begin event"));
        }
        report(
            &format!("{lang}: move -> system voice begins"),
            &stats(begin),
        );
    }
}

#[cfg(not(feature = "system-voice"))]
fn system_voice(_moves: &[(Chess, Move)]) {
    println!("system voice: not built (add --features system-voice)");
}

fn main() {
    // `cargo test --benches` runs bench binaries with `--bench` absent: stay quick there.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let moves = moves();
    let espeak = Espeak::new();
    println!("{RUNS} moves per language, after 5 warm-up runs");
    for lang in Lang::ALL {
        let (first, whole) = rendered(&espeak, lang, &moves);
        report(
            &format!("{lang}: move -> first audio bytes (espeak-ng)"),
            &first,
        );
        report(&format!("{lang}: move -> whole WAV (espeak-ng)"), &whole);
    }
    system_voice(&moves);
}
