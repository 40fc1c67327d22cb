//! Several nodes (docs/scale-out.md): what goes between nodes over NATS (`bus`), a forwarded
//! order and its answer as typed values (`order_codec`, `reply_codec`); who writes a game is
//! the core's pure state machine (`crate::ownership`).

pub mod bus;
pub(crate) mod order_codec;
pub(crate) mod reply_codec;
