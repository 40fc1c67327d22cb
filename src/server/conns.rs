//! How many WebSocket connections each game has open, greeted or not. A game takes at most
//! [`super::Limits::max_connections_per_game`]: a shared spectator token, or a client that
//! opens sockets and never greets, cannot hold thousands of sockets on one game.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::store::GameId;

#[derive(Default)]
pub struct ConnCounts {
    counts: Mutex<HashMap<GameId, usize>>,
}

/// One connection's place in its game's count, given back when dropped.
pub struct ConnSlot {
    counts: Arc<ConnCounts>,
    game: GameId,
}

impl ConnCounts {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, usize>> {
        // Plain counters: a panic elsewhere cannot leave them half-changed.
        self.counts.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place for one more connection to `game`, unless it has `max` already.
    pub fn take(self: &Arc<Self>, game: &GameId, max: usize) -> Option<ConnSlot> {
        let mut counts = self.lock();
        let n = counts.entry(game.clone()).or_default();
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(ConnSlot {
            counts: Arc::clone(self),
            game: game.clone(),
        })
    }

    /// The connections `game` has now.
    #[cfg(test)]
    pub fn count(&self, game: &GameId) -> usize {
        self.lock().get(game).copied().unwrap_or(0)
    }
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        let mut counts = self.counts.lock();
        if let Some(n) = counts.get_mut(&self.game) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.game);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_counted_per_game_and_given_back() {
        let counts = Arc::new(ConnCounts::default());
        let a = GameId::from_bytes([1; 8]);
        let b = GameId::from_bytes([2; 8]);
        let first = counts.take(&a, 2).unwrap();
        let second = counts.take(&a, 2).unwrap();
        assert!(counts.take(&a, 2).is_none());
        // Another game has its own count.
        let other = counts.take(&b, 2).unwrap();
        assert_eq!(counts.count(&a), 2);
        drop(first);
        assert_eq!(counts.count(&a), 1);
        let third = counts.take(&a, 2).unwrap();
        drop((second, third, other));
        assert_eq!(counts.count(&a), 0);
        assert_eq!(counts.count(&b), 0);
        assert!(counts.lock().is_empty());
    }
}
