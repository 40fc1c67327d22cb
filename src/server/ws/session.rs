//! A greeted connection's session: the events it is sent (each once, in order, or a fresh
//! state when it fell behind), every client message mapped straight to the table's
//! [`Order`] (or answered here: `ping`, `state`, `repeat`, voice), the answer (events, then
//! `ack`; `confirm`; or the refusal, said too), and voice input.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Message;
use futures_util::Sink;
use serde_json::Value;
use tokio::sync::broadcast::error::RecvError;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::announce::Lang;
use crate::engine::EngineError;
use crate::game::{Event, Seat};
use crate::server::admission::limits::Limits;
use crate::server::app::AppState;
use crate::server::audio::rendered::{AudioChannel, AudioOut, Tag};
use crate::server::audio::spoken::{Heard, spoken_to};
use crate::server::audio::voice_input::VoiceMsg;
use crate::server::boards::{Listener, Notice, Sent};
use crate::server::host::actor::{Acted, Connected, GameHandle, Published};
use crate::server::host::orders::{self, Mapped};
use crate::server::opponent::{Aid, AidRefused, Aided};
use crate::server::render::event;
use crate::server::wire::{
    BoardStatusMsg, ClientMsg, ErrorCode, LostBody, ServerMsg, StateBody, decode, peek,
};
use crate::server::ws::aids::{Aids, Answered, Asker};
use crate::server::ws::connection::{Closing, Conn, Next, close, decode_error_args, next_text};
use crate::table::Order;
use crate::words::queries;
use crate::words::speaker::role_key;

/// The next rendered audio of a connection that asked for it; never, for one that did not.
pub(super) async fn next_audio(audio: &mut Option<AudioChannel>) -> Option<AudioOut> {
    match audio {
        Some(a) => a.next().await,
        None => std::future::pending().await,
    }
}

/// After a reconnect, the audio of the last missed event this seat hears (a move made while
/// it was away); earlier ones come as text only, so that a replay does not read out a game.
pub(super) fn offer_missed(
    audio: &mut AudioChannel,
    seat: Seat,
    lang: Lang,
    events: &[Arc<Published>],
) {
    let last = events
        .iter()
        .rev()
        .find_map(|p| spoken_to(seat, lang, Heard::Event(p)).map(|u| (Tag::Event(p.rec.seq), u)));
    if let Some((tag, u)) = last {
        audio.offer(tag, u);
    }
}

pub(super) async fn send_events<S>(
    conn: &mut Conn<S>,
    seat: Seat,
    events: &[Arc<Published>],
) -> Result<(), axum::Error>
where
    S: Sink<Message, Error = axum::Error> + Unpin,
{
    for p in events {
        let msg = event::event_for(seat, conn.lang, conn.captured, p);
        conn.send(ServerMsg::Event(msg)).await?;
    }
    Ok(())
}

pub(super) struct Session {
    pub(super) seat: Seat,
    /// The number of the last event this client has (sent as an event or inside a state).
    pub(super) last_sent: u64,
    pub(super) handle: GameHandle,
    pub(super) limits: std::sync::Arc<Limits>,
    pub(super) clock: crate::server::host::server_clock::ServerClock,
    /// Rendered audio, if the client asked for it.
    pub(super) audio: Option<AudioChannel>,
    pub(super) app: AppState,
    /// The last refusal spoken to this connection, and when.
    pub(super) last_refusal_spoken: Option<(String, Instant)>,
    /// Voice input: the utterance being recorded, the recognition under way, the question open.
    pub(super) voice: crate::server::audio::voice_input::VoiceSession,
    /// The board this connection is the electronic bridge of (issue 33), if it is one.
    pub(super) bridge: Option<shakmaty::Color>,
    /// This connection's number among the boards' notices (its own are not sent back).
    pub(super) conn_id: u64,
    /// A bridge's: cancelled when a later bridge for the same board takes its place.
    pub(super) bridge_replaced: Option<CancellationToken>,
    /// What its side's electronic board says (a player's and his assistant's connections).
    pub(super) board_notices: Option<Listener>,
    /// A hint or an evaluation under way (a game against the computer).
    pub(super) aids: Aids,
}

/// Issue 15's questions about the position, answered from the game as it is now.
impl Session {
    /// The legal moves of the piece or square `text` names (in the connection's language),
    /// only the captures if `captures`: `legal_moves`, or `not_understood` with the word, or
    /// `game_over`.
    async fn legal_moves<S>(
        &mut self,
        conn: &mut Conn<S>,
        id: Value,
        text: String,
        captures: bool,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let (lang, captured) = (conn.lang, conn.captured);
        let answer = self
            .handle
            .read(move |table| {
                let game = table.game();
                if matches!(game.status(), crate::game::Status::Over(_)) {
                    return Err((ErrorCode::GameOver, None));
                }
                let pos = game.position();
                match crate::announce::parse_subject(lang, &text) {
                    Ok(subject) => {
                        let mut found = crate::announce::legal_moves_of(pos, subject);
                        if let (true, crate::announce::LegalMoves::Moves(ms)) =
                            (captures, &mut found)
                        {
                            ms.retain(|m| m.is_capture());
                        }
                        let moves = match &found {
                            crate::announce::LegalMoves::Moves(ms) => ms
                                .iter()
                                .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
                                .collect(),
                            _ => Vec::new(),
                        };
                        let said =
                            queries::legal_moves(lang, pos, subject, &found, captured, captures);
                        Ok((moves, said))
                    }
                    Err(e) => Err((
                        ErrorCode::NotUnderstood,
                        Some(queries::subject_error(lang, pos, &e)),
                    )),
                }
            })
            .await;
        match answer {
            Some(Ok((moves, text))) => {
                conn.send(ServerMsg::LegalMoves { id, moves, text }).await?;
            }
            Some(Err((code, Some(message)))) => {
                let code = code.name();
                let id = Some(id);
                conn.send(ServerMsg::Error { id, code, message }).await?;
            }
            Some(Err((code, None))) => conn.error(Some(id), code, &[]).await?,
            None => {
                conn.error(Some(id), ErrorCode::GameUnavailable, &[])
                    .await?
            }
        }
        Ok(None)
    }

    /// The pieces each side has lost and the material balance: `material`.
    async fn material<S>(&mut self, conn: &mut Conn<S>, id: Value) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let lang = conn.lang;
        let answer = self
            .handle
            .read(move |table| {
                let m = crate::game::material(table.game());
                let names = |c: shakmaty::Color| -> Vec<&'static str> {
                    m.lost.get(c).iter().map(|r| role_key(*r)).collect()
                };
                let lost = LostBody {
                    white: names(shakmaty::Color::White),
                    black: names(shakmaty::Color::Black),
                };
                (lost, m.balance, queries::material(lang, &m))
            })
            .await;
        match answer {
            Some((lost, balance, text)) => {
                let msg = ServerMsg::Material {
                    id,
                    lost,
                    balance,
                    text,
                };
                conn.send(msg).await?;
            }
            None => {
                conn.error(Some(id), ErrorCode::GameUnavailable, &[])
                    .await?
            }
        }
        Ok(None)
    }
}

/// A spectator hears the same refusal again only after this long.
const SPECTATOR_REFUSAL_AGAIN: Duration = Duration::from_secs(10);

pub(super) type Step = Result<Option<Closing>, axum::Error>;

impl Session {
    pub(super) async fn resync<S>(&mut self, conn: &mut Conn<S>, id: Option<Value>) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let Some(state) = self.handle.state().await else {
            return Self::unavailable(conn).await;
        };
        self.send_state(conn, id, state).await
    }

    /// The game left and cannot be reached: said, and the connection closes.
    async fn unavailable<S>(conn: &mut Conn<S>) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let _ = conn.error(None, ErrorCode::GameUnavailable, &[]).await;
        Ok(Some(Closing {
            code: close::INTERNAL,
            reason: ErrorCode::GameUnavailable,
        }))
    }

    /// The client's `state` request. The game may have applied events this connection has
    /// not been given yet (the broadcast is a step behind the game): they go out first, each
    /// as an event, so that a client asking for the state in the middle of a burst misses
    /// none (some, like a divergence for the arbiter, are known by their event alone).
    async fn answer_state<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        id: Value,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let Some(state) = self.handle.state().await else {
            return Self::unavailable(conn).await;
        };
        if let Some(c) = self.send_events_up_to(conn, events, state.seq).await? {
            return Ok(Some(c));
        }
        if self.last_sent > state.seq {
            // It fell behind meanwhile and was sent a newer state: the answer is the newest.
            return self.resync(conn, Some(id)).await;
        }
        self.send_state(conn, Some(id), state).await
    }

    /// Sends the events up to `seq` this connection has not been given yet, in order (an
    /// action's events before its acknowledgement, a state's before the state). A connection
    /// that fell behind the broadcast, or events that do not come in time, get a state instead.
    async fn send_events_up_to<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        seq: u64,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        while self.last_sent < seq {
            let ev = tokio::time::timeout(Duration::from_secs(5), events.recv()).await;
            let ev = ev.unwrap_or(Err(RecvError::Lagged(0)));
            if let Some(c) = self.on_event(conn, ev).await? {
                return Ok(Some(c));
            }
        }
        Ok(None)
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

    pub(super) async fn on_event<S>(
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
                conn.send(ServerMsg::Event(event::event_for(
                    self.seat,
                    conn.lang,
                    conn.captured,
                    &p,
                )))
                .await?;
                if let Some(audio) = &mut self.audio
                    && let Some(u) = spoken_to(self.seat, conn.lang, Heard::Event(&p))
                {
                    audio.offer(Tag::Event(p.rec.seq), u);
                }
                if let Event::SeatLinkIssued { seat, .. } = p.rec.event
                    && seat == self.seat
                {
                    // This connection holds the link the arbiter replaced: its token opens
                    // nothing any more (issue 31).
                    let _ = conn.error(None, ErrorCode::BadToken, &[]).await;
                    return Ok(Some(Closing {
                        code: close::BAD_TOKEN,
                        reason: ErrorCode::BadToken,
                    }));
                }
                Ok(None)
            }
            // A gap (cannot happen) or a connection that fell behind: start over from a state.
            Ok(_) | Err(RecvError::Lagged(_)) => self.resync(conn, None).await,
            Err(RecvError::Closed) => {
                let _ = conn.error(None, ErrorCode::GameUnavailable, &[]).await;
                Ok(Some(Closing {
                    code: close::INTERNAL,
                    reason: ErrorCode::GameUnavailable,
                }))
            }
        }
    }

    pub(super) async fn on_message<S>(
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
                let _ = conn.error(None, ErrorCode::TooLarge, &limit).await;
                return Ok(Some(Closing {
                    code: close::TOO_BIG,
                    reason: ErrorCode::TooLarge,
                }));
            }
            Next::BadUtf8 => {
                let _ = conn.error(None, ErrorCode::InvalidUtf8, &[]).await;
                return Ok(Some(Closing {
                    code: close::BAD_DATA,
                    reason: ErrorCode::InvalidUtf8,
                }));
            }
            Next::Flood => {
                let _ = conn.error(None, ErrorCode::Flood, &[]).await;
                return Ok(Some(Closing {
                    code: close::POLICY,
                    reason: ErrorCode::Flood,
                }));
            }
            Next::Unfinished => {
                let _ = conn.error(None, ErrorCode::MessageUnfinished, &[]).await;
                return Ok(Some(Closing {
                    code: close::POLICY,
                    reason: ErrorCode::MessageUnfinished,
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
                let _ = conn.error(None, ErrorCode::Flood, &[]).await;
                return Ok(Some(Closing {
                    code: close::POLICY,
                    reason: ErrorCode::Flood,
                }));
            }
            if conn.rate.strikes == 1 {
                // The message dropped is named by its `id`, so the client knows which.
                let id = text.as_deref().and_then(|t| peek(t).0);
                conn.error(id, ErrorCode::RateLimited, &[]).await?;
            }
            return Ok(None);
        }
        let Some(text) = text else {
            conn.error(None, ErrorCode::UnsupportedFrame, &[]).await?;
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
        // What the session answers itself; everything else is an order to the game.
        let msg = match self.answer_itself(conn, events, msg).await {
            ControlFlow::Break(step) => return step,
            ControlFlow::Continue(msg) => msg,
        };
        let data_dir = &self.app.0.data_dir;
        let (id, order, confirm) =
            match orders::order_of(msg, self.seat, conn.lang, data_dir, &self.handle.id) {
                Mapped::Order { id, order, confirm } => (id, order, confirm),
                Mapped::Refuse { id, code, args } => {
                    conn.error(Some(id.into()), code, &args).await?;
                    return Ok(None);
                }
                // Answered above: cannot come here.
                Mapped::NotAnOrder => {
                    conn.error(None, ErrorCode::Internal, &[]).await?;
                    return Ok(None);
                }
            };
        let id: Value = id.into();
        // A spectator may do nothing but watch (the permission matrix): refused here, without
        // a trip to the game's task, so a crowd of spectators costs the game nothing.
        let acted = if self.seat == Seat::Spectator {
            drop(order);
            Err(crate::server::host::actor::Refused::new(
                conn.lang,
                ErrorCode::Forbidden,
                &[],
            ))
        } else {
            let (seat, lang) = (self.seat, conn.lang);
            self.handle.act(seat, lang, order, confirm).await
        };
        self.reply(conn, events, id, acted).await
    }

    /// A message the session answers itself, without the game's task (`Break`: its answer);
    /// `Continue`: an order for the game.
    async fn answer_itself<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        msg: ClientMsg,
    ) -> ControlFlow<Step, ClientMsg>
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let answered = |sent: Result<(), axum::Error>| ControlFlow::Break(sent.map(|()| None));
        match msg {
            ClientMsg::Hello(_) => {
                answered(conn.error(None, ErrorCode::AlreadyAuthenticated, &[]).await)
            }
            ClientMsg::Ping { id } => {
                let server_ms = self.clock.now_ms();
                answered(
                    conn.send(ServerMsg::Pong {
                        id: id.into(),
                        server_ms,
                    })
                    .await,
                )
            }
            ClientMsg::State { id } => {
                ControlFlow::Break(self.answer_state(conn, events, id.into()).await)
            }
            ClientMsg::Repeat { id } => {
                if let Some(audio) = &mut self.audio {
                    audio.repeat();
                }
                self.app.speech().repeat(&self.handle.id, self.seat);
                answered(
                    conn.send(ServerMsg::Ack {
                        id: id.into(),
                        seq: None,
                    })
                    .await,
                )
            }
            ClientMsg::VoiceStart { id, .. } => ControlFlow::Break(
                self.on_voice(conn, events, id.into(), VoiceMsg::Start)
                    .await,
            ),
            ClientMsg::VoiceEnd { id } => {
                ControlFlow::Break(self.on_voice(conn, events, id.into(), VoiceMsg::End).await)
            }
            ClientMsg::VoiceCancel { id } => ControlFlow::Break(
                self.on_voice(conn, events, id.into(), VoiceMsg::Cancel)
                    .await,
            ),
            ClientMsg::VoiceAnswer { id, pick } => {
                let msg = VoiceMsg::Answer(pick);
                ControlFlow::Break(self.on_voice(conn, events, id.into(), msg).await)
            }
            ClientMsg::SayCaptured { id, on } => {
                conn.captured = on;
                answered(
                    conn.send(ServerMsg::Ack {
                        id: id.into(),
                        seq: None,
                    })
                    .await,
                )
            }
            ClientMsg::LegalMoves { id, text, captures } => {
                ControlFlow::Break(self.legal_moves(conn, id.into(), text, captures).await)
            }
            ClientMsg::Material { id } => ControlFlow::Break(self.material(conn, id.into()).await),
            ClientMsg::BoardStatus(b) => ControlFlow::Break(self.board_status(conn, b).await),
            ClientMsg::Hint { id } => {
                ControlFlow::Break(self.ask_aid(conn, id.into(), Aid::Hint).await)
            }
            ClientMsg::Eval { id } => {
                ControlFlow::Break(self.ask_aid(conn, id.into(), Aid::Eval).await)
            }
            other => ControlFlow::Continue(other),
        }
    }

    /// Answers an action: its events, then its acknowledgement; or the refusal (said, too).
    async fn reply<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        id: Value,
        acted: Result<Acted, crate::server::host::actor::Refused>,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        match acted {
            Ok(Acted::Confirm {
                action,
                message,
                ruling,
            }) => {
                conn.send(ServerMsg::Confirm {
                    id,
                    action,
                    message,
                    ruling,
                })
                .await?;
            }
            Ok(Acted::Done(seq)) => {
                // The events an action caused go out before its acknowledgement.
                if let Some(seq) = seq
                    && let Some(c) = self.send_events_up_to(conn, events, seq).await?
                {
                    return Ok(Some(c));
                }
                conn.send(ServerMsg::Ack { id, seq }).await?;
            }
            Err(refused) => {
                self.app
                    .speech()
                    .refused(&self.handle.id, self.seat, conn.lang, &refused.message);
                // A board event of an electronic board refused: its side hears it too (the
                // player is at his board, not at the bridge).
                if let Some(color) = self.bridge {
                    let notice = Notice::Refused {
                        code: refused.code,
                        message: refused.message.clone(),
                    };
                    let boards = self.app.boards();
                    boards.publish(&self.handle.id, color, self.conn_id, notice);
                }
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

/// The electronic board (issue 33): what a bridge reports, and what its side hears.
impl Session {
    /// `board_status` from a player's bridge: his side's connections hear it (and the
    /// machine's own voice, if it follows that side); answered by `ack`. Only a player's
    /// seat reports his board: any other is refused and nothing is said.
    async fn board_status<S>(&mut self, conn: &mut Conn<S>, b: BoardStatusMsg) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let problem = b.problem();
        let id: Value = b.id.into();
        let color = match self.seat {
            Seat::White | Seat::Black => self.seat.side(),
            _ => None,
        };
        let Some(color) = color else {
            conn.error(Some(id), ErrorCode::EboardPlayersOnly, &[])
                .await?;
            return Ok(None);
        };
        if let Some(field) = problem {
            let args = [("field", field.to_owned())];
            conn.error(Some(id), ErrorCode::InvalidField, &args).await?;
            return Ok(None);
        }
        let notice = Notice::Status(b.status);
        let say = |lang, seat| notice.text(color, seat, lang);
        self.app.speech().board_notice(&self.handle.id, color, &say);
        let boards = self.app.boards();
        boards.publish(&self.handle.id, color, self.conn_id, notice);
        conn.send(ServerMsg::Ack { id, seq: None }).await?;
        Ok(None)
    }

    /// A notice of this connection's side's board: sent (unless it came from this very
    /// connection), and said to a client that asked for audio.
    pub(super) async fn on_notice<S>(&mut self, conn: &mut Conn<S>, sent: Arc<Sent>) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        if sent.from == self.conn_id {
            return Ok(None);
        }
        let msg = sent.notice.message(sent.color, self.seat, conn.lang);
        if let ServerMsg::BoardStatus { text, .. } = &msg
            && let Some(audio) = &mut self.audio
            && let Some(u) = spoken_to(self.seat, conn.lang, Heard::Board(text))
        {
            audio.offer(Tag::Notice, u);
        }
        conn.send(msg).await?;
        Ok(None)
    }
}

/// The practice aids of a game against the computer (issue 34): asked here, answered when
/// the engine has thought ([`Session::aid_answered`]).
impl Session {
    async fn ask_aid<S>(&mut self, conn: &mut Conn<S>, id: Value, what: Aid) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let asker = Asker {
            app: self.app.clone(),
            handle: self.handle.clone(),
            seat: self.seat,
            lang: conn.lang,
            captured: conn.captured,
        };
        if !self.aids.start(asker, id.clone(), what) {
            conn.error(Some(id), ErrorCode::EngineBusy, &[]).await?;
        }
        Ok(None)
    }

    /// A hint or an evaluation is ready: sent, and said to this seat as hamle's answers are.
    pub(super) async fn aid_answered<S>(&mut self, conn: &mut Conn<S>, answered: Answered) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let (id, answer): (Value, Result<Aided, AidRefused>) = answered;
        let msg = match answer {
            Ok(Aided::Hint { uci, san, text }) => {
                self.say_voice(conn.lang, &id, &text);
                ServerMsg::Hint { id, uci, san, text }
            }
            Ok(Aided::Eval { cp, mate, text }) => {
                self.say_voice(conn.lang, &id, &text);
                ServerMsg::Eval { id, cp, mate, text }
            }
            Err((code, args)) => {
                let args: Vec<(&str, String)> = args.into_iter().collect();
                conn.error(Some(id), code, &args).await?;
                return Ok(None);
            }
        };
        conn.send(msg).await?;
        Ok(None)
    }
}

/// Voice input (`crate::server::ws::voice`, `docs/voice.md`).
impl Session {
    fn voice_service(&self) -> Option<crate::voice::VoiceService> {
        self.app.speech().voice.clone()
    }

    async fn on_voice<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        id: Value,
        msg: VoiceMsg,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let Some(service) = self.voice_service() else {
            conn.error(Some(id), ErrorCode::VoiceUnavailable, &[])
                .await?;
            return Ok(None);
        };
        // The recogniser is the seats' (issue 30: spectators took it from the blind player):
        // a spectator types.
        if self.seat == Seat::Spectator {
            conn.error(Some(id), ErrorCode::VoiceSeatsOnly, &[]).await?;
            return Ok(None);
        }
        match msg {
            VoiceMsg::Start => {
                self.voice.start(id);
                // While he speaks, the recogniser does what needs no audio.
                if let Some((_, cands)) = self.voice_position(conn.lang).await {
                    let lang = conn.lang;
                    self.app.0.tracker.spawn(async move {
                        service.prepare(lang, &cands).await;
                    });
                }
            }
            VoiceMsg::Cancel => {
                self.voice.cancel();
                conn.send(ServerMsg::Ack { id, seq: None }).await?;
            }
            VoiceMsg::End => {
                let Some((fen, cands)) = self.voice_position(conn.lang).await else {
                    conn.error(Some(id), ErrorCode::GameUnavailable, &[])
                        .await?;
                    return Ok(None);
                };
                // A visually impaired player's own utterances are recognised first.
                let own = self
                    .seat
                    .side()
                    .filter(|_| !self.seat.is_assistant())
                    .is_some_and(|c| self.handle.setup.player(c).visually_impaired);
                let priority = if own {
                    crate::voice::Priority::Own
                } else {
                    crate::voice::Priority::Other
                };
                let ended = self
                    .voice
                    .end(&id, &service, priority, conn.lang, fen, cands);
                if let Err((code, args)) = ended {
                    conn.error(Some(id), code, &args).await?;
                }
            }
            VoiceMsg::Answer(pick) => {
                let Some(fen) = self.current_fen().await else {
                    conn.error(Some(id), ErrorCode::GameUnavailable, &[])
                        .await?;
                    return Ok(None);
                };
                match self.voice.answer(id.clone(), conn.lang, pick, &fen) {
                    Ok(outcome) => return self.voice_outcome(conn, events, outcome).await,
                    Err((code, args)) => conn.error(Some(id), code, &args).await?,
                }
            }
        }
        Ok(None)
    }

    /// The position now, read from the table: its FEN and this seat's voice candidates.
    async fn voice_position(&self, lang: Lang) -> Option<(String, Vec<crate::voice::Candidate>)> {
        let seat = self.seat;
        self.handle
            .read(move |table| crate::server::audio::voice_input::voice_position(table, seat, lang))
            .await
    }

    /// The FEN of the position now, read from the table.
    async fn current_fen(&self) -> Option<String> {
        self.handle
            .read(|table| {
                let pos = table.game().position();
                shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
            })
            .await
    }

    /// A recognition finished.
    pub(super) async fn on_heard<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        id: Value,
        fen: String,
        heard: crate::server::audio::voice_input::Heard,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        let Some(service) = self.voice_service() else {
            return Ok(None);
        };
        // Heard in a position that is gone (a move was made meanwhile): never played there.
        let now = self.current_fen().await;
        if heard.is_ok() && now.as_deref() != Some(fen.as_str()) {
            conn.error(Some(id), ErrorCode::VoiceStale, &[]).await?;
            return Ok(None);
        }
        let outcome = self.voice.decide(&service, conn.lang, id, fen, heard);
        self.voice_outcome(conn, events, outcome).await
    }

    async fn voice_outcome<S>(
        &mut self,
        conn: &mut Conn<S>,
        events: &mut tokio::sync::broadcast::Receiver<Arc<Published>>,
        outcome: crate::server::audio::voice_input::Outcome,
    ) -> Step
    where
        S: Sink<Message, Error = axum::Error> + Unpin,
    {
        use crate::server::audio::voice_input::Outcome;
        match outcome {
            Outcome::Failed { id, error } => {
                tracing::warn!(game = %self.handle.id, "voice: {error}");
                conn.error(Some(id), ErrorCode::named(error.code()), &[])
                    .await?;
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
                let order = Order::Announce {
                    lang: conn.lang,
                    text,
                };
                let (seat, lang) = (self.seat, conn.lang);
                let acted = self.handle.act(seat, lang, order, None).await;
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

impl Session {
    /// The live connection until it ends: the game's events, the client's messages, audio,
    /// what voice input heard, and pings. A quiet client is pinged; one that answers nothing
    /// at all is closed. `Some`: how to close; `None`: the socket is gone already.
    pub(super) async fn live<S>(
        &mut self,
        conn: &mut Conn<S>,
        joined: &mut Connected,
        mut engine_notices: Option<EngineNotices>,
        shutdown: &tokio_util::sync::CancellationToken,
    ) -> Option<Closing>
    where
        S: futures_util::Stream<Item = Result<Message, axum::Error>>
            + Sink<Message, Error = axum::Error>
            + Unpin,
    {
        let ping = self.limits.ping_interval;
        let mut ticker = tokio::time::interval_at(Instant::now() + ping, ping);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Each handler's future is boxed: the loop waits in the `select!` almost all the time,
        // and a connection's task would otherwise keep room for the largest handler's state
        // while it waits (4 KB of the connection's 6 KB future; issue 29's memory a game).
        // The two cancellations are waited for by one future each for the whole loop: made
        // anew in every turn, each would join and leave its token's list of waiters (one lock
        // each way, the server's shutdown token shared by every connection) for every event.
        let shutting_down = shutdown.cancelled();
        let replaced = joined.replaced.cancelled();
        tokio::pin!(shutting_down, replaced);
        let closing = loop {
            tokio::select! {
                biased;
                _ = &mut shutting_down => {
                    let _ = conn.error(None, ErrorCode::ShuttingDown, &[]).await;
                    break Closing { code: close::GOING_AWAY, reason: ErrorCode::ShuttingDown };
                }
                _ = ticker.tick() => {
                    let quiet = conn.heard.elapsed();
                    if quiet >= self.limits.idle_timeout {
                        let _ = conn.error(None, ErrorCode::IdleTimeout, &[]).await;
                        break Closing { code: close::IDLE_TIMEOUT, reason: ErrorCode::IdleTimeout };
                    }
                    if quiet >= ping && conn.send_frame(Message::Ping(Default::default())).await.is_err() {
                        return None;
                    }
                }
                _ = &mut replaced => {
                    let _ = conn.error(None, ErrorCode::Replaced, &[]).await;
                    break Closing { code: close::REPLACED, reason: ErrorCode::Replaced };
                }
                _ = bridge_replaced_by_another(&self.bridge_replaced) => {
                    let _ = conn.error(None, ErrorCode::Replaced, &[]).await;
                    break Closing { code: close::REPLACED, reason: ErrorCode::Replaced };
                }
                sent = next_board_notice(&mut self.board_notices) => {
                    if Box::pin(self.on_notice(conn, sent)).await.is_err() {
                        return None;
                    }
                }
                ev = joined.events.recv() => {
                    match Box::pin(self.on_event(conn, ev)).await {
                        Ok(None) => {}
                        Ok(Some(c)) => break c,
                        Err(_) => return None,
                    }
                }
                notice = next_notice(&mut engine_notices) => {
                    match notice {
                        Some(e) => {
                            let code = ErrorCode::named(e.code());
                            if conn.error(None, code, &e.message_args()).await.is_err() {
                                return None;
                            }
                        }
                        None => engine_notices = None,
                    }
                }
                out = next_audio(&mut self.audio) => {
                    match out {
                        Some(out) => {
                            if conn.send_audio(out).await.is_err() {
                                return None;
                            }
                        }
                        // Audio has stopped for good (no espeak-ng): text only from now on.
                        None => self.audio = None,
                    }
                }
                answered = self.aids.next() => {
                    match Box::pin(self.aid_answered(conn, answered)).await {
                        Ok(None) => {}
                        Ok(Some(c)) => break c,
                        Err(_) => return None,
                    }
                }
                (id, fen, heard) = self.voice.next() => {
                    match Box::pin(self.on_heard(conn, &mut joined.events, id, fen, heard)).await {
                        Ok(None) => {}
                        Ok(Some(c)) => break c,
                        Err(_) => return None,
                    }
                }
                msg = next_text(conn) => {
                    match Box::pin(self.on_message(conn, &mut joined.events, msg)).await {
                        Ok(None) => {}
                        Ok(Some(c)) => break c,
                        Err(_) => return None,
                    }
                }
            }
        };
        Some(closing)
    }
}

/// Resolves when a later bridge for the same board takes this bridge's place; never for a
/// connection that is no bridge.
async fn bridge_replaced_by_another(token: &Option<CancellationToken>) {
    match token {
        Some(token) => token.cancelled().await,
        None => std::future::pending().await,
    }
}

/// The next notice of the connection's side's electronic board; never, for a connection that
/// does not listen (a bridge, the arbiter, a spectator).
async fn next_board_notice(notices: &mut Option<Listener>) -> Arc<Sent> {
    match notices {
        Some(n) => n.next().await,
        None => std::future::pending().await,
    }
}

/// The failures of a game's computer opponent, as they come.
pub(super) type EngineNotices = tokio::sync::broadcast::Receiver<Arc<EngineError>>;

/// The next failure of the game's engine (`None` once its seat is gone); never, without one.
async fn next_notice(notices: &mut Option<EngineNotices>) -> Option<Arc<EngineError>> {
    use tokio::sync::broadcast::error::RecvError;
    let Some(rx) = notices else {
        return std::future::pending().await;
    };
    loop {
        match rx.recv().await {
            Ok(e) => return Some(e),
            Err(RecvError::Lagged(_)) => continue,
            Err(RecvError::Closed) => return None,
        }
    }
}
