//! The bridge's WebSocket to the game: the normal, authenticated protocol of
//! `docs/protocol.md`, as a board's bridge (`"eboard": true`). It greets with the seat's
//! token, reads the `welcome` and the fresh `state`, and then sends one request at a time,
//! reading the server's messages until the answer that carries its `id` (the events before it
//! are handed back: the game moved on).

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::link::SeatLink;
use super::messages;
use crate::announce::Lang;

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long the server may take to greet or to answer one request.
const ANSWER_WAIT: Duration = Duration::from_secs(15);

/// The close codes after which trying again is pointless: a bad greeting (a seat that has no
/// board), a bad token, another bridge for the same board.
const FINAL_CLOSES: [u16; 3] = [4400, 4401, 4409];

/// Why the connection ended or could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gone {
    /// The network or the server went away: try again (the reason, for the terminal).
    Lost(String),
    /// The server refuses this bridge for good (its sentence, in the link's language).
    Refused(String),
}

/// One message from the server, sorted.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    /// A game event: the game moved on.
    Event(Value),
    /// An answer to a request (`ack`, `error`, `state`, `pong`... with an `id`).
    Answer(Value),
    /// An `error` without an `id`: something the server says about the connection.
    Said(String),
    /// Anything else (`board_status` is not sent to a bridge; a later protocol's messages).
    Other(Value),
}

fn sort(v: Value) -> Incoming {
    let kind = v["type"].as_str().unwrap_or("");
    match kind {
        "event" => Incoming::Event(v),
        "error" if v.get("id").is_none() => {
            Incoming::Said(v["message"].as_str().unwrap_or("").to_owned())
        }
        _ if v.get("id").is_some() => Incoming::Answer(v),
        _ => Incoming::Other(v),
    }
}

/// The bridge's own pace, under the server's rate limit for a connection (20 at once, then
/// 10 a second, `Limits`): a message beyond it waits instead of being dropped.
const PACE_BURST: f64 = 16.0;
const PACE_PER_SECOND: f64 = 8.0;

/// A token bucket: how long the next message must wait to keep the pace.
#[derive(Clone, Debug)]
pub struct Pace {
    tokens: f64,
    at: std::time::Instant,
}

impl Pace {
    pub fn new(now: std::time::Instant) -> Pace {
        Pace {
            tokens: PACE_BURST,
            at: now,
        }
    }

    /// How many messages may go at `now` without waiting (nothing counted).
    pub fn room(&self, now: std::time::Instant) -> f64 {
        let since = now.saturating_duration_since(self.at).as_secs_f64();
        (self.tokens + since * PACE_PER_SECOND).min(PACE_BURST)
    }

    /// A message goes at `now`: how long it waits first (and it is counted).
    pub fn wait(&mut self, now: std::time::Instant) -> Duration {
        let since = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + since * PACE_PER_SECOND).min(PACE_BURST);
        self.at = now;
        self.tokens -= 1.0;
        if self.tokens >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.tokens / PACE_PER_SECOND)
        }
    }
}

/// The connection to the game.
pub struct Server {
    ws: Ws,
    pace: Pace,
    next_id: u64,
    /// What the server said last without an `id` (before a close, why).
    said: Option<String>,
}

/// What greeting brings: the seat and the game's state.
pub struct Greeted {
    pub server: Server,
    pub seat: String,
    pub state: Value,
}

impl Server {
    /// Connects to `link`'s game and greets as its seat's board; `lang`: the link's language.
    pub async fn connect(link: &SeatLink, lang: Option<Lang>) -> Result<Greeted, Gone> {
        let connecting = tokio_tungstenite::connect_async(link.ws_url());
        let (ws, _) = tokio::time::timeout(ANSWER_WAIT, connecting)
            .await
            .map_err(|_| Gone::Lost(timed_out()))?
            .map_err(|e| Gone::Lost(e.to_string()))?;
        let mut server = Server {
            ws,
            pace: Pace::new(std::time::Instant::now()),
            next_id: 0,
            said: None,
        };
        server.send(&messages::hello(&link.token, lang)).await?;
        let mut seat = None;
        loop {
            match server.next().await? {
                Incoming::Other(v) if v["type"] == "welcome" => {
                    seat = v["seat"].as_str().map(str::to_owned);
                }
                Incoming::Other(v) if v["type"] == "state" => {
                    let seat = seat.ok_or_else(|| Gone::Lost("no welcome".into()))?;
                    return Ok(Greeted {
                        server,
                        seat,
                        state: v["state"].clone(),
                    });
                }
                // The events of a `since` it did not send: none come before the state.
                _ => {}
            }
        }
    }

    /// Whether at least half the pace's burst is free: what can wait (the raw readings) goes
    /// only then, so that it never holds back a move.
    pub fn has_room(&self) -> bool {
        self.pace.room(std::time::Instant::now()) >= PACE_BURST / 2.0
    }

    /// Sends one message, at the bridge's pace.
    pub async fn send(&mut self, v: &Value) -> Result<(), Gone> {
        let wait = self.pace.wait(std::time::Instant::now());
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        self.ws
            .send(Message::text(v.to_string()))
            .await
            .map_err(|e| Gone::Lost(e.to_string()))
    }

    /// The server's next message (pings answered on the way).
    pub async fn next(&mut self) -> Result<Incoming, Gone> {
        loop {
            let msg = match self.ws.next().await {
                None => return Err(Gone::Lost(closed(None))),
                Some(Err(e)) => return Err(Gone::Lost(e.to_string())),
                Some(Ok(m)) => m,
            };
            match msg {
                Message::Text(t) => {
                    let Ok(v) = serde_json::from_str::<Value>(t.as_str()) else {
                        continue;
                    };
                    let sorted = sort(v);
                    if let Incoming::Said(s) = &sorted {
                        self.said = Some(s.clone());
                    }
                    return Ok(sorted);
                }
                Message::Close(frame) => {
                    let code = frame.as_ref().map(|f| u16::from(f.code));
                    let reason = self.said.take().unwrap_or_else(|| closed(code));
                    return Err(match code {
                        Some(c) if FINAL_CLOSES.contains(&c) => Gone::Refused(reason),
                        _ => Gone::Lost(reason),
                    });
                }
                _ => {}
            }
        }
    }

    /// Sends `v` with a fresh `id` and reads until its answer; the messages before it are
    /// put in `on_way` (events: the game moved on).
    pub async fn request(
        &mut self,
        mut v: Value,
        on_way: &mut Vec<Incoming>,
    ) -> Result<Value, Gone> {
        self.next_id += 1;
        let id = format!("b{}", self.next_id);
        v["id"] = json!(id);
        self.send(&v).await?;
        let answer = async {
            loop {
                match self.next().await? {
                    Incoming::Answer(a) if a["id"] == json!(id) => return Ok(a),
                    other => on_way.push(other),
                }
            }
        };
        tokio::time::timeout(ANSWER_WAIT, answer)
            .await
            .unwrap_or_else(|_| Err(Gone::Lost(timed_out())))
    }

    /// Closes the connection (the bridge stops).
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

fn timed_out() -> String {
    std::io::Error::from(std::io::ErrorKind::TimedOut).to_string()
}

fn closed(code: Option<u16>) -> String {
    match code {
        Some(c) => format!("close {c}"),
        None => std::io::Error::from(std::io::ErrorKind::ConnectionReset).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bridge_keeps_under_the_servers_rate() {
        let start = std::time::Instant::now();
        let mut pace = Pace::new(start);
        // A burst goes at once, the next waits an eighth of a second each.
        for _ in 0..16 {
            assert_eq!(pace.wait(start), Duration::ZERO);
        }
        assert_eq!(pace.wait(start), Duration::from_millis(125));
        assert_eq!(pace.wait(start), Duration::from_millis(250));
        // A quiet second refills eight.
        let later = start + Duration::from_secs(2);
        for _ in 0..6 {
            assert_eq!(pace.wait(later), Duration::ZERO);
        }
        // Whatever is sent, no second ever takes more than the server's 20 + 10: over 3 s,
        // at most 16 + 3 * 8 go without waiting.
        let mut pace = Pace::new(start);
        let mut at = start;
        let mut sent = 0;
        while at < start + Duration::from_secs(3) {
            at += pace.wait(at);
            if at < start + Duration::from_secs(3) {
                sent += 1;
            }
        }
        assert!(sent <= 16 + 3 * 8 + 1, "{sent}");
    }

    #[test]
    fn what_can_wait_sees_the_room_left_without_taking_it() {
        let start = std::time::Instant::now();
        let mut pace = Pace::new(start);
        assert_eq!(pace.room(start), PACE_BURST);
        for _ in 0..10 {
            pace.wait(start);
        }
        // Six left: under half the burst, the raw readings wait; looking took nothing.
        assert_eq!(pace.room(start), 6.0);
        assert_eq!(pace.room(start), 6.0);
        // Half a second later four more.
        assert_eq!(pace.room(start + Duration::from_millis(500)), 10.0);
    }

    #[test]
    fn messages_are_sorted_by_what_they_answer() {
        let event = json!({"v":1,"type":"event","seq":3,"kind":"board"});
        assert_eq!(sort(event.clone()), Incoming::Event(event));
        let ack = json!({"v":1,"type":"ack","id":"b1","seq":null});
        assert_eq!(sort(ack.clone()), Incoming::Answer(ack));
        let refusal = json!({"v":1,"type":"error","id":"b2","code":"touch_move","message":"…"});
        assert_eq!(sort(refusal.clone()), Incoming::Answer(refusal));
        let said = json!({"v":1,"type":"error","code":"replaced","message":"Ersetzt."});
        assert_eq!(sort(said), Incoming::Said("Ersetzt.".into()));
        let welcome = json!({"v":1,"type":"welcome","seat":"white"});
        assert_eq!(sort(welcome.clone()), Incoming::Other(welcome));
    }
}
