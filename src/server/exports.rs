//! HTTP for the arbiter's desk: each scoresheet as text in its player's language and as a
//! Braille BRF file, the adjournment's envelope, and the recordings of scoresheet entries.
//!
//! - `GET /api/games/{id}/sheets/{color}`: the sheet as text (`text/plain`).
//! - `GET /api/games/{id}/sheets/{color}/brf`: the sheet as BRF (liblouis).
//! - `GET /api/games/{id}/envelope`: the envelope (arbiter only).
//! - `POST /api/games/{id}/audio`: upload a recording (body: the bytes, `Content-Type:
//!   audio/...`); answers its id for `write_sheet`.
//! - `GET /api/games/{id}/audio/{audio}`: a recording.
//!
//! A scoresheet is open to its own side (player and assistant) and to the arbiter (Art. 8.3).
//! Recordings are files under `<data dir>/audio/<game>/`, named by the SHA-256 of their
//! bytes, written and synced before the upload is answered.

use std::io::Write;
use std::path::PathBuf;

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;
use sha2::{Digest, Sha256};
use shakmaty::Color;

use super::AppState;
use super::http::{authorised, error, lang_of};
use super::wire::{color_key, parse_color};
use crate::braille::{Translator, scoresheet_brf};
use crate::game::Seat;
use crate::scoresheet::AudioRef;
use crate::store::GameId;
use crate::words::sheet::{Names, sheet_text};

/// The largest recording accepted (bytes).
pub const MAX_AUDIO_BYTES: usize = 2 * 1024 * 1024;
/// Recordings one scoresheet may have uploaded (`429 too_many_recordings` beyond).
pub const MAX_RECORDINGS_PER_SHEET: usize = 200;
/// Recordings one game may hold, both sheets together.
pub const MAX_RECORDINGS_PER_GAME: usize = 300;
/// Bytes of recordings one game may hold.
pub const MAX_RECORDING_BYTES_PER_GAME: u64 = 64 * 1024 * 1024;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/sheets/{color}", get(sheet_as_text))
        .route("/api/games/{id}/sheets/{color}/brf", get(sheet_as_brf))
        .route("/api/games/{id}/envelope", get(envelope))
        .route(
            "/api/games/{id}/audio",
            axum::routing::post(upload_audio).layer(DefaultBodyLimit::max(MAX_AUDIO_BYTES)),
        )
        .route("/api/games/{id}/audio/{audio}", get(download_audio))
}

/// Whether `seat` may read `color`'s scoresheet: his own side, and the arbiter.
fn may_read(seat: Seat, color: Color) -> bool {
    seat == Seat::Arbiter || seat.side() == Some(color)
}

fn forbidden(headers: &HeaderMap) -> Response {
    error(
        lang_of(headers),
        StatusCode::FORBIDDEN,
        "forbidden",
        &[],
        None,
    )
}

fn unavailable(headers: &HeaderMap) -> Response {
    error(
        lang_of(headers),
        StatusCode::SERVICE_UNAVAILABLE,
        "game_unavailable",
        &[],
        None,
    )
}

/// The sheet's colour from the path, and the desk, for a seat that may read it.
async fn sheet_view(
    app: &AppState,
    id: &str,
    color: &str,
    headers: &HeaderMap,
) -> Result<(Box<super::actor::DeskView>, Color, Names), Box<Response>> {
    let (handle, seat) = authorised(app, id, headers).await?;
    let color = parse_color(color).ok_or_else(|| {
        Box::new(error(
            lang_of(headers),
            StatusCode::NOT_FOUND,
            "unknown_path",
            &[],
            None,
        ))
    })?;
    if !may_read(seat, color) {
        return Err(Box::new(forbidden(headers)));
    }
    let view = handle
        .desk()
        .await
        .ok_or_else(|| Box::new(unavailable(headers)))?;
    let names = Names {
        white: handle.setup.players.white.name.clone(),
        black: handle.setup.players.black.name.clone(),
    };
    Ok((view, color, names))
}

async fn sheet_as_text(
    State(app): State<AppState>,
    Path((id, color)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let (view, color, names) = match sheet_view(&app, &id, &color, &headers).await {
        Ok(x) => x,
        Err(r) => return *r,
    };
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        sheet_text(view.desk.sheet(color), &names),
    )
        .into_response()
}

async fn sheet_as_brf(
    State(app): State<AppState>,
    Path((id, color)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let (view, color, names) = match sheet_view(&app, &id, &color, &headers).await {
        Ok(x) => x,
        Err(r) => return *r,
    };
    let sheet = view.desk.sheet(color).clone();
    let made =
        tokio::task::spawn_blocking(move || scoresheet_brf(&Translator::default(), &sheet, &names))
            .await;
    let lang = lang_of(&headers);
    match made {
        Ok(Ok(brf)) => {
            let name = format!("attachment; filename=\"{id}-{}.brf\"", color_key(color));
            (
                [
                    (header::CONTENT_TYPE, "application/x-brf".to_owned()),
                    (header::CONTENT_DISPOSITION, name),
                ],
                brf,
            )
                .into_response()
        }
        Ok(Err(e)) => {
            let status = match e {
                crate::braille::BrailleError::Missing => StatusCode::SERVICE_UNAVAILABLE,
                crate::braille::BrailleError::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
            };
            let body = super::wire::HttpError {
                code: e.code(),
                message: e.say(lang),
                detail: None,
            };
            (status, Json(body)).into_response()
        }
        Err(_) => error(
            lang,
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            &[],
            None,
        ),
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

async fn envelope(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (handle, seat) = match authorised(&app, &id, &headers).await {
        Ok(x) => x,
        Err(r) => return *r,
    };
    if seat != Seat::Arbiter {
        return forbidden(&headers);
    }
    let Some(view) = handle.desk().await else {
        return unavailable(&headers);
    };
    let Some(e) = view.desk.envelope() else {
        return error(
            lang_of(&headers),
            StatusCode::NOT_FOUND,
            "no_envelope",
            &[],
            None,
        );
    };
    let opened = !matches!(
        view.desk.adjournment(),
        crate::scoresheet::desk::Adjournment::Adjourned(_)
    );
    Json(EnvelopeBody {
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
    .into_response()
}

fn audio_dir(app: &AppState, game: &GameId) -> PathBuf {
    app.0.data_dir.join("audio").join(game.as_str())
}

/// An id names a recording: 64 lowercase hex digits.
fn valid_audio_id(id: &str) -> bool {
    id.len() == 64
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The recording an id names in a game, if it was uploaded for `side`'s sheet (by that
/// side's player or assistant): a recording is attached only by its uploader.
pub fn own_audio_ref(app: &AppState, game: &GameId, id: &str, side: Color) -> Option<AudioRef> {
    let found = audio_ref(app, game, id)?;
    let owners = std::fs::read_to_string(audio_dir(app, game).join(format!("{id}.owner"))).ok()?;
    owners
        .split_whitespace()
        .any(|o| o == color_key(side))
        .then_some(found)
}

/// What the recordings of a game hold: (count, bytes) in all, and the count per side.
fn recordings_held(dir: &std::path::Path) -> (usize, u64, [usize; 2]) {
    let (mut count, mut bytes, mut per_side) = (0, 0, [0, 0]);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (0, 0, [0, 0]);
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        if valid_audio_id(name) {
            count += 1;
            bytes += e.metadata().map_or(0, |m| m.len());
        } else if let Some(id) = name.strip_suffix(".owner")
            && valid_audio_id(id)
        {
            let owners = std::fs::read_to_string(e.path()).unwrap_or_default();
            for (i, c) in Color::ALL.into_iter().enumerate() {
                if owners.split_whitespace().any(|o| o == color_key(c)) {
                    per_side[i] += 1;
                }
            }
        }
    }
    (count, bytes, per_side)
}

/// The recording an id names in a game, with its media type, if it was uploaded.
pub fn audio_ref(app: &AppState, game: &GameId, id: &str) -> Option<AudioRef> {
    if !valid_audio_id(id) {
        return None;
    }
    let dir = audio_dir(app, game);
    if !dir.join(id).is_file() {
        return None;
    }
    let mime = std::fs::read_to_string(dir.join(format!("{id}.type"))).ok()?;
    Some(AudioRef {
        id: id.to_owned(),
        mime: mime.trim().to_owned(),
    })
}

#[derive(Serialize)]
struct Uploaded {
    audio: String,
    mime: String,
    bytes: usize,
}

/// A media type for a recording: `audio/<subtype>`, plain ASCII, no parameters kept.
fn audio_mime(headers: &HeaderMap) -> Option<String> {
    let v = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    let mime = v.split(';').next()?.trim().to_ascii_lowercase();
    let sub = mime.strip_prefix("audio/")?;
    let ok = !sub.is_empty()
        && sub.len() <= 40
        && sub
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-+.".contains(&b));
    ok.then_some(mime)
}

fn write_synced(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut f = crate::store::private::new_file(&tmp)?;
    f.write_all(bytes)?;
    f.sync_all()?;
    std::fs::rename(&tmp, path)?;
    Ok(())
}

async fn upload_audio(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let lang = lang_of(&headers);
    let (handle, seat) = match authorised(&app, &id, &headers).await {
        Ok(x) => x,
        Err(r) => return *r,
    };
    let side = seat
        .side()
        .filter(|c| crate::game::may(seat, crate::game::Permission::Scoresheet(*c)));
    let Some(side) = side else {
        return forbidden(&headers);
    };
    let body = match body {
        Ok(b) => b,
        Err(rejection) => {
            let status = rejection.status();
            let limit = MAX_AUDIO_BYTES.to_string();
            return error(lang, status, "audio_too_large", &[("limit", limit)], None);
        }
    };
    let Some(mime) = audio_mime(&headers) else {
        return error(
            lang,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "bad_audio_type",
            &[],
            None,
        );
    };
    if body.is_empty() {
        return error(lang, StatusCode::BAD_REQUEST, "empty_audio", &[], None);
    }
    let audio: String = Sha256::digest(&body)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let dir = audio_dir(&app, &handle.id);
    let bytes = body.len();
    let written = {
        let audio = audio.clone();
        let mime = mime.clone();
        // One upload of a game at a time, so the quotas are counted right.
        let _one = app.0.uploads.lock().await;
        tokio::task::spawn_blocking(move || {
            let (count, held, per_side) = recordings_held(&dir);
            let owner_path = dir.join(format!("{audio}.owner"));
            let mut owners = std::fs::read_to_string(&owner_path).unwrap_or_default();
            let known = dir.join(&audio).is_file();
            let side_index = usize::from(side == Color::Black);
            let new_for_side = !owners.split_whitespace().any(|o| o == color_key(side));
            if (!known
                && (count >= MAX_RECORDINGS_PER_GAME
                    || held + bytes as u64 > MAX_RECORDING_BYTES_PER_GAME))
                || (new_for_side && per_side[side_index] >= MAX_RECORDINGS_PER_SHEET)
            {
                return Ok(Err(()));
            }
            crate::store::private::create_dir(&dir)?;
            write_synced(&dir.join(format!("{audio}.type")), mime.as_bytes())?;
            if !known {
                write_synced(&dir.join(&audio), &body)?;
            }
            if new_for_side {
                owners.push_str(color_key(side));
                owners.push('\n');
                write_synced(&owner_path, owners.as_bytes())?;
            }
            std::fs::File::open(&dir)?.sync_all().map(Ok)
        })
        .await
    };
    if matches!(written, Ok(Ok(Err(())))) {
        let args = [
            ("per_sheet", MAX_RECORDINGS_PER_SHEET.to_string()),
            ("per_game", MAX_RECORDINGS_PER_GAME.to_string()),
        ];
        return error(
            lang,
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_recordings",
            &args,
            None,
        );
    }
    if !matches!(written, Ok(Ok(Ok(())))) {
        tracing::error!(game = %handle.id, "could not store a recording: {written:?}");
        return error(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            "storage_failed",
            &[],
            None,
        );
    }
    (StatusCode::CREATED, Json(Uploaded { audio, mime, bytes })).into_response()
}

async fn download_audio(
    State(app): State<AppState>,
    Path((id, audio)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let (handle, seat) = match authorised(&app, &id, &headers).await {
        Ok(x) => x,
        Err(r) => return *r,
    };
    let Some(found) = audio_ref(&app, &handle.id, &audio) else {
        return error(
            lang_of(&headers),
            StatusCode::NOT_FOUND,
            "unknown_audio",
            &[("audio", audio.chars().take(64).collect())],
            None,
        );
    };
    // A recording belongs to the sheet it was written on; the arbiter hears every one.
    let Some(view) = handle.desk().await else {
        return unavailable(&headers);
    };
    let owner = Color::ALL.into_iter().find(|c| {
        view.desk.sheet(*c).entries().any(|(_, e)| {
            e.is_some_and(|e| {
                e.history()
                    .iter()
                    .any(|r| r.audio.as_ref().is_some_and(|a| a.id == found.id))
            })
        })
    });
    // Its uploader's side (whether written on the sheet yet or not) and the arbiter.
    let uploader = seat
        .side()
        .and_then(|c| own_audio_ref(&app, &handle.id, &found.id, c))
        .is_some();
    let allowed = uploader || owner.is_some_and(|c| may_read(seat, c)) || seat == Seat::Arbiter;
    if !allowed {
        return forbidden(&headers);
    }
    let path = audio_dir(&app, &handle.id).join(&found.id);
    match tokio::fs::read(path).await {
        Ok(bytes) => ([(header::CONTENT_TYPE, found.mime)], bytes).into_response(),
        Err(_) => unavailable(&headers),
    }
}
