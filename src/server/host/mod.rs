//! Hosting games: one task per game (`actor`), the games in memory (`hub`), how a game's task leaves the hub (`membership`), the server's clock, and a client message to the table's order (`orders`).

pub mod actor;
pub mod hub;
pub mod membership;
pub mod orders;
pub mod server_clock;
