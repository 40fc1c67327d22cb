//! The server's engines for the computer opponent (issue 34): the pool, the engine checked
//! when the first game against the computer is asked for, and each engine game's notices to
//! its players' connections. Held by the server's state; the seat that plays is
//! [`crate::server::opponent::play_seat`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

use crate::engine::{EngineError, EnginePool};
use crate::store::GameId;

/// The server's engines and the games they play in.
pub struct Opponents {
    pool: EnginePool,
    /// The engine's name, or why the configured program cannot play (checked when the first
    /// game against the computer is asked for).
    engine: tokio::sync::OnceCell<Result<String, EngineError>>,
    /// Each engine game's notices to its players' connections.
    notices: Mutex<HashMap<GameId, broadcast::Sender<Arc<EngineError>>>>,
}

impl Opponents {
    /// The server's engines, none started yet: the program is tried when the first game
    /// against the computer is asked for, so that a server (and each test's) starts at once
    /// and runs no engine it does not need.
    pub fn new(pool: EnginePool) -> Opponents {
        Opponents {
            pool,
            engine: tokio::sync::OnceCell::new(),
            notices: Mutex::new(HashMap::new()),
        }
    }

    pub fn pool(&self) -> &EnginePool {
        &self.pool
    }

    /// The engine's name, or why there is no computer opponent (the program tried once, the
    /// first time it is asked; the engine is then kept warm for the first game).
    pub async fn engine(&self) -> Result<&str, &EngineError> {
        self.engine
            .get_or_init(|| async {
                match self.pool.check().await {
                    Ok(name) => {
                        let name = name.unwrap_or_else(|| "UCI engine".to_owned());
                        tracing::info!(engine = %name, "the computer opponent is ready");
                        Ok(name)
                    }
                    Err(e) => {
                        tracing::error!("the computer opponent cannot play: {e}");
                        Err(e)
                    }
                }
            })
            .await
            .as_deref()
    }

    fn lock(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<GameId, broadcast::Sender<Arc<EngineError>>>> {
        self.notices.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What the engine of `game` fails with, for a connection of the game (`None`: no engine
    /// plays in it).
    pub fn notices(&self, game: &GameId) -> Option<broadcast::Receiver<Arc<EngineError>>> {
        self.lock().get(game).map(broadcast::Sender::subscribe)
    }

    pub(in crate::server) fn open(&self, game: &GameId) -> broadcast::Sender<Arc<EngineError>> {
        self.lock()
            .entry(game.clone())
            .or_insert_with(|| broadcast::channel(4).0)
            .clone()
    }

    pub(in crate::server) fn close(&self, game: &GameId) {
        self.lock().remove(game);
    }
}
