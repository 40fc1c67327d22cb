//! Speech through the play server: rendered audio for WebSocket clients that ask for it
//! (`"audio": true`), the machine's own voice for one seat (`--speak`, here with a recording
//! voice), and `hamle serve --speak` on the command line.
//!
//! Needs `espeak-ng` on `PATH` (as `tests/it/speech.rs` does).

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use hamle::announce::{Lang, Style};
use hamle::game::Seat;
use hamle::server::{Config, LocalSpeech, SpeechConfig, Voice};
use hamle::speech::wav::{self, rms_i16};
use hamle::speech::{Espeak, Kind, Utterance};
use hamle::words::speaker::Speaker;
use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};
use tokio_tungstenite::tungstenite::Message;
use tokio_util::sync::CancellationToken;

use crate::support::{self, Client, Game, STEP, Ws};

/// A server run with a speech configuration of the test's choosing.
struct SpeechServer {
    addr: SocketAddr,
    _dir: tempfile::TempDir,
    shutdown: CancellationToken,
    task: tokio::task::JoinHandle<()>,
}

impl SpeechServer {
    async fn start(speech: SpeechConfig) -> SpeechServer {
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
        SpeechServer {
            addr,
            _dir: dir,
            shutdown,
            task,
        }
    }

    async fn create(&self, body: Value) -> Game {
        support::create_at(&format!("http://{}", self.addr), body).await
    }

    async fn stop(self) {
        self.shutdown.cancel();
        tokio::time::timeout(STEP, self.task)
            .await
            .expect("server stops in time")
            .unwrap();
    }
}

/// What a listening client receives: JSON messages and binary frames.
#[derive(Debug)]
enum Frame {
    Json(Value),
    Binary(Vec<u8>),
}

/// A seat's socket that accepts binary frames.
struct Listener {
    ws: Ws,
    name: String,
    next_id: u64,
}

impl Listener {
    async fn connect(addr: &str, game: &Game, seat: &str, audio: bool) -> Listener {
        let ws = Client::open(addr, game).await;
        let mut l = Listener {
            ws,
            name: seat.to_owned(),
            next_id: 0,
        };
        l.send(json!({"type": "hello", "v": 1, "token": game.token(seat), "audio": audio}))
            .await;
        let welcome = l.json().await;
        assert_eq!(welcome["type"], "welcome", "{seat}: {welcome}");
        let state = l.json().await;
        assert_eq!(state["type"], "state", "{seat}: {state}");
        l
    }

    async fn send(&mut self, v: Value) {
        self.ws.send(Message::text(v.to_string())).await.unwrap();
    }

    /// Sends a request with a fresh id; returns the id.
    async fn request(&mut self, mut v: Value) -> String {
        self.next_id += 1;
        let id = format!("{}-{}", self.name, self.next_id);
        v["id"] = json!(id);
        self.send(v).await;
        id
    }

    async fn frame(&mut self) -> Frame {
        loop {
            let msg = tokio::time::timeout(STEP, self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("{}: nothing in time", self.name))
                .unwrap_or_else(|| panic!("{}: socket ended", self.name))
                .unwrap_or_else(|e| panic!("{}: {e}", self.name));
            match msg {
                Message::Text(t) => return Frame::Json(serde_json::from_str(t.as_str()).unwrap()),
                Message::Binary(b) => return Frame::Binary(b.to_vec()),
                Message::Ping(_) | Message::Pong(_) => continue,
                other => panic!("{}: unexpected frame {other:?}", self.name),
            }
        }
    }

    async fn json(&mut self) -> Value {
        match self.frame().await {
            Frame::Json(v) => v,
            Frame::Binary(b) => panic!("{}: binary frame of {} bytes", self.name, b.len()),
        }
    }

    /// The next `audio` message and its WAV; every JSON message before it is returned too.
    async fn audio(&mut self) -> (Vec<Value>, Value, Vec<u8>) {
        let mut before = Vec::new();
        loop {
            match self.frame().await {
                Frame::Json(v) if v["type"] == "audio" => {
                    // The WAV follows in binary frames of at most 32 KiB, nothing in between.
                    let bytes = v["bytes"].as_u64().unwrap() as usize;
                    let mut wav = Vec::with_capacity(bytes);
                    while wav.len() < bytes {
                        let Frame::Binary(chunk) = self.frame().await else {
                            panic!("{}: {} of {bytes} bytes after {v}", self.name, wav.len());
                        };
                        assert!(
                            chunk.len() <= 32 * 1024,
                            "{}: a frame of {}",
                            self.name,
                            chunk.len()
                        );
                        wav.extend_from_slice(&chunk);
                    }
                    assert_eq!(wav.len(), bytes, "{}: {v}", self.name);
                    return (before, v, wav);
                }
                Frame::Json(v) => before.push(v),
                Frame::Binary(b) => panic!(
                    "{}: binary frame of {} bytes unannounced",
                    self.name,
                    b.len()
                ),
            }
        }
    }

    /// JSON messages until the one answering `id` (events may come before it, audio not:
    /// this is for a client without audio).
    async fn until_answer(&mut self, id: &str) -> Vec<Value> {
        let mut got = Vec::new();
        loop {
            let v = self.json().await;
            let done = v["type"] != "event" && v["id"] == json!(id);
            got.push(v);
            if done {
                return got;
            }
        }
    }
}

/// Checks a WAV: mono 16-bit PCM, sizes right, not silent, between 0.3 and 10 seconds.
fn check_wav(what: &str, bytes: &[u8]) {
    assert_eq!(&bytes[0..4], b"RIFF", "{what}");
    let riff_size = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
    assert_eq!(riff_size + 8, bytes.len(), "{what}: RIFF size");
    let info = wav::parse(bytes).unwrap();
    assert_eq!((info.channels, info.bits_per_sample), (1, 16), "{what}");
    assert_eq!(info.data.end, bytes.len(), "{what}");
    let secs = info.duration_secs();
    assert!((0.3..10.0).contains(&secs), "{what}: {secs} s");
    let rms = rms_i16(&bytes[info.data.clone()]);
    assert!(rms > 0.02, "{what}: silent (RMS {rms})");
}

fn render(lang: Lang, kind: Kind, text: &str) -> Vec<u8> {
    Espeak::new()
        .render(&Utterance::new(lang, kind, text))
        .unwrap()
        .into_bytes()
}

fn short(lang: Lang, pos: &Chess, uci: &str) -> String {
    let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
    Speaker::new(lang).say_move(pos, m, Style::Short)
}

fn play(pos: &mut Chess, uci: &str) {
    let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
    pos.play_unchecked(m);
}

/// Fool's mate with audio on for both players (White German, Black Turkish): each hears
/// the other's moves in his language, his own refusals, the end; nobody hears the clock the
/// arbiter set, nor his own moves; "repeat" says the last thing again.
#[tokio::test]
async fn audio_for_the_listening_seat_in_its_language() {
    let server = SpeechServer::start(SpeechConfig::default()).await;
    let addr = server.addr.to_string();
    let game = server
        .create(json!({"languages": {"white": "de", "black": "tr", "arbiter": "en"}}))
        .await;
    let mut white = Listener::connect(&addr, &game, "white", true).await;
    let mut black = Listener::connect(&addr, &game, "black", true).await;
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", None).await;
    assert_eq!(arbiter.recv().await["type"], "state");
    let mut pos = Chess::default();

    // 1. f3: Black hears it in Turkish, as a valid, non-silent WAV of the Turkish voice.
    let said = short(Lang::Tr, &pos, "f2f3");
    let id = white.request(json!({"type": "move", "uci": "f2f3"})).await;
    let got = white.until_answer(&id).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    play(&mut pos, "f2f3");
    let (before, msg, wav) = black.audio().await;
    assert_eq!(before.len(), 1, "{before:?}");
    assert_eq!(before[0]["kind"], "move");
    assert_eq!(before[0]["short"], said);
    assert_eq!(msg["seq"], 1);
    assert_eq!(msg["kind"], "move");
    assert_eq!(msg["lang"], "tr");
    assert_eq!(msg["text"], said);
    assert_eq!(msg["format"], "audio/wav");
    assert!(msg.get("repeat").is_none());
    check_wav("1. f3 for Black", &wav);
    assert_eq!(
        wav,
        render(Lang::Tr, Kind::Move, &said),
        "the Turkish voice"
    );
    assert_ne!(
        wav,
        render(Lang::De, Kind::Move, &said),
        "not the German voice"
    );

    // The arbiter sets Black's clock: an event for everyone, audio for nobody (never the
    // time unasked).
    let got = arbiter
        .request(json!({"type": "set_clock", "color": "black", "remaining_ms": 120000}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack");

    // White, not to move, is refused: he hears why, in German.
    let id = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    let (before, msg, wav) = white.audio().await;
    let error = before.last().unwrap();
    assert_eq!(error["type"], "error");
    assert_eq!(error["code"], "not_your_turn");
    assert_eq!(msg["id"], json!(id));
    assert!(msg.get("seq").is_none());
    assert_eq!(msg["kind"], "refusal");
    assert_eq!(msg["lang"], "de");
    assert_eq!(msg["text"], error["message"]);
    check_wav("refusal for White", &wav);

    // 1... e5: White hears it in German; Black does not hear his own move.
    let said = short(Lang::De, &pos, "e7e5");
    let id = black.request(json!({"type": "move", "uci": "e7e5"})).await;
    play(&mut pos, "e7e5");
    let (_, msg, wav) = white.audio().await;
    assert_eq!(
        (msg["seq"].clone(), msg["lang"].clone()),
        (json!(3), json!("de"))
    );
    assert_eq!(msg["text"], said);
    check_wav("1... e5 for White", &wav);
    assert_eq!(wav, render(Lang::De, Kind::Move, &said));

    // 2. g4: the next audio Black gets is this move's; none came for the clock (seq 2) or
    // for his own move (seq 3).
    let said = short(Lang::Tr, &pos, "g2g4");
    white.request(json!({"type": "move", "uci": "g2g4"})).await;
    play(&mut pos, "g2g4");
    let (before, msg, _) = black.audio().await;
    let kinds: Vec<_> = before.iter().map(|v| v["type"].clone()).collect();
    assert!(before.iter().any(|v| v["id"] == json!(id)), "{kinds:?}");
    assert!(
        before
            .iter()
            .any(|v| v["type"] == "event" && v["kind"] == "clock_set"),
        "{before:?}"
    );
    assert_eq!(msg["seq"], 4, "{msg}");
    assert_eq!(msg["text"], said);

    // 2... Qh4#: Black hears the end, not his move; White hears both, in order.
    black.request(json!({"type": "move", "uci": "d8h4"})).await;
    let (_, msg, wav) = black.audio().await;
    assert_eq!(msg["seq"], 6, "{msg}");
    assert_eq!(msg["kind"], "game_end");
    assert_eq!(msg["lang"], "tr");
    check_wav("the end for Black", &wav);
    let said = short(Lang::De, &pos, "d8h4");
    let (_, first, _) = white.audio().await;
    let (_, second, _) = white.audio().await;
    assert_eq!(
        (first["seq"].clone(), first["text"].clone()),
        (json!(5), json!(said))
    );
    assert_eq!(second["seq"], 6);
    assert_eq!(second["kind"], "game_end");
    assert_eq!(
        second["text"],
        Speaker::new(Lang::De).message(
            "event-end",
            &[("reason", "checkmate".into()), ("result", "black".into())]
        )
    );

    // Repeat: the last thing again, marked as a repeat.
    let id = black.request(json!({"type": "repeat"})).await;
    let (before, msg, again) = black.audio().await;
    assert_eq!(before.last().unwrap()["type"], "ack");
    assert_eq!(before.last().unwrap()["id"], json!(id));
    assert_eq!(msg["seq"], 6);
    assert_eq!(msg["repeat"], true);
    check_wav("repeat", &again);

    // A client without audio gets no binary frames (and a repeat is simply acknowledged).
    let (mut spectator, _) = Client::connect(&addr, &game, "spectator", None).await;
    assert_eq!(spectator.recv().await["type"], "state");
    let got = spectator.request(json!({"type": "repeat"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    server.stop().await;
}

/// A client that reconnects hears the last move it missed; a full replay is not read out.
#[tokio::test]
async fn reconnecting_hears_the_missed_move_only() {
    let server = SpeechServer::start(SpeechConfig::default()).await;
    let addr = server.addr.to_string();
    let game = server.create(json!({"languages": {"black": "en"}})).await;
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    white.recv().await;
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    black.recv().await;
    white.request(json!({"type": "move", "uci": "e2e4"})).await;
    black.request(json!({"type": "move", "uci": "e7e5"})).await;
    white.request(json!({"type": "move", "uci": "g1f3"})).await;

    let ws = Client::open(&addr, &game).await;
    let mut l = Listener {
        ws,
        name: "black".into(),
        next_id: 0,
    };
    l.send(
        json!({"type": "hello", "v": 1, "token": game.token("black"), "since": 0, "audio": true}),
    )
    .await;
    let (before, msg, wav) = l.audio().await;
    assert_eq!(before[0]["type"], "welcome");
    assert_eq!(before.len(), 4, "welcome and three events: {before:?}");
    assert_eq!(msg["seq"], 3);
    assert_eq!(msg["lang"], "en");
    check_wav("missed move", &wav);
    server.stop().await;
}

/// No espeak-ng: the client is told once, in its language, and the game goes on.
#[tokio::test]
async fn missing_espeak_is_said_once_and_the_game_goes_on() {
    let speech = SpeechConfig {
        espeak: Espeak::with_program("/nonexistent/espeak-ng"),
        local: None,
        voice: None,
    };
    let server = SpeechServer::start(speech).await;
    let addr = server.addr.to_string();
    let game = server.create(json!({"languages": {"black": "tr"}})).await;
    let mut black = Listener::connect(&addr, &game, "black", true).await;
    let error = black.json().await;
    assert_eq!(error["type"], "error");
    assert_eq!(error["code"], "audio_unavailable");
    assert_eq!(
        error["message"],
        Speaker::new(Lang::Tr).message("error-audio-unavailable", &[])
    );
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    white.recv().await;
    for (uci, by) in [("e2e4", "white"), ("e7e5", "black")] {
        if by == "white" {
            let got = white.request(json!({"type": "move", "uci": uci})).await;
            assert_eq!(got.last().unwrap()["type"], "ack");
        } else {
            let id = black.request(json!({"type": "move", "uci": uci})).await;
            let got = black.until_answer(&id).await;
            assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
        }
    }
    // Only text came: the first event, then the own move and its ack; no second error.
    let id = black.request(json!({"type": "ping"})).await;
    let got = black.until_answer(&id).await;
    assert_eq!(got.last().unwrap()["type"], "pong");
    server.stop().await;
}

/// What a recording voice was asked to do.
#[derive(Clone, Debug, PartialEq)]
enum Said {
    Say(Utterance),
    Repeat,
}

#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<Said>>>);

impl Voice for Recorder {
    fn say(&self, utterance: Utterance) {
        self.0.lock().unwrap().push(Said::Say(utterance));
    }

    fn repeat(&self) {
        self.0.lock().unwrap().push(Said::Repeat);
    }
}

impl Recorder {
    /// Waits until `n` things were said; returns them all.
    async fn wait_for(&self, n: usize) -> Vec<Said> {
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            let said = self.0.lock().unwrap().clone();
            if said.len() >= n {
                return said;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "only {said:?} in time"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// `--speak black --speak-lang en`: the machine's voice says what Black hears, follows the
/// newest game, speaks Black's own refusals and repeats on his request.
#[tokio::test]
async fn local_voice_speaks_for_its_seat_in_the_newest_game() {
    let voice = Recorder::default();
    let speech = SpeechConfig {
        local: Some(LocalSpeech {
            seat: Seat::Black,
            lang: Lang::En,
            game: None,
            voice: Box::new(voice.clone()),
        }),
        ..SpeechConfig::default()
    };
    let server = SpeechServer::start(speech).await;
    let addr = server.addr.to_string();
    let first = server.create(json!({"languages": {"black": "tr"}})).await;
    let (mut white, _) = Client::connect(&addr, &first, "white", None).await;
    white.recv().await;
    let (mut black, _) = Client::connect(&addr, &first, "black", None).await;
    black.recv().await;
    let (mut arbiter, _) = Client::connect(&addr, &first, "arbiter", None).await;
    arbiter.recv().await;
    let pos = Chess::default();

    white.request(json!({"type": "move", "uci": "e2e4"})).await;
    let said = voice.wait_for(1).await;
    assert_eq!(
        said,
        [Said::Say(Utterance::new(
            Lang::En,
            Kind::Move,
            short(Lang::En, &pos, "e2e4")
        ))]
    );
    // The clock, and Black's own move, are not said; his refusal is, in his connection's
    // language; his repeat reaches the voice.
    arbiter
        .request(json!({"type": "set_clock", "color": "white", "remaining_ms": 60000}))
        .await;
    let message = black
        .refused(
            json!({"type": "announce", "text": "Vezir zıplar"}),
            "not_understood",
        )
        .await;
    black.request(json!({"type": "move", "uci": "e7e5"})).await;
    black.request(json!({"type": "repeat"})).await;
    let said = voice.wait_for(3).await;
    assert_eq!(
        said[1..],
        [
            Said::Say(Utterance::new(Lang::Tr, Kind::Refusal, message)),
            Said::Repeat
        ]
    );
    // White's refusals and repeats are his own business.
    white
        .refused(json!({"type": "move", "uci": "e7e5"}), "illegal_move")
        .await;
    white.request(json!({"type": "repeat"})).await;

    // A new game: the voice follows it at once, from its first event.
    let second = server.create(json!({})).await;
    let (mut white2, _) = Client::connect(&addr, &second, "white", None).await;
    white2.recv().await;
    white2.request(json!({"type": "move", "uci": "d2d4"})).await;
    // The first game is no longer spoken.
    white.request(json!({"type": "move", "uci": "g1f3"})).await;
    let said = voice.wait_for(4).await;
    assert_eq!(
        said[3],
        Said::Say(Utterance::new(
            Lang::En,
            Kind::Move,
            short(Lang::En, &pos, "d2d4")
        ))
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        voice.0.lock().unwrap().len(),
        4,
        "{:?}",
        voice.0.lock().unwrap()
    );
    server.stop().await;
}

/// An electronic board's status (issue 33) is spoken like a notice: rendered audio for the
/// player's connection that asked for it (neither `seq` nor `id`), and the machine's own voice
/// that follows his seat, each in its language; the bridge itself hears nothing back.
#[tokio::test]
async fn a_boards_status_is_spoken_to_its_side() {
    let voice = Recorder::default();
    let speech = SpeechConfig {
        local: Some(LocalSpeech {
            seat: Seat::White,
            lang: Lang::En,
            game: None,
            voice: Box::new(voice.clone()),
        }),
        ..SpeechConfig::default()
    };
    let server = SpeechServer::start(speech).await;
    let addr = server.addr.to_string();
    let game = server
        .create(json!({
            "white": {"name": "Anna", "visually_impaired": true},
            "languages": {"white": "de"},
            "rules": {"procedure": "physical"}
        }))
        .await;
    let mut white = Listener::connect(&addr, &game, "white", true).await;
    let ws = Client::open(&addr, &game).await;
    let mut bridge = Client::from_ws(ws, "bridge");
    bridge
        .send(json!({"type": "hello", "v": 1, "token": game.token("white"), "eboard": true}))
        .await;
    assert_eq!(bridge.recv().await["type"], "welcome");
    assert_eq!(bridge.recv().await["type"], "state");
    let got = bridge
        .request(json!({"type": "board_status", "status": "lost"}))
        .await;
    assert_eq!(got.len(), 1, "only the ack: {got:?}");
    assert_eq!(got[0]["type"], "ack");
    let lost = "Die Verbindung zu Ihrem elektronischen Brett ist unterbrochen: Was Sie darauf \
                tun, wird nicht gesehen, bis es wieder verbunden ist.";
    let (before, msg, wav) = white.audio().await;
    assert!(
        before
            .iter()
            .any(|m| m["type"] == "board_status" && m["text"] == lost),
        "{before:?}"
    );
    assert_eq!(msg["kind"], "notice");
    assert_eq!(msg["text"], lost);
    assert!(msg.get("seq").is_none() && msg.get("id").is_none(), "{msg}");
    check_wav("a board lost", &wav);
    let said = voice.wait_for(1).await;
    assert_eq!(
        said,
        [Said::Say(Utterance::new(
            Lang::En,
            Kind::Notice,
            "Your electronic board is lost: what you do on it is not seen until it is connected \
             again."
                .to_owned()
        ))]
    );
    server.stop().await;
}

/// `--speak-game` naming no game of the server: it does not start.
#[tokio::test]
async fn speak_game_must_exist() {
    let dir = tempfile::tempdir().unwrap();
    let listener = hamle::server::bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let speech = SpeechConfig {
        local: Some(LocalSpeech {
            seat: Seat::White,
            lang: Lang::De,
            game: hamle::store::GameId::parse("0123456789abcdef"),
            voice: Box::new(Recorder::default()),
        }),
        ..SpeechConfig::default()
    };
    let err = hamle::server::run_with_speech(
        listener,
        Config::new(dir.path().to_owned()),
        speech,
        CancellationToken::new(),
    )
    .await
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        Speaker::new(Lang::De).message("speech-no-such-game", &[("id", "0123456789abcdef".into())])
    );
}

fn hamle(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_hamle"))
        .args(args)
        .env("LANG", "de_DE.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .unwrap()
}

/// Without the `system-voice` feature, `--speak` stops the server at start-up and says how to
/// build it in, in the operator's language.
#[cfg(not(feature = "system-voice"))]
#[test]
fn speak_without_the_feature_says_how_to_build_it() {
    let out = hamle(&["serve", "--listen", "127.0.0.1:0", "--speak", "white"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let expected = Speaker::new(Lang::De).message("speech-system-voice-not-built", &[]);
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(stderr.contains("--features system-voice"), "{stderr}");
    assert!(out.stdout.is_empty(), "it did not start listening");
}

#[test]
fn speak_options_are_checked() {
    let out = hamle(&["serve", "--speak", "white", "--speak-rate", "3"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let expected = Speaker::new(Lang::De).message("speech-bad-rate", &[("value", "3".into())]);
    assert!(stderr.contains(&expected), "{stderr}");
    let out = hamle(&["serve", "--speak", "referee"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("referee ist kein Platz"), "{stderr}");
    // The voice's settings need a seat to speak for.
    let out = hamle(&["serve", "--speak-lang", "tr"]);
    assert!(!out.status.success());
}

/// `--bus` without `--node` stops at start-up with the reason, in the operator's language,
/// before anything listens: nodes left at the default name would all be granted one game's
/// lease. Any store works with a bus (PostgreSQL, or a SQLite file the nodes share).
#[test]
fn a_bus_without_a_node_name_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let store = format!("sqlite:{}", dir.path().join("other.sqlite3").display());
    let out = hamle(&[
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--bus",
        "nats://127.0.0.1:1",
        "--store",
        &store,
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let expected = Speaker::new(Lang::De).message("serve-bus-needs-node", &[]);
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(out.stdout.is_empty(), "it did not start listening");
    // With a name, the same store is taken: it gets as far as the bus (none listens there).
    let out = hamle(&[
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--bus",
        "nats://127.0.0.1:1",
        "--node",
        "n1",
        "--store",
        &store,
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains(&expected), "{stderr}");
    assert!(stderr.contains("nats://127.0.0.1:1"), "{stderr}");
}
