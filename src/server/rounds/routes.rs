//! The round desk's routes (issue 18): `POST /api/rounds` (a round's games from a pairings
//! list, a TRF file or JSON boards, with every seat's link as text and as a QR code),
//! `GET /api/rounds/{id}` (every board now), `POST /api/rounds/{id}/pause`, `/resume` and `/start`
//! (every board at once; `/boards/{n}/start` one board), `GET /api/rounds/{id}/ws` (the round desk's socket,
//! [`crate::server::rounds::desk_socket`]) and `GET /api/rounds/{id}/results.trf` and `.csv` (the
//! round's results for the pairing program, [`crate::server::rounds::results`]); the seat
//! links issued again and the live PGN have routes of their own (`links`, `live`), merged by
//! [`crate::server::rounds::routes`]. The round's arbiter token is every board's arbiter token.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use base64::Engine;
use serde::{Deserialize, Serialize};
use shakmaty::{ByColor, Color};

use crate::announce::Lang;
use crate::game::{BoardKind, Command, Player, Seat, Setup, StartPosition, TimeControl};
use crate::pairings::{Paired, Pairing, PairingError, Pairings};
use crate::server::admission::addr::ClientAddr;
use crate::server::admission::auth::{bearer, hash_token, new_token, same_hash};
use crate::server::app::AppState;
use crate::server::http::create::{
    BadSetting, creator, event_info, is_admin, new_id, profile, refused, room_for, time_control,
    tokens,
};
use crate::server::http::error::ApiError;
use crate::server::http::extract::AcceptLang;
use crate::server::rounds::alerts::{BoardLine, board_lines};
use crate::server::rounds::{report, results};
use crate::server::wire::{ErrorCode, EventIn, RulesIn, TimeControlIn};
use crate::server::ws::upgrade::{NotUpgrade, Upgrade};
use crate::store::{GameId, NewGame, Place, RoundPlayer, StoredGame, StoredRound};
use crate::table::Order;

/// The largest request a round's creation takes (a TRF file of a large open).
pub const MAX_ROUND_BODY_BYTES: usize = 256 * 1024;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/rounds", post(create_round))
        .route("/api/rounds/{id}", get(round_now))
        .route("/api/rounds/{id}/pause", post(pause_all))
        .route("/api/rounds/{id}/resume", post(resume_all))
        .route("/api/rounds/{id}/start", post(start_all))
        .route("/api/rounds/{id}/boards/{board}/start", post(start_board))
        .route("/api/rounds/{id}/ws", get(round_ws))
        .route("/api/rounds/{id}/results.trf", get(results_trf))
        .route("/api/rounds/{id}/results.csv", get(results_csv))
        .route("/api/rounds/{id}/incidents", get(round_incidents))
        .route(
            "/api/rounds/{id}/boards/{board}/incidents",
            get(board_incidents),
        )
        .layer(DefaultBodyLimit::max(MAX_ROUND_BODY_BYTES))
}

/// `POST /api/rounds`: exactly one of `pairings`, `trf` and `boards`.
#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
struct CreateRound {
    #[serde(default)]
    event: Option<EventIn>,
    #[serde(default)]
    time_control: Option<TimeControlIn>,
    #[serde(default)]
    rules: Option<RulesIn>,
    /// The round's language: the arbiter's, the spectators', and every player's who names
    /// none.
    #[serde(default)]
    lang: Option<String>,
    /// Where the seat links point (`http(s)://host[:port]`); else the request's `Host`.
    #[serde(default)]
    origin: Option<String>,
    #[serde(default)]
    pairings: Option<String>,
    #[serde(default)]
    trf: Option<String>,
    /// The round of the TRF file to read (1-based; the event's round number unless given).
    #[serde(default)]
    trf_round: Option<u32>,
    #[serde(default)]
    boards: Option<Vec<BoardIn>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct BoardIn {
    board: u32,
    white: PairedIn,
    black: PairedIn,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct PairedIn {
    #[serde(default)]
    name: String,
    #[serde(default)]
    fide_id: Option<String>,
    #[serde(default)]
    visually_impaired: bool,
    #[serde(default)]
    assistant: bool,
    #[serde(default)]
    board: Option<String>,
    #[serde(default)]
    lang: Option<String>,
}

/// One seat's link on the printed page.
#[derive(Serialize)]
pub(super) struct SeatLink {
    seat: &'static str,
    lang: &'static str,
    url: String,
    /// The link as a QR code: an SVG image as a `data:` URL.
    qr: String,
}

#[derive(Serialize)]
pub(super) struct PlayerOut {
    pub(super) name: String,
    pub(super) fide_id: Option<String>,
    pub(super) visually_impaired: bool,
    pub(super) assistant: bool,
}

#[derive(Serialize)]
struct BoardOut {
    board: u32,
    game: String,
    white: PlayerOut,
    black: PlayerOut,
    /// Every seat but the arbiter's (the round's token opens it).
    seats: Vec<SeatLink>,
}

#[derive(Serialize)]
struct RoundCreated {
    id: String,
    /// The round's arbiter token, shown once: it opens the round desk and every board's
    /// arbiter seat.
    token: String,
    /// The round desk's link, with the token.
    desk: String,
    event: String,
    site: String,
    round: String,
    lang: &'static str,
    boards: Vec<BoardOut>,
}

/// `400 invalid_pairings`: the sentence names the line (or the board entry) and the problem.
fn pairing_error(lang: Lang, source: &str, e: &PairingError) -> ApiError {
    let key = e.problem.key();
    let mut args = vec![
        (
            "source",
            if e.line == 0 { "file" } else { source }.to_owned(),
        ),
        ("line", e.line.to_string()),
    ];
    match &e.problem {
        crate::pairings::Problem::Fields(n) => args.push(("count", n.to_string())),
        crate::pairings::Problem::DuplicateBoard(b) => args.push(("board", b.to_string())),
        crate::pairings::Problem::DuplicateRank(r) => args.push(("rank", r.to_string())),
        crate::pairings::Problem::Option(w) => args.push(("word", w.clone())),
        _ => {}
    }
    let message = crate::words::text(lang, &format!("error-pairings-{key}"), &args);
    ApiError::new(lang, StatusCode::BAD_REQUEST, ErrorCode::InvalidPairings)
        .message(message)
        .detail(format!("{key}:{}", e.line))
}

fn bad(field: impl Into<String>) -> BadSetting {
    BadSetting::field(field)
}

/// The boards of the request, from whichever of its three forms it has.
fn pairings_of(req: &mut CreateRound, lang: Lang, round_no: u32) -> Result<Pairings, ApiError> {
    let given = [
        req.pairings.is_some(),
        req.trf.is_some(),
        req.boards.is_some(),
    ];
    if given.iter().filter(|g| **g).count() != 1 {
        return Err(bad("pairings").error(lang));
    }
    if let Some(text) = &req.pairings {
        return crate::pairings::parse_list(text).map_err(|e| pairing_error(lang, "line", &e));
    }
    if let Some(text) = &req.trf {
        let round = req.trf_round.unwrap_or(round_no);
        if round == 0 || round > 99 {
            return Err(bad("trf_round").error(lang));
        }
        return crate::pairings::parse_trf(text, round)
            .map_err(|e| pairing_error(lang, "line", &e));
    }
    let boards = req.boards.take().unwrap_or_default();
    let mut checked = Vec::with_capacity(boards.len());
    for (i, b) in boards.into_iter().enumerate() {
        let side = |p: PairedIn, color: &str| -> Result<Paired, ApiError> {
            let field = |name: &str| format!("boards.{i}.{color}.{name}");
            let board = match p.board.as_deref() {
                None => None,
                Some(k) => {
                    Some(BoardKind::from_key(k).ok_or_else(|| bad(field("board")).error(lang))?)
                }
            };
            let plang = match p.lang.as_deref() {
                None => None,
                Some(l) => Some(
                    l.parse::<Lang>()
                        .map_err(|_| bad(field("lang")).error(lang))?,
                ),
            };
            Ok(Paired {
                name: p.name,
                fide_id: p.fide_id,
                rank: None,
                visually_impaired: p.visually_impaired,
                assistant: p.assistant,
                board,
                lang: plang,
            })
        };
        checked.push(Pairing {
            board: b.board,
            white: side(b.white, "white")?,
            black: side(b.black, "black")?,
        });
    }
    crate::pairings::check(checked).map_err(|e| pairing_error(lang, "entry", &e))
}

/// Where the links point: the request's `origin` (checked) or `http://<Host>`.
fn origin_of(req: &CreateRound, headers: &HeaderMap, lang: Lang) -> Result<String, ApiError> {
    origin_from(req.origin.as_deref(), headers, lang)
}

/// Where the links point: `origin` (checked) or `http://<Host>`.
pub(super) fn origin_from(
    origin: Option<&str>,
    headers: &HeaderMap,
    lang: Lang,
) -> Result<String, ApiError> {
    let origin = match origin {
        Some(o) => o.trim().trim_end_matches('/').to_owned(),
        None => {
            let host = headers
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .unwrap_or("127.0.0.1");
            format!("http://{host}")
        }
    };
    let scheme_ok = origin.starts_with("http://") || origin.starts_with("https://");
    let rest = origin.split_once("://").map_or("", |(_, r)| r);
    let host_ok = !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-.:[]".contains(c));
    if !scheme_ok || !host_ok || !host_and_port_ok(rest) || origin.len() > 200 {
        return Err(bad("origin").error(lang));
    }
    Ok(origin)
}

/// `host`, `host:port` or `[v6]:port`, with a port from 1 to 65535 if one is given (issue 30:
/// ports 0, 65536 and 99999 made links and QR codes that lead nowhere).
fn host_and_port_ok(authority: &str) -> bool {
    let (host, port) = match authority.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((addr, rest)) => (
                addr,
                rest.strip_prefix(':')
                    .map(Some)
                    .unwrap_or_else(|| if rest.is_empty() { None } else { Some("") }),
            ),
            None => return false,
        },
        None => match authority.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        },
    };
    let host_ok = !host.is_empty() && !host.contains(['[', ']']);
    let port_ok = port.is_none_or(|p| {
        !p.is_empty()
            && p.bytes().all(|b| b.is_ascii_digit())
            && p.parse::<u16>().is_ok_and(|n| n > 0)
    });
    host_ok && port_ok
}

/// A link as a QR code: an SVG image in a `data:` URL.
fn qr(url: &str) -> String {
    let svg = match qrcode::QrCode::new(url.as_bytes()) {
        Ok(code) => code
            .render::<qrcode::render::svg::Color<'_>>()
            .min_dimensions(160, 160)
            .quiet_zone(true)
            .build(),
        Err(_) => String::new(),
    };
    format!(
        "data:image/svg+xml;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(svg)
    )
}

/// The page a seat's link opens.
fn page_for(seat: Seat, setup: &Setup) -> &'static str {
    match seat {
        Seat::White | Seat::Black => {
            let color = if seat == Seat::White {
                shakmaty::Color::White
            } else {
                shakmaty::Color::Black
            };
            if setup.player(color).visually_impaired {
                "/vi"
            } else {
                "/board"
            }
        }
        Seat::WhiteAssistant | Seat::BlackAssistant => "/assistant",
        Seat::Arbiter => "/arbiter",
        Seat::Spectator => "/board",
    }
}

fn player_of(p: &Paired) -> Player {
    Player {
        name: p.name.clone(),
        visually_impaired: p.visually_impaired,
        board: p.board.unwrap_or(if p.visually_impaired {
            BoardKind::Tactile
        } else {
            BoardKind::Normal
        }),
        assistant: p.assistant,
        computer: None,
    }
}

fn player_out(p: &Paired) -> PlayerOut {
    PlayerOut {
        name: p.name.clone(),
        fide_id: p.fide_id.clone(),
        visually_impaired: p.visually_impaired,
        assistant: p.assistant,
    }
}

/// Creates a round: its games, one by one, then the round.
async fn create_round(
    State(app): State<AppState>,
    addr: ClientAddr,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let admin = is_admin(&app, &headers);
    app.0
        .creation
        .admit(&headers, addr, admin)
        .map_err(|r| refused(lang, r))?;
    let body = body.map_err(|r| ApiError::invalid_request(lang, r.status(), r.body_text()))?;
    let mut req: CreateRound = serde_json::from_slice(&body)
        .map_err(|e| ApiError::invalid_request(lang, StatusCode::BAD_REQUEST, e.to_string()))?;
    let round_lang = match req.lang.as_deref() {
        None => lang,
        Some(l) => l.parse().map_err(|_| bad("lang").error(lang))?,
    };
    let tc = match req.time_control.take() {
        // FIDE's standard play: 90 minutes and 30 seconds a move.
        None => TimeControl::fischer(90 * 60 * 1000, 30 * 1000),
        Some(tc) => time_control(tc).map_err(|b| b.error(lang))?,
    };
    let rules = profile(req.rules.take().unwrap_or_default()).map_err(|b| b.error(lang))?;
    let mut event = event_info(req.event.take().unwrap_or_default()).map_err(|b| b.error(lang))?;
    let round_no = event.round.trim().parse::<u32>().unwrap_or(1);
    let origin = origin_of(&req, &headers, lang)?;
    let trf_round = req.trf.is_some().then(|| req.trf_round.unwrap_or(round_no));
    let pairings = pairings_of(&mut req, lang, round_no)?;
    if event.name.is_empty() {
        event.name = pairings.event.clone().unwrap_or_default();
    }
    if event.site.is_empty() {
        event.site = pairings.site.clone().unwrap_or_default();
    }
    if event.round.is_empty() {
        event.round = req.trf_round.unwrap_or(round_no).to_string();
    }
    let who = creator(&app, lang, &headers).await?;
    let creator = who.creator(addr);
    // A round counts once per board against the address's rate (its first at `admit`), and
    // takes the places of all its boards among the games without a move at once.
    if !admin {
        app.0
            .creation
            .round(addr, pairings.boards.len())
            .map_err(|r| refused(lang, r))?;
    }
    let mut room = room_for(&app, lang, creator, pairings.boards.len()).await?;
    let token = who.arbiter_token().unwrap_or_else(new_token);

    let mut boards = Vec::with_capacity(pairings.boards.len());
    let mut stored_boards = Vec::with_capacity(pairings.boards.len());
    for p in &pairings.boards {
        let id = new_id(&app, lang).await?;
        let setup = board_setup(p, round_lang, tc, rules, &event);
        let (seat_tokens, hashes) = tokens(&setup, Some(token.clone()));
        let new = NewGame {
            id: id.clone(),
            created_ms: app.0.clock.now_ms(),
            setup,
            tokens: hashes,
        };
        let store = Arc::clone(&app.0.store);
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
            id: new.id.clone(),
            created_ms: new.created_ms,
            setup: new.setup.clone(),
            tokens: new.tokens,
            events: Vec::new(),
            damage: None,
        };
        let handle = app.hub().created(stored).await;
        app.speech().game_added(&handle);
        room.created(&handle.id, handle.created_ms);
        let seats = seat_links(&origin, &id, &new.setup, &seat_tokens);
        boards.push(BoardOut {
            board: p.board,
            game: id.to_string(),
            white: player_out(&p.white),
            black: player_out(&p.black),
            seats,
        });
        stored_boards.push((p.board, id));
    }
    let round_id = GameId::from_bytes(rand::random());
    let round = StoredRound {
        id: round_id.clone(),
        created_ms: app.0.clock.now_ms(),
        event: event.name.clone(),
        site: event.site.clone(),
        round: event.round.clone(),
        arbiter: hash_token(&token),
        boards: stored_boards,
        trf_round,
        players: if trf_round.is_some() {
            round_players(&pairings)
        } else {
            Vec::new()
        },
    };
    let store = Arc::clone(&app.0.store);
    match tokio::task::spawn_blocking(move || store.create_round(&round)).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(ApiError::storage_failed(lang).source(e)),
        Err(e) => return Err(ApiError::storage_failed(lang).source(e)),
    }
    tracing::info!(round = %round_id, boards = boards.len(), "round created");
    let desk = format!(
        "{origin}/round?lang={}#round={round_id}&token={token}",
        round_lang.code()
    );
    let created = RoundCreated {
        id: round_id.to_string(),
        token,
        desk,
        event: event.name,
        site: event.site,
        round: event.round,
        lang: round_lang.code(),
        boards,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// A TRF round's players as the round keeps them: each on his board with his colour, the
/// others with their byes.
fn round_players(pairings: &Pairings) -> Vec<RoundPlayer> {
    let mut players = Vec::new();
    for p in &pairings.boards {
        for (paired, colour) in [(&p.white, Color::White), (&p.black, Color::Black)] {
            if let Some(rank) = paired.rank {
                players.push(RoundPlayer {
                    rank,
                    name: paired.name.clone(),
                    fide_id: paired.fide_id.clone(),
                    place: Place::Board(p.board, colour),
                });
            }
        }
    }
    for b in &pairings.byes {
        players.push(RoundPlayer {
            rank: b.rank,
            name: b.name.clone(),
            fide_id: b.fide_id.clone(),
            place: Place::Bye(b.kind),
        });
    }
    players.sort_by_key(|p| p.rank);
    players
}

/// A download: `text` as `content_type`, saved as `name`.
fn download(content_type: &'static str, name: String, text: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response()
}

/// `GET /api/rounds/{id}/results.trf`: the round's results as TRF16 lines for the pairing
/// program (`crate::pairings::trf_results`); `409 no_starting_ranks` for a round not read
/// from a TRF file.
async fn results_trf(
    State(app): State<AppState>,
    Path(id): Path<String>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let round = authorised_round(&app, lang, &id, &headers).await?;
    let refused = || ApiError::new(lang, StatusCode::CONFLICT, ErrorCode::NoStartingRanks);
    let Some(trf_round) = round.trf_round else {
        return Err(refused());
    };
    let boards = results::board_results(&app, &round).await;
    let byes = results::byes(&round);
    let text = crate::pairings::trf_results(&round.event, &round.site, trf_round, &boards, &byes)
        .map_err(|_| refused())?;
    let name = results::file_name(&round, "trf");
    Ok(download("text/plain; charset=utf-8", name, text))
}

/// `GET /api/rounds/{id}/incidents`: every board's report the arbiter signs, in board order
/// ([`report::round_record`]).
async fn round_incidents(
    State(app): State<AppState>,
    Path(id): Path<String>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let round = authorised_round(&app, lang, &id, &headers).await?;
    let (name, text) = report::round_record(&app, lang, &round).await;
    Ok(download("text/plain; charset=utf-8", name, text))
}

/// `GET /api/rounds/{id}/boards/{board}/incidents`: one board's report; `404 no_such_board`
/// for a board the round does not have.
async fn board_incidents(
    State(app): State<AppState>,
    Path((id, board)): Path<(String, u32)>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let round = authorised_round(&app, lang, &id, &headers).await?;
    let (name, text) = report::board_record(&app, lang, &round, board)
        .await
        .ok_or_else(|| ApiError::new(lang, StatusCode::NOT_FOUND, ErrorCode::NoSuchBoard))?;
    Ok(download("text/plain; charset=utf-8", name, text))
}

/// `GET /api/rounds/{id}/results.csv`: the round's results as a plain list, one board a line.
async fn results_csv(
    State(app): State<AppState>,
    Path(id): Path<String>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let round = authorised_round(&app, lang, &id, &headers).await?;
    let boards = results::board_results(&app, &round).await;
    let text = crate::pairings::csv_results(&boards);
    let name = results::file_name(&round, "csv");
    Ok(download("text/csv; charset=utf-8", name, text))
}

/// A board's game: the round's time control, rules and event, each player's language where
/// the pairings name one (his assistant's too), the round's otherwise.
fn board_setup(
    p: &Pairing,
    round_lang: Lang,
    time_control: TimeControl,
    profile: crate::game::Profile,
    event: &crate::game::EventInfo,
) -> Setup {
    let mut languages = [round_lang; 6];
    for (player, assistant, paired) in [
        (Seat::White, Seat::WhiteAssistant, &p.white),
        (Seat::Black, Seat::BlackAssistant, &p.black),
    ] {
        if let Some(l) = paired.lang {
            languages[player.index()] = l;
            languages[assistant.index()] = l;
        }
    }
    Setup {
        time_control,
        players: ByColor {
            white: player_of(&p.white),
            black: player_of(&p.black),
        },
        languages,
        profile,
        event: crate::game::EventInfo {
            board: Some(p.board),
            fide_ids: ByColor {
                white: p.white.fide_id.clone(),
                black: p.black.fide_id.clone(),
            },
            ..event.clone()
        },
        start: StartPosition::initial(),
    }
}

/// Each seat's link to its page (the arbiter's is the round desk), with its QR code.
fn seat_links(
    origin: &str,
    id: &GameId,
    setup: &Setup,
    seat_tokens: &crate::server::http::create::Tokens,
) -> Vec<SeatLink> {
    let mut seats = Vec::new();
    for seat in Seat::ALL {
        if seat == Seat::Arbiter {
            continue;
        }
        let Some(Some(t)) = seat_tokens.get(seat.key()) else {
            continue;
        };
        seats.push(seat_link(origin, id, setup, seat, t));
    }
    seats
}

/// One seat's link to its page with `token`, and its QR code.
pub(super) fn seat_link(
    origin: &str,
    id: &GameId,
    setup: &Setup,
    seat: Seat,
    token: &str,
) -> SeatLink {
    let seat_lang = setup.language(seat).code();
    let url = format!(
        "{origin}{}?lang={seat_lang}#game={id}&token={token}",
        page_for(seat, setup)
    );
    SeatLink {
        seat: seat.key(),
        lang: seat_lang,
        qr: qr(&url),
        url,
    }
}

/// The round of the path, if the request's bearer token is its arbiter's: `404 not_found`
/// or `401 unauthorized` otherwise.
pub(in crate::server) async fn load_round(
    app: &AppState,
    lang: Lang,
    id: &str,
) -> Result<StoredRound, ApiError> {
    let id = GameId::parse(id).ok_or_else(|| ApiError::not_found(lang))?;
    let store = Arc::clone(&app.0.store);
    match tokio::task::spawn_blocking(move || store.load_round(&id)).await {
        Ok(Ok(Some(round))) => Ok(round),
        Ok(Ok(None)) => Err(ApiError::not_found(lang)),
        Ok(Err(e)) => Err(ApiError::storage_failed(lang).source(e)),
        Err(e) => Err(ApiError::storage_failed(lang).source(e)),
    }
}

async fn authorised_round(
    app: &AppState,
    lang: Lang,
    id: &str,
    headers: &HeaderMap,
) -> Result<StoredRound, ApiError> {
    let round = load_round(app, lang, id).await?;
    let token = bearer(headers).ok_or_else(|| ApiError::unauthorized(lang))?;
    if !same_hash(&hash_token(token), &round.arbiter) {
        return Err(ApiError::unauthorized(lang));
    }
    Ok(round)
}

#[derive(Serialize)]
struct RoundNow {
    id: String,
    event: String,
    site: String,
    round: String,
    boards: Vec<BoardLine>,
}

async fn round_now(
    State(app): State<AppState>,
    Path(id): Path<String>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let round = authorised_round(&app, lang, &id, &headers).await?;
    let boards = board_lines(&app, &round).await;
    Ok(Json(RoundNow {
        id: round.id.to_string(),
        event: round.event,
        site: round.site,
        round: round.round,
        boards,
    })
    .into_response())
}

/// What one board answered to pausing or resuming every board.
#[derive(Serialize)]
struct BoardDone {
    board: u32,
    done: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

async fn every_board(
    app: AppState,
    lang: Lang,
    id: String,
    headers: HeaderMap,
    command: Command,
) -> Result<Response, ApiError> {
    some_boards(app, lang, id, headers, command, None).await
}

/// `command` on every board of the round, or (`only`) on one board: one answer per board.
async fn some_boards(
    app: AppState,
    lang: Lang,
    id: String,
    headers: HeaderMap,
    command: Command,
    only: Option<u32>,
) -> Result<Response, ApiError> {
    let round = authorised_round(&app, lang, &id, &headers).await?;
    if let Some(n) = only
        && !round.boards.iter().any(|(board, _)| *board == n)
    {
        return Err(ApiError::not_found(lang));
    }
    let mut answers = Vec::with_capacity(round.boards.len());
    for (board, game) in &round.boards {
        if only.is_some_and(|n| n != *board) {
            continue;
        }
        let answer = match app.game(game).await {
            None => BoardDone {
                board: *board,
                done: false,
                code: Some(ErrorCode::NotFound.name()),
                message: Some(crate::words::error(lang, ErrorCode::NotFound.name(), &[])),
            },
            Some(handle) => match handle
                .act(Seat::Arbiter, lang, Order::Play(command), None)
                .await
            {
                Ok(_) => BoardDone {
                    board: *board,
                    done: true,
                    code: None,
                    message: None,
                },
                Err(refused) => BoardDone {
                    board: *board,
                    done: false,
                    code: Some(refused.code),
                    message: Some(refused.message),
                },
            },
        };
        answers.push(answer);
    }
    Ok(Json(serde_json::json!({ "boards": answers })).into_response())
}

async fn pause_all(
    State(app): State<AppState>,
    Path(id): Path<String>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    every_board(app, lang, id, headers, Command::Pause).await
}

async fn resume_all(
    State(app): State<AppState>,
    Path(id): Path<String>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    every_board(app, lang, id, headers, Command::Resume).await
}

/// `POST /api/rounds/{id}/start`: the arbiter starts every board that waits for his start
/// (Art. 6.5); a board already started answers `already_started`.
async fn start_all(
    State(app): State<AppState>,
    Path(id): Path<String>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    every_board(app, lang, id, headers, Command::Start).await
}

/// `POST /api/rounds/{id}/boards/{board}/start`: one board's start.
async fn start_board(
    State(app): State<AppState>,
    Path((id, board)): Path<(String, String)>,
    AcceptLang(lang): AcceptLang,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let Ok(board) = board.parse::<u32>() else {
        return Err(ApiError::not_found(lang));
    };
    some_boards(app, lang, id, headers, Command::Start, Some(board)).await
}

async fn round_ws(
    State(app): State<AppState>,
    Path(id): Path<String>,
    addr: ClientAddr,
    AcceptLang(lang): AcceptLang,
    upgrade: Result<Upgrade, NotUpgrade>,
) -> Result<Response, ApiError> {
    let round = load_round(&app, lang, &id).await?;
    let upgrade =
        upgrade.map_err(|r| ApiError::invalid_request(lang, r.status(), r.body_text()))?;
    let limits = app.limits();
    // Until its hello, the desk waits in the round's hall, as a game's socket in its game's.
    let waiting = app.0.door.arrive(&round.id, addr, &limits);
    Ok(upgrade
        .max_message_size(limits.max_message_bytes)
        .buffers(256, 0, 64 * 1024)
        .on_upgrade(&app.0.tracker.clone(), move |socket| async move {
            match waiting {
                Ok(waiting) => {
                    crate::server::rounds::desk_socket::serve(
                        socket, app, round, lang, addr, waiting,
                    )
                    .await;
                }
                Err(refused) => {
                    let close = crate::server::ws::close::TOO_MANY_CONNECTIONS;
                    crate::server::ws::refuse(socket, lang, refused.code(), close, &limits).await;
                }
            }
        }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_origin_names_a_host_and_a_port_that_exists() {
        use super::host_and_port_ok as ok;
        for good in [
            "hamle.local",
            "hamle.local:7878",
            "10.0.0.2:1",
            "[::1]:65535",
            "[fe80::1]",
        ] {
            assert!(ok(good), "{good}");
        }
        for bad in [
            "hamle.local:0",
            "hamle.local:65536",
            "hamle.local:99999",
            "hamle.local:",
            "[::1]:0",
            "[::1]x",
            "[::1",
            ":8080",
            "a:b:c",
        ] {
            assert!(!ok(bad), "{bad}");
        }
    }
}
