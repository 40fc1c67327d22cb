//! Games that never started (issue 14, issue 30): looked at again now and then, those with a
//! move no longer counted, those past their time limit removed with their recordings
//! ([`sweep`], [`sweeper`]). The counting itself is admission's
//! ([`crate::server::admission::creation::Creation`]).

use std::time::Duration;

use crate::server::app::AppState;
use crate::store::GameId;

/// Looks again at every game counted as not started: those with a move are no longer
/// counted; those older than the time limit are removed from the server. Returns how
/// many are still counted.
pub(super) async fn sweep(app: &AppState) -> usize {
    let creation = &app.0.creation;
    let ids = creation.unstarted_games();
    let now = app.0.clock.now_ms();
    let ttl = u64::try_from(app.0.limits.unstarted_game_ttl.as_millis()).unwrap_or(u64::MAX);
    // A game in memory answers for itself; the others by their stored summaries.
    let store = std::sync::Arc::clone(&app.0.store);
    let stored: Option<std::collections::HashSet<GameId>> =
        tokio::task::spawn_blocking(move || store.unstarted_games())
            .await
            .ok()
            .and_then(Result::ok)
            .map(|games| games.into_iter().map(|(id, _)| id).collect());
    for (id, created_ms) in ids {
        let started = if app.hub().is_loaded(&id) {
            match app.state_of(&id).await {
                Some(state) => !state.moves.is_empty(),
                None => true,
            }
        } else {
            match &stored {
                Some(unstarted) => !unstarted.contains(&id),
                // The store did not answer: look again next time.
                None => false,
            }
        };
        if started {
            creation.forget(&id);
        } else if now.saturating_sub(created_ms) >= ttl {
            creation.forget(&id);
            remove_game(app, &id).await;
        }
    }
    creation.unstarted_count()
}

/// Removes a game that never started: from the store, its recordings from the disk, then from
/// the server's games (its task ends when its last connection closes).
async fn remove_game(app: &AppState, id: &GameId) {
    let store = std::sync::Arc::clone(&app.0.store);
    let data_dir = app.0.data_dir.clone();
    let game = id.clone();
    // One upload or removal of recordings at a time: their bytes are counted.
    let mut tally = app.0.uploads.lock().await;
    let removed = tokio::task::spawn_blocking(move || {
        store.delete_game(&game)?;
        crate::server::recordings::remove_game(&data_dir, &game)
            .map_err(crate::store::StoreError::Io)
    })
    .await;
    // Out of the server's games last: once a client is told the game is gone, so are its
    // events and its recordings.
    app.hub().forget(id);
    match removed {
        Ok(Ok(held)) => {
            tally.remove(&held);
            tracing::info!(game = %id, "removed: never started")
        }
        other => tracing::error!(game = %id, "could not remove a game never started: {other:?}"),
    }
}

/// Sweeps the games that never started, every `every`, until shutdown.
pub(super) async fn sweeper(app: AppState, every: Duration) {
    let shutdown = app.shutdown();
    let mut ticker = tokio::time::interval(every);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = ticker.tick() => {
                sweep(&app).await;
            }
        }
    }
}
