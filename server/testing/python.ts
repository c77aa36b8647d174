import { spawnSync } from "node:child_process";
import path from "node:path";

export const PYTHON_DIR = path.resolve(import.meta.dirname, "../../python");

/**
 * The interpreter the Python SDK's tests run with: STOCKROOM_PYTHON, else Debian's /usr/bin/python3 (where apt
 * installs python3-snowballstemmer, python3-icu and python3-setuptools), else python3 on PATH. Fails with the fix when the
 * one found lacks what the tests need (.ci/run installs both).
 */
export function testPython(): string {
  const candidates = [process.env.STOCKROOM_PYTHON, "/usr/bin/python3", "python3"].filter((c): c is string => !!c);
  const probe = "import sys, snowballstemmer, icu, setuptools; assert sys.version_info >= (3, 9)";
  for (const candidate of candidates) {
    if (spawnSync(candidate, ["-c", probe], { stdio: "ignore" }).status === 0) return candidate;
  }
  throw new Error(
    `No Python >= 3.9 with snowballstemmer, PyICU and setuptools among ${candidates.join(", ")}: ` +
      "apt-get install python3-snowballstemmer python3-icu python3-setuptools python3-wheel, or set STOCKROOM_PYTHON.",
  );
}
