// Just enough HTML reading for assertions on server-rendered pages; no parser dependency.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** A start or end tag; quoted attribute values may hold ">" (Tailwind classes such as `[&>svg]:`). */
const TAG = /<(\/?)([a-z][a-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/gi;
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

type Tag = { closing: boolean; name: string; attributes: Map<string, string>; selfClosing: boolean; start: number; end: number };

function* tags(html: string, from = 0): Generator<Tag> {
  const re = new RegExp(TAG.source, "gi");
  re.lastIndex = from;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const attributes = new Map<string, string>();
    for (const a of (m[3] ?? "").matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      attributes.set(a[1]!.toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? ""));
    }
    yield {
      closing: m[1] === "/",
      name: m[2]!.toLowerCase(),
      attributes,
      selfClosing: m[4] === "/",
      start: m.index,
      end: m.index + m[0].length,
    };
  }
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isNaN(code) ? whole : String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK =
  /^(?:p|div|li|ul|ol|h[1-6]|section|article|td|th|tr|table|figure|figcaption|dt|dd|dl|br|nav|header|footer|main|aside)$/;

/** The text a reader sees: no scripts (the RSC payload repeats every string), no tags, spaces collapsed. */
export function visibleText(html: string): string {
  const withoutCode = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<template\b[\s\S]*?<\/template>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "");
  // Block boundaries become spaces; inline tags join their text, as a browser would show it.
  const text = withoutCode.replace(new RegExp(TAG.source, "gi"), (_tag, _slash, name: string) =>
    BLOCK.test(name.toLowerCase()) ? " " : "",
  );
  return decodeEntities(text).replace(/\u00a0/g, " ").replace(/\s+/g, " ").trim();
}

/** Every value of `attribute` on any element, in document order. */
export function attributeValues(html: string, attribute: string): string[] {
  const values: string[] = [];
  for (const tag of tags(html)) {
    const value = tag.closing ? undefined : tag.attributes.get(attribute.toLowerCase());
    if (value !== undefined) values.push(value);
  }
  return values;
}

/** Start tags (name and attributes) of the elements carrying `attribute`, optionally with a given value. */
export function elementsWith(html: string, attribute: string, value?: string): Array<{ name: string; attributes: Map<string, string> }> {
  const found: Array<{ name: string; attributes: Map<string, string> }> = [];
  for (const tag of tags(html)) {
    const v = tag.closing ? undefined : tag.attributes.get(attribute.toLowerCase());
    if (v !== undefined && (value === undefined || v === value)) found.push({ name: tag.name, attributes: tag.attributes });
  }
  return found;
}

/**
 * The outer HTML of the first element whose start tag carries `attribute="value"`, found by
 * counting nested tags of the same name; null when there is none.
 */
export function elementWith(html: string, attribute: string, value: string): string | null {
  let open: Tag | undefined;
  let depth = 0;
  for (const tag of tags(html)) {
    if (!open) {
      if (!tag.closing && tag.attributes.get(attribute.toLowerCase()) === value) {
        if (tag.selfClosing || VOID.has(tag.name)) return html.slice(tag.start, tag.end);
        open = tag;
        depth = 1;
      }
      continue;
    }
    if (tag.name !== open.name || tag.selfClosing) continue;
    depth += tag.closing ? -1 : 1;
    if (depth === 0) return html.slice(open.start, tag.end);
  }
  return null;
}

/** The text of every element with the given tag name. */
export function textsOf(html: string, name: string): string[] {
  const re = new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`, "gi");
  return [...html.matchAll(re)].map((m) => visibleText(m[1] ?? ""));
}
