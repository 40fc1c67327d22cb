//! Braille export through liblouis (I/O shell: runs the `lou_translate` program).
//!
//! Text is translated line by line with a literary table of the language, asked for as
//! Unicode Braille cells (`unicode.dis`), then laid out as a BRF file: North American ASCII
//! Braille (the 64 six-dot cells as ASCII 0x20-0x5F), at most [`CELLS_PER_LINE`] cells per
//! line (wrapped at blank cells), at most [`LINES_PER_PAGE`] lines per page, pages separated
//! by a form feed, lines ended by CR LF.
//!
//! Tables (Debian packages `liblouis-bin` and `liblouis-data`):
//! - German: `de-g0.utb` (Basisschrift, uncontracted);
//! - English: `en-ueb-g1.ctb` (Unified English Braille, uncontracted);
//! - Turkish: `tr-g1.ctb` (Turkish uncontracted, six dots). liblouis 3.24 builds that table
//!   on UEB, whose modifier sequences win over its own lowercase ç ğ ş ö ü; hamle puts a
//!   small table of the Turkish letters first ([`TURKISH_LETTERS`]). `tr.ctb` is an
//!   eight-dot computer table (digits and capitals use dots 7 and 8), which no BRF can carry.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use crate::announce::Lang;

/// Cells per line of a BRF page.
pub const CELLS_PER_LINE: usize = 40;
/// Lines per BRF page.
pub const LINES_PER_PAGE: usize = 25;

/// North American ASCII Braille: the ASCII character of each six-dot cell, indexed by the
/// cell's dot bits (dot 1 = bit 0 ... dot 6 = bit 5), as in Unicode's U+2800 block.
pub const NA_ASCII: &[u8; 64] =
    b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// Turkish lowercase letters as the Turkish Braille code writes them (dots), loaded before
/// `tr-g1.ctb` so they win over UEB's modifier sequences.
pub const TURKISH_LETTERS: &str = "\
# hamle: Turkish letters (Turkish Braille code), before tr-g1.ctb
lowercase \\x00e7 16
lowercase \\x011f 126
lowercase \\x015f 146
lowercase \\x00f6 246
lowercase \\x00fc 1256
lowercase \\x0131 35
lowercase \\x00e2 345
lowercase \\x00ee 34
lowercase \\x00fb 156
";

/// Why Braille could not be made.
#[derive(Debug)]
pub enum BrailleError {
    /// `lou_translate` is not installed (or not at the given path).
    Missing,
    /// It ran but failed, or gave something that is not six-dot Braille.
    Failed(String),
}

impl BrailleError {
    /// The error in words.
    pub fn say(&self, lang: Lang) -> String {
        match self {
            BrailleError::Missing => crate::words::text(lang, "braille-missing", &[]),
            BrailleError::Failed(detail) => {
                crate::words::text(lang, "braille-failed", &[("detail", detail.clone())])
            }
        }
    }

    /// A stable code for the wire.
    pub fn code(&self) -> &'static str {
        match self {
            BrailleError::Missing => "braille_missing",
            BrailleError::Failed(_) => "braille_failed",
        }
    }
}

impl std::fmt::Display for BrailleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for BrailleError {}

/// The liblouis table of a language.
pub fn table(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "de-g0.utb",
        Lang::Tr => "tr-g1.ctb",
        Lang::En => "en-ueb-g1.ctb",
    }
}

/// The Turkish letters table written to a file once per process (liblouis reads tables
/// from files).
fn turkish_letters_file() -> Result<&'static Path, BrailleError> {
    static FILE: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    FILE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("hamle-braille-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let path = dir.join("hamle-tr-letters.ctb");
        std::fs::write(&path, TURKISH_LETTERS).map_err(|e| e.to_string())?;
        Ok(path)
    })
    .as_ref()
    .map(PathBuf::as_path)
    .map_err(|e| BrailleError::Failed(e.clone()))
}

/// Runs liblouis' `lou_translate`.
#[derive(Clone, Debug)]
pub struct Translator {
    program: PathBuf,
}

impl Default for Translator {
    fn default() -> Translator {
        Translator {
            program: PathBuf::from("lou_translate"),
        }
    }
}

impl Translator {
    /// `lou_translate` at another path.
    pub fn with_program(program: impl Into<PathBuf>) -> Translator {
        Translator {
            program: program.into(),
        }
    }

    /// The table list for `lang`, with Unicode Braille output.
    fn tables(&self, lang: Lang) -> Result<String, BrailleError> {
        Ok(match lang {
            Lang::Tr => format!(
                "unicode.dis,{},{}",
                turkish_letters_file()?.display(),
                table(lang)
            ),
            _ => format!("unicode.dis,{}", table(lang)),
        })
    }

    /// Translates each line into six-dot cells (dot bits, as in [`NA_ASCII`]); one output
    /// line per input line.
    pub fn cells(&self, lang: Lang, lines: &[String]) -> Result<Vec<Vec<u8>>, BrailleError> {
        // `lou_translate` reads `\x0042`, `\n` and the like in its input as escapes (issue 30:
        // a name "Anna\x0042" became "ANNAB", a lone backslash failed the export): every
        // backslash goes in doubled, which it reads as one backslash.
        let input: String = lines
            .iter()
            .map(|l| {
                let line = l.replace(['\n', '\r', '\u{c}'], " ").replace('\\', "\\\\");
                format!("{line}\n")
            })
            .collect();
        let mut child = Command::new(&self.program)
            .arg("--forward")
            .arg(self.tables(lang)?)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound | std::io::ErrorKind::PermissionDenied => {
                    BrailleError::Missing
                }
                _ => BrailleError::Failed(e.to_string()),
            })?;
        let mut stdin = child.stdin.take().expect("piped stdin");
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let output = child
            .wait_with_output()
            .map_err(|e| BrailleError::Failed(e.to_string()))?;
        writer
            .join()
            .map_err(|_| BrailleError::Failed("writer thread".into()))?
            .map_err(|e| BrailleError::Failed(e.to_string()))?;
        let stderr = String::from_utf8_lossy(&output.stderr).trim().to_owned();
        if !output.status.success() || !stderr.is_empty() {
            return Err(BrailleError::Failed(if stderr.is_empty() {
                output.status.to_string()
            } else {
                stderr
            }));
        }
        let text = String::from_utf8(output.stdout)
            .map_err(|_| BrailleError::Failed("output is not UTF-8".into()))?;
        let out: Vec<Vec<u8>> = text.lines().map(unicode_cells).collect::<Result<_, _>>()?;
        if out.len() != lines.len() {
            return Err(BrailleError::Failed(format!(
                "{} lines in, {} lines out",
                lines.len(),
                out.len()
            )));
        }
        Ok(out)
    }

    /// Text lines in `lang` as a BRF document.
    pub fn brf(&self, lang: Lang, lines: &[String]) -> Result<String, BrailleError> {
        Ok(brf_from_cells(&self.cells(lang, lines)?))
    }
}

/// Unicode Braille text to six-dot cells; anything else (dots 7 and 8, other characters) is
/// an error.
pub fn unicode_cells(line: &str) -> Result<Vec<u8>, BrailleError> {
    line.chars()
        .map(|c| {
            let code = u32::from(c);
            match code.checked_sub(0x2800) {
                Some(bits) if bits < 64 => Ok(bits as u8),
                _ => Err(BrailleError::Failed(format!(
                    "not a six-dot Braille cell: U+{code:04X}"
                ))),
            }
        })
        .collect()
}

/// Splits one line of cells into lines of at most [`CELLS_PER_LINE`], at blank cells where
/// possible; trailing blanks are dropped.
pub fn wrap(cells: &[u8]) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    let mut rest = cells;
    loop {
        while rest.last() == Some(&0) {
            rest = &rest[..rest.len() - 1];
        }
        if rest.len() <= CELLS_PER_LINE {
            out.push(rest.to_vec());
            return out;
        }
        let cut = rest[..=CELLS_PER_LINE]
            .iter()
            .rposition(|&c| c == 0)
            .filter(|&i| i > 0)
            .unwrap_or(CELLS_PER_LINE);
        let mut line = &rest[..cut];
        while line.last() == Some(&0) {
            line = &line[..line.len() - 1];
        }
        out.push(line.to_vec());
        rest = &rest[cut..];
        while rest.first() == Some(&0) {
            rest = &rest[1..];
        }
    }
}

/// Lays out translated lines as BRF: wrapped, paged, North American ASCII Braille.
pub fn brf_from_cells(lines: &[Vec<u8>]) -> String {
    let rows: Vec<String> = lines
        .iter()
        .flat_map(|l| wrap(l))
        .map(|cells| {
            cells
                .iter()
                .map(|&c| char::from(NA_ASCII[usize::from(c & 63)]))
                .collect()
        })
        .collect();
    let pages: Vec<String> = rows
        .chunks(LINES_PER_PAGE)
        .map(|page| {
            page.iter()
                .map(|row| format!("{row}\r\n"))
                .collect::<String>()
        })
        .collect();
    pages.join("\u{c}")
}

/// A scoresheet as BRF, in its own language.
pub fn scoresheet_brf(
    translator: &Translator,
    sheet: &crate::scoresheet::Scoresheet,
    names: &crate::words::sheet::Names,
) -> Result<String, BrailleError> {
    let lines = crate::words::sheet::sheet_lines(sheet, names);
    translator.brf(sheet.lang, &lines)
}
