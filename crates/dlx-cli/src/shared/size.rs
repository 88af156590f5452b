//! Sizes of memory on the command line: read (`512M`, `4G`) and written
//! (`1.5 GiB`) in binary units.

/// Reads a size: a number of bytes, optionally with a binary unit (K, M,
/// G, T, any case, optionally followed by `B` or `iB`); a fraction is allowed
/// with a unit (`1.5G`).
pub(crate) fn parse_size(text: &str) -> Result<usize, String> {
    let bad = || {
        format!("expected a size such as 512M or 4G (a number, then K, M, G or T), not `{text}`")
    };
    let t = text.trim();
    let digits = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let unit = unit.trim().to_ascii_uppercase();
    let unit = unit
        .strip_suffix("IB")
        .or_else(|| unit.strip_suffix('B'))
        .unwrap_or(&unit);
    let shift = match unit {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    let value: f64 = number.parse().map_err(|_| bad())?;
    if shift == 0 && number.contains('.') {
        return Err(bad());
    }
    let bytes = value * f64::from(1u32 << (shift / 2)) * f64::from(1u32 << (shift - shift / 2));
    if !bytes.is_finite() || bytes >= usize::MAX as f64 {
        return Err(format!(
            "`{text}` is more memory than this machine can address"
        ));
    }
    Ok(bytes as usize)
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
/// [`parse_size`] reads it (`4G`, `512M`): a limit to suggest.
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
        for text in ["", "G", "12X", "1.5", "-1G", "1..2M"] {
            assert!(parse_size(text).is_err(), "{text}");
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
