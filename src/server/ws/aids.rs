//! A connection's practice aids in a game against the computer (issue 34): `hint` and `eval`,
//! answered by the engine ([`crate::server::opponent::aid`]) on a task of their own, so that
//! the session goes on answering pings and sending events while the engine thinks; one at a
//! time per connection (another meanwhile is `engine_busy`).

use serde_json::Value;
use tokio::sync::mpsc;

use crate::game::Seat;
use crate::server::app::AppState;
use crate::server::host::actor::GameHandle;
use crate::server::opponent::{Aid, AidRefused, Aided, aid};

/// An aid's answer for the request `id`.
pub(super) type Answered = (Value, Result<Aided, AidRefused>);

/// The aids under way for one connection.
pub(super) struct Aids {
    tx: mpsc::Sender<Answered>,
    rx: mpsc::Receiver<Answered>,
    /// An aid is being answered.
    busy: bool,
}

impl Default for Aids {
    fn default() -> Aids {
        let (tx, rx) = mpsc::channel(1);
        Aids {
            tx,
            rx,
            busy: false,
        }
    }
}

/// Who asks, and in which words he hears the answer.
pub(super) struct Asker {
    pub(super) app: AppState,
    pub(super) handle: GameHandle,
    pub(super) seat: Seat,
    pub(super) lang: crate::announce::Lang,
    pub(super) captured: bool,
}

impl Aids {
    /// Starts answering `what` for request `id`; `false` when an aid is already under way.
    pub(super) fn start(&mut self, asker: Asker, id: Value, what: Aid) -> bool {
        if self.busy {
            return false;
        }
        self.busy = true;
        let tx = self.tx.clone();
        let tracker = asker.app.0.tracker.clone();
        tracker.spawn(async move {
            let Asker {
                app,
                handle,
                seat,
                lang,
                captured,
            } = asker;
            let answer = aid(&app, &handle, seat, lang, captured, what).await;
            // The connection may have gone meanwhile: then nobody waits for the answer.
            let _ = tx.send((id, answer)).await;
        });
        true
    }

    /// The next answer (never, while none is under way).
    pub(super) async fn next(&mut self) -> Answered {
        if !self.busy {
            return std::future::pending().await;
        }
        match self.rx.recv().await {
            Some(answered) => {
                self.busy = false;
                answered
            }
            // Not reached: this holds a sender.
            None => std::future::pending().await,
        }
    }
}
