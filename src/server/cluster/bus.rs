//! Several nodes over NATS (issue 16, `docs/scale-out.md`): the node's connection, the
//! subjects of a game, and what goes over them.
//!
//! - `hamle.game.<id>.cmd`: a seat's order, typed (`Forwarded`, `order_codec`), forwarded by
//!   the node its socket is on to the game's owner (request/reply); only the owner subscribes.
//!   The answer (`reply_codec`'s `Answer`: typed, in no language) comes after the events are
//!   committed, and the follower says it in its client's language.
//! - `hamle.game.<id>.ev`: every event, published by the owner after it is committed, as it
//!   is stored ([`WireEvent`]); every other node that holds the game subscribes and applies it
//!   to its own copy (so each node says every move in its clients' languages itself).
//!
//! NATS is routing, not storage: a message lost on the way is found in the store (a node that
//! sees a gap reads the missing events from there), and who owns a game is decided by the
//! store's lease ([`crate::store::Owners`]: PostgreSQL's, or the shared SQLite file's), never
//! by NATS. The command id a follower gives a forwarded command is recorded by the store with
//! the events it caused, so a command retried on a new owner after its first owner committed
//! it and died is answered from the store, not decided again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use serde::{Deserialize, Serialize};

use super::order_codec::{ConfirmationRecord, OrderRecord};
use crate::game::{Recorded, Seat};
use crate::store::{CommandId, GameId, N, Owners, RecordError, event_from_json, event_to_json};

/// A node of a cluster: its NATS connection and the leases (with its name, `owners.node()`).
pub struct Cluster {
    pub client: async_nats::Client,
    /// The leases, fenced appends and command ids every node of the cluster sees.
    pub owners: Arc<dyn Owners>,
    /// How long a lease lasts; the node renews its leases every third of that
    /// ([`Cluster::renew_leases`]).
    pub lease: Duration,
    /// How long a forwarded command waits for the owner's answer before the owner is taken
    /// for gone.
    pub request_timeout: Duration,
    next_cmd: AtomicU64,
    /// Random per process: command ids of a restarted node never meet its earlier ones.
    boot: u64,
    /// What the node's last renewal found.
    held: Renewals,
    /// The leases other nodes held in force at the node's last look, each until when (at
    /// the earliest) it stays in force: a follower claims only a game not in it.
    elsewhere: Mutex<HashMap<GameId, Instant>>,
    /// Counts the node's connections to the bus: it changes when the bus comes back after an
    /// outage, and every follower then reads what it missed from the store.
    pub bus_back: tokio::sync::watch::Receiver<u64>,
}

/// The answer of one renewal of the node's leases: when it was asked, and the games the node
/// held then with their epochs.
struct Held {
    asked: Instant,
    games: HashMap<GameId, u64>,
}

/// The last renewal's answer, for the owners' actors.
#[derive(Default)]
struct Renewals(Mutex<Option<Held>>);

impl Renewals {
    /// A renewal asked at `asked` answered `games` (an answer older than the one kept is
    /// dropped).
    fn heard(&self, asked: Instant, games: Vec<(GameId, u64)>) {
        let mut last = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if last.as_ref().is_none_or(|l| l.asked < asked) {
            *last = Some(Held {
                asked,
                games: games.into_iter().collect(),
            });
        }
    }

    /// See [`Cluster::still_holds`].
    fn still_holds(&self, game: &GameId, epoch: u64, since: Instant) -> Option<bool> {
        let last = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let held = last.as_ref().filter(|h| h.asked > since)?;
        Some(held.games.get(game).is_some_and(|e| *e >= epoch))
    }
}

impl Cluster {
    pub fn new(
        client: async_nats::Client,
        owners: Arc<dyn Owners>,
        lease: Duration,
        bus_back: tokio::sync::watch::Receiver<u64>,
    ) -> Cluster {
        Cluster {
            client,
            owners,
            lease,
            request_timeout: Duration::from_secs(2),
            next_cmd: AtomicU64::new(1),
            boot: rand::random(),
            held: Renewals::default(),
            elsewhere: Mutex::default(),
            bus_back,
        }
    }

    /// The node's renewal, until `shutdown`: every third of a lease, one
    /// [`Owners::renew_all`] renews every lease the node holds (one statement, however many
    /// games), and its answer is kept for the owners' actors ([`Cluster::still_holds`]).
    pub async fn renew_leases(self: Arc<Self>, shutdown: CancellationToken) {
        let mut tick = tokio::time::interval(self.lease / 3);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => break,
                _ = tick.tick() => {}
            }
            let asked = Instant::now();
            let renewed = tokio::select! {
                _ = shutdown.cancelled() => break,
                r = self.owners.renew_all(self.lease) => r,
            };
            match renewed {
                Ok(games) => {
                    tracing::trace!(games = games.len(), "renewed the node's leases");
                    self.held.heard(asked, games);
                }
                Err(e) => tracing::error!("could not renew the node's leases: {e}"),
            }
            self.look_at_others().await;
        }
    }

    /// Reads every lease other nodes hold in force, in one statement, for the followers
    /// ([`Cluster::held_elsewhere`]); a failed read forgets them (each claims, as before).
    async fn look_at_others(&self) {
        let asked = Instant::now();
        let seen = match self.owners.held_by_others().await {
            Ok(held) => held
                .into_iter()
                .map(|(game, left)| (game, asked + left))
                .collect(),
            Err(e) => {
                tracing::warn!("could not read the other nodes' leases: {e}");
                HashMap::new()
            }
        };
        *self.elsewhere.lock().unwrap_or_else(|p| p.into_inner()) = seen;
    }

    /// Whether another node's lease of `game` is surely still in force: it was at the node's
    /// last look, and its time left then has not run out (counted from before the look, so
    /// never later than it ends). A claim would be answered "held": a follower makes none.
    /// A lease released since the look is seen at the next one, a third of a lease later.
    pub fn held_elsewhere(&self, game: &GameId) -> bool {
        let seen = self.elsewhere.lock().unwrap_or_else(|p| p.into_inner());
        seen.get(game).is_some_and(|until| Instant::now() < *until)
    }

    /// Whether the node still holds `game` at `epoch` (or a later one), by the last renewal
    /// *asked after* `since`, the moment the owner learnt it holds the game: `None` if there
    /// is no such renewal yet (a renewal asked earlier may not have seen the claim).
    pub fn still_holds(&self, game: &GameId, epoch: u64, since: Instant) -> Option<bool> {
        self.held.still_holds(game, epoch, since)
    }

    /// A new command id, unique across the cluster and its restarts (64 random bits of this
    /// process and a counter), at most [`CommandId::MAX_LEN`] characters.
    pub fn command_id(&self) -> String {
        command_id_of(self.boot, self.next_cmd.fetch_add(1, Ordering::Relaxed))
    }
}

fn command_id_of(boot: u64, n: u64) -> String {
    format!("{boot:016x}-{n}")
}

/// The subject a running node answers on, by its name (hex: any name is one subject token).
fn name_subject(node: &str) -> String {
    let hex: String = node.bytes().map(|b| format!("{b:02x}")).collect();
    format!("hamle.node.{hex}")
}

/// Whether a running node of the cluster already answers to `node` (asked before this node
/// touches any lease: no responder, or no answer within a second, means the name is free).
pub async fn name_in_use(client: &async_nats::Client, node: &str) -> bool {
    let asked = client.request(name_subject(node), Vec::new().into());
    matches!(
        tokio::time::timeout(Duration::from_secs(1), asked).await,
        Ok(Ok(_))
    )
}

/// Subscribes to this node's name; the future answers every node that asks whether the name
/// is in use, for as long as the connection lasts.
pub async fn answer_to_name(
    client: &async_nats::Client,
    node: &str,
) -> Result<impl std::future::Future<Output = ()> + Send + 'static, async_nats::SubscribeError> {
    use futures_util::StreamExt;
    let mut asks = client.subscribe(name_subject(node)).await?;
    let client = client.clone();
    Ok(async move {
        while let Some(ask) = asks.next().await {
            if let Some(reply) = ask.reply {
                let _ = client.publish(reply, Vec::new().into()).await;
            }
        }
    })
}

/// The subject the owner of `game` takes commands on.
pub fn command_subject(game: &GameId) -> String {
    format!("hamle.game.{game}.cmd")
}

/// The subject the owner of `game` publishes its committed events on.
pub fn event_subject(game: &GameId) -> String {
    format!("hamle.game.{game}.ev")
}

/// A seat's order forwarded to the owner: typed, as the follower's session mapped it (the
/// owner answers in no language, [`super::reply_codec::Answer`]; the follower says the answer
/// to its client).
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Forwarded {
    /// The command's id: a retried command is answered from the owner's memory, or from the
    /// store if another owner committed it ([`Forwarded::command`]).
    pub(crate) cmd: String,
    /// The seat that gives the order.
    pub(crate) seat: N<Seat>,
    /// The order (a seat's arrival, Art. 6.7, is `Command::Arrive`).
    pub(crate) order: OrderRecord,
    /// The second step it still asks for (resigning, offering, claiming, a ruling).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) confirm: Option<ConfirmationRecord>,
    /// When the owner must no longer apply it (Unix milliseconds): a while before the sender
    /// gives up and tells its client that nothing changed (`game_unavailable`). NATS delivers
    /// what a node sent during an outage once the bus is back: without it, a move refused to
    /// the player was played later, in place of the one he sent instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) deadline_ms: Option<u64>,
}

impl Forwarded {
    /// The command id as the store records it (`None` if it is not one).
    pub(crate) fn command(&self) -> Option<CommandId> {
        CommandId::parse(&self.cmd)
    }

    /// Whether it came too late to be applied (see [`Forwarded::deadline_ms`]).
    pub(crate) fn expired(&self) -> bool {
        self.deadline_ms.is_some_and(|d| wall_ms() > d)
    }
}

/// The wall clock in Unix milliseconds (a forwarded command's deadline: nodes' clocks agree
/// to well within its margin).
pub fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// An event as it goes over NATS: as it is stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireEvent {
    pub seq: u64,
    pub at_ms: u64,
    /// The stored JSON of the event and its clock reading.
    pub data: String,
}

impl WireEvent {
    pub fn of(rec: &Recorded) -> WireEvent {
        WireEvent {
            seq: rec.seq,
            at_ms: rec.at_ms,
            data: event_to_json(&rec.event, &rec.clock),
        }
    }

    pub fn recorded(&self) -> Result<Recorded, RecordError> {
        let (event, clock) = event_from_json(&self.data)?;
        Ok(Recorded {
            seq: self.seq,
            at_ms: self.at_ms,
            event,
            clock,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_owner_steps_down_only_by_a_renewal_asked_after_it_learnt_it_owns_the_game() {
        let renewals = Renewals::default();
        let (a, b) = (GameId::from_bytes([1; 8]), GameId::from_bytes([2; 8]));
        let t0 = Instant::now();
        let (t1, t2, t3) = (
            t0 + Duration::from_millis(1),
            t0 + Duration::from_millis(2),
            t0 + Duration::from_millis(3),
        );
        // No renewal yet: nothing is known.
        assert_eq!(renewals.still_holds(&a, 1, t0), None);
        // A renewal asked at t1 held `a` at epoch 1 but not `b`, claimed at t2 (after it was
        // asked): `b` is not lost by that answer.
        renewals.heard(t1, vec![(a.clone(), 1)]);
        assert_eq!(renewals.still_holds(&a, 1, t0), Some(true));
        assert_eq!(renewals.still_holds(&b, 1, t2), None);
        // `a` at a later epoch than the node held is not held.
        assert_eq!(renewals.still_holds(&a, 2, t0), Some(false));
        // A renewal asked at t3 without `b`: lost now; an older answer arriving late changes
        // nothing.
        renewals.heard(t3, vec![(a.clone(), 1)]);
        renewals.heard(t2, vec![(a.clone(), 1), (b.clone(), 1)]);
        assert_eq!(renewals.still_holds(&b, 1, t2), Some(false));
        assert_eq!(renewals.still_holds(&a, 1, t2), Some(true));
        // A renewal asked at the very moment the owner learnt it does not count.
        assert_eq!(renewals.still_holds(&a, 1, t3), None);
    }

    #[test]
    fn command_ids_are_ones_the_store_takes_and_differ_across_processes() {
        // The longest id fits the store's limit.
        let longest = command_id_of(u64::MAX, u64::MAX);
        assert!(CommandId::parse(&longest).is_some(), "{longest}");
        // A restarted node counts from 1 again, with another boot number.
        assert_ne!(command_id_of(1, 1), command_id_of(2, 1));
        assert_ne!(command_id_of(1, 1), command_id_of(1, 2));
    }
}
