//! Voice input: the player's speech scored against what he can say in the position.
//!
//! Nothing is transcribed freely. [`phrases`] lists the candidates of a position (every legal
//! move, in every form hamle understands, and the spoken commands) in the seat's language;
//! a [`Recognizer`] scores each candidate against the audio; [`policy`] turns the scores into
//! probabilities and decides: play the move, ask "Springer Felix drei? Ja oder nein.", or say
//! that nothing was understood. The recogniser is optional and runs in worker processes
//! ([`worker`]); tests use [`fake::ScriptedRecognizer`]. See `docs/voice.md`.

pub mod fake;
pub mod phrases;
pub mod policy;
pub mod recognizer;
pub mod worker;

pub use phrases::{Candidate, Intent, VoiceCommand, candidates, command_candidates};
pub use policy::{Decision, Policy, Scored, Scores};
pub use recognizer::{Passes, Priority, Recognizer, ScoreRequest, VoiceError, VoiceService};
pub use worker::{WorkerOptions, WorkerPool};

/// The sample rate of the audio a recogniser takes: 16 kHz, mono, signed 16-bit little endian.
pub const SAMPLE_RATE: u32 = 16_000;
