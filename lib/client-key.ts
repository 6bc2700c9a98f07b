/**
 * What a rate limit counts a client by, from the text of its address: an IPv4 address as itself
 * (an IPv4-mapped IPv6 address, ::ffff:a.b.c.d, is that IPv4 client), an IPv6 address by its /64,
 * the block one subscriber usually holds whole, so hopping within it gains nothing.
 */
export function clientKey(address: string): string {
  const text = withoutPort(address.trim());
  const v4 = parseIPv4(text);
  if (v4) return v4.join(".");
  const v6 = parseIPv6(text.replace(/%[^%]*$/, ""));
  // Each distinct malformed string as its own client would let anyone who can send one mint fresh
  // identities at will; together they share one bucket, so at worst they slow each other down.
  if (!v6) return UNPARSEABLE_CLIENT;
  const [, , , , , mark, high = 0, low = 0] = v6;
  if (v6.slice(0, 5).every((g) => g === 0) && mark === 0xffff) return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  return `${formatIPv6([...v6.slice(0, 4), 0, 0, 0, 0])}/64`;
}

export const UNPARSEABLE_CLIENT = "unparseable";

/** "[v6]", "[v6]:port" and "v4:port", as some proxies write an X-Forwarded-For entry. */
function withoutPort(text: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(text)?.[1];
  return bracketed ?? /^(\d+\.\d+\.\d+\.\d+):\d{1,5}$/.exec(text)?.[1] ?? text;
}

/** Four decimal octets, 0–255, without leading zeros (which some parsers read as octal). */
function parseIPv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (RFC 4291 text: "::" once, an IPv4 tail allowed). */
function parseIPv6(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string, last: boolean): number[] | null => {
    if (half === "") return [];
    const out: number[] = [];
    const parts = half.split(":");
    for (const [i, part] of parts.entries()) {
      if (last && i === parts.length - 1 && part.includes(".")) {
        const v4 = parseIPv4(part);
        if (!v4) return null;
        const [a = 0, b = 0, c = 0, d = 0] = v4;
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
        out.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const [first = "", second] = halves;
  const head = groups(first, second === undefined);
  const tail = second === undefined ? [] : groups(second, true);
  if (!head || !tail) return null;
  if (second === undefined) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : null;
}

/** RFC 5952: lower-case hex, the longest run of two or more zero groups (the first of equals) as "::". */
function formatIPv6(groups: number[]): string {
  let best = { at: -1, length: 1 };
  for (let i = 0; i < groups.length; ) {
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at === -1) return hex.join(":");
  return `${hex.slice(0, best.at).join(":")}::${hex.slice(best.at + best.length).join(":")}`;
}
