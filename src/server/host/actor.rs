//! One task owns each game: the actor (the way to it is [`GameHandle`], `handle.rs`).
//!
//! The actor is the only writer of its game (`write.rs`: decide, apply once, write, publish;
//! its answers typed, said where the asker is). It keeps the game's whole event log in
//! memory, each move's words made lazily per language, so a reconnecting client gets exactly
//! the events it missed.
//!
//! With several nodes (`docs/scale-out.md`) the same actor runs on every node that holds the
//! game, in one of two [`Role`]s: the owner (it holds the game's lease) decides, writes with
//! its epoch, publishes every committed event on NATS and answers the commands other nodes
//! forward to it; a follower applies the owner's events to its own copy (so its connections
//! get them exactly as from an owner), sends its askers to the owner (`host/forward.rs`), and
//! claims the game when the owner stops answering and its lease has run out (`replica.rs`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::{broadcast, mpsc};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::game::{Seat, Status};
pub use crate::ownership::Role;
use crate::ownership::{Observed, Ownership};
use crate::server::cluster::bus::Cluster;
use crate::server::cluster::reply_codec::Answer;
use crate::server::host::handle::{Answered, Request, Tokens};
pub use crate::server::host::handle::{Backlog, Connected, DeskView, GameHandle};
use crate::server::host::log::{GameLog, Uncommitted};
use crate::server::host::membership::Membership;
use crate::server::host::relay::Inbox;
use crate::server::host::server_clock::ServerClock;
use crate::server::render::reply::Refusal;
pub use crate::server::render::reply::{Acted, Confirmation, Refused};
use crate::server::render::state::state_body;
use crate::server::wire::StateBody;
use crate::store::{GameId, Store, StoredGame};
use crate::table::{Order, Table};
use crate::words::SheetWords;
pub use crate::words::published::Published;

mod replica;
mod waits;
mod write;

use waits::{bus_changed, sleep_until_ms};

/// How many published events a slow connection may fall behind before it is resynchronised
/// with a full state (a dozen moves and more). The ring is allocated with the game and keeps
/// its latest events alive: 256 cost about 10 KiB a game before a move, 64 about 2.5 KiB
/// (issue 29's memory).
const BROADCAST_CAPACITY: usize = 32;

/// The shortest time between two looks whether a game may leave memory.
const MIN_IDLE_CHECK: std::time::Duration = std::time::Duration::from_millis(10);

/// What every actor is started with.
pub struct Settings {
    pub store: Arc<dyn Store>,
    pub clock: ServerClock,
    /// Wait for store writes on the blocking pool (tests under the paused clock).
    pub blocking_writes: bool,
    /// How long a game with no connection, no request and no running clock stays in memory.
    pub evict_after: std::time::Duration,
    pub membership: Membership,
    /// The cluster this node is part of (`None`: a single node).
    pub cluster: Option<Arc<Cluster>>,
    /// Owner or follower (a single node: [`Role::Single`]).
    pub role: Role,
}

struct Actor {
    id: GameId,
    created_ms: u64,
    evict_after: std::time::Duration,
    membership: Membership,
    /// When the game was last asked for (see [`GameHandle::touch`]).
    touched: Arc<AtomicU64>,
    table: Table,
    /// The seats' token hashes the handles read (a seat's link issued again replaces one).
    tokens: Tokens,
    log: Vec<Arc<Published>>,
    events: broadcast::Sender<Arc<Published>>,
    /// The store, read from (catching up, marking damage); writes go through `writes`.
    store: Arc<dyn Store>,
    /// Where the game's events are written before they are applied.
    writes: GameLog,
    clock: ServerClock,
    /// The live connection of each seat (spectators share theirs and are never replaced).
    connections: [Option<CancellationToken>; 6],
    /// The first stored event that did not apply (or could not be read): the game is shown
    /// up to the event before it and nothing more is written.
    damage: Option<crate::game::ReplayError>,
    cluster: Option<Arc<Cluster>>,
    /// Who writes the game: this node alone, as the lease's owner, or another node
    /// (`ownership.rs`, the pure state machine this actor carries out).
    ownership: Ownership<tokio::time::Instant>,
    /// The owner's inbox of forwarded orders (`relay.rs`), while it holds the lease.
    inbox: Option<Inbox>,
    /// The actor's own channel, for its small tasks on the bus to send to (weak: the actor
    /// does not keep itself alive).
    own: mpsc::WeakSender<Box<Request>>,
    /// The answers to the last forwarded commands, by command id.
    answered: std::collections::VecDeque<(String, Answer)>,
    /// The server's tasks (shutdown waits for them): forwarding and releasing run there.
    tracker: TaskTracker,
}

/// Starts the actor of a stored (or just created) game. A game whose stored events stop
/// applying (or could not be read) is served up to the last good event, marked damaged, and
/// takes no more writes.
pub fn spawn(
    stored: StoredGame,
    settings: Settings,
    shutdown: CancellationToken,
    tracker: &TaskTracker,
) -> GameHandle {
    let (events, _) = broadcast::channel(BROADCAST_CAPACITY);
    let (tx, rx) = mpsc::channel(64);
    let generation = settings.membership.generation;
    let mut actor = Actor {
        id: stored.id.clone(),
        created_ms: stored.created_ms,
        evict_after: settings.evict_after,
        membership: settings.membership,
        touched: Arc::new(AtomicU64::new(settings.clock.now_ms())),
        table: Table::new(stored.setup.clone(), Arc::new(SheetWords)),
        tokens: Arc::new(std::sync::RwLock::new(stored.tokens)),
        log: Vec::with_capacity(stored.events.len()),
        events,
        writes: GameLog {
            store: Arc::clone(&settings.store),
            blocking_writes: settings.blocking_writes,
            cluster: settings.cluster.clone(),
        },
        store: settings.store,
        clock: settings.clock,
        connections: Default::default(),
        damage: None,
        cluster: settings.cluster,
        ownership: Ownership::new(settings.role, tokio::time::Instant::now()),
        inbox: None,
        own: tx.downgrade(),
        answered: Default::default(),
        tracker: tracker.clone(),
    };
    for rec in stored.events {
        if let Err(e) = actor.publish(rec) {
            actor.damaged(e);
            break;
        }
    }
    if let Some(e) = stored.damage
        && actor.damage.is_none()
    {
        actor.damaged(e);
    }
    if actor.damage.is_some()
        && let Err(e) = actor.store.mark_damaged(&actor.id)
    {
        tracing::error!(game = %actor.id, "could not mark the game damaged: {e}");
    }
    let cluster = actor.cluster.clone();
    let handle = GameHandle {
        id: stored.id,
        generation,
        touched: Arc::clone(&actor.touched),
        created_ms: stored.created_ms,
        setup: Arc::new(stored.setup),
        tokens: Arc::clone(&actor.tokens),
        tx,
        cluster,
    };
    tracker.spawn(actor.run(rx, shutdown));
    handle
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<Box<Request>>, shutdown: CancellationToken) {
        if self.cluster.is_some() {
            tracing::debug!(game = %self.id, role = ?self.ownership.role(), "serving");
            self.start_tail().await;
        }
        self.observe(Observed::Started).await;
        // How often the actor looks whether it may leave memory.
        let mut idle_check = tokio::time::interval((self.evict_after / 4).max(MIN_IDLE_CHECK));
        idle_check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // The owner looks whether the node's renewal still holds its lease, a follower
        // whether the owner's ran out.
        let clustered = self.cluster.is_some();
        let lease_every = self
            .cluster
            .as_ref()
            .map_or(std::time::Duration::from_secs(3600), |c| c.lease / 3);
        let mut lease_check = tokio::time::interval(lease_every);
        lease_check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // The bus back after an outage: a follower reads what it missed from the store.
        let mut bus_back = self.cluster.as_ref().map(|c| c.bus_back.clone());
        if let Some(back) = &mut bus_back {
            back.mark_unchanged();
        }
        // Each handler's future is boxed: the task then keeps room only for this loop while
        // it waits, not for its largest handler (a game's task was 11 KiB, measured with
        // heaptrack at 500 games).
        loop {
            let deadline = self
                .table
                .deadline()
                .filter(|_| self.damage.is_none() && self.ownership.decides());
            tokio::select! {
                _ = shutdown.cancelled() => break,
                req = rx.recv() => match req {
                    Some(req) => {
                        if req.asked_by_a_client() {
                            self.touched.store(self.clock.now_ms(), Ordering::Relaxed);
                        }
                        Box::pin(self.handle(*req)).await;
                    }
                    None => break,
                },
                _ = sleep_until_ms(self.clock, deadline) => {
                    if !Box::pin(self.flag_fall()).await {
                        // The store failed; try again in a second rather than spin.
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
                _ = lease_check.tick(), if clustered => Box::pin(self.look_at_lease()).await,
                changed = bus_changed(&mut bus_back) => {
                    if changed {
                        Box::pin(self.observe(Observed::BusBack)).await;
                    } else {
                        bus_back = None;
                    }
                }
                _ = idle_check.tick() => {
                    if self.may_leave() {
                        let events = &self.events;
                        let left = self.membership.leave(&self.id, || {
                            rx.is_empty() && events.receiver_count() == 0
                        });
                        if left {
                            // Anything sent after this finds the channel closed and asks
                            // the hub again, which loads the game afresh.
                            rx.close();
                            Box::pin(self.observe(Observed::Leaving)).await;
                            tracing::debug!(game = %self.id, "left memory");
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Whether the game may leave memory: nobody connected, no request for a while, and no
    /// clock running (a running clock's flag must fall on time).
    fn may_leave(&self) -> bool {
        let idle_ms = self
            .clock
            .now_ms()
            .saturating_sub(self.touched.load(Ordering::Relaxed));
        if self.events.receiver_count() > 0 || u128::from(idle_ms) < self.evict_after.as_millis() {
            return false;
        }
        let running = self.damage.is_none()
            && self.ownership.decides()
            && self.table.game().status() == Status::Playing
            && self.table.clock(self.clock.now_ms()).running.is_some();
        !running
    }

    /// Records a fallen flag, if one fell. `false` only if the store failed.
    async fn flag_fall(&mut self) -> bool {
        if self.damage.is_some() {
            return true;
        }
        let now = self.clock.now_ms();
        match self.table.timer_event(now) {
            None => true,
            Some(rec) => match self.commit(vec![rec]).await {
                Ok(()) => true,
                Err(Uncommitted::Fenced) => {
                    self.observe(Observed::AppendFenced).await;
                    true
                }
                Err(e) => {
                    tracing::error!(game = %self.id, "could not record a flag fall: {e}");
                    false
                }
            },
        }
    }

    async fn handle(&mut self, req: Request) {
        match req {
            Request::Act {
                seat,
                order,
                confirm,
                reply,
            } => {
                let arrival = matches!(order, Order::Play(crate::game::Command::Arrive));
                if !self.ownership.decides() && arrival {
                    // Asked of the owner only when this node's copy of the game says it
                    // counts: a game that does not wait for its start costs no round trip.
                    if let Err(r) = self.table.decide(seat, order.clone(), self.clock.now_ms()) {
                        let _ = reply.send(Answered::Reply(Err(Refusal::Table(r))));
                        return;
                    }
                }
                if !self.ownership.decides() {
                    let _ = reply.send(Answered::Forward);
                    return;
                }
                let answer = self.act(seat, order, confirm, None).await;
                if answer.is_err() {
                    self.observe(Observed::Refusing).await;
                }
                if !self.ownership.decides() {
                    // Fenced while writing: another node owns the game now; it decides.
                    let _ = reply.send(Answered::Forward);
                    return;
                }
                let _ = reply.send(Answered::Reply(answer));
            }
            Request::OwnerSilent => self.look_at_lease().await,
            Request::Connect { seat, since, reply } => {
                if !self.ownership.decides() && since.is_some_and(|n| n > self.table.seq()) {
                    // The client saw events this node has not heard of yet: read them.
                    self.catch_up().await;
                }
                let events = self.events.subscribe();
                let seq = self.table.seq();
                let backlog = match since {
                    Some(n) if n <= seq => Backlog::Events(self.log[n as usize..].to_vec()),
                    _ => Backlog::State(Box::new(self.state())),
                };
                let replaced = CancellationToken::new();
                if seat != Seat::Spectator
                    && let Some(old) = self.connections[seat.index()].replace(replaced.clone())
                {
                    old.cancel();
                }
                let _ = reply.send(Connected {
                    seq,
                    backlog,
                    events,
                    replaced,
                });
            }
            Request::State { reply } => {
                let _ = reply.send(self.state());
            }
            Request::Desk { reply } => {
                let _ = reply.send(Box::new(DeskView {
                    desk: self.table.desk().clone(),
                    state: self.state(),
                    log: self.log.clone(),
                }));
            }
            Request::Read(job) => job(&self.table),
            Request::Followed(heard) => self.follow(heard).await,
            Request::Forwarded { order, reply } => self.forwarded(order, reply).await,
        }
    }

    fn state(&self) -> StateBody {
        state_body(
            &self.id,
            self.created_ms,
            &self.table,
            self.damage.as_ref(),
            self.clock.now_ms(),
        )
    }
}
