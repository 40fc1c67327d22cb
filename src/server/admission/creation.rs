//! Game creation under control (issue 14): nobody fills the server with games.
//!
//! - **Same site only.** `POST /api/games` needs `Content-Type: application/json` (a form or
//!   a `text/plain` request from another site's page cannot send it without the browser
//!   asking first), and a request that names its `Origin` must come from this server's own
//!   pages.
//! - **Per address**, a burst of [`crate::server::Limits::games_burst`] creations, then
//!   [`crate::server::Limits::games_per_minute`] (governor's GCRA); beyond it `429 too_many_games`
//!   with `Retry-After`.
//! - **Games that never start** (no move yet) are at most
//!   [`crate::server::Limits::max_unstarted_games`] (`503 too_many_unstarted_games` beyond), and are
//!   removed, with their recordings, once [`crate::server::Limits::unstarted_game_ttl`] has passed
//!   since they were created.
//! - **An organiser token**, if the operator asks for one
//!   ([`crate::server::Limits::require_token`]): only the admin token (or an arbiter's, for his next
//!   game) creates games.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::Duration;

use axum::http::{HeaderMap, header};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use crate::server::admission::addr::ClientAddr;
use crate::server::{AppState, Limits};
use crate::store::GameId;

/// Why a creation is refused before the request is even read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not `application/json` (415).
    JsonRequired,
    /// From another site's page (403).
    CrossSite,
    /// This address created its share; try again after this many seconds (429).
    TooMany { retry_after_s: u64 },
}

/// The creation rate per address and the games that have not started.
pub struct Creation {
    limiter: Option<DefaultKeyedRateLimiter<IpAddr>>,
    /// Games without a move yet, with their creation time (Unix ms).
    unstarted: Mutex<HashMap<GameId, u64>>,
}

impl Creation {
    pub fn new(limits: &Limits) -> Creation {
        let limiter = NonZeroU32::new(limits.games_per_minute).map(|per_minute| {
            let burst = NonZeroU32::new(limits.games_burst).unwrap_or(NonZeroU32::MIN);
            let period = Duration::from_secs(60) / per_minute.get();
            let quota = Quota::with_period(period)
                .unwrap_or_else(|| Quota::per_second(NonZeroU32::MAX))
                .allow_burst(burst);
            DefaultKeyedRateLimiter::keyed(quota)
        });
        Creation {
            limiter,
            unstarted: Mutex::new(HashMap::new()),
        }
    }

    fn unstarted(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, u64>> {
        // Plain data: a panic elsewhere cannot leave it half-changed.
        self.unstarted.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether this request may create a game at all (before its body is read).
    pub fn admit(&self, headers: &HeaderMap, addr: ClientAddr) -> Result<(), Refusal> {
        if !is_json(headers) {
            return Err(Refusal::JsonRequired);
        }
        if !same_origin(headers) {
            return Err(Refusal::CrossSite);
        }
        if let (Some(limiter), Some(key)) = (&self.limiter, addr.key())
            && let Err(not_until) = limiter.check_key(&key)
        {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            return Err(Refusal::TooMany {
                retry_after_s: wait.as_secs() + 1,
            });
        }
        Ok(())
    }

    /// A game was created (or restored) that has no move yet.
    pub fn created(&self, id: &GameId, created_ms: u64) {
        self.unstarted().insert(id.clone(), created_ms);
    }

    /// Games without a move, as last counted.
    pub fn unstarted_count(&self) -> usize {
        self.unstarted().len()
    }

    /// Looks again at every game counted as not started: those with a move are no longer
    /// counted; those older than the time limit are removed from the server. Returns how
    /// many are still counted.
    pub async fn sweep(&self, app: &AppState) -> usize {
        let ids: Vec<(GameId, u64)> = self
            .unstarted()
            .iter()
            .map(|(id, ms)| (id.clone(), *ms))
            .collect();
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
                self.unstarted().remove(&id);
            } else if now.saturating_sub(created_ms) >= ttl {
                self.unstarted().remove(&id);
                remove_game(app, &id).await;
            }
        }
        self.unstarted_count()
    }
}

/// Removes a game that never started: from the store, its recordings from the disk, then from
/// the server's games (its task ends when its last connection closes).
async fn remove_game(app: &AppState, id: &GameId) {
    let store = std::sync::Arc::clone(&app.0.store);
    let data_dir = app.0.data_dir.clone();
    let game = id.clone();
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
        Ok(Ok(())) => tracing::info!(game = %id, "removed: never started"),
        other => tracing::error!(game = %id, "could not remove a game never started: {other:?}"),
    }
}

/// Sweeps the games that never started, every `every`, until shutdown.
pub async fn sweeper(app: AppState, every: Duration) {
    let shutdown = app.shutdown();
    let mut ticker = tokio::time::interval(every);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = ticker.tick() => {
                app.0.creation.sweep(&app).await;
            }
        }
    }
}

/// How often the sweeper looks: a tenth of the time limit, between a second and a minute.
pub fn sweep_period(limits: &Limits) -> Duration {
    (limits.unstarted_game_ttl / 10).clamp(Duration::from_secs(1), Duration::from_secs(60))
}

/// `Content-Type: application/json` (parameters such as `charset` allowed).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

/// No `Origin`, or one naming this very server (`http(s)://` and the request's `Host`).
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let rest = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    rest.is_some_and(|h| h.eq_ignore_ascii_case(host))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap());
        }
        h
    }

    fn addr() -> ClientAddr {
        ClientAddr(Some(IpAddr::from([192, 0, 2, 1])))
    }

    #[test]
    fn only_json_from_this_site() {
        let c = Creation::new(&Limits::default());
        let json = ("content-type", "application/json; charset=utf-8");
        let host = ("host", "hamle.local:7878");
        assert_eq!(c.admit(&headers(&[json, host]), addr()), Ok(()));
        assert_eq!(
            c.admit(&headers(&[("content-type", "text/plain"), host]), addr()),
            Err(Refusal::JsonRequired)
        );
        assert_eq!(
            c.admit(&headers(&[host]), addr()),
            Err(Refusal::JsonRequired)
        );
        let own = ("origin", "http://hamle.local:7878");
        assert_eq!(c.admit(&headers(&[json, host, own]), addr()), Ok(()));
        for other in ["http://evil.example", "null", "http://hamle.local:7879"] {
            let h = {
                let mut h = headers(&[json, host]);
                h.insert("origin", other.parse().unwrap());
                h
            };
            assert_eq!(c.admit(&h, addr()), Err(Refusal::CrossSite), "{other}");
        }
    }

    #[test]
    fn each_address_has_its_burst() {
        let c = Creation::new(&Limits {
            games_per_minute: 1,
            games_burst: 3,
            ..Limits::default()
        });
        let h = headers(&[("content-type", "application/json")]);
        for _ in 0..3 {
            assert_eq!(c.admit(&h, addr()), Ok(()));
        }
        match c.admit(&h, addr()) {
            Err(Refusal::TooMany { retry_after_s }) => assert!((1..=61).contains(&retry_after_s)),
            other => panic!("{other:?}"),
        }
        // Another address has its own.
        let other = ClientAddr(Some(IpAddr::from([192, 0, 2, 2])));
        assert_eq!(c.admit(&h, other), Ok(()));
    }
}
