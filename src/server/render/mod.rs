//! A game as one seat sees it on the wire: an event for a seat in its language, the desk's events, the state, what an action answers, and PGN. Sentences come from the words layer; nothing here changes a game.

pub mod desk_event;
pub mod event;
pub mod pgn;
pub mod reply;
pub mod state;
