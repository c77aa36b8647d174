import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import zipfile
from pathlib import Path

from tests.support import PYTHON_DIR
import stockroom
from stockroom import SNAPSHOT_FORMAT


class PackagingTest(unittest.TestCase):
    def test_version_matches_the_snapshot_format(self) -> None:
        pyproject = (PYTHON_DIR / "pyproject.toml").read_text(encoding="utf-8")
        version = re.search(r'^version = "([^"]+)"', pyproject, re.M).group(1)  # type: ignore[union-attr]
        self.assertEqual(stockroom.__version__, version)
        self.assertEqual(version.split(".")[0], SNAPSHOT_FORMAT.rsplit("/v", 1)[1])

    def test_sources_parse_as_python_3_9(self) -> None:
        import ast

        for path in sorted((PYTHON_DIR / "stockroom").rglob("*.py")):
            with self.subTest(path=path.name):
                ast.parse(path.read_text(encoding="utf-8"), filename=str(path), feature_version=(3, 9))

    def test_builds_a_wheel_from_a_clean_copy_offline(self) -> None:
        try:
            import setuptools  # noqa: F401
        except ImportError:
            self.fail("building needs setuptools (Debian: apt-get install python3-setuptools python3-wheel)")
        with tempfile.TemporaryDirectory() as temp:
            source = Path(temp) / "src"
            ignore = shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__", "tests")
            shutil.copytree(PYTHON_DIR, source, ignore=ignore)
            command = [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--no-deps",
                "--no-build-isolation",
                "--no-index",
                "-w",
                temp,
                str(source),
            ]
            result = subprocess.run(command, capture_output=True, text=True, timeout=300)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            wheels = list(Path(temp).glob("stockroom-%s-py3-none-any.whl" % stockroom.__version__))
            self.assertEqual(len(wheels), 1, list(Path(temp).iterdir()))
            with zipfile.ZipFile(wheels[0]) as wheel:
                names = set(wheel.namelist())
                metadata = wheel.read("stockroom-%s.dist-info/METADATA" % stockroom.__version__).decode()
            packaged = ("stockroom/py.typed", "stockroom/catalog.py", "stockroom/codex_bm25/_tables.py")
            for name in packaged + ("stockroom/stockroom_profile/_tables.py", "stockroom/stockroom_profile/engine.py"):
                self.assertIn(name, names)
            self.assertIn("Requires-Python: >=3.9", metadata)
            # Snowball English for both profiles; PyICU optional (CJK words outside the glossary).
            requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
            self.assertEqual(
                requires, ["Requires-Dist: snowballstemmer (>=2.2)", "Requires-Dist: PyICU (>=2.10) ; extra == 'icu'"]
            )


if __name__ == "__main__":
    unittest.main()
