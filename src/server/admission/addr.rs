//! Where a connection comes from: its address, the key its limits are counted under (an IPv6
//! address by its /64), and counts per key whose places are given back on drop.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

/// The address a connection came from, for the handlers (limits per address).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientAddr(pub Option<IpAddr>);

impl ClientAddr {
    /// The key its limits are counted under: the address itself for IPv4, its /64 network
    /// for IPv6 (one host has a whole /64 to choose from).
    pub fn key(self) -> Option<IpAddr> {
        self.0.map(address_key)
    }
}

/// The key an address is counted under (see [`ClientAddr::key`]).
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(bits.into())
            }
        },
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientAddr, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<ClientAddr>()
            .copied()
            .unwrap_or(ClientAddr(None)))
    }
}

/// Counts of something per key (connections per address, per game ...), each place given
/// back when its [`Place`] is dropped.
pub struct PerKey<K: std::hash::Hash + Eq + Clone> {
    counts: Mutex<HashMap<K, usize>>,
}

impl<K: std::hash::Hash + Eq + Clone> Default for PerKey<K> {
    fn default() -> Self {
        PerKey {
            counts: Mutex::new(HashMap::new()),
        }
    }
}

/// One place in a [`PerKey`] count.
pub struct Place<K: std::hash::Hash + Eq + Clone> {
    counts: Arc<PerKey<K>>,
    key: K,
}

impl<K: std::hash::Hash + Eq + Clone> PerKey<K> {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, usize>> {
        // Plain counters: a panic elsewhere cannot leave them half-changed.
        self.counts.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place under `key`, unless it has `max` already.
    pub fn take(self: &Arc<Self>, key: &K, max: usize) -> Option<Place<K>> {
        let mut counts = self.lock();
        let n = counts.entry(key.clone()).or_default();
        if *n >= max {
            if *n == 0 {
                counts.remove(key);
            }
            return None;
        }
        *n += 1;
        Some(Place {
            counts: Arc::clone(self),
            key: key.clone(),
        })
    }

    /// The places `key` holds now.
    #[cfg(test)]
    pub fn count(&self, key: &K) -> usize {
        self.lock().get(key).copied().unwrap_or(0)
    }
}

impl<K: std::hash::Hash + Eq + Clone> Drop for Place<K> {
    fn drop(&mut self) {
        let mut counts = self.counts.lock();
        if let Some(n) = counts.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_counted_per_key_and_given_back() {
        let counts: Arc<PerKey<u8>> = Arc::default();
        let a = counts.take(&1, 2).unwrap();
        let b = counts.take(&1, 2).unwrap();
        assert!(counts.take(&1, 2).is_none());
        let other = counts.take(&2, 2).unwrap();
        assert_eq!(counts.count(&1), 2);
        drop(a);
        assert_eq!(counts.count(&1), 1);
        drop((b, other));
        assert!(counts.lock().is_empty());
        // A key with no place at all leaves nothing behind.
        assert!(counts.take(&3, 0).is_none());
        assert!(counts.lock().is_empty());
    }

    #[test]
    fn ipv6_addresses_count_by_their_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_ne!(address_key(a), address_key(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(address_key(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }
}
