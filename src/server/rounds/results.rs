//! A round's results for the pairing program (issue 31): each board's game as the pairing
//! program counts it ([`crate::pairings::Counted`]), with the players as the TRF file gave
//! them (starting rank, FIDE id), and the round's byes. The texts are the pure core's
//! ([`crate::pairings::trf_results`], [`crate::pairings::csv_results`]).

use crate::game::{EndReason, Ending, GameResult};
use crate::pairings::{BoardResult, Bye, Counted, Paired};
use crate::server::app::AppState;
use crate::store::{Place, RoundPlayer, StoredRound};

/// The player of a TRF round on `board` with `colour`, if the round keeps its players.
fn seated(round: &StoredRound, board: u32, colour: shakmaty::Color) -> Option<&RoundPlayer> {
    round
        .players
        .iter()
        .find(|p| p.place == Place::Board(board, colour))
}

/// A player as the round knows him: the TRF file's (name, starting rank, FIDE id), else the
/// game's name.
fn paired(kept: Option<&RoundPlayer>, name: Option<&str>) -> Paired {
    match kept {
        Some(p) => Paired {
            name: p.name.clone(),
            fide_id: p.fide_id.clone(),
            rank: Some(p.rank),
            ..Paired::default()
        },
        None => Paired {
            name: name.unwrap_or_default().to_owned(),
            ..Paired::default()
        },
    }
}

/// Every board of the round by board number, with its game's result as the pairing program
/// counts it (`None` while the game is not over, or when it is gone).
pub async fn board_results(app: &AppState, round: &StoredRound) -> Vec<BoardResult> {
    let mut out = Vec::with_capacity(round.boards.len());
    for (board, game) in &round.boards {
        let state = app.state_of(game).await;
        let names = state
            .as_ref()
            .map(|s| (s.white.name.as_str(), s.black.name.as_str()));
        let counted = state.as_ref().and_then(|s| {
            let ending = Ending {
                result: GameResult::from_pgn(s.result?)?,
                reason: EndReason::from_key(s.end_reason?)?,
            };
            Some(Counted::of(ending, s.moves.len()))
        });
        out.push(BoardResult {
            board: *board,
            white: paired(
                seated(round, *board, shakmaty::Color::White),
                names.map(|n| n.0),
            ),
            black: paired(
                seated(round, *board, shakmaty::Color::Black),
                names.map(|n| n.1),
            ),
            counted,
        });
    }
    out
}

/// The round's players without a game, by starting rank.
pub fn byes(round: &StoredRound) -> Vec<Bye> {
    round
        .players
        .iter()
        .filter_map(|p| match p.place {
            Place::Bye(kind) => Some(Bye {
                rank: p.rank,
                name: p.name.clone(),
                fide_id: p.fide_id.clone(),
                kind,
            }),
            Place::Board(..) => None,
        })
        .collect()
}

/// A download's file name: `round-<round>-results.<ext>`, the round's name kept to letters,
/// digits, `.` and `-`.
pub fn file_name(round: &StoredRound, ext: &str) -> String {
    let kept: String = round
        .round
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
        .take(20)
        .collect();
    format!("round-{kept}-results.{ext}")
}
