//! What the routes take from a request: its language ([`AcceptLang`], from `Accept-Language`)
//! and the seat its bearer token opens in the game named by the path ([`Authorised`]).

use std::collections::HashMap;

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};

use crate::announce::Lang;
use crate::game::Seat;
use crate::server::admission::auth::bearer;
use crate::server::app::AppState;
use crate::server::host::actor::GameHandle;
use crate::server::http::error::ApiError;
use crate::server::render::event::lang_from_accept;
use crate::store::GameId;

/// The request's language: `Accept-Language` (de, tr, en), else English.
#[derive(Clone, Copy, Debug)]
pub struct AcceptLang(pub Lang);

pub fn lang_of(headers: &HeaderMap) -> Lang {
    lang_from_accept(
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    )
}

impl<S: Send + Sync> FromRequestParts<S> for AcceptLang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<AcceptLang, Self::Rejection> {
        Ok(AcceptLang(lang_of(&parts.headers)))
    }
}

/// The game named in the path (`{id}`), which exists, and the seat the request's bearer
/// token opens in it: `404 not_found` or `401 unauthorized` otherwise.
pub struct Authorised {
    pub handle: GameHandle,
    pub seat: Seat,
    pub lang: Lang,
}

impl FromRequestParts<AppState> for Authorised {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Authorised, ApiError> {
        let lang = lang_of(&parts.headers);
        let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, app)
            .await
            .map_err(|_| ApiError::not_found(lang))?;
        let id = params
            .get("id")
            .and_then(|id| GameId::parse(id))
            .ok_or_else(|| ApiError::not_found(lang))?;
        let handle = app
            .game(&id)
            .await
            .ok_or_else(|| ApiError::not_found(lang))?;
        let token = bearer(&parts.headers).ok_or_else(|| ApiError::unauthorized(lang))?;
        let seat = handle
            .seat_for(token)
            .ok_or_else(|| ApiError::unauthorized(lang))?;
        Ok(Authorised { handle, seat, lang })
    }
}
