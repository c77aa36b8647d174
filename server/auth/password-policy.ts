import { ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-limits";

// The password rule, one source for the server (sign-up, password changes) and the sign-up form.
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };
/** zxcvbn's 0–4 scale; 3 = "safely unguessable: moderate protection from offline slow-hash scenario". */
const MIN_SCORE = 3;

let checker: ZxcvbnFactory | null = null;
/** Built on first use: the dictionaries (common passwords, names, English words) are large. */
function strength(password: string, userInputs: string[]): ZxcvbnResult {
  checker ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  return checker.check(password, userInputs);
}

/**
 * Why `password` is refused, saying what to change, or null when it is acceptable: at least 10 characters and
 * not guessable (zxcvbn: common passwords, words, names, keyboard walks, repeats, dates, and the person's own
 * e-mail address and name).
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters (this one has ${length}); a few unrelated words work well.`;
  }
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s_-]+/)]).filter((word) => word.length >= 3);
  const result = strength(password, inputs);
  if (result.score >= MIN_SCORE) return null;
  const why = result.feedback.warning ?? "This password is easy to guess.";
  const fix = result.feedback.suggestions[0] ?? "Add another word or two that are not related to you.";
  return `${why.replace(/\.?$/, ".")} ${fix.replace(/\.?$/, ".")}`;
}
