"""Shared fixtures of the dlx_rs test suite.

The bundled data is the workspace's `data/` folder; `DLX_BIN`, when set,
names the workspace's `dlx` binary, which the tests that compare answers
with the CLI run beside the package (`.ci/run` sets it).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import List, Optional

import pytest

DATA = Path(__file__).resolve().parents[3] / "data"


def dlx_bin() -> Optional[str]:
    """The `dlx` binary to compare with, or None."""
    named = os.environ.get("DLX_BIN")
    if named:
        return named
    return shutil.which("dlx")


@pytest.fixture
def data() -> Path:
    return DATA


@pytest.fixture
def cli():
    """Runs the `dlx` binary with arguments and returns its standard output."""
    binary = dlx_bin()
    if binary is None:
        pytest.skip("no dlx binary: set DLX_BIN to compare with the CLI")

    def run(args: List[str], stdin: Optional[str] = None) -> str:
        done = subprocess.run(
            [binary, *args], input=stdin, capture_output=True, text=True, check=True
        )
        return done.stdout

    return run


@pytest.fixture
def cli_binary() -> str:
    """The path of the `dlx` binary; the test is skipped without one."""
    binary = dlx_bin()
    if binary is None:
        pytest.skip("no dlx binary: set DLX_BIN to compare with the CLI")
    return binary


def interrupted(script: str, *args: str, cwd: Optional[Path] = None, wait: float = 0.5) -> str:
    """Runs `script` in a child interpreter, sends it SIGINT `wait` seconds
    after it prints `ready`, and returns what it printed after (a hang
    guard of 60 s, not a measure of speed)."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, *args], stdout=subprocess.PIPE, text=True, cwd=cwd
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(wait)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 0
    return str(out)
