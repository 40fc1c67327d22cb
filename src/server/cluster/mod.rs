//! Several nodes (docs/scale-out.md): what goes between nodes over NATS (`bus`); who writes a game is the core's pure state machine (`crate::ownership`).

pub mod bus;
