//! A follower's order to the owner (`docs/scale-out.md`): on a node that only follows a game,
//! the asker's own task sends the seat's order, typed as its session mapped it (a seat's
//! arrival too), to the node that owns the game, over NATS request/reply, and waits for its
//! answer: the game's reply in no language, said by the caller in the asker's language as a
//! local game's reply is. While no owner answers, the game's task is told (it claims the game
//! once the lease has run out) and the order is sent again, for up to two leases; then the
//! asker hears `game_unavailable`, and the owner no longer applies it (its deadline).

use crate::game::Seat;
use crate::server::cluster::bus::{Cluster, Forwarded, command_subject, wall_ms};
use crate::server::cluster::reply_codec::Answer;
use crate::server::render::reply::{Confirmation, Refusal, Reply};
use crate::server::wire::ErrorCode;
use crate::store::{GameId, N};
use crate::table::Order;

/// Sends `order` of `seat` (with the second step it asks for) to the owner of game `id` and
/// waits for its reply; `owner_silent` tells the game's task each time no owner answered.
pub(super) async fn to_owner(
    cluster: &Cluster,
    id: &GameId,
    seat: Seat,
    order: &Order,
    confirm: Option<Confirmation>,
    owner_silent: impl Fn(),
) -> Reply {
    let unavailable = || Err(Refusal::server(ErrorCode::GameUnavailable));
    // The owner applies it only until a quarter of the wait before this node gives up.
    let wait = 2 * cluster.lease + cluster.request_timeout;
    let fwd = Forwarded {
        cmd: cluster.command_id(),
        seat: N(seat),
        order: order.into(),
        confirm: confirm.map(Into::into),
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
                let read = serde_json::from_slice::<Answer>(&msg.payload)
                    .map_err(|e| e.to_string())
                    .and_then(|a| a.reply().map_err(|e| e.to_string()));
                return read.unwrap_or_else(|e| {
                    tracing::warn!(game = %id, "the owner's answer does not read: {e}");
                    unavailable()
                });
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
