//! HTTP for the arbiter's desk: each scoresheet as text in its player's language and as a
//! Braille BRF file, and the adjournment's envelope.
//!
//! - `GET /api/games/{id}/sheets/{color}`: the sheet as text (`text/plain`).
//! - `GET /api/games/{id}/sheets/{color}/brf`: the sheet as BRF (liblouis).
//! - `GET /api/games/{id}/envelope`: the envelope (arbiter only).
//! - `GET /api/games/{id}/incidents`: the incident record as the report the arbiter signs
//!   (issue 31: header, move numbers, signature), and `GET /api/games/{id}/incidents.json`
//!   as JSON (arbiter only; issue 18).
//!
//! A scoresheet is open to its own side (player and assistant) and to the arbiter (Art. 8.3).

use axum::Json;
use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;
use shakmaty::Color;

use crate::braille::{BrailleError, Translator, scoresheet_brf};
use crate::game::Seat;
use crate::scoresheet::incidents::incidents;
use crate::server::app::AppState;
use crate::server::host::actor::DeskView;
use crate::server::http::error::ApiError;
use crate::server::http::extract::Authorised;
use crate::server::wire::ErrorCode;
use crate::server::wire::{color_key, parse_color};
use crate::words::events::{incident_board_events, incident_line, incident_sensed};
use crate::words::report::{ReportHeader, move_position, report, report_line};
use crate::words::sentences;
use crate::words::sheet::{Names, sheet_text};

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/sheets/{color}", get(sheet_as_text))
        .route("/api/games/{id}/sheets/{color}/brf", get(sheet_as_brf))
        .route("/api/games/{id}/envelope", get(envelope))
        .route("/api/games/{id}/incidents", get(incidents_as_text))
        .route("/api/games/{id}/incidents.json", get(incidents_as_json))
}

/// One incident on the wire.
#[derive(Serialize)]
pub(in crate::server) struct IncidentBody {
    seq: u64,
    at_ms: u64,
    by: Option<&'static str>,
    /// Half-moves of the official game after it.
    pub(super) ply: usize,
    /// The line as the text export has it.
    pub(super) text: String,
    /// A ruling: the half-moves it took back.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    taken_back: Vec<IncidentMove>,
    /// An undone ruling: the half-moves it played again.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    played_again: Vec<IncidentMove>,
    /// A touch report, diverging boards: the board events since the last move that bear on
    /// it (at most `BOARD_EVIDENCE`, the latest), an electronic board's included.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    board_events: Vec<IncidentBoardEvent>,
    /// As `board_events`, an electronic board's raw readings since the last move (every
    /// square that changed, settled or not), oldest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sensed: Vec<crate::server::wire::ReadingBody>,
    /// The move number and the side to move when it happened.
    number: u32,
    to_move: &'static str,
    /// Private to one side (a time request): left out of the PGN.
    #[serde(skip)]
    pub(super) private: bool,
    /// The arbiter's note: in his own PGN only.
    #[serde(skip)]
    pub(super) arbiter_only: bool,
    /// The report's line ([`crate::words::report::report_line`]).
    #[serde(skip)]
    pub(in crate::server) report: String,
}

/// A half-move a ruling took back or played again.
#[derive(Serialize)]
struct IncidentMove {
    ply: usize,
    number: u32,
    color: &'static str,
    uci: String,
    san: String,
}

/// A board event kept as an incident's evidence.
#[derive(Serialize)]
struct IncidentBoardEvent {
    seq: u64,
    at_ms: u64,
    by: &'static str,
    board: &'static str,
    action: &'static str,
    square: String,
}

fn board_event(p: &crate::words::Published) -> Option<IncidentBoardEvent> {
    let crate::game::Event::Board { by, board, op } = &p.rec.event else {
        return None;
    };
    Some(IncidentBoardEvent {
        seq: p.rec.seq,
        at_ms: p.rec.at_ms,
        by: by.key(),
        board: color_key(*board),
        action: op.key(),
        square: op.parts().0.to_string(),
    })
}

/// The raw readings of an electronic board's [`crate::game::Event::BoardSensed`].
fn readings(p: &crate::words::Published) -> Vec<crate::server::wire::ReadingBody> {
    match &p.rec.event {
        crate::game::Event::BoardSensed {
            board, readings, ..
        } => crate::server::wire::ReadingBody::of(*board, readings),
        _ => Vec::new(),
    }
}

/// The desk of the game, for its arbiter only (`forbidden` to any other seat).
async fn arbiters_desk(seat: &Authorised) -> Result<Box<DeskView>, ApiError> {
    if seat.seat != Seat::Arbiter {
        return Err(ApiError::forbidden(seat.lang));
    }
    seat.handle
        .desk()
        .await
        .ok_or_else(|| ApiError::unavailable(seat.lang))
}

/// The incident record, in the arbiter's language, for the arbiter only.
async fn incident_lines(seat: &Authorised) -> Result<Vec<IncidentBody>, ApiError> {
    let lang = seat.lang;
    let view = arbiters_desk(seat).await?;
    Ok(incident_bodies(
        &view.log,
        lang,
        seat.handle.setup.start.position(),
    ))
}

/// Every incident of a published log, its line in `lang` (for the text, the JSON and the
/// PGN's comments) and its report line, in a game that started at `start`.
pub(in crate::server) fn incident_bodies(
    log: &[std::sync::Arc<crate::words::Published>],
    lang: crate::announce::Lang,
    start: &shakmaty::Chess,
) -> Vec<IncidentBody> {
    let found = incidents(log.iter().map(|p| &p.rec));
    let event = |seq: u64| log.get(seq.checked_sub(1)? as usize).map(|p| &**p);
    found
        .into_iter()
        .filter_map(|i| {
            let p = event(i.seq)?;
            let moves: Vec<&crate::words::Published> =
                i.moves.iter().filter_map(|seq| event(*seq)).collect();
            let named: Vec<IncidentMove> = moves
                .iter()
                .filter_map(|m| m.move_words())
                .map(|mv| IncidentMove {
                    ply: mv.ply,
                    number: mv.number,
                    color: color_key(mv.color),
                    uci: mv.uci.clone(),
                    san: mv.san.clone(),
                })
                .collect();
            let undone = matches!(
                p.rec.event,
                crate::game::Event::Ruled {
                    branch: crate::game::BranchKind::Undo,
                    ..
                }
            );
            let (taken_back, played_again) = if undone {
                (Vec::new(), named)
            } else {
                (named, Vec::new())
            };
            let evidence: Vec<&crate::words::Published> = i
                .board_events
                .iter()
                .filter_map(|seq| event(*seq))
                .collect();
            let raw: Vec<&crate::words::Published> =
                i.sensed.iter().filter_map(|seq| event(*seq)).collect();
            let at = move_position(start, i.ply);
            let line = incident_line(lang, p, i.by, &moves, i.before_ms);
            let text = sentences(
                lang,
                std::iter::once(line)
                    .chain(incident_board_events(lang, &evidence))
                    .chain(incident_sensed(lang, &raw)),
            );
            Some(IncidentBody {
                seq: i.seq,
                at_ms: i.at_ms,
                by: i.by.map(|s| s.key()),
                ply: i.ply,
                text,
                taken_back,
                played_again,
                board_events: evidence.iter().filter_map(|p| board_event(p)).collect(),
                sensed: raw.iter().flat_map(|p| readings(p)).collect(),
                number: at.number,
                to_move: color_key(at.to_move),
                private: i.private,
                arbiter_only: matches!(p.rec.event, crate::game::Event::Noted { .. }),
                report: report_line(lang, p, &i, &moves, at),
            })
        })
        .collect()
}

async fn incidents_as_text(seat: Authorised) -> Result<Response, ApiError> {
    let lang = seat.lang;
    let view = arbiters_desk(&seat).await?;
    let out = game_report(lang, &seat.handle.setup, &view, None);
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], out).into_response())
}

/// A game's report in `lang`: the header (its `board` when a round's route knows it), every
/// incident's report line, the signature.
pub(in crate::server) fn game_report(
    lang: crate::announce::Lang,
    setup: &crate::game::Setup,
    view: &DeskView,
    board: Option<u32>,
) -> String {
    let lines: Vec<String> = incident_bodies(&view.log, lang, setup.start.position())
        .into_iter()
        .map(|l| l.report)
        .collect();
    let (y, m, d) = crate::server::render::pgn::civil((view.state.created_ms / 86_400_000) as i64);
    let ending = view
        .state
        .result
        .zip(view.state.end_reason)
        .and_then(|(r, e)| {
            Some(crate::game::Ending {
                result: crate::game::GameResult::from_pgn(r)?,
                reason: crate::game::EndReason::from_key(e)?,
            })
        });
    let header = ReportHeader {
        event: &setup.event,
        board,
        white: &setup.players.white.name,
        black: &setup.players.black.name,
        date: format!("{y:04}-{m:02}-{d:02}"),
        ending,
    };
    report(lang, &header, &lines)
}

async fn incidents_as_json(seat: Authorised) -> Result<Response, ApiError> {
    Ok(Json(incident_lines(&seat).await?).into_response())
}

/// Whether `seat` may read `color`'s scoresheet: his own side, and the arbiter.
pub(super) fn may_read(seat: Seat, color: Color) -> bool {
    seat == Seat::Arbiter || seat.side() == Some(color)
}

/// The sheet's colour from the path, and the desk, for a seat that may read it.
async fn sheet_view(
    seat: &Authorised,
    color: &str,
) -> Result<(Box<DeskView>, Color, Names), ApiError> {
    let lang = seat.lang;
    let color = parse_color(color)
        .ok_or_else(|| ApiError::new(lang, StatusCode::NOT_FOUND, ErrorCode::UnknownPath))?;
    if !may_read(seat.seat, color) {
        return Err(ApiError::forbidden(lang));
    }
    let view = seat
        .handle
        .desk()
        .await
        .ok_or_else(|| ApiError::unavailable(lang))?;
    let players = &seat.handle.setup.players;
    let names = Names {
        white: players.white.name.clone(),
        black: players.black.name.clone(),
    };
    Ok((view, color, names))
}

async fn sheet_as_text(
    seat: Authorised,
    Path((_, color)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let (view, color, names) = sheet_view(&seat, &color).await?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        sheet_text(view.desk.sheet(color), &names),
    )
        .into_response())
}

async fn sheet_as_brf(
    seat: Authorised,
    Path((id, color)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let (view, color, names) = sheet_view(&seat, &color).await?;
    let lang = seat.lang;
    let sheet = view.desk.sheet(color).clone();
    let made =
        tokio::task::spawn_blocking(move || scoresheet_brf(&Translator::default(), &sheet, &names))
            .await
            .map_err(|e| {
                ApiError::new(lang, StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal)
                    .source(e)
            })?;
    match made {
        Ok(brf) => {
            let name = format!("attachment; filename=\"{id}-{}.brf\"", color_key(color));
            Ok((
                [
                    (header::CONTENT_TYPE, "application/x-brf".to_owned()),
                    (header::CONTENT_DISPOSITION, name),
                ],
                brf,
            )
                .into_response())
        }
        Err(e) => {
            let status = match e {
                BrailleError::Missing => StatusCode::SERVICE_UNAVAILABLE,
                BrailleError::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
            };
            Err(ApiError::new(lang, status, ErrorCode::named(e.code())).message(e.say(lang)))
        }
    }
}

/// The envelope (Appendix A) as JSON. The sealed move itself shows only once it is opened.
#[derive(Serialize)]
struct EnvelopeBody {
    /// `sealed` (waiting for the resumption) or `opened`.
    status: &'static str,
    white: String,
    black: String,
    /// The position at adjournment.
    fen: String,
    /// Half-moves played before the sealed move.
    ply: usize,
    move_number: u32,
    sealer: &'static str,
    /// Whether a move was written in the envelope.
    sealed: bool,
    /// The sealed move as written: only after the opening.
    sealed_move: Option<String>,
    white_ms: u64,
    black_ms: u64,
    white_used_ms: u64,
    black_used_ms: u64,
    draw_offer: Option<&'static str>,
    resume_at_ms: u64,
}

async fn envelope(seat: Authorised) -> Result<Response, ApiError> {
    let lang = seat.lang;
    let view = arbiters_desk(&seat).await?;
    let e = view
        .desk
        .envelope()
        .ok_or_else(|| ApiError::new(lang, StatusCode::NOT_FOUND, ErrorCode::NoEnvelope))?;
    let opened = !matches!(
        view.desk.adjournment(),
        crate::scoresheet::desk::Adjournment::Adjourned(_)
    );
    Ok(Json(EnvelopeBody {
        status: if opened { "opened" } else { "sealed" },
        white: e.players.white.clone(),
        black: e.players.black.clone(),
        fen: e.fen.clone(),
        ply: e.ply,
        move_number: e.move_number,
        sealer: color_key(e.sealer),
        sealed: e.sealed.is_some(),
        sealed_move: if opened { e.sealed.clone() } else { None },
        white_ms: e.clocks.white_ms,
        black_ms: e.clocks.black_ms,
        white_used_ms: e.used_ms.white,
        black_used_ms: e.used_ms.black,
        draw_offer: e.draw_offer.map(color_key),
        resume_at_ms: e.resume_at_ms,
    })
    .into_response())
}
