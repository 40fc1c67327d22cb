//! The round desk's WebSocket (`/api/rounds/{id}/ws`): after a `hello` with the round's
//! arbiter token, one `round` message (every board, and the alerts of everything that
//! happened before, in the order it happened), then a `board` message after each event of a
//! board and an `alert` before it when the event needs the arbiter, and an `alert_closed`
//! when an event closes an open alert's case (`alerts::closes`).
//!
//! The socket subscribes to each board's game as a spectator does (so the arbiter's own
//! desk keeps his seat), but reads every event the arbiter may know of, and its
//! subscription keeps the games in memory while the desk is open.
//!
//! It is held to the spectators' limits (issue 30: 400 desks from one address were let in):
//! before its `hello` it waits in the round's hall as a game's socket does, after it it is a
//! spectator of the round (of its address's spectators, of the round's as of a game's), and
//! every message after the `hello` counts against the connection's rate (a flood is closed).

use axum::extract::ws::Message;
use futures_util::{Sink, Stream};
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, mpsc};
use tokio_util::sync::CancellationToken;

use crate::announce::Lang;
use crate::game::{Event, Recorded, Seat, Setup};
use crate::server::admission::addr::ClientAddr;
use crate::server::admission::auth::{hash_token, same_hash};
use crate::server::admission::conns::Waiting;
use crate::server::app::AppState;
use crate::server::host::actor::{Backlog, Published};
use crate::server::rounds::alerts::{Alert, BoardLine, alert_of, board_lines, closes};
use crate::server::wire::{ErrorCode, PROTOCOL_VERSION};
use crate::server::ws::close;
use crate::server::ws::connection::{Conn, Next, next_text};
use crate::store::StoredRound;

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum RoundIn {
    Hello {
        token: String,
        #[serde(default)]
        lang: Option<String>,
    },
}

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum RoundOut<'a> {
    Round {
        id: String,
        event: &'a str,
        site: &'a str,
        round: &'a str,
        lang: &'static str,
        boards: Vec<BoardLine>,
        alerts: Vec<Alert>,
    },
    Board(BoardLine),
    Alert(Alert),
    /// The case of an open alert (of `game`, raised by its event `seq`) closed at `at_ms`.
    AlertClosed {
        board: u32,
        game: String,
        seq: u64,
        at_ms: u64,
    },
}

/// An alert still open: its board's index, and the event that raised it (with its number).
struct Open {
    index: usize,
    seq: u64,
    raised: Event,
}

/// The open alerts of board `index` that `rec` closes, taken out of `open` (their numbers).
fn closed_by(open: &mut Vec<Open>, index: usize, rec: &Recorded) -> Vec<u64> {
    let mut closed = Vec::new();
    open.retain(|o| {
        let closes = o.index == index && o.seq < rec.seq && closes(&o.raised, &rec.event);
        if closes {
            closed.push(o.seq);
        }
        !closes
    });
    closed
}

#[derive(Serialize)]
struct Envelope<'a> {
    v: u64,
    #[serde(flatten)]
    msg: RoundOut<'a>,
}

fn json(msg: RoundOut<'_>) -> Message {
    let text = serde_json::to_string(&Envelope {
        v: PROTOCOL_VERSION,
        msg,
    })
    .expect("round messages serialise");
    Message::Text(text.into())
}

/// What a board's follower hands the socket.
enum Feed {
    Event(std::sync::Arc<Published>),
    /// Fell behind: the board's line is sent again.
    Lagged,
    /// The game's task stopped.
    Closed,
}

struct Followed {
    board: u32,
    setup: Option<std::sync::Arc<Setup>>,
}

/// Runs one round desk connection to its end; `waiting` is its place in the round's hall.
pub async fn serve<S>(
    socket: S,
    app: AppState,
    round: StoredRound,
    fallback: Lang,
    addr: ClientAddr,
    waiting: Waiting,
) where
    S: Stream<Item = Result<Message, axum::Error>> + Sink<Message, Error = axum::Error> + Unpin,
{
    let limits = app.limits();
    let mut conn = Conn::new(socket, fallback, &limits);
    let shutdown = app.shutdown();
    let Some(text) = conn.greeting(&limits, &shutdown, &waiting.evicted).await else {
        return;
    };
    let Ok(RoundIn::Hello { token, lang }) = serde_json::from_str::<RoundIn>(&text) else {
        return conn
            .fail(ErrorCode::HelloRequired, &[], close::BAD_HELLO)
            .await;
    };
    if let Some(l) = lang.and_then(|l| l.parse::<Lang>().ok()) {
        conn.lang = l;
    }
    if !same_hash(&hash_token(&token), &round.arbiter) {
        return conn.fail(ErrorCode::BadToken, &[], close::BAD_TOKEN).await;
    }
    // Greeted: a spectator's place, of the round and of the address, for the desk's life.
    let _watching = match app.0.door.watch(&round.id, addr, &limits) {
        Ok(place) => place,
        Err(refused) => {
            return conn
                .fail(refused.code(), &[], close::TOO_MANY_CONNECTIONS)
                .await;
        }
    };
    drop(waiting);
    let lang = conn.lang;

    // Every board: its past alerts, and a follower forwarding its events from now on.
    let stop = CancellationToken::new();
    let (tx, mut rx) = mpsc::channel::<(usize, Feed)>(1024);
    let (followed, alerts, mut open) = follow_boards(&app, &round, lang, tx, &stop).await;
    let mut n = alerts.len() as u64;
    let boards = board_lines(&app, &round).await;
    let hello = json(RoundOut::Round {
        id: round.id.to_string(),
        event: &round.event,
        site: &round.site,
        round: &round.round,
        lang: lang.code(),
        boards,
        alerts,
    });
    if conn.send_frame(hello).await.is_err() {
        stop.cancel();
        return;
    }

    let mut ping = tokio::time::interval(limits.ping_interval);
    ping.tick().await;
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => {
                conn.fail(ErrorCode::ShuttingDown, &[], close::GOING_AWAY).await;
                break;
            }
            fed = rx.recv() => {
                let Some((i, feed)) = fed else { break };
                let board = followed[i].board;
                let game = &round.boards[i].1;
                if let Feed::Event(p) = &feed {
                    let setup = followed[i].setup.as_deref();
                    let out = alert_messages(&mut open, &mut n, (i, board, game), setup, &p.rec, lang);
                    let mut sent = Ok(());
                    for m in out {
                        sent = sent.and(conn.send_frame(json(m)).await);
                    }
                    if sent.is_err() {
                        break;
                    }
                }
                let line = match app.state_of(game).await {
                    Some(state) => BoardLine::of(board, &state),
                    None => BoardLine::gone(board, game),
                };
                if conn.send_frame(json(RoundOut::Board(line))).await.is_err() {
                    break;
                }
            }
            next = next_text(&mut conn) => match next {
                Next::Gone => break,
                Next::Flood => {
                    conn.fail(ErrorCode::Flood, &[], close::POLICY).await;
                    break;
                }
                Next::Unfinished => {
                    conn.fail(ErrorCode::MessageUnfinished, &[], close::POLICY).await;
                    break;
                }
                Next::TooLarge => {
                    let limit = [("limit", limits.max_message_bytes.to_string())];
                    conn.fail(ErrorCode::TooLarge, &limit, close::TOO_BIG).await;
                    break;
                }
                Next::BadUtf8 => {
                    conn.fail(ErrorCode::InvalidUtf8, &[], close::BAD_DATA).await;
                    break;
                }
                // The desk sends nothing after its hello: anything else is ignored, but
                // counts against the connection's rate, as every message does.
                Next::Text(_) | Next::Binary(_) => {
                    if !conn.rate.take() && conn.rate.strikes >= limits.flood_strikes {
                        conn.fail(ErrorCode::Flood, &[], close::POLICY).await;
                        break;
                    }
                }
            },
            _ = ping.tick() => {
                if conn.heard.elapsed() > limits.idle_timeout {
                    conn.fail(ErrorCode::IdleTimeout, &[], close::IDLE_TIMEOUT).await;
                    break;
                }
                if conn.send_frame(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
            }
        }
    }
    stop.cancel();
}

/// What the desk is told about board `index` (`board`, its `game`) at the event `rec`: the
/// open alerts it closes, then the alert it raises (numbered `n + 1`; one raised by the
/// game's end comes closed).
fn alert_messages(
    open: &mut Vec<Open>,
    n: &mut u64,
    (index, board, game): (usize, u32, &crate::store::GameId),
    setup: Option<&Setup>,
    rec: &Recorded,
    lang: Lang,
) -> Vec<RoundOut<'static>> {
    let mut out: Vec<RoundOut<'static>> = closed_by(open, index, rec)
        .into_iter()
        .map(|seq| RoundOut::AlertClosed {
            board,
            game: game.to_string(),
            seq,
            at_ms: rec.at_ms,
        })
        .collect();
    if let Some(setup) = setup
        && let Some((kind, text)) = alert_of(board, setup, rec, lang)
    {
        *n += 1;
        let ends = matches!(rec.event, Event::Ended { .. });
        if !ends {
            open.push(Open {
                index,
                seq: rec.seq,
                raised: rec.event.clone(),
            });
        }
        out.push(RoundOut::Alert(Alert {
            n: *n,
            board,
            game: game.to_string(),
            seq: rec.seq,
            kind,
            at_ms: rec.at_ms,
            text,
            past: false,
            closed_at_ms: ends.then_some(rec.at_ms),
        }));
    }
    out
}

/// Follows every board of `round` as a spectator: each board's past alerts (numbered in the
/// order they happened, across boards), and a task per board forwarding its events to `tx`
/// (tagged with the board's index) until `stop`.
async fn follow_boards(
    app: &AppState,
    round: &StoredRound,
    lang: Lang,
    tx: mpsc::Sender<(usize, Feed)>,
    stop: &CancellationToken,
) -> (Vec<Followed>, Vec<Alert>, Vec<Open>) {
    let mut followed = Vec::with_capacity(round.boards.len());
    let mut past: Vec<(u64, u32, u64, String, Alert)> = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    for (i, (board, game)) in round.boards.iter().enumerate() {
        let handle = app.game(game).await;
        let connected = match &handle {
            Some(h) => h.connect(Seat::Spectator, Some(0)).await,
            None => None,
        };
        let Some((handle, connected)) = handle.zip(connected) else {
            followed.push(Followed {
                board: *board,
                setup: None,
            });
            continue;
        };
        if let Backlog::Events(events) = &connected.backlog {
            for p in events {
                for seq in closed_by(&mut open, i, &p.rec) {
                    if let Some(a) = past
                        .iter_mut()
                        .find(|a| a.1 == *board && a.2 == seq && a.3 == game.as_str())
                    {
                        a.4.closed_at_ms = Some(p.rec.at_ms);
                    }
                }
                if let Some((kind, text)) = alert_of(*board, &handle.setup, &p.rec, lang) {
                    let ends = matches!(p.rec.event, Event::Ended { .. });
                    if !ends {
                        open.push(Open {
                            index: i,
                            seq: p.rec.seq,
                            raised: p.rec.event.clone(),
                        });
                    }
                    let alert = Alert {
                        n: 0,
                        board: *board,
                        game: game.to_string(),
                        seq: p.rec.seq,
                        kind,
                        at_ms: p.rec.at_ms,
                        text,
                        past: true,
                        closed_at_ms: ends.then_some(p.rec.at_ms),
                    };
                    past.push((p.rec.at_ms, *board, p.rec.seq, game.to_string(), alert));
                }
            }
        }
        let mut events = connected.events;
        let tx = tx.clone();
        let stop = stop.clone();
        app.0.tracker.spawn(async move {
            loop {
                let feed = tokio::select! {
                    _ = stop.cancelled() => return,
                    r = events.recv() => match r {
                        Ok(p) => Feed::Event(p),
                        Err(broadcast::error::RecvError::Lagged(_)) => Feed::Lagged,
                        Err(broadcast::error::RecvError::Closed) => Feed::Closed,
                    },
                };
                let closed = matches!(feed, Feed::Closed);
                if tx.send((i, feed)).await.is_err() || closed {
                    return;
                }
            }
        });
        followed.push(Followed {
            board: *board,
            setup: Some(handle.setup.clone()),
        });
    }
    drop(tx);
    past.sort_by_key(|a| (a.0, a.1, a.2));
    let mut n = 0u64;
    let alerts = past
        .into_iter()
        .map(|(.., mut alert)| {
            n += 1;
            alert.n = n;
            alert
        })
        .collect();
    (followed, alerts, open)
}
