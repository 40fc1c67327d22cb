//! A round's games out as they are played (issue 31): `GET /api/rounds/{id}/live.pgn`, every
//! board's game as one PGN file in board order, made afresh at each request, so that a
//! broadcast (lichess's polls its source URL every few seconds) shows the boards of visually
//! impaired players to the audience like any other. Public, as a broadcast is: the round's id
//! is enough, no token; it gives the moves, the clocks and the results, nothing a seat's
//! token opens. A game gone (never started, removed after its time) is left out.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::server::app::AppState;
use crate::server::http::error::ApiError;
use crate::server::http::extract::AcceptLang;
use crate::server::render::pgn;
use crate::server::rounds::routes::load_round;

/// `GET /api/rounds/{id}/live.pgn`: the round's games now, one after the other.
pub(crate) async fn live_pgn(
    State(app): State<AppState>,
    Path(id): Path<String>,
    AcceptLang(lang): AcceptLang,
) -> Result<Response, ApiError> {
    let round = load_round(&app, lang, &id).await?;
    let mut games = Vec::with_capacity(round.boards.len());
    for (_, game) in &round.boards {
        let Some(handle) = app.game(game).await else {
            continue;
        };
        let Some(view) = handle.desk().await else {
            continue;
        };
        let clocks = view.desk.move_clocks(view.state.moves.len());
        let text = pgn::pgn(&view.state, &handle.setup.event, &clocks, &[]);
        games.push(text.trim_end().to_owned());
    }
    let mut body = games.join("\n\n");
    body.push('\n');
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            // Always the moves of now: a poller must not be served a copy.
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response())
}
