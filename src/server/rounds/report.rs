//! The round's incident records (issue 31, item 7): every board's report the arbiter signs
//! ([`crate::words::report`]), one board's or the whole round's (the boards' reports in
//! board order), downloaded under names that say the round and the board:
//!
//! - `GET /api/rounds/{id}/incidents`: `round-<round>-incidents.txt`;
//! - `GET /api/rounds/{id}/boards/{board}/incidents`: `round-<round>-board-<board>-incidents.txt`.
//!
//! The round's arbiter token opens both; in the request's language.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;

use crate::announce::Lang;
use crate::server::AppState;
use crate::server::http::exports::game_report;
use crate::server::http::{AcceptLang, ApiError};
use crate::server::rounds::routes::{authorised_round, download};
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

/// `GET /api/rounds/{id}/incidents`: every board's report in board order.
pub(super) async fn round_incidents(
    State(app): State<AppState>,
    Path(id): Path<String>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let round = authorised_round(&app, lang, &id, &headers).await?;
    let mut boards = round.boards.clone();
    boards.sort_by_key(|(board, _)| *board);
    let mut reports = Vec::with_capacity(boards.len());
    for (board, game) in &boards {
        if let Some(r) = board_report(&app, lang, *board, game).await {
            reports.push(r);
        }
    }
    let event = crate::game::EventInfo {
        name: round.event.clone(),
        site: round.site.clone(),
        round: round.round.clone(),
    };
    let text = round_report(lang, &event, &reports);
    let name = format!("round-{}-incidents.txt", kept(&round));
    Ok(download("text/plain; charset=utf-8", name, text))
}

/// `GET /api/rounds/{id}/boards/{board}/incidents`: one board's report; `404` for a board
/// the round does not have.
pub(super) async fn board_incidents(
    State(app): State<AppState>,
    Path((id, board)): Path<(String, u32)>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let round = authorised_round(&app, lang, &id, &headers).await?;
    let game = round
        .boards
        .iter()
        .find(|(b, _)| *b == board)
        .map(|(_, g)| g.clone())
        .ok_or_else(|| ApiError::not_found(lang))?;
    let text = board_report(&app, lang, board, &game)
        .await
        .ok_or_else(|| ApiError::not_found(lang))?;
    let name = format!("round-{}-board-{board}-incidents.txt", kept(&round));
    Ok(download("text/plain; charset=utf-8", name, text))
}
