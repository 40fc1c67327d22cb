//! The HTTP routes: create, list, state, PGN, the WebSocket upgrade, and (in their modules)
//! the desk's exports, the recordings and the pages.
//!
//! - `error`: [`ApiError`], the one error of every route, its own answer.
//! - `extract`: the request's language and the seat its token opens.
//! - `create`: `POST /api/games`.
//! - `exports`: scoresheets (text, BRF) and the envelope; `recordings`: uploads and
//!   downloads of recordings (kept on the disk by [`crate::server::recordings`]).

pub mod create;
pub mod error;
pub(in crate::server) mod exports;
pub mod extract;
mod recording_routes;

use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

pub use error::ApiError;
pub use extract::{AcceptLang, Authorised};

use crate::game::Seat;
use crate::server::admission::addr::ClientAddr;
use crate::server::admission::auth::{bearer, hash_token, same_hash};
use crate::server::app::AppState;
use crate::server::render::pgn;
use crate::server::wire::{ErrorCode, GameList, GameSummary};
use crate::server::ws;
use crate::server::ws::upgrade::{NotUpgrade, Upgrade};
use crate::store::GameId;

/// The game routes (create, list, state, PGN, the WebSocket upgrade), the exports and the
/// recordings; the server adds the rounds' and the pages' routes and the headers
/// ([`crate::server::router`]).
pub fn routes(app: &AppState) -> Router<AppState> {
    let limit = app.0.limits.max_body_bytes;
    Router::new()
        .route("/health", get(health))
        .route("/api/games", get(list_games).post(create::create_game))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/pgn", get(game_pgn))
        .route("/api/games/{id}/ws", get(game_ws))
        .merge(exports::routes())
        .merge(recording_routes::routes())
        .layer(DefaultBodyLimit::max(limit))
}

/// An unknown path: a localised 404 (the server's fallback).
pub async fn unknown(lang: AcceptLang) -> ApiError {
    unknown_path(lang).await
}

async fn health(State(app): State<AppState>) -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "status": "ok",
        "server": concat!("hamle ", env!("CARGO_PKG_VERSION")),
        "games_in_memory": app.hub().loaded(),
    }))
}

async fn unknown_path(AcceptLang(lang): AcceptLang) -> ApiError {
    ApiError::new(lang, StatusCode::NOT_FOUND, ErrorCode::UnknownPath)
}

async fn game_state(State(app): State<AppState>, seat: Authorised) -> Result<Response, ApiError> {
    let state = app
        .state_of(&seat.handle.id)
        .await
        .ok_or_else(|| ApiError::unavailable(seat.lang))?;
    Ok(Json(state).into_response())
}

/// `GET /api/games/{id}/pgn`'s options.
#[derive(serde::Deserialize, Default)]
struct PgnQuery {
    /// With the incident record as comments (issue 18).
    #[serde(default)]
    incidents: bool,
}

async fn game_pgn(
    seat: Authorised,
    query: Result<axum::extract::Query<PgnQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let with_incidents = query.is_ok_and(|q| q.incidents);
    let Authorised {
        handle, lang, seat, ..
    } = seat;
    let view = handle
        .desk()
        .await
        .ok_or_else(|| ApiError::unavailable(lang))?;
    // The incident record as comments (a side's time requests left out), in the asker's
    // language; a ruling's line names the half-moves it took back.
    let comments: Vec<(usize, String)> = if with_incidents {
        exports::incident_bodies(&view.log, lang, handle.setup.start.position())
            .into_iter()
            // The arbiter's notes are in his own PGN only.
            .filter(|i| !i.private && (seat == Seat::Arbiter || !i.arbiter_only))
            .map(|i| (i.ply, i.text))
            .collect()
    } else {
        Vec::new()
    };
    let pgn = pgn::pgn(
        &view.state,
        &handle.setup.event,
        &view.desk.move_clocks(view.state.moves.len()),
        &comments,
    );
    let content_type = "application/x-chess-pgn; charset=utf-8";
    Ok(([(header::CONTENT_TYPE, content_type)], pgn).into_response())
}

async fn game_ws(
    State(app): State<AppState>,
    Path(id): Path<String>,
    addr: ClientAddr,
    AcceptLang(lang): AcceptLang,
    upgrade: Result<Upgrade, NotUpgrade>,
) -> Result<Response, ApiError> {
    let id = GameId::parse(&id).ok_or_else(|| ApiError::not_found(lang))?;
    let handle = app
        .game(&id)
        .await
        .ok_or_else(|| ApiError::not_found(lang))?;
    let upgrade =
        upgrade.map_err(|r| ApiError::invalid_request(lang, r.status(), r.body_text()))?;
    let limits = app.limits();
    // Only sockets waiting for their greeting are counted here; a seat is let in at its
    // `hello`, a spectator counted then.
    let waiting = app.0.door.arrive(&handle.id, addr, &limits);
    Ok(upgrade
        .max_message_size(limits.max_message_bytes)
        // tungstenite's defaults (128 KiB each way) would cost a quarter MiB per idle
        // socket. A client's messages are small: read in chunks of 256 bytes (a longer frame
        // is read whole once its header is in: tungstenite reserves its length), write each
        // message at once, and let a reader that does not keep up hold at most 64 KiB before
        // sends wait for it.
        .buffers(256, 0, 64 * 1024)
        .on_upgrade(&app.0.tracker.clone(), move |socket| async move {
            match waiting {
                Ok(waiting) => ws::serve(socket, app, handle, lang, addr, waiting).await,
                Err(refused) => {
                    let close = ws::close::TOO_MANY_CONNECTIONS;
                    ws::refuse(socket, lang, refused.code(), close, &limits).await;
                }
            }
        }))
}

async fn list_games(
    State(app): State<AppState>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let token = bearer(&headers).ok_or_else(|| ApiError::unauthorized(lang))?;
    let hash = hash_token(token);
    let admin = same_hash(&hash, &app.0.admin);
    let listed = if admin {
        app.listed(None).await
    } else {
        app.listed(Some(hash)).await
    };
    let listed = listed.ok_or_else(|| ApiError::storage_failed(lang))?;
    if listed.is_empty() && !admin {
        return Err(ApiError::unauthorized(lang));
    }
    let mut games = Vec::with_capacity(listed.len());
    for g in listed {
        // A game in memory answers for itself (the summary may be behind by an event that
        // is on its way to the disk); the others from their stored summary. A stored game
        // whose clock was running is not in memory only because the server restarted: it
        // is paused (and says so once it is loaded).
        let live = if app.hub().is_loaded(&g.id) {
            app.state_of(&g.id).await
        } else {
            None
        };
        games.push(match live {
            Some(s) => GameSummary {
                id: s.game,
                created_ms: s.created_ms,
                white: s.white.name,
                black: s.black.name,
                status: s.status,
                result: s.result,
                seq: s.seq,
                moves: s.moves.len(),
                damaged: s.damaged.is_some(),
            },
            None => GameSummary {
                id: g.id.to_string(),
                created_ms: g.created_ms,
                white: g.white,
                black: g.black,
                status: if g.summary.running {
                    "paused"
                } else {
                    g.summary.status
                },
                result: g.summary.result,
                seq: g.summary.seq,
                moves: g.summary.moves as usize,
                damaged: g.summary.damaged,
            },
        });
    }
    Ok(Json(GameList { games }).into_response())
}
