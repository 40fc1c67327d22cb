//! Tokens: 128 random bits, shown once, stored only as SHA-256 hashes, compared in
//! constant time.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use axum::http::HeaderMap;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

pub use crate::store::TokenHash;

/// A fresh token: 32 lowercase hex digits from the operating system's random source.
pub fn new_token() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn hash_token(token: &str) -> TokenHash {
    TokenHash(Sha256::digest(token.as_bytes()).into())
}

/// Equality that takes the same time wherever the hashes differ (`subtle`'s).
pub fn same_hash(a: &TokenHash, b: &TokenHash) -> bool {
    a.0.ct_eq(&b.0).into()
}

/// The token of an `Authorization: Bearer <token>` header.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

/// Where the server admin token lives in the data directory.
pub fn admin_token_path(data_dir: &Path) -> PathBuf {
    data_dir.join("admin-token")
}

/// Reads the admin token of `data_dir`, creating it (readable by the owner only) on first
/// start. Returns its hash. Servers starting together on one data directory (the nodes of a
/// cluster on one machine) all get the one token: it is written whole to a file of its own
/// and linked into place, which fails if another server's token is there first, and that
/// one is read instead.
pub fn load_or_create_admin_token(data_dir: &Path) -> io::Result<TokenHash> {
    let path = admin_token_path(data_dir);
    match read_admin_token(&path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        read => return read,
    }
    std::fs::create_dir_all(data_dir)?;
    let token = new_token();
    let draft = data_dir.join(format!(
        "admin-token.{}.{}",
        std::process::id(),
        new_token()
    ));
    let linked = write_private(&draft, &token).and_then(|()| std::fs::hard_link(&draft, &path));
    let _ = std::fs::remove_file(&draft);
    // A file system without hard links: the token written in place (a server starting at
    // the same moment may then read it half written and say so).
    let created = match linked {
        Err(e) if e.kind() != io::ErrorKind::AlreadyExists => write_private(&path, &token),
        linked => linked,
    };
    match created {
        Ok(()) => Ok(hash_token(&token)),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => read_admin_token(&path),
        Err(e) => Err(e),
    }
}

fn read_admin_token(path: &Path) -> io::Result<TokenHash> {
    let mut token = String::new();
    std::fs::File::open(path)?.read_to_string(&mut token)?;
    let token = token.trim();
    if token.len() < 32 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} holds no token", path.display()),
        ));
    }
    Ok(hash_token(token))
}

/// Writes `token` to a new file at `path`, readable by the owner only, and syncs it.
fn write_private(path: &Path, token: &str) -> io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut f = options.open(path)?;
    writeln!(f, "{token}")?;
    f.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_distinct_and_hashed() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(same_hash(&hash_token(&a), &hash_token(&a)));
        assert!(!same_hash(&hash_token(&a), &hash_token(&b)));
    }

    #[test]
    fn bearer_header() {
        let mut h = HeaderMap::new();
        assert_eq!(bearer(&h), None);
        h.insert("authorization", "Bearer abc".parse().unwrap());
        assert_eq!(bearer(&h), Some("abc"));
        h.insert("authorization", "Basic abc".parse().unwrap());
        assert_eq!(bearer(&h), None);
    }

    #[test]
    fn admin_token_is_created_once() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create_admin_token(dir.path()).unwrap();
        let again = load_or_create_admin_token(dir.path()).unwrap();
        assert_eq!(first, again);
    }

    /// Nodes of a cluster on one machine may share a data directory and start together: each
    /// gets the one token, none fails ("File exists") or reads a token half written.
    #[test]
    fn nodes_starting_together_share_one_admin_token() {
        for _ in 0..50 {
            let dir = tempfile::tempdir().unwrap();
            let barrier = std::sync::Barrier::new(8);
            let hashes: Vec<io::Result<TokenHash>> = std::thread::scope(|s| {
                let threads: Vec<_> = (0..8)
                    .map(|_| {
                        s.spawn(|| {
                            barrier.wait();
                            load_or_create_admin_token(dir.path())
                        })
                    })
                    .collect();
                threads.into_iter().map(|t| t.join().unwrap()).collect()
            });
            let first = hashes[0].as_ref().expect("the token");
            for h in &hashes {
                assert_eq!(h.as_ref().expect("the token"), first);
            }
            let names: Vec<_> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            assert_eq!(names, ["admin-token"], "nothing else is left behind");
        }
    }

    #[test]
    fn a_token_opens_only_with_its_own_hash() {
        let token = new_token();
        assert!(same_hash(&hash_token(&token), &hash_token(&token)));
        let mut other = hash_token(&token);
        other.0[31] ^= 1;
        assert!(!same_hash(&hash_token(&token), &other));
        assert!(!same_hash(&hash_token(&token), &hash_token(&new_token())));
    }
}
