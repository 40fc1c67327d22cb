//! One WebSocket connection: greeting, catch-up, then actions in and events out.
//!
//! Written against `Stream` + `Sink` of axum messages, so the same code runs on a real
//! socket and on channels.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message};
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use serde_json::Value;
use tokio::sync::broadcast::error::RecvError;
use tokio::time::Instant;

use super::actor::{Acted, Action, Backlog, GameHandle, Published};
use super::audio::{AUDIO_FRAME, AudioChannel, AudioOut, Tag};
use super::render;
use super::speech::{Heard, spoken_to};
use super::wire::{
    ClientMsg, DecodeError, Envelope, PROTOCOL_VERSION, ServerMsg, StateBody, decode,
};
use super::{AppState, Limits};
use crate::announce::Lang;
use crate::game::Seat;

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

/// Tokens per connection: `burst` at once, refilled at `per_second`.
struct RateLimit {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
    /// Messages dropped since the last one accepted.
    strikes: u32,
}

impl RateLimit {
    fn new(limits: &Limits) -> RateLimit {
        RateLimit {
            tokens: f64::from(limits.burst),
            burst: f64::from(limits.burst),
            per_second: limits.per_second,
            last: Instant::now(),
            strikes: 0,
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.strikes = 0;
            true
        } else {
            self.strikes += 1;
            false
        }
    }
}

/// Why a connection ends, as the close frame says it.
struct Closing {
    code: u16,
    reason: &'static str,
}

fn is_too_large(e: &axum::Error) -> bool {
    let text = e.to_string();
    text.contains("too long") || text.contains("too big") || text.contains("Space limit")
}

/// A text frame (or a close frame's reason) that is not UTF-8.
fn is_bad_utf8(e: &axum::Error) -> bool {
    e.to_string().contains("UTF-8")
}

struct Conn<S> {
    socket: S,
    lang: Lang,
    /// When the client last sent any frame (data, ping, pong or close).
    heard: Instant,
    /// The longest a send may wait for a client that does not read.
    send_timeout: Duration,
    /// Every frame the client sends counts, control frames (ping, pong) included.
    rate: RateLimit,
    /// Control frames dropped in a row before the connection is closed.
    flood_strikes: u32,
}

impl<S> Conn<S> {
    fn new(socket: S, lang: Lang, limits: &Limits) -> Conn<S> {
        Conn {
            socket,
            lang,
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
    async fn send(&mut self, msg: ServerMsg) -> Result<(), axum::Error> {
        self.send_frame(Message::Text(Envelope::json(msg).into()))
            .await
    }

    /// Sends a frame; a client that does not take it in time is given up.
    async fn send_frame(&mut self, frame: Message) -> Result<(), axum::Error> {
        match tokio::time::timeout(self.send_timeout, self.socket.send(frame)).await {
            Ok(sent) => sent,
            Err(_) => Err(axum::Error::new("the client does not read")),
        }
    }

    async fn error(
        &mut self,
        id: Option<Value>,
        code: &'static str,
        args: &[(&str, String)],
    ) -> Result<(), axum::Error> {
        let message = render::error(self.lang, code, args);
        self.send(ServerMsg::Error { id, code, message }).await
    }

    /// Sends rendered audio: the `audio` message, then its bytes in binary frames of at most
    /// [`AUDIO_FRAME`] bytes each (within the socket's write buffer limit).
    async fn send_audio(&mut self, out: AudioOut) -> Result<(), axum::Error> {
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
            AudioOut::Unavailable => self.error(None, "audio_unavailable", &[]).await,
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
    async fn close(&mut self, closing: Closing) {
        let frame = CloseFrame {
            code: closing.code,
            reason: closing.reason.into(),
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

    /// Sends an error, then closes.
    async fn fail(&mut self, code: &'static str, args: &[(&str, String)], close_code: u16) {
        let _ = self.error(None, code, args).await;
        self.close(Closing {
            code: close_code,
            reason: code,
        })
        .await;
    }
}

fn decode_error_args(e: &DecodeError) -> Vec<(&'static str, String)> {
    match e {
        DecodeError::BadJson => vec![],
        DecodeError::UnknownType(t) => vec![("type", t.chars().take(40).collect())],
        DecodeError::MissingField(f) | DecodeError::InvalidField(f) => {
            vec![("field", (*f).to_owned())]
        }
        DecodeError::UnsupportedVersion(v) => vec![
            ("version", v.to_string()),
            ("supported", PROTOCOL_VERSION.to_string()),
        ],
    }
}

/// Refuses a connection at once: an `error` with `code`, then a close frame.
pub async fn refuse<S>(socket: S, lang: Lang, code: &'static str, close_code: u16, limits: &Limits)
where
    S: Stream<Item = Result<Message, axum::Error>> + Sink<Message, Error = axum::Error> + Unpin,
{
    Conn::new(socket, lang, limits)
        .fail(code, &[], close_code)
        .await;
}

/// Runs one connection to the end. `fallback` is the language for errors before the
/// greeting names a seat (from the upgrade request's `Accept-Language`).
pub async fn serve<S>(
    socket: S,
    app: AppState,
    handle: GameHandle,
    fallback: Lang,
    addr: super::listen::ClientAddr,
    waiting: super::conns::Waiting,
) where
    S: Stream<Item = Result<Message, axum::Error>> + Sink<Message, Error = axum::Error> + Unpin,
{
    let limits = app.limits();
    let mut conn = Conn::new(socket, fallback, &limits);
    let shutdown = app.shutdown();

    // 1. The greeting.
    let first = tokio::select! {
        _ = shutdown.cancelled() => {
            conn.fail("shutting_down", &[], close::GOING_AWAY).await;
            return;
        }
        // The game's hall is full and this socket has waited longest.
        _ = waiting.evicted.cancelled() => {
            conn.fail("too_many_connections", &[], close::TOO_MANY_CONNECTIONS).await;
            return;
        }
        r = tokio::time::timeout(limits.hello_timeout, next_text(&mut conn)) => r,
    };
    let text = match first {
        Err(_) => return conn.fail("hello_timeout", &[], close::HELLO_TIMEOUT).await,
        Ok(Next::Text(t)) => t,
        Ok(Next::Binary(_)) => {
            return conn.fail("unsupported_frame", &[], close::BAD_HELLO).await;
        }
        Ok(Next::TooLarge) => {
            let limit = [("limit", limits.max_message_bytes.to_string())];
            return conn.fail("too_large", &limit, close::TOO_BIG).await;
        }
        Ok(Next::BadUtf8) => return conn.fail("invalid_utf8", &[], close::BAD_DATA).await,
        Ok(Next::Flood) => return conn.fail("flood", &[], close::POLICY).await,
        Ok(Next::Gone) => return,
    };
    let (token, since, asked_lang, wants_audio) = match decode(&text) {
        Ok(ClientMsg::Hello {
            token,
            since,
            lang,
            audio,
        }) => (token, since, lang, audio),
        Ok(_) => return conn.fail("hello_required", &[], close::BAD_HELLO).await,
        Err((e, _)) => {
            let args = decode_error_args(&e);
            return conn.fail(e.code(), &args, close::BAD_HELLO).await;
        }
    };
    if let Some(l) = asked_lang {
        conn.lang = l;
    }
    let Some(seat) = handle.seat_for(&token) else {
        return conn.fail("bad_token", &[], close::BAD_TOKEN).await;
    };
    conn.lang = asked_lang.unwrap_or_else(|| handle.setup.language(seat));
    drop(waiting);
    // Seats always get in; spectators within their limits.
    let _watching = if seat == Seat::Spectator {
        match app.0.door.watch(&handle.id, addr, &limits) {
            Ok(w) => Some(w),
            Err(refused) => {
                let close = close::TOO_MANY_CONNECTIONS;
                return conn.fail(refused.code(), &[], close).await;
            }
        }
    } else {
        None
    };
    // The game may have left memory since the upgrade: then the hub loads it again.
    let mut handle = handle;
    let mut joined = None;
    for _ in 0..3 {
        if let Some(j) = handle.connect(seat, since).await {
            joined = Some(j);
            break;
        }
        match app.game(&handle.id).await {
            Some(h) => handle = h,
            None => break,
        }
    }
    let Some(mut joined) = joined else {
        return conn.fail("game_unavailable", &[], close::INTERNAL).await;
    };
    tracing::debug!(game = %handle.id, %seat, "connected");

    // 2. Catch up.
    let resumed = matches!(joined.backlog, Backlog::Events(_));
    let welcome = ServerMsg::Welcome {
        game: handle.id.to_string(),
        seat: seat.key(),
        lang: conn.lang.code(),
        seq: joined.seq,
        resumed,
        server: concat!("hamle ", env!("CARGO_PKG_VERSION")),
        voice: app.speech().voice.is_some(),
    };
    if conn.send(welcome).await.is_err() {
        return;
    }
    let listener = if seat == Seat::Spectator {
        super::audio::Listener::Spectator
    } else {
        super::audio::Listener::Seated
    };
    let mut audio = wants_audio.then(|| app.speech().renderer.channel_for(listener));
    let backlog = std::mem::replace(&mut joined.backlog, Backlog::Events(Vec::new()));
    let sent = match backlog {
        Backlog::Events(events) => {
            if let Some(audio) = &mut audio {
                offer_missed(audio, seat, conn.lang, &events);
            }
            send_events(&mut conn, seat, &events).await
        }
        Backlog::State(state) => conn.send(ServerMsg::State { id: None, state }).await,
    };
    if sent.is_err() {
        return;
    }
    let mut session = Session {
        seat,
        last_sent: joined.seq,
        handle,
        limits,
        clock: app.clock(),
        audio,
        app: app.clone(),
        last_refusal_spoken: None,
        voice: super::voice::VoiceSession::default(),
    };

    // 3. Live. A quiet client is pinged; one that answers nothing at all is closed.
    let ping = session.limits.ping_interval;
    let mut ticker = tokio::time::interval_at(Instant::now() + ping, ping);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let closing = loop {
        tokio::select! {
            biased;
            _ = shutdown.cancelled() => {
                let _ = conn.error(None, "shutting_down", &[]).await;
                break Closing { code: close::GOING_AWAY, reason: "shutting_down" };
            }
            _ = ticker.tick() => {
                let quiet = conn.heard.elapsed();
                if quiet >= session.limits.idle_timeout {
                    let _ = conn.error(None, "idle_timeout", &[]).await;
                    break Closing { code: close::IDLE_TIMEOUT, reason: "idle_timeout" };
                }
                if quiet >= ping && conn.send_frame(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
            _ = joined.replaced.cancelled() => {
                let _ = conn.error(None, "replaced", &[]).await;
                break Closing { code: close::REPLACED, reason: "replaced" };
            }
            ev = joined.events.recv() => {
                match session.on_event(&mut conn, ev).await {
                    Ok(None) => {}
                    Ok(Some(c)) => break c,
                    Err(_) => return,
                }
            }
            out = next_audio(&mut session.audio) => {
                match out {
                    Some(out) => {
                        if conn.send_audio(out).await.is_err() {
                            return;
                        }
                    }
                    // Audio has stopped for good (no espeak-ng): text only from now on.
                    None => session.audio = None,
                }
            }
            (id, fen, heard) = session.voice.next() => {
                match session.on_heard(&mut conn, &mut joined.events, id, fen, heard).await {
                    Ok(None) => {}
                    Ok(Some(c)) => break c,
                    Err(_) => return,
                }
            }
            msg = next_text(&mut conn) => {
                match session.on_message(&mut conn, &mut joined.events, msg).await {
                    Ok(None) => {}
                    Ok(Some(c)) => break c,
                    Err(_) => return,
                }
            }
        }
    };
    conn.close(closing).await;
}

enum Next {
    Text(String),
    Binary(axum::body::Bytes),
    TooLarge,
    /// A text frame that is not UTF-8 (close 1007).
    BadUtf8,
    /// Too many control frames in a row over the rate limit (close 1008).
    Flood,
    Gone,
}

/// The next data frame. Control frames are answered by the WebSocket library and skipped
/// here, but they count against the rate limit like data frames: a client that floods
/// pings is closed (`flood`) as one that floods messages is.
async fn next_text<S>(conn: &mut Conn<S>) -> Next
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

/// The next rendered audio of a connection that asked for it; never, for one that did not.
async fn next_audio(audio: &mut Option<AudioChannel>) -> Option<AudioOut> {
    match audio {
        Some(a) => a.next().await,
        None => std::future::pending().await,
    }
}

/// After a reconnect, the audio of the last missed event this seat hears (a move made while
/// it was away); earlier ones come as text only, so that a replay does not read out a game.
fn offer_missed(audio: &mut AudioChannel, seat: Seat, lang: Lang, events: &[Arc<Published>]) {
    let last = events
        .iter()
        .rev()
        .find_map(|p| spoken_to(seat, lang, Heard::Event(p)).map(|u| (Tag::Event(p.rec.seq), u)));
    if let Some((tag, u)) = last {
        audio.offer(tag, u);
    }
}

async fn send_events<S>(
    conn: &mut Conn<S>,
    seat: Seat,
    events: &[Arc<Published>],
) -> Result<(), axum::Error>
where
    S: Sink<Message, Error = axum::Error> + Unpin,
{
    for p in events {
        let msg = render::event_for(seat, conn.lang, p);
        conn.send(ServerMsg::Event(msg)).await?;
    }
    Ok(())
}

struct Session {
    seat: Seat,
    /// The number of the last event this client has (sent as an event or inside a state).
    last_sent: u64,
    handle: GameHandle,
    limits: Limits,
    clock: super::clock::ServerClock,
    /// Rendered audio, if the client asked for it.
    audio: Option<AudioChannel>,
    app: AppState,
    /// The last refusal spoken to this connection, and when.
    last_refusal_spoken: Option<(String, Instant)>,
    /// Voice input: the utterance being recorded, the recognition under way, the question open.
    voice: super::voice::VoiceSession,
}

/// A spectator hears the same refusal again only after this long.
const SPECTATOR_REFUSAL_AGAIN: Duration = Duration::from_secs(10);

type Step = Result<Option<Closing>, axum::Error>;

impl Session {
    async fn resync<S>(&mut self, conn: &mut Conn<S>, id: Option<Value>) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let Some(state) = self.handle.state().await else {
            let _ = conn.error(None, "game_unavailable", &[]).await;
            return Ok(Some(Closing {
                code: close::INTERNAL,
                reason: "game_unavailable",
            }));
        };
        self.send_state(conn, id, state).await
    }

    async fn send_state<S>(
        &mut self,
        conn: &mut Conn<S>,
        id: Option<Value>,
        state: StateBody,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        self.last_sent = self.last_sent.max(state.seq);
        conn.send(ServerMsg::State {
            id,
            state: Box::new(state),
        })
        .await?;
        Ok(None)
    }

    async fn on_event<S>(
        &mut self,
        conn: &mut Conn<S>,
        ev: Result<Arc<Published>, RecvError>,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        match ev {
            Ok(p) if p.rec.seq <= self.last_sent => Ok(None),
            Ok(p) if p.rec.seq == self.last_sent + 1 => {
                self.last_sent = p.rec.seq;
                conn.send(ServerMsg::Event(render::event_for(
                    self.seat, conn.lang, &p,
                )))
                .await?;
                if let Some(audio) = &mut self.audio
                    && let Some(u) = spoken_to(self.seat, conn.lang, Heard::Event(&p))
                {
                    audio.offer(Tag::Event(p.rec.seq), u);
                }
                Ok(None)
            }
            // A gap (cannot happen) or a connection that fell behind: start over from a state.
            Ok(_) | Err(RecvError::Lagged(_)) => self.resync(conn, None).await,
            Err(RecvError::Closed) => {
                let _ = conn.error(None, "game_unavailable", &[]).await;
                Ok(Some(Closing {
                    code: close::INTERNAL,
                    reason: "game_unavailable",
                }))
            }
        }
    }

    async fn on_message<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        msg: Next,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let text = match msg {
            Next::Gone => return Err(axum::Error::new("closed")),
            Next::TooLarge => {
                let limit = [("limit", self.limits.max_message_bytes.to_string())];
                let _ = conn.error(None, "too_large", &limit).await;
                return Ok(Some(Closing {
                    code: close::TOO_BIG,
                    reason: "too_large",
                }));
            }
            Next::BadUtf8 => {
                let _ = conn.error(None, "invalid_utf8", &[]).await;
                return Ok(Some(Closing {
                    code: close::BAD_DATA,
                    reason: "invalid_utf8",
                }));
            }
            Next::Flood => {
                let _ = conn.error(None, "flood", &[]).await;
                return Ok(Some(Closing {
                    code: close::POLICY,
                    reason: "flood",
                }));
            }
            // The audio of an utterance: counted against its length limit, not the rate.
            Next::Binary(bytes) if self.voice.recording() => {
                if let Err((id, (code, args))) = self.voice.frame(&bytes) {
                    conn.error(Some(id), code, &args).await?;
                }
                return Ok(None);
            }
            Next::Binary(_) => None,
            Next::Text(t) => Some(t),
        };
        if !conn.rate.take() {
            if conn.rate.strikes >= self.limits.flood_strikes {
                let _ = conn.error(None, "flood", &[]).await;
                return Ok(Some(Closing {
                    code: close::POLICY,
                    reason: "flood",
                }));
            }
            if conn.rate.strikes == 1 {
                conn.error(None, "rate_limited", &[]).await?;
            }
            return Ok(None);
        }
        let Some(text) = text else {
            conn.error(None, "unsupported_frame", &[]).await?;
            return Ok(None);
        };
        let msg = match decode(&text) {
            Ok(m) => m,
            Err((e, id)) => {
                let args = decode_error_args(&e);
                conn.error(id, e.code(), &args).await?;
                return Ok(None);
            }
        };
        let (id, action) = match msg {
            ClientMsg::Hello { .. } => {
                conn.error(None, "already_authenticated", &[]).await?;
                return Ok(None);
            }
            ClientMsg::Ping { id } => {
                let server_ms = self.clock.now_ms();
                conn.send(ServerMsg::Pong { id, server_ms }).await?;
                return Ok(None);
            }
            ClientMsg::State { id } => return self.resync(conn, Some(id)).await,
            ClientMsg::Repeat { id } => {
                if let Some(audio) = &mut self.audio {
                    audio.repeat();
                }
                self.app.speech().repeat(&self.handle.id, self.seat);
                conn.send(ServerMsg::Ack { id, seq: None }).await?;
                return Ok(None);
            }
            ClientMsg::Move { id, uci } => (id, Action::Uci(uci)),
            ClientMsg::Announce { id, text } => (id, Action::Announce(text)),
            ClientMsg::Pause { id } => (id, Action::Pause),
            ClientMsg::Resume { id } => (id, Action::Resume),
            ClientMsg::SetClock {
                id,
                color,
                remaining_ms,
            } => (
                id,
                Action::SetClock {
                    color,
                    remaining_ms,
                },
            ),
            ClientMsg::End { id, result } => (id, Action::End(result)),
            ClientMsg::Board { id, board, op } => (id, Action::Board { board, op }),
            ClientMsg::PressClock { id } => (id, Action::PressClock),
            ClientMsg::RepeatMove { id, text } => (id, Action::Repeat(text)),
            ClientMsg::Adjust { id } => (id, Action::Adjust),
            ClientMsg::Resign { id, confirmed } => (id, Action::Resign { confirmed }),
            ClientMsg::OfferDraw { id, confirmed } => (id, Action::OfferDraw { confirmed }),
            ClientMsg::AcceptDraw { id } => (id, Action::AcceptDraw),
            ClientMsg::DeclineDraw { id } => (id, Action::DeclineDraw),
            ClientMsg::ClaimDraw {
                id,
                kind,
                uci,
                text,
                confirmed,
            } => (
                id,
                Action::ClaimDraw {
                    kind,
                    uci,
                    text,
                    confirmed,
                },
            ),
            ClientMsg::ClaimTime { id } => (id, Action::ClaimTime),
            ClientMsg::ReportTouch { id, square } => (id, Action::ReportTouch(square)),
            ClientMsg::RuleTouch { id, upheld } => (id, Action::RuleTouch(upheld)),
            ClientMsg::RestoreBoard { id, board } => (id, Action::RestoreBoard(board)),
            ClientMsg::TalkingClock { id } => (id, Action::TalkingClock),
            ClientMsg::ClockWarnings { id, on } => (id, Action::Warnings(on)),
            ClientMsg::Voice { id, msg } => return self.on_voice(conn, events, id, msg).await,
            ClientMsg::Desk { id, msg } => {
                // Text others read back (the arbiter's export, the envelope): one line,
                // no control or direction characters.
                if let Some((field, problem)) = super::desk::text_problem(&msg) {
                    let args = [
                        ("field", field.to_owned()),
                        ("problem", problem.key().to_owned()),
                    ];
                    conn.error(Some(id), "invalid_text", &args).await?;
                    return Ok(None);
                }
                let audio = match &msg {
                    super::wire::DeskMsg::WriteSheet { audio: Some(a), .. } => {
                        let side = self.seat.side().unwrap_or(shakmaty::Color::White);
                        let own =
                            super::exports::own_audio_ref(&self.app, &self.handle.id, a, side)
                                .filter(|_| self.seat.side().is_some());
                        match own {
                            Some(r) => Some(r),
                            None => {
                                let args = [("audio", a.chars().take(64).collect::<String>())];
                                conn.error(Some(id), "unknown_audio", &args).await?;
                                return Ok(None);
                            }
                        }
                    }
                    _ => None,
                };
                (id, Action::Desk(super::desk::command(msg, audio)))
            }
        };
        // A spectator may do nothing but watch (the permission matrix): refused here, without
        // a trip to the game's task, so a crowd of spectators costs the game nothing.
        let acted = if self.seat == Seat::Spectator {
            drop(action);
            Err(super::actor::Refused::new(conn.lang, "forbidden", &[]))
        } else {
            self.handle.act(self.seat, conn.lang, action).await
        };
        self.reply(conn, events, id, acted).await
    }

    /// Answers an action: its events, then its acknowledgement; or the refusal (said, too).
    async fn reply<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        id: Value,
        acted: Result<Acted, super::actor::Refused>,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        match acted {
            Ok(Acted::Confirm { action, message }) => {
                conn.send(ServerMsg::Confirm {
                    id,
                    action,
                    message,
                })
                .await?;
            }
            Ok(Acted::Done(seq)) => {
                // The events an action caused go out before its acknowledgement.
                if let Some(seq) = seq {
                    while self.last_sent < seq {
                        let ev = tokio::time::timeout(Duration::from_secs(5), events.recv()).await;
                        let ev = match ev {
                            Ok(ev) => ev,
                            Err(_) => Err(RecvError::Lagged(0)),
                        };
                        if let Some(c) = self.on_event(conn, ev).await? {
                            return Ok(Some(c));
                        }
                    }
                }
                conn.send(ServerMsg::Ack { id, seq }).await?;
            }
            Err(refused) => {
                self.app
                    .speech()
                    .refused(&self.handle.id, self.seat, conn.lang, &refused.message);
                // Spoken only to the seat refused, if it listens; a spectator hears the same
                // refusal again only after a while (the text always comes).
                let say_again = self.seat != Seat::Spectator
                    || self.last_refusal_spoken.as_ref().is_none_or(|(text, at)| {
                        *text != refused.message || at.elapsed() >= SPECTATOR_REFUSAL_AGAIN
                    });
                if say_again
                    && let Some(audio) = &mut self.audio
                    && let Some(u) =
                        spoken_to(self.seat, conn.lang, Heard::Refused(&refused.message))
                {
                    audio.offer(Tag::Request(id.clone()), u);
                    self.last_refusal_spoken = Some((refused.message.clone(), Instant::now()));
                }
                conn.send(ServerMsg::Error {
                    id: Some(id),
                    code: refused.code,
                    message: refused.message,
                })
                .await?;
            }
        }
        Ok(None)
    }
}

/// Voice input (`super::voice`, `docs/voice.md`).
impl Session {
    fn voice_service(&self) -> Option<crate::voice::VoiceService> {
        self.app.speech().voice.clone()
    }

    async fn on_voice<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        id: Value,
        msg: super::voice::VoiceMsg,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        use super::voice::VoiceMsg;
        let Some(service) = self.voice_service() else {
            conn.error(Some(id), "voice_unavailable", &[]).await?;
            return Ok(None);
        };
        match msg {
            VoiceMsg::Start => self.voice.start(id),
            VoiceMsg::Cancel => {
                self.voice.cancel();
                conn.send(ServerMsg::Ack { id, seq: None }).await?;
            }
            VoiceMsg::End => {
                let Some(state) = self.handle.state().await else {
                    conn.error(Some(id), "game_unavailable", &[]).await?;
                    return Ok(None);
                };
                let cands = super::voice::position_candidates(
                    &state.fen,
                    state.turn,
                    state.status == "playing",
                    self.seat,
                    conn.lang,
                );
                if let Err((code, args)) =
                    self.voice
                        .end(&id, &service, conn.lang, state.fen.clone(), cands)
                {
                    conn.error(Some(id), code, &args).await?;
                }
            }
            VoiceMsg::Answer(pick) => {
                let Some(state) = self.handle.state().await else {
                    conn.error(Some(id), "game_unavailable", &[]).await?;
                    return Ok(None);
                };
                match self.voice.answer(id.clone(), conn.lang, pick, &state.fen) {
                    Ok(outcome) => return self.voice_outcome(conn, events, outcome).await,
                    Err((code, args)) => conn.error(Some(id), code, &args).await?,
                }
            }
        }
        Ok(None)
    }

    /// A recognition finished.
    async fn on_heard<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        id: Value,
        fen: String,
        heard: super::voice::Heard,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let Some(service) = self.voice_service() else {
            return Ok(None);
        };
        // Heard in a position that is gone (a move was made meanwhile): never played there.
        let now = self.handle.state().await.map(|s| s.fen);
        if heard.is_ok() && now.as_deref() != Some(fen.as_str()) {
            conn.error(Some(id), "voice_stale", &[]).await?;
            return Ok(None);
        }
        let outcome = self.voice.decide(&service, conn.lang, id, fen, heard);
        self.voice_outcome(conn, events, outcome).await
    }

    async fn voice_outcome<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        outcome: super::voice::Outcome,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        use super::voice::Outcome;
        match outcome {
            Outcome::Failed { id, error } => {
                tracing::warn!(game = %self.handle.id, "voice: {error}");
                conn.error(Some(id), error.code(), &[]).await?;
                Ok(None)
            }
            Outcome::Say(result) => {
                if !result.message.is_empty() {
                    self.say_voice(conn.lang, &result.id, &result.message);
                }
                conn.send(ServerMsg::VoiceResult(result)).await?;
                Ok(None)
            }
            Outcome::Play { result, text } => {
                let id = result.id.clone();
                conn.send(ServerMsg::VoiceResult(result)).await?;
                // The normal path: every rule and refusal of a typed announcement applies.
                let acted = self
                    .handle
                    .act(self.seat, conn.lang, Action::Announce(text))
                    .await;
                self.reply(conn, events, id, acted).await
            }
        }
    }

    /// Says hamle's question or answer to this seat as it says a refusal: rendered audio for
    /// a client that asked for it, and the machine's own voice for its seat.
    fn say_voice(&mut self, lang: Lang, id: &Value, message: &str) {
        self.app
            .speech()
            .refused(&self.handle.id, self.seat, lang, message);
        if let Some(audio) = &mut self.audio
            && let Some(u) = spoken_to(self.seat, lang, Heard::Refused(message))
        {
            audio.offer(Tag::Request(id.clone()), u);
        }
    }
}
