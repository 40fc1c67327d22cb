//! How a game's actor leaves the hub: the one thing it asks of the hub, as a trait the hub
//! implements, so that the actor does not depend on the hub that spawns it.

use crate::store::GameId;

/// The hub, as an actor sees it.
pub trait Games: Send + Sync {
    /// Under the hub's lock: if `idle` holds, removes `id` when its entry is this actor's
    /// (`generation`) and answers `true` (the actor must close its queue and end).
    fn leave(&self, id: &GameId, generation: u64, idle: &mut dyn FnMut() -> bool) -> bool;
}

/// What an actor needs to leave the hub.
#[derive(Clone)]
pub struct Membership {
    pub hub: std::sync::Weak<dyn Games>,
    pub generation: u64,
}

impl Membership {
    /// Removes the actor's game from the hub if `idle` holds under the hub's lock; then the
    /// actor must close its queue and end. `false`: it stays. (An actor whose game the hub
    /// already forgot leaves as soon as it is idle.)
    pub fn leave(&self, id: &GameId, idle: impl FnOnce() -> bool) -> bool {
        let Some(hub) = self.hub.upgrade() else {
            return idle();
        };
        let mut idle = Some(idle);
        hub.leave(id, self.generation, &mut || {
            idle.take().is_some_and(|f| f())
        })
    }
}
