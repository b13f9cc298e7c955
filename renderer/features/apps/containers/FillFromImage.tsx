/**
 * "Fill from image": asks the platform what the container's image suggests (endpoints, environment variables with
 * their defaults, volumes and where to mount them), shows each suggestion with a check box, and applies only the
 * checked ones. What the form already has (a variable, endpoint or mount of the same name or path) is left as it is.
 * Required variables are remembered for the env editor and Review (image-hints.tsx) whether or not they are added now.
 */
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { ConfigSuggestions } from '../../../../shared/contract/apps';
import { errorOf } from '../../../bridge/client';
import { useFetchCall } from '../../../bridge/queries';
import { at, type AppForm } from './form-kit';
import { useImageHints } from './image-hints';

interface Props {
  readonly index: number;
}

type Suggestion =
  | { readonly kind: 'endpoint'; readonly key: string; readonly label: string; readonly present: boolean; readonly endpoint: ConfigSuggestions['endpoints'][number] }
  | { readonly kind: 'env'; readonly key: string; readonly label: string; readonly present: boolean; readonly name: string; readonly value: string; readonly required: boolean }
  | { readonly kind: 'volume'; readonly key: string; readonly label: string; readonly present: boolean; readonly volumeName: string; readonly mountPath: string };

const GROUPS: readonly { readonly kind: Suggestion['kind']; readonly title: string }[] = [
  { kind: 'endpoint', title: 'Endpoints' },
  { kind: 'env', title: 'Environment variables' },
  { kind: 'volume', title: 'Volumes' },
];

type Row = Readonly<Record<string, unknown>>;
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]).filter((r) => typeof r === 'object' && r !== null) : []);
/** A row the editor keeps for typing into that holds nothing yet. */
const isBlank = (r: Row) => Object.values(r).every((v) => v === '' || v === undefined || v === null);

function portsOf(e: ConfigSuggestions['endpoints'][number]): string {
  const kind = (e as { cdn?: unknown }).cdn ? 'cdn' : 'anycast';
  const mappings = rowsOf(((e as Record<string, unknown>)[kind] as { portMappings?: unknown } | undefined)?.portMappings);
  const ports = mappings.map((m) => m.containerPort).filter((p) => typeof p === 'number');
  return `${kind === 'cdn' ? 'CDN' : 'anycast'}${ports.length ? `, port ${ports.join(', ')}` : ''}`;
}

/** A volume name the form does not use yet, from the suggested one (or the mount path's last part). */
function freeVolumeName(suggested: string, path: string, taken: ReadonlySet<string>): string {
  const base = (suggested || path.split('/').filter(Boolean).pop() || 'data').toLowerCase().replace(/[^a-z0-9-]+/g, '-').slice(0, 40) || 'data';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function FillFromImage({ index }: Props) {
  const { getValues, setValue } = useFormContext<AppForm>();
  const hints = useImageHints();
  const fetchCall = useFetchCall();
  const [state, setState] = useState<
    | { readonly kind: 'idle' }
    | { readonly kind: 'asking' }
    | { readonly kind: 'note'; readonly text: string; readonly failed: boolean }
    | { readonly kind: 'choosing'; readonly image: string; readonly suggestions: readonly Suggestion[]; readonly instructions: string | null; readonly unreadable: number }
  >({ kind: 'idle' });
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const noteId = useId();

  const get = (rest: string): unknown => getValues(at(index, rest));

  async function ask() {
    const [registryId, imageNamespace, imageName, tag] = ['imageRegistryId', 'imageNamespace', 'imageName', 'imageTag'].map((r) => {
      const v = get(r);
      return typeof v === 'string' ? v.trim() : '';
    }) as [string, string, string, string];
    if (!registryId || !imageName || !tag) {
      setState({ kind: 'note', text: 'Choose the image first: a registry, an image name and a tag.', failed: true });
      return;
    }
    setState({ kind: 'asking' });
    let s: ConfigSuggestions;
    try {
      s = await fetchCall('apps.configSuggestions', { registryId, imageNamespace: imageNamespace || 'library', imageName, tag });
    } catch (e) {
      const error = errorOf(e);
      setState({ kind: 'note', text: `The image's suggestions could not be read: ${error.title}${error.detail ? ` (${error.detail})` : ''}`, failed: true });
      return;
    }
    const image = `${imageNamespace && imageNamespace !== 'library' ? `${imageNamespace}/` : ''}${imageName}:${tag}`;
    // Variables the image needs stay marked even if the user adds them by hand later.
    const required = s.env.filter((v) => v.required).map((v) => v.name);
    if (required.length) hints.markRequired(index, required);
    const envNames = new Set(rowsOf(get('environmentVariables')).map((r) => r.name));
    const endpointNames = new Set(rowsOf(get('endpoints')).map((r) => r.displayName));
    const mountPaths = new Set(rowsOf(get('volumeMounts')).map((r) => r.mountPath));
    const taken = new Set(rowsOf(getValues('volumes')).map((r) => String(r.name ?? '')));
    const suggestions: Suggestion[] = [
      ...s.endpoints.map(
        (e, i): Suggestion => ({ kind: 'endpoint', key: `endpoint-${i}`, label: `${e.displayName} (${portsOf(e)})`, present: endpointNames.has(e.displayName), endpoint: e }),
      ),
      ...s.env.map((v, i): Suggestion => {
        const value = v.defaultValue ?? '';
        const parts = [v.required ? 'required by the image' : null, value !== '' ? `default ${value}` : 'no default', v.description ?? null].filter(Boolean);
        return { kind: 'env', key: `env-${i}`, label: `${v.name} (${parts.join('; ')})`, present: envNames.has(v.name), name: v.name, value, required: v.required };
      }),
      ...s.volumes.map((v, i): Suggestion => {
        const volumeName = freeVolumeName(v.suggestedVolumeName, v.containerPath, taken);
        taken.add(volumeName);
        return { kind: 'volume', key: `volume-${i}`, label: `${volumeName}, mounted at ${v.containerPath}`, present: mountPaths.has(v.containerPath), volumeName, mountPath: v.containerPath };
      }),
    ];
    if (suggestions.length === 0) {
      setState({ kind: 'note', text: `${image} suggests nothing to fill: no ports, variables or volumes.`, failed: false });
      return;
    }
    setChecked(new Set(suggestions.filter((x) => !x.present).map((x) => x.key)));
    setState({ kind: 'choosing', image, suggestions, instructions: s.instructions, unreadable: s.unreadable?.count ?? 0 });
  }

  function apply(image: string, suggestions: readonly Suggestion[]) {
    const chosen = suggestions.filter((x) => checked.has(x.key) && !x.present);
    const how = { shouldDirty: true } as const;
    const env = chosen.filter((x) => x.kind === 'env');
    const endpoints = chosen.filter((x) => x.kind === 'endpoint');
    const volumes = chosen.filter((x) => x.kind === 'volume');
    if (env.length) setValue(at(index, 'environmentVariables'), [...rowsOf(get('environmentVariables')).filter((r) => !isBlank(r)), ...env.map((x) => ({ name: x.name, value: x.value }))] as never, how);
    if (endpoints.length) setValue(at(index, 'endpoints'), [...rowsOf(get('endpoints')), ...endpoints.map((x) => structuredClone(x.endpoint))] as never, how);
    if (volumes.length) {
      setValue('volumes', [...rowsOf(getValues('volumes')).filter((r) => !isBlank(r)), ...volumes.map((x) => ({ name: x.volumeName, size: 1 }))] as never, how);
      setValue(at(index, 'volumeMounts'), [...rowsOf(get('volumeMounts')).filter((r) => !isBlank(r)), ...volumes.map((x) => ({ name: x.volumeName, mountPath: x.mountPath }))] as never, how);
    }
    const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
    const what = [
      endpoints.length ? count(endpoints.length, 'endpoint') : null,
      env.length ? count(env.length, 'variable') : null,
      volumes.length ? `${count(volumes.length, 'volume')} (1 GB each; change the size under Volumes)` : null,
    ].filter(Boolean);
    setState({ kind: 'note', text: what.length ? `Filled from ${image}: ${what.join(', ')}.` : `Nothing was added from ${image}.`, failed: false });
  }

  const toggle = (key: string) =>
    setChecked((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className="fill-from-image">
      <button type="button" onClick={() => void ask()} disabled={state.kind === 'asking'} aria-describedby={state.kind === 'note' ? noteId : undefined}>
        {state.kind === 'asking' ? 'Asking the image…' : 'Fill from image…'}
      </button>
      {state.kind === 'note' && (
        <p id={noteId} className={state.failed ? 'field-error' : 'field-hint'} role={state.failed ? 'alert' : 'status'} data-testid="fill-from-image-note">
          {state.text}
        </p>
      )}
      <Dialog.Root open={state.kind === 'choosing'} onOpenChange={(o) => !o && setState({ kind: 'idle' })}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          {state.kind === 'choosing' && (
            <Dialog.Content className="dialog dialog-wide fill-dialog" data-testid="fill-from-image-dialog">
              <Dialog.Title>Fill from {state.image}</Dialog.Title>
              <Dialog.Description>What the image suggests for this container. Only the checked suggestions are added; what the form already has stays as it is.</Dialog.Description>
              {state.instructions && <p className="field-hint">{state.instructions}</p>}
              {GROUPS.map((g) => {
                const items = state.suggestions.filter((x) => x.kind === g.kind);
                if (items.length === 0) return null;
                return (
                  <fieldset key={g.kind} className="fill-group">
                    <legend>{g.title}</legend>
                    {items.map((x) => (
                      <label key={x.key} className="check">
                        <input type="checkbox" checked={!x.present && checked.has(x.key)} disabled={x.present} onChange={() => toggle(x.key)} />
                        <span className="mono">{x.label}</span>
                        {x.present && <span className="muted small"> — already in the form</span>}
                      </label>
                    ))}
                  </fieldset>
                );
              })}
              {state.unreadable > 0 && <p className="muted small">{state.unreadable === 1 ? '1 suggestion' : `${state.unreadable} suggestions`} could not be read and are not shown.</p>}
              <div className="row dialog-actions">
                <Dialog.Close asChild>
                  <button type="button">Cancel</button>
                </Dialog.Close>
                <button type="button" className="primary" onClick={() => apply(state.image, state.suggestions)}>
                  Add the checked ones
                </button>
              </div>
            </Dialog.Content>
          )}
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
