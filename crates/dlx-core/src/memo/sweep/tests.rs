//! The layered count's own tests: counts sliced, cut into parts and met from both ends at every place, against the known counts of domino boards.

use std::sync::Arc;

use super::meet::count_meeting_at;
use super::*;
use crate::memo::layout::Layout;
use crate::parse_dlx;

/// The domino tilings of a `rows x cols` board, in Knuth's text.
pub(crate) fn strip(rows: usize, cols: usize) -> String {
    let cell = |r: usize, c: usize| format!("r{r}c{c}");
    let mut text = String::new();
    for r in 0..rows {
        for c in 0..cols {
            text += &cell(r, c);
            text += " ";
        }
    }
    text += "\n";
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                text += &format!("{} {}\n", cell(r, c), cell(r, c + 1));
            }
            if r + 1 < rows {
                text += &format!("{} {}\n", cell(r, c), cell(r + 1, c));
            }
        }
    }
    text
}

fn layers(text: &str) -> Layers {
    let problem = parse_dlx(text).unwrap();
    let layout = Layout::new(&problem).unwrap();
    Layers::new(Arc::new(Plan::new(&layout).unwrap()), usize::MAX)
}

/// The count on this thread, in slices of `slice` options.
fn sliced(text: &str, slice: u64) -> Count {
    let mut layers = layers(text);
    loop {
        match layers.run(slice) {
            LayerEnd::Finished => return layers.count(),
            LayerEnd::Paused => {}
            end => unreachable!("{end:?}"),
        }
    }
}

/// The count through the hooks of a driver on threads, on one, with
/// each layer cut into `parts` parts.
fn in_parts(text: &str, parts: usize) -> Count {
    let mut layers = layers(text);
    let mut chunks: Vec<Chunk> = Vec::new();
    while layers.begin().is_some() {
        layer_in_parts(&mut layers, parts, &mut chunks);
    }
    layers.count()
}

/// Makes the next layer cut into `parts` parts (a chunk each, as
/// threads leave it), the parts expanded one after the other.
fn layer_in_parts(layers: &mut Layers, parts: usize, chunks: &mut Vec<Chunk>) {
    loop {
        let split = layers.split(parts);
        chunks.resize_with(split.len(), Chunk::default);
        for (part, chunk) in split.iter().zip(chunks.iter_mut()) {
            layers.expand(part, chunk);
        }
        match layers.end(chunks) {
            LayerEnd::Made => return,
            LayerEnd::Wider => {}
            end => unreachable!("{end:?}"),
        }
    }
}

#[test]
fn domino_rectangles() {
    // OEIS A004003 (squares) and the 2 x n Fibonacci numbers; under
    // Miri (which interprets every step: the 4 x 4 square took two
    // minutes) the 2 x 2 square stands for the 8 x 8.
    let (side, tilings) = if cfg!(miri) {
        (2, 2u64)
    } else {
        (8, 12_988_816)
    };
    let square = strip(side, side);
    assert_eq!(sliced(&strip(2, 8), 1), Count::from(34u64));
    assert_eq!(sliced(&square, 3), Count::from(tilings));
    assert_eq!(sliced(&square, u64::MAX), Count::from(tilings));
    assert_eq!(in_parts(&square, 1), Count::from(tilings));
    assert_eq!(in_parts(&square, 3), Count::from(tilings));
    assert_eq!(sliced(&strip(3, 3), 5), Count::ZERO);
    assert_eq!(in_parts(&strip(3, 3), 2), Count::ZERO);
}

#[test]
// No unsafe code runs here, and the 400 items take Miri many minutes.
#[cfg_attr(miri, ignore)]
fn numbers_widen_past_64_and_128_bits() {
    // The 2 x 200 strip: Fibonacci(201), past 2^128, its layers' numbers widened twice.
    let fib = |n: usize| {
        let (mut a, mut b) = (Count::ZERO, Count::from(1u64));
        for _ in 0..n {
            let c = a.clone() + b.clone();
            a = b;
            b = c;
        }
        a
    };
    let text = strip(2, 200);
    assert_eq!(sliced(&text, 5), fib(201));
    assert_eq!(in_parts(&text, 2), fib(201));
    assert!(fib(201).to_u128().is_none());
}

#[test]
fn counts_from_both_ends_meet_at_any_place() {
    // Every meeting place gives the count: domino boards (OEIS A004003,
    // the 2 x n Fibonacci numbers, an odd board with none), and one
    // past 2^64 and 2^128 by the meeting's own product.
    // Under Miri, which interprets every step, two small boards.
    let mut boards = vec![(strip(2, 3), Count::from(3u64)), (strip(3, 3), Count::ZERO)];
    if !cfg!(miri) {
        boards.push((strip(2, 5), Count::from(8u64)));
        boards.push((strip(4, 4), Count::from(36u64)));
        boards.push((strip(3, 6), Count::from(41u64)));
        boards.push((strip(6, 6), Count::from(6_728u64)));
        boards.push((strip(2, 100), sliced(&strip(2, 100), u64::MAX)));
        boards.push((strip(2, 200), sliced(&strip(2, 200), u64::MAX)));
        // Past 2^128, both sides widening their numbers apart.
        boards.push((strip(10, 40), sliced(&strip(10, 40), u64::MAX)));
    }
    for (text, expected) in boards {
        let n = layers(&text).place().1;
        let step = (n / 24).max(1);
        for m in (0..=n).step_by(step as usize).chain([n]) {
            let mut counted = layers(&text);
            let (count, _) = count_meeting_at(&mut counted, m);
            assert_eq!(count, expected, "met at {m} of {n}");
            assert_eq!(counted.begin(), None, "done");
        }
    }
}

#[test]
fn the_backward_count_keeps_the_states_a_forward_count_could_have() {
    // On the 6 x 6 square met at the start, the backward layers hold
    // no more states than the forward ones would (the square is the
    // same from either end), within a few.
    if cfg!(miri) {
        return;
    }
    let text = strip(6, 6);
    let mut forward = layers(&text);
    while forward.begin().is_some() {
        assert_eq!(forward.run_layer(u64::MAX), LayerEnd::Made);
    }
    let made = forward.work.made;
    let (count, back_made) = count_meeting_at(&mut layers(&text), 0);
    assert_eq!(count, Count::from(6_728u64));
    assert!(
        back_made <= made * 2,
        "backward {back_made}, forward {made}"
    );
}

#[test]
fn counts_with_options_fixed_meet_at_any_place() {
    // Two options fixed, one at the start and one whose places enter
    // the window later: every meeting place gives the forward count.
    let sides: &[usize] = if cfg!(miri) { &[2] } else { &[4, 6, 8] };
    for &side in sides {
        let text = strip(side, side);
        let plan = Arc::clone(&layers(&text).plan);
        let places = |p: u32, m: u128| {
            (0..128)
                .filter(move |&b| m >> b & 1 != 0)
                .map(move |b| p + b)
        };
        let first: Vec<u32> = places(0, plan.options_at(0)[0]).collect();
        let late = (plan.n / 2..plan.n)
            .find_map(|p| {
                plan.options_at(p)
                    .iter()
                    .map(|&m| places(p, m).collect::<Vec<_>>())
                    .find(|ps| ps.iter().all(|q| !first.contains(q)))
            })
            .unwrap();
        let mut words = vec![0u64; (plan.n as usize).div_ceil(64)];
        for &q in first.iter().chain(&late) {
            words[q as usize / 64] |= 1 << (q % 64);
        }
        let covered: Arc<[u64]> = Arc::from(words);
        let mut forward = Layers::with_covered(Arc::clone(&plan), usize::MAX, Arc::clone(&covered));
        while forward.begin().is_some() {
            assert_eq!(forward.run_layer(u64::MAX), LayerEnd::Made);
        }
        let expected = forward.count();
        assert!(expected > Count::ZERO, "{side}");
        for m in 0..=plan.n {
            let mut counted =
                Layers::with_covered(Arc::clone(&plan), usize::MAX, Arc::clone(&covered));
            let (count, _) = count_meeting_at(&mut counted, m);
            assert_eq!(count, expected, "{side} x {side} met at {m}");
        }
    }
}

#[test]
fn a_layer_of_several_chunks_pauses_and_goes_on() {
    // Each other layer cut into parts (a layer of several chunks, as
    // threads leave it), the next expanded a few options at a time,
    // paused and resumed within and across its chunks.
    let boards: &[(usize, usize)] = if cfg!(miri) {
        &[(2, 3)]
    } else {
        &[(4, 4), (6, 6), (3, 9)]
    };
    for &(rows, cols) in boards {
        let text = strip(rows, cols);
        let expected = sliced(&text, u64::MAX);
        for slice in [1, 2, 5] {
            let mut layers = layers(&text);
            let mut chunks: Vec<Chunk> = Vec::new();
            while layers.begin().is_some() {
                if layers.place % 2 == 0 {
                    layer_in_parts(&mut layers, 3, &mut chunks);
                } else {
                    while layers.run_layer(slice) == LayerEnd::Paused {}
                }
            }
            assert_eq!(
                layers.count(),
                expected,
                "{rows} x {cols}, slices of {slice}"
            );
        }
    }
}
