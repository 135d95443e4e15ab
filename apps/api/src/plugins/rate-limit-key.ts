import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, as numbers (an embedded IPv4 tail counts as the last two). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The network a client's limits are counted for. An IPv4 address is one client (an IPv4-mapped IPv6 address is
 * that IPv4 address). An IPv6 client is its /64: one subscriber or one LAN is handed a whole /64, so keying by the
 * full /128 would give one attacker 2^64 fresh budgets (security review I3).
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${prefix}::/64`;
}
