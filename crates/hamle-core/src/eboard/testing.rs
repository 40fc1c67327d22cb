//! Test helpers shared by the decoders' tests: byte streams written as hex in the data files,
//! and deterministic pseudo-random splits of a stream into reads.

/// A small deterministic generator (xorshift64*), so that a failing split can be replayed from
/// its seed.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `bytes` cut into reads of 1 to `longest` bytes (some empty), as `seed` chooses.
pub(crate) fn split(bytes: &[u8], seed: u64, longest: usize) -> Vec<&[u8]> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let n = rng.below(longest + 1).min(rest.len());
        let (read, tail) = rest.split_at(n);
        out.push(read);
        rest = tail;
    }
    out
}

/// Bytes written as hex pairs separated by white space; `XX*N` repeats a byte `N` times.
pub(crate) fn hex(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for token in text.split_whitespace() {
        let (byte, times) = token.split_once('*').unwrap_or((token, "1"));
        let byte = u8::from_str_radix(byte, 16).unwrap_or_else(|_| panic!("not hex: {token}"));
        let times: usize = times
            .parse()
            .unwrap_or_else(|_| panic!("not a count: {token}"));
        out.extend(std::iter::repeat_n(byte, times));
    }
    out
}

/// One case of a decoder's data file: its reads, the frames expected (as the test renders
/// them), the bytes expected thrown away, and its other settings (`key value` lines).
pub(crate) struct Case {
    pub(crate) name: String,
    pub(crate) reads: Vec<Vec<u8>>,
    pub(crate) expected: Vec<String>,
    pub(crate) discarded: u64,
    pub(crate) settings: Vec<(String, String)>,
}

/// The cases of a data file: blocks begun by `case NAME`, with lines `in HEX` (one read each),
/// `out RENDERING`, `discarded N` and any other `key value`; `#` begins a comment line.
pub(crate) fn cases(file: &str) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in file.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "case" {
            out.push(Case {
                name: value.to_owned(),
                reads: Vec::new(),
                expected: Vec::new(),
                discarded: 0,
                settings: Vec::new(),
            });
            continue;
        }
        let case = out.last_mut().expect("a line before the first case");
        match key {
            "in" => case.reads.push(hex(value)),
            "out" => case.expected.push(value.to_owned()),
            "discarded" => case.discarded = value.parse().expect("a count"),
            _ => case.settings.push((key.to_owned(), value.to_owned())),
        }
    }
    out
}
