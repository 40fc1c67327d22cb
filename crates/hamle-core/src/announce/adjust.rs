//! "I adjust": the words that, said before touching a piece, exempt the touch from
//! touch-move (Art. 4.2). A recogniser of its own, apart from the move grammar.

use super::Lang;
use super::lexer::{fold, words};

/// The phrases, folded (lowercase, no marks), per language; French "j'adoube" is understood
/// in every language, as at every chess table.
const PHRASES: [(Lang, &[&str]); 3] = [
    (
        Lang::De,
        &[
            "ich korrigiere",
            "korrigiere",
            "ich rucke zurecht",
            "zurechtrucken",
        ],
    ),
    (
        Lang::Tr,
        &["duzeltiyorum", "duzeltiyorum efendim", "duzeltme"],
    ),
    (
        Lang::En,
        &[
            "i adjust",
            "adjusting",
            "adjust",
            "i am adjusting",
            "im adjusting",
        ],
    ),
];

/// Whether `text` is the "I adjust" phrase of `lang` (or "j'adoube"). Case, marks and
/// punctuation do not matter.
///
/// ```
/// use hamle_core::announce::{Lang, is_adjust};
/// assert!(is_adjust(Lang::De, "Ich korrigiere!"));
/// assert!(is_adjust(Lang::Tr, "Düzeltiyorum"));
/// assert!(is_adjust(Lang::En, "J'adoube"));
/// assert!(!is_adjust(Lang::En, "knight f3"));
/// ```
pub fn is_adjust(lang: Lang, text: &str) -> bool {
    let folded: Vec<String> = words(text)
        .map(|w| fold(&w.replace(['\'', '’'], "")))
        .filter(|w| !w.is_empty())
        .collect();
    // Umlauts fold to "ue", "oe", "ae" or to the bare vowel depending on the spelling; the
    // phrases use the bare vowel.
    let joined = folded
        .join(" ")
        .replace("ue", "u")
        .replace("oe", "o")
        .replace("ae", "a");
    if joined == "jadoube" || joined == "j adoube" {
        return true;
    }
    PHRASES
        .iter()
        .filter(|(l, _)| *l == lang)
        .any(|(_, phrases)| phrases.contains(&joined.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_and_jadoube() {
        for (lang, text) in [
            (Lang::De, "ich korrigiere"),
            (Lang::De, "Ich korrigiere."),
            (Lang::De, "j'adoube"),
            (Lang::Tr, "düzeltiyorum"),
            (Lang::Tr, "DUZELTIYORUM"),
            (Lang::Tr, "J’adoube"),
            (Lang::En, "I adjust"),
            (Lang::En, "adjusting"),
            (Lang::En, "j'adoube"),
        ] {
            assert!(is_adjust(lang, text), "{lang}: {text}");
        }
        assert!(!is_adjust(Lang::De, "I adjust"));
        assert!(!is_adjust(Lang::En, "Springer Felix drei"));
        assert!(!is_adjust(Lang::Tr, "ich korrigiere"));
    }
}
