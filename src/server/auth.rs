//! Tokens: 128 random bits, shown once, stored only as SHA-256 hashes, compared in
//! constant time.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use axum::http::HeaderMap;
use sha2::{Digest, Sha256};

pub use crate::store::TokenHash;

/// A fresh token: 32 lowercase hex digits from the operating system's random source.
pub fn new_token() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn hash_token(token: &str) -> TokenHash {
    TokenHash(Sha256::digest(token.as_bytes()).into())
}

/// Equality that takes the same time wherever the hashes differ.
pub fn same_hash(a: &TokenHash, b: &TokenHash) -> bool {
    a.0.iter()
        .zip(b.0.iter())
        .fold(0u8, |acc, (x, y)| acc | (x ^ y))
        == 0
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
/// start. Returns its hash.
pub fn load_or_create_admin_token(data_dir: &Path) -> io::Result<TokenHash> {
    let path = admin_token_path(data_dir);
    match std::fs::File::open(&path) {
        Ok(mut f) => {
            let mut token = String::new();
            f.read_to_string(&mut token)?;
            let token = token.trim();
            if token.len() < 32 {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{} holds no token", path.display()),
                ));
            }
            Ok(hash_token(token))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            std::fs::create_dir_all(data_dir)?;
            let token = new_token();
            let mut options = std::fs::OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt;
                options.mode(0o600);
            }
            let mut f = options.open(&path)?;
            writeln!(f, "{token}")?;
            f.sync_all()?;
            Ok(hash_token(&token))
        }
        Err(e) => Err(e),
    }
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
}
