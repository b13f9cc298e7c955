/**
 * One container of an application, as the detail pane shows it: image, entry point, environment names, probes,
 * endpoints with their public address (the CDN host name or the anycast IP, to copy) and mounts. Actions on the
 * container (its environment variables) sit in the card's header.
 */
import type { ReactNode } from 'react';
import { portText, type ContainerView } from './app-detail-view';
import { CopyButton } from './CopyButton';

function EndpointList({ container }: { readonly container: ContainerView }) {
  if (container.endpoints.length === 0) return <dd>None: the container is not reachable from outside</dd>;
  return (
    <dd>
      <ul className="plain apps-endpoints">
        {container.endpoints.map((e, i) => (
          <li key={`${e.name}-${i}`}>
            <strong>{e.name}</strong> <span className="badge">{e.type === 'cdn' ? 'CDN' : e.type === 'anycast' ? 'Anycast' : e.type}</span>
            {e.ssl !== null && <span className="muted small"> {e.ssl ? 'SSL' : 'no SSL'}</span>}
            {e.ports.length > 0 && <span className="tabular"> · port{e.ports.length === 1 ? '' : 's'} {e.ports.map(portText).join(', ')}</span>}
            {e.address && (
              <div className="row apps-address">
                <span className="mono small apps-wrap" data-testid="endpoint-address">
                  {e.address}
                </span>
                <CopyButton text={e.address} label={`Copy the address of ${e.name}: ${e.address}`} what="Address" />
              </div>
            )}
          </li>
        ))}
      </ul>
    </dd>
  );
}

export function ContainerCard({ container: c, actions }: { readonly container: ContainerView; readonly actions?: ReactNode }) {
  return (
    <article className="card apps-container" aria-label={`Container ${c.name}`} data-testid="app-container">
      <div className="row spread apps-container-head">
        <h4 className="apps-container-name">{c.name}</h4>
        {actions && <div className="row">{actions}</div>}
      </div>
      <dl className="facts">
        <dt>Image</dt>
        <dd className="mono apps-wrap">{c.image}</dd>
        {c.pullPolicy && (
          <>
            <dt>Pull</dt>
            <dd>{c.pullPolicy === 'always' ? 'Always' : c.pullPolicy === 'ifNotPresent' ? 'If not present' : c.pullPolicy}</dd>
          </>
        )}
        {c.command && (
          <>
            <dt>Runs</dt>
            <dd className="mono apps-wrap">{c.command}</dd>
          </>
        )}
        <dt>Endpoints</dt>
        <EndpointList container={c} />
        {c.probes.length > 0 && (
          <>
            <dt>Probes</dt>
            <dd>{c.probes.join(', ')}</dd>
          </>
        )}
        {c.environment.length > 0 && (
          <>
            <dt>Environment</dt>
            <dd className="mono apps-wrap">{c.environment.join(', ')}</dd>
          </>
        )}
        {c.mounts.length > 0 && (
          <>
            <dt>Mounts</dt>
            <dd>{c.mounts.map((m) => `${m.volume} at ${m.path}`).join(', ')}</dd>
          </>
        )}
      </dl>
    </article>
  );
}
