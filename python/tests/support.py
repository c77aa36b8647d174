"""Paths the tests read: the package beside them, the shared vectors, and ../shared beside the repository."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

PYTHON_DIR = Path(__file__).resolve().parents[1]
REPO_ROOT = PYTHON_DIR.parent
SHARED_DIR = Path(os.environ.get("STOCKROOM_SHARED_DIR", REPO_ROOT.parent / "shared"))
VECTORS = Path(__file__).resolve().parent / "vectors"

if str(PYTHON_DIR) not in sys.path:
    sys.path.insert(0, str(PYTHON_DIR))


def read_vectors(name: str) -> Any:
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))
