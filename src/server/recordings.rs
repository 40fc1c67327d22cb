//! Recordings of scoresheet entries on the disk: files under `<data dir>/audio/<game>/`,
//! each named by the SHA-256 of its bytes, with its media type (`<id>.type`) and the sides
//! that uploaded it (`<id>.owner`), written and synced before an upload is answered. The
//! quotas (per sheet, per game, bytes per game) are counted here, on the disk.
//!
//! The HTTP routes are in `http::recordings`; `write_sheet` attaches a recording through
//! [`own_audio_ref`].

use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use shakmaty::Color;

use crate::scoresheet::AudioRef;
use crate::server::wire::color_key;
use crate::store::GameId;

/// The largest recording accepted (bytes).
pub(super) const MAX_AUDIO_BYTES: usize = 2 * 1024 * 1024;
/// Recordings one scoresheet may have uploaded (`429 too_many_recordings` beyond).
pub const MAX_RECORDINGS_PER_SHEET: usize = 200;
/// Recordings one game may hold, both sheets together.
pub const MAX_RECORDINGS_PER_GAME: usize = 300;
/// Bytes of recordings one game may hold.
pub const MAX_RECORDING_BYTES_PER_GAME: u64 = 64 * 1024 * 1024;

/// The directory of a game's recordings.
pub(super) fn game_dir(data_dir: &Path, game: &GameId) -> PathBuf {
    data_dir.join("audio").join(game.as_str())
}

/// An id names a recording: 64 lowercase hex digits.
fn valid_id(id: &str) -> bool {
    id.len() == 64
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The id of a recording: the SHA-256 of its bytes, in hex.
pub(super) fn id_of(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The recording an id names in a game, if it was uploaded for `side`'s sheet (by that
/// side's player or assistant): a recording is attached only by its uploader.
pub(super) fn own_audio_ref(
    data_dir: &Path,
    game: &GameId,
    id: &str,
    side: Color,
) -> Option<AudioRef> {
    let found = audio_ref(data_dir, game, id)?;
    let owners =
        std::fs::read_to_string(game_dir(data_dir, game).join(format!("{id}.owner"))).ok()?;
    owners
        .split_whitespace()
        .any(|o| o == color_key(side))
        .then_some(found)
}

/// The recording an id names in a game, with its media type, if it was uploaded.
pub(super) fn audio_ref(data_dir: &Path, game: &GameId, id: &str) -> Option<AudioRef> {
    if !valid_id(id) {
        return None;
    }
    let dir = game_dir(data_dir, game);
    if !dir.join(id).is_file() {
        return None;
    }
    let mime = std::fs::read_to_string(dir.join(format!("{id}.type"))).ok()?;
    Some(AudioRef {
        id: id.to_owned(),
        mime: mime.trim().to_owned(),
    })
}

/// What the recordings of a game hold: (count, bytes) in all, and the count per side.
fn held(dir: &Path) -> (usize, u64, [usize; 2]) {
    let (mut count, mut bytes, mut per_side) = (0, 0, [0, 0]);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (0, 0, [0, 0]);
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        if valid_id(name) {
            count += 1;
            bytes += e.metadata().map_or(0, |m| m.len());
        } else if let Some(id) = name.strip_suffix(".owner")
            && valid_id(id)
        {
            let owners = std::fs::read_to_string(e.path()).unwrap_or_default();
            for (i, c) in Color::ALL.into_iter().enumerate() {
                if owners.split_whitespace().any(|o| o == color_key(c)) {
                    per_side[i] += 1;
                }
            }
        }
    }
    (count, bytes, per_side)
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut f = crate::store::private::new_file(&tmp)?;
    f.write_all(bytes)?;
    f.sync_all()?;
    std::fs::rename(&tmp, path)?;
    Ok(())
}

/// What an upload came to.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Stored {
    /// Written and synced (or known already): its id.
    Kept(String),
    /// A quota is full (`too_many_recordings`); nothing was written.
    OverQuota,
}

/// Keeps a recording uploaded for `side`'s sheet (blocking: call it off the runtime, one
/// upload of a game at a time, so the quotas are counted right). The same bytes uploaded
/// again are no new recording.
pub(super) fn store(
    data_dir: &Path,
    game: &GameId,
    side: Color,
    mime: &str,
    body: &[u8],
) -> std::io::Result<Stored> {
    let dir = game_dir(data_dir, game);
    let audio = id_of(body);
    let (count, bytes_held, per_side) = held(&dir);
    let owner_path = dir.join(format!("{audio}.owner"));
    let mut owners = std::fs::read_to_string(&owner_path).unwrap_or_default();
    let known = dir.join(&audio).is_file();
    let side_index = usize::from(side == Color::Black);
    let new_for_side = !owners.split_whitespace().any(|o| o == color_key(side));
    if (!known
        && (count >= MAX_RECORDINGS_PER_GAME
            || bytes_held + body.len() as u64 > MAX_RECORDING_BYTES_PER_GAME))
        || (new_for_side && per_side[side_index] >= MAX_RECORDINGS_PER_SHEET)
    {
        return Ok(Stored::OverQuota);
    }
    crate::store::private::create_dir(&dir)?;
    write_synced(&dir.join(format!("{audio}.type")), mime.as_bytes())?;
    if !known {
        write_synced(&dir.join(&audio), body)?;
    }
    if new_for_side {
        owners.push_str(color_key(side));
        owners.push('\n');
        write_synced(&owner_path, owners.as_bytes())?;
    }
    std::fs::File::open(&dir)?.sync_all()?;
    Ok(Stored::Kept(audio))
}

/// Removes every recording of a game (a game that never started).
pub(super) fn remove_game(data_dir: &Path, game: &GameId) -> std::io::Result<()> {
    match std::fs::remove_dir_all(game_dir(data_dir, game)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_once_per_bytes_and_owned_by_its_side() {
        let dir = tempfile::tempdir().unwrap();
        let game = GameId::parse("0123456789abcdef").unwrap();
        let kept = store(dir.path(), &game, Color::White, "audio/ogg", b"abc").unwrap();
        let Stored::Kept(id) = kept else {
            panic!("not kept: {kept:?}")
        };
        assert_eq!(id, id_of(b"abc"));
        assert_eq!(
            store(dir.path(), &game, Color::White, "audio/ogg", b"abc").unwrap(),
            Stored::Kept(id.clone())
        );
        assert_eq!(held(&game_dir(dir.path(), &game)), (1, 3, [1, 0]));
        let own = own_audio_ref(dir.path(), &game, &id, Color::White).unwrap();
        assert_eq!(own.mime, "audio/ogg");
        assert!(own_audio_ref(dir.path(), &game, &id, Color::Black).is_none());
        assert!(audio_ref(dir.path(), &game, "../etc/passwd").is_none());
        remove_game(dir.path(), &game).unwrap();
        assert!(audio_ref(dir.path(), &game, &id).is_none());
        remove_game(dir.path(), &game).unwrap();
    }
}
