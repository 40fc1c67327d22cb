//! A follower's order to the owner (`docs/scale-out.md`): on a node that only follows a game,
//! the asker's own task sends the client's message (or the seat's arrival) to the node that
//! owns the game, over NATS request/reply, and waits for its answer, said there in the asker's
//! language. While no owner answers, the game's task is told (it claims the game once the
//! lease has run out) and the message is sent again, for up to two leases; then the asker
//! hears `game_unavailable`, and the owner no longer applies it (its deadline).

use crate::announce::Lang;
use crate::game::Seat;
use crate::server::cluster::bus::{Answer, Cluster, Forwarded, command_subject, wall_ms};
use crate::server::render::reply::{Acted, Refused};
use crate::server::wire::ErrorCode;
use crate::store::GameId;

/// What goes to the owner.
pub(super) enum Message {
    /// The client's message as it came (the owner maps it to an order, as a session does).
    Client(String),
    /// The seat connected to a game that waits for the start: its arrival, which no client
    /// message carries.
    Arrival,
}

/// Sends `message` of `seat` to the owner of game `id` and waits for its answer in `lang`;
/// `owner_silent` tells the game's task each time no owner answered.
pub(super) async fn to_owner(
    cluster: &Cluster,
    id: &GameId,
    seat: Seat,
    lang: Lang,
    message: Message,
    owner_silent: impl Fn(),
) -> Result<Acted, Refused> {
    let unavailable = || Err(Refused::new(lang, ErrorCode::GameUnavailable, &[]));
    // The owner applies it only until a quarter of the wait before this node gives up.
    let wait = 2 * cluster.lease + cluster.request_timeout;
    let (text, arrival) = match message {
        Message::Client(text) => (text, false),
        Message::Arrival => (String::new(), true),
    };
    let fwd = Forwarded {
        cmd: cluster.command_id(),
        seat: seat.key().to_owned(),
        lang: lang.code().to_owned(),
        text,
        arrival,
        deadline_ms: Some(wall_ms() + (wait - wait / 4).as_millis() as u64),
    };
    let Ok(payload) = serde_json::to_vec(&fwd) else {
        return unavailable();
    };
    let subject = command_subject(id);
    let give_up = tokio::time::Instant::now() + wait;
    loop {
        let asked = cluster
            .client
            .request(subject.clone(), payload.clone().into());
        match tokio::time::timeout(cluster.request_timeout, asked).await {
            Ok(Ok(msg)) => {
                return serde_json::from_slice::<Answer>(&msg.payload)
                    .map(Answer::acted)
                    .unwrap_or_else(|_| unavailable());
            }
            other => {
                tracing::debug!(game = %id, "no owner answered: {other:?}");
                owner_silent();
                if tokio::time::Instant::now() >= give_up {
                    return unavailable();
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        }
    }
}
