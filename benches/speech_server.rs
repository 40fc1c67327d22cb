//! Through the real server: time from a move being made to the first audio bytes a remote
//! client receives, and to the start of the system voice speaking for a seat (`--speak`).
//!
//! ```sh
//! cargo bench --bench speech_server                           # rendered audio (espeak-ng)
//! eval "$(scripts/speechd-headless.sh)"
//! cargo bench --bench speech_server --features system-voice   # and the system voice
//! kill "$HAMLE_SPEECHD_PID"
//! ```
//!
//! A real server on 127.0.0.1:0 (SQLite store with `synchronous = FULL`, as in production), two
//! real WebSocket clients greeting with `"audio": true`, players moving in turn. For each move:
//!
//! - *move sent → first audio bytes*: from the mover's client sending `{"type":"move"}` to the
//!   listening client receiving the first binary frame of the WAV (frames of at most 32 KiB;
//!   the server renders the whole WAV before sending, so the rest follows at once). This
//!   includes the store's fsync before the event is published.
//! - *event → first audio bytes*: from the listener receiving the move's `event` (text) to
//!   its first audio bytes: the rendering (espeak-ng, off the game task) and the send.
//! - *move sent → whole WAV*: to the last binary frame.
//! - *move sent → system voice begins*: from the move being sent to Speech Dispatcher
//!   reporting that it began saying it, for the seat the server speaks for.
//!
//! Target (issue 6): median under 50 ms for rendered audio.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use hamle::announce::Lang;
use hamle::server::{Config, SpeechConfig};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tokio_util::sync::CancellationToken;

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Games per language; each game is [`CYCLE`] played [`ROUNDS`] times (knights out and back:
/// three times, so no repetition ends it).
const GAMES: usize = 5;
const ROUNDS: usize = 3;
const CYCLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];
const STEP: Duration = Duration::from_secs(10);

struct Server {
    addr: SocketAddr,
    _dir: tempfile::TempDir,
    shutdown: CancellationToken,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    async fn start(speech: SpeechConfig) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let listener = hamle::server::bind("127.0.0.1:0".parse().unwrap()).unwrap();
        let addr = listener.local_addr().unwrap();
        let shutdown = CancellationToken::new();
        let config = Config::new(dir.path().to_owned());
        let token = shutdown.clone();
        let task = tokio::spawn(async move {
            hamle::server::run_with_speech(listener, config, speech, token)
                .await
                .unwrap();
        });
        Server {
            addr,
            _dir: dir,
            shutdown,
            task,
        }
    }

    async fn stop(self) {
        self.shutdown.cancel();
        let _ = self.task.await;
    }

    /// Creates a game where both players speak `lang`; returns its id and tokens.
    async fn game(&self, lang: Lang) -> (String, Value) {
        let body = json!({"languages": {"white": lang.code(), "black": lang.code()}});
        let created: Value = reqwest::Client::new()
            .post(format!("http://{}/api/games", self.addr))
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        (
            created["id"].as_str().unwrap().to_owned(),
            created["tokens"].clone(),
        )
    }

    async fn connect(&self, id: &str, token: &Value, audio: bool) -> Ws {
        let url = format!("ws://{}/api/games/{id}/ws", self.addr);
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let hello = json!({"type": "hello", "v": 1, "token": token, "audio": audio});
        ws.send(Message::text(hello.to_string())).await.unwrap();
        for _ in 0..2 {
            next_json(&mut ws).await; // welcome, state
        }
        ws
    }
}

enum Frame {
    Json(Value),
    Binary(usize),
}

async fn next(ws: &mut Ws) -> Frame {
    loop {
        let msg = tokio::time::timeout(STEP, ws.next())
            .await
            .expect("a message in time")
            .expect("the socket is open")
            .expect("a frame");
        match msg {
            Message::Text(t) => return Frame::Json(serde_json::from_str(t.as_str()).unwrap()),
            Message::Binary(b) => return Frame::Binary(b.len()),
            _ => {}
        }
    }
}

async fn next_json(ws: &mut Ws) -> Value {
    match next(ws).await {
        Frame::Json(v) => v,
        Frame::Binary(_) => panic!("unexpected binary frame"),
    }
}

async fn send_move(ws: &mut Ws, uci: &str, id: usize) {
    let msg = json!({"type": "move", "id": id, "uci": uci});
    ws.send(Message::text(msg.to_string())).await.unwrap();
}

/// Reads the mover's answers up to its `ack`.
async fn until_ack(ws: &mut Ws) {
    loop {
        if let Frame::Json(v) = next(ws).await
            && v["type"] == "ack"
        {
            return;
        }
    }
}

struct Stats {
    median: Duration,
    p90: Duration,
    min: Duration,
    max: Duration,
    n: usize,
}

fn stats(mut samples: Vec<Duration>) -> Stats {
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    Stats {
        median: at(0.5),
        p90: at(0.9),
        min: samples[0],
        max: samples[samples.len() - 1],
        n: samples.len(),
    }
}

fn report(what: &str, s: &Stats) {
    println!(
        "{what:<42} n {:>3}   median {:>7.2} ms   p90 {:>7.2} ms   min {:>7.2} ms   max {:>7.2} ms",
        s.n,
        s.median.as_secs_f64() * 1e3,
        s.p90.as_secs_f64() * 1e3,
        s.min.as_secs_f64() * 1e3,
        s.max.as_secs_f64() * 1e3,
    );
}

/// Players move in turn, both listening with audio on; every move is timed at the other.
async fn rendered(server: &Server, lang: Lang) -> (Stats, Stats, Stats) {
    let mut sent_to_audio = Vec::new();
    let mut event_to_audio = Vec::new();
    let mut sent_to_whole = Vec::new();
    let mut request = 0;
    for game in 0..GAMES + 1 {
        let (id, tokens) = server.game(lang).await;
        let mut players = [
            server.connect(&id, &tokens["white"], true).await,
            server.connect(&id, &tokens["black"], true).await,
        ];
        for ply in 0..ROUNDS * CYCLE.len() {
            let (mover, listener) = if ply % 2 == 0 { (0, 1) } else { (1, 0) };
            request += 1;
            let sent = Instant::now();
            send_move(&mut players[mover], CYCLE[ply % CYCLE.len()], request).await;
            let mut event_at = None;
            let mut expected = 0;
            let mut audio_at = None;
            let mut got = 0;
            let whole_at = loop {
                match next(&mut players[listener]).await {
                    Frame::Json(v) if v["type"] == "event" && v["kind"] == "move" => {
                        event_at = Some(Instant::now());
                    }
                    Frame::Json(v) if v["type"] == "audio" => {
                        expected = v["bytes"].as_u64().unwrap() as usize;
                    }
                    Frame::Json(_) => {}
                    Frame::Binary(bytes) => {
                        audio_at.get_or_insert_with(Instant::now);
                        got += bytes;
                        if got >= expected {
                            assert!(got > 1000, "a WAV of {got} bytes");
                            break Instant::now();
                        }
                    }
                }
            };
            until_ack(&mut players[mover]).await;
            // The first game warms espeak-ng's files, Fluent and the store.
            if game > 0 {
                let audio_at = audio_at.expect("audio came");
                sent_to_audio.push(audio_at - sent);
                event_to_audio.push(audio_at - event_at.expect("the event came first"));
                sent_to_whole.push(whole_at - sent);
            }
        }
    }
    (
        stats(sent_to_audio),
        stats(event_to_audio),
        stats(sent_to_whole),
    )
}

#[cfg(feature = "system-voice")]
async fn system_voice(lang: Lang) {
    use hamle::game::Seat;
    use hamle::server::LocalSpeech;
    use hamle::speech::{SystemVoice, SystemVoiceOptions, VoiceEvent};
    let started = Instant::now();
    let (voice, events) = match SystemVoice::start(SystemVoiceOptions::new(&[lang])) {
        Ok(v) => v,
        Err(e) => {
            println!("{lang}: system voice skipped ({e})");
            return;
        }
    };
    let startup = started.elapsed();
    let speech = SpeechConfig {
        local: Some(LocalSpeech {
            seat: Seat::Black,
            lang,
            game: None,
            voice: Box::new(voice),
        }),
        ..SpeechConfig::default()
    };
    let server = Server::start(speech).await;
    let events = std::sync::Arc::new(std::sync::Mutex::new(events));
    let mut begun = Vec::new();
    let mut request = 0;
    for game in 0..GAMES + 1 {
        // The voice follows the newest game.
        let (id, tokens) = server.game(lang).await;
        let mut white = server.connect(&id, &tokens["white"], false).await;
        let mut black = server.connect(&id, &tokens["black"], false).await;
        for ply in 0..ROUNDS * CYCLE.len() {
            let mover = if ply % 2 == 0 { &mut white } else { &mut black };
            request += 1;
            let sent = Instant::now();
            send_move(mover, CYCLE[ply % CYCLE.len()], request).await;
            until_ack(mover).await;
            if ply % 2 == 1 {
                continue; // Black's own moves are not said to Black.
            }
            let events = std::sync::Arc::clone(&events);
            let begin = tokio::task::spawn_blocking(move || {
                let events = events.lock().unwrap();
                let mut begun = None;
                loop {
                    match events.recv_timeout(Duration::from_secs(20)) {
                        Ok(VoiceEvent::Begin { .. }) => begun = Some(sent.elapsed()),
                        Ok(VoiceEvent::End { .. } | VoiceEvent::Stopped { .. }) => {
                            return begun;
                        }
                        Ok(VoiceEvent::Failed { error, .. }) => panic!("{error}"),
                        Err(_) => panic!("the system voice went quiet"),
                    }
                }
            })
            .await
            .unwrap();
            if game > 0 {
                begun.push(begin.expect("a begin event"));
            }
        }
    }
    println!(
        "{lang}: system voice start-up (voice chosen once): {:.0} ms",
        startup.as_secs_f64() * 1e3
    );
    report(
        &format!("{lang}: move sent -> system voice begins"),
        &stats(begun),
    );
    server.stop().await;
}

fn main() {
    // `cargo test --benches` runs bench binaries without `--bench`: stay quick there.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        println!(
            "{} moves per language through the server, after one warm-up game",
            GAMES * ROUNDS * CYCLE.len()
        );
        let server = Server::start(SpeechConfig::default()).await;
        for lang in Lang::ALL {
            let (sent, event, whole) = rendered(&server, lang).await;
            report(&format!("{lang}: move sent -> first audio bytes"), &sent);
            report(
                &format!("{lang}: event received -> first audio bytes"),
                &event,
            );
            report(&format!("{lang}: move sent -> whole WAV received"), &whole);
        }
        server.stop().await;

        #[cfg(feature = "system-voice")]
        {
            if std::env::var_os("SPEECHD_ADDRESS").is_none() && cfg!(target_os = "linux") {
                println!(
                    "system voice: skipped (start one: eval \"$(scripts/speechd-headless.sh)\")"
                );
            } else {
                for lang in Lang::ALL {
                    system_voice(lang).await;
                }
            }
        }
        #[cfg(not(feature = "system-voice"))]
        println!("system voice: not built (add --features system-voice)");
    });
}
