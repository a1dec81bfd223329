import { isIPv6 } from "node:net";

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
