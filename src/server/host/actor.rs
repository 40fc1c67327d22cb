//! One task owns each game: the actor, and the cloneable [`GameHandle`] that talks to it
//! over a channel with one-shot replies.
//!
//! The actor is the only writer of its game. For every action it decides the events
//! ([`Game::decide`]), writes them to the store, and only then applies them, publishes them
//! to every connection of the game and acknowledges. It keeps the game's whole event log in
//! memory, each move already said in all three languages, so a reconnecting client gets
//! exactly the events it missed.
//!
//! With several nodes (`docs/scale-out.md`) the same actor runs on every node that holds the
//! game, in one of two [`Role`]s: the owner (it holds the game's lease) decides, writes with
//! its epoch, publishes every committed event on NATS and answers the commands other nodes
//! forward to it; a follower applies the owner's events to its own copy (so its connections
//! get them exactly as from an owner), forwards its connections' messages to the owner, and
//! claims the game when the owner stops answering and its lease has run out. A single node
//! (no bus) is the plain owner of everything, exactly as before.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use futures_util::StreamExt;
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::announce::Lang;
use crate::game::{Recorded, Seat, Setup, Status};
pub use crate::ownership::Role;
use crate::ownership::{ClaimAnswer, Fence, Forwarded as Take, Observed, Ownership, Step};
use crate::scoresheet::desk::Desk;
use crate::server::admission::auth::{TokenHash, hash_token, same_hash};
use crate::server::cluster::bus::{
    Answer, Cluster, Forwarded, WireEvent, command_subject, event_subject,
};
use crate::server::host::membership::Membership;
use crate::server::host::server_clock::ServerClock;
use crate::server::wire::{ErrorCode, StateBody};
use crate::store::{Appended, Claim, CommandId, GameId, Store, StoreError, StoredGame, Summary};
use crate::table::{Order, Table};

/// How many published events a slow connection may fall behind before it is resynchronised
/// with a full state.
const BROADCAST_CAPACITY: usize = 256;

/// The shortest time between two looks whether a game may leave memory.
const MIN_IDLE_CHECK: std::time::Duration = std::time::Duration::from_millis(10);

use crate::server::render::reply::refused;
pub use crate::server::render::reply::{Acted, Confirmation, Refused};
use crate::server::render::state::state_body;
use crate::words::published;
pub use crate::words::published::Published;
use crate::words::{SheetWords, refusals};

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

enum Request {
    Act {
        seat: Seat,
        lang: Lang,
        order: Order,
        confirm: Option<Confirmation>,
        /// The client's message as it came, for the owner when this node only follows.
        wire: Option<String>,
        reply: oneshot::Sender<Result<Acted, Refused>>,
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
    touched: Arc<AtomicU64>,
    pub created_ms: u64,
    pub setup: Arc<Setup>,
    tokens: Arc<[(Seat, TokenHash)]>,
    tx: mpsc::Sender<Request>,
}

impl GameHandle {
    /// Marks the game as just asked for, so that it stays in memory a while longer.
    pub fn touch(&self, now_ms: u64) {
        self.touched.fetch_max(now_ms, Ordering::Relaxed);
    }

    /// The seat a token opens in this game (compared in constant time, over every seat).
    pub fn seat_for(&self, token: &str) -> Option<Seat> {
        let hash = hash_token(token);
        let mut found = None;
        for (seat, h) in self.tokens.iter() {
            if same_hash(h, &hash) {
                found = Some(*seat);
            }
        }
        found
    }

    /// The hash of the arbiter's token.
    pub fn arbiter_hash(&self) -> Option<TokenHash> {
        self.tokens
            .iter()
            .find(|(s, _)| *s == Seat::Arbiter)
            .map(|(_, h)| *h)
    }

    /// Asks the game to do something for `seat`; the answer is in `lang`. With `confirm`,
    /// the order is only decided, and that second step asked for.
    pub async fn act(
        &self,
        seat: Seat,
        lang: Lang,
        order: Order,
        confirm: Option<Confirmation>,
    ) -> Result<Acted, Refused> {
        self.act_as(seat, lang, order, confirm, None).await
    }

    /// [`GameHandle::act`], with the client's message as it came (`wire`): on a node that
    /// only follows the game, that message goes to the owner (without it, the order is
    /// refused as `game_unavailable` there).
    pub async fn act_as(
        &self,
        seat: Seat,
        lang: Lang,
        order: Order,
        confirm: Option<Confirmation>,
        wire: Option<String>,
    ) -> Result<Acted, Refused> {
        let (reply, rx) = oneshot::channel();
        let req = Request::Act {
            seat,
            lang,
            order,
            confirm,
            wire,
            reply,
        };
        let unavailable = || Refused::new(lang, ErrorCode::GameUnavailable, &[]);
        self.tx.send(req).await.map_err(|_| unavailable())?;
        rx.await.map_err(|_| unavailable())?
    }

    /// Joins the game's events from event `since + 1` (or from a full state).
    pub async fn connect(&self, seat: Seat, since: Option<u64>) -> Option<Connected> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Request::Connect { seat, since, reply })
            .await
            .ok()?;
        rx.await.ok()
    }

    /// The desk (scoresheets, clock records, envelope) and the state now.
    pub async fn desk(&self) -> Option<Box<DeskView>> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Request::Desk { reply }).await.ok()?;
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
        self.tx.send(Request::Read(job)).await.ok()?;
        rx.await.ok()
    }

    /// The full state now.
    pub async fn state(&self) -> Option<StateBody> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Request::State { reply }).await.ok()?;
        rx.await.ok()
    }
}

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

/// How many forwarded commands' answers the owner keeps, so that a retried one is answered
/// again rather than applied twice.
const ANSWERS_KEPT: usize = 256;

/// Only when `sub` is there: its next message (`None` once it ended).
async fn next_of(sub: &mut Option<async_nats::Subscriber>) -> Option<async_nats::Message> {
    match sub {
        Some(s) => s.next().await,
        None => std::future::pending().await,
    }
}

struct Actor {
    id: GameId,
    created_ms: u64,
    evict_after: std::time::Duration,
    membership: Membership,
    /// When the game was last asked for (see [`GameHandle::touch`]).
    touched: Arc<AtomicU64>,
    table: Table,
    log: Vec<Arc<Published>>,
    events: broadcast::Sender<Arc<Published>>,
    store: Arc<dyn Store>,
    clock: ServerClock,
    /// Wait for store writes on the blocking pool (tests under the paused clock).
    blocking_writes: bool,
    /// The live connection of each seat (spectators share theirs and are never replaced).
    connections: [Option<CancellationToken>; 6],
    /// The first stored event that did not apply (or could not be read): the game is shown
    /// up to the event before it and nothing more is written.
    damage: Option<crate::game::ReplayError>,
    cluster: Option<Arc<Cluster>>,
    /// Who writes the game: this node alone, as the lease's owner, or another node
    /// (`ownership.rs`, the pure state machine this actor carries out).
    ownership: Ownership<tokio::time::Instant>,
    /// The owner's subscription to forwarded commands.
    commands: Option<async_nats::Subscriber>,
    /// The subscription to the owner's events (every node of a cluster).
    followed: Option<async_nats::Subscriber>,
    /// The answers to the last forwarded commands, by command id.
    answered: std::collections::VecDeque<(String, Answer)>,
    /// The actor's own queue, for a forwarding task that found no owner.
    own: Option<mpsc::WeakSender<Request>>,
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
    let generation = settings.membership.generation;
    let mut actor = Actor {
        id: stored.id.clone(),
        created_ms: stored.created_ms,
        evict_after: settings.evict_after,
        membership: settings.membership,
        touched: Arc::new(AtomicU64::new(settings.clock.now_ms())),
        table: Table::new(stored.setup.clone(), Arc::new(SheetWords)),
        log: Vec::with_capacity(stored.events.len()),
        events,
        store: settings.store,
        clock: settings.clock,
        blocking_writes: settings.blocking_writes,
        connections: Default::default(),
        damage: None,
        cluster: settings.cluster,
        ownership: Ownership::new(settings.role, tokio::time::Instant::now()),
        commands: None,
        followed: None,
        answered: Default::default(),
        own: None,
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
    let (tx, rx) = mpsc::channel(64);
    actor.own = Some(tx.downgrade());
    let handle = GameHandle {
        id: stored.id,
        generation,
        touched: Arc::clone(&actor.touched),
        created_ms: stored.created_ms,
        setup: Arc::new(stored.setup),
        tokens: stored.tokens.into(),
        tx,
    };
    tracker.spawn(actor.run(rx, shutdown));
    handle
}

async fn sleep_until_ms(clock: ServerClock, deadline_ms: Option<u64>) {
    match deadline_ms {
        // One millisecond late, so the deadline has surely passed when we look.
        Some(ms) => tokio::time::sleep_until(clock.instant_at(ms + 1)).await,
        None => std::future::pending().await,
    }
}

/// Waits until the node's connection to the bus changes (false: it never will any more); never,
/// for a node on its own.
async fn bus_changed(back: &mut Option<tokio::sync::watch::Receiver<u64>>) -> bool {
    match back {
        Some(rx) => rx.changed().await.is_ok(),
        None => std::future::pending().await,
    }
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<Request>, shutdown: CancellationToken) {
        if self.cluster.is_some() {
            tracing::debug!(game = %self.id, role = ?self.ownership.role(), "serving");
            self.follow_events().await;
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
        loop {
            let deadline = self
                .table
                .deadline()
                .filter(|_| self.damage.is_none() && self.ownership.decides());
            tokio::select! {
                _ = shutdown.cancelled() => break,
                req = rx.recv() => match req {
                    Some(req) => {
                        self.touched.store(self.clock.now_ms(), Ordering::Relaxed);
                        self.handle(req).await;
                    }
                    None => break,
                },
                _ = sleep_until_ms(self.clock, deadline) => {
                    if !self.flag_fall().await {
                        // The store failed; try again in a second rather than spin.
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
                msg = next_of(&mut self.commands) => match msg {
                    Some(msg) => self.forwarded(msg).await,
                    None => self.commands = None,
                },
                msg = next_of(&mut self.followed) => match msg {
                    Some(msg) => self.follow(msg).await,
                    None => self.followed = None,
                },
                _ = lease_check.tick(), if clustered => self.look_at_lease().await,
                changed = bus_changed(&mut bus_back) => {
                    if changed {
                        self.observe(Observed::BusBack).await;
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
                            self.observe(Observed::Leaving).await;
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
                lang,
                order,
                confirm,
                wire,
                reply,
            } => {
                // What goes to the owner: the client's message, or the seat's arrival.
                let arrival = matches!(order, Order::Play(crate::game::Command::Arrive));
                let forwarded = match wire {
                    Some(text) => Some((text, false)),
                    None => arrival.then(|| (String::new(), true)),
                };
                if !self.ownership.decides() && arrival {
                    // Asked of the owner only when this node's copy of the game says it
                    // counts: a game that does not wait for its start costs no round trip.
                    if let Err(r) = self.table.decide(seat, order.clone(), self.clock.now_ms()) {
                        let _ = reply.send(Err(refused(lang, &r)));
                        return;
                    }
                }
                if !self.ownership.decides() {
                    return self.forward(seat, lang, forwarded, reply);
                }
                let answer = self.act(seat, lang, order, confirm, None).await;
                if answer.is_err() {
                    self.observe(Observed::Refusing).await;
                }
                if !self.ownership.decides() {
                    // Fenced while writing: another node owns the game now; it decides.
                    return self.forward(seat, lang, forwarded, reply);
                }
                let _ = reply.send(answer);
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
        }
    }

    async fn act(
        &mut self,
        seat: Seat,
        lang: Lang,
        order: Order,
        confirm: Option<Confirmation>,
        command: Option<CommandId>,
    ) -> Result<Acted, Refused> {
        if let Some(damage) = &self.damage {
            let seq = damage.seq.to_string();
            return Err(Refused::new(lang, ErrorCode::GameDamaged, &[("seq", seq)]));
        }
        // A flag that fell before this action counts first.
        self.flag_fall().await;
        let now = self.clock.now_ms();
        // Resign, offer and claim ask for a second step: decided, then confirmed.
        let events = self
            .table
            .decide(seat, order.clone(), now)
            .map_err(|r| refused(lang, &r))?;
        if let Some(action) = confirm {
            // A ruling is shown with its consequence before the arbiter confirms it.
            let replay = self.table.game().undoable().map_or(0, |u| u.moves.len());
            let ruling = matches!(action, Confirmation::Rule | Confirmation::UndoRuling)
                .then(|| self.table.preview(&events))
                .flatten();
            let message = match &ruling {
                Some(r) => refusals::confirm_ruling(lang, r, replay),
                None => refusals::confirm(lang, action, &events),
            };
            return Ok(Acted::Confirm {
                action: action.key(),
                message,
                ruling: ruling.map(|r| {
                    let replay = if r.branch == crate::game::BranchKind::Undo {
                        replay
                    } else {
                        0
                    };
                    crate::server::render::reply::preview(&r, replay)
                }),
            });
        }
        let last = events.last().map(|e| e.seq);
        let applied = match self.commit_as(events, command.clone()).await {
            Ok(applied) => applied,
            Err(Uncommitted::Conflict) if self.ownership.decides() => {
                // Another process wrote to this game's log (a second server on the same
                // store): nothing of this write was kept. The game is read again from the
                // store and the order decided once more on what it holds now, rather than
                // every later write failing on the same numbers.
                tracing::warn!(game = %self.id, "another process wrote to the game: reading it again");
                self.catch_up().await;
                let events = self
                    .table
                    .decide(seat, order, self.clock.now_ms())
                    .map_err(|r| refused(lang, &r))?;
                let last = events.last().map(|e| e.seq);
                return match self.commit_as(events, command).await {
                    Ok(applied) => Ok(Acted::Done(applied.or(last))),
                    Err(e) => {
                        tracing::error!(game = %self.id, "store failed, action refused: {e}");
                        Err(Refused::new(lang, ErrorCode::StorageFailed, &[]))
                    }
                };
            }
            Err(e) => {
                tracing::error!(game = %self.id, "store failed, action refused: {e}");
                if e == Uncommitted::Fenced {
                    self.observe(Observed::AppendFenced).await;
                }
                return Err(Refused::new(lang, ErrorCode::StorageFailed, &[]));
            }
        };
        // A command applied before (by this owner or an earlier one) is answered as then.
        Ok(Acted::Done(applied.or(last)))
    }

    /// Writes events durably, then applies and publishes them.
    async fn commit(&mut self, events: Vec<Recorded>) -> Result<(), Uncommitted> {
        self.commit_as(events, None).await.map(|_| ())
    }

    /// [`Actor::commit`] of a forwarded command's events, its id recorded with them (an owner
    /// of a cluster): `Some(seq)`, and nothing written, if the store had applied it already.
    async fn commit_as(
        &mut self,
        events: Vec<Recorded>,
        command: Option<CommandId>,
    ) -> Result<Option<u64>, Uncommitted> {
        // The list of games reads the summary after these events, written with them.
        let mut after = self.table.game().clone();
        for rec in &events {
            after
                .apply(rec)
                .map_err(|e| Uncommitted::Store(format!("a decided event does not apply: {e}")))?;
        }
        let summary = Summary::of(&after);
        if let (Some(cluster), Some(epoch)) = (&self.cluster, self.ownership.epoch()) {
            let cluster = Arc::clone(cluster);
            let done = cluster
                .owners
                .append_fenced(&self.id, epoch, command.as_ref(), &events, &summary)
                .await;
            match done {
                Ok(Appended::Written) => {}
                Ok(Appended::AlreadyApplied { seq }) => return Ok(Some(seq)),
                Err(StoreError::Fenced { .. }) => return Err(Uncommitted::Fenced),
                Err(e) => return Err(Uncommitted::Store(e.to_string())),
            }
            let wire: Vec<WireEvent> = events.iter().map(WireEvent::of).collect();
            if let Ok(payload) = serde_json::to_vec(&wire) {
                // Lost on the way, a follower finds the events in the store at its next gap.
                let subject = event_subject(&self.id);
                if let Err(e) = cluster.client.publish(subject, payload.into()).await {
                    tracing::warn!(game = %self.id, "could not publish events: {e}");
                }
            }
        } else if self.blocking_writes {
            let (store, id, written) = (Arc::clone(&self.store), self.id.clone(), events.clone());
            tokio::task::spawn_blocking(move || store.append(&id, &written, &summary))
                .await
                .map_err(|e| Uncommitted::Store(e.to_string()))?
                .map_err(Uncommitted::of)?;
        } else {
            // Grouped with other games' writes by the store; resolves once durable.
            self.store
                .append_async(&self.id, &events, &summary)
                .await
                .map_err(Uncommitted::of)?;
        }
        for rec in events {
            if let Err(e) = self.publish(rec) {
                // Cannot happen for events this game decided. If it does, the store is ahead
                // of the game: nothing more is written, and the game says it is damaged.
                self.damaged(e);
                return Err(Uncommitted::Store("a stored event does not apply".into()));
            }
        }
        Ok(None)
    }

    /// Marks the game damaged from `e.seq` on: it is shown up to the event before, takes no
    /// more writes and runs no clock.
    fn damaged(&mut self, e: crate::game::ReplayError) {
        tracing::error!(game = %self.id, "damaged: {e}");
        self.damage = Some(e);
    }

    /// Applies one event and tells every connection.
    fn publish(&mut self, rec: Recorded) -> Result<(), crate::game::ReplayError> {
        let mv = published::words(self.table.game(), &rec)?;
        let ev = rec.clone();
        let mut p = Published::new(rec, mv);
        published::notes_before(self.table.game(), &ev, &mut p);
        p.note = self.table.apply(&ev)?.map(Arc::new);
        published::notes_after(self.table.game(), &ev, &mut p);
        let p = Arc::new(p);
        self.log.push(Arc::clone(&p));
        // No receiver is fine: nobody is connected.
        let _ = self.events.send(p);
        Ok(())
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

/// Several nodes (`docs/scale-out.md`): following the owner, forwarding to it, taking over.
impl Actor {
    /// Subscribes to the owner's events (every node of a cluster, before it catches up on
    /// what was committed since it loaded the game).
    async fn follow_events(&mut self) {
        let Some(cluster) = self.cluster.clone() else {
            return;
        };
        match cluster.client.subscribe(event_subject(&self.id)).await {
            Ok(sub) => self.followed = Some(sub),
            Err(e) => tracing::error!(game = %self.id, "could not follow the game: {e}"),
        }
    }

    /// Tells the ownership machine what was observed and carries out its steps (a claim's or
    /// a renewal's answer is observed in turn).
    async fn observe(&mut self, first: Observed) {
        let mut next = Some(first);
        while let Some(observed) = next.take() {
            let now = tokio::time::Instant::now();
            for step in self.ownership.on(observed, now) {
                if let Some(answer) = self.carry_out(step).await {
                    // Every step that asks something is the last of its list.
                    next = Some(answer);
                }
            }
        }
    }

    /// One step of the ownership machine; what a claim or a renewal answered.
    async fn carry_out(&mut self, step: Step) -> Option<Observed> {
        let cluster = self.cluster.clone();
        match step {
            Step::CatchUp => self.catch_up().await,
            Step::TakeCommands => {
                tracing::info!(game = %self.id, role = ?self.ownership.role(), "owns the game");
                self.take_commands().await;
            }
            Step::DropCommands => {
                tracing::warn!(game = %self.id, "fenced: another node owns the game, following it");
                self.commands = None;
            }
            Step::RecordRestart => {
                // As after a restart, a running clock stops at the last event: the outage is
                // nobody's time (the profile's failover policy says who resumes the game).
                let outage = self.table.restart_events(self.clock.now_ms());
                if self.damage.is_some() || outage.is_empty() {
                    return None;
                }
                match self.commit(outage).await {
                    Ok(()) => tracing::info!(game = %self.id, "paused after a restart"),
                    Err(Uncommitted::Fenced) => return Some(Observed::AppendFenced),
                    Err(e) => {
                        tracing::error!(game = %self.id, "could not record the restart pause: {e}")
                    }
                }
            }
            Step::Claim => {
                let cluster = cluster?;
                let answer = match cluster.owners.claim(&self.id, cluster.lease).await {
                    Ok(Claim::Granted(lease)) => ClaimAnswer::Granted { epoch: lease.epoch },
                    Ok(Claim::Held(_)) => ClaimAnswer::Held,
                    Err(e) => {
                        tracing::error!(game = %self.id, "could not claim: {e}");
                        ClaimAnswer::Failed
                    }
                };
                return Some(Observed::Claimed(answer));
            }
            Step::Renew { epoch } => {
                let cluster = cluster?;
                let fence = match cluster.owners.renew(&self.id, epoch, cluster.lease).await {
                    Ok(()) => Fence::Holds,
                    Err(StoreError::Fenced { .. }) => Fence::Fenced,
                    Err(e) => {
                        tracing::warn!(game = %self.id, "could not renew: {e}");
                        Fence::Failed
                    }
                };
                return Some(Observed::Renewed(fence));
            }
            Step::Release { epoch } => {
                let released = cluster?.owners.release(&self.id, epoch);
                let id = self.id.clone();
                self.tracker.spawn(async move {
                    if let Err(e) = released.await {
                        tracing::warn!(game = %id, "could not release the lease: {e}");
                    }
                });
            }
        }
        None
    }

    async fn take_commands(&mut self) {
        let Some(cluster) = self.cluster.clone() else {
            return;
        };
        match cluster.client.subscribe(command_subject(&self.id)).await {
            Ok(sub) => self.commands = Some(sub),
            Err(e) => tracing::error!(game = %self.id, "could not take commands: {e}"),
        }
    }

    /// Reads the events this node has not applied yet from the store.
    async fn catch_up(&mut self) {
        let (store, id) = (Arc::clone(&self.store), self.id.clone());
        let loaded = tokio::task::spawn_blocking(move || store.load_game(&id)).await;
        let stored = match loaded {
            Ok(Ok(Some(stored))) => stored,
            other => {
                tracing::error!(game = %self.id, "could not catch up: {other:?}");
                return;
            }
        };
        let mine = self.table.seq();
        for rec in stored.events.into_iter().filter(|r| r.seq > mine) {
            if let Err(e) = self.publish(rec) {
                self.damaged(e);
                return;
            }
        }
    }

    /// The owner's committed events: applied in order; a gap is filled from the store.
    async fn follow(&mut self, msg: async_nats::Message) {
        let Ok(events) = serde_json::from_slice::<Vec<WireEvent>>(&msg.payload) else {
            tracing::warn!(game = %self.id, "events that do not read: ignored");
            return;
        };
        for ev in events {
            let mine = self.table.seq();
            if ev.seq <= mine {
                continue;
            }
            if self.ownership.epoch().is_some() {
                // An event this node did not write (its own come back numbered as applied):
                // another node owns the game now, and this one was stopped past its lease.
                // It follows from the store, and decides nothing more on what it had.
                self.observe(Observed::ForeignEvent).await;
                return;
            }
            if ev.seq > mine + 1 {
                self.catch_up().await;
                continue;
            }
            match ev.recorded() {
                Ok(rec) => {
                    if let Err(e) = self.publish(rec) {
                        self.damaged(e);
                        return;
                    }
                }
                Err(e) => {
                    tracing::warn!(game = %self.id, "an event that does not read: {e}");
                    self.catch_up().await;
                }
            }
        }
    }

    /// A command another node forwarded: decided here, answered after the commit.
    async fn forwarded(&mut self, msg: async_nats::Message) {
        let (Some(cluster), Some(reply_to)) = (self.cluster.clone(), msg.reply.clone()) else {
            return;
        };
        let Ok(fwd) = serde_json::from_slice::<Forwarded>(&msg.payload) else {
            tracing::warn!(game = %self.id, "a forwarded command that does not read: ignored");
            return;
        };
        let kept = self.answered.iter().find(|(cmd, _)| *cmd == fwd.cmd);
        let answer = if let Some((_, answer)) = kept {
            answer.clone()
        } else {
            let answer = match self.ownership.takes_forwarded(fwd.expired()) {
                // Not the owner: the sender asks again and the owner answers.
                Take::Ignore => return,
                Take::RefuseExpired => {
                    // Too late: its sender has told the player nothing changed.
                    let lang: Lang = fwd.lang.parse().unwrap_or(Lang::En);
                    tracing::info!(game = %self.id, "a forwarded command came after its deadline: not applied");
                    Answer::of(&Err(Refused::new(lang, ErrorCode::GameUnavailable, &[])))
                }
                Take::Decide => match self.decide_forwarded(&cluster, &fwd).await {
                    Some(answer) => answer,
                    // No longer the owner: the new owner answers the sender's next try.
                    None => return,
                },
            };
            if self.answered.len() >= ANSWERS_KEPT {
                self.answered.pop_front();
            }
            self.answered.push_back((fwd.cmd.clone(), answer.clone()));
            answer
        };
        if let Ok(payload) = serde_json::to_vec(&answer)
            && let Err(e) = cluster.client.publish(reply_to, payload.into()).await
        {
            tracing::warn!(game = %self.id, "could not answer a forwarded command: {e}");
        }
    }

    /// The game's last event number after a forwarded command the store has applied already
    /// (asked only when deciding it again was refused: most commands are new).
    async fn applied_before(&self, cluster: &Cluster, fwd: &Forwarded) -> Option<u64> {
        if !self.ownership.decides() {
            return None;
        }
        let command = fwd.command()?;
        match cluster.owners.command_applied(&self.id, &command).await {
            Ok(seq) => seq,
            Err(e) => {
                tracing::warn!(game = %self.id, "could not look the command up: {e}");
                None
            }
        }
    }

    async fn decide_forwarded(&mut self, cluster: &Cluster, fwd: &Forwarded) -> Option<Answer> {
        let lang: Lang = fwd.lang.parse().unwrap_or(Lang::En);
        let refuse = |code: ErrorCode| Some(Answer::of(&Err(Refused::new(lang, code, &[]))));
        let Ok(seat) = fwd.seat.parse::<Seat>() else {
            return refuse(ErrorCode::Internal);
        };
        if seat == Seat::Spectator {
            return refuse(ErrorCode::Forbidden);
        }
        if fwd.arrival {
            let arrive = Order::Play(crate::game::Command::Arrive);
            let acted = self.act(seat, lang, arrive, None, fwd.command()).await;
            return self.ownership.decides().then(|| Answer::of(&acted));
        }
        let Ok(msg) = crate::server::wire::decode(&fwd.text) else {
            return refuse(ErrorCode::Internal);
        };
        use crate::server::host::orders::{Mapped, order_of};
        let acted = match order_of(msg, seat, lang, &cluster.data_dir, &self.id) {
            Mapped::Order { order, confirm, .. } => {
                self.act(seat, lang, order, confirm, fwd.command()).await
            }
            Mapped::Refuse { code, args, .. } => Err(Refused::new(lang, code, &args)),
            Mapped::NotAnOrder => return refuse(ErrorCode::Internal),
        };
        // Refused (a move not that side's turn, say): perhaps because an earlier owner applied
        // this very command and died before it answered. Accepted again, the store's append
        // found its id and wrote nothing.
        if acted.is_err() {
            if let Some(seq) = self.applied_before(cluster, fwd).await {
                return Some(Answer::Done { seq: Some(seq) });
            }
            self.observe(Observed::Refusing).await;
        }
        // Fenced while writing: the new owner answers the sender's next try.
        self.ownership.decides().then(|| Answer::of(&acted))
    }

    /// A connection's order on a node that follows: its message goes to the owner, on its own
    /// task (this one goes on applying the owner's events meanwhile). While no owner answers,
    /// the actor is told (it claims the game once the lease has run out) and the message is
    /// sent again, for up to two leases.
    fn forward(
        &mut self,
        seat: Seat,
        lang: Lang,
        forwarded: Option<(String, bool)>,
        reply: oneshot::Sender<Result<Acted, Refused>>,
    ) {
        let unavailable = move || Err(Refused::new(lang, ErrorCode::GameUnavailable, &[]));
        let (Some(cluster), Some((text, arrival))) = (self.cluster.clone(), forwarded) else {
            let _ = reply.send(unavailable());
            return;
        };
        // The owner applies it only until a quarter of the wait before this node gives up.
        let wait = 2 * cluster.lease + cluster.request_timeout;
        let fwd = Forwarded {
            cmd: cluster.command_id(),
            seat: seat.key().to_owned(),
            lang: lang.code().to_owned(),
            text,
            arrival,
            deadline_ms: Some(
                crate::server::cluster::bus::wall_ms() + (wait - wait / 4).as_millis() as u64,
            ),
        };
        let Ok(payload) = serde_json::to_vec(&fwd) else {
            let _ = reply.send(unavailable());
            return;
        };
        let subject = command_subject(&self.id);
        let own = self.own.clone();
        let id = self.id.clone();
        self.tracker.spawn(async move {
            let give_up = tokio::time::Instant::now() + wait;
            loop {
                let asked = cluster
                    .client
                    .request(subject.clone(), payload.clone().into());
                match tokio::time::timeout(cluster.request_timeout, asked).await {
                    Ok(Ok(msg)) => {
                        let answer = serde_json::from_slice::<Answer>(&msg.payload)
                            .map(Answer::acted)
                            .unwrap_or_else(|_| unavailable());
                        let _ = reply.send(answer);
                        return;
                    }
                    other => {
                        tracing::debug!(game = %id, "no owner answered: {other:?}");
                        if let Some(tx) = own.as_ref().and_then(|w| w.upgrade()) {
                            let _ = tx.try_send(Request::OwnerSilent);
                        }
                        if tokio::time::Instant::now() >= give_up {
                            let _ = reply.send(unavailable());
                            return;
                        }
                        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    }
                }
            }
        });
    }

    /// The owner looks whether the node's renewal still holds its lease (and asks the store
    /// if it did not find the game); a follower claims the game if the owner's lease ran out.
    async fn look_at_lease(&mut self) {
        let Some(cluster) = self.cluster.clone() else {
            return;
        };
        let node_renewal = self
            .ownership
            .epoch()
            .and_then(|epoch| cluster.still_holds(&self.id, epoch, self.ownership.held_since()));
        self.observe(Observed::LeaseLook { node_renewal }).await;
    }
}

/// Why events were not committed.
#[derive(Debug, PartialEq, Eq)]
enum Uncommitted {
    /// Another node claimed the game: nothing was written.
    Fenced,
    /// The log already has events of these numbers: another process wrote to the game.
    Conflict,
    /// The store failed, or the events do not apply.
    Store(String),
}

impl Uncommitted {
    fn of(e: StoreError) -> Uncommitted {
        if e.is_sequence_conflict() {
            Uncommitted::Conflict
        } else {
            Uncommitted::Store(e.to_string())
        }
    }
}

impl std::fmt::Display for Uncommitted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Uncommitted::Fenced => f.write_str("fenced: another node owns the game"),
            Uncommitted::Conflict => f.write_str("another process wrote these event numbers"),
            Uncommitted::Store(e) => f.write_str(e),
        }
    }
}
