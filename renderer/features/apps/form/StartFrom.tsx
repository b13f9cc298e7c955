/** Start from blank or from a built-in preset; replacing what was typed asks first. */
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { PRESETS, type AppPreset } from './presets';

interface Props {
  /** Whether applying a start would replace something the user typed (asked at the click: a restored draft counts). */
  readonly hasContent: () => boolean;
  readonly onStart: (preset: AppPreset | null) => void;
}

export function StartFrom({ hasContent, onStart }: Props) {
  const [asking, setAsking] = useState<{ readonly preset: AppPreset | null } | null>(null);
  const choose = (preset: AppPreset | null) => (hasContent() ? setAsking({ preset }) : onStart(preset));
  return (
    <div className="start-from" role="group" aria-label="Start from">
      <span className="muted small">Start from:</span>
      <button type="button" onClick={() => choose(null)}>
        Blank
      </button>
      {PRESETS.map((p) => (
        <button type="button" key={p.id} title={p.description} onClick={() => choose(p)}>
          {p.title}
        </button>
      ))}
      <ConfirmDialog
        open={asking !== null}
        title="Replace what you typed?"
        cancelLabel="Keep my form"
        onCancel={() => setAsking(null)}
        actions={[{ label: asking?.preset ? `Start from “${asking.preset.title}”` : 'Start blank', danger: true, onSelect: () => asking && onStart(asking.preset) }]}
      >
        The form will be replaced{asking?.preset ? ` by the preset: ${asking.preset.description}` : ' by a blank app'}.
      </ConfirmDialog>
    </div>
  );
}
