//! Recordings of scoresheet entries on the disk: files under `<data dir>/audio/<game>/`,
//! each named by the SHA-256 of its bytes, with its media type (`<id>.type`), the sides
//! that uploaded it (`<id>.owner`) and the address it first came from (`<id>.from`), written
//! and synced before an upload is answered. The quotas per sheet, per game and bytes per game
//! are counted here, on the disk; the bytes of the whole server and of each address are
//! counted in a [`Tally`] (made from the disk at start), and a recording is taken only while
//! the data directory's file system keeps a reserve free (issue 30), so that the moves, a few
//! hundred bytes each, always have their room.
//!
//! The HTTP routes are in `http::recordings`; `write_sheet` attaches a recording through
//! [`own_audio_ref`].

use std::collections::HashMap;
use std::io::Write;
use std::net::IpAddr;
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

/// The quotas over every game: bytes of recordings on the server, bytes uploaded from one
/// address, and the free space the data directory's file system keeps.
#[derive(Clone, Copy, Debug)]
pub(super) struct Quota {
    pub server_bytes: u64,
    pub address_bytes: u64,
    pub reserve_bytes: u64,
}

/// The bytes of recordings held, on the server and per address (an IPv6 /64), kept as
/// recordings are written and removed.
#[derive(Debug, Default)]
pub(super) struct Tally {
    total: u64,
    by_address: HashMap<IpAddr, u64>,
}

impl Tally {
    /// Counts every recording under `<data dir>/audio/` (at start; blocking).
    pub(super) fn of_disk(data_dir: &Path) -> Tally {
        let mut tally = Tally::default();
        let Ok(games) = std::fs::read_dir(data_dir.join("audio")) else {
            return tally;
        };
        for game in games.flatten() {
            for (from, bytes) in held_by_address(&game.path()) {
                tally.add(from, bytes);
            }
        }
        tally
    }

    fn add(&mut self, from: Option<IpAddr>, bytes: u64) {
        self.total += bytes;
        if let Some(a) = from {
            *self.by_address.entry(a).or_default() += bytes;
        }
    }

    /// Recordings removed from the disk (a game that never started).
    pub(super) fn remove(&mut self, removed: &[(Option<IpAddr>, u64)]) {
        for (from, bytes) in removed {
            self.total = self.total.saturating_sub(*bytes);
            if let Some(a) = from
                && let Some(n) = self.by_address.get_mut(a)
            {
                *n = n.saturating_sub(*bytes);
                if *n == 0 {
                    self.by_address.remove(a);
                }
            }
        }
    }

    /// Bytes held in all.
    pub(super) fn total(&self) -> u64 {
        self.total
    }
}

/// The bytes of each recording of a game directory, by the address it came from.
fn held_by_address(dir: &Path) -> Vec<(Option<IpAddr>, u64)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut held = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        if !valid_id(name) {
            continue;
        }
        let bytes = e.metadata().map_or(0, |m| m.len());
        let from = std::fs::read_to_string(dir.join(format!("{name}.from")))
            .ok()
            .and_then(|t| t.trim().parse().ok());
        held.push((from, bytes));
    }
    held
}

/// Bytes free for an unprivileged user on the file system of `dir`, if it says.
#[cfg(unix)]
fn free_bytes(dir: &Path) -> Option<u64> {
    let s = rustix::fs::statvfs(dir).ok()?;
    Some(s.f_bavail.saturating_mul(s.f_frsize))
}

#[cfg(not(unix))]
fn free_bytes(_dir: &Path) -> Option<u64> {
    None
}

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
    /// A quota of the sheet or the game is full (`too_many_recordings`); nothing was written.
    OverQuota,
    /// The server holds its most bytes of recordings (`recordings_full`).
    ServerFull,
    /// The address has uploaded its most bytes (`address_recordings_full`).
    AddressFull,
    /// The data directory's file system is down to its reserve (`low_disk_space`).
    LowDisk,
}

/// One recording uploaded for `side`'s sheet from the address `from`.
pub(super) struct Upload<'a> {
    pub side: Color,
    pub mime: &'a str,
    pub body: &'a [u8],
    pub from: Option<IpAddr>,
}

/// Keeps a recording (blocking: call it off the runtime, one upload at a time, so the quotas
/// are counted right). The same bytes uploaded again are no new recording.
pub(super) fn store(
    data_dir: &Path,
    game: &GameId,
    upload: Upload<'_>,
    quota: Quota,
    tally: &mut Tally,
) -> std::io::Result<Stored> {
    let Upload {
        side,
        mime,
        body,
        from,
    } = upload;
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
    let size = body.len() as u64;
    if !known {
        if let Some(a) = from
            && tally.by_address.get(&a).copied().unwrap_or(0) + size > quota.address_bytes
        {
            return Ok(Stored::AddressFull);
        }
        if tally.total + size > quota.server_bytes {
            return Ok(Stored::ServerFull);
        }
        // The file and its three small companions, a block each at most.
        let needed = quota.reserve_bytes.saturating_add(size + 3 * 4096);
        if free_bytes(data_dir).is_some_and(|free| free < needed) {
            return Ok(Stored::LowDisk);
        }
    }
    crate::store::private::create_dir(&dir)?;
    write_synced(&dir.join(format!("{audio}.type")), mime.as_bytes())?;
    if !known {
        if let Some(a) = from {
            write_synced(&dir.join(format!("{audio}.from")), a.to_string().as_bytes())?;
        }
        write_synced(&dir.join(&audio), body)?;
        tally.add(from, size);
    }
    if new_for_side {
        owners.push_str(color_key(side));
        owners.push('\n');
        write_synced(&owner_path, owners.as_bytes())?;
    }
    std::fs::File::open(&dir)?.sync_all()?;
    Ok(Stored::Kept(audio))
}

/// Removes every recording of a game (a game that never started); what it held, by the
/// address each came from, for the [`Tally`].
pub(super) fn remove_game(
    data_dir: &Path,
    game: &GameId,
) -> std::io::Result<Vec<(Option<IpAddr>, u64)>> {
    let dir = game_dir(data_dir, game);
    let held = held_by_address(&dir);
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(held),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_QUOTA: Quota = Quota {
        server_bytes: u64::MAX,
        address_bytes: u64::MAX,
        reserve_bytes: 0,
    };

    fn store(
        data_dir: &Path,
        game: &GameId,
        side: Color,
        mime: &str,
        body: &[u8],
    ) -> std::io::Result<Stored> {
        super::store(
            data_dir,
            game,
            Upload {
                side,
                mime,
                body,
                from: None,
            },
            NO_QUOTA,
            &mut Tally::default(),
        )
    }

    #[test]
    fn bytes_are_counted_per_address_and_on_the_server_and_read_back_from_the_disk() {
        let dir = tempfile::tempdir().unwrap();
        let (g1, g2) = (GameId::from_bytes([1; 8]), GameId::from_bytes([2; 8]));
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let quota = Quota {
            server_bytes: 10,
            address_bytes: 7,
            reserve_bytes: 0,
        };
        let mut tally = Tally::default();
        let put = |game: &GameId, from: IpAddr, body: &[u8], tally: &mut Tally| {
            super::store(
                dir.path(),
                game,
                Upload {
                    side: Color::White,
                    mime: "audio/ogg",
                    body,
                    from: Some(from),
                },
                quota,
                tally,
            )
            .unwrap()
        };
        assert!(matches!(put(&g1, a, b"aaaa", &mut tally), Stored::Kept(_)));
        assert_eq!(put(&g2, a, b"bbbb", &mut tally), Stored::AddressFull);
        // The same bytes again are no new recording.
        assert!(matches!(put(&g1, a, b"aaaa", &mut tally), Stored::Kept(_)));
        assert!(matches!(
            put(&g2, b, b"cccccc", &mut tally),
            Stored::Kept(_)
        ));
        assert_eq!(put(&g2, b, b"d", &mut tally), Stored::ServerFull);
        assert_eq!(tally.total(), 10);
        let again = Tally::of_disk(dir.path());
        assert_eq!(again.total(), 10);
        assert_eq!(again.by_address, tally.by_address);
        let removed = remove_game(dir.path(), &g2).unwrap();
        tally.remove(&removed);
        assert_eq!(tally.total(), 4);
        assert_eq!(tally.by_address.get(&b), None);
        // A reserve larger than the disk: nothing is taken.
        let full = Quota {
            reserve_bytes: u64::MAX / 2,
            ..NO_QUOTA
        };
        let got = super::store(
            dir.path(),
            &g1,
            Upload {
                side: Color::White,
                mime: "audio/ogg",
                body: b"e",
                from: None,
            },
            full,
            &mut tally,
        )
        .unwrap();
        assert_eq!(got, Stored::LowDisk);
    }

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
