import { describe, expect, it } from "vitest";
import { getMcpImportSettings, parseEnv, schedulerMinuteMs } from "./env";

describe("parseEnv", () => {
  it("applies defaults for a bare environment", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STOCKROOM_DATA_DIR).toBe(".data");
    expect(env.STOCKROOM_SIGNIN_PER_MINUTE).toBe(10);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseEnv({ STOCKROOM_URL: "not a url" })).toThrow(/STOCKROOM_URL/);
    expect(() => parseEnv({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET: must be at least 32/);
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("reads the live-import settings: off by default, an exact command list, a 0/1 switch", () => {
    expect(getMcpImportSettings({})).toEqual({ stdioCommands: [], allowPrivateNetworks: false });
    expect(
      getMcpImportSettings({ STOCKROOM_STDIO_COMMANDS: " npx, uvx,,npx ", STOCKROOM_ALLOW_PRIVATE_NETWORKS: "1" }),
    ).toEqual({ stdioCommands: ["npx", "uvx"], allowPrivateNetworks: true });
    expect(() => parseEnv({ STOCKROOM_STDIO_COMMANDS: "sh -c" })).toThrow(
      /STOCKROOM_STDIO_COMMANDS\.0: must be command names/,
    );
    expect(() => parseEnv({ STOCKROOM_ALLOW_PRIVATE_NETWORKS: "yes" })).toThrow(
      /STOCKROOM_ALLOW_PRIVATE_NETWORKS: must be 0 or 1/,
    );
  });

  it("reads the scheduler's minute: a real minute by default, shorter only (for e2e tests)", () => {
    expect(schedulerMinuteMs({})).toBe(60_000);
    expect(schedulerMinuteMs({ STOCKROOM_SCHEDULER_MINUTE_MS: "250" })).toBe(250);
    expect(() => parseEnv({ STOCKROOM_SCHEDULER_MINUTE_MS: "120000" })).toThrow(
      /STOCKROOM_SCHEDULER_MINUTE_MS: must be at most 60000/,
    );
    expect(() => parseEnv({ STOCKROOM_SCHEDULER_MINUTE_MS: "10" })).toThrow(
      /STOCKROOM_SCHEDULER_MINUTE_MS: must be at least 100/,
    );
  });
});
