//! Fluent message bundles for de, tr and en, shipped inside the binary.
//!
//! Every user-facing sentence hamle produces is formatted here from `locales/<lang>/*.ftl`.
//! Isolation marks are off: the text goes to speech engines and screen readers.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

use crate::announce::{Lang, PerLang};

/// The `.ftl` files of one language, embedded at build time.
macro_rules! locale_files {
    ($lang:literal) => {
        &[
            (
                "announce.ftl",
                include_str!(concat!("../../locales/", $lang, "/announce.ftl")),
            ),
            (
                "server.ftl",
                include_str!(concat!("../../locales/", $lang, "/server.ftl")),
            ),
            (
                "speech.ftl",
                include_str!(concat!("../../locales/", $lang, "/speech.ftl")),
            ),
            (
                "scoresheet.ftl",
                include_str!(concat!("../../locales/", $lang, "/scoresheet.ftl")),
            ),
            (
                "web.ftl",
                include_str!(concat!("../../locales/", $lang, "/web.ftl")),
            ),
            (
                "engine.ftl",
                include_str!(concat!("../../locales/", $lang, "/engine.ftl")),
            ),
            (
                "voice.ftl",
                include_str!(concat!("../../locales/", $lang, "/voice.ftl")),
            ),
            (
                "eboard.ftl",
                include_str!(concat!("../../locales/", $lang, "/eboard.ftl")),
            ),
            (
                "rulings.ftl",
                include_str!(concat!("../../locales/", $lang, "/rulings.ftl")),
            ),
        ]
    };
}

/// `(file name, source)` for every embedded file of `lang`.
pub fn sources(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::De => locale_files!("de"),
        Lang::Tr => locale_files!("tr"),
        Lang::En => locale_files!("en"),
    }
}

/// Arguments for a message, re-exported so callers need not name fluent's types.
pub type Args<'a> = FluentArgs<'a>;

/// Every language's bundle.
pub struct Messages {
    bundles: PerLang<FluentBundle<FluentResource>>,
}

impl Messages {
    /// The process-wide bundles (built on first use).
    pub fn global() -> &'static Messages {
        static MESSAGES: OnceLock<Messages> = OnceLock::new();
        MESSAGES.get_or_init(Messages::load)
    }

    fn load() -> Messages {
        Messages {
            bundles: PerLang::new(|lang| {
                let id: LanguageIdentifier = lang.code().parse().expect("valid language id");
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                bundle.set_use_isolating(false);
                for (name, source) in sources(lang) {
                    let resource = FluentResource::try_new((*source).to_owned()).unwrap_or_else(
                        |(_, errors)| panic!("locales/{lang}/{name} does not parse: {errors:?}"),
                    );
                    bundle
                        .add_resource(resource)
                        .unwrap_or_else(|e| panic!("locales/{lang}/{name}: {e:?}"));
                }
                bundle
            }),
        }
    }

    fn bundle(&self, lang: Lang) -> &FluentBundle<FluentResource> {
        &self.bundles[lang]
    }

    /// Whether `lang` has a message `id`.
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        self.bundle(lang).has_message(id)
    }

    /// Formats message `id` in `lang`. A missing message is a bug (the parity test guards
    /// against it); it formats as the id itself rather than failing a live game.
    pub fn format(&self, lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
        let bundle = self.bundle(lang);
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            debug_assert!(false, "missing message {id} in {lang}");
            return id.to_owned();
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        debug_assert!(errors.is_empty(), "message {id} in {lang}: {errors:?}");
        text.into_owned()
    }

    /// Shorthand for a message with no arguments.
    pub fn text(&self, lang: Lang, id: &str) -> String {
        self.format(lang, id, None)
    }
}

/// Message ids defined by a Fluent source (for the parity test and tooling).
pub fn message_ids(source: &str) -> Vec<String> {
    let resource = match FluentResource::try_new(source.to_owned()) {
        Ok(r) | Err((r, _)) => r,
    };
    resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect()
}
