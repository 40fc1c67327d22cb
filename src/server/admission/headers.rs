//! The security headers of every answer: pages run only the scripts and styles they ship
//! (no inline script), are never framed, sniffed into another type, or named to another
//! site in a `Referer`.

use axum::Router;
use axum::http::{HeaderName, HeaderValue, header};
use tower_http::set_header::SetResponseHeaderLayer;

/// The Content-Security-Policy of every answer. WebSockets to the same host are `'self'`;
/// rendered audio plays from `blob:` URLs.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; media-src 'self' blob:; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers, as (name, value).
pub fn security_headers() -> [(HeaderName, HeaderValue); 5] {
    [
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ),
    ]
}

/// `router` with every security header set on every answer (replacing any a handler set).
pub fn secure<S: Clone + Send + Sync + 'static>(mut router: Router<S>) -> Router<S> {
    for (name, value) in security_headers() {
        router = router.layer(SetResponseHeaderLayer::overriding(name, value));
    }
    router
}
