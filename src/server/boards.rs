//! The electronic boards' bridges of this node's connections (issue 33), and what each side
//! hears about its board.
//!
//! A player's bridge (`hamle board`, `src/bridge/`) greets with `"eboard": true`: it sends the
//! table its board's events as the seat's own, but takes no seat's place, so the seat's page
//! stays connected beside it; a second bridge for the same board replaces the first (4409).
//! What the bridge says about the board (`board_status`), a board event of the bridge the
//! table refused, and the bridge gone are [`Notice`]s for the connections of that side (the
//! player and his assistant), each said in the connection's language
//! ([`crate::words::eboard`]). A notice that asks the seat to act (the board lost, what
//! differs, a promotion piece) stands until the next one: a connection that comes later is
//! told it once.
//!
//! Nothing here is stored or numbered: a notice is no event of the game. With several nodes
//! (`docs/scale-out.md`) each notice also goes over the bus (`hamle.game.<id>.board`, core
//! NATS, at most once: news, not the game), and every node tells its own connections of that
//! side ([`follow_bus`]): the page and the bridge need not meet on one node. Which bridge
//! replaces which (4409) is decided across the nodes too: a bridge joining says so on the bus
//! (`bridge_joined`, with its wall-clock time and its node's number), and a node whose own
//! bridge for that board joined earlier (by time, then by the node's number, the same order
//! on every node) replaces it, so the last bridge to join stays, wherever it is. A
//! `bridge_joined` lost on the bus leaves both, as before.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use shakmaty::Color;
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::announce::Lang;
use crate::eboard::BoardStatus;
use crate::game::Seat;
use crate::server::wire::{ClientMsg, ErrorCode, ServerMsg, color_key, decode};
use crate::store::GameId;
use crate::words::eboard::{Whose, say_bridge_gone, say_refused, say_status};

/// Notices a slow connection may fall behind; it misses the oldest (they are news, not the
/// game, and the one that asks the side to act stands until another comes). A bridge says a
/// few at a time (lost, back, in sync); every player's and assistant's connection listens, so
/// the ring is allocated for every side of every game: 16 cost 1.1 KiB a side (issue 29).
const CAPACITY: usize = 4;

/// What a side hears about its electronic board.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// What the bridge reported.
    Status(BoardStatus),
    /// A board event the bridge sent was refused: the refusal's code, and its sentence in the
    /// bridge's language.
    Refused { code: &'static str, message: String },
    /// The bridge's connection ended and no other took its place.
    BridgeGone,
}

impl Notice {
    /// Whether it asks the side to act, and so stands until the next notice.
    fn stands(&self) -> bool {
        match self {
            Notice::Status(s) => s.asks_for_action(),
            Notice::Refused { .. } => false,
            Notice::BridgeGone => true,
        }
    }

    /// Its `board_status` message for a connection of `seat`, listening in `lang`, about
    /// `color`'s board.
    pub fn message(&self, color: Color, seat: Seat, lang: Lang) -> ServerMsg {
        let whose = if seat == Seat::player(color) {
            Whose::Yours
        } else {
            Whose::Of(color)
        };
        let (status, code, text) = match self {
            Notice::Status(s) => (s.key(), None, say_status(lang, whose, s)),
            Notice::Refused { code, message } => {
                ("refused", Some(*code), say_refused(lang, message))
            }
            Notice::BridgeGone => ("bridge_gone", None, say_bridge_gone(lang, whose)),
        };
        ServerMsg::BoardStatus {
            color: color_key(color),
            status,
            code,
            text,
        }
    }

    /// The sentence alone (for the machine's own voice).
    pub fn text(&self, color: Color, seat: Seat, lang: Lang) -> String {
        match self.message(color, seat, lang) {
            ServerMsg::BoardStatus { text, .. } => text,
            _ => String::new(),
        }
    }
}

/// A notice as published: about whose board, and from which connection (not sent back to it).
#[derive(Debug)]
pub struct Sent {
    pub color: Color,
    pub from: u64,
    pub notice: Notice,
}

/// One side's board in one game.
struct Entry {
    notices: broadcast::Sender<Arc<Sent>>,
    /// The last notice that asks the side to act, until another notice comes.
    standing: Option<Arc<Sent>>,
    /// The bridge connected now: its connection, its token (cancelled when replaced), and
    /// when it joined (wall-clock milliseconds, this node's number), to order it against a
    /// bridge of another node.
    bridge: Option<(u64, CancellationToken, Joined)>,
    /// Connections listening.
    listeners: usize,
}

impl Entry {
    fn new() -> Entry {
        Entry {
            notices: broadcast::channel(CAPACITY).0,
            standing: None,
            bridge: None,
            listeners: 0,
        }
    }

    fn idle(&self) -> bool {
        self.listeners == 0 && self.bridge.is_none()
    }
}

type Key = (GameId, Color);

/// When a bridge joined, as the nodes order it: its wall-clock time, then its node's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Joined {
    at_ms: u64,
    origin: u64,
}

fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// The bridges and listeners of every game on this node. An entry lives while a bridge or a
/// listener of it does.
#[derive(Clone, Default)]
pub struct Boards {
    entries: Arc<Mutex<HashMap<Key, Entry>>>,
    next: Arc<AtomicU64>,
    /// The other nodes, when this one is a node of a cluster.
    bus: Option<Bus>,
}

/// The bus to the other nodes: the NATS client, and this process's number (its own notices
/// come back to it and are not said twice).
#[derive(Clone)]
struct Bus {
    client: async_nats::Client,
    origin: u64,
    /// The server's tasks: a notice on its way to the bus is waited for at shutdown.
    tracker: TaskTracker,
}

/// The subject a game's board notices go over.
fn board_subject(game: &GameId) -> String {
    format!("hamle.game.{game}.board")
}

/// A notice on the bus.
#[derive(Debug, Serialize, Deserialize)]
struct BusNotice {
    origin: u64,
    game: String,
    color: String,
    /// `{"type": "board_status", ...}` as a bridge sends it, `{"type": "refused", "code",
    /// "message"}` or `{"type": "bridge_gone"}`.
    notice: Value,
}

impl Notice {
    /// As it goes over the bus.
    fn to_bus(&self) -> Value {
        match self {
            Notice::Status(s) => crate::bridge::messages::status(s),
            Notice::Refused { code, message } => {
                json!({"type": "refused", "code": code, "message": message})
            }
            Notice::BridgeGone => json!({"type": "bridge_gone"}),
        }
    }

    /// Read back from the bus, checked as a bridge's `board_status` is.
    fn from_bus(v: &Value) -> Option<Notice> {
        match v["type"].as_str()? {
            "board_status" => {
                let mut msg = v.clone();
                msg["id"] = json!(0);
                match decode(&msg.to_string()) {
                    Ok(ClientMsg::BoardStatus(b)) if b.problem().is_none() => {
                        Some(Notice::Status(b.status))
                    }
                    _ => None,
                }
            }
            "refused" => Some(Notice::Refused {
                code: ErrorCode::named(v["code"].as_str()?).name(),
                message: v["message"].as_str()?.to_owned(),
            }),
            "bridge_gone" => Some(Notice::BridgeGone),
            _ => None,
        }
    }
}

/// Tells this node's connections the notices other nodes publish, until `shutdown`.
pub async fn follow_bus(boards: Boards, shutdown: CancellationToken) {
    use futures_util::StreamExt;
    let Some(bus) = boards.bus.clone() else {
        return;
    };
    let mut subscription = match bus.client.subscribe("hamle.game.*.board").await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!("cannot follow the boards' notices of other nodes: {e}");
            return;
        }
    };
    loop {
        let message = tokio::select! {
            _ = shutdown.cancelled() => return,
            m = subscription.next() => match m {
                Some(m) => m,
                None => return,
            },
        };
        let Ok(sent) = serde_json::from_slice::<BusNotice>(&message.payload) else {
            tracing::warn!("a board notice on the bus that does not read");
            continue;
        };
        if sent.origin == bus.origin {
            continue;
        }
        let color = match sent.color.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            _ => continue,
        };
        // Another node's bridge joined: an earlier one of this node's is replaced.
        if sent.notice["type"] == "bridge_joined" {
            if let (Some(game), Some(at_ms)) =
                (GameId::parse(&sent.game), sent.notice["at_ms"].as_u64())
            {
                let joined = Joined {
                    at_ms,
                    origin: sent.origin,
                };
                boards.bridge_joined_elsewhere(&game, color, joined);
            }
            continue;
        }
        let (Some(game), Some(notice)) =
            (GameId::parse(&sent.game), Notice::from_bus(&sent.notice))
        else {
            continue;
        };
        // From no connection of this node: every listener of that side hears it.
        boards.deliver(&game, color, 0, notice);
    }
}

impl Boards {
    /// The boards of a node of a cluster: notices go to the other nodes too
    /// ([`follow_bus`] takes theirs).
    pub fn on_bus(client: async_nats::Client, tracker: TaskTracker) -> Boards {
        Boards {
            bus: Some(Bus {
                client,
                origin: rand::random(),
                tracker,
            }),
            ..Boards::default()
        }
    }

    fn with<T>(&self, key: &Key, f: impl FnOnce(&mut Entry) -> T) -> T {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let entry = entries.entry(key.clone()).or_insert_with(Entry::new);
        let out = f(entry);
        if entry.idle() {
            entries.remove(key);
        }
        out
    }

    /// A number for one connection, to know its own notices and bridge.
    pub fn connection(&self) -> u64 {
        self.next.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// `conn`, a bridge of `color`'s board in `game`, joins: the bridge before it is replaced,
    /// on this node and (over the bus) on the others. The token is cancelled when a later
    /// bridge replaces this one.
    pub fn bridge_joined(&self, game: &GameId, color: Color, conn: u64) -> CancellationToken {
        let joined = Joined {
            at_ms: wall_ms(),
            origin: self.bus.as_ref().map_or(0, |b| b.origin),
        };
        self.joined_at(game, color, conn, joined)
    }

    /// [`Boards::bridge_joined`] at a given time (tests order bridges by it).
    fn joined_at(
        &self,
        game: &GameId,
        color: Color,
        conn: u64,
        joined: Joined,
    ) -> CancellationToken {
        let token = CancellationToken::new();
        let old = self.with(&(game.clone(), color), |e| {
            e.bridge.replace((conn, token.clone(), joined))
        });
        if let Some((_, old, _)) = old {
            old.cancel();
        }
        if let Some(bus) = &self.bus {
            let sent = BusNotice {
                origin: bus.origin,
                game: game.to_string(),
                color: color_key(color).to_owned(),
                notice: json!({"type": "bridge_joined", "at_ms": joined.at_ms}),
            };
            if let Ok(payload) = serde_json::to_vec(&sent) {
                let client = bus.client.clone();
                let subject = board_subject(game);
                bus.tracker.spawn(async move {
                    if let Err(e) = client.publish(subject, payload.into()).await {
                        tracing::warn!("a bridge's joining not sent to the other nodes: {e}");
                    }
                });
            }
        }
        token
    }

    /// A bridge of `color`'s board in `game` joined on another node (`joined`): this node's
    /// bridge of that board, if it joined before, is replaced (without "gone": a bridge
    /// stays, elsewhere).
    fn bridge_joined_elsewhere(&self, game: &GameId, color: Color, joined: Joined) {
        let replaced = self.with(&(game.clone(), color), |e| {
            if e.bridge.as_ref().is_some_and(|(_, _, ours)| *ours < joined) {
                e.bridge.take()
            } else {
                None
            }
        });
        if let Some((_, token, _)) = replaced {
            token.cancel();
        }
    }

    /// The bridge `conn` left: unless another replaced it, the side hears that it is gone.
    pub fn bridge_left(&self, game: &GameId, color: Color, conn: u64) {
        let key = (game.clone(), color);
        let gone = self.with(&key, |e| {
            if e.bridge.as_ref().is_some_and(|(c, _, _)| *c == conn) {
                e.bridge = None;
                true
            } else {
                false
            }
        });
        if gone {
            self.publish(game, color, conn, Notice::BridgeGone);
        }
    }

    /// Tells `color`'s side in `game` a notice from connection `from`, on this node and, in a
    /// cluster, on the others.
    pub fn publish(&self, game: &GameId, color: Color, from: u64, notice: Notice) {
        if let Some(bus) = &self.bus {
            let sent = BusNotice {
                origin: bus.origin,
                game: game.to_string(),
                color: color_key(color).to_owned(),
                notice: notice.to_bus(),
            };
            match serde_json::to_vec(&sent) {
                Ok(payload) => {
                    let client = bus.client.clone();
                    let subject = board_subject(game);
                    bus.tracker.spawn(async move {
                        if let Err(e) = client.publish(subject, payload.into()).await {
                            tracing::warn!("a board notice not sent to the other nodes: {e}");
                        }
                    });
                }
                Err(e) => tracing::error!("a board notice that does not write: {e}"),
            }
        }
        self.deliver(game, color, from, notice);
    }

    /// Tells this node's connections of `color`'s side in `game` a notice.
    fn deliver(&self, game: &GameId, color: Color, from: u64, notice: Notice) {
        let sent = Arc::new(Sent {
            color,
            from,
            notice,
        });
        self.with(&(game.clone(), color), |e| {
            e.standing = sent.notice.stands().then(|| Arc::clone(&sent));
            // No listener: nothing to say now (the standing notice waits for one).
            let _ = e.notices.send(Arc::clone(&sent));
        });
    }

    /// A connection of `color`'s side in `game` listens: the notices from now on, and the one
    /// that stands (to be said once now).
    pub fn listen(&self, game: &GameId, color: Color) -> Listener {
        let key = (game.clone(), color);
        let (rx, standing) = self.with(&key, |e| {
            e.listeners += 1;
            (e.notices.subscribe(), e.standing.clone())
        });
        Listener {
            boards: self.clone(),
            key,
            rx,
            standing,
        }
    }

    /// How many games and sides have an entry (tests: entries do not outlive their users).
    pub fn len(&self) -> usize {
        self.entries.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One connection's notices of its side's board; dropping it stops listening.
pub struct Listener {
    boards: Boards,
    key: Key,
    rx: broadcast::Receiver<Arc<Sent>>,
    standing: Option<Arc<Sent>>,
}

impl Listener {
    /// The next notice (the standing one first); notices missed by a slow connection are
    /// skipped.
    pub async fn next(&mut self) -> Arc<Sent> {
        if let Some(s) = self.standing.take() {
            return s;
        }
        loop {
            match self.rx.recv().await {
                Ok(s) => return s,
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                // The sender lives in the entry, which lives while this listener does.
                Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
            }
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.boards.with(&self.key, |e| e.listeners -= 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> GameId {
        GameId::parse("00112233445566ff").expect("an id")
    }

    #[tokio::test]
    async fn a_side_hears_its_boards_notices_and_the_standing_one_once() {
        let boards = Boards::default();
        let g = game();
        let bridge = boards.connection();
        let _token = boards.bridge_joined(&g, Color::White, bridge);
        boards.publish(&g, Color::White, bridge, Notice::Status(BoardStatus::Lost));
        let mut page = boards.listen(&g, Color::White);
        let mut other_side = boards.listen(&g, Color::Black);
        assert_eq!(page.next().await.notice, Notice::Status(BoardStatus::Lost));
        boards.publish(&g, Color::White, bridge, Notice::Status(BoardStatus::Back));
        assert_eq!(page.next().await.notice, Notice::Status(BoardStatus::Back));
        // "Back" asks nothing: a page that comes now hears nothing old.
        let mut later = boards.listen(&g, Color::White);
        boards.publish(
            &g,
            Color::White,
            bridge,
            Notice::Status(BoardStatus::InSync),
        );
        assert_eq!(
            later.next().await.notice,
            Notice::Status(BoardStatus::InSync)
        );
        let quiet = tokio::time::timeout(std::time::Duration::from_millis(20), other_side.next());
        assert!(quiet.await.is_err(), "Black heard White's board");
    }

    #[tokio::test]
    async fn a_second_bridge_replaces_the_first_and_only_the_last_leaving_is_said() {
        let boards = Boards::default();
        let g = game();
        let mut page = boards.listen(&g, Color::Black);
        let (first, second) = (boards.connection(), boards.connection());
        let first_token = boards.bridge_joined(&g, Color::Black, first);
        let second_token = boards.bridge_joined(&g, Color::Black, second);
        assert!(first_token.is_cancelled());
        assert!(!second_token.is_cancelled());
        boards.bridge_left(&g, Color::Black, first);
        boards.bridge_left(&g, Color::Black, second);
        let heard = page.next().await;
        assert_eq!(heard.notice, Notice::BridgeGone);
        assert_eq!(heard.from, second);
        drop(page);
        assert!(boards.is_empty(), "an entry outlived its users");
    }

    /// Across nodes the last bridge to join stays: a bridge of another node that joined later
    /// replaces this node's (no "gone" said: a bridge is there), an earlier one does not; the
    /// order is (time, node) on every node alike.
    #[tokio::test]
    async fn a_bridge_on_another_node_that_joined_later_replaces_this_nodes() {
        let boards = Boards::default();
        let g = game();
        let mut page = boards.listen(&g, Color::White);
        let ours = Joined {
            at_ms: 1_000,
            origin: 5,
        };
        let conn = boards.connection();
        let token = boards.joined_at(&g, Color::White, conn, ours);
        // Earlier elsewhere, or the same time from a node of a lower number: ours stays.
        for earlier in [
            Joined {
                at_ms: 999,
                origin: 9,
            },
            Joined {
                at_ms: 1_000,
                origin: 4,
            },
        ] {
            boards.bridge_joined_elsewhere(&g, Color::White, earlier);
            assert!(!token.is_cancelled(), "{earlier:?}");
        }
        // Another board's bridge, or the other side's: nothing.
        boards.bridge_joined_elsewhere(
            &g,
            Color::Black,
            Joined {
                at_ms: 2_000,
                origin: 1,
            },
        );
        assert!(!token.is_cancelled());
        // Later elsewhere: ours is replaced, and its leaving says nothing.
        boards.bridge_joined_elsewhere(
            &g,
            Color::White,
            Joined {
                at_ms: 1_000,
                origin: 6,
            },
        );
        assert!(token.is_cancelled());
        boards.bridge_left(&g, Color::White, conn);
        let quiet = tokio::time::timeout(std::time::Duration::from_millis(20), page.next());
        assert!(quiet.await.is_err(), "a bridge gone was said");
    }

    #[test]
    fn the_player_hears_of_his_board_and_his_assistant_of_whose() {
        let n = Notice::Status(BoardStatus::Connected);
        assert_eq!(
            n.text(Color::White, Seat::White, Lang::En),
            "Your electronic board is connected."
        );
        assert_eq!(
            n.text(Color::White, Seat::WhiteAssistant, Lang::En),
            "White's electronic board is connected."
        );
        let refused = Notice::Refused {
            code: "touch_move",
            message: "You must move the knight.".to_owned(),
        };
        match refused.message(Color::White, Seat::White, Lang::En) {
            ServerMsg::BoardStatus {
                status, code, text, ..
            } => {
                assert_eq!((status, code), ("refused", Some("touch_move")));
                assert!(text.ends_with("You must move the knight."), "{text}");
            }
            _ => panic!("not a board status"),
        }
    }

    #[test]
    fn every_notice_goes_over_the_bus_and_back_unchanged() {
        use crate::eboard::assemble::Mismatch;
        use shakmaty::{Piece, Square};
        let notices = [
            Notice::Status(BoardStatus::Connected),
            Notice::Status(BoardStatus::PromotionNeeded {
                from: Square::G7,
                to: Square::G8,
            }),
            Notice::Status(BoardStatus::Mismatch(Mismatch {
                missing: vec![(Square::E5, Piece::from_char('p').expect("a piece"))],
                extra: vec![(Square::H4, None)],
                wrong: Vec::new(),
            })),
            Notice::Refused {
                code: "touch_move",
                message: "Berührt, geführt.".to_owned(),
            },
            Notice::BridgeGone,
        ];
        for n in notices {
            assert_eq!(Notice::from_bus(&n.to_bus()).as_ref(), Some(&n), "{n:?}");
        }
        // What does not read is dropped, not guessed.
        assert_eq!(
            Notice::from_bus(&json!({"type": "board_status", "status": "exploded"})),
            None
        );
        assert_eq!(Notice::from_bus(&json!({"type": "refused"})), None);
        assert_eq!(Notice::from_bus(&json!({"type": "other"})), None);
    }
}
