"""Regression tests of issue 33 for the Python face: it converts, and holds
no policy or thread machinery of its own (the checks the issue names)."""

from __future__ import annotations

import re
from pathlib import Path

SOURCES = sorted((Path(__file__).resolve().parents[1] / "src").glob("*.rs"))


def test_issue_33_the_face_has_no_thread_machinery_nor_policy_of_its_own():
    assert SOURCES
    for path in SOURCES:
        text = path.read_text()
        for word in ("sync_channel", "available_parallelism", "ThreadPoolBuilder", "Decision", "sqrt"):
            assert word not in text, (path.name, word)


def test_issue_33_every_source_under_700_lines():
    for path in SOURCES:
        assert len(path.read_text().splitlines()) < 700, path.name


def test_issue_33_no_import_circle():
    uses = {}
    for path in SOURCES:
        found = set(re.findall(r"crate::(\w+)", path.read_text())) - {path.stem}
        uses[path.stem] = {name for name in found if (path.parent / f"{name}.rs").exists()}

    def reaches(start: str, goal: str, seen: set) -> bool:
        for name in uses.get(start, ()):
            if name == goal or (name not in seen and reaches(name, goal, seen | {name})):
                return True
        return False

    for module in uses:
        assert not reaches(module, module, {module}), module
