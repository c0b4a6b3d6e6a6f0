import { describe, expect, it } from "vitest";
import { addressKey, createVisitors } from "../../app/services/visitors/visitors.server";

// Who a counted view or click came from: an address (IPv6 by its /64) and user agent, as salted
// hashes whose salt is replaced every day.

describe("addressKey", () => {
  it.each([
    ["198.51.100.7", "198.51.100.7"],
    ["::ffff:198.51.100.7", "198.51.100.7"],
    ["::FFFF:198.51.100.7", "198.51.100.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::a:b:c:d", "fe80:0:0:0::/64"],
    ["", ""],
  ])("%j → %j", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

describe("visitors", () => {
  const ua = "Mozilla/5.0";
  const day1 = new Date("2027-01-05T10:00:00Z");
  const laterDay1 = new Date("2027-01-05T22:59:00Z"); // 23:59 in Copenhagen
  const day2 = new Date("2027-01-05T23:01:00Z"); // 00:01 the next day there

  it("are the same all day, for the same address and user agent, and no hash shows the address", () => {
    const visitors = createVisitors();
    const a = visitors.of("198.51.100.7", ua, day1);
    expect(visitors.of("198.51.100.7", ua, laterDay1)).toEqual(a);
    expect(visitors.of("::ffff:198.51.100.7", ua, day1)).toEqual(a);
    expect(visitors.of("198.51.100.7", "curl/8", day1).visitor).not.toBe(a.visitor);
    expect(visitors.of("198.51.100.7", "curl/8", day1).address).toBe(a.address);
    expect(JSON.stringify(a)).not.toContain("198.51.100");
    expect(a.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("change at midnight in Denmark, and differ between two servers", () => {
    const visitors = createVisitors();
    const a = visitors.of("198.51.100.7", ua, day1);
    expect(visitors.of("198.51.100.7", ua, day2)).not.toEqual(a);
    expect(createVisitors().of("198.51.100.7", ua, day1)).not.toEqual(a);
  });
});
