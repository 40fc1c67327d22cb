//! The hub of games: which games are in memory, each owned by its actor task.
//!
//! A game is loaded from the store when it is first needed (a connection, an HTTP read) and
//! its actor leaves memory by itself when it has had no connection and no request for
//! [`crate::server::admission::limits::Limits::evict_after`] and no clock is running (a game whose clock runs stays, so
//! that its flag falls on time). Starting the server loads nothing.
//!
//! Lifecycle, per game: absent -> loading (one load, however many ask at once) -> loaded
//! (the actor runs) -> absent again when the actor leaves. The actor leaves only under the
//! hub's lock, with no connection subscribed and no request waiting in its queue; a caller
//! that took the handle just before finds the channel closed and asks the hub again, which
//! loads the game afresh from the store, so there is never more than one actor per game.
//!
//! With several nodes, every node that needs a game loads it the same way and claims its
//! lease: the node that gets it owns the game, the others follow it ([`actor::Role`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::OnceCell;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::server::cluster::bus::Cluster;
use crate::server::host::actor::{self, GameHandle, Role};
use crate::server::host::membership::{Games, Membership};
use crate::server::host::server_clock::ServerClock;
use crate::store::{Claim, GameId, Store, StoreError, StoredGame};

/// One game's place in the hub: filled once its load finished (`None`: no such game).
type Slot = Arc<OnceCell<Option<GameHandle>>>;

/// What the server does with a game loaded from the store, once its actor runs on this node
/// as its writer (not as a follower): the computer's seat starts playing again (issue 34).
pub type OnLoad = Box<dyn Fn(&GameHandle) + Send + Sync>;

/// The games in memory and the way to load the others.
pub struct Hub {
    games: Mutex<HashMap<GameId, Slot>>,
    store: Arc<dyn Store>,
    clock: ServerClock,
    blocking_writes: bool,
    evict_after: std::time::Duration,
    shutdown: CancellationToken,
    tracker: TaskTracker,
    /// Each actor's number, so that an actor that leaves removes only its own slot.
    next_generation: AtomicU64,
    /// The cluster this node is part of (`None`: a single node, the owner of every game).
    cluster: Option<Arc<Cluster>>,
    /// Called once for each game loaded from the store (set once, when the server starts).
    on_load: std::sync::OnceLock<OnLoad>,
}

impl Games for Hub {
    fn leave(&self, id: &GameId, generation: u64, idle: &mut dyn FnMut() -> bool) -> bool {
        let mut games = self.lock();
        let mine = games
            .get(id)
            .and_then(|slot| slot.get())
            .and_then(|h| h.as_ref())
            .is_some_and(|h| h.generation == generation);
        if !idle() {
            return false;
        }
        if mine {
            games.remove(id);
        }
        true
    }
}

impl Hub {
    pub fn new(
        store: Arc<dyn Store>,
        clock: ServerClock,
        limits: &crate::server::admission::limits::Limits,
        shutdown: CancellationToken,
        tracker: TaskTracker,
        cluster: Option<Arc<Cluster>>,
    ) -> Arc<Hub> {
        if let Some(cluster) = &cluster {
            tracker.spawn(Arc::clone(cluster).renew_leases(shutdown.clone()));
        }
        Arc::new(Hub {
            games: Mutex::new(HashMap::new()),
            store,
            clock,
            blocking_writes: limits.store_writes_on_blocking_pool,
            evict_after: limits.evict_after,
            shutdown,
            tracker,
            next_generation: AtomicU64::new(1),
            cluster,
            on_load: std::sync::OnceLock::new(),
        })
    }

    /// What to do with every game loaded from the store from now on (once; a second call
    /// changes nothing). A game just created is the creator's to set going.
    pub fn set_on_load(&self, on_load: OnLoad) {
        let _ = self.on_load.set(on_load);
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<GameId, Slot>> {
        // The map holds plain handles; a panic elsewhere cannot leave it half-changed.
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many games are in memory now.
    pub fn loaded(&self) -> usize {
        self.lock().len()
    }

    /// Whether the game is in memory now.
    pub fn is_loaded(&self, id: &GameId) -> bool {
        self.lock()
            .get(id)
            .is_some_and(|slot| slot.get().is_some_and(|h| h.is_some()))
    }

    /// This node's role for a game it loads: it claims the game's lease.
    async fn claim(cluster: Option<&Cluster>, id: &GameId) -> Role {
        let Some(cluster) = cluster else {
            return Role::Single;
        };
        match cluster.owners.claim(id, cluster.lease).await {
            Ok(Claim::Granted(lease)) => Role::Owner { epoch: lease.epoch },
            Ok(Claim::Held(_)) => Role::Follower,
            Err(e) => {
                // It follows, and claims again at its next look at the lease.
                tracing::error!(game = %id, "could not claim the game: {e}");
                Role::Follower
            }
        }
    }

    fn spawn(self: &Arc<Hub>, stored: StoredGame, role: Role) -> GameHandle {
        let hub: std::sync::Weak<dyn Games> = Arc::downgrade(self) as _;
        let membership = Membership {
            hub,
            generation: self.next_generation.fetch_add(1, Ordering::Relaxed),
        };
        actor::spawn(
            stored,
            actor::Settings {
                store: Arc::clone(&self.store),
                clock: self.clock,
                blocking_writes: self.blocking_writes,
                evict_after: self.evict_after,
                membership,
                cluster: self.cluster.clone(),
                role,
            },
            self.shutdown.clone(),
            &self.tracker,
        )
    }

    /// Forgets a game (removed from the store): its actor, if any, ends once its last
    /// connection has closed.
    pub fn forget(&self, id: &GameId) {
        self.lock().remove(id);
    }

    /// A game just created (and stored): its actor starts and it is in the hub.
    pub async fn created(self: &Arc<Hub>, stored: StoredGame) -> GameHandle {
        let id = stored.id.clone();
        let role = Hub::claim(self.cluster.as_deref(), &id).await;
        let handle = self.spawn(stored, role);
        let slot: Slot = Arc::new(OnceCell::new_with(Some(Some(handle.clone()))));
        self.lock().insert(id, slot);
        handle
    }

    /// The game's handle, loading it from the store if it is not in memory; `None` if no
    /// such game exists.
    pub async fn get(self: &Arc<Hub>, id: &GameId) -> Result<Option<GameHandle>, StoreError> {
        let slot = Arc::clone(self.lock().entry(id.clone()).or_default());
        let loaded = slot
            .get_or_try_init(|| async {
                let store = Arc::clone(&self.store);
                let wanted = id.clone();
                let blocking = |e: tokio::task::JoinError| StoreError::Io(std::io::Error::other(e));
                // Claimed first: a game this node owns is read with every event written.
                let role = match self.cluster.as_deref() {
                    Some(c) => {
                        let (s, w) = (Arc::clone(&store), wanted.clone());
                        let has = tokio::task::spawn_blocking(move || s.has_game(&w))
                            .await
                            .map_err(blocking)??;
                        if has {
                            Hub::claim(Some(c), &wanted).await
                        } else {
                            Role::Single
                        }
                    }
                    None => Role::Single,
                };
                let loaded = tokio::task::spawn_blocking(move || store.load_game(&wanted))
                    .await
                    .map_err(blocking)??
                    .map(|g| (g, role));
                Ok::<_, StoreError>(loaded.map(|(g, role)| {
                    let writes = !matches!(role, Role::Follower);
                    let handle = self.spawn(g, role);
                    if writes && let Some(on_load) = self.on_load.get() {
                        on_load(&handle);
                    }
                    handle
                }))
            })
            .await;
        match loaded {
            Ok(Some(handle)) => {
                handle.touch(self.clock.now_ms());
                Ok(Some(handle.clone()))
            }
            other => {
                // No such game (or the store failed): nothing stays in the map for it.
                let mut games = self.lock();
                if games.get(id).is_some_and(|s| Arc::ptr_eq(s, &slot)) {
                    games.remove(id);
                }
                other.map(|_| None)
            }
        }
    }

    /// [`Hub::get`], asked again when the actor left between the look-up and the use: `use_it`
    /// answers `None` when the handle's channel was closed.
    pub async fn with_game<T, F, Fut>(
        self: &Arc<Hub>,
        id: &GameId,
        mut use_it: F,
    ) -> Result<Option<T>, StoreError>
    where
        F: FnMut(GameHandle) -> Fut,
        Fut: std::future::Future<Output = Option<T>>,
    {
        for _ in 0..3 {
            let Some(handle) = self.get(id).await? else {
                return Ok(None);
            };
            if let Some(answer) = use_it(handle).await {
                return Ok(Some(answer));
            }
        }
        Err(StoreError::Io(std::io::Error::other(
            "the game's task kept leaving",
        )))
    }
}
