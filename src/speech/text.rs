//! Text output: the sentence as it is, for a client whose own screen reader speaks it.

use super::{SpeechError, SpeechOutput, Utterance};

/// Hands back each sentence as text, without Unicode isolation marks (a screen reader would
/// read them out or stumble over them).
#[derive(Clone, Copy, Debug, Default)]
pub struct TextOutput;

impl TextOutput {
    /// `text` without the first-strong/left-to-right/right-to-left isolates and their pop.
    pub fn clean(text: &str) -> String {
        text.chars()
            .filter(|c| !matches!(c, '\u{2066}'..='\u{2069}'))
            .collect()
    }
}

impl SpeechOutput for TextOutput {
    type Output = String;

    fn speak(&mut self, utterance: &Utterance) -> Result<String, SpeechError> {
        Ok(TextOutput::clean(&utterance.text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::announce::Lang;
    use crate::speech::Kind;

    #[test]
    fn strips_isolation_marks() {
        let u = Utterance::new(Lang::En, Kind::Answer, "\u{2068}knight\u{2069} f3");
        assert_eq!(TextOutput.speak(&u).unwrap(), "knight f3");
    }
}
