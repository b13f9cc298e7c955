/**
 * JSON handled as text, so what the platform sent keeps every digit (a 64-bit id stays exact):
 * pretty-printing and masking credential members without parsing into JS numbers.
 * Both expect valid JSON (check with JSON.parse first); on anything else they do no harm but mean little.
 */

const WS = ' \t\n\r';

/** The end index (exclusive) of the string literal that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let j = start + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
  return Math.min(j + 1, text.length);
}

/** Re-indents JSON text with two spaces; empty containers stay `{}` / `[]`. */
export function prettyJson(text: string): string {
  let out = '';
  let depth = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (WS.includes(c)) {
      continue;
    } else if (c === '{' || c === '[') {
      let j = i + 1;
      while (j < text.length && WS.includes(text[j]!)) j++;
      if (text[j] === (c === '{' ? '}' : ']')) {
        out += c === '{' ? '{}' : '[]';
        i = j;
        continue;
      }
      depth++;
      out += c + newline();
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
    } else if (c === ',') out += `,${newline()}`;
    else if (c === ':') out += ': ';
    else out += c;
  }
  return out;
}

/**
 * Replaces the string value of every object member whose name passes `isSecret` with `mask`,
 * keeping the rest of the text byte for byte. Returns how many values were masked.
 */
export function maskJsonMembers(text: string, isSecret: (name: string) => boolean, mask: string): { text: string; masked: number } {
  let out = '';
  let masked = 0;
  // The name of the member whose value comes next, between `"name"` + `:` and the value.
  let member: string | null = null;
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      const literal = text.slice(i, end);
      let k = end;
      while (k < text.length && WS.includes(text[k]!)) k++;
      if (text[k] === ':') {
        member = literal.slice(1, -1);
        out += literal;
      } else {
        if (member !== null && literal.length > 2 && isSecret(member)) {
          out += `"${mask}"`;
          masked++;
        } else out += literal;
        member = null;
      }
      i = end;
      continue;
    }
    if (c !== ':' && !WS.includes(c)) member = null;
    out += c;
    i++;
  }
  return { text: out, masked };
}
