/**
 * One application in full (`apps.get`), read for a person: its state, scaling and regions, each container with its
 * image, entry point, probes, endpoints and mounts, and its volumes; the platform's JSON stays one click away. Offers
 * "Copy id" and Delete. Escape closes the pane.
 */
import { Copy, Eye, EyeOff, Pencil, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { secretPairValueKey } from '../../../shared/apps/env-text';
import { maskSecretMembers } from '../../../shared/json-text';
import { MASK } from '../../../shared/redact';
import type { AppDetail } from '../../../shared/contract/apps';
import { useCall } from '../../bridge/queries';
import { ActiveProfileError } from '../../ui/ErrorMessage';
import { appView, statusText, type AppView } from './app-detail-view';
import { ContainerCard } from './ContainerCard';
import { DeleteAppDialog } from './DeleteAppDialog';
import { envPairsOf, EnvVariablesDialog } from './EnvVariablesDialog';

interface Props {
  readonly id: string;
  readonly onClose: () => void;
  readonly onDeleted: () => void;
  /** A delete has answered, either way: the list is fetched again. */
  readonly onChanged: () => void;
  /** Opens the app form on this app as `apps.get` answered it (the Edit button). */
  readonly onEdit?: (app: AppDetail) => void;
}

function Facts({ view }: { readonly view: AppView }) {
  const regions = view.regions;
  return (
    <dl className="facts">
      <dt>Status</dt>
      <dd>{statusText(view.status)}</dd>
      {view.runtime && (
        <>
          <dt>Runtime</dt>
          <dd>{statusText(view.runtime)}</dd>
        </>
      )}
      {view.scaling && (
        <>
          <dt>Scaling</dt>
          <dd>
            {view.scaling.min === view.scaling.max ? view.scaling.min : `${view.scaling.min} to ${view.scaling.max}`} instance{view.scaling.max === 1 ? '' : 's'} per region
          </dd>
        </>
      )}
      {regions && (
        <>
          <dt>Regions</dt>
          <dd data-testid="app-regions">
            {regions.allowed.length === 0 ? 'Any' : regions.allowed.map((r) => (regions.required.includes(r) ? `${r} (required)` : r)).join(', ')}
            {regions.maxAllowed !== null && <span className="muted"> · at most {regions.maxAllowed} at once</span>}
            {regions.provisioning && <span className="muted"> · {regions.provisioning} provisioning</span>}
          </dd>
        </>
      )}
      {view.address && (
        <>
          <dt>Address</dt>
          <dd className="mono">{view.address}</dd>
        </>
      )}
      {view.instances !== null && (
        <>
          <dt>Running</dt>
          <dd>
            {view.instances} instance{view.instances === 1 ? '' : 's'}
          </dd>
        </>
      )}
      {view.volumes.length > 0 && (
        <>
          <dt>Volumes</dt>
          <dd>{view.volumes.map((v) => (v.sizeGb !== null ? `${v.name} (${v.sizeGb} GB)` : v.name)).join(', ')}</dd>
        </>
      )}
    </dl>
  );
}

export function AppDetailPane({ id, onClose, onDeleted, onChanged, onEdit }: Props) {
  const q = useCall('apps.get', { id });
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState('');
  const view = q.data ? appView(q.data) : null;
  const loaded = view !== null;

  // Opening an app moves focus to its heading (again once its name is in), so a screen reader reads what opened.
  useEffect(() => heading.current?.focus(), [id, loaded]);

  function copyId() {
    navigator.clipboard.writeText(id).then(
      () => setCopied('Id copied'),
      () => setCopied('Could not copy the id'),
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    onClose();
  }

  return (
    <section className="apps-detail" aria-labelledby={titleId} onKeyDown={onKeyDown} data-testid="app-detail">
      <header className="row spread apps-detail-head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {view?.name ?? 'Application'}
        </h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Close details">
          <X size={16} aria-hidden />
        </button>
      </header>
      {q.isPending && (
        <p className="muted" role="status">
          Loading the application…
        </p>
      )}
      {q.isError && <ActiveProfileError error={q.error} />}
      {view && q.data && (
        <>
          <div className="row">
            <code className="apps-id" data-testid="app-id">
              {view.id}
            </code>
            <button type="button" onClick={copyId}>
              <Copy size={14} aria-hidden /> Copy id
            </button>
            <span role="status" className="small muted">
              {copied}
            </span>
            {onEdit && <EditButton app={q.data} onEdit={onEdit} />}
          </div>
          <Facts view={view} />
          <h3 className="apps-subhead">
            {view.containers.length} container{view.containers.length === 1 ? '' : 's'}
          </h3>
          {view.containers.map((c, i) => (
            <ContainerCard key={`${c.name}-${i}`} container={c} actions={<EnvAction appId={view.id} template={templatesOf(q.data)[i]} />} />
          ))}
          <RawJson data={q.data} />
          <div className="row">
            <DeleteAppDialog id={view.id} name={view.name} onDeleted={onDeleted} onSettled={onChanged} />
          </div>
        </>
      )}
    </section>
  );
}

/** The app's container templates in the order the page shows them (objects only, as appView reads them). */
function templatesOf(app: AppDetail): Record<string, unknown>[] {
  const list: unknown = app.containerTemplates;
  return Array.isArray(list) ? list.filter((t): t is Record<string, unknown> => typeof t === 'object' && t !== null && !Array.isArray(t)) : [];
}

/** The container's "Edit variables", when the platform gave the container an id to address it by. */
function EnvAction({ appId, template }: { readonly appId: string; readonly template: Record<string, unknown> | undefined }) {
  if (!template || typeof template.id !== 'string' || template.id === '') return null;
  const name = typeof template.name === 'string' && template.name ? template.name : template.id;
  return <EnvVariablesDialog appId={appId} containerId={template.id} containerName={name} variables={envPairsOf(template.environmentVariables)} />;
}

/** "Edit": the create form, filled from this app; its review lists what will change before anything is sent. */
function EditButton({ app, onEdit }: { readonly app: AppDetail; readonly onEdit: (app: AppDetail) => void }) {
  return (
    <button type="button" data-apps-focus="edit" onClick={() => onEdit(app)}>
      <Pencil size={14} aria-hidden /> Edit
    </button>
  );
}

/**
 * The platform's JSON, with the values of secret environment pairs (by name or by value, the Review's rule) masked
 * until the user reveals them. Only this display is masked: what `apps.get` answered stays whole for the flows that
 * reuse it (duplicating an app sends the real values).
 */
function RawJson({ data }: { readonly data: unknown }) {
  const text = useMemo(() => JSON.stringify(data, null, 2), [data]);
  const masked = useMemo(() => maskSecretMembers(text, () => false, MASK, secretPairValueKey), [text]);
  const [revealed, setRevealed] = useState(false);
  const hidden = masked.masked > 0 && !revealed;
  return (
    <details className="apps-raw">
      <summary>The platform&apos;s JSON</summary>
      {masked.masked > 0 && (
        <div className="row">
          <span className="small muted">{hidden ? 'Secret values are masked here.' : 'Secret values are shown.'}</span>
          <button type="button" aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
            {revealed ? <EyeOff aria-hidden="true" size={14} /> : <Eye aria-hidden="true" size={14} />}{' '}
            {revealed ? 'Hide secret values' : `Show secret values (${masked.masked})`}
          </button>
        </div>
      )}
      <pre className="body-text" tabIndex={0} aria-label="The application as JSON" data-testid="app-raw-json" data-masked={hidden ? 'true' : undefined}>
        {hidden ? masked.text : text}
      </pre>
    </details>
  );
}
