//! The round's incident records (issue 31, item 7): every board's report the arbiter signs
//! ([`crate::words::report`]), one board's or the whole round's (the boards' reports in
//! board order), downloaded under names that say the round and the board:
//!
//! - `GET /api/rounds/{id}/incidents`: `round-<round>-incidents.txt`;
//! - `GET /api/rounds/{id}/boards/{board}/incidents`: `round-<round>-board-<board>-incidents.txt`.
//!
//! `routes` serves them with the round's arbiter token; in the request's language.

use crate::announce::Lang;
use crate::server::app::AppState;
use crate::server::http::exports::game_report;
use crate::store::{GameId, StoredRound};
use crate::words::report::round_report;

/// The round's name as a file name keeps it: letters, digits, `.` and `-`.
fn kept(round: &StoredRound) -> String {
    round
        .round
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
        .take(20)
        .collect()
}

/// One board's report, or `None` when its game is gone.
async fn board_report(app: &AppState, lang: Lang, board: u32, game: &GameId) -> Option<String> {
    let handle = app.game(game).await?;
    let view = handle.desk().await?;
    Some(game_report(lang, &handle.setup, &view, Some(board)))
}

/// The round's record: every board's report in board order, and its file name
/// (`round-<round>-incidents.txt`).
pub(super) async fn round_record(
    app: &AppState,
    lang: Lang,
    round: &StoredRound,
) -> (String, String) {
    let mut boards = round.boards.clone();
    boards.sort_by_key(|(board, _)| *board);
    let mut reports = Vec::with_capacity(boards.len());
    for (board, game) in &boards {
        if let Some(r) = board_report(app, lang, *board, game).await {
            reports.push(r);
        }
    }
    let event = crate::game::EventInfo {
        name: round.event.clone(),
        site: round.site.clone(),
        round: round.round.clone(),
        // The round's header names no board nor player: each board's report does.
        board: None,
        fide_ids: Default::default(),
    };
    let name = format!("round-{}-incidents.txt", kept(round));
    (name, round_report(lang, &event, &reports))
}

/// One board's report and its file name (`round-<round>-board-<board>-incidents.txt`);
/// `None` for a board the round does not have, or whose game is gone.
pub(super) async fn board_record(
    app: &AppState,
    lang: Lang,
    round: &StoredRound,
    board: u32,
) -> Option<(String, String)> {
    let (_, game) = round.boards.iter().find(|(b, _)| *b == board)?;
    let text = board_report(app, lang, board, game).await?;
    let name = format!("round-{}-board-{board}-incidents.txt", kept(round));
    Some((name, text))
}
