//! Game creation under control (issue 14): nobody fills the server with games.
//!
//! - **Same site only.** `POST /api/games` needs `Content-Type: application/json` (a form or
//!   a `text/plain` request from another site's page cannot send it without the browser
//!   asking first), and a request that names its `Origin` must come from this server's own
//!   pages.
//! - **Per address**, a burst of [`crate::server::admission::limits::Limits::games_burst`] creations, then
//!   [`crate::server::admission::limits::Limits::games_per_minute`] (governor's GCRA); beyond it `429 too_many_games`
//!   with `Retry-After`.
//!   A round counts once per board.
//! - **Games that never start** (no move yet): each address holds at most
//!   [`crate::server::admission::limits::Limits::max_unstarted_games_per_address`] of them (`429 address_unstarted_games`
//!   beyond), and the games created without a token stop at
//!   [`crate::server::admission::limits::Limits::max_unstarted_games`] on the whole server (`503
//!   too_many_unstarted_games`), so that one address cannot take every place (issue 30). An
//!   arbiter's token (a round's) is held to its address's share only, the admin token to
//!   nothing: neither is locked out by what others created. (Games found at start count as
//!   created without a token: who created them is not stored.) A round takes the
//!   places of all its boards at once, or none. Such games are removed, with their
//!   recordings, once [`crate::server::admission::limits::Limits::unstarted_game_ttl`] has passed since they were
//!   created.
//! - **An organiser token**, if the operator asks for one
//!   ([`crate::server::admission::limits::Limits::require_token`]): only the admin token (or an arbiter's, for his next
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
use crate::server::admission::limits::Limits;
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
    /// A round of more boards than an address may create at once (429).
    RoundTooLarge { boards: usize, max: u32 },
}

/// Who creates games, for the budgets (the bearer token, checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Creator {
    /// The admin token: no rate, no share, no cap.
    Admin,
    /// An arbiter's token (a round's): its address's rate and share, not the server's cap.
    Arbiter(ClientAddr),
    /// No token: its address's rate and share, and the server's cap.
    Anyone(ClientAddr),
}

/// Why there is no room for the games asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoRoom {
    /// The address holds its share of games without a move (429 `address_unstarted_games`).
    Address { max: usize },
    /// The server holds its most games without a move (503 `too_many_unstarted_games`).
    Server { max: usize },
}

/// A game without a move yet.
#[derive(Clone, Copy, Debug)]
struct Unstarted {
    /// Unix ms.
    created_ms: u64,
    /// The address it counts against (none for the admin's, and for games counted at start,
    /// whose creator is not stored).
    by: Option<IpAddr>,
    /// Created without a token (or counted at start): under the server's cap.
    anonymous: bool,
}

/// The games without a move, and the places taken for games being created.
#[derive(Default)]
struct Unstarteds {
    games: HashMap<GameId, Unstarted>,
    /// Places taken by creations under way, per address (`None`: the admin's), not yet games.
    pending: HashMap<Option<IpAddr>, usize>,
    /// Of those, the anonymous ones.
    pending_anonymous: usize,
}

impl Unstarteds {
    fn of(&self, by: Option<IpAddr>) -> usize {
        let games = self.games.values().filter(|g| g.by == by).count();
        games + self.pending.get(&by).copied().unwrap_or(0)
    }

    /// Games without a move created without a token, and places taken for such.
    fn anonymous(&self) -> usize {
        let games = self.games.values().filter(|g| g.anonymous).count();
        games + self.pending_anonymous
    }
}

/// Places taken for games being created ([`Creation::reserve`]); what is not used by
/// [`Reserved::created`] is given back when it is dropped.
pub struct Reserved<'a> {
    creation: &'a Creation,
    by: Option<IpAddr>,
    anonymous: bool,
    left: usize,
}

impl Reserved<'_> {
    /// One of the games is created: it counts as a game without a move from now on.
    pub fn created(&mut self, id: &GameId, created_ms: u64) {
        let mut u = self.creation.unstarted();
        if self.left > 0 {
            self.left -= 1;
            release(&mut u, self.by, self.anonymous, 1);
        }
        u.games.insert(
            id.clone(),
            Unstarted {
                created_ms,
                by: self.by,
                anonymous: self.anonymous,
            },
        );
    }
}

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        if self.left > 0 {
            let mut u = self.creation.unstarted();
            release(&mut u, self.by, self.anonymous, self.left);
        }
    }
}

fn release(u: &mut Unstarteds, by: Option<IpAddr>, anonymous: bool, n: usize) {
    if let Some(p) = u.pending.get_mut(&by) {
        *p = p.saturating_sub(n);
        if *p == 0 {
            u.pending.remove(&by);
        }
    }
    if anonymous {
        u.pending_anonymous = u.pending_anonymous.saturating_sub(n);
    }
}

/// The creation rate per address and the games that have not started.
pub struct Creation {
    limiter: Option<DefaultKeyedRateLimiter<IpAddr>>,
    burst: u32,
    max_unstarted: usize,
    max_unstarted_per_address: usize,
    unstarted: Mutex<Unstarteds>,
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
            burst: limits.games_burst.max(1),
            max_unstarted: limits.max_unstarted_games,
            max_unstarted_per_address: limits.max_unstarted_games_per_address,
            unstarted: Mutex::new(Unstarteds::default()),
        }
    }

    fn unstarted(&self) -> std::sync::MutexGuard<'_, Unstarteds> {
        // Plain data: a panic elsewhere cannot leave it half-changed.
        self.unstarted.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether this request may create a game at all (before its body is read): same-site
    /// JSON, and one game of its address's rate (none for the admin token).
    pub fn admit(&self, headers: &HeaderMap, addr: ClientAddr, admin: bool) -> Result<(), Refusal> {
        if !is_json(headers) {
            return Err(Refusal::JsonRequired);
        }
        if !same_origin(headers) {
            return Err(Refusal::CrossSite);
        }
        if admin {
            return Ok(());
        }
        self.rate(addr, 1)
    }

    /// A round of `boards` boards: its first was counted by [`Creation::admit`], the others
    /// count now (the round has been read). A round of more boards than the burst never fits.
    pub fn round(&self, addr: ClientAddr, boards: usize) -> Result<(), Refusal> {
        if self.limiter.is_none() || addr.key().is_none() || boards <= 1 {
            return Ok(());
        }
        if boards > self.burst as usize {
            return Err(Refusal::RoundTooLarge {
                boards,
                max: self.burst,
            });
        }
        self.rate(addr, boards - 1)
    }

    fn rate(&self, addr: ClientAddr, n: usize) -> Result<(), Refusal> {
        let (Some(limiter), Some(key)) = (&self.limiter, addr.key()) else {
            return Ok(());
        };
        let too_large = Refusal::RoundTooLarge {
            boards: n,
            max: self.burst,
        };
        let Some(cells) = u32::try_from(n).ok().and_then(NonZeroU32::new) else {
            return Err(too_large);
        };
        match limiter.check_key_n(&key, cells) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                Err(Refusal::TooMany {
                    retry_after_s: wait.as_secs() + 1,
                })
            }
            Err(_) => Err(too_large),
        }
    }

    /// Places for `n` games without a move for `creator`, all or none (see the module's
    /// documentation).
    pub fn reserve(&self, creator: Creator, n: usize) -> Result<Reserved<'_>, NoRoom> {
        let mut u = self.unstarted();
        let by = match creator {
            Creator::Admin => None,
            Creator::Arbiter(addr) | Creator::Anyone(addr) => addr.key(),
        };
        if by.is_some() && u.of(by) + n > self.max_unstarted_per_address {
            return Err(NoRoom::Address {
                max: self.max_unstarted_per_address,
            });
        }
        let anonymous = matches!(creator, Creator::Anyone(_));
        if anonymous && u.anonymous() + n > self.max_unstarted {
            return Err(NoRoom::Server {
                max: self.max_unstarted,
            });
        }
        *u.pending.entry(by).or_default() += n;
        if anonymous {
            u.pending_anonymous += n;
        }
        Ok(Reserved {
            creation: self,
            by,
            anonymous,
            left: n,
        })
    }

    /// A game without a move found at start (its creator is not stored: it counts against
    /// the server's cap only).
    pub fn created(&self, id: &GameId, created_ms: u64) {
        self.unstarted().games.insert(
            id.clone(),
            Unstarted {
                created_ms,
                by: None,
                anonymous: true,
            },
        );
    }

    /// Games without a move, as last counted.
    pub fn unstarted_count(&self) -> usize {
        self.unstarted().games.len()
    }

    /// The games counted as not started, with their creation times.
    pub fn unstarted_games(&self) -> Vec<(GameId, u64)> {
        self.unstarted()
            .games
            .iter()
            .map(|(id, g)| (id.clone(), g.created_ms))
            .collect()
    }

    /// No longer counts `id` as not started (it started, or it was removed).
    pub fn forget(&self, id: &GameId) {
        self.unstarted().games.remove(id);
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
        assert_eq!(c.admit(&headers(&[json, host]), addr(), false), Ok(()));
        assert_eq!(
            c.admit(
                &headers(&[("content-type", "text/plain"), host]),
                addr(),
                false
            ),
            Err(Refusal::JsonRequired)
        );
        assert_eq!(
            c.admit(&headers(&[host]), addr(), false),
            Err(Refusal::JsonRequired)
        );
        let own = ("origin", "http://hamle.local:7878");
        assert_eq!(c.admit(&headers(&[json, host, own]), addr(), false), Ok(()));
        for other in ["http://evil.example", "null", "http://hamle.local:7879"] {
            let h = {
                let mut h = headers(&[json, host]);
                h.insert("origin", other.parse().unwrap());
                h
            };
            assert_eq!(
                c.admit(&h, addr(), false),
                Err(Refusal::CrossSite),
                "{other}"
            );
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
            assert_eq!(c.admit(&h, addr(), false), Ok(()));
        }
        match c.admit(&h, addr(), false) {
            Err(Refusal::TooMany { retry_after_s }) => assert!((1..=61).contains(&retry_after_s)),
            other => panic!("{other:?}"),
        }
        // Another address has its own; the admin token is not counted.
        let other = ClientAddr(Some(IpAddr::from([192, 0, 2, 2])));
        assert_eq!(c.admit(&h, other, false), Ok(()));
        assert_eq!(c.admit(&h, addr(), true), Ok(()));
        // A round counts once per board; one larger than the burst never fits.
        assert_eq!(c.round(other, 3), Ok(()));
        assert!(matches!(c.round(other, 2), Err(Refusal::TooMany { .. })));
        assert_eq!(
            c.round(other, 4),
            Err(Refusal::RoundTooLarge { boards: 4, max: 3 })
        );
    }

    #[test]
    fn each_address_has_its_share_of_games_without_a_move() {
        let c = Creation::new(&Limits {
            max_unstarted_games: 5,
            max_unstarted_games_per_address: 3,
            ..Limits::default()
        });
        let (a, b) = (addr(), ClientAddr(Some(IpAddr::from([192, 0, 2, 2]))));
        let id = |n: u8| GameId::from_bytes([n; 8]);
        let mut round = c.reserve(Creator::Anyone(a), 3).unwrap();
        // All or none: no room for two more of this address while three are taken.
        assert_eq!(
            c.reserve(Creator::Anyone(a), 1).err(),
            Some(NoRoom::Address { max: 3 })
        );
        round.created(&id(1), 0);
        round.created(&id(2), 0);
        drop(round);
        // The third place was not used: given back.
        assert!(c.reserve(Creator::Anyone(a), 1).is_ok());
        let mut one = c.reserve(Creator::Anyone(a), 1).unwrap();
        one.created(&id(3), 0);
        drop(one);
        assert_eq!(
            c.reserve(Creator::Arbiter(a), 1).err(),
            Some(NoRoom::Address { max: 3 })
        );
        // Another address: its own share, up to the server's cap.
        let mut other = c.reserve(Creator::Anyone(b), 2).unwrap();
        other.created(&id(4), 0);
        other.created(&id(5), 0);
        drop(other);
        assert_eq!(
            c.reserve(Creator::Anyone(b), 1).err(),
            Some(NoRoom::Server { max: 5 })
        );
        // An arbiter's token is held to its address's share only; the admin to nothing.
        assert!(c.reserve(Creator::Arbiter(b), 1).is_ok());
        assert!(c.reserve(Creator::Admin, 100).is_ok());
        assert_eq!(c.unstarted_count(), 5);
    }
}
