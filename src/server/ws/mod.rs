//! One WebSocket connection: greeting, catch-up, then actions in and events out.
//!
//! - `connection`: the socket as hamle speaks it (close codes, rate limit, sends, closing).
//! - `session`: a greeted seat's session: events out, messages mapped to the table's orders.
//! - a bridge of an electronic board (`"eboard": true` in its hello) is a connection of its own: what it reports goes to `crate::server::boards`.
//! - `aids`: a game against the computer's hints and evaluations, answered while the session
//!   goes on.

mod aids;
pub mod connection;
mod session;
pub mod upgrade;

use axum::extract::ws::Message;
use futures_util::{Sink, Stream};

use crate::announce::Lang;
use crate::game::Seat;
use crate::server::admission::limits::Limits;
use crate::server::app::AppState;
use crate::server::host::actor::{Backlog, GameHandle};
use crate::server::wire::{ClientMsg, ErrorCode, Hello, ServerMsg, decode, peek};
use crate::table::Order;
pub use connection::close;
use connection::{Conn, decode_error_args};
use session::{Session, offer_missed, send_events};

/// Refuses a connection at once: an `error` with `code`, then a close frame.
pub async fn refuse<S>(socket: S, lang: Lang, code: ErrorCode, close_code: u16, limits: &Limits)
where
    S: Stream<Item = Result<Message, axum::Error>> + Sink<Message, Error = axum::Error> + Unpin,
{
    Conn::new(socket, lang, limits)
        .fail(code, &[], close_code)
        .await;
}

/// Runs one connection to the end. `fallback` is the language for errors before the
/// greeting names a seat (from the upgrade request's `Accept-Language`).
pub fn serve<S>(
    socket: S,
    app: AppState,
    handle: GameHandle,
    fallback: Lang,
    addr: crate::server::admission::addr::ClientAddr,
    waiting: crate::server::admission::conns::Waiting,
) -> impl std::future::Future<Output = ()>
where
    S: Stream<Item = Result<Message, axum::Error>> + Sink<Message, Error = axum::Error> + Unpin,
{
    // The socket goes into the connection here, not inside the future: an async fn keeps
    // room for its arguments all its life, and the socket would have taken its room twice.
    let limits = app.limits();
    let conn = Conn::new(socket, fallback, &limits);
    serve_conn(conn, app, handle, addr, waiting)
}

/// [`serve`] once the socket is a connection.
async fn serve_conn<S>(
    mut conn: Conn<S>,
    app: AppState,
    handle: GameHandle,
    addr: crate::server::admission::addr::ClientAddr,
    waiting: crate::server::admission::conns::Waiting,
) where
    S: Stream<Item = Result<Message, axum::Error>> + Sink<Message, Error = axum::Error> + Unpin,
{
    // Every step before the live loop is boxed: the connection's task keeps room only for
    // the live loop while it lasts (the task was 5.8 KiB, measured with heaptrack).
    let limits = app.limits();
    let shutdown = app.shutdown();

    // 1. The greeting.
    let Some(text) = Box::pin(conn.greeting(&limits, &shutdown, &waiting.evicted)).await else {
        return;
    };
    let Some(Hello {
        token,
        since,
        lang: asked_lang,
        audio: wants_audio,
        captured: asked_captured,
        eboard: bridge,
        ..
    }) = Box::pin(read_hello(&mut conn, &text)).await
    else {
        return;
    };
    if let Some(l) = asked_lang {
        conn.lang = l;
    }
    let Some(seat) = handle.seat_for(&token) else {
        return Box::pin(conn.fail(ErrorCode::BadToken, &[], close::BAD_TOKEN)).await;
    };
    conn.lang = asked_lang.unwrap_or_else(|| handle.setup.language(seat));
    conn.captured = asked_captured.unwrap_or_else(|| says_captured(&handle.setup, seat));
    // An electronic board's bridge is a player's: his own board (issue 33).
    let bridge = match (bridge, seat) {
        (false, _) => None,
        (true, Seat::White | Seat::Black) => seat.side(),
        (true, _) => {
            return Box::pin(conn.fail(ErrorCode::EboardPlayersOnly, &[], close::BAD_HELLO)).await;
        }
    };
    drop(waiting);
    // Seats always get in; spectators within their limits.
    let _watching = if seat == Seat::Spectator {
        match app.0.door.watch(&handle.id, addr, &limits) {
            Ok(w) => Some(w),
            Err(refused) => {
                let close = close::TOO_MANY_CONNECTIONS;
                return Box::pin(conn.fail(refused.code(), &[], close)).await;
            }
        }
    } else {
        None
    };
    // A bridge joins the game's events as a spectator's subscription does: it holds no seat's
    // place, so the seat's page stays connected beside it (one bridge per board).
    let slot = if bridge.is_some() {
        Seat::Spectator
    } else {
        seat
    };
    let Some((handle, mut joined)) = Box::pin(join(&app, handle, slot, since)).await else {
        return Box::pin(conn.fail(ErrorCode::GameUnavailable, &[], close::INTERNAL)).await;
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
    if Box::pin(conn.send(welcome)).await.is_err() {
        return;
    }
    let listener = crate::server::audio::rendered::Listener::of(seat);
    let mut audio = wants_audio.then(|| {
        app.speech()
            .renderer
            .channel_for(listener, addr.key(), &app.0.tracker)
    });
    let backlog = std::mem::replace(&mut joined.backlog, Backlog::Events(Vec::new()));
    let sent = match backlog {
        Backlog::Events(events) => {
            if let Some(audio) = &mut audio {
                offer_missed(audio, seat, conn.lang, &events);
            }
            Box::pin(send_events(&mut conn, seat, &events)).await
        }
        Backlog::State(state) => Box::pin(conn.send(ServerMsg::State { id: None, state })).await,
    };
    if sent.is_err() {
        return;
    }
    let (
        BoardLink {
            conn_id,
            bridge_replaced,
            board_notices,
        },
        _bridge_leaves,
    ) = board_link(&app, &handle.id, seat, bridge);
    let mut session = Session {
        seat,
        last_sent: joined.seq,
        handle,
        limits,
        clock: app.clock(),
        audio,
        app: app.clone(),
        last_refusal_spoken: None,
        voice: crate::server::audio::voice_input::VoiceSession::on(app.0.tracker.clone()),
        bridge,
        conn_id,
        bridge_replaced,
        board_notices,
        aids: aids::Aids::default(),
    };

    // A player's (or his assistant's) seat that comes to a game waiting for the arbiter's
    // start has arrived (Art. 6.7); recorded once, refused (and ignored) otherwise.
    // On its own task: on a node that follows the game it goes to the owner, and the seat
    // need not wait for that to hear the game.
    if seat.side().is_some() {
        arrive(&app, session.handle.clone(), seat, conn.lang);
    }

    // The computer opponent's failures, told to every connection of its game.
    let notices = app.opponents().and_then(|o| o.notices(&session.handle.id));

    // 3. Live.
    if let Some(closing) = session
        .live(&mut conn, &mut joined, notices, &shutdown)
        .await
    {
        Box::pin(conn.close(closing)).await;
    }
}

/// The seat has come to the game (Art. 6.7): recorded on a task of its own.
fn arrive(app: &AppState, handle: GameHandle, seat: Seat, lang: Lang) {
    let arrive = Order::Play(crate::game::Command::Arrive);
    app.0.tracker.spawn(async move {
        let _ = handle.act(seat, lang, arrive, None).await;
    });
}

/// The greeting as a `hello`; anything else is refused (in the language the greeting asks
/// for, if it names one) and the socket closed: `None`.
async fn read_hello<S>(conn: &mut Conn<S>, text: &str) -> Option<Hello>
where
    S: Stream<Item = Result<Message, axum::Error>> + Sink<Message, Error = axum::Error> + Unpin,
{
    match decode(text) {
        Ok(ClientMsg::Hello(hello)) => Some(hello),
        Ok(_) => {
            conn.fail(ErrorCode::HelloRequired, &[], close::BAD_HELLO)
                .await;
            None
        }
        Err((e, _)) => {
            if let (_, Some(l)) = peek(text) {
                conn.lang = l;
            }
            let args = decode_error_args(&e);
            conn.fail(e.code(), &args, close::BAD_HELLO).await;
            None
        }
    }
}

/// Joins the game's events as `slot` from event `since + 1`: the game may have left memory
/// since the upgrade, and is then loaded again by the hub (up to three tries).
async fn join(
    app: &AppState,
    mut handle: GameHandle,
    slot: Seat,
    since: Option<u64>,
) -> Option<(GameHandle, crate::server::host::handle::Connected)> {
    for _ in 0..3 {
        if let Some(joined) = handle.connect(slot, since).await {
            return Some((handle, joined));
        }
        handle = app.game(&handle.id).await?;
    }
    None
}

/// A connection's part in its side's electronic board (issue 33).
struct BoardLink {
    /// This connection's number among the boards' notices.
    conn_id: u64,
    /// A bridge's: cancelled when a later bridge for the same board takes its place.
    bridge_replaced: Option<tokio_util::sync::CancellationToken>,
    /// A player's or his assistant's: what the side's bridge says of the board.
    board_notices: Option<crate::server::boards::Listener>,
}

/// The electronic board: a bridge takes its board's place (and leaves it when dropped); a
/// side's other connections hear what the bridge says of it.
fn board_link(
    app: &AppState,
    game: &crate::store::GameId,
    seat: Seat,
    bridge: Option<shakmaty::Color>,
) -> (BoardLink, Option<BridgeLeaves>) {
    let boards = app.boards().clone();
    let conn_id = boards.connection();
    let (bridge_replaced, leaves) = match bridge {
        Some(color) => {
            let token = boards.bridge_joined(game, color, conn_id);
            let leaves = BridgeLeaves {
                boards: boards.clone(),
                game: game.clone(),
                color,
                conn: conn_id,
            };
            (Some(token), Some(leaves))
        }
        None => (None, None),
    };
    let board_notices = match (bridge, seat.side()) {
        (None, Some(color)) => Some(boards.listen(game, color)),
        _ => None,
    };
    let link = BoardLink {
        conn_id,
        bridge_replaced,
        board_notices,
    };
    (link, leaves)
}

/// When a bridge's connection ends: its side hears that the bridge is gone, unless another
/// bridge took its place.
struct BridgeLeaves {
    boards: crate::server::boards::Boards,
    game: crate::store::GameId,
    color: shakmaty::Color,
    conn: u64,
}

impl Drop for BridgeLeaves {
    fn drop(&mut self) {
        self.boards.bridge_left(&self.game, self.color, self.conn);
    }
}

/// Whether a seat hears the piece a move captures unless its client says otherwise (issue
/// 15): a visually impaired player's own seat does, every other seat does not.
pub(crate) fn says_captured(setup: &crate::game::Setup, seat: Seat) -> bool {
    match seat {
        Seat::White => setup.players.white.visually_impaired,
        Seat::Black => setup.players.black.visually_impaired,
        _ => false,
    }
}
