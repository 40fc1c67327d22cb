//! Just enough of RIFF/WAVE for espeak-ng's output: read the header, mend the sizes a stream
//! leaves open, measure loudness.

use std::fmt;
use std::ops::Range;

/// A complete WAV file in memory (16-bit PCM from espeak-ng).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wav(Vec<u8>);

/// The format of a WAV file and where its samples are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WavInfo {
    pub channels: u16,
    pub sample_rate: u32,
    pub bits_per_sample: u16,
    /// Byte range of the `data` chunk's contents.
    pub data: Range<usize>,
}

impl WavInfo {
    pub fn samples(&self) -> usize {
        self.data.len() / usize::from(self.bits_per_sample / 8).max(1)
    }

    pub fn duration_secs(&self) -> f64 {
        self.samples() as f64 / f64::from(self.channels.max(1)) / f64::from(self.sample_rate.max(1))
    }
}

/// Why bytes are not a WAV file hamle can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WavError(pub &'static str);

impl fmt::Display for WavError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a PCM WAV file: {}", self.0)
    }
}

impl std::error::Error for WavError {}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// Reads the header. A streamed file (espeak-ng `--stdout`) cannot know its length and writes
/// placeholder sizes; the `data` chunk then runs to the end of the bytes.
pub fn parse(bytes: &[u8]) -> Result<WavInfo, WavError> {
    if bytes.get(0..4) != Some(b"RIFF") || bytes.get(8..12) != Some(b"WAVE") {
        return Err(WavError("no RIFF/WAVE header"));
    }
    let mut at = 12;
    let mut format = None;
    while let (Some(id), Some(size)) = (bytes.get(at..at + 4), u32_at(bytes, at + 4)) {
        let body = at + 8;
        let size = size as usize;
        match id {
            b"fmt " => {
                let tag = u16_at(bytes, body).ok_or(WavError("short fmt chunk"))?;
                if tag != 1 {
                    return Err(WavError("not PCM"));
                }
                format = Some((
                    u16_at(bytes, body + 2).ok_or(WavError("short fmt chunk"))?,
                    u32_at(bytes, body + 4).ok_or(WavError("short fmt chunk"))?,
                    u16_at(bytes, body + 14).ok_or(WavError("short fmt chunk"))?,
                ));
            }
            b"data" => {
                let (channels, sample_rate, bits_per_sample) =
                    format.ok_or(WavError("data before fmt"))?;
                let end = body.saturating_add(size).min(bytes.len());
                return Ok(WavInfo {
                    channels,
                    sample_rate,
                    bits_per_sample,
                    data: body..end,
                });
            }
            _ => {}
        }
        at = body.saturating_add(size + (size & 1));
    }
    Err(WavError("no data chunk"))
}

/// Root mean square of 16-bit little-endian samples, from 0.0 (silence) to 1.0 (full scale).
pub fn rms_i16(pcm: &[u8]) -> f64 {
    let (sum, n) = pcm
        .chunks_exact(2)
        .map(|s| f64::from(i16::from_le_bytes([s[0], s[1]])) / 32768.0)
        .fold((0.0, 0usize), |(sum, n), x| (sum + x * x, n + 1));
    if n == 0 { 0.0 } else { (sum / n as f64).sqrt() }
}

impl Wav {
    /// Takes the bytes of a (possibly streamed) WAV file and writes the true sizes into its
    /// RIFF and data headers, so that every player reads it.
    pub fn from_stream(mut bytes: Vec<u8>) -> Result<Wav, WavError> {
        let info = parse(&bytes)?;
        let end = info.data.end;
        bytes.truncate(end);
        let riff = u32::try_from(end - 8).map_err(|_| WavError("too long"))?;
        let data = u32::try_from(info.data.len()).map_err(|_| WavError("too long"))?;
        bytes[4..8].copy_from_slice(&riff.to_le_bytes());
        bytes[info.data.start - 4..info.data.start].copy_from_slice(&data.to_le_bytes());
        Ok(Wav(bytes))
    }

    pub fn info(&self) -> WavInfo {
        parse(&self.0).expect("checked when made")
    }

    /// Loudness of the samples (see [`rms_i16`]).
    pub fn rms(&self) -> f64 {
        rms_i16(&self.0[self.info().data])
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(data_size: u32) -> Vec<u8> {
        let mut b = Vec::new();
        b.extend_from_slice(b"RIFF");
        b.extend_from_slice(&0x7fff_f024u32.to_le_bytes());
        b.extend_from_slice(b"WAVEfmt ");
        b.extend_from_slice(&16u32.to_le_bytes());
        b.extend_from_slice(&1u16.to_le_bytes()); // PCM
        b.extend_from_slice(&1u16.to_le_bytes()); // mono
        b.extend_from_slice(&22050u32.to_le_bytes());
        b.extend_from_slice(&44100u32.to_le_bytes());
        b.extend_from_slice(&2u16.to_le_bytes());
        b.extend_from_slice(&16u16.to_le_bytes());
        b.extend_from_slice(b"data");
        b.extend_from_slice(&data_size.to_le_bytes());
        b
    }

    #[test]
    fn streamed_header_is_mended() {
        let mut b = header(0x7fff_f000);
        for s in [0i16, 16384, -16384, 0] {
            b.extend_from_slice(&s.to_le_bytes());
        }
        let wav = Wav::from_stream(b).unwrap();
        let info = wav.info();
        assert_eq!(
            (info.channels, info.sample_rate, info.bits_per_sample),
            (1, 22050, 16)
        );
        assert_eq!(info.samples(), 4);
        assert_eq!(&wav.as_bytes()[4..8], &44u32.to_le_bytes());
        assert_eq!(&wav.as_bytes()[40..44], &8u32.to_le_bytes());
        // Mean square (0 + 1/4 + 1/4 + 0) / 4.
        assert!((wav.rms() - 0.125f64.sqrt()).abs() < 1e-9);
    }

    #[test]
    fn silence_has_zero_rms() {
        assert_eq!(rms_i16(&[0; 100]), 0.0);
        assert_eq!(rms_i16(&[]), 0.0);
    }

    #[test]
    fn garbage_is_refused() {
        assert!(parse(b"RIFX....WAVE").is_err());
        assert!(parse(&header(4)[..36]).is_err());
    }
}
