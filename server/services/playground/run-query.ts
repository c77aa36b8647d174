import { SearchQueryError } from "@/search/index";
import { AppError } from "../../errors";

const MESSAGES = {
  EMPTY_QUERY: "Type a query: an empty (or blank) query ranks nothing.",
  INVALID_LIMIT: "The number of results must be a whole number of at least 1.",
} as const;

/** Runs an index call, turning the engine's refusals (empty query, bad limit) into a 400 that says what to fix. */
export function runQuery<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof SearchQueryError)
      throw new AppError("INVALID_INPUT", MESSAGES[error.code], { searchError: error.code });
    throw error;
  }
}
