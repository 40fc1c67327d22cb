//! The UCI protocol as text, both ways and without I/O: an engine's line read into an
//! [`EngineLine`], and the commands hamle sends written out.
//!
//! Reading is tolerant the way the protocol asks: tokens a line does not need are skipped,
//! an `info` field whose value does not read is left out, and a line that is no command at
//! all is [`EngineLine::Unknown`] (engines print banners, debug output, or garbage). Only a
//! `bestmove` whose move does not read is an error of its own
//! ([`EngineLine::MalformedBestMove`]): the search is over and its answer is useless.
//! Moves are read as [`UciMove`] here; whether one is legal is asked of shakmaty where the
//! position is known (`super::position`).

use std::fmt::Write as _;
use std::time::Duration;

use shakmaty::uci::UciMove;

/// A score as an engine reports it: always from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns: 100 is about a pawn more for the side to move.
    Centipawns(i32),
    /// Mate in this many moves (not plies); negative: the side to move is mated. `Mate(0)`:
    /// the side to move is checkmated now.
    Mate(i32),
}

/// Whether a reported score is exact or only a bound (the search failed high or low).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// The fields of an `info` line hamle uses (the others are skipped).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    /// Which principal variation this line is about (1 is the best; absent means 1).
    pub multipv: Option<u32>,
    pub score: Option<(Score, Bound)>,
    pub nodes: Option<u64>,
    pub time_ms: Option<u64>,
    pub pv: Vec<UciMove>,
    /// `info string …`: free text, the rest of the line.
    pub string: Option<String>,
}

impl Info {
    /// Whether this line is about the best line (`multipv` 1 or none).
    pub fn is_main_line(&self) -> bool {
        self.multipv.is_none_or(|n| n == 1)
    }
}

/// An option the engine offers (`option name … type …`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionSpec {
    /// As the engine spells it (UCI option names are compared without regard to case).
    pub name: String,
    /// `check`, `spin`, `combo`, `button` or `string`.
    pub kind: String,
    pub default: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    /// A combo's choices.
    pub vars: Vec<String>,
}

impl OptionSpec {
    /// Whether `name` names this option (UCI option names are case-insensitive).
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// A spin option's value within its range (`value` as is when no range is given).
    pub fn clamp(&self, value: i64) -> i64 {
        let value = self.min.map_or(value, |min| value.max(min));
        self.max.map_or(value, |max| value.min(max))
    }
}

/// One line an engine wrote, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    /// `id name …` or `id author …`.
    Id {
        field: String,
        value: String,
    },
    Option(OptionSpec),
    UciOk,
    ReadyOk,
    Info(Box<Info>),
    /// `bestmove <move> [ponder <move>]`; `best` is `None` for `bestmove (none)` (or `0000`,
    /// which some engines write), the answer in a position without a legal move.
    BestMove {
        best: Option<UciMove>,
        ponder: Option<UciMove>,
    },
    /// `bestmove` followed by something that is not a move: the search ended, unusably.
    MalformedBestMove(String),
    /// Anything else: empty lines, banners, `copyprotection`, `registration`, garbage.
    Unknown(String),
}

/// Reads one line an engine wrote (without its line end; a trailing `\r` or blanks are
/// ignored, and tokens may be separated by any run of whitespace).
pub fn parse_line(line: &str) -> EngineLine {
    let mut tokens = line.split_whitespace();
    let Some(command) = tokens.next() else {
        return EngineLine::Unknown(line.to_owned());
    };
    match command {
        "uciok" => EngineLine::UciOk,
        "readyok" => EngineLine::ReadyOk,
        "id" => match tokens.next() {
            Some(field) => EngineLine::Id {
                field: field.to_owned(),
                value: tokens.collect::<Vec<_>>().join(" "),
            },
            None => EngineLine::Unknown(line.to_owned()),
        },
        "option" => parse_option(tokens)
            .map_or_else(|| EngineLine::Unknown(line.to_owned()), EngineLine::Option),
        "info" => EngineLine::Info(Box::new(parse_info(tokens))),
        "bestmove" => parse_best_move(tokens, line),
        _ => EngineLine::Unknown(line.to_owned()),
    }
}

fn parse_best_move<'a>(mut tokens: impl Iterator<Item = &'a str>, line: &str) -> EngineLine {
    let malformed = || EngineLine::MalformedBestMove(line.trim().to_owned());
    let best = match tokens.next() {
        None => return malformed(),
        Some("(none)") => None,
        Some(text) => match text.parse::<UciMove>() {
            Ok(UciMove::Null) => None,
            Ok(m) => Some(m),
            Err(_) => return malformed(),
        },
    };
    // A ponder move that does not read is dropped: hamle never ponders.
    let ponder = match (tokens.next(), tokens.next()) {
        (Some("ponder"), Some(text)) => text.parse().ok().filter(|m| *m != UciMove::Null),
        _ => None,
    };
    EngineLine::BestMove { best, ponder }
}

fn parse_info<'a>(tokens: impl Iterator<Item = &'a str>) -> Info {
    let mut info = Info::default();
    let mut tokens = tokens.peekable();
    while let Some(token) = tokens.next() {
        match token {
            "depth" => info.depth = tokens.next().and_then(|t| t.parse().ok()),
            "seldepth" => info.seldepth = tokens.next().and_then(|t| t.parse().ok()),
            "multipv" => info.multipv = tokens.next().and_then(|t| t.parse().ok()),
            "nodes" => info.nodes = tokens.next().and_then(|t| t.parse().ok()),
            "time" => info.time_ms = tokens.next().and_then(|t| t.parse().ok()),
            "score" => {
                let kind = tokens.next();
                let value = tokens.next().and_then(|t| t.parse::<i32>().ok());
                let score = match (kind, value) {
                    (Some("cp"), Some(cp)) => Some(Score::Centipawns(cp)),
                    (Some("mate"), Some(moves)) => Some(Score::Mate(moves)),
                    _ => None,
                };
                let bound = match tokens.peek() {
                    Some(&"lowerbound") => Bound::Lower,
                    Some(&"upperbound") => Bound::Upper,
                    _ => Bound::Exact,
                };
                if bound != Bound::Exact {
                    tokens.next();
                }
                info.score = score.map(|s| (s, bound));
            }
            "pv" => {
                // The moves up to the first token that is not one (a field after the pv).
                while let Some(m) = tokens.peek().and_then(|t| t.parse::<UciMove>().ok()) {
                    info.pv.push(m);
                    tokens.next();
                }
            }
            "string" => {
                info.string = Some(tokens.by_ref().collect::<Vec<_>>().join(" "));
            }
            // Fields with one value hamle does not use.
            "nps" | "hashfull" | "tbhits" | "sbhits" | "cpuload" | "currmove"
            | "currmovenumber" => {
                tokens.next();
            }
            // Anything else (`wdl w d l`, `refutation …`, `currline …`, unknown words) is
            // skipped a token at a time.
            _ => {}
        }
    }
    info
}

/// Words that end an option's name or value in an `option` line.
const OPTION_WORDS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];

fn parse_option<'a>(tokens: impl Iterator<Item = &'a str>) -> Option<OptionSpec> {
    let mut spec = OptionSpec::default();
    let mut field: Option<&str> = None;
    let mut words: Vec<&str> = Vec::new();
    let finish = |spec: &mut OptionSpec, field: Option<&str>, words: &mut Vec<&str>| {
        let value = words.join(" ");
        words.clear();
        match field {
            Some("name") => spec.name = value,
            Some("type") => spec.kind = value,
            Some("default") => spec.default = Some(value),
            Some("min") => spec.min = value.parse().ok(),
            Some("max") => spec.max = value.parse().ok(),
            Some("var") => spec.vars.push(value),
            _ => {}
        }
    };
    for token in tokens {
        // A keyword starts the next field, except inside a name, which only `type` ends
        // (option names may contain spaces, e.g. `Skill Level`).
        let ends_field =
            OPTION_WORDS.contains(&token) && (field != Some("name") || token == "type");
        if ends_field {
            finish(&mut spec, field, &mut words);
            field = Some(token);
        } else {
            words.push(token);
        }
    }
    finish(&mut spec, field, &mut words);
    (!spec.name.is_empty()).then_some(spec)
}

/// The game's clock as `go` passes it: each side's remaining time and increment, and the
/// moves to the next time control if the control has one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameClock {
    pub white: Duration,
    pub black: Duration,
    pub white_increment: Duration,
    pub black_increment: Duration,
    pub moves_to_go: Option<u32>,
}

/// What a `go` command limits the search to; all given limits hold at once (the engine
/// stops at the first one reached).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub clock: Option<GameClock>,
}

impl Go {
    /// The `go` command.
    pub fn command(&self) -> String {
        let mut go = String::from("go");
        let ms = |d: Duration| d.as_millis();
        if let Some(clock) = &self.clock {
            let _ = write!(
                go,
                " wtime {} btime {} winc {} binc {}",
                ms(clock.white),
                ms(clock.black),
                ms(clock.white_increment),
                ms(clock.black_increment)
            );
            if let Some(n) = clock.moves_to_go {
                let _ = write!(go, " movestogo {n}");
            }
        }
        if let Some(depth) = self.depth {
            let _ = write!(go, " depth {depth}");
        }
        if let Some(movetime) = self.movetime {
            // `movetime 0` would be no limit to some engines: at least a millisecond.
            let _ = write!(go, " movetime {}", ms(movetime).max(1));
        }
        go
    }
}

/// `setoption name <name> value <value>` (a value with a line break in it is cut there: one
/// line is one command).
pub fn set_option_command(name: &str, value: &str) -> String {
    let first_line = |s: &str| s.lines().next().unwrap_or_default().to_owned();
    format!(
        "setoption name {} value {}",
        first_line(name),
        first_line(value)
    )
}
