import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

/**
 * The SSRF guard of outbound webhooks (decision 079): a delivery never reaches a private, loopback,
 * link-local or otherwise special address (the cloud metadata service at 169.254.169.254 included), by
 * address or by a name that resolves to one, unless WEBHOOK_ALLOW_HOSTS names the host or its range.
 * The check runs on the addresses the connection really uses (the socket's own lookup), so a name that
 * changes its answer between registration and delivery (DNS rebinding) is caught too.
 */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  FORBIDDEN.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["64:ff9b::", 96],
] as const) {
  FORBIDDEN.addSubnet(net, prefix, "ipv6");
}

export type AllowList = { hosts: Set<string>; ranges: BlockList };

/** WEBHOOK_ALLOW_HOSTS: comma-separated host names, addresses or CIDR ranges. */
export function parseAllowList(value: string | undefined): AllowList {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const entry of (value ?? "").split(",").map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    const [address, prefix] = entry.split("/");
    const family = isIP(address ?? "");
    if (family && prefix !== undefined) ranges.addSubnet(address!, Number(prefix), family === 6 ? "ipv6" : "ipv4");
    else if (family) ranges.addAddress(address!, family === 6 ? "ipv6" : "ipv4");
    else hosts.add(entry);
  }
  return { hosts, ranges };
}

/** An IPv4 address inside an IPv4-mapped IPv6 one (::ffff:10.0.0.1), else the address itself. */
const unmapped = (address: string) => {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1]! : address;
};

/** Whether a delivery may connect to this address (the host name's allow-listing is checked apart). */
export function addressAllowed(address: string, allow: AllowList): boolean {
  const plain = unmapped(address);
  const family = isIP(plain) === 6 ? "ipv6" : "ipv4";
  if (allow.ranges.check(plain, family)) return true;
  return !FORBIDDEN.check(plain, family);
}

export class SsrfError extends Error {
  readonly code = "ESSRF";
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address: deliveries do not go there`);
  }
}

const hostOf = (hostname: string) => hostname.replace(/^\[|\]$/g, "").toLowerCase();

/** Every address a host name resolves to (an address resolves to itself). */
export function resolveAll(hostname: string): Promise<LookupAddress[]> {
  const host = hostOf(hostname);
  if (isIP(host)) return Promise.resolve([{ address: host, family: isIP(host) }]);
  return new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/** Refuses (throws SsrfError) a host whose addresses include a forbidden one, unless the host is allow-listed. */
export async function checkHost(hostname: string, allow: AllowList): Promise<LookupAddress[]> {
  const host = hostOf(hostname);
  const addresses = await resolveAll(host);
  if (allow.hosts.has(host)) return addresses;
  const bad = addresses.find((a) => !addressAllowed(a.address, allow));
  if (bad) throw new SsrfError(host, bad.address);
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http(s).request / net.connect that applies the guard to the addresses the socket will use. */
export function guardedLookup(allow: AllowList) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback) => {
    checkHost(hostname, allow).then(
      (addresses) => {
        if (typeof options === "object" && options?.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
