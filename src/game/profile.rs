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
                failover: Failover::Pause,
            },
            Edition::Fide2023 => Profile {
                edition,
                procedure,
                flag,
                illegal_penalty_ms: 120_000,
                illegal_moves_lose_at: 2,
                false_claim_bonus_ms: 120_000,
                false_claim_halves: false,
                failover: Failover::Pause,
            },
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
}
