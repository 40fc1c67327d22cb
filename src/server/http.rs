//! The HTTP routes: create, list, state, PGN, and the WebSocket upgrade.

use std::collections::BTreeMap;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use shakmaty::ByColor;

use super::actor::GameHandle;
use super::auth::{bearer, hash_token, new_token, same_hash};
use super::render::lang_from_accept;
use super::wire::{
    CreateGame, Created, EventIn, GameList, GameSummary, HttpError, PlayerIn, RulesIn,
    TimeControlIn,
};
use super::{AppState, pgn, ws};
use crate::announce::Lang;
use crate::game::{
    BoardKind, Edition, EventInfo, FlagRule, MAX_PERIODS, Period, Player, Procedure, Profile, Seat,
    Setup, StartError, StartPosition, TimeControl,
};
use crate::store::{GameId, NewGame, StoredGame};
use crate::words;

/// The longest player name accepted (characters).
pub const MAX_NAME_CHARS: usize = 100;

pub fn router(app: AppState) -> Router {
    let limit = app.0.limits.max_body_bytes;
    let router = Router::new()
        .route("/health", get(health))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/pgn", get(game_pgn))
        .route("/api/games/{id}/ws", get(game_ws))
        .merge(super::exports::routes())
        .merge(super::web::routes())
        .fallback(unknown_path)
        .layer(DefaultBodyLimit::max(limit));
    super::headers::secure(router).with_state(app)
}

pub(super) fn lang_of(headers: &HeaderMap) -> Lang {
    lang_from_accept(
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    )
}

pub(super) fn error(
    lang: Lang,
    status: StatusCode,
    code: &'static str,
    args: &[(&str, String)],
    detail: Option<String>,
) -> Response {
    let body = HttpError {
        code,
        message: words::error(lang, code, args),
        detail,
    };
    (status, Json(body)).into_response()
}

fn not_found(lang: Lang) -> Response {
    error(lang, StatusCode::NOT_FOUND, "not_found", &[], None)
}

fn unauthorized(lang: Lang) -> Response {
    let mut r = error(lang, StatusCode::UNAUTHORIZED, "unauthorized", &[], None);
    r.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        "Bearer".parse().expect("static header"),
    );
    r
}

async fn health(State(app): State<AppState>) -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "status": "ok",
        "server": concat!("hamle ", env!("CARGO_PKG_VERSION")),
        "games_in_memory": app.hub().loaded(),
    }))
}

async fn unknown_path(headers: HeaderMap) -> Response {
    error(
        lang_of(&headers),
        StatusCode::NOT_FOUND,
        "unknown_path",
        &[],
        None,
    )
}

/// The game named in the path, if it exists and the request's bearer token opens one of its
/// seats.
pub(super) async fn authorised(
    app: &AppState,
    id: &str,
    headers: &HeaderMap,
) -> Result<(GameHandle, Seat), Box<Response>> {
    let lang = lang_of(headers);
    let Some(id) = GameId::parse(id) else {
        return Err(Box::new(not_found(lang)));
    };
    let handle = app
        .game(&id)
        .await
        .ok_or_else(|| Box::new(not_found(lang)))?;
    let token = bearer(headers).ok_or_else(|| Box::new(unauthorized(lang)))?;
    let seat = handle
        .seat_for(token)
        .ok_or_else(|| Box::new(unauthorized(lang)))?;
    Ok((handle, seat))
}

async fn game_state(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&headers);
    let (handle, _) = match authorised(&app, &id, &headers).await {
        Ok(x) => x,
        Err(r) => return *r,
    };
    match app.state_of(&handle.id).await {
        Some(state) => Json(state).into_response(),
        None => error(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            "game_unavailable",
            &[],
            None,
        ),
    }
}

async fn game_pgn(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&headers);
    let (handle, _) = match authorised(&app, &id, &headers).await {
        Ok(x) => x,
        Err(r) => return *r,
    };
    match handle.desk().await {
        Some(view) => (
            [(
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            )],
            pgn::pgn(
                &view.state,
                &handle.setup.event,
                &view.desk.move_clocks(view.state.moves.len()),
            ),
        )
            .into_response(),
        None => error(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            "game_unavailable",
            &[],
            None,
        ),
    }
}

async fn game_ws(
    State(app): State<AppState>,
    Path(id): Path<String>,
    addr: super::listen::ClientAddr,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let lang = lang_of(&headers);
    let Some(id) = GameId::parse(&id) else {
        return not_found(lang);
    };
    let Some(handle) = app.game(&id).await else {
        return not_found(lang);
    };
    let upgrade = match upgrade {
        Ok(u) => u,
        Err(rejection) => {
            let status = rejection.status();
            return error(
                lang,
                status,
                "invalid_request",
                &[],
                Some(rejection.body_text()),
            );
        }
    };
    let limits = app.limits();
    // Counted by the tracker, so shutdown waits for this connection to close.
    let running = app.0.tracker.token();
    // Only sockets waiting for their greeting are counted here; a seat is let in at its
    // `hello`, a spectator counted then.
    let waiting = app.0.door.arrive(&handle.id, addr, &limits);
    upgrade
        .max_message_size(limits.max_message_bytes)
        .max_frame_size(limits.max_message_bytes)
        // tungstenite's defaults (128 KiB each way) would cost a quarter MiB per idle
        // socket. Messages are small: read in 1 KiB chunks, write each message at once, and
        // let a reader that does not keep up hold at most 64 KiB before sends wait for it.
        .read_buffer_size(1024)
        .write_buffer_size(0)
        .max_write_buffer_size(64 * 1024)
        .on_upgrade(move |socket| async move {
            match waiting {
                Ok(waiting) => ws::serve(socket, app, handle, lang, addr, waiting).await,
                Err(refused) => {
                    let close = ws::close::TOO_MANY_CONNECTIONS;
                    ws::refuse(socket, lang, refused.code(), close, &limits).await;
                }
            }
            drop(running);
        })
}

async fn list_games(State(app): State<AppState>, headers: HeaderMap) -> Response {
    let lang = lang_of(&headers);
    let Some(token) = bearer(&headers) else {
        return unauthorized(lang);
    };
    let hash = hash_token(token);
    let admin = same_hash(&hash, &app.0.admin);
    let listed = if admin {
        app.listed(None).await
    } else {
        app.listed(Some(hash)).await
    };
    let Some(listed) = listed else {
        return error(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            "storage_failed",
            &[],
            None,
        );
    };
    if listed.is_empty() && !admin {
        return unauthorized(lang);
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
    Json(GameList { games }).into_response()
}

/// A rejected setting: the field (its value's problem, for the start position).
struct BadSetting(String, Option<StartError>);

impl BadSetting {
    fn field(field: impl Into<String>) -> BadSetting {
        BadSetting(field.into(), None)
    }
}

fn player(input: Option<PlayerIn>, field: &str) -> Result<Player, BadSetting> {
    let input = input.unwrap_or_default();
    let name = input.name.unwrap_or_default().trim().to_owned();
    if crate::text_check::one_line(&name, MAX_NAME_CHARS).is_err() {
        return Err(BadSetting::field(format!("{field}.name")));
    }
    let board = match input.board.as_deref() {
        None if input.visually_impaired => BoardKind::Tactile,
        None => BoardKind::Normal,
        Some(b) => {
            BoardKind::from_key(b).ok_or_else(|| BadSetting::field(format!("{field}.board")))?
        }
    };
    Ok(Player {
        name,
        visually_impaired: input.visually_impaired,
        board,
        assistant: input.assistant,
    })
}

/// The setup a create request asks for. Unnamed seats speak German: the Appendix's own
/// announcement words, which the whole table uses unless the arbiter decides otherwise.
fn setup(req: CreateGame) -> Result<Setup, BadSetting> {
    let time_control = match req.time_control {
        None => TimeControl::fischer(15 * 60 * 1000, 10 * 1000),
        Some(tc) => time_control(tc)?,
    };
    let profile = profile(req.rules.unwrap_or_default())?;
    let start = match req.fen.as_deref() {
        None => StartPosition::initial(),
        Some(fen) => {
            StartPosition::from_fen(fen).map_err(|e| BadSetting("fen".to_owned(), Some(e)))?
        }
    };
    let event = event_info(req.event.unwrap_or_default())?;
    let mut languages = [Lang::De; 6];
    for (seat, lang) in &req.languages {
        let seat: Seat = seat
            .parse()
            .map_err(|_| BadSetting::field(format!("languages.{seat}")))?;
        languages[seat.index()] = lang
            .parse()
            .map_err(|_| BadSetting::field(format!("languages.{seat}")))?;
    }
    Ok(Setup {
        time_control,
        players: ByColor {
            white: player(req.white, "white")?,
            black: player(req.black, "black")?,
        },
        languages,
        profile,
        event,
        start,
    })
}

/// The event's name, site and round: each one line of at most [`MAX_NAME_CHARS`], no control
/// or direction characters (they reach the PGN's tags).
fn event_info(input: EventIn) -> Result<EventInfo, BadSetting> {
    let field = |value: Option<String>, name: &str| {
        let v = value.unwrap_or_default().trim().to_owned();
        if crate::text_check::one_line(&v, MAX_NAME_CHARS).is_err() {
            Err(BadSetting::field(format!("event.{name}")))
        } else {
            Ok(v)
        }
    };
    Ok(EventInfo {
        name: field(input.name, "name")?,
        site: field(input.site, "site")?,
        round: field(input.round, "round")?,
    })
}

/// One period's times, checked: base 1 s to a day, increment and delay at most an hour.
fn period(
    field: &str,
    moves: u32,
    base: u64,
    inc: u64,
    delay: u64,
    base_may_be_zero: bool,
) -> Result<Period, BadSetting> {
    let bad = |name: &str| BadSetting::field(format!("{field}.{name}"));
    if (base == 0 && !base_may_be_zero) || base > 24 * 3600 {
        return Err(bad("base_seconds"));
    }
    if inc > 3600 {
        return Err(bad("increment_seconds"));
    }
    if delay > 3600 {
        return Err(bad("delay_seconds"));
    }
    if moves > 500 {
        return Err(bad("moves"));
    }
    Ok(Period {
        moves,
        base_ms: base * 1000,
        increment_ms: inc * 1000,
        delay_ms: delay * 1000,
    })
}

fn time_control(tc: TimeControlIn) -> Result<TimeControl, BadSetting> {
    let first = period(
        "time_control",
        tc.moves,
        tc.base_seconds,
        tc.increment_seconds,
        tc.delay_seconds,
        false,
    )?;
    if tc.then.len() >= MAX_PERIODS {
        return Err(BadSetting::field("time_control.then"));
    }
    if !tc.then.is_empty() && tc.moves == 0 {
        return Err(BadSetting::field("time_control.moves"));
    }
    let mut later = [None; MAX_PERIODS - 1];
    for (i, p) in tc.then.iter().enumerate() {
        let field = format!("time_control.then.{i}");
        // A period that ends the game needs no move count; one followed by another does.
        if i + 1 < tc.then.len() && p.moves == 0 {
            return Err(BadSetting::field(format!("{field}.moves")));
        }
        later[i] = Some(period(
            &field,
            p.moves,
            p.base_seconds,
            p.increment_seconds,
            p.delay_seconds,
            true,
        )?);
    }
    Ok(TimeControl {
        base_ms: first.base_ms,
        increment_ms: first.increment_ms,
        delay_ms: first.delay_ms,
        moves: first.moves,
        later,
    })
}

fn profile(rules: RulesIn) -> Result<Profile, BadSetting> {
    let bad = |name: &str| BadSetting::field(format!("rules.{name}"));
    let edition = match rules.edition.as_deref() {
        None => Edition::default(),
        Some(e) => Edition::from_key(e).ok_or_else(|| bad("edition"))?,
    };
    let procedure = match rules.procedure.as_deref() {
        None => Procedure::default(),
        Some(p) => Procedure::from_key(p).ok_or_else(|| bad("procedure"))?,
    };
    let flag = match rules.flag.as_deref() {
        None => FlagRule::default(),
        Some(f) => FlagRule::from_key(f).ok_or_else(|| bad("flag"))?,
    };
    let mut profile = Profile::new(edition, procedure, flag);
    if let Some(s) = rules.illegal_penalty_seconds {
        if s > 3600 {
            return Err(bad("illegal_penalty_seconds"));
        }
        profile.illegal_penalty_ms = s * 1000;
    }
    if let Some(n) = rules.illegal_moves_lose_at {
        if !(1..=10).contains(&n) {
            return Err(bad("illegal_moves_lose_at"));
        }
        profile.illegal_moves_lose_at = n;
    }
    if let Some(s) = rules.false_claim_bonus_seconds {
        if s > 3600 {
            return Err(bad("false_claim_bonus_seconds"));
        }
        profile.false_claim_bonus_ms = s * 1000;
    }
    Ok(profile)
}

async fn create_game(
    State(app): State<AppState>,
    addr: super::listen::ClientAddr,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let lang = lang_of(&headers);
    if let Err(refusal) = app.0.creation.admit(&headers, addr) {
        return super::creation::refusal_response(lang, refusal);
    }
    let body = match body {
        Ok(b) => b,
        Err(rejection) => {
            let status = rejection.status();
            return error(
                lang,
                status,
                "invalid_request",
                &[],
                Some(rejection.body_text()),
            );
        }
    };
    let req: CreateGame = if body.iter().all(u8::is_ascii_whitespace) {
        CreateGame::default()
    } else {
        match serde_json::from_slice(&body) {
            Ok(r) => r,
            Err(e) => {
                return error(
                    lang,
                    StatusCode::BAD_REQUEST,
                    "invalid_request",
                    &[],
                    Some(e.to_string()),
                );
            }
        }
    };
    let setup = match setup(req) {
        Ok(s) => s,
        Err(BadSetting(field, None)) => {
            return error(
                lang,
                StatusCode::BAD_REQUEST,
                "invalid_setting",
                &[("field", field)],
                None,
            );
        }
        Err(BadSetting(field, Some(problem))) => {
            // The same code as any bad setting; the sentence says what is wrong with the
            // position, `detail` the problem's key.
            let body = HttpError {
                code: "invalid_setting",
                message: words::text(
                    lang,
                    "error-invalid-fen",
                    &[("field", field), ("problem", problem.key().to_owned())],
                ),
                detail: Some(problem.key().to_owned()),
            };
            return (StatusCode::BAD_REQUEST, Json(body)).into_response();
        }
    };

    // A bearer token, if any, must be the admin token or an arbiter's token; an arbiter's
    // token becomes this game's arbiter token too, so one arbiter lists all his games.
    let mut arbiter_token = None;
    if app.0.limits.require_token && bearer(&headers).is_none() {
        return unauthorized(lang);
    }
    if let Some(token) = bearer(&headers) {
        let hash = hash_token(token);
        let is_admin = same_hash(&hash, &app.0.admin);
        let is_arbiter = !is_admin && !app.arbiter_games(&hash).await.is_empty();
        if !is_admin && !is_arbiter {
            return unauthorized(lang);
        }
        if is_arbiter {
            arbiter_token = Some(token.to_owned());
        }
    }

    let creation = &app.0.creation;
    if creation.unstarted_count() >= app.0.limits.max_unstarted_games
        && creation.sweep(&app).await >= app.0.limits.max_unstarted_games
    {
        let max = app.0.limits.max_unstarted_games.to_string();
        return error(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            "too_many_unstarted_games",
            &[("max", max)],
            None,
        );
    }

    // 64 random bits: a second try is all but never needed.
    let mut id = None;
    for _ in 0..4 {
        let candidate = GameId::from_bytes(rand::random());
        let store = std::sync::Arc::clone(&app.0.store);
        let taken_id = candidate.clone();
        let taken = tokio::task::spawn_blocking(move || store.has_game(&taken_id)).await;
        if matches!(taken, Ok(Ok(false))) {
            id = Some(candidate);
            break;
        }
    }
    let Some(id) = id else {
        return error(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            "storage_failed",
            &[],
            None,
        );
    };
    let mut tokens = BTreeMap::new();
    let mut hashes = Vec::new();
    for seat in Seat::ALL {
        if !setup.has_seat(seat) {
            tokens.insert(seat.key(), None);
            continue;
        }
        let token = match (seat, &arbiter_token) {
            (Seat::Arbiter, Some(t)) => t.clone(),
            _ => new_token(),
        };
        hashes.push((seat, hash_token(&token)));
        tokens.insert(seat.key(), Some(token));
    }
    let new = NewGame {
        id: id.clone(),
        created_ms: app.0.clock.now_ms(),
        setup,
        tokens: hashes,
    };
    let store = std::sync::Arc::clone(&app.0.store);
    let written = {
        let new = new.clone();
        tokio::task::spawn_blocking(move || store.create_game(&new)).await
    };
    if !matches!(written, Ok(Ok(()))) {
        tracing::error!(game = %id, "could not store a new game: {written:?}");
        return error(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            "storage_failed",
            &[],
            None,
        );
    }
    let stored = StoredGame {
        id: new.id,
        created_ms: new.created_ms,
        setup: new.setup,
        tokens: new.tokens,
        events: Vec::new(),
        damage: None,
    };
    let handle = app.hub().created(stored);
    app.speech().game_added(&handle);
    app.0.creation.created(&handle.id, handle.created_ms);
    tracing::info!(game = %id, "created");
    let Some(state) = handle.state().await else {
        return error(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            "game_unavailable",
            &[],
            None,
        );
    };
    let created = Created {
        ws: format!("/api/games/{id}/ws"),
        id: id.to_string(),
        tokens,
        state,
    };
    (StatusCode::CREATED, Json(created)).into_response()
}
