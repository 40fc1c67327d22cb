//! The web pages `hamle serve` ships: every page in every language, every file, the strings
//! endpoint, and every `web.ftl` message used by some page. The pages themselves are driven in
//! a real browser by `web-tests/` (Playwright, axe-core).

use hamle::announce::Lang;
use hamle::server::web::{ASSETS, PAGES, TEMPLATES};
use hamle::words::i18n::{message_ids, sources};

use crate::support::TestServer;

async fn get(url: &str) -> (u16, String, String) {
    let r = reqwest::get(url).await.unwrap();
    let status = r.status().as_u16();
    let kind = r
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, kind, r.text().await.unwrap())
}

#[tokio::test]
async fn every_page_and_file_is_served_in_every_language() {
    let server = TestServer::start().await;
    for page in &PAGES {
        for lang in Lang::ALL {
            let (status, kind, body) =
                get(&server.url(&format!("{}?lang={lang}", page.path))).await;
            assert_eq!(status, 200, "{}", page.path);
            assert!(kind.starts_with("text/html"), "{}: {kind}", page.path);
            assert!(
                body.contains(&format!("<html lang=\"{lang}\"")),
                "{}",
                page.path
            );
            assert!(
                !body.contains("{{") && !body.contains("{%"),
                "{}: template syntax is left",
                page.path
            );
        }
        // Without ?lang the browser's Accept-Language decides.
        let r = reqwest::Client::new()
            .get(server.url(page.path))
            .header("accept-language", "tr-TR, en;q=0.5")
            .send()
            .await
            .unwrap();
        assert!(r.text().await.unwrap().contains("<html lang=\"tr\""));
    }
    for (name, kind, _) in &ASSETS {
        let (status, got, _) = get(&server.url(&format!("/web/{name}"))).await;
        assert_eq!(status, 200, "{name}");
        assert!(got.starts_with(kind), "{name}: {got}");
    }
    for lang in Lang::ALL {
        let (status, _, body) = get(&server.url(&format!("/web/i18n/{lang}.json"))).await;
        assert_eq!(status, 200);
        let json: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(json["lang"], lang.code());
        for id in [
            "web-help",
            "square-name",
            "piece-name",
            "color-name",
            "clock-time",
        ] {
            assert!(json["messages"].get(id).is_some(), "{lang}: {id}");
        }
    }
    assert_eq!(get(&server.url("/web/nothing.js")).await.0, 404);
    assert_eq!(get(&server.url("/web/i18n/fr.json")).await.0, 404);
}

#[test]
fn every_web_message_is_used_by_a_page() {
    let web = sources(Lang::En)
        .iter()
        .find(|(name, _)| *name == "web.ftl")
        .expect("web.ftl is embedded")
        .1;
    // A template names a message as `t("id")` or `t("id", lang)`; the JavaScript as `'id'`.
    let templates: Vec<&str> = TEMPLATES.iter().map(|(_, source)| *source).collect();
    let scripts: Vec<&str> = ASSETS.iter().map(|(_, _, body)| *body).collect();
    let unused: Vec<String> = message_ids(web)
        .into_iter()
        .filter(|id| {
            let quoted = format!("'{id}'");
            let call = format!("t(\"{id}\")");
            let call_in = format!("t(\"{id}\", ");
            !templates
                .iter()
                .any(|t| t.contains(&call) || t.contains(&call_in))
                && !scripts.iter().any(|s| s.contains(&quoted))
        })
        .collect();
    assert!(
        unused.is_empty(),
        "web.ftl messages no page uses: {unused:?}"
    );
}
