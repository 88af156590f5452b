//! The cache of counts: exact keys in set-associative buckets, sharded behind mutexes, within a memory budget.
//!
//! **Invariant:** an entry holds the exact count of the subproblem its key
//! names: the number itself below 2^127, else (the top bit set) the slot of
//! its shard's arena of big numbers that holds it, which the entry owns
//! and frees when it is overwritten. Entries are only ever added whole or
//! overwritten whole, so evicting one loses nothing but the time to count
//! that subproblem again.
//!
//! Layout of a shard: buckets of [`WAYS`] entries; a key may live in either
//! of two buckets (see `buckets_of`). A bucket is two header
//! words, then its entries; the first header word holds a 16-bit tag per
//! entry (0: empty), the second a 16-bit weight per entry (`256 * log2` of
//! the number of nodes the entry stands for); an entry is its key, then its
//! count as two words (low, high).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use num_bigint::BigUint;

use super::count::{Bigs, Tally, BIG};
use super::layout::Layout;
use super::state::hash;
use crate::count::Count;

/// A count found in the cache: a small number, or a big one cloned out of
/// the shard (the caller puts it in its own arena).
#[derive(Clone, Debug)]
pub(crate) enum Found {
    /// Below [`BIG`], so that it is a small [`Tally`].
    Small(u128),
    Big(BigUint),
}

impl Found {
    /// `count` as a store hands it to the search: small below [`BIG`], whose
    /// bit marks a big number's slot in a tally.
    pub(crate) fn of(count: &Count) -> Found {
        match count.to_u128() {
            Some(n) if n < BIG => Found::Small(n),
            _ => Found::Big(count.to_biguint()),
        }
    }
}

/// Entries per bucket.
const WAYS: usize = 4;

/// Shards: a power of two, so that one can grow while the others are used.
const SHARD_BITS: u32 = 6;
const SHARDS: usize = 1 << SHARD_BITS;

/// Buckets a shard starts with.
const INITIAL_BUCKETS: usize = 16;

/// A shard table smaller than this many words grows whenever a key finds
/// both its buckets full (64 KiB: 4 MiB over all the shards).
const SMALL_WORDS: usize = 8 << 10;

/// A shard grows when more than this fraction (in 1/16ths) of its entries are used.
const GROW_AT_SIXTEENTHS: usize = 12;

/// The cache of subproblem counts of one problem, shared by any number of
/// counters (it is `Sync`) and bounded by a memory budget.
///
/// The budget covers the tables of counts: they start small and double
/// while they fit, and once the budget is reached a new entry replaces the
/// entry of its bucket that stands for the fewest search nodes. Eviction
/// never makes a count wrong, only slower (see the `memo` module docs).
#[derive(Debug)]
pub struct MemoCache {
    geometry: Geometry,
    budget: usize,
    shards: Box<[Mutex<Shard>]>,
    bytes: Bytes,
}

/// The statistics of a [`MemoCache`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct CacheStats {
    /// Entries held now.
    pub entries: u64,
    /// The most entries held at once.
    pub peak_entries: u64,
    /// Entries stored.
    pub inserts: u64,
    /// Entries overwritten by newer ones because their bucket was full and
    /// the budget allowed no growth.
    pub evictions: u64,
    /// Bytes of the tables now.
    pub bytes: u64,
    /// The most bytes the tables held at once, a growth's old and new table included.
    pub peak_bytes: u64,
    /// The budget in bytes.
    pub budget: u64,
}

/// The sizes of keys, entries and buckets, in words.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Geometry {
    key_words: usize,
    entry_words: usize,
    bucket_words: usize,
    /// The largest number of buckets one shard may have.
    max_buckets: usize,
}

/// Bytes held by all shards now, and the most they ever held.
#[derive(Debug, Default)]
pub(crate) struct Bytes {
    now: AtomicU64,
    peak: AtomicU64,
}

/// One of the cache's tables, behind its own lock.
#[derive(Debug, Default)]
pub(crate) struct Shard {
    words: Vec<u64>,
    /// The big counts of the entries whose count has the top bit set.
    bigs: Bigs,
    buckets: usize,
    entries: u64,
    peak_entries: u64,
    inserts: u64,
    evictions: u64,
}

impl MemoCache {
    /// A cache for the keys of `layout`'s problem, within `budget` bytes.
    pub(crate) fn with_layout(layout: &Layout, budget: usize) -> MemoCache {
        let key_words = layout.key_words;
        let entry_words = key_words + 2;
        let bucket_words = 2 + WAYS * entry_words;
        // While one shard grows, its old table is still held: at most half
        // of its new one. Two such growths at once stay within the budget.
        let per_shard = budget / (SHARDS + 2);
        let geometry = Geometry {
            key_words,
            entry_words,
            bucket_words,
            max_buckets: per_shard / (bucket_words * 8),
        };
        let shards = (0..SHARDS)
            .map(|_| Mutex::new(Shard::default()))
            .collect::<Vec<_>>()
            .into_boxed_slice();
        MemoCache {
            geometry,
            budget,
            shards,
            bytes: Bytes::default(),
        }
    }

    /// The statistics of the cache so far.
    pub fn stats(&self) -> CacheStats {
        let mut stats = CacheStats {
            bytes: self.bytes.now.load(Ordering::Relaxed),
            peak_bytes: self.bytes.peak.load(Ordering::Relaxed),
            budget: self.budget as u64,
            ..CacheStats::default()
        };
        for shard in &self.shards {
            let shard = shard.lock().unwrap_or_else(PoisonError::into_inner);
            stats.entries += shard.entries;
            stats.peak_entries += shard.peak_entries;
            stats.inserts += shard.inserts;
            stats.evictions += shard.evictions;
        }
        stats
    }

    /// The budget in bytes.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// The words of a key this cache holds.
    pub(crate) fn key_words(&self) -> usize {
        self.geometry.key_words
    }

    /// Whether `layout`'s keys fit this cache (it was made for the same problem).
    pub(crate) fn fits(&self, layout: &Layout) -> bool {
        self.geometry.key_words == layout.key_words
    }

    #[inline]
    fn shard_of(hash: u64) -> usize {
        (hash >> (64 - SHARD_BITS)) as usize
    }
}

/// A count to store: its tally, its number when it is big (which the
/// shard keeps a copy of), and its weight (the nodes it stands for, a
/// 16-bit logarithm).
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub(crate) count: Tally,
    pub(crate) big: Option<BigUint>,
    pub(crate) weight: u16,
}

/// How a counter reaches the cache: as the only reference to it
/// ([`Exclusive`], no lock) or beside other counters ([`Shared`], each
/// shard through its lock). Lookups and stores are written once, here,
/// for both.
pub(crate) trait Reach {
    /// Runs `f` on the shard of `hash`, with the cache's geometry and bytes.
    fn shard<R>(&mut self, hash: u64, f: impl FnOnce(&Geometry, &Bytes, &mut Shard) -> R) -> R;

    /// Looks a key up: the count and weight stored.
    #[inline]
    fn find(&mut self, key: &[u64], hash: u64) -> Option<(Found, u16)> {
        self.shard(hash, |g, _, shard| find(g, shard, key, hash))
    }

    /// Stores `entry` under `key`.
    #[inline]
    fn store(&mut self, key: &[u64], hash: u64, entry: Entry) {
        self.shard(hash, |g, bytes, shard| {
            let word = shard_word(shard, entry.count, entry.big);
            store(g, bytes, shard, key, hash, word, entry.weight);
        });
    }
}

/// The only reference to a cache.
pub(crate) struct Exclusive<'a>(pub(crate) &'a mut MemoCache);

/// A cache other counters use too.
pub(crate) struct Shared<'a>(pub(crate) &'a MemoCache);

impl Reach for Exclusive<'_> {
    #[inline]
    fn shard<R>(&mut self, hash: u64, f: impl FnOnce(&Geometry, &Bytes, &mut Shard) -> R) -> R {
        let cache = &mut *self.0;
        let shard = cache.shards[MemoCache::shard_of(hash)]
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        f(&cache.geometry, &cache.bytes, shard)
    }
}

impl Reach for Shared<'_> {
    #[inline]
    fn shard<R>(&mut self, hash: u64, f: impl FnOnce(&Geometry, &Bytes, &mut Shard) -> R) -> R {
        let cache = self.0;
        let mut shard = cache.shards[MemoCache::shard_of(hash)]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        f(&cache.geometry, &cache.bytes, &mut shard)
    }
}

/// The word an entry of `shard` holds for `count`: the number itself, or
/// the slot in the shard's arena of a copy of its big number `big`.
fn shard_word(shard: &mut Shard, count: Tally, big: Option<BigUint>) -> u128 {
    match big {
        Some(big) if count.is_big() => shard.bigs.tally(big).word(),
        _ => count.word(),
    }
}

/// The two buckets a key may live in: two independent positions from the
/// low 32 bits of its hash and of a remix of it (Azar, Broder, Karlin and
/// Upfal's two choices keep the fullest bucket near the average, so that a
/// bucket is rarely full before the table is).
#[inline]
fn buckets_of(buckets: usize, hash: u64) -> [usize; 2] {
    // Lemire's multiply-shift range reduction.
    let reduce = |bits: u64| (((bits & 0xFFFF_FFFF) * buckets as u64) >> 32) as usize;
    let remix = (hash ^ (hash >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    [reduce(hash), reduce(remix >> 32)]
}

#[inline]
fn tag_of(hash: u64) -> u64 {
    // Bits 32..47: independent of the shard (the top bits) and the first bucket (the low bits).
    ((hash >> 32) & 0xFFFF) | 1
}

/// The way of `bucket` that holds `key`, if any.
#[inline]
fn way_of(g: &Geometry, bucket: &[u64], key: &[u64], tag: u64) -> Option<usize> {
    let tags = bucket[0];
    (0..WAYS).find(|&way| {
        let at = 2 + way * g.entry_words;
        (tags >> (16 * way)) & 0xFFFF == tag && bucket[at..at + g.key_words] == *key
    })
}

#[inline]
fn find(g: &Geometry, shard: &Shard, key: &[u64], hash: u64) -> Option<(Found, u16)> {
    if shard.buckets == 0 {
        return None;
    }
    let tag = tag_of(hash);
    for b in buckets_of(shard.buckets, hash) {
        let bucket = &shard.words[b * g.bucket_words..(b + 1) * g.bucket_words];
        if let Some(way) = way_of(g, bucket, key, tag) {
            let at = 2 + way * g.entry_words + g.key_words;
            let word = u128::from(bucket[at]) | u128::from(bucket[at + 1]) << 64;
            let weight = ((bucket[1] >> (16 * way)) & 0xFFFF) as u16;
            let found = if word & BIG == 0 {
                Found::Small(word)
            } else {
                Found::Big(shard.bigs.get(Tally::from_word(word)))
            };
            return Some((found, weight));
        }
    }
    None
}

fn store(
    g: &Geometry,
    bytes: &Bytes,
    shard: &mut Shard,
    key: &[u64],
    hash: u64,
    count: u128,
    weight: u16,
) {
    if shard.buckets == 0 {
        if g.max_buckets == 0 {
            return;
        }
        resize(g, bytes, shard, INITIAL_BUCKETS.min(g.max_buckets));
    } else if shard.entries as usize * 16 > shard.buckets * WAYS * GROW_AT_SIXTEENTHS
        && shard.buckets < g.max_buckets
    {
        resize(g, bytes, shard, (shard.buckets * 2).min(g.max_buckets));
    }
    // Two full buckets make a small shard, or one past half full, grow while
    // the budget allows, rather than lose an entry (in a large table below
    // half full it is too rare to be worth doubling the table for).
    while shard.buckets < g.max_buckets
        && (shard.entries as usize * 2 > shard.buckets * WAYS || shard.words.len() < SMALL_WORDS)
        && both_full(g, shard, hash)
    {
        resize(g, bytes, shard, (shard.buckets * 2).min(g.max_buckets));
    }
    if place(g, shard, key, hash, count, weight) {
        shard.entries += 1;
        shard.peak_entries = shard.peak_entries.max(shard.entries);
    }
    shard.inserts += 1;
}

/// Whether every way of both buckets of `hash` is taken.
fn both_full(g: &Geometry, shard: &Shard, hash: u64) -> bool {
    buckets_of(shard.buckets, hash).iter().all(|&b| {
        let tags = shard.words[b * g.bucket_words];
        (0..WAYS).all(|way| (tags >> (16 * way)) & 0xFFFF != 0)
    })
}

/// Writes an entry into one of its buckets: nowhere if the key is there
/// already, else into the emptier bucket, else over the lightest entry of
/// the two buckets. Returns whether an empty way was used.
fn place(
    g: &Geometry,
    shard: &mut Shard,
    key: &[u64],
    hash: u64,
    count: u128,
    weight: u16,
) -> bool {
    let tag = tag_of(hash);
    let choices = buckets_of(shard.buckets, hash);
    let mut victim = (choices[0], 0);
    let mut victim_weight = u64::MAX;
    // The empty way of the bucket with the most empty ways.
    let mut empty = None;
    let mut most_empty = 0;
    for &b in &choices {
        // The key is not looked for: it was looked up in vain before its
        // subproblem was counted, and if another counter stored it since,
        // both entries hold the same exact count.
        let bucket = &shard.words[b * g.bucket_words..(b + 1) * g.bucket_words];
        let mut empties = 0;
        let mut first_empty = 0;
        for way in (0..WAYS).rev() {
            if (bucket[0] >> (16 * way)) & 0xFFFF == 0 {
                empties += 1;
                first_empty = way;
                continue;
            }
            let w = (bucket[1] >> (16 * way)) & 0xFFFF;
            if w < victim_weight {
                victim_weight = w;
                victim = (b, way);
            }
        }
        if empties > most_empty {
            most_empty = empties;
            empty = Some((b, first_empty));
        }
    }
    let filled = empty.is_some();
    if !filled {
        shard.evictions += 1;
    }
    let (b, way) = empty.unwrap_or(victim);
    let bucket = &mut shard.words[b * g.bucket_words..(b + 1) * g.bucket_words];
    let at = 2 + way * g.entry_words;
    if !filled {
        // The victim's big number, if it had one, goes with it.
        let old =
            u128::from(bucket[at + g.key_words]) | u128::from(bucket[at + g.key_words + 1]) << 64;
        if old & BIG != 0 {
            shard.bigs.take(Tally::from_word(old));
        }
    }
    let bucket = &mut shard.words[b * g.bucket_words..(b + 1) * g.bucket_words];
    bucket[at..at + g.key_words].copy_from_slice(key);
    bucket[at + g.key_words] = count as u64;
    bucket[at + g.key_words + 1] = (count >> 64) as u64;
    let shift = 16 * way;
    bucket[0] = (bucket[0] & !(0xFFFF << shift)) | tag << shift;
    bucket[1] = (bucket[1] & !(0xFFFF << shift)) | u64::from(weight) << shift;
    filled
}

/// Moves a shard's entries into a table of `buckets` buckets.
fn resize(g: &Geometry, bytes: &Bytes, shard: &mut Shard, buckets: usize) {
    let new_bytes = (buckets * g.bucket_words * 8) as u64;
    let old_bytes = (shard.words.len() * 8) as u64;
    let now = bytes.now.fetch_add(new_bytes, Ordering::Relaxed) + new_bytes;
    bytes.peak.fetch_max(now, Ordering::Relaxed);
    let old = std::mem::replace(&mut shard.words, vec![0; buckets * g.bucket_words]);
    let old_buckets = std::mem::replace(&mut shard.buckets, buckets);
    shard.entries = 0;
    for bucket in old.chunks_exact(g.bucket_words).take(old_buckets) {
        for way in 0..WAYS {
            if (bucket[0] >> (16 * way)) & 0xFFFF == 0 {
                continue;
            }
            let at = 2 + way * g.entry_words;
            let key = &bucket[at..at + g.key_words];
            let count = u128::from(bucket[at + g.key_words])
                | u128::from(bucket[at + g.key_words + 1]) << 64;
            let weight = ((bucket[1] >> (16 * way)) & 0xFFFF) as u16;
            if place(g, shard, key, hash(key), count, weight) {
                shard.entries += 1;
            }
        }
    }
    drop(old);
    bytes.now.fetch_sub(old_bytes, Ordering::Relaxed);
}
