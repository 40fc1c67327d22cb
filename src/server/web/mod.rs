//! The web pages `hamle serve` ships inside its binary: the lobby and one page per seat.
//!
//! - `GET /` (lobby), `/vi` (visually impaired player), `/board` (sighted player or spectator),
//!   `/assistant`, `/arbiter`, `/round/new` (a round from its pairings, the seat links to
//!   print) and `/round` (the round desk): HTML in the page's language (`?lang=de|tr|en`, else
//!   `Accept-Language`, else English), rendered once per language at start-up from the
//!   minijinja templates of [`TEMPLATES`]: every page extends the layout `base.html` (the seats
//!   with a board through `seat.html`), includes self-contained parts (`_*.html`), and takes
//!   its words from Fluent through `t("message-id")` (see [`environment`]).
//! - `GET /web/<file>`: the style sheet and the JavaScript modules (no build step).
//! - `GET /web/i18n/<lang>.json`: every message of that language (web, server, announce and
//!   speech files) as a small JSON tree that `i18n.js` formats, so sentences built in the
//!   browser come from the same Fluent sources as the server's.
//!
//! Seat links carry the game and token in the URL fragment (`#game=…&token=…`), which the
//! browser never sends to the server.

use std::sync::OnceLock;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use minijinja::syntax::SyntaxConfig;
use minijinja::{Environment, Error, ErrorKind, UndefinedBehavior};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::announce::{Lang, PerLang};
use crate::server::app::AppState;
use crate::server::render::event::lang_from_accept;
use crate::words::i18n::{Messages, sources};

/// A page: its path and the name of its template in [`TEMPLATES`].
pub struct Page {
    pub path: &'static str,
    pub template: &'static str,
}

/// Every page, by path.
pub const PAGES: [Page; 7] = [
    Page {
        path: "/",
        template: "lobby.html",
    },
    Page {
        path: "/vi",
        template: "vi.html",
    },
    Page {
        path: "/board",
        template: "board.html",
    },
    Page {
        path: "/assistant",
        template: "assistant.html",
    },
    Page {
        path: "/arbiter",
        template: "arbiter.html",
    },
    Page {
        path: "/round/new",
        template: "round-new.html",
    },
    Page {
        path: "/round",
        template: "round.html",
    },
];

/// Every template (minijinja), by name: the layout `base.html` that every page extends, the
/// seats' layout `seat.html` (itself extending `base.html`), the pages, and the self-contained
/// parts several pages include (names starting with `_`).
pub const TEMPLATES: [(&str, &str); 17] = [
    ("base.html", include_str!("assets/base.html")),
    ("seat.html", include_str!("assets/seat.html")),
    ("lobby.html", include_str!("assets/lobby.html")),
    ("vi.html", include_str!("assets/vi.html")),
    ("board.html", include_str!("assets/board.html")),
    ("assistant.html", include_str!("assets/assistant.html")),
    ("arbiter.html", include_str!("assets/arbiter.html")),
    ("round-new.html", include_str!("assets/round-new.html")),
    ("round.html", include_str!("assets/round.html")),
    (
        "_lang-options.html",
        include_str!("assets/_lang-options.html"),
    ),
    ("_physical.html", include_str!("assets/_physical.html")),
    ("_log-sheet.html", include_str!("assets/_log-sheet.html")),
    ("_keep-sheet.html", include_str!("assets/_keep-sheet.html")),
    ("_settings.html", include_str!("assets/_settings.html")),
    ("_promotion.html", include_str!("assets/_promotion.html")),
    ("_announced.html", include_str!("assets/_announced.html")),
    (
        "_rules-choices.html",
        include_str!("assets/_rules-choices.html"),
    ),
];

/// Every static file under `/web/`: name, content type, content.
pub const ASSETS: [(&str, &str, &str); 18] = [
    ("app.css", "text/css", include_str!("assets/app.css")),
    ("i18n.js", JS, include_str!("assets/i18n.js")),
    ("chess.js", JS, include_str!("assets/chess.js")),
    ("conn.js", JS, include_str!("assets/conn.js")),
    ("ui.js", JS, include_str!("assets/ui.js")),
    ("boardview.js", JS, include_str!("assets/boardview.js")),
    ("earcons.js", JS, include_str!("assets/earcons.js")),
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
    ("delivery.js", JS, include_str!("assets/delivery.js")),
    ("seat.js", JS, include_str!("assets/seat.js")),
    ("round-new.js", JS, include_str!("assets/round-new.js")),
    ("round.js", JS, include_str!("assets/round.js")),
    ("sheets.js", JS, include_str!("assets/sheets.js")),
];

const JS: &str = "text/javascript";

/// The routes of the pages and their files. Every page is rendered in every language here
/// (once per process), so a template that does not render stops the server at start-up
/// rather than at a visitor's request; the tests below render them all.
pub fn routes() -> Router<AppState> {
    let rendered = rendered();
    let mut router = Router::new()
        .route("/web/i18n/{file}", get(strings))
        .route("/web/{file}", get(asset));
    for (page, html) in PAGES.iter().zip(rendered) {
        router = router.route(
            page.path,
            get(move |q: Query<LangQuery>, h: HeaderMap| async move { serve_page(html, q, h) }),
        );
    }
    router
}

/// Every page of [`PAGES`] in every language (`[page][lang]`), rendered on first use.
fn rendered() -> &'static [PerLang<Bytes>; PAGES.len()] {
    static RENDERED: OnceLock<[PerLang<Bytes>; PAGES.len()]> = OnceLock::new();
    RENDERED.get_or_init(|| {
        let envs = PerLang::new(environment);
        PAGES.each_ref().map(|page| {
            PerLang::new(|lang| {
                let html = envs[lang]
                    .get_template(page.template)
                    .and_then(|t| t.render(()))
                    .unwrap_or_else(|e| panic!("page {} in {lang}: {e:#}", page.template));
                Bytes::from(html)
            })
        })
    })
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

fn serve_page(
    html: &'static PerLang<Bytes>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = page_lang(&q, &headers);
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::REFERRER_POLICY, "no-referrer"),
        ],
        html[lang].clone(),
    )
        .into_response()
}

/// The templates for pages in `lang`: every template of [`TEMPLATES`] (HTML auto-escaping,
/// `trim_blocks` and `lstrip_blocks`, undefined names an error), the globals `lang` (its code)
/// and `langs` (every code, in the language menus' order), and the function `t(id)`: message
/// `id` in `lang`, or `t(id, code)` in another language. A missing message or language is an
/// error, not a fallback: the templates use only messages every language has.
pub fn environment(lang: Lang) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_syntax(
        SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .keep_trailing_newline(true)
            .build()
            .expect("the default delimiters"),
    );
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    for (name, source) in TEMPLATES {
        env.add_template(name, source)
            .unwrap_or_else(|e| panic!("template {name}: {e:#}"));
    }
    env.add_global("lang", lang.code());
    env.add_global(
        "langs",
        Lang::ALL
            .iter()
            .map(|l| l.code())
            .collect::<minijinja::Value>(),
    );
    env.add_function("t", move |id: &str, other: Option<&str>| {
        let in_lang = match other {
            None => lang,
            Some(code) => code.parse().map_err(|_| {
                Error::new(ErrorKind::InvalidOperation, format!("no language {code:?}"))
            })?,
        };
        let messages = Messages::global();
        if !messages.has(in_lang, id) {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("no message {id} in {in_lang}"),
            ));
        }
        Ok(messages.text(in_lang, id))
    });
    env
}

/// Page `template` of [`TEMPLATES`] in `lang` (as [`routes`] serves it).
pub fn render_page(template: &str, lang: Lang) -> Result<String, Error> {
    environment(lang).get_template(template)?.render(())
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

/// Every message of `lang` as `{"lang": "de", "messages": {id: pattern}, "squares": {"files":
/// [[word, …] × 8], "ranks": [[word, …] × 8]}}` (the words moves take for files a-h and ranks
/// 1-8, [`crate::announce::square_words`]).
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
    // The words of files and ranks moves take, for the commands that name a square.
    let (files, ranks) = crate::announce::square_words(lang);
    json!({
        "lang": lang.code(),
        "messages": messages,
        "squares": { "files": files, "ranks": ranks },
    })
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
    fn every_page_renders_in_every_language() {
        for page in &PAGES {
            for lang in Lang::ALL {
                let html = render_page(page.template, lang)
                    .unwrap_or_else(|e| panic!("{} in {lang}: {e:#}", page.template));
                assert!(
                    html.starts_with("<!doctype html>\n<html lang=\""),
                    "{}",
                    page.path
                );
                assert!(html.contains(&format!("<html lang=\"{lang}\"")));
                assert!(
                    !html.contains("{{") && !html.contains("{%"),
                    "{}",
                    page.path
                );
                assert!(html.trim_end().ends_with("</main>\n</body>\n</html>"));
                // What routes() serves is what render_page makes.
                let index = PAGES.iter().position(|p| p.path == page.path).unwrap();
                assert_eq!(rendered()[index][lang], html.as_bytes());
            }
        }
    }

    #[test]
    fn messages_come_from_fluent_escaped_in_the_pages_language() {
        let messages = Messages::global();
        for lang in Lang::ALL {
            let lobby = render_page("lobby.html", lang).unwrap();
            let title = messages.text(lang, "web-lobby-title");
            assert!(lobby.contains(&format!("<title>{title} – hamle</title>")));
            assert!(lobby.contains(&format!("<h1>{title}</h1>")));
            // The language menus name each language in its own language, whatever the page's.
            for other in Lang::ALL {
                let own = messages.text(other, "web-lang-self");
                assert!(lobby.contains(&format!(
                    "<option value=\"{other}\" lang=\"{other}\">{own}</option>"
                )));
                assert!(lobby.contains(&format!("hreflang=\"{other}\">{own}</a>")));
            }
        }
        let mut env = environment(Lang::En);
        env.add_template("probe.html", "{{ t(\"web-lobby-title\") }}|{{ t(\"web-lobby-title\", \"de\") }}|{{ \"<a href='x'>&\" }}")
            .unwrap();
        let out = env.get_template("probe.html").unwrap().render(()).unwrap();
        assert_eq!(
            out,
            format!(
                "{}|{}|&lt;a href=&#x27;x&#x27;&gt;&amp;",
                messages.text(Lang::En, "web-lobby-title"),
                messages.text(Lang::De, "web-lobby-title")
            )
        );
    }

    #[test]
    fn a_missing_message_or_language_or_name_fails_the_render() {
        let mut env = environment(Lang::Tr);
        env.add_template("a.html", "{{ t(\"web-no-such-message\") }}")
            .unwrap();
        env.add_template("b.html", "{{ t(\"web-lobby-title\", \"fr\") }}")
            .unwrap();
        env.add_template("c.html", "{{ no_such_name }}").unwrap();
        for (name, says) in [
            ("a.html", "no message web-no-such-message in tr"),
            ("b.html", "no language \"fr\""),
            ("c.html", "undefined"),
        ] {
            let err = env.get_template(name).unwrap().render(()).unwrap_err();
            assert!(format!("{err:#}").contains(says), "{name}: {err:#}");
        }
        assert!(render_page("nothing.html", Lang::En).is_err());
    }

    #[test]
    fn every_template_is_used() {
        for (name, _) in &TEMPLATES {
            let is_page = PAGES.iter().any(|p| p.template == *name);
            let used = TEMPLATES.iter().any(|(_, source)| {
                source.contains(&format!("{{% extends \"{name}\" %}}"))
                    || source.contains(&format!("{{% include \"{name}\" %}}"))
            });
            assert!(is_page || used, "{name} is neither a page nor used");
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
    fn unescapes() {
        assert_eq!(unescape(r#"a\"b\u0020c\\"#), "a\"b c\\");
    }
}
