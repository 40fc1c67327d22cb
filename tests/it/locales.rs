//! Locale parity: de, tr and en define the same messages in the same files, and nothing
//! hamle says carries Unicode isolation marks.

use std::collections::BTreeSet;
use std::path::Path;

use hamle::announce::Lang;
use hamle::words::i18n::{Messages, message_ids, sources};

#[test]
fn every_message_id_exists_in_every_language() {
    let ids = |lang: Lang| -> BTreeSet<(String, String)> {
        sources(lang)
            .iter()
            .flat_map(|(file, src)| {
                message_ids(src)
                    .into_iter()
                    .map(|id| (file.to_string(), id))
            })
            .collect()
    };
    let de = ids(Lang::De);
    assert!(de.len() > 30, "suspiciously few messages: {}", de.len());
    for lang in [Lang::Tr, Lang::En] {
        let other = ids(lang);
        let missing: Vec<_> = de.difference(&other).collect();
        let extra: Vec<_> = other.difference(&de).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang}: missing {missing:?}, not in de {extra:?}"
        );
    }
}

#[test]
fn every_locale_file_on_disk_is_embedded() {
    for lang in Lang::ALL {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(lang.code());
        let on_disk: BTreeSet<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".ftl"))
            .collect();
        let embedded: BTreeSet<String> = sources(lang).iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(
            on_disk, embedded,
            "{lang}: locales/ and src/words/i18n.rs disagree"
        );
    }
}

#[test]
fn no_message_carries_isolation_marks() {
    let messages = Messages::global();
    for lang in Lang::ALL {
        for (_, src) in sources(lang) {
            for id in message_ids(src) {
                let mut args = hamle::words::i18n::Args::new();
                for name in variables(src, &id) {
                    args.set(name, "1");
                }
                let text = messages.format(lang, &id, Some(&args));
                assert!(
                    !text.contains(['\u{2068}', '\u{2069}']),
                    "{lang} {id}: {text:?}"
                );
                assert!(!text.trim().is_empty(), "{lang} {id} is empty");
            }
        }
    }
}

/// The variables a message uses (so every one can be given a value).
fn variables(src: &str, id: &str) -> Vec<String> {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
    fn walk_inline(e: &InlineExpression<&str>, out: &mut Vec<String>) {
        match e {
            InlineExpression::VariableReference { id } => out.push(id.name.to_owned()),
            InlineExpression::Placeable { expression } => walk_expr(expression, out),
            _ => {}
        }
    }
    fn walk_expr(e: &Expression<&str>, out: &mut Vec<String>) {
        match e {
            Expression::Inline(i) => walk_inline(i, out),
            Expression::Select { selector, variants } => {
                walk_inline(selector, out);
                for v in variants {
                    walk_pattern(&v.value, out);
                }
            }
        }
    }
    fn walk_pattern(p: &Pattern<&str>, out: &mut Vec<String>) {
        for el in &p.elements {
            if let PatternElement::Placeable { expression } = el {
                walk_expr(expression, out);
            }
        }
    }
    let resource = fluent_syntax::parser::parse(src).unwrap_or_else(|(r, _)| r);
    let mut out = Vec::new();
    for entry in &resource.body {
        if let Entry::Message(m) = entry
            && m.id.name == id
            && let Some(p) = &m.value
        {
            walk_pattern(p, &mut out);
        }
    }
    out
}
