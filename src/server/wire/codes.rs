//! Every error code the server sends, as one enum with its stable name on the wire
//! (`snake_case`, by strum): refusals of the table and the desk, protocol errors of the
//! WebSocket, HTTP errors, recordings, exports and voice input. `docs/protocol.md` lists the
//! same codes, and each has its sentence `error-<code>` in `locales/<lang>/` (a test holds all
//! three to each other). Codes made in the pure core (`Refusal::code` and the like) are the
//! same names, met here at the boundary.

/// An error code on the wire.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    strum::EnumIter,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::Display,
)]
#[strum(serialize_all = "snake_case")]
pub enum ErrorCode {
    AddressBusy,
    AddressRecordingsFull,
    AddressUnstartedGames,
    Adjourned,
    AdjournmentPending,
    AlreadyAuthenticated,
    AlreadyStarted,
    AmbiguousMove,
    AssistantOwnMove,
    AudioTooLarge,
    AudioUnavailable,
    BadAudioType,
    BadJson,
    BadToken,
    BadUci,
    BoardImpossible,
    BoardsAgree,
    BrailleFailed,
    BrailleMissing,
    CaseOpen,
    CrossSite,
    EboardPlayersOnly,
    EmptyAudio,
    EngineBadAnswer,
    EngineBusy,
    EngineCrashed,
    EngineNoLegalMove,
    EngineNotAnEngine,
    EngineTimedOut,
    EngineUnavailable,
    EngineUnknownLevel,
    EntryTooLong,
    FixEmptySquare,
    FixOccupied,
    Flood,
    Forbidden,
    GameDamaged,
    GameHasMoves,
    GameOver,
    GameNotOver,
    GamePaused,
    GameUnavailable,
    HelloRequired,
    HelloTimeout,
    IdleTimeout,
    IllegalMove,
    Internal,
    InvalidField,
    InvalidPairings,
    InvalidRequest,
    InvalidResult,
    InvalidSetting,
    InvalidText,
    InvalidTime,
    InvalidUtf8,
    JsonRequired,
    LowDiskSpace,
    MessageUnfinished,
    MissingField,
    MoveNotMade,
    MoveReleased,
    NoAdjournment,
    NoCase,
    NoEnvelope,
    NoFlagFallen,
    NoOffer,
    NoPieceLifted,
    NoStartingRanks,
    NoSuchBoard,
    NoSuchSeat,
    NoTouch,
    NoSuchSlot,
    NoTouchReported,
    NotAdjourned,
    NotFixing,
    NotFound,
    NotPaused,
    NotPhysical,
    NotPractice,
    NotSealer,
    NotStarted,
    NotUnderstood,
    NotVisuallyImpaired,
    NotYourBoard,
    NotYourTurn,
    NothingSealed,
    NothingToUndo,
    NothingToRepeat,
    NothingToStrike,
    NothingToTakeBack,
    OfferNotNow,
    OfferPending,
    OwnFlagFellFirst,
    PlyBeyondGame,
    RateLimited,
    ReasonRequired,
    RecordingsFull,
    Replaced,
    ResultUnchanged,
    RoundTooLarge,
    RulingChanged,
    ServerBusy,
    SheetTooLong,
    SheetsBehind,
    SheetsEmpty,
    ShuttingDown,
    StorageFailed,
    TooLarge,
    TooLateToCorrect,
    TooManyConnections,
    TooManyCorrections,
    TooManyGames,
    TooManyRecordings,
    TooManySpectators,
    TooManyUnstartedGames,
    TouchMove,
    Unauthorized,
    UnknownAudio,
    UnknownPath,
    UnknownType,
    UnsupportedFrame,
    UnsupportedVersion,
    VoiceBusy,
    VoiceFailed,
    VoiceNoQuestion,
    VoiceNotListening,
    VoiceSeatsOnly,
    VoiceStale,
    VoiceTooLong,
    VoiceUnavailable,
}

impl ErrorCode {
    /// The code's name on the wire.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The code a lower layer names (the pure core, the I/O adapters): always one of these;
    /// an unknown name (a bug) is logged and answered as `internal`.
    pub fn named(name: &str) -> ErrorCode {
        name.parse().unwrap_or_else(|_| {
            tracing::error!("an error code the protocol does not know: {name}");
            ErrorCode::Internal
        })
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use strum::IntoEnumIterator;

    use super::ErrorCode;
    use crate::announce::Lang;

    /// A backquoted code, perhaps after its HTTP status (`` `503 server_busy` ``).
    fn codes_in(text: &str) -> Vec<String> {
        text.split('`')
            .skip(1)
            .step_by(2)
            .map(|q| match q.split_once(' ') {
                Some((status, code))
                    if status.len() == 3 && status.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    code
                }
                _ => q,
            })
            .filter(|c| {
                c.starts_with(|ch: char| ch.is_ascii_lowercase())
                    && c.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            })
            .map(str::to_owned)
            .collect()
    }

    /// Every code `docs/protocol.md` documents: the first column of each table headed
    /// `| code |`, and the paragraph of the codes only HTTP answers.
    fn documented() -> BTreeSet<String> {
        let doc = include_str!("../../../docs/protocol.md");
        let mut codes = BTreeSet::new();
        let mut in_table = false;
        for line in doc.lines() {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            if cells.len() > 2 && cells[1] == "code" {
                in_table = true;
                continue;
            }
            if !line.starts_with('|') {
                in_table = false;
            }
            if in_table {
                codes.extend(codes_in(cells[1]));
            }
        }
        let http_only = doc
            .split("\n\n")
            .find(|p| p.starts_with("HTTP only:"))
            .expect("protocol.md lists the codes only HTTP answers");
        codes.extend(codes_in(http_only));
        codes
    }

    #[test]
    fn every_documented_code_is_a_code_and_every_code_is_documented() {
        let documented = documented();
        assert!(documented.len() > 80, "read only {documented:?}");
        let in_code: BTreeSet<String> = ErrorCode::iter().map(|c| c.name().to_owned()).collect();
        let undocumented: Vec<_> = in_code.difference(&documented).collect();
        let unknown: Vec<_> = documented.difference(&in_code).collect();
        assert!(
            undocumented.is_empty() && unknown.is_empty(),
            "codes not in docs/protocol.md: {undocumented:?}; documented codes not in \
             ErrorCode: {unknown:?}"
        );
    }

    #[test]
    fn names_read_back_and_unknown_names_are_internal() {
        for code in ErrorCode::iter() {
            assert_eq!(ErrorCode::named(code.name()), code);
            assert_eq!(code.to_string(), code.name());
        }
        assert_eq!(ErrorCode::named("no_such_code"), ErrorCode::Internal);
    }

    #[test]
    fn every_decode_error_has_its_code() {
        for e in super::super::DecodeError::iter() {
            let name: &'static str = (&e).into();
            assert_eq!(e.code().name(), name);
        }
    }

    /// Codes whose sentence the layer that finds the problem makes from its own error value,
    /// and one of the messages it says them with.
    const SAID_ELSEWHERE: &[(ErrorCode, &str)] = &[
        // Words not understood or fitting several moves: `say` (announce.ftl).
        (ErrorCode::NotUnderstood, "parse-unknown-word"),
        (ErrorCode::AmbiguousMove, "ambiguous-move"),
        // The BRF export: `braille` (scoresheet.ftl).
        (ErrorCode::BrailleMissing, "braille-missing"),
        (ErrorCode::BrailleFailed, "braille-failed"),
    ];

    #[test]
    fn every_code_has_its_sentence_in_every_language() {
        let messages = crate::words::i18n::Messages::global();
        for code in ErrorCode::iter() {
            let own = format!("error-{}", code.name().replace('_', "-"));
            let elsewhere = SAID_ELSEWHERE.iter().find(|(c, _)| *c == code);
            for lang in [Lang::De, Lang::Tr, Lang::En] {
                match elsewhere {
                    None => assert!(messages.has(lang, &own), "{lang:?}: no {own}"),
                    Some((_, id)) => {
                        assert!(
                            !messages.has(lang, &own),
                            "{lang:?}: {own} is said after all"
                        );
                        assert!(messages.has(lang, id), "{lang:?}: no {id}");
                    }
                }
            }
        }
    }
}
