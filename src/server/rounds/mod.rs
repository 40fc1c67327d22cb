//! A round of many boards under one arbiter (issue 18): which events raise an alert and a board's line (`alerts`), the HTTP routes that create and run a round (`routes`), the round desk's socket (`desk_socket`), its results for the pairing program (`results`), seat links issued again and a board's sheet printed again (`links`), its games as one PGN while they are played (`live`), its boards' incident records as the reports the arbiter signs (`report`).

pub mod alerts;
pub mod desk_socket;
pub mod links;
pub mod live;
pub mod report;
pub mod results;
pub mod routes;

use axum::Router;
use axum::routing::{get, post};

use crate::server::app::AppState;

/// Every route of the rounds: creating and running a round (`routes`), a board's seat links
/// issued again (`links`), the live PGN (`live`).
pub fn routes() -> Router<AppState> {
    routes::routes()
        .route(
            "/api/rounds/{id}/boards/{board}/links",
            post(links::issue_links).layer(axum::extract::DefaultBodyLimit::max(
                routes::MAX_ROUND_BODY_BYTES,
            )),
        )
        .route("/api/rounds/{id}/live.pgn", get(live::live_pgn))
}
