import { BlockList, isIP, isIPv6 } from "node:net";

/**
 * The key a client address is counted under by every rate limit: an IPv4 address as it is, an IPv6 one by
 * its /64 (one home or phone gets a whole /64, so counting single IPv6 addresses would let one client
 * rotate through billions of them). IPv4-mapped IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
export function clientKey(address: string): string {
  const [, mappedIPv4] = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address) ?? [];
  if (mappedIPv4) return mappedIPv4;
  if (!isIPv6(address)) return address;
  const [withoutZone = ""] = address.split("%", 1);
  const [head = "", tail = ""] = withoutZone.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as the IPv4 address it is. */
const unmapped = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

/** Address ranges a proxy named by a word in TRUST_PROXY stands in (proxy-addr's names). */
const NAMED_RANGES: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/**
 * Whether a peer's address is one of `ranges` (addresses, `a.b.c.d/n` ranges or the names above). A peer
 * that is not an IP address is none of them.
 */
export function addressMatcher(ranges: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const range of ranges) {
    const named = NAMED_RANGES[range];
    if (named) {
      for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type);
      continue;
    }
    const [net = "", prefix] = range.split("/");
    const type = isIP(net) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(net, type);
    else list.addSubnet(net, Number(prefix), type);
  }
  return (address) => {
    const plain = unmapped(address);
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 6 ? "ipv6" : "ipv4");
  };
}

/**
 * Where a proxy counted by a hop count (TRUST_PROXY=1) may stand: a private or loopback address. A peer on any
 * other address reached the port directly, and what it writes in X-Forwarded-For is not believed (issue 25).
 */
export const isPrivateAddress = addressMatcher(["loopback", "linklocal", "uniquelocal"]);
