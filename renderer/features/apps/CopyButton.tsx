/** A Copy button for one text (an id, an address), saying in a live region beside it that it copied. */
import { Copy } from 'lucide-react';
import { useState } from 'react';

/** Copies a text and says so in a live region beside the button. */
export function CopyButton({ text, label, what }: { readonly text: string; readonly label: string; readonly what: string }) {
  const [said, setSaid] = useState('');
  return (
    <>
      <button
        type="button"
        className="apps-copy"
        aria-label={label}
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setSaid(`${what} copied`),
            () => setSaid(`Could not copy the ${what.toLowerCase()}`),
          )
        }
      >
        <Copy size={14} aria-hidden /> Copy
      </button>
      <span role="status" className="small muted">
        {said}
      </span>
    </>
  );
}

