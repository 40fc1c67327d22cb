//! DGT LiveChess as the board's source (`hamle board --livechess ws://127.0.0.1:1982/api/v1.0`):
//! where DGT's own LiveChess program holds the board (a DGT board on USB or Bluetooth, the boards
//! of a broadcast), the bridge reads it from LiveChess's WebSocket API instead of the port.
//!
//! The API (LiveChess 2, `ws://HOST:1982/api/v1.0`) is JSON calls and feeds: the bridge calls
//! `{"id": 1, "call": "eboards"}` (answered `{"response": "call", "id": 1, "param": [{"serialnr":
//! "…", "state": "ACTIVE", …}]}`), chooses the board (the serial number given, else the first
//! active one), and subscribes to its `eboardevent` feed (`{"id": 2, "call": "subscribe",
//! "param": {"feed": "eboardevent", "id": 1, "param": {"serialnr": "…"}}}`); every feed message
//! (`{"response": "feed", "id": 1, "param": {"serialnr": "…", "board": "rnbqkbnr/…", …}}`)
//! carries the whole board as a FEN piece placement. Each is an [`Observation::Snapshot`], as a
//! Chessnut board's report: the same [`PortEvent`]s as a port's thread, into the same
//! assembler. A board string that does not read is skipped; a connection that fails or closes is
//! lost and tried again with [`Backoff`]'s waits; no board there, or not the one named, is said
//! and tried again the same way.

use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use shakmaty::Board;
use tokio::sync::mpsc::UnboundedSender;
use tokio_tungstenite::tungstenite::Message;
use tokio_util::sync::CancellationToken;

use super::backoff::Backoff;
use super::port::{PortEvent, Reason};
use crate::eboard::{Observation, Sensed};

/// Where LiveChess is, and which of its boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveChess {
    /// `ws://127.0.0.1:1982/api/v1.0`.
    pub url: String,
    /// The board's serial number; `None`: the first active board LiveChess lists.
    pub serial: Option<String>,
}

impl LiveChess {
    /// A LiveChess address as given on the command line: a `ws://` URL (LiveChess serves its
    /// API without TLS, and the bridge is built without it).
    pub fn parse(url: &str, serial: Option<String>) -> Option<LiveChess> {
        let url = url.trim();
        let rest = url.strip_prefix("ws://")?;
        (!rest.is_empty() && !rest.contains(char::is_whitespace)).then(|| LiveChess {
            url: url.to_owned(),
            serial: serial
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty()),
        })
    }
}

/// The `id` of the `eboards` call, of the `subscribe` call, and of the feed.
const EBOARDS: u64 = 1;
const SUBSCRIBE: u64 = 2;
const FEED: u64 = 1;

/// What LiveChess said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// The boards it has: their serial numbers and states.
    Boards(Vec<(String, String)>),
    /// The subscription taken.
    Subscribed,
    /// The board as a FEN piece placement (its whole board).
    Board(Board),
    /// An error it answered (its words).
    Error(String),
    /// Anything else (another feed, a board string that does not read).
    Other,
}

/// One message from LiveChess, read.
pub fn read(text: &str) -> Said {
    let Ok(v) = serde_json::from_str::<Value>(text) else {
        return Said::Other;
    };
    let id = v["id"].as_u64();
    match v["response"].as_str() {
        Some("call") if id == Some(EBOARDS) && v["param"].is_array() => Said::Boards(
            v["param"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|b| {
                    let serial = match &b["serialnr"] {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        _ => return None,
                    };
                    Some((serial, b["state"].as_str().unwrap_or("").to_owned()))
                })
                .collect(),
        ),
        Some("call") if id == Some(SUBSCRIBE) => Said::Subscribed,
        Some("feed") if id == Some(FEED) => v["param"]["board"]
            .as_str()
            .and_then(|b| b.split_whitespace().next())
            .and_then(|placement| placement.parse::<Board>().ok())
            .map_or(Said::Other, Said::Board),
        Some("error") => Said::Error(
            v["param"]
                .as_str()
                .map(str::to_owned)
                .unwrap_or_else(|| v["param"].to_string()),
        ),
        _ => Said::Other,
    }
}

/// The board to subscribe to among `boards`: the one named, else the first active one, else
/// the first.
pub fn choose(boards: &[(String, String)], serial: Option<&str>) -> Option<String> {
    match serial {
        Some(s) => boards.iter().find(|(b, _)| b == s).map(|(b, _)| b.clone()),
        None => boards
            .iter()
            .find(|(_, state)| state.eq_ignore_ascii_case("active"))
            .or_else(|| boards.first())
            .map(|(b, _)| b.clone()),
    }
}

fn eboards_call() -> Value {
    json!({"id": EBOARDS, "call": "eboards"})
}

fn subscribe_call(serial: &str) -> Value {
    json!({"id": SUBSCRIBE, "call": "subscribe",
        "param": {"feed": "eboardevent", "id": FEED, "param": {"serialnr": serial}}})
}

/// Reads LiveChess until `stop`, or until nobody listens to `events`; `no_board` is the
/// sentence for "no such board there" (the operator's language).
pub async fn run(
    source: LiveChess,
    events: UnboundedSender<PortEvent>,
    stop: CancellationToken,
    no_board: String,
) {
    let mut backoff = Backoff::standard();
    loop {
        let outcome = tokio::select! {
            _ = stop.cancelled() => return,
            outcome = session(&source, &events, &mut backoff, &no_board) => outcome,
        };
        let retry = backoff.failed();
        let event = match outcome {
            Outcome::Gone => return,
            Outcome::Failed(reason) => PortEvent::Failed { reason, retry },
            Outcome::Lost(reason) => PortEvent::Lost { reason, retry },
        };
        if events.send(event).is_err() {
            return;
        }
        tokio::select! {
            _ = stop.cancelled() => return,
            _ = tokio::time::sleep(retry) => {}
        }
    }
}

/// How one connection to LiveChess ended.
enum Outcome {
    /// Nobody listens any more.
    Gone,
    /// It could not be opened, or has no such board.
    Failed(Reason),
    /// It went away after the board answered.
    Lost(Reason),
}

/// One connection: the boards listed, the board subscribed to, its feed read.
async fn session(
    source: &LiveChess,
    events: &UnboundedSender<PortEvent>,
    backoff: &mut Backoff,
    no_board: &str,
) -> Outcome {
    let io = |e: &dyn std::fmt::Display| Reason::Io(e.to_string());
    let (mut ws, _) = match tokio_tungstenite::connect_async(source.url.as_str()).await {
        Ok(c) => c,
        Err(e) => return Outcome::Failed(io(&e)),
    };
    if let Err(e) = ws.send(Message::text(eboards_call().to_string())).await {
        return Outcome::Failed(io(&e));
    }
    let mut answered = false;
    loop {
        let text = match ws.next().await {
            Some(Ok(Message::Text(t))) => t.as_str().to_owned(),
            Some(Ok(Message::Close(_))) | None => {
                let reason = Reason::Io("closed".to_owned());
                return if answered {
                    Outcome::Lost(reason)
                } else {
                    Outcome::Failed(reason)
                };
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) if answered => return Outcome::Lost(io(&e)),
            Some(Err(e)) => return Outcome::Failed(io(&e)),
        };
        match read(&text) {
            Said::Boards(boards) => {
                let Some(serial) = choose(&boards, source.serial.as_deref()) else {
                    return Outcome::Failed(Reason::Io(no_board.to_owned()));
                };
                if let Err(e) = ws
                    .send(Message::text(subscribe_call(&serial).to_string()))
                    .await
                {
                    return Outcome::Failed(io(&e));
                }
            }
            Said::Subscribed => {
                if events.send(PortEvent::Opened).is_err() {
                    return Outcome::Gone;
                }
            }
            Said::Board(board) => {
                if !answered {
                    answered = true;
                    backoff.succeeded();
                    if events.send(PortEvent::Answered).is_err() {
                        return Outcome::Gone;
                    }
                }
                let seen = Observation::Snapshot(Sensed::pieces(board));
                if events
                    .send(PortEvent::Observed(Instant::now(), seen))
                    .is_err()
                {
                    return Outcome::Gone;
                }
            }
            Said::Error(e) if answered => return Outcome::Lost(Reason::Io(e)),
            Said::Error(e) => return Outcome::Failed(Reason::Io(e)),
            Said::Other => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn livechess_messages_read_as_the_api_writes_them() {
        let boards = r#"{"response":"call","id":1,"param":[
            {"serialnr":"7425","source":"COM3","state":"INACTIVE"},
            {"serialnr":31059,"state":"ACTIVE","battery":"78%"}],"time":1733500000000}"#;
        let listed = vec![
            ("7425".to_owned(), "INACTIVE".to_owned()),
            ("31059".to_owned(), "ACTIVE".to_owned()),
        ];
        assert_eq!(read(boards), Said::Boards(listed.clone()));
        assert_eq!(choose(&listed, None), Some("31059".to_owned()));
        assert_eq!(choose(&listed, Some("7425")), Some("7425".to_owned()));
        assert_eq!(choose(&listed, Some("1")), None);
        assert_eq!(choose(&[], None), None);
        assert_eq!(
            read(r#"{"response":"call","id":2,"param":null,"time":1}"#),
            Said::Subscribed
        );
        let feed = r#"{"response":"feed","id":1,"param":{"serialnr":"31059",
            "board":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR","clock":null},"time":2}"#;
        let e4: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
            .parse()
            .unwrap();
        assert_eq!(read(feed), Said::Board(e4));
        // A board that does not read, another feed, not JSON: nothing.
        for other in [
            r#"{"response":"feed","id":1,"param":{"board":"rnbqkbnr/ppp"}}"#,
            r#"{"response":"feed","id":9,"param":{"board":"8/8/8/8/8/8/8/8"}}"#,
            "not json",
        ] {
            assert_eq!(read(other), Said::Other, "{other}");
        }
        assert_eq!(
            read(r#"{"response":"error","id":2,"param":"no such eboard"}"#),
            Said::Error("no such eboard".to_owned())
        );
    }

    #[test]
    fn a_livechess_address_is_a_websocket_url() {
        let lc = LiveChess::parse(" ws://127.0.0.1:1982/api/v1.0 ", Some(" 31059 ".into()));
        assert_eq!(
            lc,
            Some(LiveChess {
                url: "ws://127.0.0.1:1982/api/v1.0".into(),
                serial: Some("31059".into())
            })
        );
        for bad in [
            "http://127.0.0.1:1982",
            "ws://",
            "127.0.0.1:1982",
            "ws://a b",
            "wss://board.local/api/v1.0",
        ] {
            assert_eq!(LiveChess::parse(bad, None), None, "{bad}");
        }
    }
}
