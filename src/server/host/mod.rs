//! Hosting games: one task per game (`actor`, its cluster half `actor/replica`), the way to it (`handle`), its small tasks on the bus (`relay`: the tail of the owner's events, the owner's inbox of forwarded orders), a follower's order to the owner (`forward`), where its events are written (`log`), the games in memory (`hub`), how a game's task leaves the hub (`membership`), the server's clock, and a client message to the table's order (`orders`).

pub mod actor;
mod forward;
pub mod handle;
pub mod hub;
pub mod log;
pub mod membership;
pub mod orders;
mod relay;
pub mod server_clock;
