//! `cargo xtask web [--serve [PORT]] [--test]`: the web page.
//!
//! - Builds `crates/dlx-wasm` for `wasm32-unknown-unknown` (profile `wasm`),
//!   runs `wasm-bindgen --target web` on it into `target/web/pkg/`, and
//!   copies the page (`web/*.html`, `*.css`, `*.js`) beside it: `target/web/`
//!   is the whole site, for any static file server.
//! - `--serve [PORT]` then serves it on `http://127.0.0.1:PORT/` (8000 by
//!   default) until stopped.
//! - `--test` then runs the wasm module in Node (`web/tests/conformance.mjs`:
//!   the conformance table; `web/tests/fuzz.mjs`: a short fuzz pass over its
//!   readers and model constructors), and the browser tests
//!   (`web/tests/e2e.mjs`: Playwright's `playwright-core` driving Debian's
//!   headless Chromium against the page served on localhost), which write a
//!   screenshot of each view into `target/web-screenshots/`.
//!
//! What it needs is installed when missing: the wasm target (rustup), the
//! `wasm-bindgen` CLI at the version of the crate (`cargo install`),
//! `playwright-core` (`npm ci` in `web/tests`), and Chromium (`apt-get`, as
//! root). What cannot be installed is said, and the tests are skipped.

use std::io::{BufRead as _, BufReader, Write as _};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context as _};

use crate::tools::{cargo, on_path, run_program, succeeds, target_dir};
use crate::{say, tell};

/// The wasm-bindgen version of `crates/dlx-wasm/Cargo.toml` (pinned with `=`).
const WASM_BINDGEN: &str = "0.2.130";

/// The static files of the page.
const PAGE: &[&str] = &[
    "index.html",
    "style.css",
    "app.js",
    "worker.js",
    "teach.js",
    "polyform.js",
    "favicon.svg",
];

pub(crate) fn run(root: &Path, args: &[String]) -> anyhow::Result<()> {
    let mut serve = None;
    let mut test = false;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--serve" => {
                let port = match rest.clone().next() {
                    Some(port) if port.parse::<u16>().is_ok() => {
                        rest.next();
                        port.parse()?
                    }
                    _ => 8000,
                };
                serve = Some(port);
            }
            "--test" => test = true,
            other => bail!("unknown argument {other:?}: cargo xtask web [--serve [PORT]] [--test]"),
        }
    }
    let site = build(root)?;
    if test {
        run_tests(root, &site)?;
    }
    if let Some(port) = serve {
        let listener = TcpListener::bind(("127.0.0.1", port))
            .with_context(|| format!("cannot listen on port {port}"))?;
        say(&format!(
            "serving {} on http://127.0.0.1:{port}/ (Ctrl-C to stop)",
            site.display()
        ));
        serve_forever(&listener, &site);
    }
    Ok(())
}

/// Builds the site into `target/web/` and returns that folder.
pub(crate) fn build(root: &Path) -> anyhow::Result<PathBuf> {
    ensure_target()?;
    let bindgen = ensure_bindgen()?;
    let target_dir = target_dir(root);
    cargo(
        root,
        &[
            "build",
            "--locked",
            "--profile",
            "wasm",
            "--target",
            "wasm32-unknown-unknown",
            "-p",
            "dlx-wasm",
        ],
    )?;
    let wasm = target_dir.join("wasm32-unknown-unknown/wasm/dlx_wasm.wasm");
    let site = root.join("target/web");
    let _ = std::fs::remove_dir_all(&site);
    std::fs::create_dir_all(&site)?;
    // The page's module, then the module with its TypeScript definitions,
    // for programs that use it.
    let outputs = [
        (site.join("pkg"), &["--no-typescript"][..], "wasm-bindgen"),
        (
            target_dir.join("dlx-wasm-module"),
            &[],
            "wasm-bindgen (module with TypeScript definitions)",
        ),
    ];
    for (out_dir, typescript, what) in outputs {
        run_program(
            Command::new(&bindgen)
                .args(["--target", "web"])
                .args(typescript)
                .arg("--out-dir")
                .arg(out_dir)
                .arg(&wasm),
            what,
        )?;
    }
    for file in PAGE {
        std::fs::copy(root.join("web").join(file), site.join(file))
            .with_context(|| format!("cannot copy web/{file}"))?;
    }
    let size = std::fs::metadata(site.join("pkg/dlx_wasm_bg.wasm"))?.len();
    say(&format!(
        "web: the page is in {} (the wasm module {} KiB); serve it with any static file server, or cargo xtask web --serve",
        site.display(),
        size / 1024
    ));
    Ok(site)
}

fn ensure_target() -> anyhow::Result<()> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).contains("wasm32-unknown-unknown"))
        .unwrap_or(false);
    if installed {
        return Ok(());
    }
    tell("web: rustup target add wasm32-unknown-unknown");
    if !succeeds(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"])) {
        bail!("cannot add the wasm32-unknown-unknown target with rustup");
    }
    Ok(())
}

/// The `wasm-bindgen` CLI at [`WASM_BINDGEN`], installed with cargo if missing.
fn ensure_bindgen() -> anyhow::Result<PathBuf> {
    let version = |program: &Path| {
        Command::new(program)
            .arg("--version")
            .output()
            .ok()
            .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned())
    };
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .context("neither CARGO_HOME nor HOME is set")?;
    let program = home.join("bin/wasm-bindgen");
    let wanted = format!("wasm-bindgen {WASM_BINDGEN}");
    if version(&program).as_deref() == Some(wanted.as_str()) {
        return Ok(program);
    }
    tell(&format!(
        "web: cargo install wasm-bindgen-cli --version {WASM_BINDGEN}"
    ));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["install", "wasm-bindgen-cli", "--version", WASM_BINDGEN])
        .status()
        .context("cannot run cargo install")?;
    if !status.success() || version(&program).as_deref() != Some(wanted.as_str()) {
        bail!("cannot install wasm-bindgen-cli {WASM_BINDGEN}");
    }
    Ok(program)
}

/// The browser tests, or a plain skip when node or Chromium is missing.
fn run_tests(root: &Path, site: &Path) -> anyhow::Result<()> {
    if !on_path("node") || !on_path("npm") {
        say("web tests skipped: no node and npm");
        return Ok(());
    }
    // The wasm module in Node, no browser needed: the conformance table,
    // then a short fuzz pass over its readers and model constructors.
    for script in ["conformance.mjs", "fuzz.mjs"] {
        let status = Command::new("node")
            .arg(root.join("web/tests").join(script))
            .env("DLX_SITE", site)
            .env("DLX_ROOT", root)
            .status()
            .context("cannot run node")?;
        if !status.success() {
            bail!("web/tests/{script} failed");
        }
    }
    let chromium = Path::new("/usr/bin/chromium");
    if !chromium.exists() {
        let root_user = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0");
        if !root_user {
            say("web tests skipped: no /usr/bin/chromium, and not root to apt-get install it");
            return Ok(());
        }
        tell("web: apt-get install chromium");
        let installed = succeeds(Command::new("apt-get").args(["update", "-qq"]))
            && succeeds(
                Command::new("apt-get")
                    .args([
                        "install",
                        "-y",
                        "-qq",
                        "--no-install-recommends",
                        "chromium",
                    ])
                    .env("DEBIAN_FRONTEND", "noninteractive"),
            );
        if !installed || !chromium.exists() {
            say("web tests skipped: apt-get could not install chromium");
            return Ok(());
        }
    }
    let tests = root.join("web/tests");
    if !tests.join("node_modules/playwright-core").exists() {
        tell("web: npm ci (playwright-core)");
        run_program(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund", "--ignore-scripts"])
                .current_dir(&tests),
            "npm ci in web/tests",
        )?;
    }
    let listener = TcpListener::bind(("127.0.0.1", 0)).context("cannot listen on localhost")?;
    let port = listener.local_addr()?.port();
    let served = site.to_path_buf();
    std::thread::spawn(move || serve_forever(&listener, &served));
    let shots = root.join("target/web-screenshots");
    std::fs::create_dir_all(&shots)?;
    run_program(
        Command::new("node")
            .arg(tests.join("e2e.mjs"))
            .env("DLX_PAGE", format!("http://127.0.0.1:{port}/"))
            .env("DLX_CHROMIUM", chromium)
            .env("DLX_SCREENSHOTS", &shots)
            .current_dir(&tests),
        "the browser tests",
    )?;
    say(&format!(
        "web: the browser tests passed; screenshots in {}",
        shots.display()
    ));
    compare_with_native(root, &shots)
}

/// The page's times (the count in its worker, from the tests) beside the native
/// CLI's on one thread, measured right after in the same run.
fn compare_with_native(root: &Path, shots: &Path) -> anyhow::Result<()> {
    let Ok(text) = std::fs::read_to_string(shots.join("timings.json")) else {
        return Ok(());
    };
    let page = |key: &str| -> Option<f64> {
        let start = text.find(&format!("\"{key}\":"))? + key.len() + 3;
        let rest = &text[start..];
        let end = rest.find([',', '}']).unwrap_or(rest.len());
        rest[..end].trim().parse().ok()
    };
    let dlx = crate::tools::build_dlx(root)?;
    let native = |args: &[&str]| -> anyhow::Result<f64> {
        let started = std::time::Instant::now();
        let status = Command::new(&dlx)
            .args(args)
            .stdout(std::process::Stdio::null())
            .status()?;
        if !status.success() {
            bail!("dlx {} failed", args.join(" "));
        }
        Ok(started.elapsed().as_secs_f64())
    };
    let pentominoes = native(&[
        "polyomino",
        "--board",
        "6x10",
        "--pieces",
        "pentominoes",
        "--count",
        "-j",
        "1",
        "--quiet",
    ])?;
    let queens = native(&["queens", "12", "--count", "-j", "1", "--quiet"])?;
    for (name, page, native) in [
        ("6x10 pentominoes", page("pentominoes"), pentominoes),
        ("12-queens", page("queens12"), queens),
    ] {
        if let Some(page) = page {
            say(&format!(
                "web: {name}: {page:.2} s in the page, {native:.2} s native on one thread: {:.2}x",
                page / native
            ));
        }
    }
    Ok(())
}

/// Serves the files of `site` (GET only; nothing outside it).
fn serve_forever(listener: &TcpListener, site: &Path) {
    for stream in listener.incoming().flatten() {
        let site = site.to_path_buf();
        std::thread::spawn(move || {
            let _ = answer(stream, &site);
        });
    }
}

fn answer(mut stream: TcpStream, site: &Path) -> std::io::Result<()> {
    let mut line = String::new();
    let mut reader = BufReader::new(stream.try_clone()?);
    reader.read_line(&mut line)?;
    // The headers, read and ignored.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split(['?', '#']).next().unwrap_or("/");
    let relative = if path == "/" {
        "index.html"
    } else {
        path.trim_start_matches('/')
    };
    let safe = !relative
        .split('/')
        .any(|part| part == ".." || part.is_empty());
    let file = site.join(relative);
    match (safe, std::fs::read(&file)) {
        (true, Ok(body)) => {
            let kind = match file.extension().and_then(|e| e.to_str()) {
                Some("html") => "text/html; charset=utf-8",
                Some("css") => "text/css; charset=utf-8",
                Some("js") => "text/javascript; charset=utf-8",
                Some("wasm") => "application/wasm",
                Some("svg") => "image/svg+xml",
                _ => "application/octet-stream",
            };
            write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
                body.len()
            )?;
            stream.write_all(&body)
        }
        _ => stream
            .write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
    }
}
