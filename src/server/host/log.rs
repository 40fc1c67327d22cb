//! Where a game's events go before they are applied ([`GameLog`]): on one node the store's
//! group commit; on a cluster's owner the store's append fenced by the lease's epoch, then
//! the committed events published on the bus for the followers.

use std::sync::Arc;

use crate::game::Recorded;
use crate::server::cluster::bus::{Cluster, WireEvent, event_subject};
use crate::store::{Appended, CommandId, GameId, Store, StoreError, Summary};

/// A game's log as its actor writes it.
pub struct GameLog {
    pub store: Arc<dyn Store>,
    /// Wait for store writes on the blocking pool (tests under the paused clock).
    pub blocking_writes: bool,
    /// The cluster this node is part of (`None`: a single node).
    pub cluster: Option<Arc<Cluster>>,
}

impl GameLog {
    /// Writes `events` of game `id` durably with the summary after them: fenced by `epoch`
    /// (an owner of a cluster, which then publishes them), else through the store's group
    /// commit. `Some(seq)`, and nothing written, if the store had applied `command` already.
    pub async fn append(
        &self,
        id: &GameId,
        epoch: Option<u64>,
        command: Option<&CommandId>,
        events: &[Recorded],
        summary: Summary,
    ) -> Result<Option<u64>, Uncommitted> {
        if let (Some(cluster), Some(epoch)) = (&self.cluster, epoch) {
            let done = cluster
                .owners
                .append_fenced(id, epoch, command, events, &summary)
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
                if let Err(e) = cluster
                    .client
                    .publish(event_subject(id), payload.into())
                    .await
                {
                    tracing::warn!(game = %id, "could not publish events: {e}");
                }
            }
        } else if self.blocking_writes {
            let (store, id, written) = (Arc::clone(&self.store), id.clone(), events.to_vec());
            tokio::task::spawn_blocking(move || store.append(&id, &written, &summary))
                .await
                .map_err(|e| Uncommitted::Store(e.to_string()))?
                .map_err(Uncommitted::of)?;
        } else {
            // Grouped with other games' writes by the store; resolves once durable.
            self.store
                .append_async(id, events, &summary)
                .await
                .map_err(Uncommitted::of)?;
        }
        Ok(None)
    }
}

/// Why events were not committed.
#[derive(Debug, PartialEq, Eq)]
pub enum Uncommitted {
    /// Another node claimed the game: nothing was written.
    Fenced,
    /// The log already has events of these numbers: another process wrote to the game.
    Conflict,
    /// The store failed, or the events do not apply.
    Store(String),
}

impl Uncommitted {
    pub fn of(e: StoreError) -> Uncommitted {
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
