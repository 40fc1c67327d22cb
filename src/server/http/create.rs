//! `POST /api/games`: a game created from a checked request, in steps: admitted (same site,
//! the address's rate), read, its setup checked, its creator authorised, room for a game
//! that has not started, an id, one token per seat, stored, then in memory.

use std::collections::BTreeMap;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use shakmaty::{ByColor, Color};

use crate::announce::Lang;
use crate::engine::{EngineError, Level};
use crate::game::{
    AfterFix, BoardKind, Edition, EventInfo, Failover, FlagRule, MAX_PERIODS, Period, Player,
    Procedure, Profile, Seat, Setup, StartError, StartPosition, TimeControl, ViIllegal,
};
use crate::server::admission::addr::ClientAddr;
use crate::server::admission::auth::{TokenHash, bearer, hash_token, new_token, same_hash};
use crate::server::admission::creation::{Creator, NoRoom, Refusal, Reserved};
use crate::server::app::AppState;
use crate::server::http::error::ApiError;
use crate::server::http::extract::AcceptLang;
use crate::server::wire::ErrorCode;
use crate::server::wire::{CreateGame, Created, EventIn, PlayerIn, RulesIn, TimeControlIn};
use crate::store::{GameId, NewGame, StoredGame};

/// The longest player name accepted (characters).
pub const MAX_NAME_CHARS: usize = 100;

/// Creates a game.
pub(crate) async fn create_game(
    State(app): State<AppState>,
    addr: ClientAddr,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    app.0
        .creation
        .admit(&headers, addr, is_admin(&app, &headers))
        .map_err(|r| refused(lang, r))?;
    let request = read(lang, body)?;
    let engine = asked_engine(lang, &request)?;
    let mut setup = setup(request).map_err(|bad| bad.error(lang))?;
    if let Some(engine) = &engine {
        engine.check(&app, lang, &mut setup).await?;
    }
    let who = creator(&app, lang, &headers).await?;
    let mut room = room_for(&app, lang, who.creator(addr), 1).await?;
    let arbiter_token = who.arbiter_token();
    let id = new_id(&app, lang).await?;
    let (mut tokens, mut hashes) = tokens(&setup, arbiter_token);
    // The engine's seat has no token: nobody speaks for it.
    if let Some(engine) = &engine {
        let seat = Seat::player(engine.color);
        tokens.insert(seat.key(), None);
        hashes.retain(|(s, _)| *s != seat);
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
    match written {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(ApiError::storage_failed(lang).source(e)),
        Err(e) => return Err(ApiError::storage_failed(lang).source(e)),
    }
    let stored = StoredGame {
        id: new.id,
        created_ms: new.created_ms,
        setup: new.setup,
        tokens: new.tokens,
        events: Vec::new(),
        damage: None,
    };
    let handle = app.hub().created(stored).await;
    // The computer's seat (its side and level are the setup's) starts playing.
    crate::server::opponent::resume(&app, &handle);
    app.speech().game_added(&handle);
    room.created(&handle.id, handle.created_ms);
    tracing::info!(game = %id, "created");
    let state = handle
        .state()
        .await
        .ok_or_else(|| ApiError::unavailable(lang))?;
    let created = Created {
        ws: format!("/api/games/{id}/ws"),
        id: id.to_string(),
        tokens,
        state,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// A creation refused before its body is read.
pub(crate) fn refused(lang: Lang, refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::JsonRequired => ApiError::new(
            lang,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::JsonRequired,
        ),
        Refusal::CrossSite => ApiError::new(lang, StatusCode::FORBIDDEN, ErrorCode::CrossSite),
        Refusal::RoundTooLarge { boards, max } => ApiError::new(
            lang,
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::RoundTooLarge,
        )
        .arg("boards", boards.to_string())
        .arg("max", max.to_string()),
        Refusal::TooMany { retry_after_s } => {
            let seconds = retry_after_s.to_string();
            let error = ApiError::new(lang, StatusCode::TOO_MANY_REQUESTS, ErrorCode::TooManyGames)
                .arg("seconds", seconds.clone());
            match HeaderValue::from_str(&seconds) {
                Ok(v) => error.header(header::RETRY_AFTER, v),
                Err(_) => error,
            }
        }
    }
}

/// The request: `{}` when the body is empty.
fn read(lang: Lang, body: Result<Bytes, BytesRejection>) -> Result<CreateGame, ApiError> {
    let body = body.map_err(|r| ApiError::invalid_request(lang, r.status(), r.body_text()))?;
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(CreateGame::default());
    }
    serde_json::from_slice(&body)
        .map_err(|e| ApiError::invalid_request(lang, StatusCode::BAD_REQUEST, e.to_string()))
}

/// The seat a create request gives the computer (issue 34).
struct EngineSeat {
    color: Color,
    level: Level,
}

/// An engine's refusal: an unknown level is the request's fault (400), an engine that
/// cannot play the server's (503).
fn engine_refused(lang: Lang, e: &EngineError) -> ApiError {
    let status = match e {
        EngineError::UnknownLevel { .. } => StatusCode::BAD_REQUEST,
        _ => StatusCode::SERVICE_UNAVAILABLE,
    };
    e.message_args().into_iter().fold(
        ApiError::new(lang, status, ErrorCode::named(e.code())),
        |error, (name, value)| error.arg(name, value),
    )
}

/// The seat `"engine": {"level": N}` asks the computer to play: one seat at most, at a level
/// there is.
fn asked_engine(lang: Lang, req: &CreateGame) -> Result<Option<EngineSeat>, ApiError> {
    let asked = |color: Color, player: &Option<PlayerIn>| {
        let engine = player.as_ref()?.engine.as_ref()?;
        Some((color, engine.level))
    };
    let (color, level) = match (
        asked(Color::White, &req.white),
        asked(Color::Black, &req.black),
    ) {
        (None, None) => return Ok(None),
        (Some(one), None) | (None, Some(one)) => one,
        (Some(_), Some(_)) => return Err(BadSetting::field("black.engine").error(lang)),
    };
    let level = Level::new(level).map_err(|e| engine_refused(lang, &e))?;
    Ok(Some(EngineSeat { color, level }))
}

impl EngineSeat {
    /// Whether the game can be played against the computer: a player the computer can be
    /// (not visually impaired, no assistant), the digital procedure, and an engine on this
    /// server that plays. The engine's player is named after the engine unless named.
    async fn check(&self, app: &AppState, lang: Lang, setup: &mut Setup) -> Result<(), ApiError> {
        let side = if self.color == Color::White {
            "white"
        } else {
            "black"
        };
        let player = &mut setup.players[self.color];
        if player.visually_impaired {
            return Err(BadSetting::field(format!("{side}.visually_impaired")).error(lang));
        }
        if player.assistant {
            return Err(BadSetting::field(format!("{side}.assistant")).error(lang));
        }
        let Some(opponents) = app.opponents() else {
            return Err(ApiError::new(
                lang,
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::EngineUnavailable,
            ));
        };
        let name = opponents
            .engine()
            .await
            .map_err(|e| engine_refused(lang, e))?;
        let player = &mut setup.players[self.color];
        // Stored with the game: the seat is the computer's for good (issue 34).
        player.computer = Some(self.level.number());
        // Nobody else is at the board to resume the game after a restart of the server: it
        // goes on by itself, the outage not counted.
        setup.profile.failover = Failover::Continue;
        if player.name.is_empty() && crate::text_check::one_line(name, MAX_NAME_CHARS).is_ok() {
            player.name = name.to_owned();
        }
        Ok(())
    }
}

/// Who creates a game, by the bearer token.
pub(crate) enum Who {
    Admin,
    /// An arbiter's token: it becomes the new game's (or round's) arbiter token too.
    Arbiter(String),
    Anyone,
}

impl Who {
    /// As the budgets count it, from `addr`.
    pub(crate) fn creator(&self, addr: ClientAddr) -> Creator {
        match self {
            Who::Admin => Creator::Admin,
            Who::Arbiter(_) => Creator::Arbiter(addr),
            Who::Anyone => Creator::Anyone(addr),
        }
    }

    pub(crate) fn arbiter_token(self) -> Option<String> {
        match self {
            Who::Arbiter(token) => Some(token),
            Who::Admin | Who::Anyone => None,
        }
    }
}

/// Whether the request carries the admin token (no rate for it).
pub(crate) fn is_admin(app: &AppState, headers: &HeaderMap) -> bool {
    bearer(headers).is_some_and(|t| same_hash(&hash_token(t), &app.0.admin))
}

/// Who creates the game. A bearer token, if any, must be the admin token or an arbiter's
/// token (required with `--require-token`); an arbiter's token becomes this game's arbiter
/// token too, so one arbiter lists all his games.
pub(crate) async fn creator(
    app: &AppState,
    lang: Lang,
    headers: &HeaderMap,
) -> Result<Who, ApiError> {
    let Some(token) = bearer(headers) else {
        return if app.0.limits.require_token {
            Err(ApiError::unauthorized(lang))
        } else {
            Ok(Who::Anyone)
        };
    };
    let hash = hash_token(token);
    if same_hash(&hash, &app.0.admin) {
        return Ok(Who::Admin);
    }
    if app.arbiter_games(&hash).await.is_empty() {
        return Err(ApiError::unauthorized(lang));
    }
    Ok(Who::Arbiter(token.to_owned()))
}

/// Places for `n` games without a move (a game, or a round's boards, all at once), after
/// removing those past their time if need be: `429 address_unstarted_games` when the
/// address holds its share, `503 too_many_unstarted_games` when the server holds its most.
pub(crate) async fn room_for<'a>(
    app: &'a AppState,
    lang: Lang,
    creator: Creator,
    n: usize,
) -> Result<Reserved<'a>, ApiError> {
    let creation = &app.0.creation;
    let no_room = match creation.reserve(creator, n) {
        Ok(room) => return Ok(room),
        Err(_) => {
            crate::server::unstarted::sweep(app).await;
            match creation.reserve(creator, n) {
                Ok(room) => return Ok(room),
                Err(no_room) => no_room,
            }
        }
    };
    Err(match no_room {
        NoRoom::Address { max } => ApiError::new(
            lang,
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::AddressUnstartedGames,
        )
        .arg("max", max.to_string()),
        NoRoom::Server { max } => ApiError::new(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::TooManyUnstartedGames,
        )
        .arg("max", max.to_string()),
    })
}

/// A new game id: 64 random bits, so a second try is all but never needed.
pub(crate) async fn new_id(app: &AppState, lang: Lang) -> Result<GameId, ApiError> {
    for _ in 0..4 {
        let candidate = GameId::from_bytes(rand::random());
        let store = std::sync::Arc::clone(&app.0.store);
        let taken_id = candidate.clone();
        let taken = tokio::task::spawn_blocking(move || store.has_game(&taken_id)).await;
        if matches!(taken, Ok(Ok(false))) {
            return Ok(candidate);
        }
    }
    Err(ApiError::storage_failed(lang))
}

/// The tokens shown once, per seat (`null` for an assistant seat the game lacks).
pub(crate) type Tokens = BTreeMap<&'static str, Option<String>>;

/// A token per seat the game has (`null` for an assistant seat it lacks), shown once, and
/// their hashes, which alone are stored.
pub(crate) fn tokens(
    setup: &Setup,
    arbiter_token: Option<String>,
) -> (Tokens, Vec<(Seat, TokenHash)>) {
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
    (tokens, hashes)
}

/// A rejected setting: the field (its value's problem, for the start position).
pub(crate) struct BadSetting(String, Option<StartError>);

impl BadSetting {
    pub(crate) fn field(field: impl Into<String>) -> BadSetting {
        BadSetting(field.into(), None)
    }

    /// `400 invalid_setting`: the sentence names the field; for a start position it says
    /// what is wrong with it, and `detail` is the problem's key.
    pub(crate) fn error(self, lang: Lang) -> ApiError {
        let invalid = ApiError::new(lang, StatusCode::BAD_REQUEST, ErrorCode::InvalidSetting)
            .field(self.0.clone());
        match self {
            BadSetting(field, None) => invalid.arg("field", field),
            BadSetting(field, Some(problem)) => {
                let key = problem.key().to_owned();
                let message = crate::words::text(
                    lang,
                    "error-invalid-fen",
                    &[("field", field), ("problem", key.clone())],
                );
                invalid.message(message).detail(key)
            }
        }
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
        computer: None,
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
    let players = ByColor {
        white: player(req.white, "white")?,
        black: player(req.black, "black")?,
    };
    // One assistant at the board: the sighted player's only when the visually impaired
    // player has none (F9 / D.2.10).
    if let Some(color) = crate::game::assistant_refused(
        players.as_ref().map(|p| p.visually_impaired),
        players.as_ref().map(|p| p.assistant),
    ) {
        let field = if color == Color::White {
            "white"
        } else {
            "black"
        };
        return Err(BadSetting::field(format!("{field}.assistant")));
    }
    Ok(Setup {
        time_control,
        players,
        languages,
        profile,
        event,
        start,
    })
}

/// The event's name, site and round: each one line of at most [`MAX_NAME_CHARS`], no control
/// or direction characters (they reach the PGN's tags).
pub(crate) fn event_info(input: EventIn) -> Result<EventInfo, BadSetting> {
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
        ..Default::default()
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

pub(crate) fn time_control(tc: TimeControlIn) -> Result<TimeControl, BadSetting> {
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

pub(crate) fn profile(rules: RulesIn) -> Result<Profile, BadSetting> {
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
    if let Some(f) = rules.failover.as_deref() {
        profile.failover = Failover::from_key(f).ok_or_else(|| bad("failover"))?;
    }
    if let Some(w) = rules.wait_for_start {
        profile.wait_for_start = w;
    }
    if let Some(s) = rules.default_time_seconds {
        if s > 24 * 3600 {
            return Err(bad("default_time_seconds"));
        }
        profile.default_time_ms = s * 1000;
    }
    if let Some(v) = rules.vi_illegal.as_deref() {
        profile.vi_illegal = ViIllegal::from_key(v).ok_or_else(|| bad("vi_illegal"))?;
    }
    if let Some(a) = rules.after_fix.as_deref() {
        profile.after_fix = AfterFix::from_key(a).ok_or_else(|| bad("after_fix"))?;
    }
    if let Some(t) = rules.touch_stops_clock {
        profile.touch_stops_clock = t;
    }
    Ok(profile)
}
