//! The way to a game's task: the cloneable [`GameHandle`] that talks to its actor
//! ([`super::actor`]) over a channel with one-shot replies, and what the replies carry.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::announce::Lang;
use crate::game::{Seat, Setup};
use crate::scoresheet::desk::Desk;
use crate::server::admission::auth::{TokenHash, hash_token, same_hash};
use crate::server::cluster::bus::{Cluster, Forwarded};
use crate::server::cluster::feeds::Heard;
use crate::server::cluster::reply_codec::Answer;
use crate::server::host::forward;
use crate::server::render::reply::{self, Acted, Confirmation, Refused, Reply};
use crate::server::wire::{ErrorCode, StateBody};
use crate::store::GameId;
use crate::table::{Order, Table};
use crate::words::published::Published;

/// What a connection gets first: the events it missed, or the full state.
pub enum Backlog {
    Events(Vec<Arc<Published>>),
    State(Box<StateBody>),
}

/// A connection's subscription to the game.
pub struct Connected {
    /// The number of the last event when the connection joined.
    pub seq: u64,
    pub backlog: Backlog,
    /// Every event after `seq`, in order.
    pub events: broadcast::Receiver<Arc<Published>>,
    /// Cancelled when the same seat connects again.
    pub replaced: CancellationToken,
}

/// What the game's task answers an order.
pub(super) enum Answered {
    /// Its answer, in no language yet.
    Reply(Reply),
    /// This node only follows the game: the owner decides (the asker forwards the order).
    Forward,
}

pub(super) enum Request {
    Act {
        seat: Seat,
        order: Order,
        confirm: Option<Confirmation>,
        reply: oneshot::Sender<Answered>,
    },
    /// A forwarded command found no owner: look at the lease (and claim the game if it ran
    /// out).
    OwnerSilent,
    Connect {
        seat: Seat,
        since: Option<u64>,
        reply: oneshot::Sender<Connected>,
    },
    State {
        reply: oneshot::Sender<StateBody>,
    },
    Desk {
        reply: oneshot::Sender<Box<DeskView>>,
    },
    /// A question about the game that changes nothing (issue 15's legal moves and
    /// material): run on the table as it is now; it answers through its own channel.
    Read(Box<dyn FnOnce(&Table) + Send>),
    /// What the owner published on the bus (a follower applies its events; `relay.rs`).
    Followed(Heard),
    /// An order another node forwarded to this node, the owner (`relay.rs`): answered in no
    /// language, or not at all when this node no longer owns the game.
    Forwarded {
        order: Forwarded,
        reply: oneshot::Sender<Answer>,
    },
}

impl Request {
    /// Whether someone asked it (the game stays in memory a while after): the events and
    /// orders that come over the bus do not count.
    pub(super) fn asked_by_a_client(&self) -> bool {
        !matches!(self, Request::Followed(_) | Request::Forwarded { .. })
    }
}

/// The desk and the state at one moment (for the exports).
pub struct DeskView {
    pub desk: Desk,
    pub state: StateBody,
    /// Every event so far as published (the incident record is derived from it).
    pub log: Vec<Arc<Published>>,
}

/// The way to a game's actor. Cheap to clone.
#[derive(Clone)]
pub struct GameHandle {
    pub id: GameId,
    /// Which actor of this game (a game evicted and loaded again has a new one).
    pub generation: u64,
    /// When the game was last asked for (server milliseconds): it stays in memory for a
    /// while after.
    pub(super) touched: Arc<AtomicU64>,
    pub created_ms: u64,
    pub setup: Arc<Setup>,
    /// Each seat's token hash: as created, then as the log's `SeatLinkIssued` events replace
    /// them (the actor writes, every handle reads; issue 31).
    pub(super) tokens: Tokens,
    /// Requests boxed: the channel allocates its slots in blocks of 32 with the game, and an
    /// order inline made that block 3.4 KiB a game (issue 29's memory).
    pub(super) tx: mpsc::Sender<Box<Request>>,
    /// The cluster this node is part of (`None`: a single node), for orders the owner decides.
    pub(super) cluster: Option<Arc<Cluster>>,
}

/// The seats' token hashes of one game, shared by its actor and every handle.
pub(super) type Tokens = Arc<std::sync::RwLock<Vec<(Seat, TokenHash)>>>;

impl GameHandle {
    /// Marks the game as just asked for, so that it stays in memory a while longer.
    pub fn touch(&self, now_ms: u64) {
        self.touched.fetch_max(now_ms, Ordering::Relaxed);
    }

    /// The seat a token opens in this game (compared in constant time, over every seat).
    pub fn seat_for(&self, token: &str) -> Option<Seat> {
        let hash = hash_token(token);
        let mut found = None;
        let tokens = self.tokens.read().unwrap_or_else(|e| e.into_inner());
        for (seat, h) in tokens.iter() {
            if same_hash(h, &hash) {
                found = Some(*seat);
            }
        }
        found
    }

    /// The hash of the arbiter's token.
    pub fn arbiter_hash(&self) -> Option<TokenHash> {
        self.tokens
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .find(|(s, _)| *s == Seat::Arbiter)
            .map(|(_, h)| *h)
    }

    /// Asks the game to do something for `seat`; the answer is said in `lang`. With
    /// `confirm`, the order is only decided, and that second step asked for. On a node that
    /// only follows the game, the order goes to the owner, typed, and its answer (in no
    /// language) is said here as a local game's is.
    pub async fn act(
        &self,
        seat: Seat,
        lang: Lang,
        order: Order,
        confirm: Option<Confirmation>,
    ) -> Result<Acted, Refused> {
        // Kept for the owner in a cluster (the game's task takes the order).
        let forward = self.cluster.as_ref().map(|c| (c, order.clone()));
        let (reply, rx) = oneshot::channel();
        let req = Request::Act {
            seat,
            order,
            confirm,
            reply,
        };
        let unavailable = || Refused::new(lang, ErrorCode::GameUnavailable, &[]);
        self.tx
            .send(Box::new(req))
            .await
            .map_err(|_| unavailable())?;
        match rx.await.map_err(|_| unavailable())? {
            Answered::Reply(answer) => reply::said(lang, answer),
            Answered::Forward => {
                let Some((cluster, order)) = forward else {
                    return Err(unavailable());
                };
                let owner_silent = || {
                    let _ = self.tx.try_send(Box::new(Request::OwnerSilent));
                };
                let answer =
                    forward::to_owner(cluster, &self.id, seat, &order, confirm, owner_silent).await;
                reply::said(lang, answer)
            }
        }
    }

    /// Joins the game's events from event `since + 1` (or from a full state).
    pub async fn connect(&self, seat: Seat, since: Option<u64>) -> Option<Connected> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Box::new(Request::Connect { seat, since, reply }))
            .await
            .ok()?;
        rx.await.ok()
    }

    /// The desk (scoresheets, clock records, envelope) and the state now.
    pub async fn desk(&self) -> Option<Box<DeskView>> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Box::new(Request::Desk { reply })).await.ok()?;
        rx.await.ok()
    }

    /// Reads the game as it is now (the table's decisions are not involved: nothing
    /// changes). `None` when the game's task is gone.
    pub async fn read<T, F>(&self, f: F) -> Option<T>
    where
        T: Send + 'static,
        F: FnOnce(&Table) -> T + Send + 'static,
    {
        let (reply, rx) = oneshot::channel();
        let job: Box<dyn FnOnce(&Table) + Send> = Box::new(move |table| {
            let _ = reply.send(f(table));
        });
        self.tx.send(Box::new(Request::Read(job))).await.ok()?;
        rx.await.ok()
    }

    /// The full state now.
    pub async fn state(&self) -> Option<StateBody> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Box::new(Request::State { reply }))
            .await
            .ok()?;
        rx.await.ok()
    }
}
