//! Speech: hamle's sentences as text, through the machine's own voice, or as rendered audio.
//!
//! Every sentence is made elsewhere (by [`crate::say`], from Fluent); this module only carries it
//! to an ear. Three outputs implement [`SpeechOutput`]:
//!
//! - [`TextOutput`]: the sentence as it is, for remote clients whose own screen reader or browser
//!   voice speaks it (the default);
//! - [`Espeak`]: rendered audio (WAV) from the `espeak-ng` command line, for a client with no
//!   speech engine of its own; [`Espeak::stream`] hands out the bytes as they are synthesised;
//! - `SystemVoice` (cargo feature `system-voice`): the machine's own voice through the `tts`
//!   crate (Speech Dispatcher, SAPI, AVFoundation), for a seat that listens at the server machine.
//!
//! What is said when is decided by [`SpeechQueue`], a pure type: a refusal or a flag warning
//! interrupts what is being said, a move is never dropped, and "repeat" says the last thing
//! again. The system voice runs it on its own thread; a server can run one per client.
//!
//! ```
//! use hamle::announce::{Lang, Style};
//! use hamle::speech::{Kind, SpeechOutput, TextOutput, Utterance};
//! use shakmaty::Chess;
//! use shakmaty::uci::UciMove;
//!
//! let pos = Chess::default();
//! let m = "g1f3".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
//! let u = Utterance::for_move(Lang::De, &pos, m, Style::Short);
//! assert_eq!(u.kind, Kind::Move);
//! assert_eq!(TextOutput.speak(&u).unwrap(), "Springer Felix drei");
//! ```

mod espeak;
mod queue;
#[cfg(feature = "system-voice")]
mod system;
mod text;
pub mod wav;

pub use espeak::{AudioStream, Espeak};
pub use queue::{Command, SpeechQueue, Ticket};
#[cfg(feature = "system-voice")]
pub use system::{SystemVoice, SystemVoiceOptions, VoiceEvent};
pub use text::TextOutput;
pub use wav::Wav;

use std::fmt;
use std::path::Path;

use shakmaty::{Chess, Move};

use crate::announce::{Lang, Style};
use crate::words::speaker::Speaker;

/// What an utterance is, which decides how the queue treats it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A move (the opponent's, or the player's own confirmed). Never dropped.
    Move,
    /// The end of the game. Never dropped.
    GameEnd,
    /// A change of the game's state announced to everyone (the arbiter pauses or resumes the
    /// game). Never dropped; does not interrupt.
    Notice,
    /// An answer to the player's own request (time, move count, board query). Dropped if a
    /// refusal or warning interrupts it.
    Answer,
    /// A refused announcement and its reason. Interrupts whatever is being said.
    Refusal,
    /// A warning the player opted into (flag about to fall). Interrupts whatever is being said.
    Warning,
}

impl Kind {
    /// Interrupts what is being said.
    pub fn is_urgent(self) -> bool {
        matches!(self, Kind::Refusal | Kind::Warning)
    }

    /// Must be said in full, even after an interruption.
    pub fn is_kept(self) -> bool {
        matches!(self, Kind::Move | Kind::GameEnd | Kind::Notice)
    }

    /// The stable name on the wire (`audio` messages of the play protocol).
    pub fn key(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::GameEnd => "game_end",
            Kind::Notice => "notice",
            Kind::Answer => "answer",
            Kind::Refusal => "refusal",
            Kind::Warning => "warning",
        }
    }
}

/// One sentence to say, already localised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Utterance {
    pub lang: Lang,
    pub kind: Kind,
    pub text: String,
}

impl Utterance {
    pub fn new(lang: Lang, kind: Kind, text: impl Into<String>) -> Utterance {
        Utterance {
            lang,
            kind,
            text: text.into(),
        }
    }

    /// The sentence for legal move `m` in `pos`.
    pub fn for_move(lang: Lang, pos: &Chess, m: Move, style: Style) -> Utterance {
        Utterance::new(lang, Kind::Move, Speaker::new(lang).say_move(pos, m, style))
    }
}

/// A way of saying utterances.
///
/// `Output` is what saying produces: the text itself, rendered audio, or nothing (the machine's
/// voice speaks it).
pub trait SpeechOutput {
    type Output;

    /// Says `utterance` (or hands back its rendering).
    fn speak(&mut self, utterance: &Utterance) -> Result<Self::Output, SpeechError>;

    /// Stops what is being said now. Outputs that render (text, audio) have nothing to stop.
    fn stop(&mut self) -> Result<(), SpeechError> {
        Ok(())
    }
}

/// Why speech failed. [`SpeechError::message`] says it to the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpeechError {
    /// The `espeak-ng` program is not installed (or not on `PATH`).
    EspeakMissing,
    /// `espeak-ng` ran but failed; `detail` is its own (English) diagnostic.
    EspeakFailed { detail: String },
    /// This binary was built without the `system-voice` feature.
    SystemVoiceNotBuilt,
    /// The system voice could not be started or failed while speaking.
    SystemVoiceFailed { detail: String },
    /// The system voice has no voice for a language.
    NoVoiceForLanguage { lang: Lang },
    /// The system voice did not report the end of an utterance in time.
    SystemVoiceTimeout,
    /// An audio file could not be written.
    WriteFailed { path: String, detail: String },
}

impl SpeechError {
    /// The error in words, in `lang` (from `locales/<lang>/speech.ftl`).
    pub fn message(&self, lang: Lang) -> String {
        let speaker = Speaker::new(lang);
        match self {
            SpeechError::EspeakMissing => speaker.message("speech-espeak-missing", &[]),
            SpeechError::EspeakFailed { detail } => {
                speaker.message("speech-espeak-failed", &[("detail", detail.clone())])
            }
            SpeechError::SystemVoiceNotBuilt => {
                speaker.message("speech-system-voice-not-built", &[])
            }
            SpeechError::SystemVoiceFailed { detail } => {
                speaker.message("speech-system-voice-failed", &[("detail", detail.clone())])
            }
            SpeechError::NoVoiceForLanguage { lang: missing } => speaker.message(
                "speech-no-voice",
                &[("language", speaker.message(language_id(*missing), &[]))],
            ),
            SpeechError::SystemVoiceTimeout => speaker.message("speech-system-voice-timeout", &[]),
            SpeechError::WriteFailed { path, detail } => speaker.message(
                "speech-wav-write-failed",
                &[("path", path.clone()), ("detail", detail.clone())],
            ),
        }
    }
}

/// Renders `utterance` with espeak-ng into a WAV file at `path` (`hamle say --wav`).
pub fn write_wav(utterance: &Utterance, path: &Path) -> Result<(), SpeechError> {
    let wav = Espeak::new().render(utterance)?;
    std::fs::write(path, wav.as_bytes()).map_err(|e| SpeechError::WriteFailed {
        path: path.display().to_string(),
        detail: e.to_string(),
    })
}

/// Says `utterance` through the system voice and waits until it has been said
/// (`hamle say --speak`).
#[cfg(feature = "system-voice")]
pub fn speak_and_wait(utterance: &Utterance) -> Result<(), SpeechError> {
    use std::time::Duration;
    let (voice, events) = SystemVoice::start(SystemVoiceOptions::new(&[utterance.lang]))?;
    voice.say(utterance.clone());
    loop {
        match events.recv_timeout(Duration::from_secs(30)) {
            Ok(VoiceEvent::Begin { .. }) => {}
            Ok(VoiceEvent::End { .. } | VoiceEvent::Stopped { .. }) => return Ok(()),
            Ok(VoiceEvent::Failed { error, .. }) => return Err(error),
            Err(_) => return Err(SpeechError::SystemVoiceTimeout),
        }
    }
}

/// Without the `system-voice` feature there is no system voice: the error says how to build
/// one in.
#[cfg(not(feature = "system-voice"))]
pub fn speak_and_wait(_utterance: &Utterance) -> Result<(), SpeechError> {
    Err(SpeechError::SystemVoiceNotBuilt)
}

fn language_id(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "speech-language-de",
        Lang::Tr => "speech-language-tr",
        Lang::En => "speech-language-en",
    }
}

impl fmt::Display for SpeechError {
    /// English, for logs; users get [`SpeechError::message`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for SpeechError {}
