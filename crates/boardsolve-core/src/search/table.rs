//! A transposition table keyed by byte strings of one fixed length.
//!
//! Keys live end to end in one growing buffer and the slots are indices
//! into it, so remembering a position costs no allocation of its own
//! (a boxed key per entry was a malloc and a free per position, and the
//! hash map's rehashing moved every box), and growing the table rebuilds
//! only the small slot array from the stored hashes.

use rustc_hash::FxHasher;
use std::hash::Hasher;

/// A map from keys of `key_len` bytes to a `u32`, holding at most `limit`
/// keys; once full it still answers lookups but remembers nothing new.
pub(crate) struct ByteTable {
    key_len: usize,
    limit: usize,
    /// Index + 1 of the entry in each slot (0 = empty); a power of two long.
    slots: Vec<u32>,
    /// Per entry: its hash, its value, and its key at `i * key_len`.
    hashes: Vec<u64>,
    values: Vec<u32>,
    keys: Vec<u8>,
}

/// The first slot to try for `hash`, of the slots `0..=mask`: its high
/// 32 bits, since FxHasher's low bits are the weakest. Where `usize` is
/// 32 bits (wasm32) FxHasher's hash is only 32 bits wide, its high half
/// zero, which sent every key to slot 0 and made each probe a walk over
/// the whole table; there its own bits are taken (its last step rotates
/// the well mixed high bits down).
#[inline]
fn home(hash: u64, mask: usize) -> usize {
    #[cfg(target_pointer_width = "64")]
    {
        (hash >> 32) as usize & mask
    }
    #[cfg(not(target_pointer_width = "64"))]
    {
        hash as usize & mask
    }
}

/// Slots start this many, and double whenever they are more than 3/4 used.
const FIRST_SLOTS: usize = 1 << 10;

impl ByteTable {
    /// An empty table for keys of `key_len` bytes, holding at most `limit`.
    pub(crate) fn new(key_len: usize, limit: usize) -> ByteTable {
        ByteTable {
            key_len,
            // Entry indices are stored + 1 in a u32.
            limit: limit.min(u32::MAX as usize - 1),
            slots: Vec::new(),
            hashes: Vec::new(),
            values: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// Number of keys held.
    pub(crate) fn len(&self) -> usize {
        self.hashes.len()
    }

    fn hash(key: &[u8]) -> u64 {
        let mut h = FxHasher::default();
        h.write(key);
        h.finish()
    }

    /// The slot holding `key`, or the empty slot where it would go.
    fn find(&self, key: &[u8], hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = home(hash, mask);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return at;
            }
            let i = slot as usize - 1;
            if self.hashes[i] == hash && &self.keys[i * self.key_len..][..self.key_len] == key {
                return at;
            }
            at = (at + 1) & mask;
        }
    }

    /// The value of `key`, if held.
    #[cfg(test)]
    pub(crate) fn get(&self, key: &[u8]) -> Option<u32> {
        debug_assert_eq!(key.len(), self.key_len);
        if self.slots.is_empty() {
            return None;
        }
        let slot = self.slots[self.find(key, Self::hash(key))];
        (slot != 0).then(|| self.values[slot as usize - 1])
    }

    /// The value of `key` before this call (`None` if it was not held),
    /// raising the held value to at least `value`; a new key is added
    /// unless the table is full.
    pub(crate) fn raise(&mut self, key: &[u8], value: u32) -> Option<u32> {
        debug_assert_eq!(key.len(), self.key_len);
        if (self.len() + 1) * 4 > self.slots.len() * 3 && self.len() < self.limit {
            self.grow();
        }
        if self.slots.is_empty() {
            return None;
        }
        let hash = Self::hash(key);
        let at = self.find(key, hash);
        match self.slots[at] {
            0 => {
                if self.len() < self.limit {
                    self.hashes.push(hash);
                    self.values.push(value);
                    self.keys.extend_from_slice(key);
                    self.slots[at] = self.hashes.len() as u32;
                }
                None
            }
            slot => {
                let held = &mut self.values[slot as usize - 1];
                let before = *held;
                *held = before.max(value);
                Some(before)
            }
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(FIRST_SLOTS);
        let mask = size - 1;
        let mut slots = vec![0u32; size];
        for (i, &hash) in self.hashes.iter().enumerate() {
            let mut at = home(hash, mask);
            while slots[at] != 0 {
                at = (at + 1) & mask;
            }
            slots[at] = i as u32 + 1;
        }
        self.slots = slots;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn behaves_like_a_map_until_full() {
        let mut table = ByteTable::new(3, 5000);
        let mut map: HashMap<[u8; 3], u32> = HashMap::new();
        let mut x: u64 = 12345;
        for _ in 0..20000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let key = [
                (x >> 40) as u8 % 32,
                (x >> 48) as u8 % 32,
                (x >> 56) as u8 % 8,
            ];
            let value = (x >> 20) as u32 % 50;
            let before = table.raise(&key, value);
            let expected = map.get(&key).copied();
            assert_eq!(before, expected);
            if expected.is_some() || map.len() < 5000 {
                let held = map.entry(key).or_insert(0);
                *held = (*held).max(value);
            }
            assert_eq!(table.get(&key), map.get(&key).copied());
        }
        assert_eq!(table.len(), map.len());
        assert!(table.len() <= 5000);
    }

    #[test]
    fn a_full_table_remembers_nothing_new() {
        let mut table = ByteTable::new(1, 2);
        assert_eq!(table.raise(&[1], 4), None);
        assert_eq!(table.raise(&[2], 5), None);
        assert_eq!(table.raise(&[3], 6), None);
        assert_eq!(table.get(&[3]), None);
        assert_eq!(table.raise(&[1], 7), Some(4));
        assert_eq!(table.get(&[1]), Some(7));
        assert_eq!(table.len(), 2);
    }
}
