//! The web pages `hamle serve` ships inside its binary: the lobby and one page per seat.
//!
//! - `GET /` (lobby), `/vi` (visually impaired player), `/board` (sighted player or spectator),
//!   `/assistant`, `/arbiter`: HTML with every `{{message-id}}` replaced by the Fluent message in
//!   the page's language (`?lang=de|tr|en`, else `Accept-Language`, else English).
//! - `GET /web/<file>`: the style sheet and the JavaScript modules (no build step).
//! - `GET /web/i18n/<lang>.json`: every message of that language (web, server, announce and
//!   speech files) as a small JSON tree that `i18n.js` formats, so sentences built in the
//!   browser come from the same Fluent sources as the server's.
//!
//! Seat links carry the game and token in the URL fragment (`#game=…&token=…`), which the
//! browser never sends to the server.

use axum::Router;
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::AppState;
use super::render::lang_from_accept;
use crate::announce::Lang;
use crate::i18n::{Messages, sources};

/// A page: its path, its template.
pub struct Page {
    pub path: &'static str,
    pub html: &'static str,
}

/// Every page, by path.
pub const PAGES: [Page; 5] = [
    Page {
        path: "/",
        html: include_str!("assets/lobby.html"),
    },
    Page {
        path: "/vi",
        html: include_str!("assets/vi.html"),
    },
    Page {
        path: "/board",
        html: include_str!("assets/board.html"),
    },
    Page {
        path: "/assistant",
        html: include_str!("assets/assistant.html"),
    },
    Page {
        path: "/arbiter",
        html: include_str!("assets/arbiter.html"),
    },
];

/// Parts several pages share, included with `{{> name}}`: the skip link and header, the
/// seats' boards, the table's clock and repetition forms, the log and scoresheet, the
/// settings and the page's end.
pub const PARTIALS: [(&str, &str); 5] = [
    ("top", include_str!("assets/_top.html")),
    ("seat-boards", include_str!("assets/_seat-boards.html")),
    ("physical", include_str!("assets/_physical.html")),
    ("log-sheet", include_str!("assets/_log-sheet.html")),
    ("settings-end", include_str!("assets/_settings-end.html")),
];

/// Every static file under `/web/`: name, content type, content.
pub const ASSETS: [(&str, &str, &str); 13] = [
    ("app.css", "text/css", include_str!("assets/app.css")),
    ("i18n.js", JS, include_str!("assets/i18n.js")),
    ("chess.js", JS, include_str!("assets/chess.js")),
    ("conn.js", JS, include_str!("assets/conn.js")),
    ("ui.js", JS, include_str!("assets/ui.js")),
    ("boardview.js", JS, include_str!("assets/boardview.js")),
    ("table.js", JS, include_str!("assets/table.js")),
    ("speech.js", JS, include_str!("assets/speech.js")),
    ("voice.js", JS, include_str!("assets/voice.js")),
    (
        "voice-capture.js",
        JS,
        include_str!("assets/voice-capture.js"),
    ),
    ("lobby.js", JS, include_str!("assets/lobby.js")),
    ("vi.js", JS, include_str!("assets/vi.js")),
    ("seat.js", JS, include_str!("assets/seat.js")),
];

const JS: &str = "text/javascript";

/// The routes of the pages and their files.
pub fn routes() -> Router<AppState> {
    let mut router = Router::new()
        .route("/web/i18n/{file}", get(strings))
        .route("/web/{file}", get(asset));
    for page in &PAGES {
        let html = page.html;
        router = router.route(
            page.path,
            get(move |q: Query<LangQuery>, h: HeaderMap| async move { serve_page(html, q, h) }),
        );
    }
    router
}

#[derive(Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

/// The page language: `?lang=` if it names one, else the browser's `Accept-Language`.
fn page_lang(query: &LangQuery, headers: &HeaderMap) -> Lang {
    query
        .lang
        .as_deref()
        .and_then(|l| l.parse().ok())
        .unwrap_or_else(|| {
            lang_from_accept(
                headers
                    .get(header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok()),
            )
        })
}

fn serve_page(html: &'static str, Query(q): Query<LangQuery>, headers: HeaderMap) -> Response {
    let lang = page_lang(&q, &headers);
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::REFERRER_POLICY, "no-referrer"),
        ],
        render_page(html, lang),
    )
        .into_response()
}

/// A page template in `lang`: `{{lang}}` is the language code, `{{id}}` the message `id`
/// (HTML-escaped), `{{id@de}}` the message in another language (for the language menu), and
/// `{{> name}}` the shared part `name` of [`PARTIALS`], rendered the same way.
pub fn render_page(template: &str, lang: Lang) -> String {
    let messages = Messages::global();
    let mut out = String::with_capacity(template.len() + 1024);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[start..]);
            rest = "";
            break;
        };
        let key = after[..end].trim();
        if key == "lang" {
            out.push_str(lang.code());
        } else if let Some(name) = key.strip_prefix('>') {
            let name = name.trim();
            let (_, partial) = PARTIALS
                .iter()
                .find(|(n, _)| *n == name)
                .unwrap_or_else(|| panic!("no partial {name:?}"));
            // The line break after `{{> name}}` ends the part's last line.
            out.push_str(&render_page(
                partial.strip_suffix('\n').unwrap_or(partial),
                lang,
            ));
        } else {
            let (id, in_lang) = match key.split_once('@') {
                Some((id, l)) => (id, l.parse().unwrap_or(lang)),
                None => (key, lang),
            };
            escape_into(&mut out, &messages.text(in_lang, id));
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, format!("{kind}; charset=utf-8")),
                (header::CACHE_CONTROL, "no-cache".to_owned()),
            ],
            *body,
        )
            .into_response(),
        None => not_here(),
    }
}

fn not_here() -> Response {
    (StatusCode::NOT_FOUND, "not found").into_response()
}

async fn strings(Path(file): Path<String>) -> Response {
    let Some(lang) = file
        .strip_suffix(".json")
        .and_then(|l| l.parse::<Lang>().ok())
    else {
        return not_here();
    };
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        strings_json(lang).to_string(),
    )
        .into_response()
}

/// Every message of `lang` as `{"lang": "de", "messages": {id: pattern}}`.
///
/// A pattern is a string, or a list of parts: a string, `{"var": name}`, `{"msg": id}`,
/// `{"lit": text}` or `{"sel": part, "variants": [[key, pattern], …], "default": index}`.
pub fn strings_json(lang: Lang) -> Value {
    let mut messages = Map::new();
    for (_, source) in sources(lang) {
        let resource = match fluent_syntax::parser::parse(*source) {
            Ok(r) | Err((r, _)) => r,
        };
        for entry in resource.body {
            if let Entry::Message(m) = entry
                && let Some(value) = m.value
            {
                messages.insert(m.id.name.to_owned(), pattern(&value));
            }
        }
    }
    json!({ "lang": lang.code(), "messages": messages })
}

fn pattern(p: &Pattern<&str>) -> Value {
    let parts: Vec<Value> = p
        .elements
        .iter()
        .map(|e| match e {
            PatternElement::TextElement { value } => Value::String((*value).to_owned()),
            PatternElement::Placeable { expression } => expr(expression),
        })
        .collect();
    match parts.as_slice() {
        [Value::String(s)] => Value::String(s.clone()),
        _ => Value::Array(parts),
    }
}

fn expr(e: &Expression<&str>) -> Value {
    match e {
        Expression::Inline(i) => inline(i),
        Expression::Select { selector, variants } => {
            let default = variants.iter().position(|v| v.default).unwrap_or(0);
            let variants: Vec<Value> = variants
                .iter()
                .map(|v| {
                    let key = match &v.key {
                        VariantKey::Identifier { name } => *name,
                        VariantKey::NumberLiteral { value } => *value,
                    };
                    json!([key, pattern(&v.value)])
                })
                .collect();
            json!({ "sel": inline(selector), "variants": variants, "default": default })
        }
    }
}

fn inline(i: &InlineExpression<&str>) -> Value {
    match i {
        InlineExpression::StringLiteral { value } => json!({ "lit": unescape(value) }),
        InlineExpression::NumberLiteral { value } => json!({ "lit": value }),
        InlineExpression::VariableReference { id } => json!({ "var": id.name }),
        InlineExpression::MessageReference { id, .. } => json!({ "msg": id.name }),
        InlineExpression::Placeable { expression } => expr(expression),
        // hamle's messages use neither functions nor terms; the test below keeps it so.
        InlineExpression::FunctionReference { id, .. } => json!({ "unsupported": id.name }),
        InlineExpression::TermReference { id, .. } => json!({ "unsupported": id.name }),
    }
}

/// A Fluent string literal's escapes (`\"`, `\\`, `\uXXXX`, `\UXXXXXX`).
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(n @ ('u' | 'U')) => {
                let len = if n == 'u' { 4 } else { 6 };
                let hex: String = chars.by_ref().take(len).collect();
                if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_placeholder_is_a_message_and_every_page_renders() {
        let messages = Messages::global();
        let templates = PAGES
            .iter()
            .map(|p| (p.path, p.html))
            .chain(PARTIALS.iter().copied());
        for (path, html) in templates {
            let mut rest = html;
            while let Some(start) = rest.find("{{") {
                let after = &rest[start + 2..];
                let end = after.find("}}").expect("closed placeholder");
                let key = after[..end].trim();
                let id = key.split('@').next().unwrap();
                if let Some(name) = id.strip_prefix('>') {
                    let name = name.trim();
                    assert!(
                        PARTIALS.iter().any(|(n, _)| *n == name),
                        "{path}: no partial {name}"
                    );
                } else if id != "lang" {
                    for lang in Lang::ALL {
                        assert!(messages.has(lang, id), "{path}: {id} missing in {lang}");
                    }
                }
                rest = &after[end + 2..];
            }
        }
        for page in &PAGES {
            for lang in Lang::ALL {
                let html = render_page(page.html, lang);
                assert!(!html.contains("{{"), "{}", page.path);
                assert!(html.contains(&format!("<html lang=\"{}\"", lang.code())));
            }
        }
    }

    #[test]
    fn strings_use_no_functions_or_terms() {
        for lang in Lang::ALL {
            let json = strings_json(lang).to_string();
            assert!(!json.contains("\"unsupported\""), "{lang}");
        }
    }

    #[test]
    fn escapes() {
        assert_eq!(unescape(r#"a\"b\u0020c\\"#), "a\"b c\\");
        let mut s = String::new();
        escape_into(&mut s, "<a href=\"x\">'&'</a>");
        assert_eq!(s, "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    }
}
