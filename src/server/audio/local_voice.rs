//! The machine's own voice for one seat: `hamle serve --speak SEAT`.
//!
//! For a laptop or small computer at the board: what [`crate::server::audio::spoken::spoken_to`] says that
//! seat hears is said aloud through the system voice (feature `system-voice`), through its
//! [`crate::speech::SpeechQueue`] (a refusal interrupts, a move is never dropped).
//!
//! Which game: `--speak-game ID` follows that game; without it the voice follows the newest
//! game (the one created last, restored or not), and moves on to each game created after it.
//! It listens like a spectator (it never takes the seat's place), speaks the game's events as
//! that seat hears them, in `--speak-lang`, and the refusals and `repeat` requests of that
//! seat's own WebSocket connection in that game (refusals in the connection's language).

use std::fmt;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast::error::RecvError;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use crate::announce::Lang;
use crate::game::Seat;
use crate::server::audio::spoken::{Heard, spoken_to};
use crate::server::host::actor::{Backlog, GameHandle};
use crate::speech::{SpeechError, Utterance};
use crate::store::GameId;

/// A voice that says utterances through a queue (the system voice; a recorder in tests).
pub trait Voice: Send + Sync {
    /// Queues an utterance (a refusal or a warning interrupts; moves are never dropped).
    fn say(&self, utterance: Utterance);
    /// Says the last thing again.
    fn repeat(&self);
}

#[cfg(feature = "system-voice")]
impl Voice for crate::speech::SystemVoice {
    fn say(&self, utterance: Utterance) {
        crate::speech::SystemVoice::say(self, utterance);
    }

    fn repeat(&self) {
        crate::speech::SystemVoice::repeat(self);
    }
}

/// The seat that listens at the server machine, and its voice.
pub struct LocalSpeech {
    pub seat: Seat,
    /// The language the game's events are said in.
    pub lang: Lang,
    /// The game to follow; `None`: the newest game, and each game created after it.
    pub game: Option<GameId>,
    pub voice: Box<dyn Voice>,
}

impl fmt::Debug for LocalSpeech {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LocalSpeech")
            .field("seat", &self.seat)
            .field("lang", &self.lang)
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

/// `hamle serve --speak SEAT --speak-lang L --speak-rate R --speak-volume V --speak-game ID`.
#[derive(Clone, Debug, PartialEq)]
pub struct SpeakOptions {
    pub seat: Seat,
    pub lang: Lang,
    /// 1.0 is the voice's normal rate, 0.0 its slowest, 2.0 its fastest.
    pub rate: Option<f32>,
    /// 0.0 (the engine's minimum) to 1.0 (its maximum).
    pub volume: Option<f32>,
    pub game: Option<GameId>,
}

impl SpeakOptions {
    /// Starts the system voice and chooses its voice (a few seconds with Speech Dispatcher:
    /// done once, before the server starts).
    #[cfg(feature = "system-voice")]
    pub fn start(self) -> Result<LocalSpeech, SpeechError> {
        use crate::speech::{SystemVoice, SystemVoiceOptions};
        let (voice, _events) = SystemVoice::start(SystemVoiceOptions {
            langs: vec![self.lang],
            rate: self.rate,
            volume: self.volume,
        })?;
        Ok(LocalSpeech {
            seat: self.seat,
            lang: self.lang,
            game: self.game,
            voice: Box::new(voice),
        })
    }

    /// Without the `system-voice` feature there is no system voice: the error says how to
    /// build one in.
    #[cfg(not(feature = "system-voice"))]
    pub fn start(self) -> Result<LocalSpeech, SpeechError> {
        Err(SpeechError::SystemVoiceNotBuilt)
    }
}

/// The running local voice, shared by the server's connections.
pub(crate) struct Listening {
    local: LocalSpeech,
    /// The game being followed now.
    followed: Mutex<Option<GameId>>,
    /// The game added last.
    newest: watch::Sender<Option<GameHandle>>,
}

impl Listening {
    pub(crate) fn new(local: LocalSpeech) -> Listening {
        Listening {
            local,
            followed: Mutex::new(None),
            newest: watch::Sender::new(None),
        }
    }

    /// The game the voice must follow, if it names one.
    pub(crate) fn fixed_game(&self) -> Option<&GameId> {
        self.local.game.as_ref()
    }

    /// Says (in the voice's language) that `id` is not a game of this server.
    pub(crate) fn no_such_game(&self, id: &GameId) -> String {
        crate::words::text(
            self.local.lang,
            "speech-no-such-game",
            &[("id", id.to_string())],
        )
    }

    pub(crate) fn game_added(&self, handle: &GameHandle) {
        if self.local.game.is_none() {
            self.newest.send_replace(Some(handle.clone()));
        }
    }

    fn follows(&self, game: &GameId, seat: Seat) -> bool {
        seat == self.local.seat
            && self
                .followed
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .as_ref()
                == Some(game)
    }

    /// Something said to `seat`'s own connection in `game` (a refusal, an answer).
    pub(crate) fn hear_own(&self, game: &GameId, seat: Seat, lang: Lang, heard: Heard<'_>) {
        if self.follows(game, seat)
            && let Some(u) = spoken_to(seat, lang, heard)
        {
            self.local.voice.say(u);
        }
    }

    /// A notice of `color`'s electronic board, said if the voice follows that side's player
    /// or assistant in `game`.
    pub(crate) fn board_notice(
        &self,
        game: &GameId,
        color: shakmaty::Color,
        say: &dyn Fn(Lang, Seat) -> String,
    ) {
        for seat in [Seat::player(color), Seat::assistant(color)] {
            if self.follows(game, seat) {
                let text = say(self.local.lang, seat);
                self.hear_own(game, seat, self.local.lang, Heard::Board(&text));
            }
        }
    }

    pub(crate) fn repeat(&self, game: &GameId, seat: Seat) {
        if self.follows(game, seat) {
            self.local.voice.repeat();
        }
    }

    fn set_followed(&self, game: Option<GameId>) {
        *self.followed.lock().unwrap_or_else(|p| p.into_inner()) = game;
    }
}

/// Follows games and speaks their events for the seat, until the server shuts down.
/// `first` is the game followed at start-up (`--speak-game`'s, or the newest one).
pub(crate) async fn follow(
    shutdown: CancellationToken,
    first: Option<GameHandle>,
    listening: Arc<Listening>,
) {
    let seat = listening.local.seat;
    let lang = listening.local.lang;
    let fixed = listening.local.game.is_some();
    let mut newest = listening.newest.subscribe();
    // A game followed at start-up is spoken from now on; a game created later from its first
    // event (it may have begun before this task looked).
    let mut from_start = false;
    let mut current = first;
    loop {
        let Some(handle) = current.take() else {
            listening.set_followed(None);
            if fixed {
                return;
            }
            tokio::select! {
                _ = shutdown.cancelled() => return,
                changed = newest.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    current = newest.borrow_and_update().clone();
                    from_start = true;
                    continue;
                }
            }
        };
        // As a spectator: the seat's own connection is never replaced.
        let since = from_start.then_some(0);
        let Some(mut joined) = handle.connect(Seat::Spectator, since).await else {
            continue;
        };
        listening.set_followed(Some(handle.id.clone()));
        tracing::info!(game = %handle.id, %seat, %lang, "the system voice speaks for this seat");
        if let Backlog::Events(events) = &joined.backlog {
            for p in events {
                if let Some(u) = spoken_to(seat, lang, Heard::Event(p)) {
                    listening.local.voice.say(u);
                }
            }
        }
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => return,
                changed = newest.changed(), if !fixed => {
                    if changed.is_err() {
                        return;
                    }
                    current = newest.borrow_and_update().clone();
                    from_start = true;
                    break;
                }
                ev = joined.events.recv() => match ev {
                    Ok(p) => {
                        if let Some(u) = spoken_to(seat, lang, Heard::Event(&p)) {
                            listening.local.voice.say(u);
                        }
                    }
                    Err(RecvError::Lagged(n)) => {
                        tracing::warn!(game = %handle.id, "the system voice missed {n} events");
                    }
                    // The game's task is gone (shutting down).
                    Err(RecvError::Closed) => break,
                }
            }
        }
    }
}
