import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { stockroomTransformer } from "./trpc-transformer";

const { serialize, deserialize } = stockroomTransformer;
/** Through the wire as tRPC sends it: JSON text. */
const roundTrip = (value: unknown) => deserialize(JSON.parse(JSON.stringify(serialize(value))));

describe("stockroomTransformer", () => {
  it("keeps prototype-named keys as own keys at any depth (superjson throws on them)", () => {
    const value = JSON.parse(
      '{"a":{"__proto__":{"x":1},"constructor":2,"prototype":[3],"toString":"s","hasOwnProperty":null}}',
    );
    expect(() => superjson.serialize(value)).toThrow(/prototype pollution/);
    const back = roundTrip(value) as { a: Record<string, unknown> };
    expect(Object.keys(back.a)).toEqual(["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"]);
    expect(Object.getOwnPropertyDescriptor(back.a, "__proto__")?.value).toEqual({ x: 1 });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("carries Dates as Dates, next to user keys, with dots and backslashes in keys", () => {
    const at = new Date("2026-12-01T10:00:00.000Z");
    const value = { items: [{ at, "a.b\\c": { at } }], constructor: { at } };
    const back = roundTrip(value) as typeof value;
    expect(back.items[0]!.at).toEqual(at);
    expect(back.items[0]!["a.b\\c"].at).toEqual(at);
    expect(back.constructor.at).toEqual(at);
    expect(roundTrip(at)).toEqual(at);
    expect(serialize([["x", { at }], 1]).meta?.values).toEqual({ "0.1.at": ["Date"] });
    expect(serialize({ "a.b\\c": [{ at }] }).meta?.values).toEqual({ "a\\.b\\\\c.0.at": ["Date"] });
  });

  it("reads superjson's envelope (tree annotations) and writes one superjson reads", () => {
    const value = { at: new Date(0), nested: { list: [new Date(1), "x"] }, top: undefined };
    expect(deserialize(JSON.parse(JSON.stringify(superjson.serialize(value))))).toEqual({ ...value, top: undefined });
    expect(superjson.deserialize(JSON.parse(JSON.stringify(serialize(value))))).toEqual({
      at: new Date(0),
      nested: { list: [new Date(1), "x"] },
    });
    expect(roundTrip(undefined)).toBeUndefined();
    expect(deserialize({ json: { plain: 1 } })).toEqual({ plain: 1 });
  });

  it("never sets a prototype from a hostile annotation path", () => {
    const payload = {
      json: { a: "2020-01-01T00:00:00.000Z" },
      meta: { values: { "__proto__.polluted": ["Date"], a: ["Date"] }, v: 1 },
    };
    const back = deserialize(payload) as { a: Date };
    expect(back.a).toBeInstanceOf(Date);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => deserialize({ json: 1, meta: { values: ["class"] } })).toThrow(/Unsupported/);
  });
});
