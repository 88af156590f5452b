//! Sizes of memory on the command line: read (`512M`, `4G`) by the
//! `parse-size` crate in binary units, and written (`1.5 GiB`) here, since
//! that crate only reads and a few lines do not call for a second one.

use parse_size::Config;

/// Reads a size: a number of bytes, optionally with a binary unit (K, M, G,
/// T, P, E, any case, optionally followed by `B` or `iB`, so that `4G`,
/// `4GB` and `4GiB` are all 2^32 bytes); a fraction is allowed (`1.5G`), and
/// so are spaces (`4 G`, ` 4G\n`) and digits grouped with `_` (`1_000_000`).
///
/// `parse-size` does the reading: it computes in integers (a fraction of
/// a byte is rounded to the nearest), so that `1.5G` is exactly 3 << 29.
/// Why that crate: of the size parsers measured against this one's forms
/// (parse-size 1.1, bytesize 2.7, byte-unit 5.2), it alone reads `4G` as
/// 4 GiB with no code around it (bytesize reads K, M, G as powers of 1000,
/// so `4G` would become 4 * 10^9 bytes), and it has no dependency
/// (byte-unit brings rust_decimal).
pub(crate) fn parse_size(text: &str) -> Result<usize, String> {
    // parse-size skips spaces inside a size but not a tab or a newline
    // around it, which a size pasted from elsewhere may have.
    let bytes = Config::new()
        .with_binary()
        .parse_size(text.trim())
        .map_err(|err| match err {
            parse_size::Error::PosOverflow => too_much(text),
            _ => format!(
                "expected a size such as 512M or 4G (a number of bytes, then K, M, G, T, P or E, \
             each 1024 times the last), not `{text}`"
            ),
        })?;
    usize::try_from(bytes).map_err(|_| too_much(text))
}

/// The message for a size past what this machine can address.
fn too_much(text: &str) -> String {
    format!("`{text}` is more memory than this machine can address")
}

/// A size in bytes for people: `980 B`, `12.0 KiB`, `1.5 GiB`.
pub(crate) fn format_size(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    // A figure for people: the precision lost in the conversion does not show.
    #[allow(clippy::cast_precision_loss, reason = "one decimal shown")]
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// The least power of two of bytes at or above `bytes`, written as
/// [`parse_size()`] reads it (`4G`, `512M`): a limit to suggest.
pub(crate) fn size_above(bytes: u64) -> String {
    let Some(power) = bytes.checked_next_power_of_two() else {
        return bytes.to_string();
    };
    let shift = power.trailing_zeros();
    match shift {
        40.. => format!("{}T", power >> 40),
        30.. => format!("{}G", power >> 30),
        20.. => format!("{}M", power >> 20),
        10.. => format!("{}K", power >> 10),
        _ => power.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{format_size, parse_size, size_above};

    #[test]
    fn sizes_read_with_binary_units() {
        for (text, bytes) in [
            ("0", 0),
            ("4096", 4096),
            ("512M", 512 << 20),
            ("4G", 4 << 30),
            ("4g", 4 << 30),
            ("64KiB", 64 << 10),
            ("2GB", 2 << 30),
            ("1.5G", 3 << 29),
            ("1T", 1 << 40),
        ] {
            assert_eq!(parse_size(text), Ok(bytes), "{text}");
        }
        for text in ["", "G", "12X", "-1G", "1..2M", "4Q", "lots"] {
            let err = parse_size(text).expect_err(text);
            assert_eq!(
                err,
                format!(
                    "expected a size such as 512M or 4G (a number of bytes, then K, M, G, T, P \
                     or E, each 1024 times the last), not `{text}`"
                ),
                "{text}"
            );
        }
        for text in ["16E", "99999999999999999999"] {
            assert_eq!(
                parse_size(text),
                Err(format!(
                    "`{text}` is more memory than this machine can address"
                ))
            );
        }
    }

    /// Issue 21: the sizes are read by `parse-size`, which reads every form
    /// read before (above) and a few more.
    #[test]
    fn issue_21_more_forms_of_sizes() {
        for (text, bytes) in [
            ("4 G", 4 << 30),
            (" 512M ", 512 << 20),
            ("\t1G\n", 1 << 30),
            ("2kib", 2 << 10),
            ("3Ki", 3 << 10),
            ("1P", 1 << 50),
            ("1_024", 1024),
            ("0.5K", 512),
            // A fraction of a byte is rounded, as parse-size does.
            ("1.5", 2),
        ] {
            assert_eq!(parse_size(text), Ok(bytes), "{text}");
        }
    }

    #[test]
    fn suggested_limits_read_back() {
        for (bytes, text) in [
            (3 << 30, "4G"),
            (600 << 20, "1G"),
            (5 << 20, "8M"),
            (100, "128"),
        ] {
            assert_eq!(size_above(bytes), text);
            assert!(parse_size(text).unwrap() as u64 >= bytes);
        }
    }

    #[test]
    fn sizes_written_for_people() {
        assert_eq!(format_size(980), "980 B");
        assert_eq!(format_size(12 << 10), "12.0 KiB");
        assert_eq!(format_size(3 << 29), "1.5 GiB");
        assert_eq!(format_size(u64::MAX), "16384.0 PiB");
    }
}
