//! The rules profile of one game: which edition of the Laws applies and the organiser's
//! adaptations (F1 / D.1: "the organiser, after consulting the arbiter, may adapt these rules").

/// The edition of the FIDE Laws a game is played under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Edition {
    /// The seed text (`../seeds/`, Appendix F): the third illegal move loses; a false draw
    /// claim gives the opponent three minutes and costs the claimant half his time (at most
    /// three minutes).
    Seed,
    /// The 2023 Laws (Appendix D): the second illegal move loses; a false claim gives the
    /// opponent two minutes.
    #[default]
    Fide2023,
}

impl Edition {
    pub fn key(self) -> &'static str {
        match self {
            Edition::Seed => "seed",
            Edition::Fide2023 => "2023",
        }
    }

    pub fn from_key(s: &str) -> Option<Edition> {
        match s {
            "seed" => Some(Edition::Seed),
            "2023" => Some(Edition::Fide2023),
            _ => None,
        }
    }
}

/// How moves reach the official game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Procedure {
    /// A `move` or `announce` is the whole move: made, announced and the clock pressed.
    #[default]
    Digital,
    /// The Appendix at the table: each player's physical board reports its events, a move is
    /// announced, made on the board and completed by pressing the clock; the opponent
    /// repeats it and makes it on his own board.
    Physical,
}

impl Procedure {
    pub fn key(self) -> &'static str {
        match self {
            Procedure::Digital => "digital",
            Procedure::Physical => "physical",
        }
    }

    pub fn from_key(s: &str) -> Option<Procedure> {
        match s {
            "digital" => Some(Procedure::Digital),
            "physical" => Some(Procedure::Physical),
            _ => None,
        }
    }
}

/// What happens when a flag falls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FlagRule {
    /// The server ends the game at once (it is the arbiter's clock).
    #[default]
    Automatic,
    /// The flag falls and play may go on until the opponent (or his assistant, D.2.10.5)
    /// claims the win on time.
    Claim,
}

impl FlagRule {
    pub fn key(self) -> &'static str {
        match self {
            FlagRule::Automatic => "automatic",
            FlagRule::Claim => "claim",
        }
    }

    pub fn from_key(s: &str) -> Option<FlagRule> {
        match s {
            "automatic" => Some(FlagRule::Automatic),
            "claim" => Some(FlagRule::Claim),
            _ => None,
        }
    }
}

/// What a game does when its server comes back after an outage: a restart of a single node,
/// or a failover to another node of a cluster (`docs/scale-out.md`). Either way the running
/// clock is stopped at the last recorded event, so the outage is nobody's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Failover {
    /// The game stays paused until the arbiter resumes it (6.11: interruptions are the
    /// arbiter's; a blind player may not even know his node went away).
    #[default]
    Pause,
    /// The game goes on at once, the clock set back to the last event (online play without
    /// an arbiter at hand).
    Continue,
}

impl Failover {
    pub fn key(self) -> &'static str {
        match self {
            Failover::Pause => "pause",
            Failover::Continue => "continue",
        }
    }

    pub fn from_key(s: &str) -> Option<Failover> {
        match s {
            "pause" => Some(Failover::Pause),
            "continue" => Some(Failover::Continue),
            _ => None,
        }
    }
}

/// What a visually impaired player's illegal announcement does (issue 18, item 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ViIllegal {
    /// Refused before it counts: the player hears why and announces again (nothing is
    /// made on a board yet, so nothing is completed under 7.5.1).
    #[default]
    Refused,
    /// Counted under 7.5: the opponent gets the penalty time, it counts toward the loss.
    Counts,
}

impl ViIllegal {
    pub fn key(self) -> &'static str {
        match self {
            ViIllegal::Refused => "refused",
            ViIllegal::Counts => "counts",
        }
    }

    pub fn from_key(s: &str) -> Option<ViIllegal> {
        match s {
            "refused" => Some(ViIllegal::Refused),
            "counts" => Some(ViIllegal::Counts),
            _ => None,
        }
    }
}

/// What follows when the boards are right again after a ruling that found the sheets agree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AfterFix {
    /// The clocks stay stopped until the arbiter resumes.
    #[default]
    Wait,
    /// Play resumes by itself (hamle's behaviour before issue 18).
    Resume,
}

impl AfterFix {
    pub fn key(self) -> &'static str {
        match self {
            AfterFix::Wait => "wait",
            AfterFix::Resume => "resume",
        }
    }

    pub fn from_key(s: &str) -> Option<AfterFix> {
        match s {
            "wait" => Some(AfterFix::Wait),
            "resume" => Some(AfterFix::Resume),
            _ => None,
        }
    }
}

/// The rules one game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Profile {
    pub edition: Edition,
    pub procedure: Procedure,
    pub flag: FlagRule,
    /// Time added to the opponent for an illegal move (7.5): two minutes in both editions.
    pub illegal_penalty_ms: u64,
    /// The illegal move of one player that loses the game (seed 3, 2023 2).
    pub illegal_moves_lose_at: u32,
    /// Time added to the opponent for a false draw claim (9.5: seed 3 min, 2023 2 min).
    pub false_claim_bonus_ms: u64,
    /// Whether a false claim also costs the claimant half his time, at most `false_claim_bonus_ms`
    /// (seed edition, only when he has more than that left).
    pub false_claim_halves: bool,
    /// After a restart or a failover: paused for the arbiter, or on at once.
    pub failover: Failover,
    // --- The start of the game and the arbiter's choices (issue 18) ---
    /// The game waits for the arbiter's start (Art. 6.5): no clock runs and no move is
    /// accepted until he starts it; then White's clock runs.
    pub wait_for_start: bool,
    /// The default time (Art. 6.7.1): a player who has not arrived this long after the
    /// start is reported to the arbiter. Zero unless specified.
    pub default_time_ms: u64,
    /// A visually impaired player's illegal announcement: refused (default) or counted
    /// under 7.5.
    pub vi_illegal: ViIllegal,
    /// After a fix the sheets agreed on: wait for the arbiter (default) or resume by itself.
    pub after_fix: AfterFix,
    /// The clocks stop while a touch report waits for the arbiter's ruling (default).
    pub touch_stops_clock: bool,
}

impl Profile {
    /// The edition's own numbers, with the given procedure and flag rule.
    pub fn new(edition: Edition, procedure: Procedure, flag: FlagRule) -> Profile {
        match edition {
            Edition::Seed => Profile {
                edition,
                procedure,
                flag,
                illegal_penalty_ms: 120_000,
                illegal_moves_lose_at: 3,
                false_claim_bonus_ms: 180_000,
                false_claim_halves: true,
                ..Profile::arbiter_defaults()
            },
            Edition::Fide2023 => Profile {
                edition,
                procedure,
                flag,
                illegal_penalty_ms: 120_000,
                illegal_moves_lose_at: 2,
                false_claim_bonus_ms: 120_000,
                false_claim_halves: false,
                ..Profile::arbiter_defaults()
            },
        }
    }

    /// The defaults of issue 18's choices (with the seed edition's numbers elsewhere, which
    /// `new` overwrites).
    fn arbiter_defaults() -> Profile {
        Profile {
            edition: Edition::Seed,
            procedure: Procedure::Digital,
            flag: FlagRule::Automatic,
            illegal_penalty_ms: 120_000,
            illegal_moves_lose_at: 3,
            false_claim_bonus_ms: 180_000,
            false_claim_halves: true,
            wait_for_start: false,
            default_time_ms: 0,
            vi_illegal: ViIllegal::Refused,
            after_fix: AfterFix::Wait,
            touch_stops_clock: true,
            failover: Failover::Pause,
        }
    }

    /// The 9.5 penalty: (time added to the opponent, time taken from the claimant who has
    /// `claimant_ms` left).
    pub fn false_claim_penalty(&self, claimant_ms: u64) -> (u64, u64) {
        let bonus = self.false_claim_bonus_ms;
        let taken = if self.false_claim_halves && claimant_ms > bonus {
            (claimant_ms / 2).min(bonus)
        } else {
            0
        };
        (bonus, taken)
    }
}

impl Default for Profile {
    fn default() -> Profile {
        Profile::new(Edition::Fide2023, Procedure::Digital, FlagRule::Automatic)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editions_differ_where_the_laws_do() {
        let seed = Profile::new(Edition::Seed, Procedure::Physical, FlagRule::Claim);
        let new = Profile::new(Edition::Fide2023, Procedure::Physical, FlagRule::Claim);
        assert_eq!(
            (seed.illegal_moves_lose_at, new.illegal_moves_lose_at),
            (3, 2)
        );
        assert_eq!(seed.false_claim_penalty(600_000), (180_000, 180_000));
        assert_eq!(seed.false_claim_penalty(240_000), (180_000, 120_000));
        assert_eq!(seed.false_claim_penalty(100_000), (180_000, 0));
        assert_eq!(new.false_claim_penalty(600_000), (120_000, 0));
        for k in ["seed", "2023"] {
            assert_eq!(Edition::from_key(k).unwrap().key(), k);
        }
        assert_eq!(Procedure::from_key("physical"), Some(Procedure::Physical));
        assert_eq!(FlagRule::from_key("claim"), Some(FlagRule::Claim));
        for k in ["pause", "continue"] {
            assert_eq!(Failover::from_key(k).unwrap().key(), k);
        }
        assert_eq!(Failover::from_key("go"), None);
        assert_eq!(Profile::default().failover, Failover::Pause);
    }

    #[test]
    fn the_arbiters_choices_default_as_documented() {
        for edition in [Edition::Seed, Edition::Fide2023] {
            let p = Profile::new(edition, Procedure::Physical, FlagRule::Claim);
            assert!(!p.wait_for_start);
            assert_eq!(p.default_time_ms, 0);
            assert_eq!(p.vi_illegal, ViIllegal::Refused);
            assert_eq!(p.after_fix, AfterFix::Wait);
            assert!(p.touch_stops_clock);
        }
        for k in ["refused", "counts"] {
            assert_eq!(ViIllegal::from_key(k).unwrap().key(), k);
        }
        for k in ["wait", "resume"] {
            assert_eq!(AfterFix::from_key(k).unwrap().key(), k);
        }
        assert_eq!(AfterFix::from_key("later"), None);
    }
}
