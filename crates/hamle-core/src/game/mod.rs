//! The game: a pure state machine over shakmaty's [`Chess`].
//!
//! Every change is a [`Recorded`] event. [`Game::decide`] turns a seat's [`Command`] into the
//! events it causes (or a [`Refusal`]) without changing anything; [`Game::apply`] plays an
//! event onto the state. The server writes the events to the store between the two, so a game
//! is restored by applying its stored events again, with the same numbers.
//!
//! No I/O, no clock, no tokio, serde or Fluent here: time comes in as milliseconds.
//!
//! The rules profile ([`Profile`]) chooses the procedure: `Digital` (a move or announcement
//! is the whole move) or `Physical` (the Appendix at the table: each player's board reports
//! its events, touch-move by lifting, the made-move gate before the clock, repeat and
//! execute, slip of the tongue, 7.4 for an illegal move completed on a board).
//!
//! ```
//! use hamle_core::game::{Command, Game, Seat, Setup, Player, BoardKind, TimeControl};
//! use hamle_core::announce::Lang;
//! use shakmaty::{ByColor, uci::UciMove, Chess};
//!
//! let player = |name: &str| Player {
//!     name: name.into(), visually_impaired: false, board: BoardKind::Normal, assistant: false,
//!     computer: None,
//! };
//! let setup = Setup {
//!     time_control: TimeControl::fischer(300_000, 0),
//!     players: ByColor { white: player("A"), black: player("B") },
//!     languages: [Lang::De; 6],
//!     profile: Default::default(),
//!     event: Default::default(),
//!     start: Default::default(),
//! };
//! let mut game = Game::new(setup);
//! let m = "e2e4".parse::<UciMove>().unwrap().to_move(game.position()).unwrap();
//! let events = game.decide(Seat::White, Command::Move(m), 1_000).unwrap();
//! for e in &events { game.apply(e).unwrap(); }
//! assert_eq!(game.seq(), 1);
//! assert!(game.decide(Seat::White, Command::Move(m), 2_000).is_err()); // not White's turn
//! ```

mod board;
mod claims;
mod clock;
mod commands;
mod event;
mod made;
mod material;
mod profile;
mod seat;
mod setup;
mod touch;

use std::fmt;

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{ByColor, CastlingMode, Chess, Color, Move, Position, Square};

pub use board::{BoardError, BoardOp, PhysicalBoard, Stand, captured_square};
pub use claims::{ClaimKind, SEARCH_LIMIT, can_mate, claim_holds, is_dead, position_key};
pub use clock::{Clock, ClockReading, MAX_PERIODS, Period, TimeControl};
pub use event::{
    BranchKind, EndReason, Ending, Event, GameResult, MAX_READINGS, Recorded, SensorReading,
    SquareReading,
};
pub use made::{Made, Missing, Progress, made, progress};
pub use material::{Material, material, material_of, value};
pub use profile::{AfterFix, Edition, Failover, FlagRule, Procedure, Profile, ViIllegal};
pub use seat::{AssistantScope, Permission, Seat, UnknownSeat, may, may_with};
pub use setup::{
    BoardKind, EventInfo, Player, Setup, StartError, StartPosition, assistant_refused,
};
pub use touch::{Obligation, Rule, Touch, obligation_of};

use commands::ClockEffect;

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Created to wait for the arbiter's start (rules profile `wait_for_start`): no clock
    /// runs, no move is accepted.
    Waiting,
    Playing,
    /// Clocks stopped; `by: None` is a pause caused by a server restart.
    Paused {
        by: Option<Seat>,
    },
    Over(Ending),
}

/// What a seat asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A whole move: made, announced, clock pressed (digital procedure).
    Move(Move),
    /// The announcement of the side to move's move (physical procedure).
    Announce(Move),
    /// An event of a physical board.
    Board {
        board: Color,
        op: BoardOp,
    },
    /// Press the clock: completes the move on the mover's board (physical procedure).
    PressClock,
    /// Repeat the announcement (what was heard, as a move in [`Game::repeat_position`]).
    Repeat(Move),
    /// "I adjust" (j'adoube).
    Adjust,
    Pause,
    Resume,
    SetClock {
        color: Color,
        remaining_ms: u64,
    },
    End(GameResult),
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// A draw claim, perhaps with the move written but not played.
    ClaimDraw {
        kind: ClaimKind,
        with: Option<Move>,
    },
    ClaimTime,
    /// The visually impaired player's assistant reports the opponent's touch.
    ReportTouch(Square),
    /// The arbiter rules on the reported touch.
    RuleTouch(bool),
    /// The arbiter releases the side to move's touches as not deliberate (D.2.3 / Art.
    /// 4.2-4.3): the touch-move obligation is lifted.
    ReleaseTouch,
    /// The arbiter declares a forfeit before the game was played (no move made): a win for
    /// one side (`1-0`, `0-1`) or a double forfeit ([`GameResult::DoubleForfeit`]).
    Forfeit(GameResult),
    /// The arbiter sets a physical board to the official position.
    RestoreBoard(Color),
    /// The talking clock: time and moves, told to the asking side only.
    TalkingClock,
    /// The arbiter starts the game (Art. 6.5): White's clock runs.
    Start,
    /// The player of this seat (or his assistant) has arrived: his seat came to the game.
    Arrive,
    /// A visually impaired player's illegal announcement, counted under 7.5 (rules profile
    /// `vi_illegal: counts`); `uci` is the move said when it named its squares.
    IllegalAnnouncement(Option<UciMove>),
    /// Turn the talking clock's time warnings on or off.
    Warnings(bool),
    /// Take back one's last move, and the computer's reply if it came (a practice game
    /// against the computer only, issue 34).
    TakeBack,
    /// The arbiter issues `seat`'s link again (issue 31): `hash` is the new token's, opaque
    /// to the game. Any seat but the arbiter's that the game has.
    IssueLink {
        seat: Seat,
        hash: [u8; 32],
    },
}

impl Command {
    /// The permission an arbiter's command needs, checked before anything else.
    fn arbiter_permission(self) -> Option<Permission> {
        match self {
            Command::Pause => Some(Permission::Pause),
            Command::Resume => Some(Permission::Resume),
            Command::SetClock { .. } => Some(Permission::AdjustClock),
            Command::End(_) | Command::Forfeit(_) => Some(Permission::End),
            Command::RuleTouch(_)
            | Command::ReleaseTouch
            | Command::RestoreBoard(_)
            | Command::Start
            | Command::IssueLink { .. } => Some(Permission::Arbitrate),
            _ => None,
        }
    }
}

/// Why a command was refused. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// This seat may not do this at all (the permission matrix).
    Forbidden,
    /// The seat plays for the side that is not to move.
    NotYourTurn,
    GamePaused,
    GameOver,
    /// The move is not legal in the position.
    IllegalMove,
    /// Resume while not paused.
    NotPaused,
    /// A clock setting beyond any sensible time (more than a day).
    InvalidTime,
    /// Physical boards, the clock press and repeating belong to the physical procedure.
    NotPhysical,
    /// A player reports only his own board.
    NotYourBoard,
    /// The assistant makes moves on the opponent's board, not the player's own move.
    AssistantOwnMove,
    /// The board event cannot have happened.
    Board(BoardError),
    /// The piece was released on its square as a legal move: it cannot go elsewhere (4.6).
    MoveReleased,
    /// The touched pieces oblige another move (Art. 4).
    TouchMove {
        rule: Rule,
        square: Square,
    },
    /// The clock cannot be started: the move is not made yet (F4 / D.2.3-D.2.4).
    NotMade(Missing),
    /// An announcement cannot be corrected once the opponent's clock runs (F7 / D.2.8).
    TooLateToCorrect,
    NothingToRepeat,
    /// A draw is offered right after one's own move (9.1).
    OfferNotNow,
    OfferPending,
    NoOffer,
    /// No flag has fallen on the opponent's side.
    NoFlagFallen,
    /// The claimant's own flag fell first.
    OwnFlagFellFirst,
    NoTouchReported,
    /// The talking clock is for the visually impaired player (F5).
    NotVisuallyImpaired,
    /// The game waits for the arbiter's start (Art. 6.5).
    NotStarted,
    /// The game has started already.
    AlreadyStarted,
    /// Practice aids (take-backs, hints, evaluations) belong to games against the computer.
    NotPractice,
    /// A take-back with no move of one's own to take back.
    NothingToTakeBack,
    /// No touch of the side to move obliges him: nothing to release.
    NoTouch,
    /// A forfeit for a game in which a move was made (a played game ends otherwise).
    GameHasMoves,
    /// A result corrected while the game is still in play.
    GameNotOver,
    /// The corrected result is the one the game has.
    ResultUnchanged,
    /// A result that cannot end the game this way (`0-0` is a double forfeit only).
    InvalidResult,
}

impl Refusal {
    /// Stable code for the wire.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::Forbidden => "forbidden",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::GamePaused => "game_paused",
            Refusal::GameOver => "game_over",
            Refusal::IllegalMove => "illegal_move",
            Refusal::NotPaused => "not_paused",
            Refusal::InvalidTime => "invalid_time",
            Refusal::NotPhysical => "not_physical",
            Refusal::NotYourBoard => "not_your_board",
            Refusal::AssistantOwnMove => "assistant_own_move",
            Refusal::Board(_) => "board_impossible",
            Refusal::MoveReleased => "move_released",
            Refusal::TouchMove { .. } => "touch_move",
            Refusal::NotMade(_) => "move_not_made",
            Refusal::TooLateToCorrect => "too_late_to_correct",
            Refusal::NothingToRepeat => "nothing_to_repeat",
            Refusal::OfferNotNow => "offer_not_now",
            Refusal::OfferPending => "offer_pending",
            Refusal::NoOffer => "no_offer",
            Refusal::NoFlagFallen => "no_flag_fallen",
            Refusal::OwnFlagFellFirst => "own_flag_fell_first",
            Refusal::NoTouchReported => "no_touch_reported",
            Refusal::NotVisuallyImpaired => "not_visually_impaired",
            Refusal::NotStarted => "not_started",
            Refusal::AlreadyStarted => "already_started",
            Refusal::NotPractice => "not_practice",
            Refusal::NothingToTakeBack => "nothing_to_take_back",
            Refusal::NoTouch => "no_touch",
            Refusal::GameHasMoves => "game_has_moves",
            Refusal::GameNotOver => "game_not_over",
            Refusal::ResultUnchanged => "result_unchanged",
            Refusal::InvalidResult => "invalid_result",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A stored event that does not fit the game it is applied to (a corrupt or foreign log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub seq: u64,
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}: {}", self.seq, self.reason)
    }
}

impl std::error::Error for ReplayError {}

/// The longest time the arbiter may set: one day.
pub const MAX_CLOCK_MS: u64 = 24 * 60 * 60 * 1000;

/// The remaining times at which the talking clock warns a player who asked for warnings.
pub const WARNINGS_MS: [u64; 3] = [300_000, 60_000, 10_000];

/// One move as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub mv: Move,
    pub san: SanPlus,
    pub by: Seat,
}

impl PlayedMove {
    pub fn uci(&self) -> UciMove {
        self.mv.to_uci(CastlingMode::Standard)
    }
}

/// What is under way for the side to move in the physical procedure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ply {
    /// The announced move and who announced it.
    pub announced: Option<(Move, Seat)>,
    /// The pieces the player touched (lifted), in order.
    pub touches: Vec<Touch>,
    /// "I adjust" was said: the next touch does not count.
    pub adjusting: bool,
    /// The player's board shows a legal move (its piece released).
    pub released: bool,
    /// The player's board showed the official position this turn: from then on his board
    /// events are his own move (before, he was making the opponent's move on it).
    pub own_started: bool,
    /// After a false claim with a written move: that move must be played.
    pub must_play: Option<Move>,
    /// A touch reported by the assistant, awaiting the arbiter.
    pub report: Option<(Color, Square)>,
}

/// A game in progress or finished. Two games are equal when every part of their state is
/// (the position by FIDE's rule for repeated positions, the move list besides).
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    setup: Setup,
    pos: Chess,
    moves: Vec<PlayedMove>,
    clock: Clock,
    status: Status,
    seq: u64,
    last_event_ms: Option<u64>,
    /// Repetition keys of every position so far, the current one last.
    history: Vec<u64>,
    /// The position before the last move, and that move.
    prev: Option<(Chess, Move)>,
    boards: ByColor<PhysicalBoard>,
    ply: Ply,
    illegal: ByColor<u32>,
    offer: Option<Color>,
    /// When each side's flag fell (flag rule `claim`).
    flags: ByColor<Option<u64>>,
    warnings: ByColor<bool>,
    /// The last warning given in the running side's current stretch.
    warned: Option<u64>,
    /// What the last ruling took back, while it can still be undone (no move since).
    undoable: Option<Undoable>,
    /// When the arbiter started the game (a game that waited for his start).
    started_at: Option<u64>,
    /// Which players have arrived (a game that waits for the start), and which absences
    /// were reported to the arbiter at the end of the default time.
    arrived: ByColor<bool>,
    absence_told: ByColor<bool>,
    /// A touch report stopped the clocks (rules profile `touch_stops_clock`); the ruling
    /// starts them again.
    touch_hold: bool,
    /// The locked structure a dead-position walk last found alive ([`claims`]): a position
    /// of that structure is not walked again.
    alive_structure: Option<claims::LockedStructure>,
}

/// The moves a ruling took back and the clocks before it, so that the arbiter can undo it.
#[derive(Clone, Debug, PartialEq)]
pub struct Undoable {
    /// The half-moves taken back, in order (the first is half-move `ply + 1`).
    pub moves: Vec<PlayedMove>,
    /// The clocks (stopped) just before the ruling.
    pub clock: ClockReading,
}

type Out = Vec<(Event, ClockReading)>;

/// A command decided: the events it causes (unnumbered), or why it is refused.
type Decided = Result<Out, Refusal>;

impl Game {
    /// A new game from the setup's start position; no clock runs until the first move, or
    /// (rules profile `wait_for_start`) until the arbiter starts the game.
    pub fn new(setup: Setup) -> Game {
        let pos = setup.start.position().clone();
        let boards = ByColor {
            white: PhysicalBoard::new(setup.players.white.board, &pos),
            black: PhysicalBoard::new(setup.players.black.board, &pos),
        };
        let status = if setup.profile.wait_for_start {
            Status::Waiting
        } else {
            Status::Playing
        };
        Game {
            clock: Clock::new(setup.time_control),
            setup,
            history: vec![position_key(&pos)],
            pos,
            moves: Vec::new(),
            status,
            seq: 0,
            last_event_ms: None,
            prev: None,
            boards,
            ply: Ply {
                own_started: true,
                ..Ply::default()
            },
            illegal: ByColor::default(),
            offer: None,
            flags: ByColor::default(),
            warnings: ByColor::default(),
            warned: None,
            undoable: None,
            started_at: None,
            arrived: ByColor::default(),
            absence_told: ByColor::default(),
            touch_hold: false,
            alive_structure: None,
        }
    }

    /// A game rebuilt from its stored events.
    pub fn restore<'a>(
        setup: Setup,
        events: impl IntoIterator<Item = &'a Recorded>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(setup);
        for e in events {
            game.apply(e)?;
        }
        Ok(game)
    }

    /// When the arbiter started the game (only a game that waited for his start).
    pub fn started_at(&self) -> Option<u64> {
        self.started_at
    }

    /// Whether this player has arrived (a game that waits for the arbiter's start).
    pub fn arrived(&self, color: Color) -> bool {
        *self.arrived.get(color)
    }

    /// Whether the side to move's clock runs when play resumes: after the first move, or
    /// from the arbiter's start on.
    pub fn clock_started(&self) -> bool {
        !self.moves.is_empty() || self.started_at.is_some()
    }

    /// Whether a touch report stopped the clocks and waits for the ruling.
    pub fn touch_hold(&self) -> bool {
        self.touch_hold
    }

    /// When the default time (Art. 6.7.1) ends, if a player who has not arrived is still to
    /// be reported.
    pub fn default_time_deadline(&self) -> Option<u64> {
        let start = self.started_at?;
        if matches!(self.status, Status::Over(_)) {
            return None;
        }
        Color::ALL
            .into_iter()
            .any(|c| !self.arrived.get(c) && !self.absence_told.get(c))
            .then(|| start + self.setup.profile.default_time_ms)
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn profile(&self) -> &Profile {
        &self.setup.profile
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// The number of the last event (0 before any).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// When the last event happened (the caller's milliseconds), if there was one.
    pub fn last_event_ms(&self) -> Option<u64> {
        self.last_event_ms
    }

    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// The clock at `now`.
    pub fn clock(&self, now: u64) -> ClockReading {
        self.clock.reading(now)
    }

    /// Moves completed by `color`.
    pub fn moves_of(&self, color: Color) -> u32 {
        self.clock.moves(color)
    }

    /// The physical board of `color`'s player.
    pub fn board(&self, color: Color) -> &PhysicalBoard {
        self.boards.get(color)
    }

    /// The side to move's move under way.
    pub fn ply(&self) -> &Ply {
        &self.ply
    }

    /// How far the side to move has come with his move on his own board (F4 / D.2.3): only
    /// while the game is played by the physical procedure and not paused or over.
    pub fn progress(&self) -> Option<Progress> {
        if !self.physical() || self.status != Status::Playing {
            return None;
        }
        if let Some(m) = self.behind() {
            return Some(Progress::Behind(m));
        }
        let mover = self.turn();
        Some(progress(
            &self.pos,
            self.boards.get(mover),
            self.ply.announced.map(|(m, _)| m),
            self.setup.player(mover).visually_impaired,
        ))
    }

    /// The opponent's last move, when the own board of the side to move does not show it yet
    /// and he can make it himself (physical procedure, before his own move has begun): the
    /// opponent's pieces on his board stand as before that move, or as after it with the
    /// piece it captured still on his board. `None` when his board shows the game, when the
    /// move was made differently on it (a divergence for the arbiter, D.2.9), and in the
    /// digital procedure.
    pub fn behind(&self) -> Option<Move> {
        if !self.physical() || self.status != Status::Playing || self.ply.own_started {
            return None;
        }
        let (before, m) = self.prev.as_ref()?;
        let mover = self.turn();
        let b = self.boards.get(mover);
        if b.matches(&self.pos) {
            return None;
        }
        match b.opponent_stands(before.board(), self.pos.board(), !mover) {
            Stand::Before => Some(*m),
            Stand::After => captured_square(m)
                .filter(|sq| b.board.piece_at(*sq).is_some_and(|p| p.color == mover))
                .map(|_| *m),
            Stand::Neither => None,
        }
    }

    /// What the side to move's touches (or a false claim's written move) oblige him to play.
    pub fn obligation(&self) -> Option<Obligation> {
        if let Some(m) = self.ply.must_play {
            return Some(Obligation {
                rule: Rule::WrittenMove,
                square: m.from().unwrap_or(m.to()),
                allowed: vec![m],
            });
        }
        obligation_of(&self.pos, &self.ply.touches)
    }

    /// The side whose draw offer stands.
    pub fn offer(&self) -> Option<Color> {
        self.offer
    }

    /// Illegal moves of `color` so far (7.5).
    pub fn illegal_moves(&self, color: Color) -> u32 {
        *self.illegal.get(color)
    }

    /// When `color`'s flag fell (flag rule `claim`).
    pub fn flag_fell(&self, color: Color) -> Option<u64> {
        *self.flags.get(color)
    }

    /// Whether `color`'s player asked for time warnings.
    pub fn warnings_on(&self, color: Color) -> bool {
        *self.warnings.get(color)
    }

    /// The position a repetition is understood in, and the move it must repeat: the move
    /// announced (not yet played), else the last move played.
    pub fn repeat_position(&self) -> Option<(&Chess, Move)> {
        if let Some((m, _)) = self.ply.announced {
            return Some((&self.pos, m));
        }
        self.prev.as_ref().map(|(p, m)| (p, *m))
    }

    /// The position before the last move played, and that move.
    pub fn previous(&self) -> Option<(&Chess, Move)> {
        self.prev.as_ref().map(|(p, m)| (p, *m))
    }

    fn physical(&self) -> bool {
        self.setup.profile.procedure == Procedure::Physical
    }

    /// The scope of `seat` if it is an assistant: full for a visually impaired player's.
    fn scope(&self, seat: Seat) -> AssistantScope {
        match seat.side() {
            Some(c) if seat.is_assistant() && !self.setup.player(c).visually_impaired => {
                AssistantScope::MovesAndAnnouncements
            }
            _ => AssistantScope::Full,
        }
    }

    /// Whether `seat` may do `p` in this game (the seat exists, the matrix allows it).
    pub fn allows(&self, seat: Seat, p: Permission) -> bool {
        self.setup.has_seat(seat) && may_with(seat, p, self.scope(seat))
    }

    fn allowed(&self, seat: Seat, p: Permission) -> Result<(), Refusal> {
        if self.allows(seat, p) {
            Ok(())
        } else {
            Err(Refusal::Forbidden)
        }
    }

    fn playing(&self) -> Result<(), Refusal> {
        match self.status {
            Status::Waiting => Err(Refusal::NotStarted),
            Status::Over(_) => Err(Refusal::GameOver),
            Status::Paused { .. } => Err(Refusal::GamePaused),
            Status::Playing => Ok(()),
        }
    }

    fn not_over(&self) -> Result<(), Refusal> {
        match self.status {
            Status::Over(_) => Err(Refusal::GameOver),
            _ => Ok(()),
        }
    }

    /// When the next timed event falls due: the running side's flag, a time warning, or the
    /// end of the default time with a player absent.
    pub fn flag_deadline(&self) -> Option<u64> {
        let flag = self
            .clock
            .flag_deadline()
            .filter(|(side, _)| self.flags.get(*side).is_none())
            .map(|(_, at)| at);
        [
            flag,
            self.warning_deadline().map(|(_, at)| at),
            self.default_time_deadline(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    fn warning_deadline(&self) -> Option<(u64, u64)> {
        let (side, _) = self.clock.flag_deadline()?;
        if !self.warnings.get(side) || self.status != Status::Playing {
            return None;
        }
        WARNINGS_MS
            .into_iter()
            .filter(|t| self.warned.is_none_or(|w| *t < w))
            .find_map(|t| self.clock.deadline_at(t).map(|(_, at)| (t, at)))
    }

    /// Whether `seat` may move now; checked before an announcement is even parsed, so a
    /// spectator hears "not allowed" rather than a grammar lesson.
    pub fn may_move(&self, seat: Seat) -> Result<(), Refusal> {
        if seat.side().is_none() || !self.setup.has_seat(seat) {
            return Err(Refusal::Forbidden);
        }
        self.playing()?;
        if !may(seat, Permission::Move(self.turn())) {
            return Err(Refusal::NotYourTurn);
        }
        Ok(())
    }

    /// Whether `seat` may announce now (physical procedure), before the words are parsed.
    pub fn may_announce(&self, seat: Seat) -> Result<(), Refusal> {
        self.allowed(seat, Permission::Announce)?;
        self.playing()?;
        // Out of turn; the table tells a late correction of his own last move from a move
        // out of turn by the words (`Table::decide`).
        if !seat.is_assistant() && seat.side() != Some(self.turn()) {
            return Err(Refusal::NotYourTurn);
        }
        Ok(())
    }

    /// Whether `seat` may repeat now, before the words are parsed.
    pub fn may_repeat(&self, seat: Seat) -> Result<(), Refusal> {
        self.allowed(seat, Permission::Repeat)?;
        self.not_over()?;
        let mover = if self.ply.announced.is_some() {
            self.turn()
        } else {
            !self.turn()
        };
        if self.repeat_position().is_none() {
            return Err(Refusal::NothingToRepeat);
        }
        if !seat.is_assistant() && seat.side() == Some(mover) {
            // The player whose move it is does not repeat his own announcement.
            return Err(Refusal::NothingToRepeat);
        }
        Ok(())
    }

    fn check_obligation(&self, m: &Move, touches: &[Touch]) -> Result<(), Refusal> {
        let o = match self.ply.must_play {
            Some(_) => self.obligation(),
            None => obligation_of(&self.pos, touches),
        };
        match o {
            Some(o) if !o.allows(m) => Err(Refusal::TouchMove {
                rule: o.rule,
                square: o.square,
            }),
            _ => Ok(()),
        }
    }

    fn record(&self, offset: u64, at_ms: u64, event: Event, clock: ClockReading) -> Recorded {
        Recorded {
            seq: self.seq + offset,
            at_ms,
            event,
            clock,
        }
    }

    fn number(&self, out: Out, now: u64) -> Vec<Recorded> {
        out.into_iter()
            .enumerate()
            .map(|(i, (e, c))| self.record(i as u64 + 1, now, e, c))
            .collect()
    }

    /// Whether `seat`'s event on `board` is part of his own move (touches count).
    fn own_move_on(&self, seat: Seat, board: Color) -> bool {
        self.physical()
            && seat == Seat::player(board)
            && self.turn() == board
            && self.ply.own_started
            && self.status == Status::Playing
    }

    /// The pieces an event on `board` touches (before the event).
    fn touched_by(&self, board: Color, op: BoardOp) -> Vec<Touch> {
        let b = &self.boards.get(board).board;
        let at = |sq: Square| b.piece_at(sq).map(|piece| Touch { square: sq, piece });
        match op {
            BoardOp::Lift(sq) | BoardOp::Touch(sq) | BoardOp::Remove(sq) => {
                at(sq).into_iter().collect()
            }
            BoardOp::Place { .. } => Vec::new(),
            BoardOp::Move { from, to, .. } => at(from).into_iter().chain(at(to)).collect(),
        }
    }

    /// The move completed by `seat` for the side to move: lapse of the opponent's offer, the
    /// move with the clock pressed, and the end if the move ends the game.
    fn complete(&self, seat: Seat, m: Move, now: u64, out: &mut Out) {
        let mover = self.turn();
        if self.offer == Some(!mover) {
            out.push((Event::DrawOfferLapsed, self.clock.reading(now)));
        }
        let mut clock = self.clock.clone();
        clock.press(mover, now);
        let moved = Event::Moved {
            by: seat,
            uci: m.to_uci(CastlingMode::Standard),
        };
        let mut after = self.pos.clone();
        after.play_unchecked(m);
        match ending_after(&after, mover, self, &self.setup.profile) {
            None => out.push((moved, clock.reading(now))),
            Some(ending) => {
                clock.stop(now);
                let reading = clock.reading(now);
                out.push((moved, reading));
                out.push((Event::Ended { ending, by: None }, reading));
            }
        }
    }

    /// The events of `m` completed by `seat` for the side to move at `now`, whatever the
    /// game's status: the sealed move played when an adjourned game resumes (Appendix A).
    /// Unnumbered; `m` must be legal.
    pub fn completion(&self, seat: Seat, m: Move, now: u64) -> Vec<(Event, ClockReading)> {
        let mut out = Vec::new();
        self.complete(seat, m, now, &mut out);
        out
    }

    /// The events `seat`'s command causes at `now`, or why it is refused. Changes nothing.
    /// Each group of commands is decided in a module of its own (`game/commands/`).
    pub fn decide(&self, seat: Seat, command: Command, now: u64) -> Result<Vec<Recorded>, Refusal> {
        // The arbiter's commands need the arbiter seat; checked first so that the answer to a
        // seat that may never do this does not depend on the game's state.
        if let Some(p) = command.arbiter_permission()
            && !may(seat, p)
        {
            return Err(Refusal::Forbidden);
        }
        let out = match command {
            Command::Move(m) => self.decide_move(seat, m, now),
            Command::Announce(m) => self.decide_announce(seat, m, now),
            Command::Board { board, op } => self.decide_board(seat, board, op, now),
            Command::PressClock => self.decide_press_clock(seat, now),
            Command::Repeat(m) => self.decide_repeat(seat, m, now),
            Command::Adjust => self.decide_adjust(seat, now),
            Command::Pause => self.decide_pause(seat, now),
            Command::Resume => self.decide_resume(seat, now),
            Command::SetClock {
                color,
                remaining_ms,
            } => self.decide_set_clock(seat, color, remaining_ms, now),
            Command::End(result) => self.decide_end(seat, result, now),
            Command::Resign => self.decide_resign(seat, now),
            Command::OfferDraw => self.decide_offer_draw(seat, now),
            Command::AcceptDraw => self.decide_answer_to_offer(seat, true, now),
            Command::DeclineDraw => self.decide_answer_to_offer(seat, false, now),
            Command::ClaimDraw { kind, with } => self.decide_claim_draw(seat, kind, with, now),
            Command::ClaimTime => self.decide_claim_time(seat, now),
            Command::ReportTouch(square) => self.decide_report_touch(seat, square, now),
            Command::RuleTouch(upheld) => self.decide_rule_touch(seat, upheld, now),
            Command::ReleaseTouch => self.decide_release_touch(seat, now),
            Command::Forfeit(result) => self.decide_forfeit(seat, result, now),
            Command::RestoreBoard(board) => self.decide_restore_board(seat, board, now),
            Command::Start => self.decide_start(seat, now),
            Command::Arrive => self.decide_arrive(seat, now),
            Command::IllegalAnnouncement(uci) => self.decide_illegal_announcement(seat, uci, now),
            Command::TalkingClock => self.decide_talking_clock(seat, None, now),
            Command::Warnings(on) => self.decide_talking_clock(seat, Some(on), now),
            Command::TakeBack => self.decide_take_back(seat, now),
            Command::IssueLink { seat: of, hash } => self.decide_issue_link(seat, of, hash, now),
        }?;
        Ok(self.number(out, now))
    }

    /// The end of the game when `mover`'s illegal move `count` reaches the profile's limit
    /// (7.5.5; in the 2023 edition a draw if the opponent cannot mate).
    fn illegal_loss(&self, mover: Color, count: u32, now: u64, clock: &mut Clock, out: &mut Out) {
        if count >= self.setup.profile.illegal_moves_lose_at {
            clock.stop(now);
            let draw =
                self.setup.profile.edition == Edition::Fide2023 && !can_mate(&self.pos, !mover);
            let result = if draw {
                GameResult::Draw
            } else {
                GameResult::win_for(!mover)
            };
            let ending = Ending {
                result,
                reason: EndReason::IllegalMoves,
            };
            out.push((Event::Ended { ending, by: None }, clock.reading(now)));
        }
    }

    fn end(&self, seat: Seat, result: GameResult, reason: EndReason, now: u64, out: &mut Out) {
        let mut clock = self.clock.clone();
        clock.stop(now);
        let ending = Ending { result, reason };
        let e = Event::Ended {
            ending,
            by: Some(seat),
        };
        out.push((e, clock.reading(now)));
    }

    /// The flag-fall event, if the running side's time has run out by `now`.
    pub fn check_flag(&self, now: u64) -> Option<Recorded> {
        if self.status != Status::Playing {
            return None;
        }
        let (side, deadline) = self.clock.flag_deadline()?;
        if now < deadline || self.flags.get(side).is_some() {
            return None;
        }
        let mut clock = self.clock.clone();
        if self.setup.profile.flag == FlagRule::Claim {
            let e = Event::FlagFell { color: side };
            return Some(self.record(1, deadline, e, clock.reading(deadline)));
        }
        clock.stop(deadline);
        let ending = if can_mate(&self.pos, !side) {
            Ending {
                result: GameResult::win_for(!side),
                reason: EndReason::Timeout,
            }
        } else {
            Ending {
                result: GameResult::Draw,
                reason: EndReason::TimeoutDraw,
            }
        };
        let e = Event::Ended { ending, by: None };
        Some(self.record(1, deadline, e, clock.reading(deadline)))
    }

    /// The timed event due by `now`: a flag fall, the end of the default time with a player
    /// absent, else a time warning.
    pub fn timer_event(&self, now: u64) -> Option<Recorded> {
        if let Some(flag) = self.check_flag(now) {
            return Some(flag);
        }
        if let Some(at) = self.default_time_deadline()
            && now >= at
            && let Some(color) = Color::ALL
                .into_iter()
                .find(|c| !self.arrived.get(*c) && !self.absence_told.get(*c))
        {
            let e = Event::DefaultTimeOver { color };
            return Some(self.record(1, at, e, self.clock.reading(at)));
        }
        let (threshold, at) = self.warning_deadline()?;
        if now < at {
            return None;
        }
        let (color, _) = self.clock.flag_deadline()?;
        let e = Event::ClockWarning {
            color,
            remaining_ms: threshold,
        };
        Some(self.record(1, at, e, self.clock.reading(at)))
    }

    /// After a restart: the pause that stops a running game's clocks, dated at the last
    /// recorded event, so the time between that event and the outage is not charged (the
    /// server cannot know when it went down). `None` if no clock was running.
    pub fn restart_pause(&self) -> Option<Recorded> {
        if self.status != Status::Playing {
            return None;
        }
        let at = self.last_event_ms?;
        self.clock.reading(at).running?;
        let mut clock = self.clock.clone();
        clock.stop(at);
        let e = Event::Paused { by: None };
        Some(self.record(1, at, e, clock.reading(at)))
    }

    /// After a restart or a failover at `now`: the [`Game::restart_pause`] and, if the rules
    /// profile says `continue` ([`Failover::Continue`]), the game resumed at once (by the
    /// arbiter's standing order, given in the profile), so play goes on with the clock set
    /// back to the last event. Empty if no clock was running.
    pub fn restart_events(&self, now: u64) -> Vec<Recorded> {
        let Some(pause) = self.restart_pause() else {
            return Vec::new();
        };
        if self.profile().failover == Failover::Pause {
            return vec![pause];
        }
        let mut after = self.clone();
        if after.apply(&pause).is_err() {
            return vec![pause];
        }
        let resumed = after.decide(Seat::Arbiter, Command::Resume, now.max(pause.at_ms));
        let mut out = vec![pause];
        out.extend(resumed.unwrap_or_default());
        out
    }

    /// What the last ruling took back, while it can be undone: no move was played since.
    pub fn undoable(&self) -> Option<&Undoable> {
        self.undoable.as_ref()
    }

    /// Plays a recorded event onto the game. Events must come in order and fit the game.
    /// Each group of events is applied in a module of its own (`game/commands/`).
    pub fn apply(&mut self, rec: &Recorded) -> Result<(), ReplayError> {
        let fail = |reason: String| ReplayError {
            seq: rec.seq,
            reason,
        };
        if rec.seq != self.seq + 1 {
            return Err(fail(format!("expected event {}", self.seq + 1)));
        }
        if let Status::Over(_) = self.status
            && !rec.event.allowed_after_end()
        {
            return Err(fail("the game is over".to_owned()));
        }
        let at = rec.at_ms;
        let effect = match &rec.event {
            Event::Moved { by, uci } => self.apply_moved(*by, uci, at),
            Event::Paused { by } => self.apply_paused(*by),
            Event::Resumed { .. } => self.apply_resumed(),
            Event::Started { .. } => self.apply_started(at),
            Event::Arrived { color, .. } => self.apply_arrived(*color),
            Event::DefaultTimeOver { color } => self.apply_default_time_over(*color),
            Event::IllegalAnnounced { color, count, .. } => {
                self.apply_illegal_announced(*color, *count)
            }
            Event::ClockSet { .. } => self.apply_clock_set(),
            Event::Ended { ending, .. } => self.apply_ended(*ending),
            Event::Board { by, board, op } => self.apply_board(*by, *board, *op),
            Event::Adjusting { by } => self.apply_adjusting(*by),
            Event::BoardSensed { .. } => Ok(ClockEffect::Unchanged),
            Event::Announced { by, uci, .. } => self.apply_announced(*by, uci),
            Event::Repeated { .. } | Event::ClockTold { .. } => Ok(ClockEffect::Unchanged),
            Event::IllegalMove {
                color, from, count, ..
            } => self.apply_illegal_move(*color, *from, *count),
            Event::TouchReported { color, square, .. } => {
                self.apply_touch_reported(*color, *square, rec.clock, at)
            }
            Event::TouchRuled { upheld, .. } => self.apply_touch_ruled(*upheld, rec.clock),
            Event::TouchReleased { color, .. } => self.apply_touch_released(*color),
            Event::Noted { .. } => Ok(ClockEffect::Unchanged),
            Event::ResultCorrected { ending, .. } => self.apply_result_corrected(*ending),
            Event::BoardRestored { board, .. } => self.apply_board_restored(*board),
            Event::DrawOffered { by } => self.apply_draw_offered(*by),
            Event::DrawDeclined { .. } | Event::DrawOfferLapsed => self.apply_offer_gone(),
            Event::DrawClaimed { uci, correct, .. } => {
                self.apply_draw_claimed(uci.as_ref(), *correct)
            }
            Event::FlagFell { color } => self.apply_flag_fell(*color, at),
            Event::ClockWarnings { color, on, .. } => {
                self.apply_clock_warnings(*color, *on, rec.clock)
            }
            Event::ClockWarning { remaining_ms, .. } => self.apply_clock_warning(*remaining_ms),
            Event::SheetWritten { .. }
            | Event::SheetStruck { .. }
            | Event::SheetAutoRecord { .. }
            | Event::Reconciled
            | Event::AdjournmentCalled { .. }
            | Event::MoveSealed { .. }
            | Event::SealOpened { .. }
            | Event::SeatLinkIssued { .. } => Ok(ClockEffect::Unchanged),
            Event::BoardsDiverged { .. } | Event::Adjourned { .. } => self.apply_boards_held(),
            Event::Ruled {
                ply,
                branch: BranchKind::Undo,
                ..
            } => self.apply_ruling_undone(*ply as usize, at),
            Event::Ruled { ply, .. } => self.apply_ruled(*ply as usize, at),
            Event::TakenBack { ply, .. } => self.apply_taken_back(*ply as usize),
            Event::BoardFixed {
                board,
                square,
                piece,
                ..
            } => self.apply_board_fixed(*board, *square, *piece),
        }
        .map_err(fail)?;
        if effect == ClockEffect::FromReading {
            self.clock.restore(rec.clock, at);
        }
        if !self.ply.own_started && self.boards.get(self.turn()).matches(&self.pos) {
            self.ply.own_started = true;
        }
        self.seq = rec.seq;
        self.last_event_ms = Some(at);
        Ok(())
    }
}

/// How the game ends after `mover`'s move to `pos`, if it does: checkmate, stalemate, a dead
/// position, and (2023 edition) fivefold repetition or 75 moves; `game` is the game before
/// the move (its history holds the keys of the positions before `pos`).
fn ending_after(pos: &Chess, mover: Color, game: &Game, profile: &Profile) -> Option<Ending> {
    let history = &game.history;
    let draw = |reason| {
        Some(Ending {
            result: GameResult::Draw,
            reason,
        })
    };
    if pos.is_checkmate() {
        return Some(Ending {
            result: GameResult::win_for(mover),
            reason: EndReason::Checkmate,
        });
    }
    if pos.is_stalemate() {
        return draw(EndReason::Stalemate);
    }
    if claims::is_dead_unless_alive(pos, game.alive_structure) {
        return draw(EndReason::DeadPosition);
    }
    if profile.edition == Edition::Fide2023 {
        let key = position_key(pos);
        if history.iter().filter(|k| **k == key).count() + 1 >= 5 {
            return draw(EndReason::FivefoldRepetition);
        }
        if pos.halfmoves() >= 150 {
            return draw(EndReason::SeventyFiveMoves);
        }
    }
    None
}

#[cfg(test)]
mod tests;
