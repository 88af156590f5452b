//! Counts the solutions of a problem in Knuth's DLX format and prints Knuth's statistics.
//!
//! ```text
//! cargo run --release -p dlx-core --example count -- data/pentomino-6x10.dlx
//! ```

use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: count FILE")?;
    let start = Instant::now();
    let problem = dlx_core::format::parse_dlx_bytes(&std::fs::read(&path)?)?;
    let mut solver = dlx_core::Solver::new(&problem);
    // No budget: the count always finishes.
    let count = solver.count().value;
    let stats = solver.stats();
    #[allow(clippy::print_stdout, reason = "an example program prints its result")]
    {
        println!(
            "{count} solutions, {} nodes, {} updates, {:.3} s",
            stats.nodes,
            stats.updates,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
