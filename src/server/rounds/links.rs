//! Seat links issued again (issue 31): `POST /api/rounds/{id}/boards/{board}/links`. hamle
//! keeps only the hashes of tokens, so a lost sheet cannot be printed again as it was: the
//! round's arbiter (or the admin) issues new links for the seats he names (every seat of the
//! board but the arbiter's when he names none), each through the board's game as
//! [`Command::IssueLink`], which revokes the old link at once (its connections are closed,
//! the incident record keeps a line), and gets the board's sheet back with the new links and
//! their QR codes to print.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::announce::Lang;
use crate::game::{Command, Seat, Setup};
use crate::server::admission::auth::{bearer, hash_token, new_token, same_hash};
use crate::server::app::AppState;
use crate::server::http::create::is_admin;
use crate::server::http::error::ApiError;
use crate::server::http::extract::AcceptLang;
use crate::server::rounds::routes::{PlayerOut, SeatLink, load_round, origin_from, seat_link};
use crate::server::wire::ErrorCode;
use crate::store::StoredRound;
use crate::table::Order;

/// The request: the seats to issue again (`white`, `black`, `white_assistant`,
/// `black_assistant`, `spectator`; none: every seat of the board), and where the links
/// point (as at the round's creation; default the request's `Host`).
#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
struct IssueLinks {
    #[serde(default)]
    seats: Vec<String>,
    #[serde(default)]
    origin: Option<String>,
}

/// One board's sheet printed again: the event, the round, the board, and the new links.
#[derive(Serialize)]
struct Sheet {
    event: String,
    site: String,
    round: String,
    board: u32,
    game: String,
    white: PlayerOut,
    black: PlayerOut,
    /// The links issued now, in seat order; the others are unchanged and not shown.
    seats: Vec<SeatLink>,
}

/// The round of the path, if the request's bearer token is its arbiter's or the admin's.
async fn round_for_arbiter_or_admin(
    app: &AppState,
    lang: Lang,
    id: &str,
    headers: &HeaderMap,
) -> Result<StoredRound, ApiError> {
    let round = load_round(app, lang, id).await?;
    let token = bearer(headers).ok_or_else(|| ApiError::unauthorized(lang))?;
    if !same_hash(&hash_token(token), &round.arbiter) && !is_admin(app, headers) {
        return Err(ApiError::unauthorized(lang));
    }
    Ok(round)
}

/// The seats asked for, each one the board's game has (never the arbiter's), in seat order;
/// none asked: every such seat.
fn seats_asked(asked: &[String], setup: &Setup, lang: Lang) -> Result<Vec<Seat>, ApiError> {
    let no_such_seat = || ApiError::new(lang, StatusCode::BAD_REQUEST, ErrorCode::NoSuchSeat);
    let mut seats = Vec::new();
    for name in asked {
        let seat = name.parse::<Seat>().map_err(|_| no_such_seat())?;
        if seat == Seat::Arbiter || !setup.has_seat(seat) {
            return Err(no_such_seat());
        }
        seats.push(seat);
    }
    if asked.is_empty() {
        seats = Seat::ALL
            .into_iter()
            .filter(|s| *s != Seat::Arbiter && setup.has_seat(*s))
            .collect();
    }
    seats.sort_by_key(|s| s.index());
    seats.dedup();
    Ok(seats)
}

/// A player as the sheet names him, with his FIDE id as the pairings gave it.
fn player_on(color: Color, setup: &Setup) -> PlayerOut {
    let p = setup.player(color);
    PlayerOut {
        name: p.name.clone(),
        fide_id: setup.event.fide_ids.get(color).clone(),
        visually_impaired: p.visually_impaired,
        assistant: p.assistant,
    }
}

/// `POST /api/rounds/{id}/boards/{board}/links`: new links for the seats asked for; the old
/// ones open nothing from now on. Every seat is checked before any link is issued.
pub(crate) async fn issue_links(
    State(app): State<AppState>,
    Path((id, board)): Path<(String, String)>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let round = round_for_arbiter_or_admin(&app, lang, &id, &headers).await?;
    let body = body.map_err(|r| ApiError::invalid_request(lang, r.status(), r.body_text()))?;
    let req: IssueLinks = if body.is_empty() {
        IssueLinks::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|e| ApiError::invalid_request(lang, StatusCode::BAD_REQUEST, e.to_string()))?
    };
    let no_such_board = || ApiError::new(lang, StatusCode::NOT_FOUND, ErrorCode::NoSuchBoard);
    let board = board.parse::<u32>().map_err(|_| no_such_board())?;
    let game = round
        .boards
        .iter()
        .find(|(b, _)| *b == board)
        .map(|(_, g)| g.clone())
        .ok_or_else(no_such_board)?;
    let origin = origin_from(req.origin.as_deref(), &headers, lang)?;
    let handle = app
        .game(&game)
        .await
        .ok_or_else(|| ApiError::not_found(lang))?;
    let seats = seats_asked(&req.seats, &handle.setup, lang)?;
    let mut links = Vec::with_capacity(seats.len());
    for seat in seats {
        let token = new_token();
        let hash = hash_token(&token).0;
        let order = Order::Play(Command::IssueLink { seat, hash });
        handle
            .act(Seat::Arbiter, lang, order, None)
            .await
            .map_err(|r| {
                ApiError::new(lang, StatusCode::CONFLICT, ErrorCode::named(r.code))
                    .message(r.message)
            })?;
        links.push(seat_link(&origin, &game, &handle.setup, seat, &token));
    }
    tracing::info!(round = %round.id, board, seats = links.len(), "seat links issued again");
    let sheet = Sheet {
        white: player_on(Color::White, &handle.setup),
        black: player_on(Color::Black, &handle.setup),
        event: round.event,
        site: round.site,
        round: round.round,
        board,
        game: game.to_string(),
        seats: links,
    };
    Ok(Json(sheet).into_response())
}
