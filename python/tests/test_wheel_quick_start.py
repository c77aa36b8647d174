"""The wheel as a new user gets it: built offline, installed with pip into a fresh virtual environment (its declared
dependencies resolved from what the system has: pip cannot reach PyPI here), and the Python quick start of
docs/agents.md run there against a real Stockroom server (app/api/v1/python-sdk.test.ts starts one). The model
providers are stand-ins (tests/stand_ins) recording what the quick start sends: the answers must be the SDK's own."""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from tests.support import PYTHON_DIR, REPO_ROOT
from tests.test_hosted import ENV, HAS_SERVER
from tests.test_readme import python_blocks
from stockroom import connect


@unittest.skipUnless(HAS_SERVER, "needs a server: run through npm test (app/api/v1/python-sdk.test.ts)")
class WheelQuickStartTest(unittest.TestCase):
    def run_checked(self, command, **options):
        result = subprocess.run(command, capture_output=True, text=True, timeout=300, **options)
        self.assertEqual(result.returncode, 0, " ".join(map(str, command)) + "\n" + result.stdout + result.stderr)
        return result

    def test_the_quick_start_runs_from_the_installed_wheel(self) -> None:
        with tempfile.TemporaryDirectory() as temp:
            wheels = Path(temp) / "wheels"
            build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index"]
            self.run_checked(build + ["-w", str(wheels), str(PYTHON_DIR)])
            venv = Path(temp) / "venv"
            self.run_checked([sys.executable, "-m", "venv", "--system-site-packages", str(venv)])
            python = str(venv / "bin" / "python")
            wheel = next(wheels.glob("stockroom-*.whl"))
            self.run_checked([python, "-m", "pip", "install", "--no-index", "--no-cache-dir", str(wheel)])
            blocks = [b for b in python_blocks((REPO_ROOT / "docs" / "agents.md").read_text("utf-8")) if "stockroom.connect" in b]
            source = blocks[0].replace('"http://localhost:3000"', json.dumps(ENV["URL"]))
            source = source.replace('"demo", "mcp-tools"', "%s, %s" % (json.dumps(ENV["TEAM"]), json.dumps(ENV["CATALOG"])))
            script = Path(temp) / "quick_start.py"
            script.write_text(source + "\nimport stockroom as _s; print('FROM', _s.__file__)\n", encoding="utf-8")
            log = Path(temp) / "log.json"
            env = dict(os.environ, STOCKROOM_TOKEN=ENV["TOKEN"] or "", STAND_IN_LOG=str(log))
            env["PYTHONPATH"] = str(Path(__file__).resolve().parent / "stand_ins")
            ran = self.run_checked([python, str(script)], cwd=temp, env=env)
            self.assertIn("FROM %s" % venv, ran.stdout)  # the installed wheel, not the sources
            self.assertNotRegex(ran.stderr, re.compile("warn|deprecat", re.I))
            requests = json.loads(log.read_text()) if log.exists() else []

        sdk = connect(ENV["URL"], ENV["TOKEN"], ENV["TEAM"], ENV["CATALOG"], telemetry=False)
        call = {"call_id": "search-1", "arguments": {"query": "refund the most recent payment", "limit": 3}}
        openai = [r["arguments"] for r in requests if r["kind"] == "openai"]
        self.assertEqual(openai[-1]["input"], [sdk.answer_tool_search_call(call)])
        claude = [r["arguments"] for r in requests if r["kind"] == "anthropic"]
        block = {"type": "tool_use", "id": "toolu_1", "name": "tool_search", "input": {"query": "refund a payment"}}
        self.assertEqual(claude[-1]["messages"][-1]["content"], [sdk.answer_tool_use(block)])


if __name__ == "__main__":
    unittest.main()
