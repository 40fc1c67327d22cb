//! One WebSocket as hamle speaks it: the close codes, the rate limit (every frame counts,
//! control frames too), sending (with a deadline for a client that does not read), the error
//! message before a close, the closing handshake, and the next data frame.
//!
//! Written against `Stream` + `Sink` of axum messages, so the same code runs on a real
//! socket and on channels.

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message};
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use serde_json::Value;
use tokio::time::Instant;

use crate::announce::Lang;
use crate::server::admission::limits::Limits;
use crate::server::audio::rendered::{AUDIO_FRAME, AudioOut};
use crate::server::wire::{DecodeError, Envelope, ErrorCode, PROTOCOL_VERSION, ServerMsg};

/// WebSocket close codes hamle uses (besides 1000 normal closure).
pub mod close {
    /// The server is shutting down.
    pub const GOING_AWAY: u16 = 1001;
    /// A text frame that is not UTF-8.
    pub const BAD_DATA: u16 = 1007;
    /// A flood of messages.
    pub const POLICY: u16 = 1008;
    /// A message over the size limit.
    pub const TOO_BIG: u16 = 1009;
    /// The game's task is gone (should not happen).
    pub const INTERNAL: u16 = 1011;
    /// The first message was not a valid `hello`.
    pub const BAD_HELLO: u16 = 4400;
    /// The token opens no seat of this game.
    pub const BAD_TOKEN: u16 = 4401;
    /// No `hello` within the time limit.
    pub const HELLO_TIMEOUT: u16 = 4408;
    /// Nothing heard from the client, not even a pong, for the idle timeout.
    pub const IDLE_TIMEOUT: u16 = 4408;
    /// The same seat connected again; this older connection is closed.
    pub const REPLACED: u16 = 4409;
    /// Too many connections: the game's spectators, the sockets waiting for their greeting,
    /// or those of one address.
    pub const TOO_MANY_CONNECTIONS: u16 = 4429;
}

/// A connection's messages: `burst` at once, then `per_second` (governor's GCRA, as game
/// creation's rate), and how many were dropped in a row.
pub(crate) struct RateLimit {
    limiter: governor::DefaultDirectRateLimiter,
    /// Messages dropped since the last one accepted.
    pub(crate) strikes: u32,
}

impl RateLimit {
    fn new(limits: &Limits) -> RateLimit {
        let burst = std::num::NonZeroU32::new(limits.burst).unwrap_or(std::num::NonZeroU32::MIN);
        // One message every `1 / per_second` seconds; a rate too high for a period is none.
        let period = std::time::Duration::from_secs_f64(1.0 / limits.per_second.max(1e-9));
        let quota = governor::Quota::with_period(period)
            .unwrap_or_else(|| governor::Quota::per_second(std::num::NonZeroU32::MAX))
            .allow_burst(burst);
        RateLimit {
            limiter: governor::RateLimiter::direct(quota),
            strikes: 0,
        }
    }

    pub(crate) fn take(&mut self) -> bool {
        if self.limiter.check().is_ok() {
            self.strikes = 0;
            true
        } else {
            self.strikes += 1;
            false
        }
    }
}

/// Why a connection ends, as the close frame says it.
pub(crate) struct Closing {
    pub(crate) code: u16,
    pub(crate) reason: ErrorCode,
}

fn is_too_large(e: &axum::Error) -> bool {
    let text = e.to_string();
    text.contains("too long") || text.contains("too big") || text.contains("Space limit")
}

/// A text frame (or a close frame's reason) that is not UTF-8.
fn is_bad_utf8(e: &axum::Error) -> bool {
    e.to_string().contains("UTF-8")
}

pub(crate) struct Conn<S> {
    pub(crate) socket: S,
    pub(crate) lang: Lang,
    /// Moves are said with the piece they capture (`hello`'s `captured`, `say_captured`).
    pub(crate) captured: bool,
    /// When the client last sent any frame (data, ping, pong or close).
    pub(crate) heard: Instant,
    /// The longest a send may wait for a client that does not read.
    send_timeout: Duration,
    /// Every frame the client sends counts, control frames (ping, pong) included.
    pub(crate) rate: RateLimit,
    /// Control frames dropped in a row before the connection is closed.
    flood_strikes: u32,
}

impl<S> Conn<S> {
    pub(crate) fn new(socket: S, lang: Lang, limits: &Limits) -> Conn<S> {
        Conn {
            socket,
            lang,
            captured: false,
            heard: Instant::now(),
            send_timeout: limits.idle_timeout,
            rate: RateLimit::new(limits),
            flood_strikes: limits.flood_strikes,
        }
    }
}

impl<S> Conn<S>
where
    S: Sink<Message, Error = axum::Error> + Unpin,
{
    pub(crate) async fn send(&mut self, msg: ServerMsg) -> Result<(), axum::Error> {
        self.send_frame(Message::Text(Envelope::json(msg).into()))
            .await
    }

    /// Sends a frame; a client that does not take it in time is given up. Almost every send
    /// is done at its first poll (the socket's buffer has room): only one that is not waits
    /// under a timer (a timer set and cleared for every frame was a lock on the runtime's
    /// timer wheel twice a frame).
    pub(crate) async fn send_frame(&mut self, frame: Message) -> Result<(), axum::Error> {
        use futures_util::FutureExt;
        let mut send = self.socket.send(frame);
        if let Some(sent) = (&mut send).now_or_never() {
            return sent;
        }
        match tokio::time::timeout(self.send_timeout, send).await {
            Ok(sent) => sent,
            Err(_) => Err(axum::Error::new("the client does not read")),
        }
    }

    pub(crate) async fn error(
        &mut self,
        id: Option<Value>,
        code: ErrorCode,
        args: &[(&str, String)],
    ) -> Result<(), axum::Error> {
        let message = crate::words::error(self.lang, code.name(), args);
        let code = code.name();
        self.send(ServerMsg::Error { id, code, message }).await
    }

    /// Sends rendered audio: the `audio` message, then its bytes in binary frames of at most
    /// [`AUDIO_FRAME`] bytes each (within the socket's write buffer limit).
    pub(crate) async fn send_audio(&mut self, out: AudioOut) -> Result<(), axum::Error> {
        match out {
            AudioOut::Clip(clip) => {
                let (msg, bytes) = clip.into_wire();
                self.send(ServerMsg::Audio(msg)).await?;
                for chunk in bytes.chunks(AUDIO_FRAME) {
                    let chunk = axum::body::Bytes::copy_from_slice(chunk);
                    self.socket.send(Message::Binary(chunk)).await?;
                }
                Ok(())
            }
            AudioOut::Unavailable => self.error(None, ErrorCode::AudioUnavailable, &[]).await,
        }
    }
}

/// How long a closing connection waits for the client's own close frame.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

impl<S> Conn<S>
where
    S: Stream<Item = Result<Message, axum::Error>> + Sink<Message, Error = axum::Error> + Unpin,
{
    /// The closing handshake: our close frame, then whatever the client still sends, up to
    /// its close frame. Reading it matters: a socket closed with unread data is reset by the
    /// kernel, and a reset can destroy the error and close frame still on their way.
    pub(crate) async fn close(&mut self, closing: Closing) {
        let frame = CloseFrame {
            code: closing.code,
            reason: closing.reason.name().into(),
        };
        let _ = self.send_frame(Message::Close(Some(frame))).await;
        let _ = tokio::time::timeout(CLOSE_WAIT, async {
            while let Some(Ok(m)) = self.socket.next().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
        let _ = tokio::time::timeout(self.send_timeout, self.socket.close()).await;
    }

    /// The first message, the greeting's text, within `limits.hello_timeout`. Anything else
    /// (a binary frame, too large, not UTF-8, a flood, silence, the server stopping, `evicted`:
    /// the hall full and this socket the longest waiting) is answered with its error and the
    /// connection closed: `None`.
    pub(crate) async fn greeting(
        &mut self,
        limits: &Limits,
        shutdown: &tokio_util::sync::CancellationToken,
        evicted: &tokio_util::sync::CancellationToken,
    ) -> Option<String> {
        let first = tokio::select! {
            _ = shutdown.cancelled() => {
                self.fail(ErrorCode::ShuttingDown, &[], close::GOING_AWAY).await;
                return None;
            }
            _ = evicted.cancelled() => {
                self.fail(ErrorCode::TooManyConnections, &[], close::TOO_MANY_CONNECTIONS).await;
                return None;
            }
            r = tokio::time::timeout(limits.hello_timeout, next_text(self)) => r,
        };
        let (code, close_code) = match first {
            Ok(Next::Text(t)) => return Some(t),
            Ok(Next::Gone) => return None,
            Err(_) => (ErrorCode::HelloTimeout, close::HELLO_TIMEOUT),
            Ok(Next::Binary(_)) => (ErrorCode::UnsupportedFrame, close::BAD_HELLO),
            Ok(Next::TooLarge) => {
                let limit = [("limit", limits.max_message_bytes.to_string())];
                self.fail(ErrorCode::TooLarge, &limit, close::TOO_BIG).await;
                return None;
            }
            Ok(Next::BadUtf8) => (ErrorCode::InvalidUtf8, close::BAD_DATA),
            Ok(Next::Flood) => (ErrorCode::Flood, close::POLICY),
            Ok(Next::Unfinished) => (ErrorCode::MessageUnfinished, close::POLICY),
        };
        self.fail(code, &[], close_code).await;
        None
    }

    /// Sends an error, then closes.
    pub(crate) async fn fail(&mut self, code: ErrorCode, args: &[(&str, String)], close_code: u16) {
        let _ = self.error(None, code, args).await;
        self.close(Closing {
            code: close_code,
            reason: code,
        })
        .await;
    }
}

pub(crate) fn decode_error_args(e: &DecodeError) -> Vec<(&'static str, String)> {
    match e {
        DecodeError::BadJson => vec![],
        DecodeError::UnknownType(t) => vec![("type", t.chars().take(40).collect())],
        DecodeError::MissingField(f) | DecodeError::InvalidField(f) => {
            vec![("field", f.clone())]
        }
        DecodeError::UnsupportedVersion(v) => vec![
            ("version", v.to_string()),
            ("supported", PROTOCOL_VERSION.to_string()),
        ],
    }
}

pub(crate) enum Next {
    Text(String),
    Binary(axum::body::Bytes),
    TooLarge,
    /// A text frame that is not UTF-8 (close 1007).
    BadUtf8,
    /// Too many control frames in a row over the rate limit (close 1008).
    Flood,
    /// A fragmented message over its frames or its time (`upgrade::Watched`, close 1008).
    Unfinished,
    Gone,
}

/// The next data frame. Control frames are answered by the WebSocket library and skipped
/// here, but they count against the rate limit like data frames: a client that floods
/// pings is closed (`flood`) as one that floods messages is.
pub(crate) async fn next_text<S>(conn: &mut Conn<S>) -> Next
where
    S: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    loop {
        let next = conn.socket.next().await;
        conn.heard = Instant::now();
        match next {
            None => return Next::Gone,
            Some(Err(e)) => {
                return if is_too_large(&e) {
                    Next::TooLarge
                } else if e.to_string().contains(super::upgrade::UNFINISHED) {
                    Next::Unfinished
                } else if is_bad_utf8(&e) {
                    Next::BadUtf8
                } else {
                    Next::Gone
                };
            }
            Some(Ok(Message::Text(t))) => return Next::Text(t.as_str().to_owned()),
            Some(Ok(Message::Binary(b))) => return Next::Binary(b),
            Some(Ok(Message::Close(_))) => return Next::Gone,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {
                if !conn.rate.take() && conn.rate.strikes >= conn.flood_strikes {
                    return Next::Flood;
                }
            }
        }
    }
}
