//! What can go wrong with the computer opponent, as one error type: each variant has its
//! wire code (`code`, the server's `ErrorCode` of the same name) and its sentence
//! (`error-<code>` in `locales/<lang>/engine.ftl`, or the server's own for the codes it
//! shares), so the player is told plainly in his language.

use std::path::PathBuf;
use std::time::Duration;

use crate::announce::Lang;
use crate::words::Speaker;

/// Why the engine gave no move or score.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// A level that is not 1 to 8.
    #[error("there is no level {given}: the levels are 1 to 8")]
    UnknownLevel { given: String },
    /// The engine's program could not be started (no such file, not executable).
    #[error("the engine {} could not be started: {source}", program.display())]
    Unavailable {
        program: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The program started but did not answer `uci` with `uciok` in time (or ended first).
    #[error("{} is not a UCI engine: {reason}", program.display())]
    NotAnEngine { program: PathBuf, reason: String },
    /// As many engines run as may run, and none came free in the time a request waits.
    #[error("every engine is busy ({cap} at most at once; waited {waited:?})")]
    Busy { cap: usize, waited: Duration },
    /// The engine did not answer in time, and neither did a fresh one.
    #[error("the engine did not answer in time ({waiting_for}), even after a restart")]
    TimedOut { waiting_for: String },
    /// The engine's process ended, and a fresh one's too.
    #[error("the engine stopped ({detail}), even after a restart")]
    Crashed { detail: String },
    /// The engine named a move that is not legal (or no move where there are legal ones),
    /// and a fresh one did too.
    #[error("the engine answered {answer:?}, not a legal move, even after a restart")]
    BadAnswer { answer: String },
    /// A move or a hint was asked in a position without a legal move.
    #[error("the position has no legal move")]
    NoLegalMove,
    /// A move given with the position is not legal where it is played.
    #[error("the move {uci} is not legal in its position")]
    IllegalGivenMove { uci: String },
    /// The engines were shut down (the server is stopping).
    #[error("the engines are shut down")]
    ShutDown,
}

impl EngineError {
    /// The wire code (`snake_case`), one of the server's `ErrorCode`s.
    pub fn code(&self) -> &'static str {
        match self {
            EngineError::UnknownLevel { .. } => "engine_unknown_level",
            EngineError::Unavailable { .. } => "engine_unavailable",
            EngineError::NotAnEngine { .. } => "engine_not_an_engine",
            EngineError::Busy { .. } => "engine_busy",
            EngineError::TimedOut { .. } => "engine_timed_out",
            EngineError::Crashed { .. } => "engine_crashed",
            EngineError::BadAnswer { .. } => "engine_bad_answer",
            EngineError::NoLegalMove => "engine_no_legal_move",
            EngineError::IllegalGivenMove { .. } => "illegal_move",
            EngineError::ShutDown => "shutting_down",
        }
    }

    /// The Fluent message that says it: `error-` and the code in kebab case.
    pub fn message_id(&self) -> String {
        format!("error-{}", self.code().replace('_', "-"))
    }

    /// The message's arguments.
    pub fn message_args(&self) -> Vec<(&'static str, String)> {
        match self {
            EngineError::UnknownLevel { given } => vec![("level", given.clone())],
            EngineError::IllegalGivenMove { uci } => vec![("move", uci.clone())],
            _ => Vec::new(),
        }
    }

    /// The error in words, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        Speaker::new(lang).message(&self.message_id(), &self.message_args())
    }

    /// Whether it may pass if tried again later (the player is told to try again).
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            EngineError::Busy { .. } | EngineError::TimedOut { .. } | EngineError::Crashed { .. }
        )
    }
}
