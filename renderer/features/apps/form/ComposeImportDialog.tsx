/**
 * The report of an imported compose file, before the form takes it: each service and the container it becomes, each
 * published port with the choice of CDN or anycast (CDN for 80 and 443 to start with), and what could not be mapped,
 * service and key in words (the form shows that list again). "Open in form" hands over the body with the ports as
 * chosen; nothing is created here.
 */
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { canUseCdn, setEndpointKind, withEndpoints, type ComposeEndpoint, type EndpointKind } from '../../../../shared/apps/compose-endpoints';
import type { ComposeImportResult } from '../../../../shared/contract/apps';
import type { AppFormValues } from './form-schema';

interface Props {
  /** The imported file (mount the dialog anew for each import: the port choices start from its defaults). */
  readonly result: ComposeImportResult;
  readonly onClose: () => void;
  /** The body with every port's kind as chosen. */
  readonly onOpen: (values: AppFormValues, fileName: string) => void;
}

type Container = NonNullable<AppFormValues['containerTemplates']>[number];

/** A container's image as one line (the registry is left to the form, which names it). */
function imageLine(c: Container): string {
  if (!c.imageName) return 'no image yet: fill it in the form';
  const path = c.imageNamespace ? `${c.imageNamespace}/${c.imageName}` : c.imageName;
  return `${path}:${c.imageTag || 'latest'}`;
}

/** What else the container took from its service, in a few words (empty when only the image). */
function extrasLine(c: Container): string {
  const parts: string[] = [];
  const env = c.environmentVariables?.length ?? 0;
  if (env > 0) parts.push(env === 1 ? '1 variable' : `${env} variables`);
  const mounts = c.volumeMounts?.length ?? 0;
  if (mounts > 0) parts.push(mounts === 1 ? '1 volume' : `${mounts} volumes`);
  if (c.entryPoint) parts.push('command');
  if (c.probes) parts.push('health probe');
  return parts.join(' · ');
}

function portLine(e: ComposeEndpoint): string {
  const proto = e.protocol === 'tcp' ? '' : `/${e.protocol}`;
  return e.exposedPort === e.containerPort ? `port ${e.containerPort}${proto}` : `port ${e.exposedPort} → ${e.containerPort}${proto}`;
}

/** What the file's import could not map, service and key in words. */
export function UnmappedList({ items }: { readonly items: ComposeImportResult['unmapped'] }) {
  return (
    <ul className="compose-unmapped">
      {items.map((u, i) => (
        <li key={i}>
          <strong>{u.service === null ? u.key : `${u.service} · ${u.key}`}</strong> {u.message}
        </li>
      ))}
    </ul>
  );
}

export function ComposeImportDialog({ result, onClose, onOpen }: Props) {
  const [endpoints, setEndpoints] = useState<readonly ComposeEndpoint[]>(result.endpoints);
  const body = result.body as AppFormValues;
  const containers = body.containerTemplates ?? [];
  const choose = (displayName: string, kind: EndpointKind) => setEndpoints((list) => setEndpointKind(list, displayName, kind));

  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide compose-import" data-testid="compose-import">
          <Dialog.Title>Import {result.fileName}</Dialog.Title>
          <Dialog.Description>
            {containers.length === 1 ? 'Its service becomes a container' : `Its ${containers.length} services become containers`} of one app named “{body.name}”. Nothing is
            created until you review it in the form.
          </Dialog.Description>
          {/* Scrolls when long: focusable so the keyboard can scroll it even when it holds no port to choose. */}
          <div className="compose-import-body" tabIndex={0} role="group" aria-label="What the file maps to">
            <section aria-labelledby="compose-containers">
              <h3 id="compose-containers">Containers</h3>
              <ul>
                {containers.map((c, i) => (
                  <li key={i}>
                    <strong>{c.name}</strong> <span className="muted">{imageLine(c)}</span>
                    {extrasLine(c) && <span className="muted small"> ({extrasLine(c)})</span>}
                  </li>
                ))}
              </ul>
            </section>
            {endpoints.length > 0 && (
              <section aria-labelledby="compose-ports">
                <h3 id="compose-ports">Public ports</h3>
                <p className="muted small">CDN serves HTTP(S) on a CDN host name; anycast gives the port a public IP address as it is.</p>
                {endpoints.map((e) => (
                  <fieldset key={e.displayName} className="compose-port">
                    <legend>
                      {e.service}: {portLine(e)}
                    </legend>
                    {(['cdn', 'anycast'] as const).map((kind) => {
                      const disabled = kind === 'cdn' && !canUseCdn(e);
                      return (
                        <label key={kind} className={disabled ? 'muted' : undefined}>
                          <input type="radio" name={`kind-${e.displayName}`} value={kind} checked={e.kind === kind} disabled={disabled} onChange={() => choose(e.displayName, kind)} />
                          {kind === 'cdn' ? 'CDN' : 'Anycast'}
                        </label>
                      );
                    })}
                    {!canUseCdn(e) && <span className="muted small">The CDN carries TCP only.</span>}
                  </fieldset>
                ))}
              </section>
            )}
            <section aria-labelledby="compose-unmapped">
              <h3 id="compose-unmapped">Not mapped</h3>
              {result.unmapped.length === 0 ? <p className="muted">Everything in the file was mapped.</p> : <UnmappedList items={result.unmapped} />}
            </section>
          </div>
          <div className="row dialog-actions">
            <Dialog.Close asChild>
              <button type="button">Cancel</button>
            </Dialog.Close>
            <button type="button" className="primary" onClick={() => onOpen(withEndpoints(body, endpoints), result.fileName)}>
              Open in form
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
