//! The computer opponent's seat (issue 34): a game created with `"engine": {"level": N}` for
//! one player has that seat played by the server's engines ([`crate::engine::EnginePool`]).
//!
//! One task per such game ([`play_seat`], on the server's task tracker) holds the seat's
//! subscription to the game's events, as a connected player would, and whenever the game
//! changes looks at it: when it is the engine's turn it asks the engine for its level's move
//! (the game's clock passed on) and sends it as the seat's `move`, through the same
//! [`GameHandle::act`] a client's move takes, so the table decides and nothing bypasses it;
//! the engine's thinking takes its own clock's time. The seat has no token: nobody else
//! speaks for it.
//!
//! A draw offered to the engine is answered by an evaluation at full strength (1 s): the
//! engine accepts when it stands worse by at least half a pawn (or is being mated), or when
//! the position is level (within 0.15 of a pawn) from move 30 on; otherwise it declines
//! ([`accepts_draw`]). It never offers or claims a draw nor resigns: it plays on, and the
//! rules end the game (mate, stalemate, dead position, fivefold repetition, 75 moves, the
//! flag), or the player does.
//!
//! When the engine fails even after the pool's restart, the player's connections are told
//! (an `error` with the engine's code, [`Opponents::notices`]) and the seat asks again
//! after [`RETRY_AFTER`] or at the game's next event.
//!
//! The seat is the game's setup's ([`crate::game::Player::computer`], its level, stored with
//! the game): whenever the game is loaded from the store (after a restart of the server, or
//! after it left memory) the hub calls [`resume`] and the seat plays on. A game against the
//! computer goes on by itself after a restart (its rules profile's failover is `continue`,
//! set at creation): nobody else is there to resume it. While its task runs it holds the
//! seat's subscription, so the game stays in memory until it is over.
//!
//! The practice aids of such a game ([`aid`]): a hint and an evaluation for the computer's
//! opponent, asked of the same pool at full strength and said in his words; the take-back is
//! the table's (`Command::TakeBack`).

use std::sync::Arc;
use std::time::Duration;

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Color, Move, Position};
use tokio::sync::broadcast;

use crate::announce::Lang;
use crate::engine::{EngineError, EnginePool, EnginePosition, Eval, GameClock, Level, Score};
use crate::game::{BoardOp, Command, Procedure, Seat, Status};
use crate::server::app::AppState;
use crate::server::host::actor::GameHandle;
use crate::server::wire::ErrorCode;
use crate::table::{Order, Table};
use crate::words::practice::{self, Standing};

use crate::server::engines::Opponents;

/// How long the seat waits before asking a failed engine again (sooner if the game changes).
pub const RETRY_AFTER: Duration = Duration::from_secs(5);

/// The engine accepts a draw when it stands worse than this (centipawns, its own view).
const ACCEPT_WHEN_WORSE_CP: i32 = -50;
/// ... or when the position is this level ...
const LEVEL_CP: i32 = 15;
/// ... from this move on.
const LEVEL_FROM_MOVE: u32 = 30;

/// What the seat does next, as the game is now.
enum Next {
    /// The game is over: the seat's work is done.
    Over,
    /// Answer the opponent's standing draw offer.
    Answer(EnginePosition),
    /// Move, at the table as the procedure says ([`AtTable`]).
    Move(EnginePosition, GameClock, AtTable),
    /// Nothing until the game changes (the opponent's turn, a pause, the start).
    Wait,
}

fn next(table: &Table, color: Color, now_ms: u64) -> Next {
    let game = table.game();
    match game.status() {
        Status::Over(_) => return Next::Over,
        Status::Playing => {}
        Status::Waiting | Status::Paused { .. } => return Next::Wait,
    }
    let answer = game.offer() == Some(!color);
    if !answer && game.turn() != color {
        return Next::Wait;
    }
    let moves = game.moves().iter().map(|p| p.mv);
    let position = match EnginePosition::new(game.setup().start.position().clone(), moves) {
        Ok(position) => position,
        Err(e) => {
            tracing::error!("the game's own moves do not replay: {e}");
            return Next::Wait;
        }
    };
    if answer {
        return Next::Answer(position);
    }
    let reading = game.clock(now_ms);
    let tc = &game.setup().time_control;
    let increment = Duration::from_millis(tc.increment_ms);
    let moves_to_go = (tc.moves > 0)
        .then(|| tc.moves.checked_sub(game.moves_of(color)))
        .flatten()
        .filter(|&n| n > 0);
    let clock = GameClock {
        white: Duration::from_millis(reading.white_ms),
        black: Duration::from_millis(reading.black_ms),
        white_increment: increment,
        black_increment: increment,
        moves_to_go,
    };
    let at_table = if game.setup().profile.procedure == Procedure::Physical {
        AtTable::Physical {
            behind: game.behind(),
        }
    } else {
        AtTable::Digital
    };
    Next::Move(position, clock, at_table)
}

/// How the computer's move is made at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AtTable {
    /// One order: the move, made, announced and the clock pressed.
    Digital,
    /// The physical procedure (D.2): its own board (a normal one, kept by the server) first
    /// catches up with the opponent's last move if it still lacks it (`behind`), then the move
    /// is announced, made on that board and the clock pressed, as any player's. The
    /// opponent makes it on his own board himself (or his assistant does), as the appendix
    /// says for any opponent's move.
    Physical { behind: Option<Move> },
}

/// The orders, in turn, that make the computer's move `m` at the table.
fn orders_for(color: Color, m: Move, at_table: AtTable) -> Vec<Order> {
    let uci = m.to_uci(CastlingMode::Standard);
    let AtTable::Physical { behind } = at_table else {
        return vec![Order::Uci(uci.to_string())];
    };
    // Standard chess has neither drops nor null moves: every move is from one square to
    // another (castling as the king's two-square step, which brings its rook along).
    let made = |m: Move| match m.to_uci(CastlingMode::Standard) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => Some(Order::Play(Command::Board {
            board: color,
            op: BoardOp::Move {
                from,
                to,
                promotion,
            },
        })),
        UciMove::Put { .. } | UciMove::Null => None,
    };
    let mut orders = Vec::with_capacity(4);
    orders.extend(behind.and_then(made));
    orders.push(Order::Uci(uci.to_string()));
    orders.extend(made(m));
    orders.push(Order::Play(Command::PressClock));
    orders
}

/// Whether the engine playing `color` accepts a draw, given `eval` of the position (from
/// the side to move's view) at move `fullmoves`.
pub fn accepts_draw(eval: &Eval, side_to_move: Color, color: Color, fullmoves: u32) -> bool {
    let own = |score: Score| {
        if side_to_move == color {
            score
        } else {
            match score {
                Score::Centipawns(cp) => Score::Centipawns(-cp),
                // Mate in n for the mover is being mated in n for the other side; the mover
                // mated now (0) is a mate the other side has given.
                Score::Mate(0) => Score::Mate(1),
                Score::Mate(n) => Score::Mate(-n),
            }
        }
    };
    match own(eval.score) {
        Score::Mate(n) => n <= 0,
        Score::Centipawns(cp) => {
            cp <= ACCEPT_WHEN_WORSE_CP || (cp.abs() <= LEVEL_CP && fullmoves >= LEVEL_FROM_MOVE)
        }
    }
}

/// Sets the computer's seat of the game of `handle` playing, if the game is against the
/// computer (its setup names the side and the level): on the server's tracker, until the
/// game is over or the server stops. For a game just created and for one loaded from the
/// store (after a restart of the server, or after it left memory): the seat is stored with
/// the game, so the computer plays on where it stopped. Nothing without an engine on the
/// server (the player is told when he asks for an aid; creation is refused).
pub fn resume(app: &AppState, handle: &GameHandle) {
    let Some(color) = handle.setup.computer() else {
        return;
    };
    let asked = handle.setup.player(color).computer.unwrap_or_default();
    let level = match Level::new(i64::from(asked)) {
        Ok(level) => level,
        Err(e) => {
            tracing::error!(game = %handle.id, "the computer's seat cannot play: {e}");
            return;
        }
    };
    if app.opponents().is_none() {
        tracing::warn!(game = %handle.id, "a game against the computer, and no engine on this server");
        return;
    }
    app.0
        .tracker
        .spawn(play_seat(app.clone(), handle.clone(), color, level));
}

/// Plays `color` at `level` in the game of `handle` until the game is over or the server
/// stops: the task to spawn. The game's notices are open from now on, before any of its
/// connections comes.
pub fn play_seat(
    app: AppState,
    handle: GameHandle,
    color: Color,
    level: Level,
) -> impl Future<Output = ()> + Send + 'static {
    let notices = app.opponents().map(|o| o.open(&handle.id));
    async move {
        let (Some(opponents), Some(notices)) = (app.opponents(), notices) else {
            return;
        };
        play(&app, opponents, &handle, color, level, &notices).await;
        opponents.close(&handle.id);
    }
}

/// The engine's seat in one game: who it is, where it plays, and how it learns of changes.
struct Seated<'a> {
    app: &'a AppState,
    pool: &'a EnginePool,
    handle: &'a GameHandle,
    color: Color,
    seat: Seat,
    lang: Lang,
}

impl Seated<'_> {
    /// Makes the engine's move `m` at the table; `false` when the game changed while the
    /// engine thought (the player resigned, the arbiter paused it) and an order was refused:
    /// the seat looks again at the game's next event.
    async fn make(&self, m: Move, at_table: AtTable) -> bool {
        for order in orders_for(self.color, m, at_table) {
            if let Err(refused) = self.handle.act(self.seat, self.lang, order, None).await {
                tracing::debug!(game = %self.handle.id, "the engine's move: {refused:?}");
                return false;
            }
        }
        true
    }

    /// What to do next, as the game is now (`None`: the game's task is gone).
    async fn next(&self) -> Option<Next> {
        let (color, now) = (self.color, self.app.clock().now_ms());
        self.handle.read(move |t| next(t, color, now)).await
    }

    /// Accepts or declines the opponent's offer by an evaluation of `position` (declined
    /// without one: the engine plays on). `None` when the server stops meanwhile.
    async fn answer_offer(&self, position: &EnginePosition) -> Option<()> {
        let fullmoves = position.current().fullmoves().get();
        let turn = position.current().turn();
        let shutdown = self.app.shutdown();
        let evaluated = tokio::select! {
            _ = shutdown.cancelled() => return None,
            e = self.pool.eval(position) => e,
        };
        let accept = evaluated
            .as_ref()
            .is_ok_and(|eval| accepts_draw(eval, turn, self.color, fullmoves));
        let answer = if accept {
            Command::AcceptDraw
        } else {
            Command::DeclineDraw
        };
        tracing::debug!(game = %self.handle.id, ?evaluated, accept, "a draw offered to the engine");
        let order = Order::Play(answer);
        if let Err(refused) = self.handle.act(self.seat, self.lang, order, None).await {
            tracing::debug!(game = %self.handle.id, "the engine's answer to the offer: {refused:?}");
        }
        Some(())
    }
}

async fn play(
    app: &AppState,
    opponents: &Opponents,
    handle: &GameHandle,
    color: Color,
    level: Level,
    notices: &broadcast::Sender<Arc<EngineError>>,
) {
    let seat = Seat::player(color);
    let seated = Seated {
        app,
        pool: opponents.pool(),
        handle,
        color,
        seat,
        lang: handle.setup.language(seat),
    };
    let shutdown = app.shutdown();
    // A finished game loaded again has nothing for the seat to do.
    if let Some(Next::Over) | None = seated.next().await {
        return;
    }
    let Some(mut joined) = handle.connect(seat, None).await else {
        return;
    };
    // The seat comes to the game (a game waiting for the arbiter's start counts it).
    let _ = handle
        .act(seat, seated.lang, Order::Play(Command::Arrive), None)
        .await;
    loop {
        let Some(next) = seated.next().await else {
            return;
        };
        let mut wait = None;
        match next {
            Next::Over => return,
            Next::Wait => {}
            Next::Answer(position) => {
                if seated.answer_offer(&position).await.is_none() {
                    return;
                }
                continue;
            }
            Next::Move(position, clock, at_table) => {
                let played = tokio::select! {
                    _ = shutdown.cancelled() => return,
                    m = seated.pool.play(level, &position, Some(clock)) => m,
                };
                match played {
                    Ok(m) => {
                        // An offer made while the engine thought is answered before its
                        // move: moving would only let it lapse.
                        let now = seated.next().await;
                        if let Some(Next::Answer(now)) = &now
                            && seated.answer_offer(now).await.is_none()
                        {
                            return;
                        }
                        // The player took his move back while the engine thought (and may
                        // have moved again since): this move answers a position that is gone.
                        if let Some(Next::Move(now, ..) | Next::Answer(now)) = &now
                            && now.moves() != position.moves()
                        {
                            continue;
                        }
                        if seated.make(m, at_table).await {
                            continue;
                        }
                    }
                    Err(e) => {
                        tracing::warn!(game = %handle.id, "the computer opponent has no move: {e}");
                        let _ = notices.send(Arc::new(e));
                        wait = Some(RETRY_AFTER);
                    }
                }
            }
        }
        let retry = async {
            match wait {
                Some(after) => tokio::time::sleep(after).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = retry => {}
            event = joined.events.recv() => {
                if let Err(broadcast::error::RecvError::Closed) = event {
                    return;
                }
            }
        }
    }
}

/// A practice aid a player asks for (issue 34).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aid {
    /// A good move for him, the side to move.
    Hint,
    /// Who stands better.
    Eval,
}

/// A practice aid's answer, for the wire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Aided {
    Hint {
        uci: String,
        san: String,
        text: String,
    },
    /// The score from White's point of view: centipawns, or a mate in so many moves
    /// (negative: Black mates).
    Eval {
        cp: Option<i32>,
        mate: Option<i32>,
        text: String,
    },
}

/// Why an aid is refused: the code and the arguments of its sentence.
pub type AidRefused = (ErrorCode, Vec<(&'static str, String)>);

/// The position an aid is asked about, read from the table.
struct Asked {
    position: EnginePosition,
    turn: Color,
}

/// A practice aid for `seat` of the game of `handle`, in `lang` (a hint's move with the
/// piece it captures if `captured`): only in a game against the computer (`not_practice`),
/// only for the computer's opponent and his assistant (`forbidden`), not after the end
/// (`game_over`), a hint only on his own turn (`not_your_turn`). The engine thinks at full
/// strength for the pool's aid time; its failures are its own codes. Never in a rated game:
/// hamle knows no rating, and a game against the computer is unrated by definition.
pub async fn aid(
    app: &AppState,
    handle: &GameHandle,
    seat: Seat,
    lang: Lang,
    captured: bool,
    aid: Aid,
) -> Result<Aided, AidRefused> {
    fn refused(code: ErrorCode) -> AidRefused {
        (code, Vec::new())
    }
    fn engine_refused(e: &EngineError) -> AidRefused {
        (ErrorCode::named(e.code()), e.message_args())
    }
    let computer = handle
        .setup
        .computer()
        .ok_or(refused(ErrorCode::NotPractice))?;
    let me = !computer;
    if seat.side() != Some(me) {
        return Err(refused(ErrorCode::Forbidden));
    }
    let opponents = app
        .opponents()
        .ok_or_else(|| refused(ErrorCode::EngineUnavailable))?;
    opponents.engine().await.map_err(engine_refused)?;
    let asked = handle
        .read(move |table| {
            let game = table.game();
            if matches!(game.status(), Status::Over(_)) {
                return Err(refused(ErrorCode::GameOver));
            }
            let moves = game.moves().iter().map(|p| p.mv);
            let position = EnginePosition::new(game.setup().start.position().clone(), moves)
                .map_err(|e| engine_refused(&e))?;
            Ok(Asked {
                position,
                turn: game.turn(),
            })
        })
        .await
        .ok_or_else(|| refused(ErrorCode::GameUnavailable))??;
    let pool = opponents.pool();
    let pos = asked.position.current();
    match aid {
        Aid::Hint => {
            if asked.turn != me {
                return Err(refused(ErrorCode::NotYourTurn));
            }
            let m = pool
                .hint(&asked.position)
                .await
                .map_err(|e| engine_refused(&e))?;
            Ok(Aided::Hint {
                uci: m.to_uci(CastlingMode::Standard).to_string(),
                san: SanPlus::from_move(pos.clone(), m).to_string(),
                text: practice::hint(lang, pos, m, captured),
            })
        }
        Aid::Eval => {
            let eval = pool
                .eval(&asked.position)
                .await
                .map_err(|e| engine_refused(&e))?;
            let (cp, mate, standing) = white_view(eval.score, asked.turn);
            Ok(Aided::Eval {
                cp,
                mate,
                text: practice::standing(lang, standing),
            })
        }
    }
}

/// A score from the side to move's point of view (`turn`) as White's: centipawns or a mate
/// in so many moves (negative: Black mates), and who stands better in words.
pub fn white_view(score: Score, turn: Color) -> (Option<i32>, Option<i32>, Standing) {
    let sign = if turn == Color::White { 1 } else { -1 };
    match score {
        Score::Centipawns(cp) => {
            let white = cp.saturating_mul(sign);
            (Some(white), None, Standing::of_centipawns(white))
        }
        Score::Mate(n) => {
            // Mate in n for the mover (n > 0), for the other side (n < 0); the mover mated
            // now (0) is the other side's mate, already given.
            let mater = if n > 0 { turn } else { !turn };
            let moves = n.unsigned_abs().max(1);
            let signed = if mater == Color::White {
                moves as i32
            } else {
                -(moves as i32)
            };
            (None, Some(signed), Standing::Mates(mater, moves))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(score: Score) -> Eval {
        Eval {
            score,
            depth: Some(20),
            best: None,
        }
    }

    #[test]
    fn the_engine_takes_a_draw_only_when_worse_or_level_late() {
        use Color::{Black, White};
        // The engine plays Black; the offer came with White's move, so Black is to move.
        let at = |score, moves| accepts_draw(&eval(score), Black, Black, moves);
        assert!(at(Score::Centipawns(-120), 5), "worse: takes it");
        assert!(at(Score::Centipawns(-50), 5));
        assert!(
            !at(Score::Centipawns(-49), 5),
            "a little worse early: plays on"
        );
        assert!(!at(Score::Centipawns(10), 12), "level early: plays on");
        assert!(at(Score::Centipawns(10), 30), "level late: takes it");
        assert!(!at(Score::Centipawns(200), 60), "better: plays on");
        assert!(at(Score::Mate(-3), 40), "being mated: takes it");
        assert!(!at(Score::Mate(2), 40), "mating: plays on");
        // The score is the side to move's: with White to move it is turned round.
        let white_to_move = |score| accepts_draw(&eval(score), White, Black, 10);
        assert!(white_to_move(Score::Centipawns(300)));
        assert!(!white_to_move(Score::Centipawns(-300)));
        assert!(!white_to_move(Score::Mate(-2)), "White is being mated");
        assert!(!white_to_move(Score::Mate(0)), "White is mated");
        assert!(white_to_move(Score::Mate(4)));
    }

    #[test]
    fn scores_are_told_from_whites_point_of_view() {
        use Color::{Black, White};
        assert_eq!(
            white_view(Score::Centipawns(-230), White),
            (Some(-230), None, Standing::Pawns(Black, 2))
        );
        assert_eq!(
            white_view(Score::Centipawns(-230), Black),
            (Some(230), None, Standing::Pawns(White, 2))
        );
        assert_eq!(
            white_view(Score::Centipawns(12), Black),
            (Some(-12), None, Standing::Equal)
        );
        assert_eq!(
            white_view(Score::Mate(3), Black),
            (None, Some(-3), Standing::Mates(Black, 3))
        );
        assert_eq!(
            white_view(Score::Mate(-2), Black),
            (None, Some(2), Standing::Mates(White, 2))
        );
        assert_eq!(
            white_view(Score::Mate(0), White),
            (None, Some(-1), Standing::Mates(Black, 1))
        );
    }
}
