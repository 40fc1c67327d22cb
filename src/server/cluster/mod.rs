//! Several nodes (docs/scale-out.md): who writes a game, as a pure state machine (`ownership`), and what goes between nodes over NATS (`bus`).

pub mod bus;
pub mod ownership;
