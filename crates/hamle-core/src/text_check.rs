//! Text that people type and others read back (scoresheet entries, sealed moves, names):
//! one line, nothing that hides or reorders what is shown. Pure.
//!
//! A scoresheet entry with a line break could forge a line of the arbiter's export (a fake
//! "Scoresheet of ..." heading); a bidi override in a name reorders what a sighted reader,
//! a Braille display and a PGN tag show; control characters reach terminals and speech.

/// What is wrong with a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextProblem {
    /// A line or paragraph break (`\n`, `\r`, U+0085, U+2028, U+2029).
    LineBreak,
    /// Another control character (C0, C1, DEL).
    Control,
    /// A character that changes the writing direction (U+061C, U+200E, U+200F,
    /// U+202A to U+202E, U+2066 to U+2069).
    Bidi,
    /// Longer than allowed.
    TooLong,
    /// Markup in a plain note ([`plain`]): `<` or `>` (HTML or XML tags), `{` or `}` (a PGN
    /// comment's ends).
    Markup,
}

impl TextProblem {
    /// A stable key (the Fluent selector and the wire's `detail`).
    pub fn key(self) -> &'static str {
        match self {
            TextProblem::LineBreak => "line_break",
            TextProblem::Control => "control",
            TextProblem::Bidi => "bidi",
            TextProblem::TooLong => "too_long",
            TextProblem::Markup => "markup",
        }
    }
}

/// Whether `c` changes the writing direction (the Unicode bidi controls).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0085}' | '\u{2028}' | '\u{2029}' | '\u{000B}' | '\u{000C}'
    )
}

/// Checks one line of text of at most `max_chars` characters.
pub fn one_line(text: &str, max_chars: usize) -> Result<(), TextProblem> {
    let mut n = 0;
    for c in text.chars() {
        if is_line_break(c) {
            return Err(TextProblem::LineBreak);
        }
        if c.is_control() {
            return Err(TextProblem::Control);
        }
        if is_bidi_control(c) {
            return Err(TextProblem::Bidi);
        }
        n += 1;
    }
    if n > max_chars {
        return Err(TextProblem::TooLong);
    }
    Ok(())
}

/// The most characters of an arbiter's note or reason ([`plain`]).
pub const MAX_NOTE_CHARS: usize = 500;

/// Checks a plain-text note (the arbiter's note on a ruling, his reason for a correction):
/// [`one_line`], and no markup: a note goes into the pages, the PGN's comments and the
/// report he signs as it was typed, so `<`, `>`, `{` and `}` are refused, not escaped.
pub fn plain(text: &str, max_chars: usize) -> Result<(), TextProblem> {
    one_line(text, max_chars)?;
    if text.contains(['<', '>', '{', '}']) {
        return Err(TextProblem::Markup);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_note_refuses_markup_and_what_one_line_refuses() {
        assert_eq!(
            plain("The pawn was knocked by his sleeve; 3 min.", 500),
            Ok(())
        );
        for (bad, problem) in [
            ("<b>bold</b>", TextProblem::Markup),
            ("a <script>", TextProblem::Markup),
            ("1. e4 {comment}", TextProblem::Markup),
            ("two\nlines", TextProblem::LineBreak),
            ("x\u{202E}y", TextProblem::Bidi),
        ] {
            assert_eq!(plain(bad, 500), Err(problem), "{bad:?}");
        }
        assert_eq!(plain(&"x".repeat(501), 500), Err(TextProblem::TooLong));
    }

    #[test]
    fn plain_lines_in_every_script_pass() {
        for ok in [
            "Springer Felix drei",
            "Şah g sekiz",
            "Nf3",
            "Bäcker-Özdemir",
            "",
            "1. e4 (=)",
        ] {
            assert_eq!(one_line(ok, 100), Ok(()), "{ok}");
        }
    }

    #[test]
    fn breaks_controls_and_direction_marks_are_refused() {
        let cases = [
            ("Nf3\nScoresheet of Berk (Black)", TextProblem::LineBreak),
            ("Nf3\r", TextProblem::LineBreak),
            ("a\u{2028}b", TextProblem::LineBreak),
            ("a\u{2029}b", TextProblem::LineBreak),
            ("a\u{0085}b", TextProblem::LineBreak),
            ("a\u{0007}b", TextProblem::Control),
            ("a\u{001b}[31mb", TextProblem::Control),
            ("a\u{009b}b", TextProblem::Control),
            ("a\u{007f}b", TextProblem::Control),
            ("Anna\u{202E}kreB", TextProblem::Bidi),
            ("\u{2066}Anna\u{2069}", TextProblem::Bidi),
            ("a\u{200F}", TextProblem::Bidi),
            ("a\u{061C}", TextProblem::Bidi),
        ];
        for (text, problem) in cases {
            assert_eq!(one_line(text, 100), Err(problem), "{text:?}");
        }
    }

    #[test]
    fn the_length_counts_characters() {
        assert_eq!(one_line(&"ş".repeat(10), 10), Ok(()));
        assert_eq!(one_line(&"ş".repeat(11), 10), Err(TextProblem::TooLong));
    }
}
