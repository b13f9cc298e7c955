/**
 * JSON handled as text, so what the platform sent keeps every digit (a 64-bit id stays exact):
 * pretty-printing and masking credential members without parsing into JS numbers.
 * Both expect valid JSON (check with JSON.parse first); on anything else they do no harm but mean little.
 */

const WS = ' \t\n\r';

/** The end index (exclusive) of the string literal that opens at `start`: the first quote after an even run of backslashes. */
function stringEnd(text: string, start: number): number {
  for (let q = text.indexOf('"', start + 1); q !== -1; q = text.indexOf('"', q + 1)) {
    let k = q;
    while (text.charCodeAt(k - 1) === 0x5c) k--;
    if ((q - k) % 2 === 0) return q + 1;
  }
  return text.length;
}

/** The end index (exclusive) of the object or array that opens at `start` (strings skipped), or -1 when it never closes. */
export function containerEnd(text: string, start: number): number {
  let depth = 0;
  for (let j = start; j < text.length; ) {
    const c = text[j]!;
    if (c === '"') {
      j = stringEnd(text, j);
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return j + 1;
    j++;
  }
  return -1;
}

/**
 * Re-indents JSON text with two spaces; empty containers stay `{}` / `[]`. It steps from one structural character
 * to the next (a regular expression finds it, indexOf the end of a string), so a command's start pays no per-character loop.
 */
export function prettyJson(text: string): string {
  const next = /[ \t\n\r]+|[{}[\],:"]/g;
  let out = '';
  let indent = '\n';
  let from = 0;
  for (let m = next.exec(text); m !== null; m = next.exec(text)) {
    // Between two structural characters: a number, true, false or null, as written.
    out += text.slice(from, m.index);
    const c = m[0];
    from = next.lastIndex;
    if (c === '"') {
      from = next.lastIndex = stringEnd(text, m.index);
      out += text.slice(m.index, from);
    } else if (c === '{' || c === '[') {
      let j = from;
      while (j < text.length && WS.includes(text[j]!)) j++;
      if (text[j] === (c === '{' ? '}' : ']')) {
        out += c === '{' ? '{}' : '[]';
        from = next.lastIndex = j + 1;
      } else {
        indent += '  ';
        out += c + indent;
      }
    } else if (c === '}' || c === ']') {
      indent = indent.slice(0, -2);
      out += indent + c;
    } else if (c === ',') out += `,${indent}`;
    else if (c === ':') out += ': ';
  }
  return out + text.slice(from);
}

/**
 * Masks the whole value of every member whose name passes `isSecret`, at any depth, in objects inside arrays too:
 * a string, number or boolean becomes `"mask"`, and so does an object or array held under such a name (all of it
 * is the credential: `"Credentials": {…}`, `"Tokens": […]`). Null and `""` stay, having nothing to hide. The rest of
 * the text is kept byte for byte (big numbers keep every digit). The text must be valid JSON; otherwise it is
 * returned as it is, with nothing masked.
 *
 * `pairValueKey`, when given, also names the member of an object that is secret by what the object holds (the value
 * of a `{ "name": "DB_PASSWORD", "value": … }` pair); it is given the object as parsed.
 */
export function maskSecretMembers(
  text: string,
  isSecret: (name: string) => boolean,
  mask: string,
  pairValueKey?: (o: Readonly<Record<string, unknown>>) => string | undefined,
): { text: string; masked: number } {
  let i = 0;
  let out = '';
  let masked = 0;
  const ws = () => {
    while (i < text.length && WS.includes(text[i]!)) out += text[i++];
  };
  const expect = (c: string) => {
    if (text[i] !== c) throw new SyntaxError(`expected ${c} at ${i}`);
    out += c;
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      const secretMember = c === '{' && pairValueKey ? pairValueKey(JSON.parse(text.slice(i, containerEnd(text, i))) as Record<string, unknown>) : undefined;
      expect(c);
      ws();
      if (text[i] === close) return expect(close);
      for (;;) {
        ws();
        if (c === '{') {
          const end = stringEnd(text, i);
          const literal = text.slice(i, end);
          out += literal;
          i = end;
          ws();
          expect(':');
          const name = JSON.parse(literal) as string;
          if (isSecret(name) || name === secretMember) secretValue();
          else value();
        } else value();
        ws();
        if (text[i] === ',') {
          expect(',');
          continue;
        }
        return expect(close);
      }
    }
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      return;
    }
    const m = /^[-+0-9.eEtrufalsn]+/.exec(text.slice(i, i + 400));
    if (m === null) throw new SyntaxError(`unexpected ${String(c)} at ${i}`);
    out += m[0];
    i += m[0].length;
  };
  /** The value of a secret member: read as any value, written as the mask unless it is null or empty. */
  const secretValue = () => {
    ws();
    const before = out;
    const start = i;
    value();
    const raw = text.slice(start, i).trim();
    if (raw === 'null' || raw === '""') return;
    out = `${before}"${mask}"`;
    masked++;
  };
  try {
    value();
    ws();
    return { text: out + text.slice(i), masked };
  } catch {
    return { text, masked: 0 };
  }
}
