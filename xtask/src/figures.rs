//! How the tables of `cargo xtask bench` write their figures: medians, times, counts and ratios.
//!
//! The exact cover table ([`crate::bench`]), the threads table ([`crate::scaling`]) and the counting table ([`crate::counting`]) write the same figures the same way.
//! Each depends on this module alone for them, and none on another table's.

/// The median of some measurements (the mean of the middle two of an even number).
pub(crate) fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

/// Seconds in a readable unit with three significant digits.
pub(crate) fn format_time(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 0.1 {
        format!("{:.0} ms", seconds * 1e3)
    } else if seconds >= 0.01 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{:.2} ms", seconds * 1e3)
    }
}

/// A count with a suffix: 1.24 G, 3.63 M, 10.9 k.
pub(crate) fn format_count(n: f64) -> String {
    let (value, unit) = if n >= 1e9 {
        (n / 1e9, " G")
    } else if n >= 1e6 {
        (n / 1e6, " M")
    } else if n >= 1e3 {
        (n / 1e3, " k")
    } else {
        (n, "")
    };
    if value >= 100.0 || unit.is_empty() {
        format!("{value:.0}{unit}")
    } else if value >= 10.0 {
        format!("{value:.1}{unit}")
    } else {
        format!("{value:.2}{unit}")
    }
}

/// A ratio with two significant decimals, fewer for large ones.
pub(crate) fn format_ratio(ratio: f64) -> String {
    if ratio >= 0.1 {
        format!("{ratio:.2}")
    } else if ratio >= 0.01 {
        format!("{ratio:.3}")
    } else {
        format!("{ratio:.4}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(vec![7.0]), 7.0);
    }

    #[test]
    fn times_and_counts_read_well() {
        assert_eq!(format_time(4.7312), "4.73 s");
        assert_eq!(format_time(0.2291), "229 ms");
        assert_eq!(format_time(0.04433), "44.3 ms");
        assert_eq!(format_time(0.00186), "1.86 ms");
        assert_eq!(format_count(1_242_377_480.0), "1.24 G");
        assert_eq!(format_count(10_854.0), "10.9 k");
        assert_eq!(format_count(724.0), "724");
    }
}
