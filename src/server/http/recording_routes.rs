//! HTTP for the recordings of scoresheet entries (kept on the disk by
//! [`crate::server::recordings`]):
//!
//! - `POST /api/games/{id}/audio`: upload a recording (body: the bytes, `Content-Type:
//!   audio/...`); answers its id for `write_sheet`.
//! - `GET /api/games/{id}/audio/{audio}`: a recording, for its uploader's side, the side of
//!   the sheet it is written on, and the arbiter.

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;
use shakmaty::Color;

use crate::game::Seat;
use crate::server::admission::addr::ClientAddr;
use crate::server::app::AppState;
use crate::server::http::error::ApiError;
use crate::server::http::exports::may_read;
use crate::server::http::extract::Authorised;
use crate::server::recordings::{
    self, MAX_AUDIO_BYTES, MAX_RECORDINGS_PER_GAME, MAX_RECORDINGS_PER_SHEET, Quota, Stored,
};
use crate::server::wire::ErrorCode;

pub(super) fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/games/{id}/audio",
            axum::routing::post(upload_audio).layer(DefaultBodyLimit::max(MAX_AUDIO_BYTES)),
        )
        .route("/api/games/{id}/audio/{audio}", get(download_audio))
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

async fn upload_audio(
    State(app): State<AppState>,
    addr: ClientAddr,
    seat: Authorised,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let Authorised { handle, seat, lang } = seat;
    let side = seat
        .side()
        .filter(|c| crate::game::may(seat, crate::game::Permission::Scoresheet(*c)))
        .ok_or_else(|| ApiError::forbidden(lang))?;
    let body = body.map_err(|rejection| {
        ApiError::new(lang, rejection.status(), ErrorCode::AudioTooLarge)
            .arg("limit", MAX_AUDIO_BYTES.to_string())
    })?;
    let mime = audio_mime(&headers).ok_or_else(|| {
        ApiError::new(
            lang,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::BadAudioType,
        )
    })?;
    if body.is_empty() {
        return Err(ApiError::new(
            lang,
            StatusCode::BAD_REQUEST,
            ErrorCode::EmptyAudio,
        ));
    }
    let bytes = body.len();
    let limits = &app.0.limits;
    let quota = Quota {
        server_bytes: limits.max_recording_bytes,
        address_bytes: limits.max_recording_bytes_per_address,
        reserve_bytes: limits.recordings_reserve_bytes,
    };
    let stored = {
        let (data_dir, game, mime) = (app.0.data_dir.clone(), handle.id.clone(), mime.clone());
        // One upload at a time, so the quotas are counted right.
        let mut tally = std::sync::Arc::clone(&app.0.uploads).lock_owned().await;
        let from = addr.key();
        tokio::task::spawn_blocking(move || {
            let upload = recordings::Upload {
                side,
                mime: &mime,
                body: &body,
                from,
            };
            recordings::store(&data_dir, &game, upload, quota, &mut tally)
        })
        .await
    };
    let mib = |b: u64| (b >> 20).to_string();
    let failed = |e: &dyn std::fmt::Display| {
        tracing::error!(game = %handle.id, "could not store a recording: {e}");
        ApiError::storage_failed(lang)
    };
    match stored {
        Ok(Ok(Stored::Kept(audio))) => {
            Ok((StatusCode::CREATED, Json(Uploaded { audio, mime, bytes })).into_response())
        }
        Ok(Ok(Stored::OverQuota)) => Err(ApiError::new(
            lang,
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::TooManyRecordings,
        )
        .arg("per_sheet", MAX_RECORDINGS_PER_SHEET.to_string())
        .arg("per_game", MAX_RECORDINGS_PER_GAME.to_string())),
        Ok(Ok(Stored::AddressFull)) => Err(ApiError::new(
            lang,
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::AddressRecordingsFull,
        )
        .arg("mib", mib(quota.address_bytes))),
        Ok(Ok(Stored::ServerFull)) => Err(ApiError::new(
            lang,
            StatusCode::INSUFFICIENT_STORAGE,
            ErrorCode::RecordingsFull,
        )
        .arg("mib", mib(quota.server_bytes))),
        Ok(Ok(Stored::LowDisk)) => {
            tracing::warn!(
                reserve_mib = quota.reserve_bytes >> 20,
                "a recording refused: the data directory's disk is down to its reserve"
            );
            Err(ApiError::new(
                lang,
                StatusCode::INSUFFICIENT_STORAGE,
                ErrorCode::LowDiskSpace,
            ))
        }
        Ok(Err(e)) => Err(failed(&e)),
        Err(e) => Err(failed(&e)),
    }
}

async fn download_audio(
    State(app): State<AppState>,
    seat: Authorised,
    Path((_, audio)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let Authorised { handle, seat, lang } = seat;
    let data_dir = &app.0.data_dir;
    let found = recordings::audio_ref(data_dir, &handle.id, &audio).ok_or_else(|| {
        ApiError::new(lang, StatusCode::NOT_FOUND, ErrorCode::UnknownAudio)
            .arg("audio", audio.chars().take(64).collect::<String>())
    })?;
    // A recording belongs to the sheet it was written on; the arbiter hears every one.
    let view = handle
        .desk()
        .await
        .ok_or_else(|| ApiError::unavailable(lang))?;
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
        .and_then(|c| recordings::own_audio_ref(data_dir, &handle.id, &found.id, c))
        .is_some();
    let allowed = uploader || owner.is_some_and(|c| may_read(seat, c)) || seat == Seat::Arbiter;
    if !allowed {
        return Err(ApiError::forbidden(lang));
    }
    let path = recordings::game_dir(data_dir, &handle.id).join(&found.id);
    let bytes = tokio::fs::read(path)
        .await
        .map_err(|e| ApiError::unavailable(lang).source(e))?;
    Ok(([(header::CONTENT_TYPE, found.mime)], bytes).into_response())
}
