//! Who may hold a WebSocket of a game (issue 14, "seats always get in").
//!
//! - A **seat** (player, assistant, arbiter) always gets in: its own older connection is
//!   replaced, and nothing else counts against it.
//! - A **spectator** takes a place among the game's spectators
//!   ([`crate::server::admission::limits::Limits::max_spectators_per_game`]) and among its address's
//!   ([`crate::server::admission::limits::Limits::max_spectators_per_address`], over all games); one more is refused
//!   (`too_many_spectators`, 4429).
//! - A socket **not yet greeted** waits in its game's hall
//!   ([`crate::server::admission::limits::Limits::max_ungreeted_per_game`]): when the hall is full, the one that has
//!   waited longest is closed (`too_many_connections`, 4429) to make room, so a flood of
//!   silent sockets can never keep a seat that greets at once from getting in. Its address
//!   may have [`crate::server::admission::limits::Limits::max_ungreeted_per_address`] waiting at once (over all
//!   games); one more is refused (`address_busy`, 4429).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio_util::sync::CancellationToken;

use super::limits::Limits;
use crate::server::admission::addr::{ClientAddr, PerKey, Place};
use crate::server::wire::ErrorCode;
use crate::store::GameId;

/// The game's halls and the spectator counts.
#[derive(Default)]
pub struct Door {
    /// Per game, the sockets waiting for their greeting, longest first.
    halls: Mutex<HashMap<GameId, VecDeque<(u64, CancellationToken)>>>,
    ungreeted_by_address: Arc<PerKey<IpAddr>>,
    spectators_by_game: Arc<PerKey<GameId>>,
    spectators_by_address: Arc<PerKey<IpAddr>>,
    next: AtomicU64,
}

/// Why a socket may not wait or watch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Its address has as many sockets waiting (or watching) as it may.
    AddressBusy,
    /// The game has as many spectators as it may.
    TooManySpectators,
}

impl Refused {
    pub fn code(self) -> ErrorCode {
        match self {
            Refused::AddressBusy => ErrorCode::AddressBusy,
            Refused::TooManySpectators => ErrorCode::TooManySpectators,
        }
    }
}

/// A socket's place in its game's hall, until it greets (or is dropped).
pub struct Waiting {
    door: Arc<Door>,
    game: GameId,
    id: u64,
    /// Cancelled when the hall is full and this socket has waited longest.
    pub evicted: CancellationToken,
    _address: Option<Place<IpAddr>>,
}

/// A spectator's place, given back when dropped.
pub struct Watching {
    _game: Place<GameId>,
    _address: Option<Place<IpAddr>>,
}

impl Door {
    fn halls(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<GameId, VecDeque<(u64, CancellationToken)>>> {
        // Plain queues: a panic elsewhere cannot leave them half-changed.
        self.halls.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A new socket of `game` from `addr`, waiting for its greeting.
    pub fn arrive(
        self: &Arc<Self>,
        game: &GameId,
        addr: ClientAddr,
        limits: &Limits,
    ) -> Result<Waiting, Refused> {
        let address = match addr.key() {
            Some(key) => Some(
                self.ungreeted_by_address
                    .take(&key, limits.max_ungreeted_per_address)
                    .ok_or(Refused::AddressBusy)?,
            ),
            None => None,
        };
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let evicted = CancellationToken::new();
        let mut halls = self.halls();
        let hall = halls.entry(game.clone()).or_default();
        hall.push_back((id, evicted.clone()));
        while hall.len() > limits.max_ungreeted_per_game.max(1) {
            if let Some((_, oldest)) = hall.pop_front() {
                oldest.cancel();
            }
        }
        drop(halls);
        Ok(Waiting {
            door: Arc::clone(self),
            game: game.clone(),
            id,
            evicted,
            _address: address,
        })
    }

    /// A place for a spectator of `game` from `addr`.
    pub fn watch(
        &self,
        game: &GameId,
        addr: ClientAddr,
        limits: &Limits,
    ) -> Result<Watching, Refused> {
        let address = match addr.key() {
            Some(key) => Some(
                self.spectators_by_address
                    .take(&key, limits.max_spectators_per_address)
                    .ok_or(Refused::AddressBusy)?,
            ),
            None => None,
        };
        let game = self
            .spectators_by_game
            .take(game, limits.max_spectators_per_game)
            .ok_or(Refused::TooManySpectators)?;
        Ok(Watching {
            _game: game,
            _address: address,
        })
    }

    /// Sockets of `game` waiting for their greeting now.
    #[cfg(test)]
    fn waiting(&self, game: &GameId) -> usize {
        self.halls().get(game).map_or(0, VecDeque::len)
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let mut halls = self.door.halls();
        if let Some(hall) = halls.get_mut(&self.game) {
            hall.retain(|(id, _)| *id != self.id);
            if hall.is_empty() {
                halls.remove(&self.game);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            max_ungreeted_per_game: 2,
            max_ungreeted_per_address: 3,
            max_spectators_per_game: 2,
            max_spectators_per_address: 1,
            ..Limits::default()
        }
    }

    fn addr(last: u8) -> ClientAddr {
        ClientAddr(Some(IpAddr::from([127, 0, 0, last])))
    }

    #[test]
    fn a_full_hall_makes_room_by_closing_who_waited_longest() {
        let door = Arc::new(Door::default());
        let game = GameId::from_bytes([1; 8]);
        let l = limits();
        let first = door.arrive(&game, addr(2), &l).unwrap();
        let second = door.arrive(&game, addr(3), &l).unwrap();
        assert!(!first.evicted.is_cancelled());
        let third = door.arrive(&game, addr(4), &l).unwrap();
        assert!(first.evicted.is_cancelled());
        assert!(!second.evicted.is_cancelled() && !third.evicted.is_cancelled());
        assert_eq!(door.waiting(&game), 2);
        drop((first, second, third));
        assert_eq!(door.waiting(&game), 0);
        assert!(door.halls().is_empty());
    }

    #[test]
    fn an_address_waits_and_watches_within_its_share() {
        let door = Arc::new(Door::default());
        let l = limits();
        let games: Vec<GameId> = (0..4).map(|i| GameId::from_bytes([i; 8])).collect();
        let held: Vec<Waiting> = games[..3]
            .iter()
            .map(|g| door.arrive(g, addr(9), &l).unwrap())
            .collect();
        assert_eq!(
            door.arrive(&games[3], addr(9), &l).err(),
            Some(Refused::AddressBusy)
        );
        assert!(door.arrive(&games[3], addr(8), &l).is_ok());
        drop(held);
        assert!(door.arrive(&games[3], addr(9), &l).is_ok());

        let a = door.watch(&games[0], addr(5), &l).unwrap();
        assert_eq!(
            door.watch(&games[1], addr(5), &l).err(),
            Some(Refused::AddressBusy)
        );
        let _b = door.watch(&games[0], addr(6), &l).unwrap();
        assert_eq!(
            door.watch(&games[0], addr(7), &l).err(),
            Some(Refused::TooManySpectators)
        );
        drop(a);
        assert!(door.watch(&games[0], addr(7), &l).is_ok());
    }
}
