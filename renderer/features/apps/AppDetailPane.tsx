/**
 * One application in full (`apps.get`), read for a person: its status in words, what runs now (`apps.overview`:
 * instances per region, use, cost), its scaling and regions by name, each container with its image, entry point,
 * probes, endpoints (with their public address to copy) and mounts, and its volumes; the platform's JSON stays one
 * click away. The header's toolbar runs it (Deploy, Restart, Undeploy, each asked first) and changes it (Scale,
 * Regions); the page follows a change until it settles. Offers "Copy id" and Delete. Escape closes the pane.
 */
import { Eye, EyeOff, Pencil, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { envPairsOf } from '../../../shared/apps/app-diff';
import { secretPairValueKey } from '../../../shared/apps/env-text';
import { isRecord } from '../../../shared/apps/json';
import { appStatusKey } from '../../../shared/apps/platform-answers';
import { maskSecretMembers } from '../../../shared/common/json-text';
import { MASK } from '../../../shared/common/redact';
import type { AppDetail } from '../../../shared/contract/apps';
import { errorOf } from '../../bridge/client';
import { useCall } from '../../bridge/queries';
import { ActiveProfileError, ErrorMessage } from '../../ui/ErrorMessage';
import { appView, costText, instancesText, isMoving, overviewView, percentText, regionName, statusText, statusWords, type AppAction, type AppView, type ContainerView, type OverviewView } from './app-detail-view';
import { followInterval, useAppFollow, useFollowedAction } from './app-follow';
import { ContainerCard, Fact } from './ContainerCard';
import { CopyButton } from './CopyButton';
import { DeleteAppDialog } from './DeleteAppDialog';
import { EnvVariablesDialog } from './EnvVariablesDialog';
import { DeliveryHealth } from './health/DeliveryHealth';
import { actionError, isGone } from './run/action-errors';
import { RegionsDialog } from './run/RegionsDialog';
import { RunButton } from './run/RunButton';
import { ScaleDialog } from './run/ScaleDialog';

interface Props {
  readonly id: string;
  readonly onClose: () => void;
  readonly onDeleted: () => void;
  /** A delete or another change has answered, or the app's status moved: the list is fetched again. */
  readonly onChanged: () => void;
  /** More actions for the header's toolbar (Edit…), after Deploy/Undeploy/Restart, Scale and Regions. */
  readonly headerActions?: ReactNode;
  /** Opens the app form on this app as `apps.get` answered it (the toolbar's Edit). */
  readonly onEdit?: (app: AppDetail) => void;
  /** Actions on one container, shown on its card (e.g. its environment variables). */
  readonly containerActions?: (container: ContainerView, index: number) => ReactNode;
}

/** Statuses whose next step is not Deploy (an inactive app offers it in its notice instead). */
const SETTLED_OR_MOVING: ReadonlySet<string> = new Set(['inactive', 'active', 'failing', 'progressing']);

function regionList(ids: readonly string[], required: readonly string[], names: ReadonlyMap<string, string>): string {
  return ids.map((r) => `${regionName(r, names)}${required.includes(r) ? ' (required)' : ''}`).join(', ');
}

function Facts({ view, names }: { readonly view: AppView; readonly names: ReadonlyMap<string, string> }) {
  const regions = view.regions;
  // Required regions always run, so one the allowed list leaves out is still shown.
  const shownRegions = regions ? [...regions.allowed, ...regions.required.filter((r) => !regions.allowed.includes(r))] : [];
  return (
    <dl className="facts">
      {view.runtime && <Fact term="Runtime">{statusText(view.runtime)}</Fact>}
      {view.scaling && (
        <Fact term="Scaling" data-testid="app-scaling">
          {view.scaling.min === view.scaling.max ? view.scaling.min : `${view.scaling.min} to ${view.scaling.max}`} instance{view.scaling.max === 1 ? '' : 's'} per region
        </Fact>
      )}
      {regions && (
        <Fact term="Regions" data-testid="app-regions">
          {shownRegions.length === 0 ? 'Any: the platform decides' : regionList(shownRegions, regions.required, names)}
          {regions.maxAllowed !== null && <span className="muted"> · at most {regions.maxAllowed} at once</span>}
          {regions.provisioning && <span className="muted"> · {regions.provisioning} provisioning</span>}
        </Fact>
      )}
      {view.address && (
        <Fact term="Address" className="row apps-address">
          <span className="mono apps-wrap" data-testid="app-address">
            {view.address}
          </span>
          <CopyButton text={view.address} label={`Copy the address ${view.address}`} what="Address" />
        </Fact>
      )}
      {view.volumes.length > 0 && <Fact term="Volumes" data-testid="app-volumes">{view.volumes.map((v) => (v.sizeGb !== null ? `${v.name} (${v.sizeGb} GB)` : v.name)).join(', ')}</Fact>}
    </dl>
  );
}

/** What runs now, as the overview reports it: instances wanted and running, per region with its name, use and cost. */
function Running({ overview, names, action }: { readonly overview: OverviewView; readonly names: ReadonlyMap<string, string>; readonly action: AppAction | null }) {
  const o = overview;
  const regionsId = useId();
  const instances =
    o.activeInstances !== null && o.desiredInstances !== null
      ? `${o.activeInstances} of ${instancesText(o.desiredInstances)} running`
      : o.activeInstances !== null
        ? `${instancesText(o.activeInstances)} running`
        : o.desiredInstances !== null
          ? `${instancesText(o.desiredInstances)} wanted`
          : null;
  return (
    <>
      <dl className="facts" data-testid="app-overview">
        {instances !== null && (
          <Fact term="Instances" data-testid="app-instances">
            {instances}
            {o.activeRegions !== null && o.activeRegions > 0 && <span className="muted"> in {o.activeRegions === 1 ? '1 region' : `${o.activeRegions} regions`}</span>}
          </Fact>
        )}
        {(o.cpu !== null || o.ram !== null) && (
          <Fact term="Average use">
            {[o.cpu !== null ? `CPU ${percentText(o.cpu)}` : null, o.ram !== null ? `RAM ${percentText(o.ram)}` : null].filter(Boolean).join(' · ')}
          </Fact>
        )}
        {o.monthlyCost !== null && <Fact term="Cost" data-testid="app-cost">About {costText(o.monthlyCost)} at this size</Fact>}
      </dl>
      {o.regions.length > 0 && (
        <table className="apps-regions-table" aria-labelledby={regionsId} data-testid="app-overview-regions">
          <caption id={regionsId} className="visually-hidden">
            Instances per region
          </caption>
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Instances</th>
              <th scope="col">Status</th>
              <th scope="col">CPU</th>
              <th scope="col">RAM</th>
            </tr>
          </thead>
          <tbody>
            {o.regions.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  {regionName(r.id, names)}
                  {r.required && <span className="muted small"> required</span>}
                </th>
                <td className="tabular">{r.instances ?? '—'}</td>
                {/* The page's words: a region whose instances run says "Running", as the status beside the name does. */}
                <td>{r.status ? statusWords(r.status, action, r.instances).text : '—'}</td>
                <td className="tabular">{r.cpu !== null ? percentText(r.cpu) : '—'}</td>
                <td className="tabular">{r.ram !== null ? percentText(r.ram) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export function AppDetailPane({ id, onClose, onDeleted, onChanged, headerActions, containerActions, onEdit }: Props) {
  // A changing app is read again every two seconds until it settles; a settled one is not read again (app-follow.ts).
  // Opening an app always reads it afresh (what was kept from an earlier look shows meanwhile): its state moves.
  const q = useCall('apps.get', { id }, { staleTime: 0, refetchInterval: (query) => followInterval(id, query.state.data?.status) });
  const action = useFollowedAction(id);
  const status = q.data?.status ?? null;
  const ov = useCall('apps.overview', { id }, { enabled: q.isSuccess, staleTime: 0, refetchInterval: () => followInterval(id, status) });
  const regions = useCall('apps.regions', {});
  const names = useMemo(() => new Map((regions.data?.regions ?? []).map((r) => [r.id, r.name])), [regions.data]);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const view = q.data ? appView(q.data) : null;
  const overview = ov.data ? overviewView(ov.data) : null;
  const loaded = view !== null;
  const observed = useAppFollow((s) => s.observed);
  const lastStatus = useRef<string | null>(null);

  // Opening an app moves focus to its heading (again once its name is in), so a screen reader reads what opened.
  useEffect(() => heading.current?.focus(), [id, loaded]);

  // Each reading of the app: following ends once a change has settled, and a status that moved is shown in the list too.
  useEffect(() => {
    if (!q.data) return;
    const now = q.data.status ?? null;
    const ended = observed(id, now);
    const moved = lastStatus.current !== null && lastStatus.current !== now;
    lastStatus.current = now;
    if (ended || moved) {
      onChanged();
      // What runs is read once more at the moment the status settles: the last overview was read while it moved.
      if (ov.isFetched) void ov.refetch();
    }
    // Only a new reading counts, not a new callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.data, q.dataUpdatedAt]);

  // The not-deployed notice goes once a deploy is under way; focus on its button would go with it, so the heading takes it.
  const key = appStatusKey(status);
  // A deploy asked from here that the platform has not yet shown moving is under way too: no second Deploy offered.
  const notDeployed = key === 'inactive' && !isMoving(status) && action !== 'deploy';
  const hadNotice = useRef(false);
  useEffect(() => {
    const lost = hadNotice.current && !notDeployed && (document.activeElement === null || document.activeElement === document.body);
    hadNotice.current = notDeployed;
    if (lost) heading.current?.focus();
  }, [notDeployed]);

  const gone = (q.isError && isGone(q.error)) || false;
  const leave = () => {
    onChanged();
    onDeleted();
  };
  const running = overview?.activeInstances ?? (view?.instances !== null && view?.instances !== undefined ? view.instances : null);
  const words = statusWords(status, action, running);

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    onClose();
  }

  return (
    <section className="apps-detail" aria-labelledby={titleId} onKeyDown={onKeyDown} data-testid="app-detail">
      <header className="apps-detail-head">
        <div className="row spread">
          <div className="row apps-title">
            <h2 id={titleId} ref={heading} tabIndex={-1}>
              {view?.name ?? 'Application'}
            </h2>
            {view && (
              <span className={`badge apps-status apps-status-${words.tone}`} data-testid="app-status" role="status">
                {words.text}
              </span>
            )}
          </div>
          <button type="button" className="icon-button" onClick={onClose} aria-label="Close details">
            <X size={16} aria-hidden />
          </button>
        </div>
        {view && (
          <div className="row apps-toolbar" role="group" aria-label={`Actions on ${view.name}`} data-testid="app-toolbar">
            {!SETTLED_OR_MOVING.has(key) && <RunButton action="deploy" id={id} name={view.name} onGone={leave} />}
            {/* A restart while the app is still changing (deploying, undeploying) would fight the change: offered once it settles. */}
            {key !== 'inactive' && !isMoving(status) && <RunButton action="restart" id={id} name={view.name} onGone={leave} />}
            {key !== 'inactive' && <RunButton action="undeploy" id={id} name={view.name} onGone={leave} />}
            <ScaleDialog id={id} name={view.name} current={view.scaling} />
            <RegionsDialog id={id} name={view.name} current={view.regions} />
            {onEdit && q.data && <EditButton app={q.data} onEdit={onEdit} />}
            {headerActions}
          </div>
        )}
      </header>
      {q.isPending && (
        <p className="muted" role="status">
          Loading the application…
        </p>
      )}
      {gone ? (
        <div className="apps-gone" data-testid="app-gone">
          <ErrorMessage error={actionError(q.error, null, 'read')} />
          <div className="row">
            <button type="button" onClick={leave}>
              Back to the list
            </button>
          </div>
        </div>
      ) : (
        q.isError && <ActiveProfileError error={q.error} />
      )}
      {view && q.data && (
        <>
          {notDeployed && (
            <div className="apps-notice" data-testid="app-not-deployed">
              <p>
                <strong>{view.name}</strong> is not deployed: nothing of it runs. Deploy starts its instances.
              </p>
              <RunButton action="deploy" id={id} name={view.name} onGone={leave} primary />
            </div>
          )}
          {key === 'suspended' && (
            <p className="apps-notice" data-testid="app-suspended">
              The platform has suspended {view.name}: it does not run and cannot be deployed until the account is in order (billing and account status in the bunny.net dashboard).
            </p>
          )}
          <div className="row">
            <code className="apps-id" data-testid="app-id">
              {view.id}
            </code>
            <CopyButton text={view.id} label="Copy id" what="Id" />
          </div>
          {isMoving(status) && (
            <p className="muted small" data-testid="app-following">
              {words.text} This page reads the app again every two seconds until it settles.
            </p>
          )}
          <Facts view={view} names={names} />
          {/* An app that is not deployed has nothing running to report: its notice says so. */}
          {overview && !notDeployed && <Running overview={overview} names={names} action={action} />}
          {ov.isError && (
            <p className="muted small" data-testid="app-overview-error">
              What runs now could not be read: {errorOf(ov.error).title}
            </p>
          )}
          <DeliveryHealth id={id} hasCdn={view.containers.some((c) => c.endpoints.some((e) => e.type.toLowerCase() === 'cdn'))} />
          <h3 className="apps-subhead">
            {view.containers.length} container{view.containers.length === 1 ? '' : 's'}
          </h3>
          {view.containers.map((c, i) => (
            <ContainerCard key={`${c.name}-${i}`} container={c} actions={containerActions ? containerActions(c, i) : <EnvAction appId={view.id} template={templatesOf(q.data)[i]} />} />
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
  return Array.isArray(list) ? list.filter(isRecord) : [];
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
