//! The eight levels a player chooses from, as lichess offers them, and what each asks of a
//! UCI engine.
//!
//! lichess's levels (its fishnet client, `SkillLevel` in `src/api.rs`) set Stockfish's
//! `Skill Level`, a depth and a think time per move:
//!
//! | level | lichess `Skill Level` | depth | think time |
//! |---|---|---|---|
//! | 1 | -9 | 5 | 50 ms |
//! | 2 | -5 | 5 | 100 ms |
//! | 3 | -1 | 5 | 150 ms |
//! | 4 | 3 | 5 | 200 ms |
//! | 5 | 7 | 5 | 300 ms |
//! | 6 | 11 | 8 | 400 ms |
//! | 7 | 16 | 13 | 500 ms |
//! | 8 | 20 | 22 | 1000 ms |
//!
//! The negative skills are Fairy-Stockfish's, which lichess runs today; Stockfish proper (the
//! distribution's, 15.1 on Debian 12) offers `Skill Level` 0 to 20 and ignores a value out
//! of range, so levels 1 to 3 would all play at 0 and alike. hamle therefore takes the table
//! lichess used while it ran Stockfish proper (fishnet's Python client: `LVL_SKILL`,
//! `LVL_DEPTHS`, `LVL_MOVETIMES`), the same think times, with skills 0, 3, 6, 10, 14, 16, 18,
//! 20 and depths 1, 1, 2, 3, 5, 8, 13, 22 ([`LEVELS`]). Every value is clamped to the range
//! the engine announces for its option.
//!
//! An engine without `Skill Level` but with `UCI_LimitStrength` and `UCI_Elo` is limited by
//! Elo instead: fishnet's `LVL_ELO` (800 to 3000 in steps of about 300; level 8 plays at
//! full strength), clamped to the engine's range. An engine with neither is limited by depth
//! and time only.

use std::fmt;
use std::time::Duration;

use super::EngineError;
use super::uci::OptionSpec;

/// One of the eight levels, 1 (weakest) to 8 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What a level sets: its row of the table in the module's documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Stockfish's `Skill Level` (0 to 20).
    pub skill: i64,
    /// `UCI_Elo`, for an engine limited by Elo instead of skill.
    pub elo: i64,
    /// The deepest the search goes.
    pub depth: u32,
    /// The time the engine thinks for a move.
    pub think: Duration,
}

const fn row(skill: i64, elo: i64, depth: u32, think_ms: u64) -> LevelSettings {
    LevelSettings {
        skill,
        elo,
        depth,
        think: Duration::from_millis(think_ms),
    }
}

/// Levels 1 to 8 (see the module's documentation for the sources).
pub const LEVELS: [LevelSettings; 8] = [
    row(0, 800, 1, 50),
    row(3, 1100, 1, 100),
    row(6, 1400, 2, 150),
    row(10, 1700, 3, 200),
    row(14, 2000, 5, 300),
    row(16, 2300, 8, 400),
    row(18, 2700, 13, 500),
    row(20, 3000, 22, 1000),
];

/// The strongest `Skill Level`: no weakening.
pub(crate) const FULL_SKILL: i64 = 20;

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);

    /// Level `n`, if there is one ([`EngineError::UnknownLevel`] otherwise).
    pub fn new(n: i64) -> Result<Level, EngineError> {
        match u8::try_from(n) {
            Ok(n @ 1..=8) => Ok(Level(n)),
            _ => Err(EngineError::UnknownLevel {
                given: n.to_string(),
            }),
        }
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=8).map(Level)
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn settings(self) -> LevelSettings {
        LEVELS[usize::from(self.0 - 1)]
    }

    pub fn is_full_strength(self) -> bool {
        self == Level::MAX
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for Level {
    type Err = EngineError;

    /// A level as a player or a request writes it: `1` to `8`.
    fn from_str(s: &str) -> Result<Level, EngineError> {
        s.trim()
            .parse::<i64>()
            .map_err(|_| EngineError::UnknownLevel {
                given: s.trim().chars().take(20).collect(),
            })
            .and_then(Level::new)
    }
}

/// How strong the engine plays for one request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strength {
    /// A level of play.
    Level(Level),
    /// Full strength (the practice aids: a hint, an evaluation).
    Full,
}

/// The options that set `strength` on an engine offering `options`, in the order to send
/// them: each value within the option's range, and only options the engine has.
pub(crate) fn strength_options(
    strength: Strength,
    options: &[OptionSpec],
) -> Vec<(String, String)> {
    let find = |name: &str| options.iter().find(|o| o.is(name));
    let skill = find("Skill Level");
    let limit = find("UCI_LimitStrength");
    let elo = find("UCI_Elo");
    let mut set = Vec::new();
    match (strength, skill, limit, elo) {
        (Strength::Level(level), Some(skill), _, _) => {
            if let Some(limit) = limit {
                set.push((limit.name.clone(), "false".to_owned()));
            }
            set.push((
                skill.name.clone(),
                skill.clamp(level.settings().skill).to_string(),
            ));
        }
        (Strength::Level(level), None, Some(limit), Some(elo)) => {
            let limited = !level.is_full_strength();
            set.push((limit.name.clone(), limited.to_string()));
            if limited {
                set.push((
                    elo.name.clone(),
                    elo.clamp(level.settings().elo).to_string(),
                ));
            }
        }
        (Strength::Full, skill, limit, _) => {
            if let Some(limit) = limit {
                set.push((limit.name.clone(), "false".to_owned()));
            }
            if let Some(skill) = skill {
                set.push((skill.name.clone(), skill.clamp(FULL_SKILL).to_string()));
            }
        }
        (Strength::Level(_), None, _, _) => {}
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::uci::{EngineLine, parse_line};

    fn options(lines: &[&str]) -> Vec<OptionSpec> {
        lines
            .iter()
            .map(|l| match parse_line(l) {
                EngineLine::Option(o) => o,
                other => panic!("{l}: {other:?}"),
            })
            .collect()
    }

    #[test]
    fn levels_one_to_eight_and_nothing_else() {
        assert_eq!(Level::all().count(), 8);
        for n in [0, 9, -1, 1000] {
            assert!(matches!(
                Level::new(n),
                Err(EngineError::UnknownLevel { .. })
            ));
        }
        assert!(matches!(
            "nine".parse::<Level>(),
            Err(EngineError::UnknownLevel { .. })
        ));
        assert_eq!(" 3 ".parse::<Level>().map(Level::number).ok(), Some(3));
        // Each level is at least as strong as the one below, in every respect.
        for pair in LEVELS.windows(2) {
            assert!(pair[0].skill < pair[1].skill && pair[0].elo < pair[1].elo);
            assert!(pair[0].depth <= pair[1].depth && pair[0].think < pair[1].think);
        }
    }

    #[test]
    fn stockfish_is_weakened_by_skill_within_its_range() {
        let stockfish = options(&[
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1350 min 1350 max 2850",
        ]);
        let at = |n| strength_options(Strength::Level(Level::new(n).unwrap()), &stockfish);
        assert_eq!(
            at(1),
            [
                ("UCI_LimitStrength".to_owned(), "false".to_owned()),
                ("Skill Level".to_owned(), "0".to_owned())
            ]
        );
        assert_eq!(at(5)[1].1, "14");
        assert_eq!(
            strength_options(Strength::Full, &stockfish)[1],
            ("Skill Level".to_owned(), "20".to_owned())
        );
        // A narrower range clamps.
        let narrow = options(&["option name skill level type spin default 10 min 5 max 10"]);
        let low = strength_options(Strength::Level(Level::MIN), &narrow);
        assert_eq!(low, [("skill level".to_owned(), "5".to_owned())]);
    }

    #[test]
    fn an_engine_without_skill_is_weakened_by_elo_and_one_with_neither_not_at_all() {
        let elo_only = options(&[
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1500 min 1000 max 2500",
        ]);
        let low = strength_options(Strength::Level(Level::MIN), &elo_only);
        assert_eq!(low[0].1, "true");
        assert_eq!(low[1], ("UCI_Elo".to_owned(), "1000".to_owned()));
        let top = strength_options(Strength::Level(Level::MAX), &elo_only);
        assert_eq!(top, [("UCI_LimitStrength".to_owned(), "false".to_owned())]);
        assert!(strength_options(Strength::Level(Level::MIN), &[]).is_empty());
    }
}
