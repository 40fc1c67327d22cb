//! [`Owners`] for the SQLite store: one process, one node, so the leases and the command ids
//! live in memory, and every check runs on the store's writer thread in the order of the
//! writes (a claim is ordered with the appends exactly as in PostgreSQL). A restart forgets
//! them: epochs start again at 1, and no connection of the previous process is left to retry
//! a command. For several nodes, use the PostgreSQL store.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::{SqliteStore, insert_events};
use crate::game::Recorded;
use crate::store::owners::{Appended, Claim, CommandId, Holder, Lease, Owners, Pending, ttl_ms};
use crate::store::rows::event_rows;
use crate::store::{GameId, StoreError, Summary};

/// The node's name when none is given.
pub(super) const DEFAULT_NODE: &str = "local";

struct LocalLease {
    owner: String,
    epoch: u64,
    expires: Instant,
}

#[derive(Default)]
struct State {
    leases: HashMap<GameId, LocalLease>,
    commands: HashMap<(GameId, CommandId), u64>,
}

/// The leases and command ids, and this node's name.
pub(crate) struct Local {
    node: String,
    state: Arc<Mutex<State>>,
}

impl Default for Local {
    fn default() -> Local {
        Local {
            node: DEFAULT_NODE.to_owned(),
            state: Arc::default(),
        }
    }
}

impl Local {
    /// Forgets the game's lease and commands (the game is being removed): to run on the
    /// writer thread, in the order of the writes.
    pub(super) fn forgetting(&self, game: &GameId) -> impl FnOnce() + Send + 'static {
        let (state, game) = (Arc::clone(&self.state), game.clone());
        move || {
            let mut state = lock(&state);
            state.leases.remove(&game);
            state.commands.retain(|(g, _), _| *g != game);
        }
    }
}

fn lock(state: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

fn holder(lease: &LocalLease) -> Holder {
    Holder {
        owner: lease.owner.clone(),
        epoch: lease.epoch,
        remaining: lease.expires.saturating_duration_since(Instant::now()),
    }
}

impl SqliteStore {
    /// This store as node `node` (the default is `local`).
    pub fn with_node(mut self, node: &str) -> SqliteStore {
        self.local.node = node.to_owned();
        self
    }

    /// Runs `work` on the writer thread (in its order) and answers after the commit.
    fn on_writer<T, F>(&self, work: F) -> Pending<T>
    where
        T: Send + 'static,
        F: FnOnce(&rusqlite::Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.writer.submit(work, move |r| {
            let _ = tx.send(r);
        });
        Box::pin(async move { rx.await.unwrap_or(Err(StoreError::Stopped)) })
    }
}

impl Owners for SqliteStore {
    fn node(&self) -> &str {
        &self.local.node
    }

    fn claim(&self, game: &GameId, ttl: Duration) -> Pending<Claim> {
        let (state, node, game) = (
            Arc::clone(&self.local.state),
            self.local.node.clone(),
            game.clone(),
        );
        let ttl = Duration::from_millis(ttl_ms(ttl) as u64);
        self.on_writer(move |_| {
            let mut state = lock(&state);
            let now = Instant::now();
            let epoch = match state.leases.get(&game) {
                Some(l) if l.expires > now && l.owner != node => return Ok(Claim::Held(holder(l))),
                Some(l) => l.epoch + 1,
                None => 1,
            };
            state.leases.insert(
                game.clone(),
                LocalLease {
                    owner: node,
                    epoch,
                    expires: now + ttl,
                },
            );
            Ok(Claim::Granted(Lease { game, epoch, ttl }))
        })
    }

    fn renew(&self, game: &GameId, epoch: u64, ttl: Duration) -> Pending<()> {
        let (state, node, game) = (
            Arc::clone(&self.local.state),
            self.local.node.clone(),
            game.clone(),
        );
        let ttl = Duration::from_millis(ttl_ms(ttl) as u64);
        self.on_writer(move |_| {
            let mut state = lock(&state);
            match state.leases.get_mut(&game) {
                Some(l) if l.owner == node && l.epoch == epoch => {
                    l.expires = Instant::now() + ttl;
                    Ok(())
                }
                other => {
                    let holder = other.map(|l| (l.owner.clone(), l.epoch));
                    Err(StoreError::Fenced {
                        game,
                        epoch,
                        holder,
                    })
                }
            }
        })
    }

    fn renew_all(&self, ttl: Duration) -> Pending<Vec<(GameId, u64)>> {
        let (node, ttl) = (&self.local.node, Duration::from_millis(ttl_ms(ttl) as u64));
        // Not behind the writes: a renewal changes no epoch, so it needs no place in their
        // order, and it must not wait for them.
        let mut state = lock(&self.local.state);
        let now = Instant::now();
        let mut held = Vec::new();
        for (game, l) in state.leases.iter_mut() {
            if l.owner == *node && l.expires > now {
                l.expires = now + ttl;
                held.push((game.clone(), l.epoch));
            }
        }
        Box::pin(std::future::ready(Ok(held)))
    }

    fn release(&self, game: &GameId, epoch: u64) -> Pending<bool> {
        let (state, node, game) = (
            Arc::clone(&self.local.state),
            self.local.node.clone(),
            game.clone(),
        );
        self.on_writer(move |_| {
            let mut state = lock(&state);
            match state.leases.get_mut(&game) {
                Some(l) if l.owner == node && l.epoch == epoch => {
                    l.expires = Instant::now();
                    Ok(true)
                }
                _ => Ok(false),
            }
        })
    }

    fn release_all(&self) -> Pending<u64> {
        let (state, node) = (Arc::clone(&self.local.state), self.local.node.clone());
        self.on_writer(move |_| {
            let mut state = lock(&state);
            let now = Instant::now();
            let mut released = 0;
            for l in state.leases.values_mut() {
                if l.owner == node && l.expires > now {
                    l.expires = now;
                    released += 1;
                }
            }
            Ok(released)
        })
    }

    fn holder(&self, game: &GameId) -> Pending<Option<Holder>> {
        let (state, game) = (Arc::clone(&self.local.state), game.clone());
        self.on_writer(move |_| Ok(lock(&state).leases.get(&game).map(holder)))
    }

    fn append_fenced(
        &self,
        game: &GameId,
        epoch: u64,
        command: Option<&CommandId>,
        events: &[Recorded],
        summary: &Summary,
    ) -> Pending<Appended> {
        let rows = event_rows(events);
        let (game, summary, command) = (game.clone(), summary.clone(), command.cloned());
        let (state, node) = (Arc::clone(&self.local.state), self.local.node.clone());
        let (tx, rx) = tokio::sync::oneshot::channel();
        let (work_state, key) = (Arc::clone(&state), command.map(|c| (game.clone(), c)));
        let work_key = key.clone();
        // Whether this append recorded the command (only then is a failure to take it back).
        let recorded = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let work_recorded = Arc::clone(&recorded);
        self.writer.submit(
            move |conn| {
                let mut s = lock(&work_state);
                let ours = s
                    .leases
                    .get(&game)
                    .is_some_and(|l| l.owner == node && l.epoch == epoch);
                if !ours {
                    let holder = s.leases.get(&game).map(|l| (l.owner.clone(), l.epoch));
                    return Err(StoreError::Fenced {
                        game,
                        epoch,
                        holder,
                    });
                }
                if let Some(key) = &work_key {
                    if let Some(seq) = s.commands.get(key) {
                        return Ok(Appended::AlreadyApplied { seq: *seq });
                    }
                    // Recorded now, so that a retry in the same batch finds it; taken back
                    // below if the write does not commit.
                    s.commands.insert(key.clone(), summary.seq);
                    work_recorded.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                drop(s);
                insert_events(conn, &game, &rows, &summary)?;
                Ok(Appended::Written)
            },
            move |r: Result<Appended, StoreError>| {
                if r.is_err()
                    && recorded.load(std::sync::atomic::Ordering::Relaxed)
                    && let Some(key) = &key
                {
                    lock(&state).commands.remove(key);
                }
                let _ = tx.send(r);
            },
        );
        Box::pin(async move { rx.await.unwrap_or(Err(StoreError::Stopped)) })
    }

    fn command_applied(&self, game: &GameId, command: &CommandId) -> Pending<Option<u64>> {
        let (state, key) = (
            Arc::clone(&self.local.state),
            (game.clone(), command.clone()),
        );
        self.on_writer(move |_| Ok(lock(&state).commands.get(&key).copied()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::owners::contract;

    #[test]
    fn one_node_fences_an_earlier_epoch_and_applies_a_command_once() {
        contract::one_node(&SqliteStore::in_memory().unwrap().with_node("n1"));
    }

    #[test]
    fn the_node_lets_its_games_go_at_once() {
        let store = SqliteStore::in_memory().unwrap().with_node("n1");
        contract::release_all(&store, &store, None);
    }

    #[test]
    fn the_node_renews_its_live_leases_at_once() {
        let store = SqliteStore::in_memory().unwrap().with_node("n1");
        contract::renew_all(&store, &store, None);
    }

    #[test]
    fn many_games_appended_at_once() {
        contract::group_commit(&SqliteStore::in_memory().unwrap());
    }
}
