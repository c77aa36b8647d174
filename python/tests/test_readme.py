"""The Python quick start of docs/agents.md: it compiles, and every ``catalog.…`` / ``stockroom.…`` it uses exists."""

import re
import unittest

from tests.support import REPO_ROOT
import stockroom
from stockroom import Catalog


def python_blocks(markdown: str):
    return [m.group(1) for m in re.finditer(r"^```python[ \t]*\n(.*?)^```[ \t]*$", markdown, re.S | re.M)]


class ReadmeTest(unittest.TestCase):
    def test_quick_start_compiles_and_names_real_api(self) -> None:
        blocks = [
            b for b in python_blocks((REPO_ROOT / "docs" / "agents.md").read_text(encoding="utf-8")) if "stockroom.connect" in b
        ]
        self.assertEqual(len(blocks), 1)
        source = blocks[0]
        compile(source, "docs/agents.md", "exec")
        for name in set(re.findall(r"\bcatalog\.(\w+)\(", source)):
            self.assertTrue(callable(getattr(Catalog, name, None)), "Catalog has no %s()" % name)
        for name in set(re.findall(r"\bstockroom\.(\w+)\(", source)):
            self.assertTrue(callable(getattr(stockroom, name, None)), "stockroom has no %s()" % name)
        for call in re.findall(r"first_request_tools\((.*?)\)", source):
            for keyword in set(re.findall(r"\b(\w+)=", call)):
                self.assertIn(keyword, Catalog.first_request_tools.__code__.co_varnames)


if __name__ == "__main__":
    unittest.main()
