//! The one error of every HTTP route: a status, a stable code, the sentence in the request's
//! language and, for developers, a detail; it is its own answer ([`IntoResponse`]), with the
//! body every error has (`{"code", "message", "detail"}`, `docs/protocol.md`).

use axum::Json;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::announce::Lang;
use crate::server::wire::{ErrorCode, HttpError};

/// What went wrong with a request, in the asker's language.
#[derive(Debug, thiserror::Error)]
#[error("{status} {code}")]
pub struct ApiError {
    lang: Lang,
    status: StatusCode,
    code: ErrorCode,
    args: Vec<(&'static str, String)>,
    /// A sentence of its own instead of `error-<code>` (a start position's problem).
    message: Option<Box<str>>,
    detail: Option<Box<str>>,
    /// The refused setting (`invalid_setting`). (The three texts are boxed, so that the error
    /// stays small.)
    field: Option<Box<str>>,
    headers: Vec<(HeaderName, HeaderValue)>,
    /// What caused it, for the log (a store's or the disk's error).
    #[source]
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl ApiError {
    pub fn new(lang: Lang, status: StatusCode, code: ErrorCode) -> ApiError {
        ApiError {
            lang,
            status,
            code,
            args: Vec::new(),
            message: None,
            detail: None,
            field: None,
            headers: Vec::new(),
            source: None,
        }
    }

    /// A variable of the sentence.
    pub fn arg(mut self, name: &'static str, value: impl Into<String>) -> ApiError {
        self.args.push((name, value.into()));
        self
    }

    /// The technical detail (not localised).
    pub fn detail(mut self, detail: impl Into<String>) -> ApiError {
        self.detail = Some(detail.into().into_boxed_str());
        self
    }

    /// The setting refused (`invalid_setting`), by its path in the request.
    pub fn field(mut self, field: impl Into<String>) -> ApiError {
        self.field = Some(field.into().into_boxed_str());
        self
    }

    /// The sentence, made by the caller.
    pub fn message(mut self, message: String) -> ApiError {
        self.message = Some(message.into_boxed_str());
        self
    }

    pub fn header(mut self, name: HeaderName, value: HeaderValue) -> ApiError {
        self.headers.push((name, value));
        self
    }

    pub fn source(mut self, source: impl std::error::Error + Send + Sync + 'static) -> ApiError {
        self.source = Some(Box::new(source));
        self
    }

    /// `404 not_found`: no such game.
    pub fn not_found(lang: Lang) -> ApiError {
        ApiError::new(lang, StatusCode::NOT_FOUND, ErrorCode::NotFound)
    }

    /// `401 unauthorized`, with `WWW-Authenticate: Bearer`.
    pub fn unauthorized(lang: Lang) -> ApiError {
        ApiError::new(lang, StatusCode::UNAUTHORIZED, ErrorCode::Unauthorized)
            .header(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"))
    }

    /// `403 forbidden`: this seat may not.
    pub fn forbidden(lang: Lang) -> ApiError {
        ApiError::new(lang, StatusCode::FORBIDDEN, ErrorCode::Forbidden)
    }

    /// `503 game_unavailable`: the game's task is gone.
    pub fn unavailable(lang: Lang) -> ApiError {
        ApiError::new(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::GameUnavailable,
        )
    }

    /// `503 storage_failed`.
    pub fn storage_failed(lang: Lang) -> ApiError {
        ApiError::new(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::StorageFailed,
        )
    }

    /// `invalid_request` with the parser's or the framework's own words as the detail.
    pub fn invalid_request(lang: Lang, status: StatusCode, detail: String) -> ApiError {
        ApiError::new(lang, status, ErrorCode::InvalidRequest).detail(detail)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Some(source) = &self.source {
            tracing::error!("{} {}: {source}", self.status, self.code);
        }
        let message = self
            .message
            .map(String::from)
            .unwrap_or_else(|| crate::words::error(self.lang, self.code.name(), &self.args));
        let body = HttpError {
            code: self.code.name(),
            message,
            detail: self.detail.map(String::from),
            field: self.field.map(String::from),
        };
        let mut resp = (self.status, Json(body)).into_response();
        for (name, value) in self.headers {
            resp.headers_mut().insert(name, value);
        }
        resp
    }
}
