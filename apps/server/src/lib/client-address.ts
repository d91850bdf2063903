import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded and an IPv4 tail folded in. */
function ipv6Groups(address: string): string[] {
  let text = address.split('%')[0]!.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

/**
 * Whom a per-address limit counts: an IPv4 address as it is, an IPv6 one by its /64. A host is
 * routinely given a whole /64, so counting single IPv6 addresses would give it 2^64 fresh limits.
 */
export function addressKey(address: string): string {
  if (!net.isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  // An IPv4 client seen through a dual-stack socket is that IPv4 address.
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}
