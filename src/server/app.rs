//! The server's shared state ([`AppState`]): what every request handler, socket and task of
//! the server shares: the games in memory, the store, the limits, the clock, the admission
//! counts, speech, the computer's engines, the electronic boards' bridges, the tasks and the
//! shutdown. It sits above everything it holds and below everything that uses it.

use std::path::PathBuf;
use std::sync::Arc;

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::server::admission;
use crate::server::admission::auth::TokenHash;
use crate::server::admission::limits::Limits;
use crate::server::audio;
use crate::server::boards;
use crate::server::engines;
use crate::server::host::actor::GameHandle;
use crate::server::host::hub::Hub;
use crate::server::host::server_clock::ServerClock;
use crate::server::recordings;
use crate::server::wire;
use crate::store::{GameId, Store};

pub(in crate::server) struct Inner {
    pub(in crate::server) hub: Arc<Hub>,
    pub(in crate::server) store: Arc<dyn Store>,
    pub(in crate::server) limits: std::sync::Arc<Limits>,
    pub(in crate::server) clock: ServerClock,
    pub(in crate::server) admin: TokenHash,
    pub(in crate::server) door: Arc<admission::conns::Door>,
    pub(in crate::server) creation: admission::creation::Creation,
    pub(in crate::server) shutdown: CancellationToken,
    pub(in crate::server) tracker: TaskTracker,
    pub(in crate::server) speech: audio::ServerSpeech,
    /// The data directory (recordings of scoresheet entries live in `audio/` there).
    pub(in crate::server) data_dir: PathBuf,
    /// One recording upload at a time, and the bytes of recordings held (their quotas).
    pub(in crate::server) uploads: Arc<tokio::sync::Mutex<recordings::Tally>>,
    /// The computer opponent (issue 34), if the server has an engine.
    pub(in crate::server) opponents: Option<Arc<engines::Opponents>>,
    /// The electronic boards' bridges and what each side hears of its board (issue 33).
    pub(in crate::server) boards: boards::Boards,
}

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState(pub(in crate::server) Arc<Inner>);

impl AppState {
    pub(in crate::server) fn limits(&self) -> std::sync::Arc<Limits> {
        self.0.limits.clone()
    }

    pub(in crate::server) fn shutdown(&self) -> CancellationToken {
        self.0.shutdown.clone()
    }

    pub(in crate::server) fn clock(&self) -> ServerClock {
        self.0.clock
    }

    pub(in crate::server) fn speech(&self) -> &audio::ServerSpeech {
        &self.0.speech
    }

    pub(in crate::server) fn hub(&self) -> &Arc<Hub> {
        &self.0.hub
    }

    /// The computer opponent, if the server has an engine.
    pub(in crate::server) fn opponents(&self) -> Option<&engines::Opponents> {
        self.0.opponents.as_deref()
    }

    pub(in crate::server) fn boards(&self) -> &boards::Boards {
        &self.0.boards
    }

    /// The game's handle, loaded from the store if it is not in memory; `None` if there is
    /// no such game (or the store cannot be read, which is logged).
    pub(in crate::server) async fn game(&self, id: &GameId) -> Option<GameHandle> {
        match self.0.hub.get(id).await {
            Ok(handle) => handle,
            Err(e) => {
                tracing::error!(game = %id, "could not load the game: {e}");
                None
            }
        }
    }

    /// The listed games (every game, or an arbiter's), read from the store.
    pub(in crate::server) async fn listed(
        &self,
        arbiter: Option<TokenHash>,
    ) -> Option<Vec<crate::store::Listed>> {
        let store = Arc::clone(&self.0.store);
        let listed = tokio::task::spawn_blocking(move || store.list_games(arbiter.as_ref())).await;
        match listed {
            Ok(Ok(games)) => Some(games),
            other => {
                tracing::error!("could not list the games: {other:?}");
                None
            }
        }
    }

    /// The newest game, loaded.
    pub(in crate::server) async fn newest_game(&self) -> Option<GameHandle> {
        let store = Arc::clone(&self.0.store);
        match tokio::task::spawn_blocking(move || store.newest_game()).await {
            Ok(Ok(Some(id))) => self.game(&id).await,
            _ => None,
        }
    }

    /// The games whose arbiter has this token hash.
    pub(in crate::server) async fn arbiter_games(&self, hash: &TokenHash) -> Vec<GameId> {
        self.listed(Some(*hash))
            .await
            .unwrap_or_default()
            .into_iter()
            .map(|g| g.id)
            .collect()
    }

    /// The game's full state, asked again if its task left memory in between.
    pub(in crate::server) async fn state_of(&self, id: &GameId) -> Option<wire::StateBody> {
        match self
            .0
            .hub
            .with_game(id, |h| async move { h.state().await })
            .await
        {
            Ok(state) => state,
            Err(e) => {
                tracing::error!(game = %id, "could not load the game: {e}");
                None
            }
        }
    }
}
