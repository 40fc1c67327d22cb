//! Several nodes (docs/scale-out.md): what goes between nodes over NATS (`bus`), a forwarded
//! order and its answer as typed values (`order_codec`, `reply_codec`); who writes a game is
//! the core's pure state machine (`crate::ownership`).

pub mod bus;
pub mod order_codec;
pub mod reply_codec;
