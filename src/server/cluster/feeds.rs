//! A game's two feeds off the bus, read into typed values, so that the game's task never sees
//! NATS: the owner's committed events ([`EventFeed`], every node that holds the game) and the
//! orders other nodes forward to the owner ([`OrderFeed`], the owner only), each answered
//! through the feed it came by.

use futures_util::StreamExt;

use super::bus::{Cluster, Forwarded, WireEvent, command_subject, event_subject};
use super::reply_codec::Answer;
use crate::game::Recorded;
use crate::server::render::reply::Refusal;
use crate::server::wire::ErrorCode;
use crate::store::{GameId, RecordError};

/// The node's subscription to `subject` (the bus's error as text: it is only logged).
async fn subscribe(cluster: &Cluster, subject: String) -> Result<async_nats::Subscriber, String> {
    cluster
        .client
        .subscribe(subject)
        .await
        .map_err(|e| e.to_string())
}

/// One event the owner published, read: its number, and the event unless it does not read.
pub(crate) struct HeardEvent {
    pub(crate) seq: u64,
    pub(crate) recorded: Result<Recorded, RecordError>,
}

/// What one message on a game's event subject carried.
pub(crate) enum Heard {
    /// The owner's committed events, in order.
    Events(Vec<HeardEvent>),
    /// A message that is not a list of events (it is ignored; a later gap is read from the
    /// store).
    Unreadable,
}

/// The owner's committed events of one game, as every node that holds the game hears them.
pub(crate) struct EventFeed {
    sub: async_nats::Subscriber,
}

impl EventFeed {
    /// Subscribes to the game's events (done before the node catches up from the store, so
    /// that nothing committed in between is missed).
    pub(crate) async fn open(cluster: &Cluster, game: &GameId) -> Result<EventFeed, String> {
        let sub = subscribe(cluster, event_subject(game)).await?;
        Ok(EventFeed { sub })
    }

    /// The next message, read (`None` once the subscription ended).
    pub(crate) async fn next(&mut self) -> Option<Heard> {
        let msg = self.sub.next().await?;
        Some(
            match serde_json::from_slice::<Vec<WireEvent>>(&msg.payload) {
                Ok(events) => Heard::Events(
                    events
                        .into_iter()
                        .map(|ev| HeardEvent {
                            seq: ev.seq,
                            recorded: ev.recorded(),
                        })
                        .collect(),
                ),
                Err(_) => Heard::Unreadable,
            },
        )
    }
}

/// Where the answer to one forwarded order goes.
pub(crate) struct ReplyTo(async_nats::Subject);

/// The orders other nodes forward to the owner of one game.
pub(crate) struct OrderFeed {
    sub: async_nats::Subscriber,
    client: async_nats::Client,
    game: GameId,
}

impl OrderFeed {
    /// Takes the game's forwarded orders (the owner, once it holds the lease).
    pub(crate) async fn open(cluster: &Cluster, game: &GameId) -> Result<OrderFeed, String> {
        let sub = subscribe(cluster, command_subject(game)).await?;
        Ok(OrderFeed {
            sub,
            client: cluster.client.clone(),
            game: game.clone(),
        })
    }

    /// The next forwarded order that reads and can be answered (`None` once the subscription
    /// ended). An envelope that does not read (a node of another version, a damaged message)
    /// is answered `internal` at once: its sender would otherwise wait two leases for an
    /// owner; nothing is applied.
    pub(crate) async fn next(&mut self) -> Option<(Forwarded, ReplyTo)> {
        loop {
            let msg = self.sub.next().await?;
            let Some(reply_to) = msg.reply.map(ReplyTo) else {
                continue;
            };
            match serde_json::from_slice::<Forwarded>(&msg.payload) {
                Ok(fwd) => return Some((fwd, reply_to)),
                Err(e) => {
                    tracing::warn!(game = %self.game, "a forwarded command that does not read: refused ({e})");
                    let refused = Answer::of(&Err(Refusal::server(ErrorCode::Internal)));
                    self.answer(reply_to, &refused).await;
                }
            }
        }
    }

    /// Sends the owner's answer to the order's sender.
    pub(crate) async fn answer(&self, to: ReplyTo, answer: &Answer) {
        let Ok(payload) = serde_json::to_vec(answer) else {
            return;
        };
        if let Err(e) = self.client.publish(to.0, payload.into()).await {
            tracing::warn!(game = %self.game, "could not answer a forwarded command: {e}");
        }
    }
}
