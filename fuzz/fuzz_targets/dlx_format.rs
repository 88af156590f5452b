//! Knuth's DLX format (`dlx_core::format::parse_dlx_bytes`): any bytes are read or
//! refused, and what is read writes back as bytes that read as the same problem.
#![no_main]

use dlx_core::{format_option, parse_dlx, write_dlx, Solver};
use dlx_core::format::{parse_dlx_bytes, write_dlx_bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let problem = match parse_dlx_bytes(data) {
        Ok(problem) => problem,
        Err(err) => {
            // Messages are built from the input: they must not panic either.
            let _ = err.to_string();
            return;
        }
    };
    assert_eq!(
        problem.n_items(),
        problem.n_primary() + problem.n_secondary()
    );
    // The text parser reads valid UTF-8 exactly as the byte parser does.
    if let Ok(text) = std::str::from_utf8(data) {
        let again = parse_dlx(text).expect("parse_dlx refuses what parse_dlx_bytes reads");
        assert_eq!(write_dlx(&again), write_dlx(&problem));
    }
    // What write_dlx_bytes writes reads back, and writes back the same bytes
    // (names are bytes, as in Knuth's programs; write_dlx is lossy on names
    // that are not UTF-8).
    let written = write_dlx_bytes(&problem);
    let reread = match parse_dlx_bytes(&written) {
        Ok(reread) => reread,
        Err(err) => panic!(
            "write_dlx_bytes wrote bytes that do not read back ({err}):\n{}",
            String::from_utf8_lossy(&written)
        ),
    };
    assert_eq!(
        write_dlx_bytes(&reread),
        written,
        "the round trip changed the problem"
    );
    assert_eq!(reread.n_options(), problem.n_options());
    assert_eq!(reread.node_count(), problem.node_count());
    for option in problem.option_ids() {
        let _ = format_option(&problem, option);
        assert_eq!(reread.cost(option), problem.cost(option));
    }
    // The links laid out from the problem pass Knuth's sanity check.
    let solver = Solver::new(&problem);
    if let Err(err) = solver.check_links() {
        panic!("fresh links fail the sanity check: {err}");
    }
});
