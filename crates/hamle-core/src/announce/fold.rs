//! Folding, character by character: case, diacritics (ä/ae, ş/s ...), ß, combining marks.
//! Shared by the lexer (what is heard) and the vocabulary (the keys its words are stored
//! under), so both fold alike; below both.

/// What one input character becomes after folding.
pub(crate) enum Folded {
    Skip,
    One(u8),
    Two(u8, u8),
    /// A character outside the folded alphabet (no vocabulary word contains it).
    Foreign,
}

pub(crate) const fn fold_char(c: char) -> Folded {
    match c {
        'A'..='Z' => Folded::One(c.to_ascii_lowercase() as u8),
        'a'..='z' | '0'..='9' | '-' | '=' | '+' | '#' => Folded::One(c as u8),
        '–' | '—' => Folded::One(b'-'),
        'ä' | 'Ä' | 'à' | 'á' | 'â' | 'À' | 'Á' | 'Â' => Folded::One(b'a'),
        'ö' | 'Ö' | 'ò' | 'ó' | 'ô' | 'Ò' | 'Ó' | 'Ô' => Folded::One(b'o'),
        'ü' | 'Ü' | 'ù' | 'ú' | 'û' | 'Ù' | 'Ú' | 'Û' => Folded::One(b'u'),
        'é' | 'è' | 'ê' | 'É' | 'È' | 'Ê' => Folded::One(b'e'),
        'ı' | 'İ' | 'î' | 'Î' | 'í' | 'Í' => Folded::One(b'i'),
        'ç' | 'Ç' => Folded::One(b'c'),
        'ğ' | 'Ğ' => Folded::One(b'g'),
        'ş' | 'Ş' => Folded::One(b's'),
        'ß' => Folded::Two(b's', b's'),
        // Combining marks (decomposed input: "u\u{308}").
        '\u{300}'..='\u{36f}' => Folded::Skip,
        _ => Folded::Foreign,
    }
}

/// Lower-cases and removes diacritics the way announcements arrive from keyboards and
/// speech recognisers: ä→a, ß→ss, ç→c, ğ→g, ı/İ→i, ş→s, and so on. Characters outside
/// that alphabet are lower-cased and kept.
pub(crate) fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        match fold_char(c) {
            Folded::Skip => {}
            Folded::One(b) => out.push(b as char),
            Folded::Two(a, b) => {
                out.push(a as char);
                out.push(b as char);
            }
            Folded::Foreign => out.extend(c.to_lowercase()),
        }
    }
    out
}
