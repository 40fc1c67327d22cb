//! A game's full state on the wire (`state` and `GET /api/games/{id}`), made from the table.

use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode, Position};

use crate::game::{Game, Progress, ReplayError, Setup, Stand, Status};
use crate::scoresheet::desk::Desk;
use crate::server::wire::{
    BoardBody, DamageBody, HandBody, MadeBody, MissingBody, MoveRow, ObligationBody, StateBody,
    TableBody, color_key, player_body, seats_and_languages,
};
use crate::store::GameId;
use crate::table::Table;

/// What `color`'s board shows against the game (`BoardBody::shows`): the side to move's
/// board differs only when the opponent's last move stands on it neither as before nor as
/// after it (as the desk decides a divergence, `desk::goes_on_differently`); before it, or
/// with the piece it captured still on it, it is `behind`; after it, his own move is under
/// way. The other side's board (he has just moved) must show the game.
fn board_shows(game: &Game, color: Color) -> &'static str {
    let pos = game.position();
    let b = game.board(color);
    if b.matches(pos) {
        return "game";
    }
    if color != game.turn() {
        return "differs";
    }
    if game.behind().is_some() {
        return "behind";
    }
    match game.previous() {
        None => "moving",
        Some((before, _)) => match b.opponent_stands(before.board(), pos.board(), !color) {
            Stand::Before => "behind",
            Stand::After => "moving",
            Stand::Neither => "differs",
        },
    }
}

fn board_body(game: &Game, color: Color) -> BoardBody {
    let b = game.board(color);
    let pos = game.position();
    BoardBody {
        shows: board_shows(game, color),
        kind: b.kind.key(),
        placement: b.board.board_fen().to_string(),
        hand: b.hand.map(|(piece, from)| HandBody {
            piece: piece.char().to_string(),
            from: from.to_string(),
        }),
        matches: b.matches(pos),
    }
}

fn table_body(game: &Game) -> TableBody {
    TableBody {
        white_board: board_body(game, Color::White),
        black_board: board_body(game, Color::Black),
        announced: game
            .ply()
            .announced
            .map(|(m, _)| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
        touched: game
            .ply()
            .touches
            .iter()
            .map(|t| t.square.to_string())
            .collect(),
        obligation: game.obligation().map(|o| ObligationBody {
            rule: o.rule.key(),
            square: o.square.to_string(),
            moves: o
                .allowed
                .iter()
                .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
                .collect(),
        }),
        draw_offer: game.offer().map(color_key),
        illegal_moves: Color::ALL
            .into_iter()
            .map(|c| (color_key(c), game.illegal_moves(c)))
            .collect(),
        flags_fallen: Color::ALL
            .into_iter()
            .filter(|c| game.flag_fell(*c).is_some())
            .map(color_key)
            .collect(),
        made: game.progress().map(|p| made_body(game.turn(), &p)),
    }
}

fn made_body(color: Color, progress: &Progress) -> MadeBody {
    MadeBody {
        color: color_key(color),
        state: progress.key(),
        missing: match progress {
            Progress::Missing(m) => Some(MissingBody {
                announcement: m.announcement,
                capture: m.capture.map(|s| s.to_string()),
                placement: m.placement.map(|s| s.to_string()),
                board: m.board_differs,
                same_move: m.announcement_differs,
            }),
            _ => None,
        },
        behind: match progress {
            Progress::Behind(m) => Some(m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
            _ => None,
        },
    }
}

/// The state of `table` at `now` (a damaged game's clocks as its last good event left them).
pub fn state_body(
    id: &GameId,
    created_ms: u64,
    table: &Table,
    damage: Option<&ReplayError>,
    now: u64,
) -> StateBody {
    let game = table.game();
    let desk = table.desk();
    let setup = game.setup();
    let (status, pause_reason, ending) = match game.status() {
        Status::Waiting => ("waiting", None, None),
        Status::Playing => ("playing", None, None),
        Status::Paused { by } => (
            "paused",
            Some(match desk.pause_reason() {
                Some(reason) => reason,
                None if game.touch_hold() => "touch",
                None if by.is_some() => "arbiter",
                None => "restart",
            }),
            None,
        ),
        Status::Over(e) => ("over", None, Some(e)),
    };
    let (seats, languages) = seats_and_languages(setup);
    StateBody {
        game: id.to_string(),
        created_ms,
        seq: game.seq(),
        status,
        pause_reason,
        result: ending.map(|e| e.result.pgn()),
        end_reason: ending.map(|e| e.reason.key()),
        turn: color_key(game.turn()),
        fen: Fen::from_position(game.position(), EnPassantMode::Legal).to_string(),
        start_fen: setup.start.fen().to_owned(),
        moves: move_rows(game, desk, setup),
        // A damaged game's clocks stand where its last good event left them.
        clock: match (damage, game.last_event_ms()) {
            (Some(_), Some(at)) => game.clock(at).into(),
            _ => game.clock(now).into(),
        },
        time_control: (&setup.time_control).into(),
        rules: (&setup.profile).into(),
        table: table_body(game),
        white: player_body(setup, Color::White),
        black: player_body(setup, Color::Black),
        seats,
        languages,
        damaged: damage.map(|d| DamageBody {
            seq: d.seq,
            reason: d.reason.clone(),
        }),
    }
}

/// The game's moves for the state, each with the position after it (replayed from the start
/// position; every stored move was legal where it was played).
fn move_rows(game: &Game, desk: &Desk, setup: &Setup) -> Vec<MoveRow> {
    let mut pos = setup.start.position().clone();
    game.moves()
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let slot = desk.numbering().slot(i);
            pos.play_unchecked(m.mv);
            MoveRow {
                ply: i + 1,
                number: slot.number,
                color: color_key(slot.color),
                by: m.by.key(),
                uci: m.uci().to_string(),
                san: m.san.to_string(),
                fen: Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
            }
        })
        .collect()
}
