//! The system voice (cargo feature `system-voice`) against a real Speech Dispatcher.
//!
//! Needs a running daemon whose audio goes nowhere real:
//!
//! ```sh
//! eval "$(scripts/speechd-headless.sh)"
//! cargo test --features system-voice --test speech_system
//! ```
//!
//! Without `SPEECHD_ADDRESS` the test fails with that hint, rather than passing silently.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use hamle::announce::{Lang, Style};
use hamle::speech::wav::rms_i16;
use hamle::speech::{Kind, SystemVoice, SystemVoiceOptions, Utterance, VoiceEvent};
use shakmaty::Chess;
use shakmaty::uci::UciMove;

fn move_in(lang: Lang, uci: &str) -> Utterance {
    let pos = Chess::default();
    let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    Utterance::for_move(lang, &pos, m, Style::Short)
}

fn next_event(events: &Receiver<VoiceEvent>) -> VoiceEvent {
    events
        .recv_timeout(Duration::from_secs(20))
        .expect("the voice reported nothing within 20 s")
}

/// Bytes written so far to each file in the daemon's audio directory.
fn audio_sizes(dir: &Path) -> HashMap<PathBuf, u64> {
    fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| (e.path(), e.metadata().map(|m| m.len()).unwrap_or(0)))
                .collect()
        })
        .unwrap_or_default()
}

/// The samples written to the audio directory since `before`.
fn new_audio(dir: &Path, before: &HashMap<PathBuf, u64>) -> Vec<u8> {
    let mut files: Vec<_> = audio_sizes(dir).into_iter().collect();
    files.sort();
    let mut out = Vec::new();
    for (path, _) in files {
        let bytes = fs::read(&path).unwrap_or_default();
        let from = before.get(&path).copied().unwrap_or(0) as usize;
        out.extend_from_slice(bytes.get(from..).unwrap_or_default());
    }
    out
}

#[test]
fn speaks_a_move_in_each_language_with_begin_and_end_events() {
    assert!(
        std::env::var_os("SPEECHD_ADDRESS").is_some(),
        "start a headless Speech Dispatcher first: eval \"$(scripts/speechd-headless.sh)\""
    );
    let audio_dir = std::env::var_os("HAMLE_SPEECHD_AUDIO_DIR").map(PathBuf::from);

    let started = Instant::now();
    let (voice, events) =
        SystemVoice::start(SystemVoiceOptions::new(&[Lang::De, Lang::Tr, Lang::En]))
            .expect("system voice starts");
    eprintln!("voices chosen in {:?}", started.elapsed());

    for (lang, uci, expected) in [
        (Lang::De, "g1f3", "Springer Felix drei"),
        (Lang::Tr, "g1f3", "At fe üç"),
        (Lang::En, "e2e4", "e4"),
    ] {
        let utterance = move_in(lang, uci);
        assert!(
            utterance.text.contains(expected),
            "{lang}: {:?} does not say {expected:?}",
            utterance.text
        );
        let before = audio_dir.as_deref().map(audio_sizes);
        let asked = Instant::now();
        voice.say(utterance.clone());

        let VoiceEvent::Begin {
            ticket,
            utterance: begun,
        } = next_event(&events)
        else {
            panic!("{lang}: expected a begin event first");
        };
        let to_begin = asked.elapsed();
        assert_eq!(begun, utterance);
        assert_eq!(next_event(&events), VoiceEvent::End { ticket }, "{lang}");
        eprintln!(
            "{lang}: {:?}: begin after {to_begin:?}, end after {:?}",
            utterance.text,
            asked.elapsed()
        );

        if let (Some(dir), Some(before)) = (audio_dir.as_deref(), before) {
            // ALSA's file plugin may flush a moment after the end event.
            let deadline = Instant::now() + Duration::from_secs(3);
            let mut pcm = new_audio(dir, &before);
            while rms_i16(&pcm) < 0.01 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(50));
                pcm = new_audio(dir, &before);
            }
            let rms = rms_i16(&pcm);
            eprintln!("{lang}: {} bytes of audio, RMS {rms:.3}", pcm.len());
            assert!(rms > 0.01, "{lang}: the voice wrote silence ({rms})");
        }
    }

    // A refusal interrupts a long answer; the queue goes on after it.
    voice.say(Utterance::new(
        Lang::En,
        Kind::Answer,
        "White: king e1, queen d1, rooks a1 and h1, bishops c1 and f1, knights b1 and g1.",
    ));
    let VoiceEvent::Begin { ticket: answer, .. } = next_event(&events) else {
        panic!("expected the answer to begin");
    };
    voice.say(Utterance::new(
        Lang::En,
        Kind::Refusal,
        "No knight can move to f4.",
    ));
    let mut stopped = false;
    loop {
        match next_event(&events) {
            VoiceEvent::Stopped { ticket } if ticket == answer => stopped = true,
            VoiceEvent::End { ticket } if ticket == answer => {} // finished before the stop
            VoiceEvent::Begin { utterance, .. } => {
                assert_eq!(utterance.kind, Kind::Refusal);
            }
            VoiceEvent::End { .. } => break,
            other => panic!("unexpected {other:?}"),
        }
    }
    eprintln!("answer stopped by the refusal: {stopped}");
    drop(voice);
}

/// `hamle serve --speak black`: through the real server, White's move is said by the
/// machine's voice for Black; Black's own move is not.
#[tokio::test(flavor = "multi_thread")]
async fn the_server_speaks_the_opponents_move_through_the_system_voice() {
    use futures_util::{SinkExt, StreamExt};
    use hamle::game::Seat;
    use hamle::server::{Config, LocalSpeech, SpeechConfig};
    use serde_json::{Value, json};
    use tokio_tungstenite::tungstenite::Message;

    assert!(
        std::env::var_os("SPEECHD_ADDRESS").is_some(),
        "start a headless Speech Dispatcher first: eval \"$(scripts/speechd-headless.sh)\""
    );
    let (voice, events) = tokio::task::spawn_blocking(|| {
        SystemVoice::start(SystemVoiceOptions::new(&[Lang::En])).expect("system voice starts")
    })
    .await
    .unwrap();
    let speech = SpeechConfig {
        local: Some(LocalSpeech {
            seat: Seat::Black,
            lang: Lang::En,
            game: None,
            voice: Box::new(voice),
        }),
        ..SpeechConfig::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let listener = hamle::server::bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = listener.local_addr().unwrap();
    let shutdown = tokio_util::sync::CancellationToken::new();
    let server = tokio::spawn(hamle::server::run_with_speech(
        listener,
        Config::new(dir.path().to_owned()),
        speech,
        shutdown.clone(),
    ));
    let created: Value = reqwest::Client::new()
        .post(format!("http://{addr}/api/games"))
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap();
    let mut sockets = Vec::new();
    for seat in ["white", "black"] {
        let url = format!("ws://{addr}/api/games/{id}/ws");
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let hello = json!({"type": "hello", "v": 1, "token": created["tokens"][seat]});
        ws.send(Message::text(hello.to_string())).await.unwrap();
        sockets.push(ws);
    }
    for (k, uci) in [(0, "e2e4"), (1, "e7e5")] {
        let msg = json!({"type": "move", "id": 1, "uci": uci});
        sockets[k]
            .send(Message::text(msg.to_string()))
            .await
            .unwrap();
        while let Some(Ok(m)) = sockets[k].next().await {
            if m.to_text().unwrap_or_default().contains(r#""type":"ack""#) {
                break;
            }
        }
    }
    let said = tokio::task::spawn_blocking(move || {
        let mut said = Vec::new();
        while let Ok(e) = events.recv_timeout(Duration::from_secs(3)) {
            if let VoiceEvent::Begin { utterance, .. } = e {
                said.push(utterance);
            }
        }
        said
    })
    .await
    .unwrap();
    assert_eq!(said, [move_in(Lang::En, "e2e4")]);
    shutdown.cancel();
    server.await.unwrap().unwrap();
}
