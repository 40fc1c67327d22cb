//! Several nodes (docs/scale-out.md): what goes between nodes over NATS (`bus`), a game's events and forwarded orders read off it as typed values (`feeds`), a forwarded
//! order and its answer as typed values (`order_codec`, `reply_codec`); who writes a game is
//! the core's pure state machine (`crate::ownership`).

pub mod bus;
pub(crate) mod feeds;
pub(crate) mod order_codec;
pub(crate) mod reply_codec;
