//! How the server speaks: rendered audio for WebSocket clients that ask for it
//! ([`crate::server::audio::rendered`]), the machine's own voice for one seat ([`crate::server::audio::local_voice`]) and the
//! speech recogniser for voice input. What each seat hears is decided in [`crate::server::audio::spoken`].

pub mod local_voice;
pub mod rendered;
pub mod spoken;
pub mod voice_input;

use std::sync::Arc;

use crate::announce::Lang;
use crate::game::Seat;
use crate::server::audio::local_voice::{Listening, LocalSpeech};
use crate::server::audio::rendered::Renderer;
use crate::server::audio::spoken::Heard;
use crate::server::host::actor::GameHandle;
use crate::speech::Espeak;
use crate::store::GameId;

/// How the server speaks: the program that renders audio for clients that ask for it, and
/// (with `hamle serve --speak`) the machine's own voice for one seat. The default: espeak-ng
/// from `PATH` (or `HAMLE_ESPEAK_NG`), no local voice.
#[derive(Default)]
pub struct SpeechConfig {
    /// espeak-ng, for clients that greet with `"audio": true`.
    pub espeak: Espeak,
    /// The seat that listens at the server machine, if any.
    pub local: Option<LocalSpeech>,
    /// The speech recogniser for voice input (`hamle serve --voice-model`), if any.
    pub voice: Option<crate::voice::VoiceService>,
}

impl std::fmt::Debug for SpeechConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SpeechConfig")
            .field("espeak", &self.espeak)
            .field("local", &self.local)
            .field("voice", &self.voice)
            .finish()
    }
}

/// What the server's connections share for speech.
pub(crate) struct ServerSpeech {
    pub renderer: Renderer,
    pub local: Option<Arc<Listening>>,
    pub voice: Option<crate::voice::VoiceService>,
}

impl ServerSpeech {
    pub(crate) fn new(config: SpeechConfig) -> ServerSpeech {
        ServerSpeech {
            renderer: Renderer::new(config.espeak),
            local: config.local.map(|l| Arc::new(Listening::new(l))),
            voice: config.voice,
        }
    }

    /// A game was created or restored.
    pub(crate) fn game_added(&self, handle: &GameHandle) {
        if let Some(local) = &self.local {
            local.game_added(handle);
        }
    }

    /// `seat`'s own action in `game` was refused; `message` is in `lang`.
    pub(crate) fn refused(&self, game: &GameId, seat: Seat, lang: Lang, message: &str) {
        if let Some(local) = &self.local {
            local.hear_own(game, seat, lang, Heard::Refused(message));
        }
    }

    /// A notice of `color`'s electronic board (issue 33): the machine's own voice says it if
    /// it follows that side's player or assistant; `say` makes the sentence for a seat in a
    /// language.
    pub(crate) fn board_notice(
        &self,
        game: &GameId,
        color: shakmaty::Color,
        say: &dyn Fn(Lang, Seat) -> String,
    ) {
        if let Some(local) = &self.local {
            local.board_notice(game, color, say);
        }
    }

    /// `seat` asked to hear the last thing again.
    pub(crate) fn repeat(&self, game: &GameId, seat: Seat) {
        if let Some(local) = &self.local {
            local.repeat(game, seat);
        }
    }
}
